"""The `sync:` service (AOSP adb/SYNC.TXT; reference/adb.md 5.1) over the simulated device's storage.

Requests: id (4 bytes) + u32 LE length + path. STAT/LIST/RECV/SEND/QUIT, plus STA2/LST2 (the
`stat_v2` feature). Each reply message is written with one `sendall` (adbutils reads a STAT reply
with a single `recv(12)`). A malformed request gets a sync `FAIL` message and the connection
closes; a truncated one just closes.

Files report 0100660 and directories 040771, or the bits `chmod` stored for them (what the
device's `ls -l` shows); SEND's mode is accepted but not kept.
"""

from __future__ import annotations

import functools
import os
import socket
import stat as _stat
import struct
import zlib
from typing import TYPE_CHECKING

from mobile_gym.adb_serve.protocol import (
    SYNC_MAX_DATA,
    SYNC_MAX_PATH,
    PeerClosed,
    okay,
    read_exact,
    sync_header,
)
from mobile_gym.adb_serve.slots import DeviceSlot
from mobile_gym.sim.system.storage import OutsideStorageError

if TYPE_CHECKING:
    from mobile_gym.sim.android import SimAndroid
    from mobile_gym.sim.system.storage import DirEntry, Storage

FILE_MODE = _stat.S_IFREG | 0o660
DIR_MODE = _stat.S_IFDIR | 0o771
MAX_SEND = 1 << 30  # refuse single uploads above 1 GiB (held in memory until DONE)
_UID = _GID = 2000  # the `shell` user
_ENOENT = 2


def _mode(entry: DirEntry) -> int:
    if entry.mode is not None:
        return (_stat.S_IFDIR if entry.is_dir else _stat.S_IFREG) | entry.mode
    return DIR_MODE if entry.is_dir else FILE_MODE


def _stat_entry(storage: Storage, path: str) -> DirEntry | None:
    try:
        return storage.stat(path)
    except (OSError, ValueError):
        return None


def _u32(value: float) -> int:
    return int(value) & 0xFFFFFFFF


def _stat_reply(entry: DirEntry | None) -> bytes:
    if entry is None:
        return b"STAT" + bytes(12)
    return b"STAT" + struct.pack("<III", _mode(entry), _u32(entry.size), _u32(entry.mtime))


def _stat2_reply(ident: bytes, path: str, entry: DirEntry | None) -> bytes:
    if entry is None:
        return struct.pack("<4sIQQIIIIQqqq", ident, _ENOENT, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    t = int(entry.mtime)
    return struct.pack("<4sIQQIIIIQqqq", ident, 0, 0xFD00, zlib.crc32(path.encode("utf-8")),
                       _mode(entry), 2 if entry.is_dir else 1, _UID, _GID, entry.size, t, t, t)


def _stat_any(ident: bytes, path: str, android: SimAndroid) -> bytes:
    entry = _stat_entry(android.storage, path)
    return _stat_reply(entry) if ident == b"STAT" else _stat2_reply(ident, path, entry)


def _dent(mode: int, size: int, mtime: float, name: str) -> bytes:
    raw = name.encode("utf-8")
    return b"DENT" + struct.pack("<IIII", mode, _u32(size), _u32(mtime), len(raw)) + raw


def _fail(message: str) -> bytes:
    raw = message.encode("utf-8")
    return sync_header(b"FAIL", len(raw)) + raw


def serve_sync(sock: socket.socket, slot: DeviceSlot) -> None:
    """OKAY, then sync requests until QUIT, EOF or a malformed request."""
    sock.sendall(okay())
    slot.run(lambda android: None)  # the session's clock step; its requests add none
    while True:
        try:
            header = read_exact(sock, 8)
        except PeerClosed:
            return
        ident = header[:4]
        (length,) = struct.unpack("<I", header[4:])
        if ident == b"QUIT":
            return
        if ident not in (b"STAT", b"STA2", b"LST2", b"LIST", b"RECV", b"SEND"):
            sock.sendall(_fail(f"adb-serve: unknown sync request {ident!r}"))
            return
        if length > SYNC_MAX_PATH:
            sock.sendall(_fail(f"adb-serve: sync path of {length} bytes is longer than {SYNC_MAX_PATH}"))
            return
        raw = read_exact(sock, length)
        try:
            path = raw.decode("utf-8")
        except UnicodeDecodeError:
            sock.sendall(_fail(f"adb-serve: sync path is not UTF-8: {raw[:60]!r}"))
            return
        if ident in (b"STAT", b"STA2", b"LST2"):
            sock.sendall(slot.run(functools.partial(_stat_any, ident, path), step=False))
        elif ident == b"LIST":
            _list(sock, slot, path)
        elif ident == b"RECV":
            if not _recv(sock, slot, path):
                return
        elif not _send(sock, slot, path):
            return


def _list(sock: socket.socket, slot: DeviceSlot, path: str) -> None:
    def listing(android: SimAndroid) -> list[bytes]:
        storage = android.storage
        me = _stat_entry(storage, path)
        if me is None or not me.is_dir:
            return []
        try:
            entries = storage.list(path)
        except (OSError, ValueError):
            return []
        parent = _stat_entry(storage, path.rstrip("/").rsplit("/", 1)[0] or "/") or me
        return ([_dent(DIR_MODE, 4096, me.mtime, "."), _dent(DIR_MODE, 4096, parent.mtime, "..")]
                + [_dent(_mode(e), e.size, e.mtime, e.name) for e in entries])

    for message in slot.run(listing, step=False):
        sock.sendall(message)
    sock.sendall(b"DONE" + bytes(16))


def _recv(sock: socket.socket, slot: DeviceSlot, path: str) -> bool:
    def read(android: SimAndroid) -> bytes | str:
        try:
            return android.storage.read(path)
        except (FileNotFoundError, OutsideStorageError):  # outside reads as missing
            return "No such file or directory"
        except IsADirectoryError:
            return "Is a directory"
        except PermissionError:
            return "Permission denied"
        except (OSError, ValueError) as exc:
            return android.storage.device_text(str(exc))

    data = slot.run(read, step=False)
    if isinstance(data, str):
        sock.sendall(_fail(data))
        return False  # adbd ends the sync session after a failed RECV
    for i in range(0, len(data), SYNC_MAX_DATA):
        chunk = data[i:i + SYNC_MAX_DATA]
        sock.sendall(sync_header(b"DATA", len(chunk)) + chunk)
    sock.sendall(sync_header(b"DONE", 0))
    return True


def _send(sock: socket.socket, slot: DeviceSlot, spec: str) -> bool:
    path, comma, mode_text = spec.rpartition(",")
    if not comma:
        path = spec
    elif not mode_text.isdigit():
        sock.sendall(_fail(f"adb-serve: SEND path {spec!r} has a bad mode {mode_text!r}"))
        return False
    data = bytearray()
    while True:
        header = read_exact(sock, 8)
        ident = header[:4]
        (value,) = struct.unpack("<I", header[4:])
        if ident == b"DONE":
            break
        if ident != b"DATA":
            sock.sendall(_fail(f"adb-serve: expected DATA or DONE during SEND, got {ident!r}"))
            return False
        if value > SYNC_MAX_DATA:
            sock.sendall(_fail(f"adb-serve: SEND data chunk of {value} bytes exceeds {SYNC_MAX_DATA}"))
            return False
        if len(data) + value > MAX_SEND:
            sock.sendall(_fail(f"adb-serve: SEND of more than {MAX_SEND} bytes refused"))
            return False
        data += read_exact(sock, value)
    if comma and _stat.S_ISLNK(int(mode_text)):
        sock.sendall(_fail(f"adb-serve: cannot create symlink {path!r}: symlinks are not supported"))
        return False

    def write(android: SimAndroid) -> str | None:
        try:
            android.storage.write(path, bytes(data))
        except (OSError, ValueError) as exc:
            reason = os.strerror(exc.errno) if isinstance(exc, OSError) and exc.errno else str(exc)
            return f"couldn't create file: {android.storage.device_text(reason)}"
        return None

    error = slot.run(write, step=False)
    if error is not None:
        sock.sendall(_fail(error))
        return False
    sock.sendall(sync_header(b"OKAY", 0))
    return True


__all__ = ["serve_sync"]
