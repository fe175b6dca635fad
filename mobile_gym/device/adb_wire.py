"""A small client of the adb host protocol (reference/adb.md sections 1, 5, 9) for AdbDevice's hot calls.

Each call is one TCP connection to the adb server: the transport switch
(`host:transport:<serial>`) and the device service (`shell,v2,raw:<cmd>` or `exec:<cmd>`) are
sent together in one write, the two `OKAY`s and the reply are read, and the socket is closed at
once. The protocol ends a device service by closing its stream, so one connection cannot carry
two commands; what this saves over adbutils is its second connection per `shell()`, its
sleep on close, and Nagle delays (TCP_NODELAY). A large reply (a raw frame) can be received
into a caller's ReceiveBuffer, reused from one reply to the next, and watched while it
arrives (`on_stdout`). Every socket has a timeout; a refused request,
a malformed reply or a server that closes mid-reply raises `AdbWireError` (a DeviceError)
naming the serial, the service and what went wrong.
"""

from __future__ import annotations

import socket
import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mobile_gym.device.base import DeviceError

__all__ = ["AdbWire", "AdbWireError", "ReceiveBuffer", "ShellResult", "encode_request", "parse_shell_v2", "read_shell_v2"]

_STDOUT, _STDERR, _EXIT = 1, 2, 3  # shell protocol v2 packet ids (stdin/close/window: client only)
_MAX_REPLY = 256 << 20  # a reply larger than this is refused rather than buffered
_HEADER = struct.Struct("<BI")


class AdbWireError(DeviceError):
    """The adb server refused a request, answered something malformed, closed early or timed out."""


@dataclass(frozen=True)
class ShellResult:
    """What a shell v2 command returned: exit code (0-255), stdout and stderr bytes (stdout is
    a memoryview of the caller's ReceiveBuffer when one was given, to spare copying a 10 MB frame)."""

    code: int
    stdout: bytes | memoryview
    stderr: bytes


def encode_request(service: str) -> bytes:
    """A host-protocol request: 4 hex digits (the UTF-8 byte length), then the service string."""
    data = service.encode("utf-8")
    if not data or len(data) > 0xFFFF:
        raise ValueError(f"adb request of {len(data)} bytes: expected 1..65535 bytes")
    return b"%04x" % len(data) + data


def read_shell_v2(recv_into: Callable[[memoryview], int], stdout: ReceiveBuffer | None = None,
                  on_stdout: Callable[[memoryview], None] | None = None) -> ShellResult:
    """Read shell v2 packets (id u8 + length u32 LE + payload, ..., exit packet) with
    `recv_into(buffer) -> bytes read (0 at the end)`, the payloads straight into their stream;
    ValueError when the stream is cut short, has an unknown packet id or no exit packet.

    With `stdout` given, the stdout payloads are received into it (cleared first) and the
    result's stdout is a memoryview of it, valid until that buffer receives again.
    `on_stdout(received)` is called with the stdout received so far after every receive into
    it, so a caller can work on the start of a large reply while the rest arrives."""
    out = stdout if stdout is not None else ReceiveBuffer()
    out.clear()
    err = ReceiveBuffer()
    header = bytearray(5)
    header_view = memoryview(header)
    while True:
        got = _fill(recv_into, header_view)
        if got == 0:
            raise ValueError("shell v2 reply ended without an exit packet")
        if got < 5:
            raise ValueError(f"shell v2 reply cut inside a packet header after {got} bytes")
        kind, length = _HEADER.unpack(header)
        if kind == _EXIT:
            if length != 1:
                raise ValueError(f"shell v2 exit packet of {length} bytes, expected 1")
            code = bytearray(1)
            if _fill(recv_into, memoryview(code)) != 1:
                raise ValueError("shell v2 exit packet cut before its code")
            data = out.view() if stdout is not None else bytes(out.view())
            return ShellResult(code[0], data, bytes(err.view()))
        if kind not in (_STDOUT, _STDERR):
            raise ValueError(f"shell v2 packet with unknown id {kind}")
        target = out if kind == _STDOUT else err
        if len(target) + length > _MAX_REPLY:
            raise ValueError(f"shell v2 reply larger than {_MAX_REPLY} bytes")
        start = len(target)
        space = target.extend(length)
        watch = on_stdout if kind == _STDOUT else None
        got = _fill(recv_into, space, None if watch is None else _reporter(out, start, watch))
        if got < length:
            raise ValueError(f"shell v2 packet {kind} of {length} bytes cut after {got}")


class ReceiveBuffer:
    """A growing byte buffer that replies are received into and that keeps its memory for the
    next reply, so a 10 MB frame lands in pages already mapped: no allocation, zero-fill or
    page faults per reply. What it holds is valid until it is cleared and filled again."""

    def __init__(self) -> None:
        self._data = bytearray()
        self._used = 0

    def __len__(self) -> int:
        return self._used

    def clear(self) -> None:
        self._used = 0

    def extend(self, n: int) -> memoryview:
        """`n` more bytes at the end (grown when needed); the view to receive them into."""
        need = self._used + n
        if need > len(self._data):
            # a new bytearray, not an in-place resize: views of earlier replies stay valid
            grown = bytearray(max(need, 2 * len(self._data)))
            grown[:self._used] = memoryview(self._data)[:self._used]
            self._data = grown
        start, self._used = self._used, need
        return memoryview(self._data)[start:need]

    def view(self) -> memoryview:
        """The bytes received since the last clear()."""
        return memoryview(self._data)[:self._used]


def _reporter(out: ReceiveBuffer, start: int, on_stdout: Callable[[memoryview], None]) -> Callable[[int], None]:
    """A `_fill` progress callback giving `on_stdout` the stdout received so far."""
    def report(done: int) -> None:
        on_stdout(out.view()[:start + done])
    return report


def _fill(recv_into: Callable[[memoryview], int], view: memoryview,
          progress: Callable[[int], None] | None = None) -> int:
    """Fill `view` from `recv_into`; the number of bytes read (less only at the end of the
    stream). `progress(bytes read so far)` after each receive."""
    done = 0
    while done < len(view):
        n = recv_into(view[done:])
        if n == 0:
            break
        done += n
        if progress is not None:
            progress(done)
    return done


def parse_shell_v2(data: bytes) -> ShellResult:
    """`read_shell_v2` over a whole reply held in memory."""
    source = memoryview(data)
    pos = 0

    def recv_into(buf: memoryview) -> int:
        nonlocal pos
        n = min(len(buf), len(source) - pos)
        buf[:n] = source[pos:pos + n]
        pos += n
        return n

    return read_shell_v2(recv_into)


class AdbWire:
    """Talks to the adb server at host:port about one device `serial` (see module docstring)."""

    def __init__(self, serial: str, host: str = "127.0.0.1", port: int = 5037, timeout: float = 30.0) -> None:
        if not serial or any(c.isspace() for c in serial):
            raise ValueError(f"serial={serial!r}: expected a non-empty string without whitespace")
        if not timeout > 0:
            raise ValueError(f"timeout={timeout!r}: expected seconds > 0")
        self.serial, self.host, self.port, self.timeout = serial, host, int(port), float(timeout)

    # -- public calls ----------------------------------------------------------------------
    def host_query(self, service: str) -> str:
        """A host service answered with `OKAY` + a hex-length block (`host:version`,
        `host-serial:<s>:get-state`, `host-serial:<s>:features`): the block's text."""
        with self._connect(service) as sock:
            sock.sendall(encode_request(service))
            self._expect_okay(sock, service)
            length = self._hex_length(sock, service)
            return self._read_exact(sock, length, service).decode("utf-8", "replace")

    def shell(self, cmd: str, stdout: ReceiveBuffer | None = None,
              on_stdout: Callable[[memoryview], None] | None = None) -> ShellResult:
        """Run `cmd` over shell protocol v2 (raw, no PTY): exit code, stdout, stderr.

        `stdout`, `on_stdout`: for large replies, see read_shell_v2."""
        service = f"shell,v2,raw:{cmd}"
        with self._open_service(service) as sock:
            try:  # the socket's own recv_into: a 10 MB frame takes ~90 of them
                return read_shell_v2(sock.recv_into, stdout, on_stdout)
            except ValueError as exc:
                raise self._error(service, str(exc)) from None
            except OSError as exc:
                raise self._socket_failure(service, exc) from None

    def exec_out(self, cmd: str) -> bytes:
        """Run `cmd` with `exec:` (stdout and stderr on one raw stream, no exit code): its bytes."""
        return self._device_service(f"exec:{cmd}")

    # -- plumbing --------------------------------------------------------------------------
    def _device_service(self, service: str) -> bytes:
        with self._open_service(service) as sock:
            return self._read_to_end(sock, service)

    def _open_service(self, service: str) -> socket.socket:
        """A connection on which `service` was accepted (after the transport switch)."""
        switch = f"host:transport:{self.serial}"
        sock = self._connect(service)
        try:
            self._guarded(service, lambda: sock.sendall(encode_request(switch) + encode_request(service)))
            self._expect_okay(sock, switch)
            self._expect_okay(sock, service)
        except BaseException:
            sock.close()
            raise
        return sock

    def _connect(self, service: str) -> socket.socket:
        try:
            sock = socket.create_connection((self.host, self.port), timeout=self.timeout)
        except OSError as exc:
            raise self._error(service, f"cannot connect to the adb server at {self.host}:{self.port}: {exc}") from None
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return sock

    def _error(self, service: str, what: str) -> AdbWireError:
        shown = service if len(service) <= 120 else service[:117] + "..."
        return AdbWireError(f"adb {self.serial}: {shown!r}: {what}")

    def _socket_failure(self, service: str, exc: OSError) -> AdbWireError:
        """A socket timeout or failure as AdbWireError."""
        if isinstance(exc, TimeoutError):
            return self._error(service, f"no answer within {self.timeout:g} s")
        return self._error(service, f"connection failed: {exc}")

    def _guarded(self, service: str, op: Callable[[], int | bytes]) -> Any:
        """`op()` with socket timeouts and failures turned into AdbWireError."""
        try:
            return op()
        except OSError as exc:
            raise self._socket_failure(service, exc) from None

    def _recv(self, sock: socket.socket, n: int, service: str) -> bytes:
        return self._guarded(service, lambda: sock.recv(n))

    def _read_exact(self, sock: socket.socket, n: int, service: str) -> bytes:
        buf = bytearray()
        while len(buf) < n:
            chunk = self._recv(sock, min(n - len(buf), 1 << 20), service)
            if not chunk:
                raise self._error(service, f"the server closed the connection after {len(buf)} of {n} bytes")
            buf += chunk
        return bytes(buf)

    def _read_to_end(self, sock: socket.socket, service: str) -> bytes:
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = self._recv(sock, 1 << 20, service)
            if not chunk:
                return b"".join(chunks)
            total += len(chunk)
            if total > _MAX_REPLY:
                raise self._error(service, f"reply larger than {_MAX_REPLY} bytes")
            chunks.append(chunk)

    def _hex_length(self, sock: socket.socket, service: str) -> int:
        raw = self._read_exact(sock, 4, service)
        if any(c not in b"0123456789abcdefABCDEF" for c in raw):
            raise self._error(service, f"bad length prefix {raw!r}: not 4 hex digits")
        return int(raw, 16)

    def _expect_okay(self, sock: socket.socket, service: str) -> None:
        status = self._read_exact(sock, 4, service)
        if status == b"OKAY":
            return
        if status == b"FAIL":
            message = self._read_exact(sock, self._hex_length(sock, service), service)
            raise self._error(service, f"refused: {message.decode('utf-8', 'replace')}")
        raise self._error(service, f"expected OKAY or FAIL, got {status!r}")
