"""File commands (toybox formats): ls, cat, rm, mkdir, rmdir, touch, cp, mv, stat, pwd, cd, find, chmod."""

from __future__ import annotations

import fnmatch
import posixpath
from collections.abc import Callable
from dataclasses import dataclass
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
        number = a[1:].lstrip("-").isdigit() and not all(c in allowed for c in a[1:])  # `-5`, not `-1`
        if a.startswith("-") and len(a) > 1 and not number:
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


#: The MediaProvider module's uid, which owns every file of shared storage on Android 11+ (FUSE):
#: `ls -l /sdcard/...` shows `u0_aNNN media_rw`. Below the installed apps' range.
MEDIA_PROVIDER_UID = 10146
MEDIA_RW_GID = 1023


def _owner(path: str, proc: Proc | None = None) -> tuple[str, str]:
    """Owner and group as `ls -l` shows them: the app's user inside /data/data/<pkg>, and
    MediaProvider's user with group media_rw on shared storage (as on an Android 13 emulator)."""
    parts = path.split("/")
    if len(parts) > 3 and parts[1] == "data" and parts[2] == "data":
        info = proc.android.packages.get(parts[3]) if proc is not None else None
        user = f"u0_a{info.uid - 10000}" if info is not None else "system"
        return user, user
    if path == "/storage/emulated/0" or path.startswith("/storage/emulated/0/"):
        return f"u0_a{MEDIA_PROVIDER_UID - 10000}", "media_rw"
    return "root", "root"


def _id_number(name: str) -> int:
    """The numeric uid/gid behind a user or group name `ls -l` shows."""
    if name.startswith("u0_a"):
        return 10000 + int(name[4:])
    return {"root": 0, "system": 1000, "media_rw": MEDIA_RW_GID}.get(name, 0)


def _default_mode(path: str, is_dir: bool) -> int:
    if path == "/storage/emulated/0" or path.startswith("/storage/emulated/0/"):
        return 0o2770 if is_dir else 0o660  # FUSE: drwxrws--- / -rw-rw----
    return 0o771 if is_dir else 0o660


def _mode_bits(path: str, entry: DirEntry) -> int:
    return entry.mode if entry.mode is not None else _default_mode(path, entry.is_dir)


def _mode(entry: DirEntry, path: str = "") -> str:
    """`drwxrwx--x`-style text of the entry's mode (setuid/setgid/sticky as s/S, t/T)."""
    bits = _mode_bits(path, entry)
    chars = ["d" if entry.is_dir else "-"]
    for shift, special, mark in ((6, 0o4000, "s"), (3, 0o2000, "s"), (0, 0o1000, "t")):
        triple = (bits >> shift) & 7
        x = triple & 1
        chars += ["r" if triple & 4 else "-", "w" if triple & 2 else "-"]
        if bits & special:
            chars.append(mark if x else mark.upper())
        else:
            chars.append("x" if x else "-")
    return "".join(chars)


def _stamp(entry: DirEntry, full: bool) -> str:
    """The time column: `YYYY-MM-DD HH:MM`, or with `-ll` toybox's full time with nanoseconds."""
    when = datetime.fromtimestamp(entry.mtime, tz=timezone.utc)
    if not full:
        return when.strftime("%Y-%m-%d %H:%M")
    # A float epoch holds about a microsecond: finer digits would be rounding noise.
    nanos = int(round((entry.mtime % 1) * 1e6)) % 1_000_000 * 1000
    return when.strftime("%Y-%m-%d %H:%M:%S.") + f"{nanos:09d} +0000"


def _long_lines(rows: list[tuple[str, DirEntry, str]], proc: Proc, full: bool) -> list[str]:
    """`ls -l` lines for (device path, entry, shown name) rows, columns padded as toybox pads
    them (link count and size right-aligned, owner and group left-aligned)."""
    cells = []
    for path, entry, name in rows:
        owner, group = _owner(path, proc)
        cells.append((_mode(entry, path), str(2 if entry.is_dir else 1), owner, group, str(entry.size),
                      _stamp(entry, full), name))
    if not cells:
        return []
    w = [max(len(c[k]) for c in cells) for k in range(5)]
    return [f"{m} {n:>{w[1]}} {o:<{w[2]}} {g:<{w[3]}} {z:>{w[4]}} {t} {name}"
            for m, n, o, g, z, t, name in cells]


def _long_line(path: str, entry: DirEntry, name: str, proc: Proc) -> str:
    return _long_lines([(path, entry, name)], proc, full=False)[0]


def _ls_block(proc: Proc, path: str, flags: set[str], full: bool) -> tuple[list[str], list[str]]:
    """The lines `ls` prints for one folder, and the subfolders `-R` descends into."""
    storage = proc.android.storage
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
        rows = [(posixpath.join(path, e.name), e, e.name) for e in entries]
        if "a" in flags:
            parent = posixpath.dirname(path) or "/"
            rows = [(path, storage.stat(path), "."), (parent, storage.stat(parent), "..")] + rows
        lines.extend(_long_lines(rows, proc, full))
    else:
        if "a" in flags:
            lines.extend([".", ".."])
        lines.extend(e.name + ("/" if "F" in flags and e.is_dir else "") for e in entries)
    subdirs = [posixpath.join(path, e.name) for e in entries if e.is_dir] if "R" in flags else []
    return lines, subdirs


def cmd_ls(proc: Proc) -> int:
    flags, _, args = split_flags(proc, "laA1dRtrshFiuc")
    # `-ll` (toybox): long format with the full time, nanoseconds included.
    full = sum(a.count("l") for a in proc.argv[1:] if a.startswith("-") and a != "--") > 1
    storage = proc.android.storage
    targets = args or ["."]
    code = 0
    blocks: list[tuple[str, list[str]]] = []
    single: list[tuple[str, DirEntry, str]] = []
    for target in targets:
        path = proc.path(target)
        try:
            entry = storage.stat(path)
        except (OSError, ValueError) as exc:
            proc.eprint(f"ls: {target}: {_reason(exc)}")
            code = 1
            continue
        if not entry.is_dir or "d" in flags:
            single.append((path, entry, target))
            continue
        pending = [(target, path)]
        while pending:  # depth first, in name order, as toybox's -R walks
            shown, dev = pending.pop(0)
            lines, subdirs = _ls_block(proc, dev, flags, full)
            blocks.append((shown, lines))
            pending[:0] = [(posixpath.join(shown, posixpath.basename(s)), s) for s in subdirs]
    if "l" in flags:
        for line in _long_lines(single, proc, full):
            proc.print(line)
    else:
        for _path, _entry, name in single:
            proc.print(name)
    show_header = len(targets) > 1 or "R" in flags
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
        "F": kind, "a": f"{_mode_bits(path, e):o}", "A": _mode(e, path), "U": owner, "G": group,
        "u": str(_id_number(owner)), "g": str(_id_number(group)),
        "b": str((e.size + 511) // 512), "B": "512", "h": "2" if e.is_dir else "1", "i": "0",
        "f": f"{(0o40000 if e.is_dir else 0o100000) | _mode_bits(path, e):x}", "%": "%",
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
            proc.print(f"Access: (0{_stat_field('a', path, name, e, proc)}/{_mode(e, path)})\t"
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


@dataclass(frozen=True)
class _Test:
    """One `find` primary: `-type f|d`, `-name PATTERN`/`-iname`, `-print`/`-true` or `-delete`."""

    kind: str
    value: str = ""

    def matches(self, path: str, entry: DirEntry) -> bool:
        if self.kind == "type":
            return entry.is_dir == (self.value == "d")
        if self.kind in ("name", "iname"):
            base = posixpath.basename(path) or path
            if self.kind == "iname":
                return fnmatch.fnmatchcase(base.lower(), self.value.lower())
            return fnmatch.fnmatchcase(base, self.value)
        return True


def _find_expression(argv: list[str]) -> tuple[list[list[_Test]], dict[str, int], bool]:
    """Parse a find expression into OR-ed groups of AND-ed tests (toybox precedence: `-a` and
    juxtaposition bind tighter than `-o`), the depth limits, and whether an action (`-print`,
    `-delete`) was given."""
    groups: list[list[_Test]] = [[]]
    depth: dict[str, int] = {}
    printed = False
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-o", "-or"):
            groups.append([])
        elif a in ("-a", "-and"):
            pass
        elif a in ("-print", "-true"):
            printed = printed or a == "-print"
            groups[-1].append(_Test("print" if a == "-print" else "true"))
        elif a == "-delete":
            printed = True  # an action: no implicit -print
            groups[-1].append(_Test("delete"))
        elif a in ("-type", "-name", "-iname", "-maxdepth", "-mindepth"):
            if i + 1 >= len(argv):
                raise UsageError(f"find: '{a}' needs 1 arg")
            value = argv[i + 1]
            i += 1
            if a == "-type":
                if value not in ("f", "d"):
                    raise UsageError(f"find: bad -type '{value}'")
                groups[-1].append(_Test("type", value))
            elif a in ("-maxdepth", "-mindepth"):
                if not value.isdigit():
                    raise UsageError(f"find: not integer: '{value}'")
                depth[a[1:]] = int(value)
            else:
                groups[-1].append(_Test(a[1:], value))
        else:
            raise UsageError(f"find: Unknown option '{a}'")
        i += 1
    if any(not g for g in groups[1:]) or (len(groups) > 1 and not groups[0]):
        raise UsageError("find: bad -o")
    return groups, depth, printed


def cmd_find(proc: Proc) -> int:
    """toybox `find [PATH...] [EXPRESSION]`: walks each path depth first in name order and
    prints every path the expression holds for (paths as given, joined with `/`); `-delete`
    removes what it reaches (folders only when empty, after their contents)."""
    argv = proc.argv[1:]
    roots: list[str] = []
    while argv and not (argv[0].startswith("-") and len(argv[0]) > 1):
        roots.append(argv.pop(0))
    groups, depth, has_action = _find_expression(argv)
    storage = proc.android.storage
    top, bottom = depth.get("maxdepth"), depth.get("mindepth", 0)
    code = 0
    doomed: list[tuple[str, str]] = []
    for root in roots or ["."]:
        pending = [(root, proc.path(root), 0)]
        while pending:
            shown, path, level = pending.pop()
            proc.shell.check_budget()
            try:
                entry = storage.stat(path)
            except (OSError, ValueError) as exc:
                proc.eprint(f"find: {shown}: {_reason(exc)}")
                code = 1
                continue
            if level >= bottom:
                for group in groups:
                    if _evaluate(group, path, entry, shown, proc, doomed):
                        if not has_action:
                            proc.print(shown)
                        break
            if entry.is_dir and (top is None or level < top):
                children = storage.list(path)
                pending.extend((posixpath.join(shown, c.name), posixpath.join(path, c.name), level + 1)
                               for c in reversed(children))
    for shown, path in reversed(doomed):  # contents before their folder
        try:
            if storage.is_dir(path) and storage.list(path):
                raise OSError("Directory not empty")
            storage.remove(path, recursive=True)
        except (OSError, ValueError) as exc:
            proc.eprint(f"find: {shown}: {_reason(exc)}")
            code = 1
    return code


def _evaluate(group: list[_Test], path: str, entry: DirEntry, shown: str, proc: Proc,
              doomed: list[tuple[str, str]]) -> bool:
    """Run one AND-ed group left to right, as find does: stop at the first false test."""
    for test in group:
        if test.kind == "print":
            proc.print(shown)
        elif test.kind == "delete":
            doomed.append((shown, path))
        elif not test.matches(path, entry):
            return False
    return True


def _parse_mode(spec: str, current: int, is_dir: bool) -> int:
    """An octal mode, or symbolic clauses such as `u+x,go-w` / `a=rw` / `+X`."""
    if spec and all(c in "01234567" for c in spec):
        if len(spec) > 4:
            raise ValueError(spec)
        return int(spec, 8)
    mode = current
    for clause in spec.split(","):
        j = 0
        who = 0
        while j < len(clause) and clause[j] in "ugoa":
            who |= {"u": 0o4700, "g": 0o2070, "o": 0o1007, "a": 0o7777}[clause[j]]
            j += 1
        if j >= len(clause) or clause[j] not in "+-=":
            raise ValueError(spec)
        who = who or 0o7777
        while j < len(clause) and clause[j] in "+-=":
            op = clause[j]
            j += 1
            perm = 0
            while j < len(clause) and clause[j] in "rwxXst":
                perm |= {"r": 0o444, "w": 0o222, "x": 0o111, "s": 0o6000, "t": 0o1000,
                         "X": 0o111 if is_dir or mode & 0o111 else 0}[clause[j]]
                j += 1
            perm &= who
            if op == "+":
                mode |= perm
            elif op == "-":
                mode &= ~perm
            else:
                mode = (mode & ~(who & 0o777)) | perm
        if j != len(clause):
            raise ValueError(spec)
    return mode & 0o7777


def cmd_chmod(proc: Proc) -> int:
    """`chmod [-R] MODE FILE...`: the bits are kept per file by the storage (what `ls -l`
    and `stat` show); the simulator's own access is not restricted by them."""
    flags, _, args = split_flags(proc, "Rfv")
    if len(args) < 2:
        raise UsageError("chmod: Needs 2 arguments")
    spec, names = args[0], args[1:]
    storage = proc.android.storage

    def apply(path: str) -> None:
        entry = storage.stat(path)
        storage.set_mode(path, _parse_mode(spec, _mode_bits(path, entry), entry.is_dir))
        if "R" in flags and entry.is_dir:
            for child in storage.list(path):
                proc.shell.check_budget()
                apply(posixpath.join(path, child.name))

    try:
        _parse_mode(spec, 0, False)
    except ValueError:
        raise UsageError(f"chmod: bad mode '{spec}'") from None
    return _each(proc, "chmod", names, lambda name: apply(proc.path(name)))


COMMANDS = {
    "ls": cmd_ls, "cat": cmd_cat, "rm": cmd_rm, "mkdir": cmd_mkdir, "rmdir": cmd_rmdir,
    "touch": cmd_touch, "cp": cmd_cp, "mv": cmd_mv, "stat": cmd_stat, "pwd": cmd_pwd, "cd": cmd_cd,
    "find": cmd_find, "chmod": cmd_chmod,
}
