"""`logcat` over the device buffer: -d, -c, -v FORMAT, -b BUFFER, -s, -t N|TIME, -e REGEX, TAG:PRIO filters."""

from __future__ import annotations

import re

from mobile_gym.sim.system.logcat import BUFFERS, FORMATS, LogFilter
from mobile_gym.sim.system.shell.core import Proc, UsageError


def cmd_logcat(proc: Proc) -> int:
    argv = proc.argv[1:]
    fmt = "threadtime"
    buffers: list[str] = []
    specs: list[str] = []
    clear = silent_default = False
    tail: int | None = None
    since: float | None = None
    regex: re.Pattern[str] | None = None
    i = 0
    while i < len(argv):
        a = argv[i]

        def value(opt: str = a) -> str:
            nonlocal i
            i += 1
            if i >= len(argv):
                raise UsageError(f"logcat: option requires an argument -- '{opt.lstrip('-')}'")
            return argv[i]
        if a in ("-d", "--dump"):
            pass
        elif a in ("-c", "--clear"):
            clear = True
        elif a == "-v" or a.startswith("--format"):
            fmt = value() if "=" not in a else a.split("=", 1)[1]
            fmt = fmt.split(",")[0]
            if fmt not in FORMATS:
                raise UsageError(f"logcat: Invalid parameter \"{fmt}\" to -v.")
        elif a == "-b" or a.startswith("--buffer"):
            names = (value() if "=" not in a else a.split("=", 1)[1]).split(",")
            for name in names:
                if name == "all" or name == "default":
                    buffers.extend(BUFFERS if name == "all" else ("main", "system", "crash"))
                elif name in BUFFERS:
                    buffers.append(name)
                else:
                    raise UsageError(f"logcat: unknown buffer '{name}'")
        elif a == "-s":
            silent_default = True
        elif a in ("-t", "-T"):
            spec = value()
            if spec.isdigit():
                tail = int(spec)
            elif re.fullmatch(r"\d+\.\d+", spec):  # 'sssss.mmm': lines since that epoch time
                since = float(spec)
            else:
                raise UsageError(f"logcat: invalid count or time '{spec}' to -{a.lstrip('-')}")
        elif a == "-e" or a.startswith("--regex"):
            regex = re.compile(value() if "=" not in a else a.split("=", 1)[1])
        elif a in ("-B", "-D", "--dividers", "-Z"):
            pass
        elif a.startswith("-"):
            raise UsageError(f"logcat: invalid option -- '{a.lstrip('-')}'")
        else:
            specs.append(a)
        i += 1
    logs = proc.android.logs
    chosen = tuple(buffers) or ("main", "system", "crash")
    if clear:
        logs.clear(chosen)
        return 0
    try:
        filt = LogFilter(specs, default="S" if silent_default else "V")
    except ValueError as exc:
        raise UsageError(f"logcat: {exc}") from None
    entries = logs.entries(chosen)
    if since is not None:  # first: `-T` (every step's poll) keeps a few of the episode's lines
        entries = [e for e in entries if e.time >= since]
    entries = [e for e in entries if filt.accepts(e) and (regex is None or regex.search(e.message))]
    if tail is not None:
        entries = entries[-tail:] if tail > 0 else []
    started: set[str] = set()
    for e in entries:
        if e.buffer not in started:
            started.add(e.buffer)
            proc.print(f"--------- beginning of {e.buffer}")
        proc.print(logs.format(e, fmt))
    return 0


COMMANDS = {"logcat": cmd_logcat}
