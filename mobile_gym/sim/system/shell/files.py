"""File commands (toybox formats): ls, cat, rm, mkdir, rmdir, touch, cp, mv, stat, pwd, cd."""

from __future__ import annotations

import posixpath
from collections.abc import Callable
from datetime import datetime, timezone

from mobile_gym.sim.system.shell.core import Proc, UsageError, _reason
from mobile_gym.sim.system.storage import DirEntry, normalize


def split_flags(proc: Proc, allowed: str, with_value: str = "") -> tuple[set[str], dict[str, str], list[str]]:
    """Toybox-style option parsing: combined short flags, `--` ends options."""
    flags: set[str] = set()
    values: dict[str, str] = {}
    args: list[str] = []
    argv = proc.argv[1:]
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--":
            args.extend(argv[i + 1:])
            break
        if a.startswith("-") and len(a) > 1 and not a[1:].lstrip("-").isdigit():
            j = 1
            while j < len(a):
                ch = a[j]
                if ch in with_value:
                    rest = a[j + 1:]
                    if not rest:
                        i += 1
                        if i >= len(argv):
                            raise UsageError(f"{proc.argv[0]}: Needs 1 argument")
                        rest = argv[i]
                    values[ch] = rest
                    break
                if ch not in allowed:
                    raise UsageError(f"{proc.argv[0]}: Unknown option '{a[j:] if a.startswith('--') else ch}'")
                flags.add(ch)
                j += 1
        else:
            args.append(a)
        i += 1
    return flags, values, args


def _owner(path: str, proc: Proc | None = None) -> tuple[str, str]:
    """Owner and group as `ls -l` shows them: the app's user inside /data/data/<pkg>."""
    parts = path.split("/")
    if len(parts) > 3 and parts[1] == "data" and parts[2] == "data":
        info = proc.android.packages.get(parts[3]) if proc is not None else None
        user = f"u0_a{info.uid - 10000}" if info is not None else "system"
        return user, user
    if path.startswith("/storage"):
        return "root", "sdcard_rw"
    return "root", "root"


def _mode(entry: DirEntry) -> str:
    return "drwxrwx--x" if entry.is_dir else "-rw-rw----"


def _long_line(path: str, entry: DirEntry, name: str, proc: Proc | None = None) -> str:
    owner, group = _owner(path, proc)
    stamp = datetime.fromtimestamp(entry.mtime, tz=timezone.utc).strftime("%Y-%m-%d %H:%M")
    links = 2 if entry.is_dir else 1
    return f"{_mode(entry)} {links} {owner} {group} {entry.size} {stamp} {name}"


def cmd_ls(proc: Proc) -> int:
    flags, _, args = split_flags(proc, "laA1dRtrshFi")
    storage = proc.android.storage
    targets = args or ["."]
    code = 0
    blocks: list[tuple[str, list[str]]] = []
    single: list[str] = []
    for target in targets:
        path = proc.path(target)
        try:
            entry = storage.stat(path)
        except (OSError, ValueError) as exc:
            proc.eprint(f"ls: {target}: {_reason(exc)}")
            code = 1
            continue
        if not entry.is_dir or "d" in flags:
            single.append(_long_line(path, entry, target, proc) if "l" in flags else target)
            continue
        entries = storage.list(path)
        if "a" not in flags and "A" not in flags:
            entries = [e for e in entries if not e.name.startswith(".")]
        if "t" in flags:
            entries.sort(key=lambda e: (-e.mtime, e.name))
        if "r" in flags:
            entries.reverse()
        lines: list[str] = []
        if "l" in flags:
            lines.append(f"total {sum((e.size + 4095) // 4096 * 4 for e in entries)}")
            if "a" in flags:
                lines.append(_long_line(path, entry, ".", proc))
                lines.append(_long_line(path, storage.stat(posixpath.dirname(path) or "/"), "..", proc))
            lines.extend(_long_line(posixpath.join(path, e.name), e, e.name, proc) for e in entries)
        else:
            if "a" in flags:
                lines.extend([".", ".."])
            lines.extend(e.name + ("/" if "F" in flags and e.is_dir else "") for e in entries)
        blocks.append((target, lines))
    for line in single:
        proc.print(line)
    show_header = len(targets) > 1
    for k, (target, lines) in enumerate(blocks):
        if show_header:
            if single or k:
                proc.print()
            proc.print(f"{target}:")
        for line in lines:
            proc.print(line)
    return code


def cmd_cat(proc: Proc) -> int:
    _, _, args = split_flags(proc, "uvet")
    if not args:
        proc.write(proc.stdin)
        return 0
    code = 0
    for name in args:
        if name == "-":
            proc.write(proc.stdin)
            continue
        try:
            proc.write(proc.android.storage.read(proc.path(name)))
        except (OSError, ValueError) as exc:
            proc.eprint(f"cat: {name}: {_reason(exc)}")
            code = 1
    return code


def cmd_rm(proc: Proc) -> int:
    flags, _, args = split_flags(proc, "rRfiv")
    if not args:
        if "f" in flags:
            return 0
        raise UsageError("rm: Needs 1 argument")
    code = 0
    for name in args:
        path = proc.path(name)
        storage = proc.android.storage
        if not storage.exists(path):
            if "f" not in flags:
                proc.eprint(f"rm: {name}: No such file or directory")
                code = 1
            continue
        try:
            storage.remove(path, recursive=bool(flags & {"r", "R"}))
        except IsADirectoryError:
            proc.eprint(f"rm: {name}: Is a directory")
            code = 1
        except (OSError, ValueError) as exc:
            proc.eprint(f"rm: {name}: {_reason(exc)}")
            code = 1
    return code


def _each(proc: Proc, command: str, names: list[str], op: Callable[[str], object]) -> int:
    """Run `op` on every name in turn; a failure prints `command: name: reason` and makes the
    exit status 1, and the remaining names are still tried (as toybox does)."""
    code = 0
    for name in names:
        try:
            op(name)
        except (OSError, ValueError) as exc:
            proc.eprint(f"{command}: {name}: {_reason(exc)}")
            code = 1
    return code


def cmd_mkdir(proc: Proc) -> int:
    flags, _, args = split_flags(proc, "pv", "m")
    if not args:
        raise UsageError("mkdir: Needs 1 argument")
    return _each(proc, "mkdir", args,
                 lambda name: proc.android.storage.mkdir(proc.path(name), parents="p" in flags))


def cmd_rmdir(proc: Proc) -> int:
    _, _, args = split_flags(proc, "p")
    code = 0
    for name in args:
        path = proc.path(name)
        storage = proc.android.storage
        try:
            if not storage.is_dir(path):
                raise NotADirectoryError(path) if storage.exists(path) else FileNotFoundError(path)
            if storage.list(path):
                proc.eprint(f"rmdir: {name}: Directory not empty")
                code = 1
                continue
            storage.remove(path, recursive=True)
        except (OSError, ValueError) as exc:
            proc.eprint(f"rmdir: {name}: {_reason(exc)}")
            code = 1
    return code


def cmd_touch(proc: Proc) -> int:
    _, _, args = split_flags(proc, "acmh", "dtr")
    if not args:
        raise UsageError("touch: Needs 1 argument")
    return _each(proc, "touch", args, lambda name: proc.android.storage.touch(proc.path(name)))


def cmd_cp(proc: Proc) -> int:
    flags, _, args = split_flags(proc, "rRfpaivn")
    if len(args) < 2:
        raise UsageError("cp: Needs 2 arguments")
    storage = proc.android.storage
    *sources, dest = args
    dest_path = proc.path(dest)
    if len(sources) > 1 and not storage.is_dir(dest_path):
        raise UsageError(f"cp: {dest}: Not a directory")
    code = 0
    for src in sources:
        src_path = proc.path(src)
        target = posixpath.join(dest_path, posixpath.basename(src_path)) if storage.is_dir(dest_path) else dest_path
        try:
            if not storage.exists(src_path):
                raise FileNotFoundError(src_path)
            if storage.is_dir(src_path) and not flags & {"r", "R", "a"}:
                proc.eprint(f"cp: {src}: Is a directory (use -r)")  # toybox wording
                code = 1
                continue
            storage.copy_tree(src_path, target)
        except (OSError, ValueError) as exc:
            proc.eprint(f"cp: {src}: {_reason(exc)}")
            code = 1
    return code


def cmd_mv(proc: Proc) -> int:
    _, _, args = split_flags(proc, "fivn")
    if len(args) < 2:
        raise UsageError("mv: Needs 2 arguments")
    *sources, dest = args
    return _each(proc, "mv", sources,
                 lambda src: proc.android.storage.rename(proc.path(src), proc.path(dest)))


def _stat_field(spec: str, path: str, name: str, e: DirEntry, proc: Proc | None = None) -> str:
    owner, group = _owner(path, proc)
    stamp = datetime.fromtimestamp(e.mtime, tz=timezone.utc)
    kind = "directory" if e.is_dir else ("regular empty file" if e.size == 0 else "regular file")
    table = {
        "n": name, "N": f"'{name}'", "s": str(e.size), "Y": str(int(e.mtime)), "X": str(int(e.mtime)),
        "Z": str(int(e.mtime)),
        "y": stamp.strftime("%Y-%m-%d %H:%M:%S.") + f"{int(round((e.mtime % 1) * 1e9)):09d} +0000",
        "F": kind, "a": "771" if e.is_dir else "660", "A": _mode(e), "U": owner, "G": group,
        "u": str(10000 + int(owner[4:])) if owner.startswith("u0_a") else ("1000" if owner == "system" else "0"),
        "g": "1015" if group == "sdcard_rw" else "0",
        "b": str((e.size + 511) // 512), "B": "512", "h": "2" if e.is_dir else "1", "i": "0",
        "f": "41f9" if e.is_dir else "81b0", "%": "%",
    }
    if spec not in table:
        raise UsageError(f"stat: bad -c '%{spec}'")
    return table[spec]


def cmd_stat(proc: Proc) -> int:
    _, values, args = split_flags(proc, "Lft", "c")
    if not args:
        raise UsageError("stat: Needs 1 argument")
    fmt = values.get("c")
    code = 0
    for name in args:
        path = proc.path(name)
        try:
            e = proc.android.storage.stat(path)
        except (OSError, ValueError) as exc:
            proc.eprint(f"stat: {name}: {_reason(exc)}")
            code = 1
            continue
        if fmt is None:
            proc.print(f"  File: {name}")
            proc.print(f"  Size: {e.size}\t Blocks: {(e.size + 511) // 512}\t IO Blocks: 512\t"
                       f"{_stat_field('F', path, name, e, proc)}")
            proc.print(f"Access: (0{_stat_field('a', path, name, e, proc)}/{_mode(e)})\t"
                       f"Uid: ({_stat_field('u', path, name, e, proc)}/{_owner(path, proc)[0]})\t"
                       f"Gid: ({_stat_field('g', path, name, e, proc)}/{_owner(path, proc)[1]})")
            for label in ("Access", "Modify", "Change"):
                proc.print(f"{label}: {_stat_field('y', path, name, e, proc)}")
            continue
        out, i = [], 0
        while i < len(fmt):
            if fmt[i] == "%" and i + 1 < len(fmt):
                out.append(_stat_field(fmt[i + 1], path, name, e, proc))
                i += 2
            else:
                out.append(fmt[i])
                i += 1
        proc.print("".join(out))
    return code


def cmd_pwd(proc: Proc) -> int:
    proc.print(proc.shell.cwd)
    return 0


def cmd_cd(proc: Proc) -> int:
    target = proc.argv[1] if len(proc.argv) > 1 else "/"
    logical = normalize(target, proc.shell.cwd, resolve_aliases=False)  # mksh's cd is logical
    if not proc.android.storage.is_dir(normalize(logical)):
        proc.eprint(f"/system/bin/sh: cd: {logical}: No such file or directory")
        return 2
    proc.shell.cwd = logical
    return 0


COMMANDS = {
    "ls": cmd_ls, "cat": cmd_cat, "rm": cmd_rm, "mkdir": cmd_mkdir, "rmdir": cmd_rmdir,
    "touch": cmd_touch, "cp": cmd_cp, "mv": cmd_mv, "stat": cmd_stat, "pwd": cmd_pwd, "cd": cmd_cd,
}
