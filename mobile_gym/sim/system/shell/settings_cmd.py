"""`settings get|put|delete|list|reset` and `svc wifi|bluetooth|data enable|disable`."""

from __future__ import annotations

from mobile_gym.sim.system.shell.core import Proc

_SETTINGS_USAGE = """Settings provider (settings) commands:
  help
      Print this help text.
  get [--user <USER_ID> | current] NAMESPACE KEY
      Retrieve the current value of KEY.
  put [--user <USER_ID> | current] NAMESPACE KEY VALUE [TAG] [default]
      Change the contents of KEY to VALUE.
  delete [--user <USER_ID> | current] NAMESPACE KEY
      Delete the entry for KEY.
  reset [--user <USER_ID> | current] NAMESPACE {PACKAGE_NAME | RESET_MODE}
      Reset the global/secure table for a package with mode.
  list [--user <USER_ID> | current] NAMESPACE
      Print all defined keys.
      NAMESPACE is one of {system, secure, global}, case-insensitive"""


def cmd_settings(proc: Proc) -> int:
    args = proc.argv[1:]
    if args and args[0] == "--user":
        args = args[2:]
    if not args or args[0] in ("help", "-h"):
        proc.print(_SETTINGS_USAGE)
        return 0 if args else 255
    verb, rest = args[0], args[1:]
    if rest and rest[0] == "--user":
        rest = rest[2:]
    settings = proc.android.settings
    needs = {"get": 2, "put": 3, "delete": 2, "list": 1, "reset": 2}
    if verb not in needs:
        proc.eprint(f"Invalid command: {verb}")
        proc.print(_SETTINGS_USAGE)
        return 255
    if len(rest) < needs[verb] or rest[0].lower() not in ("system", "secure", "global"):
        proc.eprint("Invalid namespace" if rest and rest[0].lower() not in ("system", "secure", "global")
                    else "Invalid arguments")
        proc.print(_SETTINGS_USAGE)
        return 255
    ns = rest[0].lower()
    if verb == "get":
        value = settings.get(ns, rest[1])
        proc.print("null" if value is None else value)
    elif verb == "put":
        proc.android.settings.put(ns, rest[1], rest[2])
    elif verb == "delete":
        deleted = settings.delete(ns, rest[1])
        proc.print(f"Deleted {1 if deleted else 0} rows")
    elif verb == "list":
        for key, value in settings.items(ns):
            proc.print(f"{key}={value}")
    else:
        settings.reset(ns)
    return 0


def cmd_svc(proc: Proc) -> int:
    args = proc.argv[1:]
    services = {"wifi": ("global", "wifi_on"), "bluetooth": ("global", "bluetooth_on"),
                "data": ("global", "mobile_data")}
    if len(args) >= 2 and args[0] in services and args[1] in ("enable", "disable"):
        ns, key = services[args[0]]
        proc.android.settings.put(ns, key, "1" if args[1] == "enable" else "0")
        return 0
    if args and args[0] in services:
        proc.print(f"Control the {args[0]} manager\n\nusage: svc {args[0]} [enable|disable]")
        return 0
    proc.print("Available commands:\n    help     Show information about the subcommands\n"
               "    bluetooth Control Bluetooth service\n    data     Control mobile data connectivity\n"
               "    power    Control the power manager\n    usb      Control Usb state\n"
               "    wifi     Control the Wi-Fi manager")
    return 0


COMMANDS = {"settings": cmd_settings, "svc": cmd_svc}
