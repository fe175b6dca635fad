"""`content query|insert|delete --uri …` (AOSP's `ContentCommand`) and `cmd clipboard`'s text
commands, over the phone's content providers and clipboard.

Query output is the real tool's: one `Row: <n> col=value, col=value` line per row (NULL for
null), or `No result found.`; `--projection a:b`, `--where`, `--sort`; insert takes
`--bind name:type:value` (types b s i l f d n).
"""

from __future__ import annotations

from mobile_gym.sim.system.providers import ProviderError, Value, parse_uri
from mobile_gym.sim.system.shell.core import Proc

_USAGE = """usage: adb shell content [subcommand] [options]

usage: adb shell content insert --uri <URI> [--user <USER_ID>] --bind <BINDING> [--bind <BINDING>...]
  <URI> a content provider URI.
  <BINDING> binds a typed value to a column and is formatted:
  <COLUMN_NAME>:<TYPE>:<COLUMN_VALUE> where:
  <TYPE> specifies data type such as:
  b - boolean, s - string, i - integer, l - long, f - float, d - double, n - null
  Note: Omit the value for passing an empty string, e.g column:s:
  Example:
  # Add "new_setting" secure setting with value "new_value".
  adb shell content insert --uri content://settings/secure --bind name:s:new_setting --bind value:s:new_value

usage: adb shell content delete --uri <URI> [--user <USER_ID>] --where <WHERE>

usage: adb shell content query --uri <URI> [--user <USER_ID>] [--projection <PROJECTION>] [--where <WHERE>] [--sort <SORT_ORDER>]
  <PROJECTION> is a list of colon separated column names and is formatted:
  <COLUMN_NAME>[:<COLUMN_NAME>...]
  <SORT_ORDER> is the order in which rows in the result should be sorted."""


def _bind(spec: str) -> tuple[str, Value]:
    name, sep, rest = spec.partition(":")
    kind, sep2, raw = rest.partition(":")
    if not sep or not sep2 or not name:
        raise ValueError(f"Binding not well formed: {spec}")
    try:
        if kind == "s":
            return name, raw
        if kind in ("i", "l"):
            return name, int(raw)
        if kind in ("f", "d"):
            return name, float(raw)
        if kind == "b":
            return name, 1 if raw.lower() == "true" else 0
        if kind == "n":
            return name, None
    except ValueError:
        raise ValueError(f"Invalid value {raw!r} for a binding of type {kind}: {spec}") from None
    raise ValueError(f"Unsupported type: {kind}")


def _cell(value: Value) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, bytes):
        return "BLOB"
    if isinstance(value, float):
        return repr(value)
    return str(value)


def cmd_content(proc: Proc) -> int:
    args = proc.argv[1:]
    if not args or args[0] not in ("query", "insert", "delete"):
        proc.print(_USAGE)
        return 0 if not args or args[0] in ("help", "-h") else 1
    verb, rest = args[0], args[1:]
    uri: str | None = None
    projection: list[str] | None = None
    where: str | None = None
    sort: str | None = None
    binds: dict[str, Value] = {}
    i = 0
    try:
        while i < len(rest):
            opt = rest[i]
            if opt not in ("--uri", "--projection", "--where", "--sort", "--bind", "--user", "--show-type"):
                raise ValueError(f"Unsupported argument: {opt}")
            if i + 1 >= len(rest):
                raise ValueError(f"Argument expected after \"{opt}\"")
            value = rest[i + 1]
            if opt == "--uri":
                uri = value
            elif opt == "--projection":
                projection = [c for c in value.split(":") if c]
            elif opt == "--where":
                where = value
            elif opt == "--sort":
                sort = value
            elif opt == "--bind":
                name, val = _bind(value)
                binds[name] = val
            i += 2
        if uri is None:
            raise ValueError("Content provider URI not specified. Did you specify --uri argument?")
        if verb == "insert" and not binds:
            raise ValueError("Bindings not specified. Did you specify --bind argument(s)?")
    except ValueError as exc:
        proc.eprint(f"[ERROR] {exc}")
        proc.print(_USAGE)
        return 1
    resolver = proc.android.content
    try:
        authority = parse_uri(uri)[0]
    except ProviderError as exc:
        proc.eprint(f"Error while accessing provider:{uri}\njava.lang.IllegalArgumentException: {exc}")
        return 1
    try:
        if verb == "query":
            result = resolver.query(uri, projection, where, sort)
            if not result.rows:
                proc.print("No result found.")
            for n, row in enumerate(result.rows):
                cells = ", ".join(f"{c}={_cell(v)}" for c, v in zip(result.columns, row))
                proc.print(f"Row: {n} {cells}")
        elif verb == "insert":
            proc.android.am.notify_change(resolver.insert(uri, binds))
        else:
            resolver.delete(uri, where)
            proc.android.am.notify_change(uri)
    except ProviderError as exc:
        proc.eprint(f"Error while accessing provider:{authority}\njava.lang.IllegalArgumentException: {exc}")
        return 1
    return 0


def clipboard_command(proc: Proc, args: list[str]) -> int:
    """`cmd clipboard get-primary-clip-text | set-primary-clip-text TEXT | clear-primary-clip`
    (mobile_gym's text-only subset of the clipboard service's shell commands)."""
    clip = proc.android.clipboard
    if args[:1] == ["get-primary-clip-text"]:
        text = clip.get_text()
        proc.print("null" if text is None else text)
        return 0
    if args[:1] == ["set-primary-clip-text"] and len(args) > 1:
        clip.set_text(" ".join(args[1:]))
        return 0
    if args[:1] == ["clear-primary-clip"]:
        clip.clear()
        return 0
    proc.print("Clipboard service commands:\n  help\n    Print this help text.\n"
               "  get-primary-clip-text\n    Print the primary clip's text.\n"
               "  set-primary-clip-text TEXT\n    Set the primary clip to TEXT.\n"
               "  clear-primary-clip\n    Clear the primary clip.")
    return 0 if args[:1] in ([], ["help"]) else 255


def clipper_broadcast(proc: Proc, action: str | None, extras: dict) -> bool:
    """The Clipper helper's receivers (`clipper.set -e text …`, `clipper.get`); True if handled.
    Prints the result line Clipper's ordered broadcast reports."""
    clip = proc.android.clipboard
    if action == "clipper.set":
        clip.set_text(str(extras.get("text", "")), "ca.zgrs.clipper")
        proc.print('Broadcast completed: result=-1, data="Text is copied into clipboard."')
        return True
    if action == "clipper.get":
        text = clip.get_text()
        proc.print(f'Broadcast completed: result=-1, data="{"" if text is None else text}"')
        return True
    return False


COMMANDS = {"content": cmd_content}
