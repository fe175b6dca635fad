"""`am` (start, force-stop, kill, broadcast, stack list), `pm`, `monkey` and `cmd <service>`."""

from __future__ import annotations

from mobile_gym.sim.system.activity import Intent
from mobile_gym.sim.system.activity_manager import ActivityNotFound
from mobile_gym.sim.system.packages import full_class, short_component
from mobile_gym.sim.system.shell.content_cmd import clipboard_command, clipper_broadcast
from mobile_gym.sim.system.shell.core import Proc, UsageError

#: System providers whose data `pm clear` wipes.
PROVIDER_PACKAGES = ("com.android.providers.telephony", "com.android.providers.contacts")

_EXTRA_TYPES = {"--es": str, "-e": str, "--ei": int, "--el": int, "--ef": float, "--ed": float,
                "--ez": "bool", "--eu": str, "--esn": None}


def parse_intent(args: list[str]) -> tuple[Intent, set[str]]:
    """The `am start` intent arguments: -n -a -d -t -c -f -e/--es/--ei/--ez/--el/--ef, URI, flags."""
    intent = Intent()
    options: set[str] = set()
    cats: list[str] = []
    i = 0

    def value(opt: str) -> str:
        nonlocal i
        i += 1
        if i >= len(args):
            raise UsageError(f"Exception occurred while executing 'start':\n"
                             f"java.lang.IllegalArgumentException: No argument supplied for option {opt}", 255)
        return args[i]
    while i < len(args):
        a = args[i]
        if a == "-n":
            comp = value(a)
            pkg, sep, cls = comp.partition("/")
            if not sep or not pkg or not cls:
                raise UsageError(f"Exception occurred while executing 'start':\n"
                                 f"java.lang.IllegalArgumentException: Bad component name: {comp}", 255)
            intent.component = f"{pkg}/{full_class(pkg, cls)}"
        elif a == "-a":
            intent.action = value(a)
        elif a == "-d":
            intent.data = value(a)
        elif a == "-t":
            intent.mime_type = value(a)
        elif a == "-c":
            cats.append(value(a))
        elif a == "-p":
            intent.package = value(a)
        elif a == "-f":
            raw = value(a)
            intent.flags |= int(raw, 0)
        elif a in _EXTRA_TYPES:
            key = value(a)
            if _EXTRA_TYPES[a] is None:
                intent.extras[key] = None
            else:
                raw = value(a)
                kind = _EXTRA_TYPES[a]
                if kind == "bool":
                    intent.extras[key] = raw.lower() in ("true", "t", "1")
                else:
                    try:
                        intent.extras[key] = kind(raw)  # type: ignore[operator]
                    except ValueError:
                        raise UsageError(f"Exception occurred while executing 'start':\n"
                                         f"java.lang.NumberFormatException: For input string: \"{raw}\"", 255) from None
        elif a in ("-W", "-S", "-D", "-N", "--wait"):
            options.add(a)
        elif a in ("--user", "-R", "-P", "--start-profiler", "--display", "--windowingMode", "--activityType"):
            value(a)
        elif a.startswith("--activity-") or a.startswith("--receiver-") or a in ("--grant-read-uri-permission",
                                                                                  "--grant-write-uri-permission"):
            flag_map = {"--activity-clear-top": 0x04000000, "--activity-single-top": 0x20000000,
                        "--activity-new-task": 0x10000000, "--activity-clear-task": 0x00008000,
                        "--activity-no-history": 0x40000000, "--activity-reorder-to-front": 0x00020000}
            intent.flags |= flag_map.get(a, 0)
        elif a.startswith("-"):
            raise UsageError(f"Error: Unknown option: {a}", 255)
        else:
            if "/" in a and ":" not in a and intent.component is None and not a.startswith("/"):
                pkg, _, cls = a.partition("/")
                intent.component = f"{pkg}/{full_class(pkg, cls)}"
            else:
                intent.data = a
        i += 1
    intent.categories = tuple(cats)
    return intent, options


def _start(proc: Proc, args: list[str]) -> int:
    intent, options = parse_intent(args)
    if intent.component is None and intent.action is None and intent.data is None and not intent.categories:
        raise UsageError("Exception occurred while executing 'start':\n"
                         "java.lang.IllegalArgumentException: No intent supplied", 255)
    intent.flags |= 0x10000000
    android = proc.android
    am = android.am
    proc.print(f"Starting: Intent {{ {intent.short_string()} }}")
    if "-S" in options and intent.component is not None:
        am.force_stop(intent.component.split("/", 1)[0])
    try:
        result = am.start(intent, caller_uid=2000)
    except ActivityNotFound as exc:
        msg = str(exc)
        if msg.startswith("No Activity found"):
            proc.eprint(f"Error: Activity not started, unable to resolve Intent {{ {intent.short_string()} }}")
        else:
            proc.eprint("Error type 3")
            proc.eprint(f"Error: {msg}")
        return 1
    pkg, cls = result.component.split("/", 1)
    if result.brought_to_front:
        proc.print("Warning: Activity not started, its current task has been brought to the front")
    if "-W" in options:
        proc.print("Status: ok")
        proc.print(f"LaunchState: {result.launch_state}")
        proc.print(f"Activity: {short_component(pkg, cls)}")
        proc.print(f"TotalTime: {result.total_time_ms}")
        proc.print(f"WaitTime: {result.total_time_ms + 7}")
        proc.print("Complete")
    return 0


def cmd_am(proc: Proc) -> int:
    args = proc.argv[1:]
    if not args or args[0] in ("help", "-h"):
        proc.print("Activity manager (activity) commands:\n  help\n      Print this help text.\n"
                   "  start-activity [-D] [-N] [-W] [-P <FILE>] [--start-profiler <FILE>] ... <INTENT>\n"
                   "      Start an Activity.\n  force-stop [--user <USER_ID> | all | current] <PACKAGE>\n"
                   "      Completely stop the given application package.\n"
                   "  broadcast [--user <USER_ID> | all | current] <INTENT>\n      Send a broadcast Intent.\n"
                   "  stack list\n      List all of the activity stacks and their sizes.")
        return 0
    verb, rest = args[0], args[1:]
    am = proc.android.am
    if verb in ("start", "start-activity"):
        return _start(proc, rest)
    if verb in ("force-stop", "kill", "stop-app"):
        pkgs = [a for a in rest if not a.startswith("--")]
        if rest and rest[0] == "--user":
            pkgs = rest[2:]
        if not pkgs:
            raise UsageError(f"Exception occurred while executing '{verb}':\n"
                             "java.lang.IllegalArgumentException: Argument expected after \"" + verb + "\"", 255)
        am.force_stop(pkgs[0])  # unknown packages are ignored, as on a device
        return 0
    if verb == "broadcast":
        intent, _ = parse_intent(rest)
        proc.print(f"Broadcasting: Intent {{ {intent.short_string()} }}")
        if not clipper_broadcast(proc, intent.action, intent.extras):
            proc.print("Broadcast completed: result=0")
        return 0
    if verb == "stack" and rest[:1] == ["list"]:
        proc.write(stack_list(proc))
        return 0
    if verb in ("stack", "task") and rest[:1] == ["remove"]:
        return _remove_task(proc, verb, rest[1:])
    if verb == "get-current-user":
        proc.print("0")
        return 0
    proc.eprint(f"Unknown command: {verb}")
    return 255


def _remove_task(proc: Proc, verb: str, ids: list[str]) -> int:
    """`am stack remove ID` / `am task remove ID` (AndroidWorld's close_recents): removes the
    task from recents, destroying its activities; an unknown id does nothing, as on Android 13."""
    if len(ids) != 1:
        raise UsageError(f"Exception occurred while executing '{verb}':\n"
                         "java.lang.IllegalArgumentException: Argument expected after \"remove\"", 255)
    if not ids[0].lstrip("-").isdigit():
        raise UsageError(f"Exception occurred while executing '{verb}':\n"
                         f"java.lang.NumberFormatException: For input string: \"{ids[0]}\"", 255)
    am = proc.android.am
    task_id = int(ids[0])
    if any(t.task_id == task_id and t.affinity != am.home_package for t in am.tasks):  # home stays
        am.remove_task(task_id)
    return 0


def stack_list(proc: Proc) -> str:
    """`am stack list` (android_env greps `visible=true` and the ComponentInfo)."""
    am = proc.android.am
    w, h = proc.android.screen_size
    lines = []
    for n, task in enumerate(am.tasks):
        top = task.top
        if top is None:
            continue
        visible = n == 0 and not am.recents_visible
        kind = "home" if task.affinity == am.home_package else "standard"
        lines.append(f"RootTask id={task.task_id} bounds=[0,0][{w},{h}] displayId=0 userId=0")
        lines.append(f" configuration={{1.0 ?mcc?mnc [en_US] ldltr sw411dp w411dp h914dp 420dpi nrml long port "
                     f"finger -keyb/v/h -nav/h winConfig={{ mBounds=Rect(0, 0 - {w}, {h}) mWindowingMode=fullscreen "
                     f"mActivityType={kind}}} s.{task.task_id}}}")
        lines.append(f"  taskId={task.task_id}: {top.component} bounds=[0,0][{w},{h}] userId=0 "
                     f"visible={'true' if visible else 'false'} topActivity=ComponentInfo{{{top.component}}}")
        lines.append("")
    return "\n".join(lines) + ("\n" if lines else "")


def cmd_pm(proc: Proc) -> int:
    args = proc.argv[1:]
    android = proc.android
    pm = android.packages
    if not args:
        proc.print("Package manager (package) commands:\n  list packages [-f] [-d] [-e] [-s] [-3] [FILTER]\n"
                   "  clear PACKAGE\n  path PACKAGE\n  grant PACKAGE PERMISSION\n  revoke PACKAGE PERMISSION")
        return 0
    verb, rest = args[0], args[1:]
    if verb == "list" and rest[:1] in (["packages"], ["package"]):
        flags = {a for a in rest[1:] if a.startswith("-")}
        filters = [a for a in rest[1:] if not a.startswith("-")]
        names = pm.all_package_names()
        if "-3" in flags:
            names = [n for n in names
                     if (info := pm.get(n)) is not None and not getattr(info.app_class, "system_app", False)]
        if "-s" in flags:
            names = [n for n in names
                     if (info := pm.get(n)) is None or getattr(info.app_class, "system_app", False)]
        if filters:
            names = [n for n in names if filters[0] in n]
        for n in names:
            prefix = f"package:/data/app/{n}-1/base.apk=" if "-f" in flags else "package:"
            info = pm.get(n)
            proc.print(prefix + n + (f" uid:{info.uid}" if "-U" in flags and info else ""))
        return 0
    if verb == "clear":
        pkgs = [a for a in rest if not a.startswith("--")]
        if rest[:1] == ["--user"]:
            pkgs = rest[2:]
        if not pkgs:
            raise UsageError("Error: no package specified", 1)
        if pkgs[0] in PROVIDER_PACKAGES:  # a system provider's data (its databases) is wiped
            data_dir = f"/data/data/{pkgs[0]}"
            if android.storage.exists(data_dir):
                android.storage.remove(data_dir, recursive=True)
            proc.print("Success")
            return 0
        if android.am.clear(pkgs[0]):
            proc.print("Success")
            return 0
        proc.print("Failed")
        return 1
    if verb == "path":
        if not rest or pm.get(rest[-1]) is None:
            return 1
        proc.print(f"package:/data/app/{rest[-1]}-1/base.apk")
        return 0
    if verb in ("grant", "revoke"):
        pkgs = [a for a in rest if not a.startswith("--")]
        if len(pkgs) < 2:
            raise UsageError("Error: no permission specified", 1)
        if pm.get(pkgs[0]) is None:
            raise UsageError(f"Exception occurred while executing '{verb}':\n"
                             f"java.lang.IllegalArgumentException: Unknown package: {pkgs[0]}", 255)
        return 0
    if verb in ("install", "install-multiple", "uninstall"):
        proc.eprint(f"Failure [the simulator installs apps from Python classes; '{verb}' is not available]")
        return 1
    proc.eprint(f"Unknown command: {verb}")
    return 255


#: Launches one `monkey` call makes; each event of a real monkey run is a launch here, and a
#: count in the millions would only repeat the first one.
MONKEY_MAX_LAUNCHES = 100


def cmd_monkey(proc: Proc) -> int:
    """`monkey -p PKG -c android.intent.category.LAUNCHER 1`: launch an app (the only use tasks
    make); a count above MONKEY_MAX_LAUNCHES launches that many times."""
    args = proc.argv[1:]
    pkgs: list[str] = []
    cats: list[str] = []
    count = None
    i = 0
    while i < len(args):
        a = args[i]
        if a == "-p" and i + 1 < len(args):
            pkgs.append(args[i + 1])
            i += 2
            continue
        if a == "-c" and i + 1 < len(args):
            cats.append(args[i + 1])
            i += 2
            continue
        if a in ("-s", "--throttle", "--pct-touch", "--pct-motion", "--pct-syskeys", "--pct-appswitch") \
                and i + 1 < len(args):
            i += 2
            continue
        if a.startswith("-"):
            if a not in ("-v", "--ignore-crashes", "--ignore-timeouts", "--ignore-security-exceptions"):
                proc.eprint(f"** Error: Unknown option: {a}")
                return 1
            i += 1
            continue
        try:
            count = int(a)
        except ValueError:
            proc.eprint(f"** Error: Invalid argument: {a}")
            return 1
        i += 1
    if count is None:
        proc.eprint("** Error: Count not specified")
        return 1
    for a in args:
        proc.print(f"  bash arg: {a}")
    proc.print(f"args: [{', '.join(args)}]")
    for a in args:
        proc.print(f' arg: "{a}"')
    for p in pkgs:
        proc.print(f'data="{p}"')
    for c in cats:
        proc.print(f'data="{c}"')
    pm = proc.android.packages
    targets = [pm.get(p) for p in pkgs] if pkgs else pm.launchable()
    targets = [t for t in targets if t is not None and t.launcher_component is not None]
    if not targets:
        proc.print("** No activities found to run, monkey aborted.")
        return 252
    info = targets[0]
    launched = 0
    for _ in range(min(count, MONKEY_MAX_LAUNCHES)):
        proc.android.am.start(Intent(component=info.launcher_component, action="android.intent.action.MAIN",
                                     categories=("android.intent.category.LAUNCHER",), flags=0x10200000),
                              caller_uid=2000)
        launched += 1
    proc.print(f"Events injected: {launched}")
    proc.print("## Network stats: elapsed time=12ms (0ms mobile, 0ms wifi, 12ms not connected)")
    return 0


def cmd_cmd(proc: Proc) -> int:
    """`cmd <service> …` routed to the matching command."""
    args = proc.argv[1:]
    if not args:
        proc.print("cmd: No service specified; use -l to list all running services. "
                   "Use -w to start and wait for a service.")
        return 20
    if args[0] == "-l":
        for s in ("activity", "bluetooth_manager", "clipboard", "input", "package", "settings", "statusbar", "wifi", "window"):
            proc.print(s)
        return 0
    service, rest = args[0], args[1:]
    table = proc.shell.commands
    routes = {"package": "pm", "activity": "am", "settings": "settings", "input": "input", "window": "wm"}
    if service in routes:
        sub = Proc(proc.android, proc.shell, [routes[service]] + rest, proc.input, proc.out, proc.err)
        return table[routes[service]](sub)
    if service == "clipboard":
        return clipboard_command(proc, rest)
    if service == "wifi" and rest[:1] == ["set-wifi-enabled"] and len(rest) > 1:
        proc.android.settings.put("global", "wifi_on", "1" if rest[1] == "enabled" else "0")
        return 0
    if service == "wifi" and rest[:1] == ["status"]:
        on = proc.android.settings.is_on("global", "wifi_on")
        proc.print("Wifi is enabled" if on else "Wifi is disabled")
        return 0
    if service == "bluetooth_manager" and rest[:1] in (["enable"], ["disable"]):
        proc.android.settings.put("global", "bluetooth_on", "1" if rest[0] == "enable" else "0")
        return 0
    proc.eprint(f"cmd: Can't find service: {service}")
    return 20


COMMANDS = {"am": cmd_am, "pm": cmd_pm, "monkey": cmd_monkey, "cmd": cmd_cmd}
