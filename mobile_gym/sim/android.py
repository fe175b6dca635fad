"""SimAndroid: one simulated Pixel 6 (API 33) composed of the system services and the view toolkit.

Public methods mirror the Device protocol (DESIGN.md section 3); `device/sim_device.py`
adapts them. All mutable state lives in one `_DeviceState` object graph, which `snapshot()`
pickles once (closures included, skia objects shared) together with the storage bytes;
`restore()` unpickles a new graph from it. No wall clock, no global RNG: everything random derives from `seed`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np

from mobile_gym.device.base import InvalidInputError, TextBox
from mobile_gym.sim.system.activity import Intent, IntentFilter
from mobile_gym.sim.system.activity_manager import ActivityManager
from mobile_gym.sim.system.clipboard import Clipboard
from mobile_gym.sim.system.clock import DEFAULT_START, Clock
from mobile_gym.sim.system.ime import InputMethod
from mobile_gym.sim.system.kept_connections import KeptConnections
from mobile_gym.sim.system.logcat import LogBuffer, LogEntry
from mobile_gym.sim.system.navigation_bar import NavigationBar
from mobile_gym.sim.system.packages import App, PackageInfo, PackageManager
from mobile_gym.sim.system.providers import ContentResolver, ProviderConnections
from mobile_gym.sim.system.random_words import RandomWords
from mobile_gym.sim.system.recents import Recents
from mobile_gym.sim.system.screen import ScreenLayout
from mobile_gym.sim.system.settings_provider import SettingsProvider
from mobile_gym.sim.system.shell import Shell
from mobile_gym.sim.system.statecopy import FrozenState, StateCopier, ThawedObjects
from mobile_gym.sim.system.status_bar import StatusBar
from mobile_gym.sim.system.storage import DEFAULT_QUOTA_BYTES, DirEntry, Storage, StorageImage
from mobile_gym.sim.system.toast import Toasts
from mobile_gym.sim.ui.geometry import Rect
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.window import Window
from mobile_gym.sim.ui.window_manager import WindowManager

BUILD_PROPS: dict[str, str] = {
    "ro.build.version.sdk": "33",
    "ro.build.version.release": "13",
    "ro.build.version.security_patch": "2023-02-05",
    "ro.build.id": "TE1A.220922.034",
    "ro.build.type": "userdebug",
    "ro.build.tags": "dev-keys",
    "ro.build.fingerprint": "google/sdk_gphone64_x86_64/emu64xa:13/TE1A.220922.034/10940250:userdebug/dev-keys",
    "ro.product.model": "Pixel 6",
    "ro.product.brand": "google",
    "ro.product.manufacturer": "Google",
    "ro.product.name": "sdk_gphone64_x86_64",
    "ro.product.device": "emu64xa",
    "ro.product.cpu.abi": "x86_64",
    "ro.hardware": "ranchu",
    "ro.kernel.qemu": "1",
    "ro.boot.qemu": "1",
    "ro.sf.lcd_density": "420",
    "ro.serialno": "EMULATOR33X1X1X0",
    "persist.sys.timezone": "UTC",
    "persist.sys.locale": "en-US",
    "sys.boot_completed": "1",
    "dev.bootcomplete": "1",
    "init.svc.adbd": "running",
    "service.adb.root": "0",
}


@dataclass
class _DeviceState:
    """Everything that changes while the phone runs (copied as a whole by snapshot/restore)."""

    clock: Clock
    logs: LogBuffer
    settings: SettingsProvider
    screen: ScreenLayout
    wm: WindowManager
    toasts: Toasts
    am: ActivityManager
    status_bar: StatusBar
    nav_bar: NavigationBar
    ime: InputMethod
    recents: Recents
    props: dict[str, str]
    clipboard: Clipboard
    content: ContentResolver
    touch_down: tuple[int, int] | None = None


@dataclass(frozen=True)
class SimSnapshot:
    """A captured device state; only the device that took it can restore it."""

    owner: object
    owner_name: str
    state: FrozenState  # the _DeviceState, pickled (see statecopy)
    storage: StorageImage
    time: float


class SimAndroid:
    """A simulated phone: boots to the launcher; see the Device protocol for the method meanings."""

    def __init__(self, apps: Sequence[type[App]] | None = None, *, seed: int = 0,
                 start: datetime | float = DEFAULT_START, width: int = 1080, height: int = 2400,
                 density: int = 420, storage_dir: str | None = None, name: str = "emulator-5554",
                 storage_quota_bytes: int = DEFAULT_QUOTA_BYTES) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        if apps is None:
            from mobile_gym.sim.apps import default_apps
            apps = default_apps()
        from mobile_gym.sim.apps.launcher import PACKAGE as HOME
        from mobile_gym.sim.apps.launcher import LauncherApp
        app_list = list(apps)
        if not any(getattr(a, "package", None) == HOME for a in app_list):
            app_list.insert(0, LauncherApp)  # a phone always has its home app
        from mobile_gym.sim.apps.systemui import PACKAGE as SYSTEMUI
        from mobile_gym.sim.apps.systemui import SystemUIApp
        if not any(getattr(a, "package", None) == SYSTEMUI for a in app_list):
            app_list.append(SystemUIApp)  # SystemUI's activities (after the apps: their uids stay)
        self.name = name
        self.seed = seed
        self._token = object()
        self._closed = False
        clock = Clock(start)
        self.packages = PackageManager(app_list)
        self.storage = Storage(clock, storage_dir, quota_bytes=storage_quota_bytes)
        props = dict(BUILD_PROPS)
        props["ro.sf.lcd_density"] = str(density)
        logs = LogBuffer(clock)
        settings = SettingsProvider()
        screen = ScreenLayout(width, height, density)
        wm = WindowManager(width, height, density)
        toasts = Toasts(wm, clock, screen)
        # the activity manager's numbers, read by position: shared by the device's states
        self._am_words = RandomWords(ActivityManager.random_seed(seed))
        am = ActivityManager(packages=self.packages, storage=self.storage, clock=clock, settings=settings,
                             logs=logs, wm=wm, screen=screen, toasts=toasts, home_package=HOME, seed=seed,
                             words=self._am_words)
        status_bar = StatusBar(screen, clock, settings)
        nav_bar = NavigationBar(screen, self._nav_press)
        ime = InputMethod(wm, screen, am)
        recents = Recents(am, screen, HOME)
        am.recents = recents
        am.on_windows_changed = self._windows_changed
        wm.add(status_bar.window)
        wm.add(nav_bar.window)
        wm.on_editor_focus = ime.on_editor_focus
        wm.on_hide_soft_input = ime.hide
        clipboard = Clipboard()
        wm.clipboard = clipboard
        # the providers' and the sqlite3 command's open connections: shared by the device's
        # states, not snapshotted
        self._provider_connections = ProviderConnections()
        self.sqlite_connections = KeptConnections()
        content = ContentResolver(self.storage, clock, self._provider_connections)
        am.content = content
        am.clipboard = clipboard
        self._state = _DeviceState(clock, logs, settings, screen, wm, toasts, am, status_bar, nav_bar, ime, recents,
                                   props, clipboard, content)
        self._copier = StateCopier(shared=(self, self.storage, self.packages, self._provider_connections,
                                           self.sqlite_connections, self._am_words),
                                   atomic_types=(Rect, LogEntry, PackageInfo, IntentFilter, TextBox, DirEntry),
                                   plain_types=(Window, View),
                                   shared_attrs=View.RENDER_CACHE_ATTRS)
        # the objects the last restore's thaw made (emptied when the next restore replaces them)
        self._thawed: ThawedObjects | None = None
        self.shell_interpreter = Shell(self)
        logs.write("I", "ActivityManager", "System now ready", 1433, 1470, buffer="system")
        am.home()

    # -- components (read through the state so restore swaps them all at once) -----------------
    @property
    def clock(self) -> Clock:
        return self._state.clock

    @property
    def logs(self) -> LogBuffer:
        return self._state.logs

    @property
    def settings(self) -> SettingsProvider:
        return self._state.settings

    @property
    def props(self) -> dict[str, str]:
        """System properties (`getprop`/`setprop`)."""
        return self._state.props

    @property
    def wm(self) -> WindowManager:
        return self._state.wm

    @property
    def am(self) -> ActivityManager:
        return self._state.am

    @property
    def ime(self) -> InputMethod:
        return self._state.ime

    @property
    def toasts(self) -> Toasts:
        return self._state.toasts

    @property
    def screen(self) -> ScreenLayout:
        return self._state.screen

    @property
    def clipboard(self) -> Clipboard:
        """The primary clip (copy/paste, `cmd clipboard`, the Clipper broadcasts)."""
        return self._state.clipboard

    @property
    def content(self) -> ContentResolver:
        """The content providers (`content query|insert|delete`, the SMS and contacts stores)."""
        return self._state.content

    @property
    def screen_size(self) -> tuple[int, int]:
        return self._state.screen.width, self._state.screen.height

    @property
    def density(self) -> int:
        return self._state.screen.density

    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError(f"device {self.name} is closed")

    # -- output ------------------------------------------------------------------------------------
    @property
    def touch_is_down(self) -> bool:
        """Whether a finger is on the screen (a touch went down and has not lifted)."""
        return self._state.touch_down is not None

    def screenshot(self, size: tuple[int, int] | None = None) -> np.ndarray:
        self._check_open()
        return self._state.wm.render(size)

    def view_hierarchy(self, *, compressed: bool = False) -> str:
        """What `uiautomator dump [--compressed]` writes: the active window only."""
        self._check_open()
        return self._state.wm.dump(compressed=compressed)

    def windows_hierarchy(self, *, compressed: bool = False) -> str:
        """What `uiautomator dump --windows [--compressed]` writes: every accessibility
        window, top first (`<displays><display><window>` format)."""
        self._check_open()
        return self._state.wm.dump_all_windows(compressed=compressed)

    def text_boxes(self) -> list[Any]:
        self._check_open()
        return self._state.wm.text_boxes()

    def current_activity(self) -> str:
        self._check_open()
        return self._state.am.current()

    # -- input -------------------------------------------------------------------------------------
    def touch(self, x: int, y: int, down: bool) -> None:
        """Pointer down/move/up at the current device time; app exceptions crash only that app."""
        self._check_open()
        st = self._state
        was_down = st.touch_down is not None
        front = st.am.top_record
        try:
            st.wm.touch(x, y, down, st.clock.now())
        except InvalidInputError:
            raise
        except Exception as exc:  # noqa: BLE001 - app callback raised: the app crashes, not the phone
            self._crash_front(front, exc)
        st.touch_down = (int(x), int(y)) if down else None
        if was_down and not down:
            st.ime.after_tap(int(x), int(y))
        self._settle()

    def tap(self, x: int, y: int) -> None:
        """Press and release at (x, y) without time passing."""
        self.touch(x, y, True)
        self.touch(x, y, False)

    def key(self, name: str) -> None:
        """A key press: BACK, HOME, APP_SWITCH go to the system; others to the focused view."""
        self._check_open()
        st = self._state
        front = st.am.top_record
        try:
            if name == "BACK":
                if st.ime.shown:
                    st.ime.hide()
                elif not self._dismiss_toolkit_popup() and not st.wm.key("BACK"):
                    st.am.back()
            elif name == "HOME":
                st.ime.hide()
                st.am.home()
            elif name == "APP_SWITCH":
                st.ime.hide()
                st.am.show_recents()
            else:
                st.wm.key(name)
        except Exception as exc:  # noqa: BLE001
            self._crash_front(front, exc)
        self._settle()

    def _nav_press(self, name: str) -> None:
        """A touch on the navigation bar (called from the toolkit's click dispatch)."""
        self.key(name)

    def input_text(self, text: str) -> bool:
        """Commit `text` to the focused EditText; False (nothing typed) when no field has focus."""
        self._check_open()
        if not isinstance(text, str):
            raise InvalidInputError(f"input_text needs a str, not {type(text).__name__}")
        st = self._state
        editor = st.wm.focused_editor
        if editor is None:
            return False
        front = st.am.top_record
        try:
            editor.commit_text(text)  # type: ignore[attr-defined]
        except Exception as exc:  # noqa: BLE001
            self._crash_front(front, exc)
        self._settle()
        return True

    def _dismiss_toolkit_popup(self) -> bool:
        """Back closes a popup/dialog window the toolkit opened itself (e.g. a Spinner dropdown)."""
        st = self._state
        mine = {id(w) for w in st.am.desired_windows()}
        for w in reversed(st.wm.windows):
            if w.kind in ("popup", "dialog") and id(w) not in mine:
                st.wm.remove(w)
                return True
        return False

    def _crash_front(self, front: Any, exc: BaseException) -> None:
        pkg = front.package if front is not None else None
        if pkg is None or pkg not in self._state.am.processes:
            raise exc
        self._state.am.crash(pkg, exc)

    # -- time --------------------------------------------------------------------------------------
    def advance(self, seconds: float) -> None:
        """Let device time pass: long presses fire, flings move, toasts and timers expire."""
        self._check_open()
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds) \
                or seconds < 0:
            raise InvalidInputError(f"advance() needs a finite number of seconds >= 0; got {seconds!r}")
        st = self._state
        front = st.am.top_record
        st.clock.advance(float(seconds))
        try:
            st.wm.tick(st.clock.now())
            st.am.run_timers()
        except Exception as exc:  # noqa: BLE001
            self._crash_front(front, exc)
        st.toasts.tick()
        st.status_bar.tick()
        self._settle()

    def _settle(self) -> None:
        st = self._state
        st.toasts.tick()
        st.ime.sync()

    def _windows_changed(self) -> None:
        self._state.ime.sync()

    # -- apps --------------------------------------------------------------------------------------
    def start_activity(self, component: str, **extras: Any) -> None:
        """Like `am start -n component` (extras passed as the intent's extras)."""
        self._check_open()
        pkg, _, cls = component.partition("/")
        from mobile_gym.sim.system.packages import full_class
        self._state.am.start(Intent(component=f"{pkg}/{full_class(pkg, cls)}", extras=dict(extras)))
        self._settle()

    def receive_sms(self, address: str, body: str) -> int:
        """An incoming text from `address` (the emulator console's `sms send`): filed in the
        telephony provider's inbox, unread, dated now; returns the message's `_id`."""
        self._check_open()
        from mobile_gym.apps import telephony
        msg_id = self._state.content.telephony.add_message(address, body, telephony.TYPE_INBOX)
        self._state.logs.write("I", "SmsReceiver", f"SMS received from {address}", 1433, 1433)
        self._state.am.notify_change("content://sms/inbox")
        self._settle()
        return msg_id

    # -- shell and files ---------------------------------------------------------------------------
    def shell(self, cmd: str) -> tuple[int, str, str]:
        self._check_open()
        result = self.shell_interpreter.run(cmd)
        self._settle()
        return result

    def write_database(self, path: str, sql: str) -> tuple[int, str, str]:
        """`sqlite3 PATH SQL` run as the shell runs it (the same guarded command, files, output
        and exit code), given the two words rather than a command line to parse: for trusted
        callers holding them (a family's seed writes); the shell and adb never come here."""
        self._check_open()
        result = self.shell_interpreter.run_words(["sqlite3", path, sql], from_package=True)
        self._settle()
        return result

    def shell_bytes(self, cmd: str, merge_stderr: bool = False) -> tuple[int, bytearray, bytes]:
        """The shell with raw output bytes (screencap -p writes PNG bytes to stdout; stdout is
        a bytearray, not copied); `merge_stderr=True` interleaves stderr into stdout in write
        order (adb's v1 shell)."""
        self._check_open()
        result = self.shell_interpreter.run_bytes(cmd, merge_stderr=merge_stderr)
        self._settle()
        return result

    # -- snapshot ----------------------------------------------------------------------------------
    def snapshot(self) -> SimSnapshot:
        """Capture the whole phone: activity stack and views, settings, clock, logs, storage bytes."""
        self._check_open()
        state = self._copier.freeze(self._state)
        return SimSnapshot(self._token, self.name, state, self.storage.capture(), self.clock.now())

    def restore(self, snap: SimSnapshot) -> None:
        """Return to `snap` (taken by this device); ValueError naming the device otherwise."""
        self._check_open()
        if not isinstance(snap, SimSnapshot):
            raise TypeError(f"restore() needs a snapshot taken by {self.name}.snapshot(), got {type(snap).__name__}")
        if snap.owner is not self._token:
            raise ValueError(f"snapshot was taken on device {snap.owner_name!r} (a different device object), "
                             f"it cannot be restored on {self.name!r}")
        state, made = self._copier.thaw_owned(snap.state)
        replaced, self._state, self._thawed = self._thawed, state, made
        if replaced is not None:  # the state this restore replaces: freed now, not by the collector
            self._copier.discard(replaced)
        self.storage.restore(snap.storage)
        self.storage.use_clock(self._state.clock)
        self.shell_interpreter.reset_budget()  # a reset: the shell's per-reset time starts over
        self._state.content.use_clock(self._state.clock)

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._provider_connections.close()
            self.sqlite_connections.close()
            self.storage.cleanup()
