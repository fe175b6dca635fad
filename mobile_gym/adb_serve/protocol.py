"""adb host-protocol framing (reference/adb.md sections 1 and 5): requests, OKAY/FAIL, blocks, packets.

Client -> server requests are 4 lower-case hex digits (the payload's byte length) followed by
the service string. Replies are `OKAY` or `FAIL` + hex length + message; host queries put a
hex-length block after `OKAY`. The binary sub-protocols (sync, shell v2) are little-endian.
"""

from __future__ import annotations

import socket
import struct
import time

SYNC_MAX_PATH = 1024
SYNC_MAX_DATA = 64 * 1024

# Shell protocol v2 packet ids (AOSP adb/shell_protocol.h).
SHELL_STDIN, SHELL_STDOUT, SHELL_STDERR, SHELL_EXIT, SHELL_CLOSE_STDIN, SHELL_WINDOW = 0, 1, 2, 3, 4, 5


class ProtocolError(Exception):
    """The client sent something the protocol does not allow; the message says what."""


class PeerClosed(ProtocolError):
    """The client closed the connection (possibly in the middle of a message)."""


def read_exact(sock: socket.socket, n: int) -> bytes:
    """Exactly `n` bytes; PeerClosed when the stream ends first."""
    buf = bytearray()
    while len(buf) < n:
        chunk = sock.recv(min(n - len(buf), 1 << 20))
        if not chunk:
            raise PeerClosed(f"connection closed after {len(buf)} of {n} bytes")
        buf += chunk
    return bytes(buf)


def parse_length(raw: bytes) -> int:
    """The 4-hex-digit length prefix; ProtocolError naming the bytes when it is not hex."""
    try:
        text = raw.decode("ascii")
    except UnicodeDecodeError:
        raise ProtocolError(f"bad length prefix {raw!r}: not 4 hex digits") from None
    if len(text) != 4 or any(c not in "0123456789abcdefABCDEF" for c in text):
        raise ProtocolError(f"bad length prefix {raw!r}: not 4 hex digits")
    return int(text, 16)


def read_request(sock: socket.socket) -> str:
    """One service request; PeerClosed on a clean EOF before it, ProtocolError when malformed."""
    first = sock.recv(4)
    if not first:
        raise PeerClosed("connection closed")
    if len(first) < 4:
        first += read_exact(sock, 4 - len(first))
    length = parse_length(first)
    if length == 0:
        raise ProtocolError("empty service request")
    payload = read_exact(sock, length)
    try:
        return payload.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError(f"service request is not UTF-8: {payload[:40]!r}") from None


def encode_block(payload: str | bytes) -> bytes:
    """`%04x` length + payload (the length counts bytes)."""
    data = payload.encode("utf-8") if isinstance(payload, str) else bytes(payload)
    if len(data) > 0xFFFF:
        raise ValueError(f"block of {len(data)} bytes does not fit a 4-hex-digit length")
    return b"%04x" % len(data) + data


def okay(payload: str | bytes | None = None) -> bytes:
    """`OKAY`, followed by a hex-length block when `payload` is given."""
    return b"OKAY" if payload is None else b"OKAY" + encode_block(payload)


def fail(message: str) -> bytes:
    """`FAIL` + hex length + message (truncated to fit the 4-digit length)."""
    data = message.encode("utf-8")[:0xFFFF]
    return b"FAIL" + b"%04x" % len(data) + data


def shell_packet(kind: int, data: bytes) -> bytes:
    """One shell v2 packet: id (u8) + length (u32 LE) + data."""
    return shell_packet_header(kind, len(data)) + data


def shell_packet_header(kind: int, length: int) -> bytes:
    """The 5-byte header of a shell v2 packet: id (u8) + length (u32 LE)."""
    return struct.pack("<BI", kind, length)


def sync_header(ident: bytes, value: int) -> bytes:
    """Sync message header: 4-byte id + u32 LE."""
    return ident + struct.pack("<I", value & 0xFFFFFFFF)


def close_gracefully(sock: socket.socket, drain_seconds: float = 2.0, drain_limit: int = 1 << 24) -> None:
    """Half-close, read and discard what the client still sends (bounded), then close.

    Closing with unread bytes in the receive buffer turns the FIN into an RST and the client can
    lose output it has not read yet (reference/adb.md 5.2).
    """
    try:
        sock.shutdown(socket.SHUT_WR)
    except OSError:
        sock.close()
        return
    deadline = time.monotonic() + drain_seconds
    drained = 0
    try:
        while drained < drain_limit:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            sock.settimeout(left)
            chunk = sock.recv(65536)
            if not chunk:
                break
            drained += len(chunk)
    except OSError:
        pass
    finally:
        sock.close()
