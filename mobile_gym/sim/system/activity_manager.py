"""Tasks, the back stack and activity lifecycles; which app windows are on screen.

Follows ActivityTaskManager's observable behaviour: `START u0 {…}` and `Displayed …: +NNNms`
log lines, one task per app (affinity = package), launcher intents bring an existing task to
the front, `standard` / `singleTop` / `singleTask` launch modes, HOME moves the launcher task
to the front, finishing the last activity of a task returns to the previous task (normally
the launcher), `force-stop` kills the process and removes its tasks.
"""

from __future__ import annotations

import heapq
import os
import traceback
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mobile_gym.sim.system.activity import (
    ACTION_MAIN,
    CATEGORY_LAUNCHER,
    FLAG_ACTIVITY_CLEAR_TASK,
    FLAG_ACTIVITY_CLEAR_TOP,
    FLAG_ACTIVITY_NEW_TASK,
    FLAG_ACTIVITY_SINGLE_TOP,
    Activity,
    AppContext,
    DialogHandle,
    Intent,
)
from mobile_gym.sim.system.packages import (
    ComponentNotFound,
    PackageInfo,
    short_component,
)
from mobile_gym.sim.system.random_words import RandomWords

if TYPE_CHECKING:
    from mobile_gym.sim.system.clock import Clock
    from mobile_gym.sim.system.logcat import LogBuffer
    from mobile_gym.sim.system.packages import App, PackageManager
    from mobile_gym.sim.system.screen import ScreenLayout
    from mobile_gym.sim.system.settings_provider import SettingsProvider
    from mobile_gym.sim.system.storage import Storage
    from mobile_gym.sim.system.toast import Toasts
    from mobile_gym.sim.ui.geometry import Rect
    from mobile_gym.sim.ui.view import View

SYSTEM_SERVER_PID = 1433
TID_BINDER = 1490          # binder thread that handles startActivity
TID_DISPLAY = 1466         # android.display thread (Displayed lines)
TID_AM = 1470              # ActivityManager thread (process lines)
SHELL_UID = 2000


class ActivityNotFound(LookupError):
    """No installed activity matches an intent."""


@dataclass
class Process:
    pid: int
    info: PackageInfo
    app: App
    ctx: AppContext


@dataclass(eq=False)
class ActivityRecord:
    activity: Activity
    component: str                 # "pkg/fully.qualified.Class"
    task: Task
    intent: Intent
    token: str                     # hex id shown in dumpsys (deterministic)
    window: Any = None             # ui Window of the content, once set_content was called
    decor: Any = None              # the window's decor views (system/decor.py)
    dialogs: list[DialogHandle] = field(default_factory=list)
    finishing: bool = False
    resumed: bool = False

    @property
    def package(self) -> str:
        return self.component.split("/", 1)[0]

    @property
    def short_name(self) -> str:
        pkg, cls = self.component.split("/", 1)
        return short_component(pkg, cls)


@dataclass(eq=False)
class Task:
    task_id: int
    affinity: str
    root_intent: Intent
    records: list[ActivityRecord] = field(default_factory=list)

    @property
    def top(self) -> ActivityRecord | None:
        return self.records[-1] if self.records else None


@dataclass(frozen=True)
class StartResult:
    """What `am start -W` reports."""

    component: str
    launch_state: str    # COLD | WARM | HOT
    total_time_ms: int
    brought_to_front: bool


class ActivityManager:
    """Owns processes, tasks and activity records; keeps the window manager showing the top one."""

    def __init__(self, *, packages: PackageManager, storage: Storage, clock: Clock,
                 settings: SettingsProvider, logs: LogBuffer, wm: Any, screen: ScreenLayout,
                 toasts: Toasts, home_package: str, seed: int, words: RandomWords) -> None:
        self.packages = packages
        self.storage = storage
        self.clock = clock
        self.settings = settings
        self.logs = logs
        self.wm = wm
        self.screen = screen
        self.toasts = toasts
        self.home_package = home_package
        self.seed = seed
        # pids and launch times: the numbers of `RandomWords(random_seed(seed))`, read at a
        # position (`words` is shared by every state of the device: a snapshot copies the position)
        self._words = words
        self._drawn = 0
        self.tasks: list[Task] = []             # front (index 0) to back
        self.processes: dict[str, Process] = {}
        self.recents: Any = None                # set by SimAndroid (recents screen)
        self.content: Any = None                # set by SimAndroid (content providers)
        self.clipboard: Any = None              # set by SimAndroid (the primary clip)
        self.recents_visible = False
        self._next_task_id = 12
        self._next_pid = 3000 + self._randrange(2000)
        self._shown: list[Any] = []             # windows this manager put into the WM
        self._resumed: ActivityRecord | None = None
        self._timers: list[tuple[float, int, Callable[[], Any], str]] = []
        self._timer_seq = 0
        self.on_windows_changed: Callable[[], None] | None = None
        self._restarting_home = False

    @staticmethod
    def random_seed(seed: int) -> str:
        """The seed of the generator whose numbers (`RandomWords`) give pids and launch times."""
        return f"am:{seed}"

    def _randrange(self, n: int) -> int:
        """The next `random.Random(random_seed(seed)).randrange(n)`."""
        value, self._drawn = self._words.randrange(n, self._drawn)
        return value

    # -- queries ---------------------------------------------------------------------------
    @property
    def front_task(self) -> Task | None:
        return self.tasks[0] if self.tasks else None

    @property
    def top_record(self) -> ActivityRecord | None:
        tasks = self.tasks  # (front_task and Task.top, inlined: asked several times a step)
        if not tasks:
            return None
        records = tasks[0].records
        return records[-1] if records else None

    def current(self) -> str:
        """The focused activity as "pkg/fully.qualified.Class"."""
        if self.recents_visible:
            home = self.packages.get(self.home_package)
            if home is not None and home.launcher_component:
                return home.launcher_component
        rec = self.top_record
        return rec.component if rec is not None else ""

    def pid_of(self, package: str) -> int | None:
        proc = self.processes.get(package)
        return proc.pid if proc is not None else None

    def recent_tasks(self) -> list[Task]:
        """Tasks for the recents screen, most recent first (the launcher is not listed)."""
        return [t for t in self.tasks if t.affinity != self.home_package and t.records
                and not (t.records[0].activity is not None
                         and t.records[0].activity.exclude_from_recents)]

    # -- logging ---------------------------------------------------------------------------
    def _syslog(self, priority: str, tag: str, message: str, tid: int = TID_BINDER) -> None:
        self.logs.write(priority, tag, message, SYSTEM_SERVER_PID, tid, buffer="system")

    def token(self, text: str) -> str:
        """A stable 7-hex-digit identity for `text` on this device (record and window tokens)."""
        return f"{zlib.crc32(f'{self.seed}:{text}'.encode()) & 0xFFFFFFF:07x}"

    # -- processes -------------------------------------------------------------------------
    def _ensure_process(self, info: PackageInfo, component: str) -> tuple[Process, bool]:
        proc = self.processes.get(info.package)
        if proc is not None:
            return proc, False
        pid = self._next_pid
        self._next_pid += 1 + self._randrange(40)
        pkg, cls = component.split("/", 1)
        self._syslog("I", "ActivityManager",
                     f"Start proc {pid}:{info.package}/{info.user_id_text} for pre-top-activity "
                     f"{{{short_component(pkg, cls)}}}", TID_AM)
        ctx = AppContext(package=info.package, uid=info.uid, pid=pid, storage=self.storage, clock=self.clock,
                         settings=self.settings, am=self, seed=self.seed)
        app = info.app_class()
        app.ctx = ctx
        proc = Process(pid, info, app, ctx)
        self.processes[info.package] = proc
        first_launch = not self.storage.exists(ctx.data_dir)
        if first_launch:
            self.storage.mkdir(ctx.data_dir, parents=True)

        def boot_app() -> None:
            if first_launch:
                app.on_install(ctx)
            app.on_create(ctx)
        self._guard(info.package, boot_app)  # a crash here removes the process again
        return proc, True

    # -- app code guard --------------------------------------------------------------------
    def _guard(self, package: str, fn: Callable[[], Any]) -> bool:
        """Run app code; an exception crashes that app like a real device (log + kill), not the phone."""
        try:
            fn()
            return True
        except Exception as exc:  # noqa: BLE001 - app code may raise anything
            self.crash(package, exc)
            return False

    def crash(self, package: str, exc: BaseException) -> None:
        """An app raised: FATAL EXCEPTION lines in the crash buffer, the process dies."""
        proc = self.processes.get(package)
        pid = proc.pid if proc is not None else SYSTEM_SERVER_PID
        lines = ["FATAL EXCEPTION: main", f"Process: {package}, PID: {pid}"]
        lines += self._crash_trace(exc)
        for line in lines:
            self.logs.write("E", "AndroidRuntime", line, pid, pid, buffer="crash")
        self._syslog("I", "ActivityManager", f"Process {package} (pid {pid}) has died: fg  TOP ", TID_AM)
        self._kill(package, reason=None)
        self._after_change()

    def _crash_trace(self, exc: BaseException) -> list[str]:
        """The exception and its frames as Android prints a Java stack ("<Type>: <message>",
        then "    at <function>(<File>:<line>)"), without host paths: file names only, and the
        message's storage paths as device paths."""
        kind = type(exc)
        message = self.storage.device_text(str(exc))
        lines = [f"{kind.__module__}.{kind.__qualname__}: {message}".split("\n")[0][:1000]]
        for frame in reversed(traceback.extract_tb(exc.__traceback__)):
            lines.append(f"\tat {frame.name}({os.path.basename(frame.filename)}:{frame.lineno})")
        return lines

    # -- starting --------------------------------------------------------------------------
    def start(self, intent: Intent, *, caller: Activity | None = None, caller_uid: int | None = None) -> StartResult:
        """Start an activity for `intent` (explicit or implicit); raises ActivityNotFound."""
        if intent.component is None:
            matches = self.packages.query(intent)
            if not matches:
                raise ActivityNotFound(f"No Activity found to handle Intent {{ {intent.short_string()} }}")
            info0, full0 = matches[0]
            intent.component = f"{info0.package}/{full0}"
        try:
            info, full, cls = self.packages.resolve(intent.component)
        except ComponentNotFound as exc:
            raise ActivityNotFound(str(exc)) from None
        component = f"{info.package}/{full}"
        intent.component = component
        caller_rec = caller._record if caller is not None else None
        if caller_rec is None:
            intent.flags |= FLAG_ACTIVITY_NEW_TASK
        if caller_uid is None:
            caller_uid = caller.ctx.uid if caller is not None else SHELL_UID
        self._syslog("I", "ActivityTaskManager", f"START u0 {{{intent.short_string()}}} from uid {caller_uid}")
        was_running = info.package in self.processes
        proc, cold = self._ensure_process(info, component)
        if info.package not in self.processes:  # crashed while starting
            return StartResult(component, "COLD", 0, False)
        self.recents_visible = False
        task = self._task_for(info.package, intent, caller_rec)
        created = False
        brought = False
        if task is None:
            task = Task(self._next_task_id, info.package, intent)
            self._next_task_id += 1
            self.tasks.insert(0, task)
            rec = self._new_record(cls, component, task, intent, proc)
            created = True
        else:
            self._to_front(task)
            existing = self._reuse(task, cls, component, intent, caller_rec)
            if existing is not None:
                brought = True
                rec = existing
            else:
                rec = self._new_record(cls, component, task, intent, proc)
                created = True
        if created and info.package in self.processes and not rec.finishing:
            self._pause_resumed()  # the old activity pauses before the new one is created
            self._guard(info.package, rec.activity.on_create)
        self._after_change()
        state = "COLD" if cold else ("WARM" if created or not was_running else "HOT")
        total = 0
        if created and not rec.finishing and info.package in self.processes:
            base = 420 if state == "COLD" else 160
            total = base + self._randrange(260)
            self._syslog("I", "ActivityTaskManager", f"Displayed {rec.short_name}: +{_fmt_ms(total)}",
                         TID_DISPLAY)
        return StartResult(component, state, total, brought)

    def _task_for(self, package: str, intent: Intent, caller_rec: ActivityRecord | None) -> Task | None:
        if caller_rec is not None and not intent.flags & FLAG_ACTIVITY_NEW_TASK:
            return caller_rec.task
        for task in self.tasks:
            if task.affinity == package:
                if intent.flags & FLAG_ACTIVITY_CLEAR_TASK:
                    self._clear_records(task, keep=0)
                return task
        return None

    def _reuse(self, task: Task, cls: type[Activity], component: str, intent: Intent,
               caller_rec: ActivityRecord | None) -> ActivityRecord | None:
        """An existing record the intent goes to, or None to push a new one."""
        is_launcher_intent = intent.action == ACTION_MAIN and CATEGORY_LAUNCHER in intent.categories
        top = task.top
        if top is None:
            return None
        if (intent.flags & FLAG_ACTIVITY_NEW_TASK
                and (is_launcher_intent or (task.records and task.records[0].component == component
                                            and not intent.flags & FLAG_ACTIVITY_CLEAR_TOP))):
            return top  # bring the task to the front as it is
        mode = cls.launch_mode
        if mode in ("singleTask", "singleInstance") or intent.flags & FLAG_ACTIVITY_CLEAR_TOP:
            for i, rec in enumerate(task.records):
                if rec.component == component:
                    self._clear_records(task, keep=i + 1)
                    self._guard(rec.package, lambda r=rec: r.activity.on_new_intent(intent))
                    return rec
        if (mode == "singleTop" or intent.flags & FLAG_ACTIVITY_SINGLE_TOP) and top.component == component:
            self._guard(top.package, lambda: top.activity.on_new_intent(intent))
            return top
        return None

    def _new_record(self, cls: type[Activity], component: str, task: Task, intent: Intent,
                    proc: Process) -> ActivityRecord:
        activity = cls()
        activity.ctx = proc.ctx
        activity.app = proc.app
        activity.intent = intent
        activity._am = self
        rec = ActivityRecord(activity, component, task, intent, self.token(f"{component}:{task.task_id}:"
                                                                            f"{len(task.records)}"))
        activity._record = rec
        task.records.append(rec)
        return rec

    def _clear_records(self, task: Task, keep: int) -> None:
        for rec in reversed(task.records[keep:]):
            self._destroy(rec)
        del task.records[keep:]

    def _to_front(self, task: Task) -> None:
        if task in self.tasks:
            self.tasks.remove(task)
        self.tasks.insert(0, task)

    # -- finishing / destroying ------------------------------------------------------------
    def _destroy(self, rec: ActivityRecord) -> None:
        rec.finishing = True
        for d in list(rec.dialogs):
            d.showing = False
        rec.dialogs.clear()
        if rec.resumed:
            rec.resumed = False
            self._guard(rec.package, rec.activity.on_pause)
        if self._resumed is rec:
            self._resumed = None
        if rec.package in self.processes:
            self._guard(rec.package, rec.activity.on_destroy)

    def finish(self, activity: Activity) -> None:
        rec = activity._record
        if rec is None or rec.finishing:
            return
        task = rec.task
        if task.affinity == self.home_package and len(task.records) == 1:
            return  # the home activity never finishes
        self._destroy(rec)
        if rec in task.records:
            task.records.remove(rec)
        if not task.records and task in self.tasks:
            self.tasks.remove(task)
        self._after_change()

    def _kill(self, package: str, reason: str | None) -> None:
        proc = self.processes.pop(package, None)
        for task in [t for t in self.tasks if t.affinity == package]:
            for rec in task.records:
                rec.finishing = True
                rec.resumed = False
                if self._resumed is rec:
                    self._resumed = None
            self.tasks.remove(task)
        for task in self.tasks:  # activities of this package inside other tasks
            for rec in [r for r in task.records if r.package == package]:
                rec.finishing = True
                task.records.remove(rec)
        self.tasks = [t for t in self.tasks if t.records]
        self._timers = [t for t in self._timers if t[3] != package]
        heapq.heapify(self._timers)
        self.toasts.remove_package(package)
        if proc is not None and reason is not None:
            self._syslog("I", "ActivityManager",
                         f"Killing {proc.pid}:{package}/{proc.info.user_id_text} (adj 0): {reason}", TID_AM)

    def force_stop(self, package: str, reason: str = "from pid 4321") -> bool:
        """`am force-stop`: kill the process and drop its tasks. False if the package is unknown."""
        info = self.packages.get(package)
        if info is None:
            return False
        self._syslog("I", "ActivityManager", f"Force stopping {package} appid={info.uid} user=0: {reason}")
        self._kill(package, reason=f"stop {package} due to {reason}")
        self._after_change()
        return True

    def clear(self, package: str) -> bool:
        """`pm clear`: force-stop and delete /data/data/<pkg>; the next start is a first launch."""
        if self.packages.get(package) is None:
            return False
        self.force_stop(package, reason="clear data")
        data_dir = f"/data/data/{package}"
        if self.storage.exists(data_dir):
            self.storage.remove(data_dir, recursive=True)
        return True

    # -- navigation ------------------------------------------------------------------------
    def home(self) -> None:
        """HOME: the launcher task comes to the front (started if needed)."""
        self.recents_visible = False
        for task in self.tasks:
            if task.affinity == self.home_package:
                self._to_front(task)
                self._after_change()
                return
        info = self.packages.get(self.home_package)
        if info is None or info.launcher_component is None:
            raise RuntimeError(f"home package {self.home_package} is not installed")
        self.start(Intent(component=info.launcher_component, action=ACTION_MAIN,
                          categories=("android.intent.category.HOME",), flags=0x10000100),
                   caller_uid=1000)

    def back(self) -> None:
        """BACK after the IME: recents -> top dialog -> activity.on_back()."""
        if self.recents_visible:
            self.recents_visible = False
            self._after_change()
            return
        rec = self.top_record
        if rec is None:
            self.home()
            return
        if rec.dialogs:
            top = rec.dialogs[-1]
            if top.cancelable:
                self._guard(rec.package, top.cancel)
                self._after_change()
            return
        self._guard(rec.package, rec.activity.on_back)
        self._after_change()

    def show_recents(self) -> None:
        """APP_SWITCH: show the recents screen; pressed again it switches to the previous app."""
        if self.recents_visible:
            tasks = self.recent_tasks()
            target = tasks[1] if len(tasks) > 1 and tasks[0] is self.front_task else (tasks[0] if tasks else None)
            self.recents_visible = False
            if target is not None:
                self._to_front(target)
            self._after_change()
            return
        self.recents_visible = True
        if self.recents is not None:
            self.recents.refresh()
        self._after_change()

    def switch_to(self, task_id: int) -> None:
        for task in self.tasks:
            if task.task_id == task_id:
                self.recents_visible = False
                self._to_front(task)
                self._after_change()
                return
        raise KeyError(f"no task #{task_id}")

    def remove_task(self, task_id: int) -> None:
        """Swipe a task away in recents (its activities are destroyed; the process stays)."""
        for task in list(self.tasks):
            if task.task_id == task_id:
                self._clear_records(task, keep=0)
                self.tasks.remove(task)
        if self.recents is not None and self.recents_visible:
            self.recents.refresh()
        self._after_change()

    # -- windows ---------------------------------------------------------------------------
    def set_content(self, activity: Activity, root: View) -> None:
        """Put `root` into the activity's window (created with its decor on first use)."""
        from mobile_gym.sim.system.decor import build_decor
        from mobile_gym.sim.ui.window import Window
        rec = activity._record
        if rec is None:
            raise RuntimeError("set_content() called on an activity that is not started")
        if rec.decor is None:
            rec.decor = build_decor(self.screen, activity.soft_input_mode,
                                    action_mode_overlay=activity.action_mode_overlay,
                                    floating=activity.floating)
            # a floating activity's window is touch-modal like a dialog: a touch outside it
            # reaches no other window and finishes it when it lifts
            rec.window = Window(rec.decor.root, package=rec.package,
                                kind="dialog" if activity.floating else "app", title=rec.component,
                                bounds=self.screen.full,
                                on_outside_touch=(lambda: self._finish_floating(rec))
                                if activity.floating else None)
        rec.decor.set_view(root)
        if activity.floating:
            rec.window.bounds = self._floating_bounds(rec)

    def _floating_bounds(self, rec: ActivityRecord) -> Rect:
        """A floating activity's window: the screen's width, its content's height, at the top
        of the app area (gravity TOP, layout MATCH_PARENT x WRAP_CONTENT)."""
        from mobile_gym.sim.ui.geometry import Rect
        from mobile_gym.sim.ui.view import AT_MOST, EXACTLY
        area = self.screen.app_bounds()
        root = rec.decor.root
        root.measure((EXACTLY, area.width), (AT_MOST, area.height))
        return Rect(area.left, area.top, area.right, area.top + max(1, root.measured_height))

    def _finish_floating(self, rec: ActivityRecord) -> None:
        if not rec.finishing and rec.activity is not None:
            self._guard(rec.package, rec.activity.finish)
            self._after_change()

    def set_action_mode_bar(self, activity: Activity, bar: View) -> None:
        """Put an action mode bar into the activity's decor (after set_content)."""
        rec = activity._record
        if rec is None or rec.decor is None:
            raise RuntimeError("set_action_mode_bar() needs set_content() first")
        rec.decor.set_action_mode_bar(bar)

    def relayout_app_windows(self) -> None:
        """Fit the app windows to the current state (run at every window sync): inset the shown
        activity's content above the IME (adjustResize), size its dialogs to their content and
        centre them above the keyboard (on the screen when it is hidden), and move a popup
        holding the focused editor up above the keyboard."""
        self._relayout_app_windows(self.top_record)

    def _relayout_app_windows(self, rec: ActivityRecord | None) -> None:
        """`relayout_app_windows` for the top record `rec`."""
        if rec is None:
            return
        if rec.decor is not None:
            rec.decor.fit(self.screen, rec.activity.soft_input_mode)
        editor = self.wm.focused_editor if self.screen.ime_height else None
        for d in rec.dialogs:
            w = d.window
            if w is None:
                continue
            if d.kind == "dialog":
                bounds = self.screen.dialog_bounds(w.root)
            elif d.home_bounds is not None:
                bounds = d.home_bounds
                if editor is not None and editor.window is w:
                    bounds = self.screen.above_ime(bounds)
            else:
                continue
            if w.bounds != bounds:
                w.bounds = bounds

    def show_dialog(self, activity: Activity, root: View, *, cancelable: bool,
                    on_cancel: Callable[[], Any] | None) -> DialogHandle:
        from mobile_gym.sim.ui.window import Window
        rec = activity._record
        if rec is None or rec.finishing:
            raise RuntimeError("show_dialog() on an activity that is not running")
        handle = DialogHandle(activity, None, "dialog", cancelable, on_cancel)
        handle.window = Window(root, package=rec.package, kind="dialog", bounds=self.screen.dialog_bounds(root),
                               dim_behind=True, on_outside_touch=handle.cancel if cancelable else None)
        if hasattr(root, "request_dismiss"):
            root.request_dismiss = handle.dismiss  # ui.dialogs roots close through their handle
        rec.dialogs.append(handle)
        self._sync_windows()
        return handle

    def show_popup(self, activity: Activity, root: View, anchor: Rect) -> DialogHandle:
        from mobile_gym.sim.ui.window import Window, popup_bounds
        rec = activity._record
        if rec is None or rec.finishing:
            raise RuntimeError("show_popup() on an activity that is not running")
        handle = DialogHandle(activity, None, "popup", True, None)
        handle.home_bounds = popup_bounds(root, anchor, self.screen.width, self.screen.height,
                                          self.screen.density)
        handle.window = Window(root, package=rec.package, kind="popup", on_outside_touch=handle.cancel,
                               bounds=handle.home_bounds)
        if hasattr(root, "request_dismiss"):
            root.request_dismiss = handle.dismiss
        rec.dialogs.append(handle)
        self._sync_windows()
        return handle

    def remove_dialog(self, handle: DialogHandle) -> None:
        rec = handle.activity._record
        if rec is not None and handle in rec.dialogs:
            rec.dialogs.remove(handle)
        self._sync_windows()

    def _after_change(self) -> None:
        if not self.tasks and self.packages.get(self.home_package) is not None \
                and not self._restarting_home:
            # Nothing left on screen: the launcher comes back (once; a launcher that crashes
            # while starting leaves an empty screen instead of a restart loop).
            self._restarting_home = True
            try:
                self.home()
            finally:
                self._restarting_home = False
            return
        self._update_resumed()
        self._sync_windows()

    def _pause_resumed(self) -> None:
        old = self._resumed
        if old is not None and old.resumed:
            old.resumed = False
            self._resumed = None
            if old.package in self.processes:
                self._guard(old.package, old.activity.on_pause)

    def _update_resumed(self) -> None:
        want = None if self.recents_visible else self.top_record
        if want is self._resumed:
            return
        old = self._resumed
        self._resumed = None
        if old is not None and old.resumed:
            old.resumed = False
            if old.package in self.processes:
                self._guard(old.package, old.activity.on_pause)
        if want is not None and not want.finishing and want.package in self.processes:
            want.resumed = True
            self._resumed = want
            self._guard(want.package, want.activity.on_resume)
            if self._resumed is not want:  # on_resume crashed or started something else
                return

    def notify_change(self, uri: str) -> None:
        """A provider's data at `uri` changed (ContentResolver.notifyChange): the resumed
        activity's `on_content_changed` runs, so an open screen shows the new rows."""
        rec = self._resumed
        if rec is not None and rec.resumed and rec.package in self.processes:
            self._guard(rec.package, lambda: rec.activity.on_content_changed(uri))

    def desired_windows(self) -> list[Any]:
        return self._desired_windows(self.top_record)

    def _desired_windows(self, rec: ActivityRecord | None) -> list[Any]:
        """The windows to show (bottom first) when `rec` is the top record."""
        if self.recents_visible and self.recents is not None:
            return [self.recents.window]
        if rec is None:
            return []
        wins = [rec.window] if rec.window is not None else []
        if rec.dialogs:
            wins += [d.window for d in rec.dialogs if d.showing]
        if rec.activity is not None and rec.activity.floating:
            below = self._record_below(rec)
            if below is not None and below.window is not None:
                wins.insert(0, below.window)  # still visible behind the floating window
        return wins

    def _record_below(self, rec: ActivityRecord) -> ActivityRecord | None:
        """The activity on screen under `rec` (the next one down its task, else the next task's
        top)."""
        seen = False
        for task in self.tasks:
            for r in reversed(task.records):
                if seen and not r.finishing:
                    return r
                if r is rec:
                    seen = True
        return None

    def _sync_windows(self) -> None:
        self._forget_removed_dialogs()
        rec = self.top_record
        want = self._desired_windows(rec)
        if want != self._shown:  # (the same windows in the same order: nothing to add or take off)
            want_ids = {id(w) for w in want}
            for w in list(self._shown):
                if id(w) not in want_ids:
                    if w in self.wm.windows:
                        self.wm.remove(w)
                    self._shown.remove(w)
            for w in want:
                if w not in self._shown:
                    self.wm.add(w)
                    self._shown.append(w)
            rec = self.top_record  # (asked again after the window manager's callbacks)
        self._relayout_app_windows(rec)
        if self.on_windows_changed is not None:
            self.on_windows_changed()

    def _forget_removed_dialogs(self) -> None:
        """A dialog window something else took off screen counts as dismissed (never re-shown)."""
        wm = self.wm
        for w in self._shown:
            if w.manager is not wm:  # (a window is in `wm.windows` exactly while wm manages it)
                break
        else:
            return
        on_screen = {id(w) for w in wm.windows}
        for w in list(self._shown):
            if id(w) in on_screen:
                continue
            self._shown.remove(w)
            for task in self.tasks:
                for rec in task.records:
                    for d in [d for d in rec.dialogs if d.window is w]:
                        d.showing = False
                        rec.dialogs.remove(d)

    # -- timers ----------------------------------------------------------------------------
    def post_delayed(self, seconds: float, callback: Callable[[], Any], package: str) -> None:
        if seconds < 0:
            raise ValueError(f"post_delayed: delay {seconds} must be >= 0")
        self._timer_seq += 1
        heapq.heappush(self._timers, (self.clock.now() + seconds, self._timer_seq, callback, package))

    def run_timers(self) -> None:
        now = self.clock.now()
        while self._timers and self._timers[0][0] <= now + 1e-9:
            _due, _seq, cb, pkg = heapq.heappop(self._timers)
            if pkg in self.processes:
                self._guard(pkg, cb)
        self._after_change()


def _fmt_ms(ms: int) -> str:
    """TimeUtils.formatDuration as used by the Displayed line: `345ms`, `1s234ms`."""
    if ms >= 1000:
        return f"{ms // 1000}s{ms % 1000:03d}ms"
    return f"{ms}ms"
