"""Shell builtins and text filters: echo, printf, true, false, :, exit, break, continue, read,
sleep, test/[, export, seq, grep, head, tail, wc, sort, uniq, id, whoami, uname."""

from __future__ import annotations

import re
import time

from mobile_gym.sim.system.shell.core import SH, ExitShell, LoopControl, Proc, UsageError, _reason
from mobile_gym.sim.system.shell.files import split_flags
from mobile_gym.untrusted.bounded_regex import BoundedPattern, PatternTooLarge, SearchTimeout

#: Limits of the simulated shell where a real one would allocate gigabytes or sleep for ages.
PRINTF_MAX_WIDTH = 1_000_000  # widest printf field (`%999999999d` would be a gigabyte)
SEQ_MAX_VALUES = 1_000_000  # numbers one seq prints
SLEEP_MAX_SECONDS = 365 * 86400  # one sleep (the clock is a datetime: it ends in year 9999)


def _escapes(s: str) -> tuple[str, bool]:
    """Backslash escapes of `echo -e`; returns (text, stop) where `\\c` stops output."""
    out: list[str] = []
    i = 0
    table = {"n": "\n", "t": "\t", "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "r": "\r", "v": "\v", "e": "\x1b"}
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            d = s[i + 1]
            if d == "c":
                return "".join(out), True
            if d in table:
                out.append(table[d])
                i += 2
                continue
            if d == "0":
                j = i + 2
                while j < len(s) and j < i + 5 and s[j] in "01234567":
                    j += 1
                out.append(chr(int(s[i + 2:j] or "0", 8)))
                i = j
                continue
        out.append(c)
        i += 1
    return "".join(out), False


def cmd_echo(proc: Proc) -> int:
    args = proc.argv[1:]
    newline, escapes = True, False
    while args and re.fullmatch(r"-[neE]+", args[0]):
        for ch in args[0][1:]:
            newline = newline and ch != "n"
            escapes = (escapes or ch == "e") and ch != "E"
        args = args[1:]
    text = " ".join(args)
    if escapes:
        text, stop = _escapes(text)
        if stop:
            newline = False
    proc.write(text + ("\n" if newline else ""))
    return 0


def cmd_printf(proc: Proc) -> int:
    if len(proc.argv) < 2:
        raise UsageError("printf: Needs 1 argument")
    fmt, args = proc.argv[1], proc.argv[2:]
    out: list[str] = []
    pos = 0
    while True:
        i = 0
        consumed = False
        while i < len(fmt):
            c = fmt[i]
            if c == "%" and i + 1 < len(fmt):
                m = re.match(r"%([-+ 0#]*\d*(?:\.\d+)?)([sdiuxXofeEgGc%b])", fmt[i:])
                if not m:
                    out.append(c)
                    i += 1
                    continue
                flags, conv = m.group(1), m.group(2)
                i += m.end()
                if any(int(n) > PRINTF_MAX_WIDTH for n in re.findall(r"\d+", flags)):
                    raise UsageError(f"printf: width or precision in '%{flags}{conv}' is over "
                                     f"{PRINTF_MAX_WIDTH} (the simulated shell's limit)")
                if conv == "%":
                    out.append("%")
                    continue
                arg = args[pos] if pos < len(args) else ""
                pos += 1
                consumed = True
                if conv in "diuxXoc":
                    try:
                        num = int(arg or "0", 0)
                    except ValueError:
                        proc.eprint(f"printf: invalid number '{arg}'")
                        num = 0
                    out.append(("%" + flags + ("d" if conv in "iu" else conv)) % (num if conv != "c" else chr(num)))
                elif conv in "feEgG":
                    out.append(("%" + flags + conv) % float(arg or "0"))
                elif conv == "b":
                    out.append(_escapes(arg)[0])
                else:
                    out.append(("%" + flags + "s") % arg)
                continue
            if c == "\\":
                text, _ = _escapes(fmt[i:i + 2])
                out.append(text)
                i += 2
                continue
            out.append(c)
            i += 1
        if not consumed or pos >= len(args):
            break
    proc.write("".join(out))
    return 0


def cmd_true(proc: Proc) -> int:
    return 0


def cmd_false(proc: Proc) -> int:
    return 1


def cmd_exit(proc: Proc) -> int:
    if len(proc.argv) > 1:
        try:
            code = int(proc.argv[1])
        except ValueError:
            proc.eprint(f"/system/bin/sh: exit: {proc.argv[1]}: bad number")
            raise ExitShell(1) from None
        raise ExitShell(code & 0xFF)
    raise ExitShell(proc.shell.status)


def cmd_loop_control(proc: Proc) -> int:
    """`break [N]` / `continue [N]`: N counts enclosing loops (more than there are: all of them);
    outside a loop mksh warns and carries on."""
    kind = proc.argv[0]
    levels = 1
    if len(proc.argv) > 1:
        levels = int(proc.argv[1]) if proc.argv[1].isdigit() else 0
        if levels < 1:
            proc.eprint(f"{SH}: {kind}: {proc.argv[1]}: bad number")
            return 1
    if proc.shell.loop_depth == 0:
        proc.eprint(f"{SH}: {kind}: can't {kind}")
        return 0
    raise LoopControl(kind, min(levels, proc.shell.loop_depth))


def cmd_read(proc: Proc) -> int:
    """`read [-r] [NAME...]`: one line of standard input into variables, split at blanks (the
    last NAME takes the rest; none: REPLY). Without -r a backslash keeps the next character and
    a backslash at the end joins the next line. Status 1 when the input ended before a newline."""
    args = proc.argv[1:]
    raw = False
    while args and args[0].startswith("-") and len(args[0]) > 1:
        flag = args.pop(0)
        if flag == "--":
            break
        if flag != "-r":
            proc.eprint(f"{SH}: read: {flag}: unknown option")
            return 2
        raw = True
    names = args or ["REPLY"]
    bad = next((n for n in names if not re.fullmatch(r"[A-Za-z_]\w*", n)), None)
    if bad is not None:
        proc.eprint(f"{SH}: read: {bad}: invalid identifier")
        return 2
    text, complete = "", False
    while (got := proc.input.read_line()) is not None:
        line, complete = got[0].decode("utf-8", "surrogateescape"), got[1]
        if raw or not line.endswith("\\") or line.endswith("\\\\"):
            text += line
            break
        text += line[:-1]  # a backslash-newline continues the line
        complete = False
    if not raw:
        text = re.sub(r"\\(.)", r"\1", text)
    fields = text.split(None, len(names) - 1) if len(names) > 1 else [text.strip()]
    for k, name in enumerate(names):
        proc.shell.set_var(name, fields[k].rstrip() if k < len(fields) else "")
    return 0 if complete else 1


def cmd_seq(proc: Proc) -> int:
    """toybox `seq [-w] [-s SEP] [FIRST [INCREMENT]] LAST`, printed with as many decimals as
    the arguments have."""
    args = proc.argv[1:]
    sep, pad = "\n", False
    while args and args[0].startswith("-") and len(args[0]) > 1 and not _is_number(args[0]):
        flag = args.pop(0)
        if flag == "-w":
            pad = True
        elif flag == "-s" and args:
            sep = args.pop(0)
        elif flag.startswith("-s") and len(flag) > 2:
            sep = flag[2:]
        else:
            raise UsageError(f"seq: Unknown option '{flag}'")
    if not 1 <= len(args) <= 3:
        raise UsageError("seq: Needs 1-3 arguments")
    for arg in args:
        if not _is_number(arg):
            raise UsageError(f"seq: not a number '{arg}'")
    first, step = 1.0, 1.0
    if len(args) >= 2:
        first = float(args[0])
    if len(args) == 3:
        step = float(args[1])
    last = float(args[-1])
    decimals = max((len(a.partition(".")[2]) for a in args), default=0)
    values: list[str] = []
    if step != 0 and (last - first) / step >= SEQ_MAX_VALUES:
        raise UsageError(f"seq: more than {SEQ_MAX_VALUES} numbers (the simulated shell's limit)")
    k = 0
    while step != 0:
        value = first + k * step
        if (value > last) if step > 0 else (value < last):
            break
        values.append(f"{value:.{decimals}f}")
        k += 1
    if pad and values:
        width = max(len(v) for v in values)
        values = [v.zfill(width) for v in values]
    if values:
        proc.write(sep.join(values) + "\n")
    return 0


def _is_number(text: str) -> bool:
    return re.fullmatch(r"[-+]?(\d+(\.\d*)?|\.\d+)", text) is not None


def cmd_sleep(proc: Proc) -> int:
    """Device time passes (the simulated phone waits on its virtual clock)."""
    if len(proc.argv) < 2:
        raise UsageError("sleep: Needs 1 argument")
    total = 0.0
    for arg in proc.argv[1:]:
        m = re.fullmatch(r"(\d+(?:\.\d*)?|\.\d+)([smhd]?)", arg)
        if not m:
            raise UsageError(f"sleep: invalid number '{arg}'")
        total += float(m.group(1)) * {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}[m.group(2)]
    if total > SLEEP_MAX_SECONDS:
        raise UsageError(f"sleep: {total:g} s is over {SLEEP_MAX_SECONDS} s (the simulated shell's "
                         "limit; the device clock would run past year 9999)")
    proc.android.advance(total)
    return 0


def cmd_test(proc: Proc) -> int:
    args = proc.argv[1:]
    if proc.argv[0] == "[":
        if not args or args[-1] != "]":
            proc.eprint("/system/bin/sh: [: missing ]")
            return 2
        args = args[:-1]
    negate = False
    if args and args[0] == "!":
        negate, args = True, args[1:]
    storage = proc.android.storage
    if not args:
        result = False
    elif len(args) == 1:
        result = args[0] != ""
    elif len(args) == 2:
        op, val = args
        if op in ("-e", "-f", "-d", "-s", "-r", "-w"):
            path = proc.path(val)
            if op == "-e":
                result = storage.exists(path)
            elif op == "-d":
                result = storage.is_dir(path)
            elif op == "-s":
                result = storage.exists(path) and not storage.is_dir(path) and storage.stat(path).size > 0
            else:
                result = storage.exists(path) and (op != "-f" or not storage.is_dir(path))
        elif op == "-z":
            result = val == ""
        elif op == "-n":
            result = val != ""
        else:
            proc.eprint(f"/system/bin/sh: {proc.argv[0]}: {op}: unknown operator")
            return 2
    elif len(args) == 3:
        a, op, b = args
        if op in ("=", "=="):
            result = a == b
        elif op == "!=":
            result = a != b
        elif op in ("-eq", "-ne", "-lt", "-le", "-gt", "-ge"):
            try:
                x, y = int(a), int(b)
            except ValueError:
                proc.eprint(f"/system/bin/sh: {proc.argv[0]}: bad number")
                return 2
            result = {"-eq": x == y, "-ne": x != y, "-lt": x < y, "-le": x <= y, "-gt": x > y, "-ge": x >= y}[op]
        else:
            proc.eprint(f"/system/bin/sh: {proc.argv[0]}: {op}: unknown operator")
            return 2
    else:
        proc.eprint(f"/system/bin/sh: {proc.argv[0]}: too many arguments")
        return 2
    return 0 if result != negate else 1


def cmd_export(proc: Proc) -> int:
    for arg in proc.argv[1:]:
        name, sep, value = arg.partition("=")
        if sep:
            proc.shell.set_var(name, value)
    return 0


def _input_texts(proc: Proc, files: list[str]) -> list[tuple[str, str]] | None:
    if not files:
        return [("(standard input)", proc.stdin.decode("utf-8", "surrogateescape"))]
    result = []
    for name in files:
        try:
            data = proc.android.storage.read(proc.path(name))
        except (OSError, ValueError) as exc:
            proc.eprint(f"{proc.argv[0]}: {name}: {_reason(exc)}")
            return None
        result.append((name, data.decode("utf-8", "surrogateescape")))
    return result


def _lines(text: str) -> list[str]:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


#: Seconds one grep may spend searching (never past the command line's budget). The `regex`
#: module counts a search's timeout in process CPU time, so on a loaded host the wall time of
#: a stopped search is longer; the total over all lines is checked against the wall clock.
GREP_SECONDS = 1.0


def cmd_grep(proc: Proc) -> int:
    flags, values, args = split_flags(proc, "ivcEFqonlwxhHrsz", "e")
    if "e" in values:
        pattern = values["e"]
    elif args:
        pattern, args = args[0], args[1:]
    else:
        raise UsageError("grep: Needs 1 argument", 2)
    source = re.escape(pattern) if "F" in flags else _posix_regex(pattern, "E" in flags)
    if "w" in flags:
        source = rf"\b(?:{source})\b"
    if "x" in flags:
        source = rf"(?:{source})\Z"
    deadline = min(proc.shell.deadline, time.monotonic() + GREP_SECONDS)
    try:
        rx = BoundedPattern(source, re.IGNORECASE if "i" in flags else 0, deadline=deadline)
    except (re.error, PatternTooLarge) as exc:
        raise UsageError(f"grep: bad regex '{pattern}': {exc}", 2) from None
    inputs = _input_texts(proc, args)
    if inputs is None:
        return 2
    try:
        return _grep(proc, rx, flags, inputs)
    except SearchTimeout:
        raise UsageError(f"grep: pattern '{pattern}' ran out of time after {GREP_SECONDS:g} s "
                         "(it backtracks too much; the simulated grep's limit)", 2) from None


def _grep(proc: Proc, rx: BoundedPattern, flags: set[str], inputs: list[tuple[str, str]]) -> int:
    matched_any = False
    show_name = (len(inputs) > 1 or "H" in flags) and "h" not in flags
    for name, text in inputs:
        count = 0
        for no, line in enumerate(_lines(text), 1):
            m = rx.match(line) if "x" in flags else rx.search(line)
            if bool(m) == ("v" in flags):
                continue
            count += 1
            matched_any = True
            if "q" in flags:
                return 0
            if "c" in flags or "l" in flags:
                continue
            prefix = (f"{name}:" if show_name else "") + (f"{no}:" if "n" in flags else "")
            if "o" in flags and m is not None and "v" not in flags:
                for mm in rx.finditer(line):
                    proc.print(prefix + mm.group(0))
            else:
                proc.print(prefix + line)
        if "c" in flags:
            proc.print((f"{name}:" if show_name else "") + str(count))
        if "l" in flags and count:
            proc.print(name)
    return 0 if matched_any else 1


def _posix_regex(pattern: str, extended: bool) -> str:
    """Basic/extended POSIX regex -> Python: BRE treats + ? | ( ) { } literally unless escaped."""
    if extended:
        return pattern.replace("[[:space:]]", r"\s").replace("[[:digit:]]", r"\d").replace("[[:alpha:]]", "[A-Za-z]")
    out, i = [], 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\" and i + 1 < len(pattern):
            d = pattern[i + 1]
            out.append(d if d in "+?|(){}" else "\\" + d)
            i += 2
            continue
        out.append("\\" + c if c in "+?|(){}" else c)
        i += 1
    return "".join(out).replace("[[:space:]]", r"\s").replace("[[:digit:]]", r"\d")


def _count_arg(proc: Proc, argv: list[str] | None = None) -> tuple[int, list[str]]:
    argv = proc.argv[1:] if argv is None else argv
    n, rest, i = 10, [], 0
    while i < len(argv):
        a = argv[i]
        if a == "-n" and i + 1 < len(argv):
            n = int(argv[i + 1].lstrip("+-") or "0") * (-1 if argv[i + 1].startswith("-") else 1)
            i += 2
            continue
        if re.fullmatch(r"-n-?\d+", a):
            n = int(a[2:])
        elif re.fullmatch(r"-\d+", a):
            n = int(a[1:])
        elif a.startswith("-") and len(a) > 1:
            raise UsageError(f"{proc.argv[0]}: Unknown option '{a[1:]}'")
        else:
            rest.append(a)
        i += 1
    return n, rest


def _byte_limit(proc: Proc) -> tuple[int | None, list[str]]:
    """`head -c N` / `-cN`: the byte count (None without it) and the other arguments."""
    argv, rest, limit, i = proc.argv[1:], [], None, 0
    while i < len(argv):
        a = argv[i]
        if a == "-c":
            if i + 1 >= len(argv):
                raise UsageError("head: Needs 1 argument")
            value, i = argv[i + 1], i + 2
        elif a.startswith("-c") and len(a) > 2:
            value, i = a[2:], i + 1
        else:
            rest.append(a)
            i += 1
            continue
        if not value.isdigit():
            raise UsageError(f"head: not integer: '{value}'")
        limit = int(value)
    return limit, rest


def cmd_head(proc: Proc) -> int:
    limit, argv = _byte_limit(proc)
    n, files = _count_arg(proc, argv)
    if limit is not None:  # bytes, not characters: read the raw data
        if not files:
            proc.write(proc.stdin[:limit])
            return 0
        for name in files:
            try:
                proc.write(proc.android.storage.read(proc.path(name))[:limit])
            except (OSError, ValueError) as exc:
                proc.eprint(f"head: {name}: {_reason(exc)}")
                return 1
        return 0
    inputs = _input_texts(proc, files)
    if inputs is None:
        return 1
    for _name, text in inputs:
        lines = text.split("\n")
        keep = lines[:n]  # head -n -N: all but the last N
        chunk = "\n".join(keep)
        if len(keep) < len(lines):
            chunk += "\n"
        proc.write(chunk)
    return 0


def cmd_tail(proc: Proc) -> int:
    n, files = _count_arg(proc)
    inputs = _input_texts(proc, files)
    if inputs is None:
        return 1
    for _name, text in inputs:
        lines = _lines(text)
        for line in lines[-n:] if n > 0 else []:
            proc.print(line)
    return 0


def cmd_wc(proc: Proc) -> int:
    flags, _, files = split_flags(proc, "lwcm")
    inputs = _input_texts(proc, files)
    if inputs is None:
        return 1
    for name, text in inputs:
        counts = []
        if not flags or "l" in flags:
            counts.append(text.count("\n"))
        if not flags or "w" in flags:
            counts.append(len(text.split()))
        if not flags or "c" in flags or "m" in flags:
            counts.append(len(text.encode("utf-8", "surrogateescape")))
        width = 1 if len(counts) == 1 and not files else 7
        line = " ".join(f"{c:{width}d}" for c in counts)
        proc.print(line + (f" {name}" if files else ""))
    return 0


def cmd_sort(proc: Proc) -> int:
    flags, _, files = split_flags(proc, "rnuf")
    inputs = _input_texts(proc, files)
    if inputs is None:
        return 1
    lines = [line for _n, text in inputs for line in _lines(text)]

    def key(line: str):  # type: ignore[no-untyped-def]
        if "n" in flags:
            m = re.match(r"\s*(-?\d+(?:\.\d+)?)", line)
            return (float(m.group(1)) if m else 0.0, line)
        return (line.lower(), line) if "f" in flags else (line, "")
    lines.sort(key=key, reverse="r" in flags)
    if "u" in flags:
        lines = [x for i, x in enumerate(lines) if i == 0 or x != lines[i - 1]]
    for line in lines:
        proc.print(line)
    return 0


def cmd_uniq(proc: Proc) -> int:
    flags, _, files = split_flags(proc, "cdu")
    inputs = _input_texts(proc, files)
    if inputs is None:
        return 1
    lines = [line for _n, text in inputs for line in _lines(text)]
    groups: list[list[str]] = []
    for line in lines:
        if groups and groups[-1][0] == line:
            groups[-1].append(line)
        else:
            groups.append([line])
    for g in groups:
        if ("d" in flags and len(g) < 2) or ("u" in flags and len(g) > 1):
            continue
        proc.print((f"{len(g):7d} " if "c" in flags else "") + g[0])
    return 0


def cmd_id(proc: Proc) -> int:
    proc.print("uid=2000(shell) gid=2000(shell) groups=2000(shell),1004(input),1007(log),1011(adb),"
               "1015(sdcard_rw),1028(sdcard_r),3001(net_bt_admin),3002(net_bt),3003(inet),3006(net_bw_stats) "
               "context=u:r:shell:s0")
    return 0


def cmd_whoami(proc: Proc) -> int:
    proc.print("shell")
    return 0


def cmd_uname(proc: Proc) -> int:
    flags, _, _ = split_flags(proc, "asnrvmo")
    if "a" in flags:
        proc.print("Linux localhost 5.10.149-android13-4-00003-gd6c54ab4ff70-ab9206161 #1 SMP PREEMPT "
                   "Wed Nov 2 00:27:07 UTC 2022 x86_64 Toybox")
    elif "r" in flags:
        proc.print("5.10.149-android13-4-00003-gd6c54ab4ff70-ab9206161")
    elif "m" in flags:
        proc.print("x86_64")
    else:
        proc.print("Linux")
    return 0


COMMANDS = {
    "echo": cmd_echo, "printf": cmd_printf, "true": cmd_true, ":": cmd_true, "false": cmd_false,
    "exit": cmd_exit, "break": cmd_loop_control, "continue": cmd_loop_control, "seq": cmd_seq,
    "read": cmd_read,
    "sleep": cmd_sleep, "test": cmd_test, "[": cmd_test, "export": cmd_export, "grep": cmd_grep,
    "head": cmd_head, "tail": cmd_tail, "wc": cmd_wc, "sort": cmd_sort, "uniq": cmd_uniq,
    "id": cmd_id, "whoami": cmd_whoami, "uname": cmd_uname,
}
