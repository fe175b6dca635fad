"""Streaming `logcat` (no `-d`): the first dump, then new lines as they are written, until hang-up.

A real `logcat` without `-d` (adbutils' `logcat()`, `adb logcat`) keeps running and prints
each new line. The device shell's `logcat` always dumps and exits, so adb-serve re-runs the
same command with `-d` every `POLL` seconds and sends what was not sent before. Polls do not
add the fixed per-service clock step (waiting for logs is not a command), but with
`clock="real"` the wall time between polls passes on the device as usual.
"""

from __future__ import annotations

import re
import shlex
import socket
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from mobile_gym.adb_serve.slots import DeviceSlot

if TYPE_CHECKING:
    from mobile_gym.sim.android import SimAndroid

POLL = 0.2  # seconds between looks at the device's log buffer
_LOG_TAGS = re.compile(r"^\s*export\s+ANDROID_LOG_TAGS=\S*\s*;\s*")
_ONE_SHOT = {"-d", "--dump", "-c", "--clear", "-t", "-g", "--buffer-size", "-S", "--statistics", "-h", "--help",
             "-f", "--file"}


def streaming_logcat(cmd: str) -> str | None:
    """The one-shot (`-d`) form of `cmd` when it is a streaming `logcat` invocation, else None."""
    rest = _LOG_TAGS.sub("", cmd, count=1)
    if any(c in rest for c in ";|&<>`$()\n"):
        return None
    try:
        argv = shlex.split(rest)
    except ValueError:
        return None
    if argv[:1] == ["exec"]:
        argv = argv[1:]
    if argv[:1] not in (["logcat"], ["/system/bin/logcat"]):
        return None
    if any(a in _ONE_SHOT or (a.startswith("-t") and len(a) > 2 and a[2:].isdigit()) for a in argv[1:]):
        return None
    return shlex.join(argv + ["-d"])


def follow(sock: socket.socket, slot: DeviceSlot, dump: Callable[[SimAndroid], tuple[int, bytes]],
           emit: Callable[[bytes], None], stop: threading.Event) -> None:
    """Emit the first dump, then only new output, until the client closes or `stop` is set.

    `dump(android) -> (exit status, output)` runs the one-shot command; `emit` sends bytes
    (raw for v1, stdout packets for v2). Anything the client sends is read and discarded."""
    code, out = slot.run(dump)
    if out:
        emit(out)
    if code != 0:
        return  # e.g. a bad option: logcat printed its error and exited
    sent = out
    sock.settimeout(POLL)
    while not stop.is_set():
        try:
            if not sock.recv(65536):
                return  # the client hung up
        except TimeoutError:
            pass
        _code, out = slot.run(dump, step=False)
        if out.startswith(sent):
            new = out[len(sent):]
        else:  # the buffer was cleared: send the lines not sent before
            seen = set(sent.splitlines(keepends=True))
            new = b"".join(line for line in out.splitlines(keepends=True) if line not in seen)
        if new:
            emit(new)
        sent = out
