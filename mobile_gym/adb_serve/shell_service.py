"""Device services `shell:`, `shell,<args>:` (v1 and v2) and `exec:` over the simulated device shell.

v1 (`shell:<cmd>`, `exec:<cmd>`): OKAY, the command's raw output bytes, then the connection
closes; stdout and stderr share the stream in the order commands wrote them, as with adbd's
raw (no PTY) shell (within one command, its stdout comes before its stderr). Bytes pass
through unmodified: `screencap -p` is a valid PNG.
v2 (`shell,v2[,TERM=…][,raw|pty]:<cmd>`): OKAY, then packets id (u8) + length (u32 LE) + data:
stdout (1), stderr (2), exit (3, one byte). Client stdin / close-stdin / window-size packets are
read and discarded (the connection is drained before it closes).
"""

from __future__ import annotations

import socket
import threading
from typing import TYPE_CHECKING

from mobile_gym.adb_serve.logcat_stream import follow, streaming_logcat
from mobile_gym.adb_serve.protocol import (
    SHELL_EXIT,
    SHELL_STDERR,
    SHELL_STDOUT,
    fail,
    okay,
    shell_packet,
    shell_packet_header,
)
from mobile_gym.adb_serve.slots import DeviceSlot

if TYPE_CHECKING:
    from mobile_gym.sim.android import SimAndroid
    from mobile_gym.sim.system.shell.core import Proc

_CHUNK = 256 * 1024  # bytes per v2 packet: MAX_PAYLOAD_V2, which every adb client of version 41 reads


def _exec_builtin(proc: Proc) -> int:
    """mksh's `exec cmd args…`, simplified: run the command and return its status.

    Debian's `adb logcat` sends `export ANDROID_LOG_TAGS="''"; exec logcat …`; the device shell
    has no `exec`, so adb-serve adds this builtin to each served device's shell. (A real `exec`
    also ends the shell; here commands after it on the same line still run.)
    """
    if len(proc.argv) < 2:
        return 0
    return proc.shell.exec_argv(proc.argv[1:], proc.input, {1: proc.out, 2: proc.err})


def run_command(android: SimAndroid, cmd: str, merge_stderr: bool = False) -> tuple[int, bytes | bytearray, bytes]:
    """(exit status, stdout bytes, stderr bytes) of `cmd` on the device shell; never raises.

    `merge_stderr`: stderr interleaved into stdout in write order (v1 shell, exec)."""
    commands = android.shell_interpreter.commands
    if "exec" not in commands:
        commands["exec"] = _exec_builtin
    android.shell_interpreter.reset_budget()  # each request is a new session: its own budget
    try:
        return android.shell_bytes(cmd, merge_stderr=merge_stderr)
    except Exception as exc:  # noqa: BLE001 - a command must not take the server down
        reason = android.storage.device_text(str(exc))  # never the storage's host folder
        return 255, b"", f"adb-serve: the device shell failed on {cmd!r}: {type(exc).__name__}: {reason}\n".encode()


def _send_packet(sock: socket.socket, kind: int, data: memoryview) -> None:
    """One v2 packet, header and payload in one system call and without copying the payload
    (a raw screencap is 10 MB); a partial send is finished with sendall."""
    header = shell_packet_header(kind, len(data))
    sent = sock.sendmsg([header, data])
    if sent < len(header):
        sock.sendall(header[sent:])
        sock.sendall(data)
    elif sent < len(header) + len(data):
        sock.sendall(data[sent - len(header):])


def parse_shell_service(service: str) -> tuple[list[str], str]:
    """`shell,v2,TERM=xterm,raw:echo hi` -> (["v2", "TERM=xterm", "raw"], "echo hi")."""
    head, _, cmd = service.partition(":")
    return head.split(",")[1:], cmd


def serve_shell(sock: socket.socket, slot: DeviceSlot, service: str, stop: threading.Event) -> None:
    """Run one `shell…:` or `exec:` service on `slot` and write its output (see module docstring).

    A streaming `logcat` (no `-d`) follows the log until the client hangs up or `stop` is set."""
    args: list[str] = []
    if service.startswith("exec:"):
        cmd = service[len("exec:"):]
    else:
        args, cmd = parse_shell_service(service)
    if not cmd.strip():
        sock.sendall(fail("adb-serve: interactive shells are not supported; pass a command "
                          "(e.g. adb shell ls)"))
        return
    sock.sendall(okay())
    v2 = "v2" in args
    dump_cmd = streaming_logcat(cmd)
    if dump_cmd is not None:
        def dump(android: SimAndroid) -> tuple[int, bytes]:
            code, out, err = run_command(android, dump_cmd, merge_stderr=True)
            return code, out + err

        def emit(data: bytes) -> None:
            sock.sendall(b"".join(shell_packet(SHELL_STDOUT, data[i:i + _CHUNK])
                                  for i in range(0, len(data), _CHUNK)) if v2 else data)

        follow(sock, slot, dump, emit, stop)
        return
    code, out, err = slot.run(lambda android: run_command(android, cmd, merge_stderr=not v2))
    if v2:
        for kind, data in ((SHELL_STDOUT, memoryview(out)), (SHELL_STDERR, memoryview(err))):
            for i in range(0, len(data), _CHUNK):
                _send_packet(sock, kind, data[i:i + _CHUNK])
        sock.sendall(shell_packet(SHELL_EXIT, bytes([code & 0xFF])))
    else:
        sock.sendall(out)  # v1: stderr is merged into out, err is empty
        if err:
            sock.sendall(err)
