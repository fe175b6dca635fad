"""System information: dumpsys (activity, window, display, input, package, battery, wifi), wm,
getprop, setprop, date, ps, pidof."""

from __future__ import annotations

import re
import zlib
from datetime import datetime, timezone

from mobile_gym.sim.system.activity_manager import SYSTEM_SERVER_PID
from mobile_gym.sim.system.packages import PackageInfo, short_component
from mobile_gym.sim.system.shell.core import Proc, UsageError


def _installed(proc: Proc, package: str) -> PackageInfo:
    """The package of a task or activity record (installed while it has activities)."""
    info = proc.android.packages.get(package)
    assert info is not None, f"{package} has activities but is not installed"
    return info


def _record_line(rec) -> str:  # type: ignore[no-untyped-def]
    return f"ActivityRecord{{{rec.token} u0 {rec.short_name} t{rec.task.task_id}}}"


def _dumpsys_recents(proc: Proc) -> None:
    """`dumpsys activity recents`: the task records, then the "Visible recent tasks" list whose
    ` id=N` lines AndroidWorld's close_recents collects for `am stack remove`."""
    am = proc.android.am
    tasks = am.recent_tasks()
    proc.print("ACTIVITY MANAGER RECENT TASKS (dumpsys activity recents)")
    proc.print("  Recent tasks:")
    for n, task in enumerate(tasks):
        uid = _installed(proc, task.affinity).uid
        proc.print(f"  * Recent #{n}: Task{{{am.token(f'task{task.task_id}')} #{task.task_id} type=standard "
                   f"A={uid}:{task.affinity} U=0 sz={len(task.records)}}}")
        proc.print(f"    userId=0 effectiveUid=u0a{uid - 10000} mCallingUid=u0a{uid - 10000} "
                   f"mUserSetupComplete=true mCallingPackage={task.affinity}")
        proc.print(f"    taskId={task.task_id} rootTaskId={task.task_id}")
    proc.print("")
    proc.print("  Visible recent tasks (most recent first):")
    for n, task in enumerate(tasks):
        root = task.records[0].short_name if task.records else task.affinity
        proc.print(f"  * RecentTaskInfo #{n}:")
        proc.print(f"    id={task.task_id} userId=0 hasTask=true")
        proc.print(f"    baseIntent=Intent {{ act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER]"
                   f" flg=0x10000000 cmp={root} }}")


def _dumpsys_activities(proc: Proc) -> None:
    am = proc.android.am
    w, h = proc.android.screen_size
    proc.print("ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)")
    proc.print("Display #0 (activities from top to bottom):")
    for task in am.tasks:
        home = task.affinity == am.home_package
        visible = task is am.front_task and not am.recents_visible
        proc.print(f"  * Task{{{am.token(f'task{task.task_id}')} #{task.task_id} type={'home' if home else 'standard'} "
                   f"A={_installed(proc, task.affinity).uid}:{task.affinity} U=0 visible="
                   f"{'true' if visible else 'false'} visibleRequested={'true' if visible else 'false'} "
                   f"mode=fullscreen translucent=false sz={len(task.records)}}}")
        proc.print(f"    mBounds=Rect(0, 0 - {w}, {h})")
        top = task.top
        if top is not None:
            proc.print(f"    topResumedActivity={_record_line(top)}" if top.resumed else
                       f"    mLastPausedActivity: {_record_line(top)}")
        for n, rec in reversed(list(enumerate(task.records))):
            proc.print(f"    * Hist  #{n}: {_record_line(rec)}")
            intent = rec.intent
            proc.print(f"      Intent {{ {intent.short_string()} }}")
            pid = am.pid_of(rec.package)
            proc.print(f"      ProcessRecord{{{am.token('proc' + rec.package)} {pid}:{rec.package}/"
                       f"{_installed(proc, rec.package).user_id_text}}}")
        proc.print("")
    resumed = am.top_record
    if resumed is not None and resumed.resumed:
        proc.print(f"  ResumedActivity: {_record_line(resumed)}")
        proc.print(f"  mFocusedApp={_record_line(resumed)}")
    proc.print("")
    proc.print("  mCurTask=" + str(am.front_task.task_id if am.front_task else -1))


def _dumpsys_top(proc: Proc) -> None:
    am = proc.android.am
    proc.print("TASK dumpsys activity top")
    rec = am.top_record
    if rec is None:
        return
    task = rec.task
    info = _installed(proc, task.affinity)
    proc.print(f"TASK {info.uid}:{task.affinity} id={task.task_id} userId=0")
    proc.print(f"  ACTIVITY {rec.short_name} {rec.token} pid={am.pid_of(rec.package)}")
    proc.print("    Local Activity " + rec.token + " State:")
    proc.print(f"      mResumed={'true' if rec.resumed else 'false'} mStopped=false mFinished="
               f"{'true' if rec.finishing else 'false'}")
    proc.print("    View Hierarchy:")
    if rec.window is not None:
        _dump_views(proc, rec.window.root, 6)


def _dump_views(proc: Proc, view, indent: int) -> None:  # type: ignore[no-untyped-def]
    b = view.bounds
    vis = {"visible": "V", "invisible": "I", "gone": "G"}[view.visibility]
    flags = vis + ("F" if view.focusable else ".") + ("E" if view.enabled else ".") + "." + \
        ("C" if view.clickable else ".") + ("L" if view.long_clickable else ".")
    vid = f" #{zlib.crc32(view.id.encode()) % 0xFFFFFF:x} {view.id}" if view.id else ""
    proc.print(" " * indent + f"{type(view).__name__}{{{flags} {b.left},{b.top}-{b.right},{b.bottom}{vid}}}")
    for child in view.children:
        _dump_views(proc, child, indent + 2)


def _window_line(proc: Proc, w) -> str:  # type: ignore[no-untyped-def]
    am = proc.android.am
    title = w.title or w.package
    return f"Window{{{am.token('win' + title)} u0 {title}}}"


def _dumpsys_windows(proc: Proc) -> None:
    android = proc.android
    wm = android.wm
    proc.print("WINDOW MANAGER WINDOWS (dumpsys window windows)")
    for n, w in enumerate(reversed(wm.windows)):
        proc.print(f"  Window #{n} {_window_line(proc, w)}:")
        proc.print(f"    mDisplayId=0 rootTaskId=1 mSession=Session{{{android.am.token('session' + w.package)} "
                   f"{SYSTEM_SERVER_PID}:u0a10000}} mClient=android.os.BinderProxy")
        proc.print(f"    mOwnerUid=1000 showForAllUsers=false package={w.package} appop=NONE")
        f = w.frame
        proc.print(f"    mFrame={f.short_string()} last={f.short_string()}")
        proc.print(f"    isOnScreen=true isVisible={'true' if w.visible else 'false'}")
    proc.print("")
    focus = _focus_window(proc)
    proc.print(f"  mCurrentFocus={focus}")
    rec = android.am.top_record
    if rec is not None:
        proc.print(f"  mFocusedApp={_record_line(rec)}")
    proc.print(f"  mInputMethodTarget={focus if android.ime.shown else 'null'}")


def _focus_window(proc: Proc) -> str:
    android = proc.android
    am = android.am
    if am.recents_visible:
        comp = am.current()
        return f"Window{{{am.token('winrecents')} u0 {comp}}}"
    fw = android.wm.focused_window
    if fw is None:
        return "null"
    rec = am.top_record
    if rec is not None and fw.package == rec.package:
        # the activity window's title is the full component name (pkg/pkg.Act)
        return f"Window{{{am.token('win' + rec.component)} u0 {rec.component}}}"
    return _window_line(proc, fw)


def _dumpsys_display(proc: Proc) -> None:
    w, h = proc.android.screen_size
    d = proc.android.density
    proc.print("DISPLAY MANAGER (dumpsys display)")
    proc.print("  mOnlyCode=false")
    proc.print("  mSafeMode=false")
    proc.print("  mPendingTraversal=false")
    proc.print("  mGlobalDisplayState=ON")
    proc.print("")
    proc.print("Display Devices: size=1")
    proc.print(f"  DisplayDeviceInfo{{\"Built-in Screen\": uniqueId=\"local:4619827259835644672\", {w} x {h}, "
               f"modeId 1, defaultModeId 1, supportedModes [{{id=1, width={w}, height={h}, fps=60.0}}], "
               f"density {d}, {d}.0 x {d}.0 dpi, appVsyncOff 1000000, presDeadline 16666666, touch INTERNAL, "
               f"rotation 0, type INTERNAL, state ON, FLAG_DEFAULT_DISPLAY, FLAG_ROTATES_WITH_CONTENT, "
               f"FLAG_SECURE, FLAG_SUPPORTS_PROTECTED_BUFFERS}}")
    proc.print("")
    proc.print("Logical Displays: size=1")
    proc.print("  Display 0:")
    proc.print("    mDisplayId=0")
    proc.print(f"    mBaseDisplayInfo=DisplayInfo{{\"Built-in Screen\", displayId 0, real {w} x {h}, "
               f"largest app {w} x {h}, smallest app {w} x {h}, appVsyncOff 1000000, rotation 0, "
               f"density {d} ({d}.0 x {d}.0) dpi, layerStack 0, type INTERNAL, state ON}}")
    proc.print(f"  mDefaultViewport=DisplayViewport{{type=INTERNAL, valid=true, isActive=true, displayId=0, "
               f"uniqueId='local:4619827259835644672', physicalPort=0, orientation=0, logicalFrame=Rect(0, 0 - {w}, {h}), "
               f"physicalFrame=Rect(0, 0 - {w}, {h}), deviceWidth={w}, deviceHeight={h}}}")


def _dumpsys_input(proc: Proc) -> None:
    w, h = proc.android.screen_size
    proc.print("INPUT MANAGER (dumpsys input)")
    proc.print("")
    proc.print("Input Manager State:")
    proc.print("  Interactive: true")
    proc.print("Event Hub State:")
    proc.print("  BuiltInKeyboardId: -2")
    proc.print("Input Reader State (Nums of device: 1):")
    proc.print("  Device 1: virtio_input_multi_touch_1")
    proc.print("    Touch Input Mapper (mode - DIRECT):")
    proc.print("      Viewport INTERNAL: displayId=0, orientation=0")
    proc.print(f"      SurfaceWidth: {w}px")
    proc.print(f"      SurfaceHeight: {h}px")
    proc.print("      SurfaceOrientation: 0")
    proc.print("      InputDeviceOrientation: 0")


def _dumpsys_package(proc: Proc, pkg: str) -> None:
    info = proc.android.packages.get(pkg)
    if info is None:
        return
    app = info.app_class
    proc.print("Packages:")
    proc.print(f"  Package [{pkg}] ({proc.android.am.token('pkg' + pkg)}):")
    proc.print(f"    userId={info.uid}")
    proc.print(f"    pkg=Package{{{proc.android.am.token('pkgobj' + pkg)} {pkg}}}")
    proc.print(f"    codePath=/data/app/{pkg}-1")
    proc.print(f"    versionCode={app.version_code} minSdk=21 targetSdk=33")
    proc.print(f"    versionName={app.version_name}")
    proc.print(f"    dataDir=/data/user/0/{pkg}")
    proc.print("    Activities:")
    for full in info.activities:
        proc.print(f"      {short_component(pkg, full)}")


def cmd_dumpsys(proc: Proc) -> int:
    args = proc.argv[1:]
    if not args:
        raise UsageError("dumpsys: a service name is needed (activity, window, display, input, package, battery)", 1)
    service, rest = args[0], args[1:]
    sub = rest[0] if rest else ""
    if service == "activity":
        if sub in ("activities", "a", ""):
            _dumpsys_activities(proc)
        elif sub == "top":
            _dumpsys_top(proc)
        elif sub in ("recents", "r"):
            _dumpsys_recents(proc)
        elif sub in ("processes", "p"):
            proc.print("ACTIVITY MANAGER RUNNING PROCESSES (dumpsys activity processes)")
            for pkg, pr in proc.android.am.processes.items():
                proc.print(f"  *APP* UID {pr.info.uid} ProcessRecord{{{proc.android.am.token('proc' + pkg)} "
                           f"{pr.pid}:{pkg}/{pr.info.user_id_text}}}")
        elif proc.android.packages.get(sub) is not None:
            _dumpsys_top(proc)
        else:
            _dumpsys_activities(proc)
        return 0
    if service == "window":
        if sub in ("windows", "w", ""):
            _dumpsys_windows(proc)
        elif sub in ("displays", "d"):
            w, h = proc.android.screen_size
            proc.print("WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)")
            proc.print(f"  Display: mDisplayId=0 rootTasks={len(proc.android.am.tasks)}")
            proc.print(f"    init={w}x{h} {proc.android.density}dpi cur={w}x{h} app={w}x{h} rng={w}x{w}-{h}x{h}")
            proc.print(f"  mCurrentFocus={_focus_window(proc)}")
        else:
            _dumpsys_windows(proc)
        return 0
    if service == "display":
        _dumpsys_display(proc)
        return 0
    if service == "input":
        _dumpsys_input(proc)
        return 0
    if service == "package":
        if rest:
            _dumpsys_package(proc, rest[-1])
        return 0
    if service == "battery":
        proc.print("Current Battery Service state:\n  AC powered: true\n  USB powered: false\n"
                   "  Wireless powered: false\n  Max charging current: 0\n  status: 2\n  health: 2\n"
                   "  present: true\n  level: 100\n  scale: 100\n  voltage: 5000\n  temperature: 250\n"
                   "  technology: Li-ion")
        return 0
    if service == "wifi":
        on = proc.android.settings.is_on("global", "wifi_on")
        proc.print(f"Wi-Fi is {'enabled' if on else 'disabled'}")
        return 0
    proc.eprint(f"Can't find service: {service}")
    return 0


def cmd_wm(proc: Proc) -> int:
    args = proc.argv[1:]
    w, h = proc.android.screen_size
    if args[:1] == ["size"] and len(args) == 1:
        proc.print(f"Physical size: {w}x{h}")
        return 0
    if args[:1] == ["density"] and len(args) == 1:
        proc.print(f"Physical density: {proc.android.density}")
        return 0
    if args[:1] in (["size"], ["density"]):
        proc.eprint(f"Error: the simulated display cannot change its {args[0]} (the Pixel 6 geometry is fixed)")
        return 1
    if args[:1] == ["user-rotation"]:
        proc.print("lock 0")
        return 0
    proc.print("Window manager (window) commands:\n  help\n  size [reset|WxH|WdpxHdp] [-d DISPLAY_ID]\n"
               "    Return or override display size.\n  density [reset|DENSITY] [-d DISPLAY_ID]\n"
               "    Return or override display density.")
    return 0 if not args else 255


def cmd_getprop(proc: Proc) -> int:
    props = proc.android.props
    args = proc.argv[1:]
    if not args:
        for k in sorted(props):
            proc.print(f"[{k}]: [{props[k]}]")
        return 0
    proc.print(props.get(args[0], args[1] if len(args) > 1 else ""))
    return 0


def cmd_setprop(proc: Proc) -> int:
    args = proc.argv[1:]
    if len(args) != 2:
        raise UsageError("usage: setprop NAME VALUE\n\nSets an Android system property.", 1)
    name, value = args
    if name.startswith("ro.") and name in proc.android.props:
        proc.eprint(f"Failed to set property '{name}' to '{value}'.\nSee dmesg for error reason.")
        return 1
    proc.android.props[name] = value
    return 0


_TOYBOX_DATE = "%a %b %e %H:%M:%S %Z %Y"


def cmd_date(proc: Proc) -> int:
    args = proc.argv[1:]
    clock = proc.android.clock
    fmt = None
    to_set = None
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("-u", "--utc"):
            pass
        elif a == "-s" and i + 1 < len(args):
            to_set = args[i + 1]
            i += 1
        elif a.startswith("+"):
            fmt = a[1:]
        elif a.startswith("@") or re.fullmatch(r"\d{8}(\d{2}|\d{4})?(\.\d{2})?", a):
            to_set = a
        else:
            proc.eprint(f"date: bad date '{a}'")
            return 1
        i += 1
    if to_set is not None:
        when = _parse_set(to_set, clock.datetime())
        if when is None:
            proc.eprint(f"date: bad date '{to_set}'")
            return 1
        clock.set(when.timestamp())
    now = clock.datetime()
    out = now.strftime(fmt.replace("%s", str(int(clock.now())))) if fmt is not None else now.strftime(_TOYBOX_DATE)
    proc.print(out)
    return 0


def _parse_set(text: str, now: datetime) -> datetime | None:
    if text.startswith("@"):
        try:
            return datetime.fromtimestamp(float(text[1:]), tz=timezone.utc)
        except ValueError:
            return None
    m = re.fullmatch(r"(\d{2})(\d{2})(\d{2})(\d{2})(\d{2}|\d{4})?(?:\.(\d{2}))?", text)
    if m:
        mon, day, hh, mm, year, ss = m.groups()
        y = now.year if year is None else (int(year) if len(year) == 4 else 2000 + int(year))
        try:
            return datetime(y, int(mon), int(day), int(hh), int(mm), int(ss or 0), tzinfo=timezone.utc)
        except ValueError:
            return None
    for pattern in ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%d"):
        try:
            return datetime.strptime(text, pattern).replace(tzinfo=timezone.utc)
        except ValueError:
            continue
    return None


def cmd_ps(proc: Proc) -> int:
    am = proc.android.am
    proc.print("USER           PID  PPID     VSZ    RSS WCHAN            ADDR S NAME                       ")
    proc.print(f"system        {SYSTEM_SERVER_PID:5d}   300 14570648 233680 0                   0 S system_server")
    for pkg, pr in am.processes.items():
        user = f"u0_a{pr.info.uid - 10000}"
        proc.print(f"{user:<12s} {pr.pid:5d}   300 13981568 112540 0                   0 S {pkg}")
    return 0


def cmd_pidof(proc: Proc) -> int:
    am = proc.android.am
    pids = [str(am.pid_of(p)) for p in proc.argv[1:] if am.pid_of(p) is not None]
    if proc.argv[1:] == ["system_server"]:
        pids = [str(SYSTEM_SERVER_PID)]
    if not pids:
        return 1
    proc.print(" ".join(pids))
    return 0


COMMANDS = {"dumpsys": cmd_dumpsys, "wm": cmd_wm, "getprop": cmd_getprop, "setprop": cmd_setprop, "date": cmd_date,
            "ps": cmd_ps, "pidof": cmd_pidof}
