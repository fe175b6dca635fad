"""What an app's code sees: `Activity` (one screen), `Intent`, `IntentFilter`, `AppContext`."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from mobile_gym.sim.system.packages import full_class, short_component

if TYPE_CHECKING:
    from mobile_gym.sim.system.activity_manager import ActivityManager, ActivityRecord
    from mobile_gym.sim.system.clock import Clock
    from mobile_gym.sim.system.packages import App, PackageInfo
    from mobile_gym.sim.system.settings_provider import SettingsProvider
    from mobile_gym.sim.system.storage import Storage
    from mobile_gym.sim.ui.geometry import Rect
    from mobile_gym.sim.ui.view import View

ACTION_MAIN = "android.intent.action.MAIN"
ACTION_VIEW = "android.intent.action.VIEW"
ACTION_SHOW_BRIGHTNESS_DIALOG = "com.android.intent.action.SHOW_BRIGHTNESS_DIALOG"  # Intent (hidden API)
CATEGORY_LAUNCHER = "android.intent.category.LAUNCHER"
CATEGORY_HOME = "android.intent.category.HOME"
CATEGORY_DEFAULT = "android.intent.category.DEFAULT"
FLAG_ACTIVITY_NEW_TASK = 0x10000000
FLAG_ACTIVITY_CLEAR_TOP = 0x04000000
FLAG_ACTIVITY_SINGLE_TOP = 0x20000000
FLAG_ACTIVITY_CLEAR_TASK = 0x00008000
FLAG_ACTIVITY_RESET_TASK_IF_NEEDED = 0x00200000
LAUNCH_MODES = ("standard", "singleTop", "singleTask", "singleInstance")


@dataclass
class Intent:
    """An explicit (component) or implicit (action/data) request to start an activity."""

    component: str | None = None      # "pkg/fully.qualified.Class" once resolved
    action: str | None = None
    categories: tuple[str, ...] = ()
    data: str | None = None
    mime_type: str | None = None
    extras: dict[str, Any] = field(default_factory=dict)
    flags: int = 0
    package: str | None = None
    source_bounds: Rect | None = None

    def short_string(self) -> str:
        """`Intent.toShortString` as ActivityTaskManager logs it: `act=… cat=[…] dat=… flg=0x… cmp=pkg/.Act`."""
        parts = []
        if self.action:
            parts.append(f"act={self.action}")
        if self.categories:
            parts.append(f"cat=[{','.join(self.categories)}]")
        if self.data:
            parts.append(f"dat={self.data}")
        if self.mime_type:
            parts.append(f"typ={self.mime_type}")
        if self.flags:
            parts.append(f"flg=0x{self.flags:x}")
        if self.package and not self.component:
            parts.append(f"pkg={self.package}")
        if self.component:
            pkg, cls = self.component.split("/", 1)
            parts.append(f"cmp={short_component(pkg, cls)}")
        if self.source_bounds is not None:
            parts.append(f"bnds={self.source_bounds.short_string()}")
        if self.extras:
            parts.append("(has extras)")
        return " ".join(parts)


@dataclass(frozen=True)
class IntentFilter:
    """An activity's `<intent-filter>`: actions, categories and data schemes / MIME types it accepts."""

    actions: tuple[str, ...]
    categories: tuple[str, ...] = (CATEGORY_DEFAULT,)
    schemes: tuple[str, ...] = ()
    mime_types: tuple[str, ...] = ()

    def matches(self, intent: Intent) -> bool:
        if intent.action not in self.actions:
            return False
        if any(c not in self.categories for c in intent.categories if c != CATEGORY_DEFAULT):
            return False
        if intent.data is not None:
            scheme = intent.data.split(":", 1)[0] if ":" in intent.data else "file"
            if self.schemes and scheme not in self.schemes:
                return False
            if not self.schemes and not self.mime_types:
                return False
        elif self.schemes:
            return False
        if intent.mime_type is not None and self.mime_types:
            major = intent.mime_type.split("/", 1)[0]
            if not any(m == intent.mime_type or m == "*/*" or m == f"{major}/*" for m in self.mime_types):
                return False
        return True


class AppContext:
    """The per-app services an app's code uses: storage, clock, settings, logging, starting things."""

    def __init__(self, *, package: str, uid: int, pid: int, storage: Storage, clock: Clock,
                 settings: SettingsProvider, am: ActivityManager, seed: int) -> None:
        self.package = package
        self.uid = uid
        self.pid = pid
        self.storage = storage
        self.clock = clock
        self.settings = settings
        self._am = am
        self._seed = seed
        self._random: random.Random | None = None  # made at first use (see `random`)

    @property
    def random(self) -> random.Random:
        """The app's own generator: deterministic per app and seed, never the global `random`
        module. Made at first use, which draws the same numbers as one made with the context
        (nothing draws from it before), and spares every snapshot and restore a copy of its
        2.5 KB state while no app uses it."""
        if self._random is None:
            self._random = random.Random(f"{self._seed}:{self.package}")
        return self._random

    @property
    def data_dir(self) -> str:
        return f"/data/data/{self.package}"

    @property
    def files_dir(self) -> str:
        return f"{self.data_dir}/files"

    @property
    def external_storage(self) -> str:
        return "/storage/emulated/0"

    def database_path(self, name: str) -> str:
        """Host path of `/data/data/<pkg>/databases/<name>` (directory created) for sqlite3.connect."""
        self.storage.mkdir(f"{self.data_dir}/databases", parents=True)
        return self.storage.host_path(f"{self.data_dir}/databases/{name}")

    def connect_db(self, name: str, **connect_kwargs: Any) -> sqlite3.Connection:
        """A fresh, guarded connection to one of the app's databases (Storage.open_database:
        it stays inside the file and within the device's free space); close it before the
        step ends."""
        self.database_path(name)  # the databases folder exists
        return self.storage.open_database(f"{self.data_dir}/databases/{name}", **connect_kwargs)

    def now(self) -> float:
        return self.clock.now()

    @property
    def content(self) -> Any:
        """The content providers (`ContentResolver`: telephony, contacts)."""
        return self._am.content

    @property
    def clipboard(self) -> Any:
        """The primary clip (`Clipboard`)."""
        return self._am.clipboard

    def notify_change(self, uri: str) -> None:
        """Tell observers of `uri` its data changed (the resumed activity re-reads)."""
        self._am.notify_change(uri)

    def launchable_apps(self) -> list[PackageInfo]:
        """Installed apps with a launcher entry, in install order (what a launcher lists)."""
        return self._am.packages.launchable()

    def log(self, priority: str, tag: str, message: str) -> None:
        """Write an app log line (shows in `logcat` with this app's pid)."""
        self._am.logs.write(priority, tag, message, self.pid, self.pid)

    def start_activity(self, component: str, **extras: Any) -> None:
        """Start an activity in a new task (as from a non-activity context)."""
        pkg, _, cls = component.partition("/") if "/" in component else (self.package, "/", component)
        self._am.start(Intent(component=f"{pkg}/{full_class(pkg, cls)}", extras=dict(extras),
                              flags=FLAG_ACTIVITY_NEW_TASK), caller_uid=self.uid)

    def show_toast(self, text: str, long: bool = False) -> None:
        self._am.toasts.show(self.package, text, long)

    def post_delayed(self, seconds: float, callback: Callable[[], Any]) -> None:
        """Run `callback` once `seconds` of device time have passed (like Handler.postDelayed)."""
        self._am.post_delayed(seconds, callback, self.package)


class DialogHandle:
    """A dialog or popup window shown for an activity; `dismiss()` removes it."""

    def __init__(self, activity: Activity, window: Any, kind: str, cancelable: bool,
                 on_cancel: Callable[[], Any] | None) -> None:
        self.activity = activity
        self.window = window
        self.kind = kind
        self.cancelable = cancelable
        self.on_cancel = on_cancel
        self.showing = True
        # a popup's place while the keyboard is hidden (it moves above the IME while it
        # holds the focused editor); None for dialogs, which are always re-centred
        self.home_bounds: Any = None

    def dismiss(self) -> None:
        if self.showing:
            self.showing = False
            self.activity._am.remove_dialog(self)

    def cancel(self) -> None:
        """Back key / outside touch: dismiss and call `on_cancel`."""
        if self.showing:
            self.dismiss()
            if self.on_cancel is not None:
                self.on_cancel()


class Activity:
    """One screen of an app. Subclass it, build views in `on_create`, call `set_content(root)`."""

    launch_mode: ClassVar[str] = "standard"
    intent_filters: ClassVar[tuple[IntentFilter, ...]] = ()
    exported: ClassVar[bool] = True
    # `adjustResize` (app window shrinks above the keyboard) or `adjustPan` (keyboard covers it).
    soft_input_mode: ClassVar[str] = "adjustResize"
    # the theme's windowActionModeOverlay: the action mode bar overlays the content
    action_mode_overlay: ClassVar[bool] = False
    # windowIsFloating (a dialog-themed activity): its window wraps its content at the top of the
    # screen and the activity behind stays visible; a touch outside finishes it
    # (windowCloseOnTouchOutside)
    floating: ClassVar[bool] = False
    exclude_from_recents: ClassVar[bool] = False

    def __init__(self) -> None:
        self.ctx: AppContext = None  # type: ignore[assignment]  # set by the activity manager
        self.intent: Intent = Intent()
        self.app: App | None = None
        self.content: View | None = None
        self._am: ActivityManager = None  # type: ignore[assignment]
        self._record: ActivityRecord | None = None

    # -- lifecycle (override) --------------------------------------------------------
    def on_create(self) -> None:
        """Build the views and call `set_content(root)`."""

    def on_resume(self) -> None:
        """The activity is in front again: re-read data that may have changed (seeded rows)."""

    def on_pause(self) -> None:
        """Another activity covers this one, or the app goes to the background."""

    def on_destroy(self) -> None:
        """The activity finished."""

    def on_content_changed(self, uri: str) -> None:
        """A content provider's data changed while this activity is in front (an observer)."""

    def on_new_intent(self, intent: Intent) -> None:
        """A singleTop/singleTask activity was started again with `intent`."""

    def on_back(self) -> bool:
        """The Back key reached this activity; True = handled. The default finishes it."""
        self.finish()
        return True

    # -- services --------------------------------------------------------------------
    @property
    def component(self) -> str:
        """"pkg/fully.qualified.Class"."""
        return self._record.component if self._record is not None else ""

    @property
    def is_finishing(self) -> bool:
        return self._record is None or self._record.finishing

    @property
    def is_resumed(self) -> bool:
        """In front and interactive (between `on_resume` and `on_pause`)."""
        return self._record is not None and self._record.resumed

    def set_content(self, root: View) -> None:
        """Make `root` the content of this activity's window."""
        self.content = root
        self._am.set_content(self, root)

    def set_action_mode_bar(self, bar: View) -> None:
        """Show `bar` as the window's action mode bar (AppCompat's `action_mode_bar`), over the
        content; hide it by its visibility."""
        self._am.set_action_mode_bar(self, bar)

    def start_activity(self, component: str, **extras: Any) -> None:
        """Start another activity; `component` is `.Short` (this package) or `pkg/.Act`."""
        if "/" in component:
            pkg, cls = component.split("/", 1)
        else:
            pkg, cls = self.ctx.package, component
        self._am.start(Intent(component=f"{pkg}/{full_class(pkg, cls)}", extras=dict(extras)), caller=self)

    def start_intent(self, intent: Intent) -> None:
        """Start an implicit or explicit intent from this activity."""
        self._am.start(intent, caller=self)

    def finish(self) -> None:
        self._am.finish(self)

    def show_dialog(self, root: View, *, cancelable: bool = True,
                    on_cancel: Callable[[], Any] | None = None) -> DialogHandle:
        """Show `root` (e.g. from `ui.dialogs.alert_dialog`) in a dialog window over this activity."""
        return self._am.show_dialog(self, root, cancelable=cancelable, on_cancel=on_cancel)

    def show_popup(self, root: View, anchor: Rect) -> DialogHandle:
        """Show a popup (menu, dropdown) at `anchor`, its top aligned with the anchor's top (as an
        overflow menu covers its button); an outside touch dismisses it."""
        return self._am.show_popup(self, root, anchor)

    def show_toast(self, text: str, long: bool = False) -> None:
        self._am.toasts.show(self.ctx.package, text, long)

    def dialogs(self) -> list[DialogHandle]:
        """Dialogs and popups currently shown for this activity, bottom to top."""
        return list(self._record.dialogs) if self._record is not None else []
