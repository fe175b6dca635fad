"""The device log buffer and logcat's line formats (liblog `logprint.cpp` layouts, adb.md section 11)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timezone

from mobile_gym.sim.system.clock import Clock

PRIORITIES = "VDIWEFS"  # increasing severity; S (silent) only in filter specs
FORMATS = ("threadtime", "time", "brief", "tag", "process", "raw", "long", "epoch")
BUFFERS = ("main", "system", "crash", "events")


@dataclass(frozen=True)
class LogEntry:
    """One line in the buffer; `time` is device epoch seconds."""

    time: float
    pid: int
    tid: int
    priority: str
    tag: str
    message: str
    buffer: str = "main"


def _stamp(t: float) -> tuple[str, int, int]:
    total_ms = int(math.floor(t * 1000.0 + 1e-6))
    secs, ms = divmod(total_ms, 1000)
    text = datetime.fromtimestamp(secs, tz=timezone.utc).strftime("%m-%d %H:%M:%S")
    return f"{text}.{ms:03d}", secs, ms


def format_entry(entry: LogEntry, fmt: str = "threadtime") -> str:
    """One entry as `logcat -v <fmt>` prints it (without the trailing newline)."""
    p, tag, msg = entry.priority, entry.tag, entry.message
    if fmt == "threadtime":
        return f"{_stamp(entry.time)[0]} {entry.pid:5d} {entry.tid:5d} {p} {tag:<8s}: {msg}"
    if fmt == "time":
        return f"{_stamp(entry.time)[0]} {p}/{tag:<8s}({entry.pid:5d}): {msg}"
    if fmt == "brief":
        return f"{p}/{tag:<8s}({entry.pid:5d}): {msg}"
    if fmt == "tag":
        return f"{p}/{tag:<8s}: {msg}"
    if fmt == "process":
        return f"{p}({entry.pid:5d}) {msg}  ({tag})"
    if fmt == "raw":
        return msg
    if fmt == "long":
        return f"[ {_stamp(entry.time)[0]} {entry.pid:5d}:{entry.tid:5d} {p}/{tag:<8s} ]\n{msg}\n"
    if fmt == "epoch":
        _, secs, ms = _stamp(entry.time)
        return f"{secs:>10d}.{ms:03d} {entry.pid:5d} {entry.tid:5d} {p} {tag:<8s}: {msg}"
    raise ValueError(f"unknown logcat format {fmt!r}; known: {', '.join(FORMATS)}")


class LogFilter:
    """`TAG:PRIO ... *:S` filter specs: a line passes if its priority >= its tag's threshold."""

    def __init__(self, specs: list[str] | tuple[str, ...] = (), default: str = "V") -> None:
        self.default = default
        self.by_tag: dict[str, str] = {}
        for spec in specs:
            tag, sep, prio = spec.rpartition(":")
            if not sep:
                tag, prio = spec, "V"
            prio = prio.upper()
            if len(prio) != 1 or prio not in PRIORITIES or not tag:
                raise ValueError(f"Invalid filter expression '{spec}'")
            if tag == "*":
                self.default = prio
            else:
                self.by_tag[tag] = prio

    def accepts(self, entry: LogEntry) -> bool:
        threshold = self.by_tag.get(entry.tag, self.default)
        return PRIORITIES.index(entry.priority) >= PRIORITIES.index(threshold)


class LogBuffer:
    """Append-only log with cursors that survive `clear()` (cursors count every line ever written)."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._entries: list[LogEntry] = []
        self._base = 0  # number of lines dropped by clear()

    def write(self, priority: str, tag: str, message: str, pid: int, tid: int | None = None,
              buffer: str = "main") -> LogEntry:
        """Append a line stamped with the current device time."""
        if len(priority) != 1 or priority not in PRIORITIES[:-1]:
            raise ValueError(f"log priority {priority!r} is not one of V D I W E F")
        if buffer not in BUFFERS:
            raise ValueError(f"log buffer {buffer!r} is not one of {', '.join(BUFFERS)}")
        entry = LogEntry(self._clock.now(), int(pid), int(pid if tid is None else tid), priority,
                         str(tag), str(message), buffer)
        self._entries.append(entry)
        return entry

    @property
    def cursor(self) -> int:
        """Position after the newest line."""
        return self._base + len(self._entries)

    def read_since(self, cursor: int) -> tuple[list[LogEntry], int]:
        """Lines written after `cursor` (lines removed by clear() are skipped) and the new cursor."""
        start = max(cursor - self._base, 0)
        return self._entries[start:], self.cursor

    def entries(self, buffers: tuple[str, ...] = ("main", "system", "crash")) -> list[LogEntry]:
        return [e for e in self._entries if e.buffer in buffers]

    def clear(self, buffers: tuple[str, ...] = BUFFERS) -> None:
        """`logcat -c`: drop lines of the given buffers."""
        kept = [e for e in self._entries if e.buffer not in buffers]
        self._base += len(self._entries) - len(kept)
        # Kept lines move to the front; cursors into them may skip, as a real reader reconnects.
        self._entries = kept

    def format(self, entry: LogEntry, fmt: str = "threadtime") -> str:
        return format_entry(entry, fmt)
