"""The device's file system: device paths mapped into one host directory per device.

Layout under the host root mirrors Android: `data/data/<pkg>/…`, `data/local/tmp`,
`storage/emulated/0/…`. Aliases (`/sdcard`, `/storage/self/primary`, `/data/user/0`) are
rewritten to their canonical paths. Paths are normalised; a path that would leave the
device root (`/..`), or a symlink pointing out of it, is refused with `PermissionError`.
Only `/data` and `/storage` are writable, as for the shell user on a real device.

A device has `quota_bytes` of storage (the bytes of its files): a write past it fails with
ENOSPC ("No space left on device"), and a database opened with `open_database` cannot grow
past the free space it had when opened (SQLite then reports "database or disk is full").
Error texts name device paths only, never the host directory.

The host directory is on tmpfs (`/dev/shm`) when the machine has one that is writable, else in
the temp dir: the files are still real files and the databases real SQLite (the shell, `pull`
and adb-serve read them as before), but nothing waits for a disk. `capture` / `restore` give
each file they wrote or read a fixed host mtime, so a later `restore` knows from one `stat`
which files still hold the captured bytes and rewrites only the others.
"""

from __future__ import annotations

import builtins
import dataclasses
import errno
import functools
import os
import posixpath
import shutil
import sqlite3
import stat as _stat
import tempfile
import time
import weakref
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

from mobile_gym.host_folders import make_private_folder
from mobile_gym.sim.system.clock import Clock
from mobile_gym.untrusted import sqlite_guard

#: Default storage of one simulated device (the sum of its files' sizes).
DEFAULT_QUOTA_BYTES = 256 * 1024 * 1024
#: Bounds of an app's own database connections: a database pushed by a task may carry
#: triggers and views, which must not stall the step that opens it.
APP_SQLITE_LIMITS = sqlite_guard.Limits(instructions=50_000_000)
_DB_COMPANIONS = ("", "-wal", "-shm", "-journal")
#: Name start of the host folder a device's storage makes for itself (see `host_folders`).
DEVICE_FOLDER_PREFIX = "mobile_gym_device."
#: Host mtime (ns) stamped on a file whose bytes `capture`/`restore` know: any write moves the
#: mtime to the present, so a file still carrying it (same inode, same size) is unchanged.
_KNOWN_MTIME_NS = 1_000_000_007
#: Files written through shared memory maps (SQLite's WAL index), whose writes may leave the
#: mtime alone: compared byte by byte at every restore.
_MAPPED_SUFFIXES = ("-shm",)
_MISSING = object()

EXTERNAL = "/storage/emulated/0"
_ALIASES = (
    ("/sdcard", EXTERNAL),
    ("/mnt/sdcard", EXTERNAL),
    ("/storage/self/primary", EXTERNAL),
    ("/mnt/user/0/primary", EXTERNAL),
    ("/data/user/0", "/data/data"),
)
_WRITABLE = ("/data", "/storage")
_SKELETON = ("/data/data", "/data/local/tmp", "/data/system", EXTERNAL + "/Download",
             EXTERNAL + "/Documents", EXTERNAL + "/DCIM", EXTERNAL + "/Pictures",
             EXTERNAL + "/Music", EXTERNAL + "/Movies", EXTERNAL + "/Android/data",
             "/system/bin", "/proc", "/dev")


class OutsideStorageError(PermissionError):
    """A device path that climbs above `/` or resolves (through a symlink) out of the storage.
    The shell reports it as a missing file, so nothing tells where the storage lives."""


@dataclass(frozen=True)
class DirEntry:
    """One entry of a directory listing; `mtime` is device time."""

    name: str
    is_dir: bool
    size: int
    mtime: float
    mode: int | None = None  # permission bits set by chmod; None: the default for its place


@dataclass
class StorageImage:
    """Every file's bytes and every directory, captured by `Storage.capture()`."""

    owner: int
    files: dict[str, bytes]
    dirs: list[str]
    mtimes: dict[str, tuple[int, int, float]] = field(default_factory=dict)
    modes: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class _Region:
    """What a partial restore may have changed: the `scopes` it restored (and everything in
    them: paths starting with one of `inside`); the restore moved the stamps of the folders
    `above` them only when a scope's own entry was made, removed or replaced (`moved_above`),
    since changes inside a folder leave the folders holding it as they were."""

    scopes: set[str]
    inside: tuple[str, ...]
    above: set[str]
    moved_above: bool
    wanted_dirs: set[str]  # the image's folders

    def holds(self, rel: str) -> bool:
        """Whether `rel` is a scope or in one."""
        return rel in self.scopes or rel.startswith(self.inside)


@dataclass
class _Synced:
    """What the last full or partial `Storage.restore` left: the files hold `image`'s bytes,
    the paths shared with other writers had `stamps`, and the bookkeeping was this."""

    image: StorageImage
    handouts: int
    stamps: dict[str, Hashable]
    mtimes: dict[str, tuple[int, int, float]]
    used: int | None


def normalize(path: str, cwd: str = "/", *, resolve_aliases: bool = True) -> str:
    """Canonical absolute device path; refuses paths that climb above `/`. With
    `resolve_aliases=False` it stays logical (`/sdcard` is not rewritten), as `cd` and `pwd` see it."""
    if not isinstance(path, str) or path == "":
        raise FileNotFoundError(f"empty device path {path!r}")
    if "\x00" in path:
        raise ValueError(f"device path {path!r} contains a NUL byte")
    if path.startswith("/") and "/." not in path and "//" not in path and not path.endswith("/"):
        # already canonical (no empty, `.` or `..` part: each part follows a `/`), as almost
        # every path a command or an app gives is: only the aliases are left to resolve
        norm = path
    else:
        norm = _canonical(path, cwd)
    for alias, target in _ALIASES if resolve_aliases else ():
        if norm == alias or norm.startswith(alias + "/"):
            norm = target + norm[len(alias):]
            break
    return norm


def _canonical(path: str, cwd: str) -> str:
    """`path` made absolute (from `cwd`) and normalized; refuses one that climbs above `/`."""
    joined = path if path.startswith("/") else posixpath.join(cwd, path)
    depth = 0
    for part in joined.split("/"):
        if part in ("", "."):
            continue
        depth = depth - 1 if part == ".." else depth + 1
        if depth < 0:
            raise OutsideStorageError(f"device path {path!r} escapes the device root")
    norm = posixpath.normpath(joined)
    if norm.startswith("//"):
        norm = "/" + norm.lstrip("/")
    return norm


def _device_errors(method: Callable[..., Any]) -> Callable[..., Any]:
    """Re-raise an OSError raised by a host call (it names a host file) as the same kind of
    error naming the device path given to `method`, so no message shows the host folder."""

    @functools.wraps(method)
    def wrapper(self: Storage, path: str, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, path, *args, **kwargs)
        except OSError as exc:
            if exc.filename is None or not exc.errno:
                raise
            raise OSError(exc.errno, f"{path}: {os.strerror(exc.errno)}") from None

    return wrapper


class Storage:
    """Device paths <-> host files under `root_dir` (a fresh temp dir when not given)."""

    def __init__(self, clock: Clock, root_dir: str | None = None, *,
                 quota_bytes: int = DEFAULT_QUOTA_BYTES) -> None:
        if not isinstance(quota_bytes, int) or isinstance(quota_bytes, bool) or quota_bytes <= 0:
            raise ValueError(f"quota_bytes={quota_bytes!r}: expected a positive int (bytes)")
        self._clock = clock
        self.quota_bytes = quota_bytes
        # Bytes in files, kept up to date by this class's writes (None: count them again);
        # `_watched` holds the sizes last counted of files written behind its back (databases).
        self._used: int | None = None
        self._watched: dict[str, int] = {}
        if root_dir is None:
            folder = make_private_folder(DEVICE_FOLDER_PREFIX)
            root_dir = folder.path
            self._finalizer: weakref.finalize | None = weakref.finalize(self, folder.remove)
        else:
            os.makedirs(root_dir, exist_ok=True)
            self._finalizer = None
        self.root = os.path.realpath(root_dir)
        # rel path -> (host mtime_ns, size, device mtime): device times for ls/list_dir without
        # leaking the host clock; a host change not made through this class gets the device
        # time at which it is first noticed.
        self._mtimes: dict[str, tuple[int, int, float]] = {}
        self._modes: dict[str, int] = {}  # chmod bits by host-relative path
        self._real_folders: set[str] = set()  # host folders known to be no symlink (host_path)
        self._versions = _ChangeCounts()
        # rel path -> ((inode, size, mtime_ns), bytes): files stamped with _KNOWN_MTIME_NS whose
        # bytes are those (kept by capture and restore; see `_unchanged`).
        self._known: dict[str, tuple[tuple[int, int, int], bytes]] = {}
        self._synced: _Synced | None = None  # set by restore; see `_changed_since_sync`
        for d in _SKELETON:
            os.makedirs(self._host(d), exist_ok=True)

    # -- paths -------------------------------------------------------------------------

    def use_clock(self, clock: Clock) -> None:
        """Stamp modification times from `clock` (the restored device's clock after a restore)."""
        self._clock = clock
    def _host(self, device_path: str) -> str:
        norm = normalize(device_path)
        return self.root if norm == "/" else os.path.join(self.root, norm[1:])

    def host_path(self, device_path: str) -> str:
        """Host file path for a device path (for sqlite3.connect); the file may not exist yet.

        Whoever gets it may write the file behind this class's back, so `version` checks that
        path (and its SQLite companions and folders) by `os.lstat` from then on.
        Refuses a path that resolves outside the storage (see `_resolve`)."""
        host = self._resolve(device_path)
        self._hand_out(host)
        return host

    def _resolve(self, device_path: str) -> str:
        """`host_path` for this class's own reads and writes (which it counts itself).

        Refuses a path that resolves outside the storage through a symlink. A folder found to be
        a real folder inside the storage is remembered, so later paths in it cost one `lstat` of
        their last part (this class never creates links; the memory is dropped whenever it
        removes a folder, renames or restores anything). A folder not yet known costs one
        `lstat` per folder below the deepest one known, not a `realpath` from the host's `/`."""
        host = self._host(device_path)
        folder = os.path.dirname(host)
        if self._is_real_folder(folder) and not os.path.islink(host):
            return host
        real = os.path.realpath(host)
        if real != self.root and not real.startswith(self.root + os.sep):
            raise OutsideStorageError(f"device path {device_path!r} resolves outside the device storage")
        if host != self.root and os.path.realpath(folder) == folder:
            self._real_folders.add(folder)
        return host

    def _is_real_folder(self, folder: str) -> bool:
        """Whether the host folder `folder` and every folder between it and the root are real
        folders (no symlink, no file), checked with `lstat` from the deepest one already known
        down, each found remembered; False when one is not (or is missing, or `folder` is not
        under the root), for `_resolve` to decide with `realpath`."""
        if folder != self.root and not folder.startswith(self.root + os.sep):
            return False
        unknown = []
        while folder != self.root and folder not in self._real_folders:
            unknown.append(folder)
            folder = os.path.dirname(folder)
        for below in reversed(unknown):
            try:
                if not _stat.S_ISDIR(os.lstat(below).st_mode):
                    return False
            except OSError:
                return False
            self._real_folders.add(below)
        return True

    def device_text(self, text: str) -> str:
        """`text` with every host path under the storage turned into its device path (for
        messages that may quote one, such as an exception from SQLite or the OS)."""
        if self.root not in text:
            return text
        return text.replace(self.root + os.sep, "/").replace(self.root, "/")

    def _writable(self, device_path: str) -> str:
        norm = normalize(device_path)
        if not any(norm == w or norm.startswith(w + "/") for w in _WRITABLE):
            raise PermissionError(f"{norm}: Read-only file system")
        return self._resolve(norm)

    # -- queries -----------------------------------------------------------------------
    def exists(self, path: str) -> bool:
        try:
            host = self._host(path)
            if self._is_real_folder(os.path.dirname(host)):
                # `_resolve`'s own fast path, with the one `lstat` telling existence too
                try:
                    if not _stat.S_ISLNK(os.lstat(host).st_mode):
                        return True
                except (FileNotFoundError, NotADirectoryError):
                    return False
            return os.path.lexists(self._resolve(path))
        except (PermissionError, FileNotFoundError):
            return False

    def is_dir(self, path: str) -> bool:
        try:
            return os.path.isdir(self._resolve(path))
        except (PermissionError, FileNotFoundError):
            return False

    @_device_errors
    def read(self, path: str) -> bytes:
        host = self._resolve(path)
        if os.path.isdir(host):
            raise IsADirectoryError(f"{path}: Is a directory")
        try:
            with open(host, "rb") as fh:
                return fh.read()
        except FileNotFoundError:
            raise FileNotFoundError(f"{path}: No such file or directory") from None

    def _host_stat(self, path: str) -> tuple[str, os.stat_result]:
        host = self._resolve(path)
        try:
            return host, os.stat(host)
        except FileNotFoundError:
            raise FileNotFoundError(f"{path}: No such file or directory") from None

    def _rel(self, host: str) -> str:
        """Key of the mtime table: `host` (the root or a path under it) relative to the root."""
        return "." if host == self.root else host[len(self.root) + 1:]

    def _device_mtime(self, host: str, st: os.stat_result) -> float:
        rel = self._rel(host)
        rec = self._mtimes.get(rel)
        if rec is not None and rec[0] == st.st_mtime_ns and rec[1] == st.st_size:
            return rec[2]
        now = self._clock.now()
        self._mtimes[rel] = (st.st_mtime_ns, st.st_size, now)
        return now

    @_device_errors
    def mtime(self, path: str) -> float:
        """Device time of the last change of a file or directory."""
        return self._device_mtime(*self._host_stat(path))

    def _entry(self, name: str, host: str, st: os.stat_result) -> DirEntry:
        is_dir = _stat.S_ISDIR(st.st_mode)
        return DirEntry(name, is_dir, 4096 if is_dir else st.st_size, self._device_mtime(host, st),
                        self._modes.get(self._rel(host)))

    @_device_errors
    def set_mode(self, path: str, mode: int) -> None:
        """Record the permission bits `chmod` gave a file or folder (0..0o7777); the host file's
        own bits are left alone, so a device mode can never lock the simulator out."""
        if not 0 <= mode <= 0o7777:
            raise ValueError(f"mode {mode:o} is out of range")
        host, _ = self._host_stat(path)
        self._modes[self._rel(host)] = mode
        self._versions.changed(self._rel(host))

    @_device_errors
    def stat(self, path: str) -> DirEntry:
        host, st = self._host_stat(path)
        return self._entry(posixpath.basename(normalize(path)) or "/", host, st)

    @_device_errors
    def list(self, path: str) -> list[DirEntry]:
        """Entries of a directory, sorted by name."""
        host = self._resolve(path)
        norm = normalize(path)
        if not os.path.exists(host):
            raise FileNotFoundError(f"{norm}: No such file or directory")
        if not os.path.isdir(host):
            raise NotADirectoryError(f"{norm}: Not a directory")
        with os.scandir(host) as found:
            children = sorted(found, key=lambda child: child.name)
        # The folder itself is checked; only a symlink inside it can point out of the storage.
        return [self.stat(posixpath.join(norm, child.name)) if child.is_symlink()
                else self._entry(child.name, child.path, child.stat()) for child in children]

    # -- changes -----------------------------------------------------------------------
    def _touched(self, host: str) -> None:
        st = os.stat(host)
        self._mtimes[self._rel(host)] = (st.st_mtime_ns, st.st_size, self._clock.now())

    @_device_errors
    def write(self, path: str, data: bytes, append: bool = False) -> None:
        """Write (or append) bytes, creating parent directories."""
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError(f"data for {path!r} must be bytes, not {type(data).__name__}")
        host = self._writable(path)
        if os.path.isdir(host):
            raise IsADirectoryError(f"{path}: Is a directory")
        parent = os.path.dirname(host)
        if os.path.exists(parent) and not os.path.isdir(parent):
            raise NotADirectoryError(f"{path}: Not a directory")
        old = _size(host)
        new = old + len(data) if append else len(data)
        self._reserve(new - old)
        os.makedirs(parent, exist_ok=True)
        with open(host, "ab" if append else "wb") as fh:
            fh.write(bytes(data))
        if self._used is not None:
            self._used += new - old
        if host in self._watched:
            self._watched[host] = new
        self._touched(host)
        self._touched(parent)
        self._versions.changed(self._rel(host))

    # -- space -------------------------------------------------------------------------
    def used_bytes(self) -> int:
        """Bytes in the device's files (what counts against `quota_bytes`)."""
        if self._used is None:
            total = 0
            for dirpath, _dirs, names in os.walk(self.root):
                total += sum(_size(os.path.join(dirpath, name)) for name in names)
            self._used = total
            self._watched = {host: _size(host) for host in self._watched}
        else:
            for host, counted in self._watched.items():
                now = _size(host)
                if now != counted:
                    self._used += now - counted
                    self._watched[host] = now
        return self._used

    def _counted_bytes(self, host: str) -> int:
        """The bytes `_used` counts for the file `host`, and forget them (it is about to be
        removed): its last counted size when written behind this class's back, else its size."""
        if host in self._watched:
            counted, self._watched[host] = self._watched[host], 0
            return counted
        return _size(host)

    def _counted_bytes_under(self, top: str) -> int:
        """`_counted_bytes` of every file in the folder `top` (as `used_bytes` walks them)."""
        return sum(self._counted_bytes(os.path.join(dirpath, name))
                   for dirpath, _dirs, names in os.walk(top) for name in names)

    def _reserve(self, extra: int) -> None:
        """Refuse a change that adds `extra` bytes past the quota (ENOSPC, as Android does)."""
        if extra > 0 and self.used_bytes() + extra > self.quota_bytes:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def open_database(self, path: str, limits: sqlite_guard.Limits = APP_SQLITE_LIMITS,
                      **connect_kwargs: Any) -> sqlite3.Connection:
        """A guarded SQLite connection to the database at device `path` (see
        `mobile_gym.untrusted.sqlite_guard`); the file may grow into the free space only.
        An app's connection does not sync (`PRAGMA synchronous = OFF`): the device's files
        live as long as the process, so waiting for a disk buys nothing; the journal mode is
        the database's own (WAL where the app made it so)."""
        conn = self.open_database_budget(path, limits, **connect_kwargs)[0]
        conn.execute("PRAGMA synchronous = OFF")
        return conn

    def open_database_budget(self, path: str, limits: sqlite_guard.Limits = APP_SQLITE_LIMITS,
                             **connect_kwargs: Any) -> tuple[sqlite3.Connection, sqlite_guard.Budget]:
        """`open_database`, also returning the connection's Budget (why a statement stopped)."""
        host, limits = self.database_limits(path, limits)
        return sqlite_guard.connect(host, limits, **connect_kwargs)

    def database_limits(self, path: str, limits: sqlite_guard.Limits) -> tuple[str, sqlite_guard.Limits]:
        """The host path of the database at device `path` (handed out: a connection writes it
        behind this class's back) and `limits` bounded to the free space it may grow into,
        as `open_database_budget` connects (and `sqlite_guard.rebudget` re-bounds a kept
        connection) with them."""
        host, room = self.database_room(path)
        if limits.database_bytes is None or limits.database_bytes > room:
            limits = dataclasses.replace(limits, database_bytes=room)
        return host, limits

    def present_database_room(self, path: str) -> tuple[str, int] | None:
        """`database_room(path)` when an entry that is no link (a file, as a rule) is at `path`
        in real folders: what `exists(path)` and then `database_room(path)` give, with one
        `lstat` of the entry rather than two. None otherwise (nothing handed out): the caller
        asks `exists` and `database_room` as before."""
        try:
            host = self._host(path)
            if not self._is_real_folder(os.path.dirname(host)) or _stat.S_ISLNK(os.lstat(host).st_mode):
                return None
        except (OSError, ValueError):  # missing, or no device path: the caller's usual way tells
            return None
        self._hand_out(host)  # resolved as `_resolve` resolves it (real folders, no link)
        return host, self._room(host)

    def database_room(self, path: str) -> tuple[str, int]:
        """The host path of the database at device `path` (handed out, as for `database_limits`)
        and the most bytes its file may reach: its size now and the free space (for a caller
        that makes its limits whole with that bound rather than replacing one)."""
        host = self.host_path(path)
        return host, self._room(host)

    def _room(self, host: str) -> int:
        """The most bytes the handed-out database file `host` may reach (`database_room`)."""
        for suffix in _DB_COMPANIONS:
            if host + suffix not in self._watched:  # counted from now on (one lstat each, once)
                self._watched[host + suffix] = _size(host + suffix)
        free = self.quota_bytes - self.used_bytes()  # (counts the watched files' sizes again)
        return max(0, free) + self._watched[host]

    @_device_errors
    def mkdir(self, path: str, parents: bool = False) -> None:
        host = self._writable(path)
        norm = normalize(path)
        if os.path.lexists(host):
            if parents and os.path.isdir(host):
                return
            raise FileExistsError(f"{norm}: File exists")
        parent = os.path.dirname(host)
        if not parents and not os.path.isdir(parent):
            raise FileNotFoundError(f"{norm}: No such file or directory")
        os.makedirs(host, exist_ok=True)
        self._touched(host)
        self._touched(os.path.dirname(host))
        self._versions.changed(self._rel(host))

    @_device_errors
    def remove(self, path: str, recursive: bool = False) -> None:
        host = self._writable(path)
        norm = normalize(path)
        if not os.path.lexists(host):
            raise FileNotFoundError(f"{norm}: No such file or directory")
        if os.path.isdir(host) and not os.path.islink(host):
            if not recursive:
                raise IsADirectoryError(f"{norm}: Is a directory")
            freed = self._counted_bytes_under(host)
            shutil.rmtree(host)
            self._real_folders.clear()  # a folder is gone: its name may come back as anything
        else:
            freed = self._counted_bytes(host)
            os.unlink(host)  # no folder is gone: the folders known to be real stay so
        if self._used is not None:
            self._used -= freed
        prefix = self._rel(host)
        for rel in [r for r in self._mtimes if r == prefix or r.startswith(prefix + os.sep)]:
            del self._mtimes[rel]
        for rel in [r for r in self._modes if r == prefix or r.startswith(prefix + os.sep)]:
            del self._modes[rel]
        self._touched(os.path.dirname(host))
        self._versions.changed(prefix)

    @_device_errors
    def rename(self, src: str, dst: str) -> None:
        hsrc, hdst = self._writable(src), self._writable(dst)
        if not os.path.lexists(hsrc):
            raise FileNotFoundError(f"{src}: No such file or directory")
        if os.path.isdir(hdst):
            hdst = os.path.join(hdst, os.path.basename(hsrc))
        os.makedirs(os.path.dirname(hdst), exist_ok=True)
        os.replace(hsrc, hdst)
        old, new = self._rel(hsrc), self._rel(hdst)
        for rel in [r for r in self._modes if r == old or r.startswith(old + os.sep)]:
            self._modes[new + rel[len(old):]] = self._modes.pop(rel)
        self._real_folders.clear()
        self._used = None
        self._touched(hdst)
        self._touched(os.path.dirname(hsrc))
        self._touched(os.path.dirname(hdst))
        self._versions.changed(old)
        self._versions.changed(new)

    @_device_errors
    def copy_tree(self, src: str, dst: str) -> None:
        """Copy a file, or a folder with everything in it, to `dst` (created, parents included).
        A folder cannot be copied into itself (ValueError, as cp refuses it)."""
        source, target = normalize(src), normalize(dst)
        if self.is_dir(source) and (target == source or target.startswith(source.rstrip("/") + "/")):
            raise ValueError(f"cannot copy a directory, '{src}', into itself, '{dst}'")
        self._copy(source, target)

    def _copy(self, src: str, dst: str) -> None:
        if self.is_dir(src):
            self.mkdir(dst, parents=True)
            for entry in self.list(src):
                self._copy(posixpath.join(src, entry.name), posixpath.join(dst, entry.name))
        else:
            self.write(dst, self.read(src))

    @_device_errors
    def touch(self, path: str) -> None:
        host = self._writable(path)
        if not os.path.lexists(host):
            self.write(path, b"")
        else:
            self._touched(host)
            self._versions.changed(self._rel(host))

    # -- change versions ---------------------------------------------------------------
    def version(self, path: str) -> Hashable:
        """A value that stays equal while `path` (a file or folder, with everything in it)
        keeps its content and existence: it changes on every write, removal, rename, mkdir,
        touch or chmod at the path, inside it or of a folder above it, and on every `restore`.

        Paths handed out by `host_path` (and the databases `open_database` opened) can be
        written behind this class's back; for them, their SQLite companions and their folders
        the value also holds the `os.lstat` of the file, and is a fresh object (equal to no
        other) while that stat is too recent to be told from a later write (see `_ChangeCounts`).
        ValueError / OSError for a path that is no device path."""
        return self._version(path, None)

    def versions(self, paths: Iterable[str]) -> tuple[Hashable, ...]:
        """`version` of each of `paths` (equal values, fewer host looks): a path shared with
        writers that was missing at an earlier look, in a folder whose stamp has not moved
        since, is missing still and is not looked at again (making it, or renaming or linking
        it there, would have moved the folder's stamp). A database's `-wal`, `-shm` and
        `-journal` companions, absent between an app's operations, cost one look at their
        folder together instead of one each. ValueError / OSError as `version`."""
        folders: dict[str, Hashable] = {}
        return tuple(self._version(p, folders) for p in paths)

    def _version(self, path: str, folders: dict[str, Hashable] | None) -> Hashable:
        """`version(path)`; with `folders` (host folder -> its stamp, filled for one call of
        `versions`), a missing shared path is answered by its folder's stamp when it can be."""
        versions = self._versions
        known = versions.paths.get(path)
        if known is None or known[0] != versions.handouts:
            rel = self._rel(self._host(path))
            shared = versions.shared_with_writers(rel)
            host = (os.path.join(self.root, rel) if rel != "." else self.root) if shared else None
            known = (versions.handouts, rel, host, os.path.dirname(host) if host is not None else "")
            if len(versions.paths) >= versions.MAX_PATHS:
                versions.paths.clear()
            versions.paths[path] = known
        _, rel, host, folder = known
        count = versions.count(rel)
        if host is None:
            return count
        if folders is None:
            return count, versions.host_stamp(host)
        return count, versions.host_stamp_in(host, folder, folders)

    def _hand_out(self, host: str) -> None:
        """Note that `host` may be written by code outside this class (see `host_path`)."""
        self._versions.hand_out(self._rel(host), self.root)

    # -- snapshot ----------------------------------------------------------------------
    def _walk(self, top: str | None = None) -> tuple[dict[str, str], builtins.list[str]]:
        """Host paths of every file (by relative path) and every folder's relative path under
        the host folder `top` (default: the root), as `os.walk` sees them (links to folders
        are neither followed nor listed)."""
        files: dict[str, str] = {}
        dirs: builtins.list[str] = []
        cut = len(self.root) + 1
        stack = [top or self.root]
        while stack:
            folder = stack.pop()
            with os.scandir(folder) as found:
                for entry in found:
                    if entry.is_dir():
                        if not entry.is_symlink():
                            dirs.append(entry.path[cut:])
                            stack.append(entry.path)
                    else:
                        files[entry.path[cut:]] = entry.path
        return files, dirs

    def _stamp(self, rel: str, host: str, data: bytes) -> None:
        """Remember that `host` holds `data`: give it the known mtime and record its identity."""
        st = os.lstat(host)
        if not _stat.S_ISREG(st.st_mode):
            return
        os.utime(host, ns=(st.st_atime_ns, _KNOWN_MTIME_NS))
        self._known[rel] = ((st.st_ino, st.st_size, _KNOWN_MTIME_NS), data)
        rec = self._mtimes.get(rel)
        if rec is not None and rec[0] == st.st_mtime_ns and rec[1] == st.st_size:
            self._mtimes[rel] = (_KNOWN_MTIME_NS, rec[1], rec[2])

    def _unchanged(self, rel: str, st: os.stat_result, data: bytes) -> bool:
        """Whether the file whose stat is `st` is known to hold `data` without reading it."""
        rec = self._known.get(rel)
        if rec is None or rel.endswith(_MAPPED_SUFFIXES):
            return False
        sig, known = rec
        return (sig == (st.st_ino, st.st_size, st.st_mtime_ns)
                and (known is data or known == data))

    def capture(self) -> StorageImage:
        """Every file's bytes (small app data: tens of files)."""
        self._synced = None  # its stamps change (see _stamp): the next restore checks everything
        files, dirs = self._walk()
        data = {}
        for rel, host in files.items():
            with open(host, "rb") as fh:
                data[rel] = fh.read()
            self._stamp(rel, host, data[rel])
        return StorageImage(id(self), data, dirs, dict(self._mtimes), dict(self._modes))

    def restore(self, image: StorageImage) -> None:
        """Bring the files back to `image`: everything else goes, and only files whose bytes
        may differ are read, and only those that do differ are written.

        When the files held `image` after the previous restore, only what changed since is
        looked at: the paths this class changed (its change counters keep them) and the paths
        shared with other writers whose host stamps moved (see `_changed_since_sync`)."""
        if image.owner != id(self):
            raise ValueError("storage image belongs to another device's storage")
        self._real_folders.clear()
        self._used = None
        found = self._changed_since_sync(image)
        self._versions.changed(".")  # everything may have been replaced
        if found is None:
            self._restore_all(image)
            stamps = self._versions.shared_stamps()
        else:
            changed, stamps = found
            if changed:
                region = self._restore_scopes(image, changed)
                stamp = self._versions.host_stamp
                for rel in stamps:  # the restore moved the stamps of what it changed only
                    if region.holds(rel):
                        if rel in image.files or rel in region.wanted_dirs:
                            stamps[rel] = stamp(f"{self.root}/{rel}")
                        else:
                            stamps[rel] = None  # in a scope, not in the image: gone
                    elif region.moved_above and rel in region.above:
                        stamps[rel] = stamp(self.root if rel == "." else f"{self.root}/{rel}")
            else:
                self._account(image, self._synced.used is not None)  # type: ignore[union-attr]
                self._mtimes = dict(self._synced.mtimes)  # type: ignore[union-attr]
        self._versions.dirty.clear()
        self._synced = _Synced(image, self._versions.handouts, stamps, dict(self._mtimes), self._used)

    def _changed_since_sync(self, image: StorageImage) -> tuple[set[str], dict[str, Hashable]] | None:
        """The relative paths that may differ from `image` and the stamps of the shared paths
        now, when the files held `image` after the last restore and every change since is
        known; None when everything must be checked."""
        synced = self._synced
        versions = self._versions
        if synced is None or synced.image is not image or synced.handouts != versions.handouts \
                or "." in versions.dirty:
            return None
        changed = set(versions.dirty)
        stamps = versions.shared_stamps(synced.stamps)
        for rel, stamp in stamps.items():
            if synced.stamps.get(rel, _MISSING) != stamp:
                changed.add(rel)
        if "." in changed:  # the root itself is no scope (see _restore_scope): check everything
            return None
        for rel in image.files:  # written through memory maps: their stamps may not move
            if rel.endswith(_MAPPED_SUFFIXES):
                changed.add(rel)
        return changed, stamps

    def _restore_all(self, image: StorageImage) -> None:
        files, dirs = self._walk()
        for rel, host in files.items():
            if rel not in image.files:
                os.unlink(host)
                self._known.pop(rel, None)
        wanted_dirs = set(image.dirs)
        for rel in sorted(dirs, key=len, reverse=True):
            if rel not in wanted_dirs:
                shutil.rmtree(os.path.join(self.root, rel), ignore_errors=True)
        for rel in image.dirs:
            host = os.path.join(self.root, rel)
            if not os.path.isdir(host):
                os.makedirs(host, exist_ok=True)
        stats: dict[str, os.stat_result] = {}
        regular = True  # every file a plain file: their bytes are the image's, counted below
        for rel, data in image.files.items():
            st = self._put(rel, data, rel in files)
            if st is not None:
                regular = regular and _stat.S_ISREG(st.st_mode)
                stats[rel] = st
        self._account(image, regular)
        # Device mtimes come back as captured; host stamps are refreshed for rewritten files.
        self._mtimes = {}
        for rel, (_ns, _bytes, dev_time) in image.mtimes.items():
            st = stats.get(rel)
            if st is None:
                try:
                    st = os.stat(os.path.join(self.root, rel))
                except FileNotFoundError:
                    continue
            self._mtimes[rel] = (st.st_mtime_ns, st.st_size, dev_time)

    def _put(self, rel: str, data: bytes, present: bool) -> os.stat_result | None:
        """Make the file at `rel` hold `data`; the stat of a file that already did (None when
        it was written); a file of another size is not read."""
        host = os.path.join(self.root, rel)
        if present:
            st = os.lstat(host)
            if self._unchanged(rel, st, data):
                return st
            regular = _stat.S_ISREG(st.st_mode)
            if st.st_size == len(data) or not regular:  # else they differ
                with open(host, "rb") as fh:
                    if fh.read() == data:
                        return st
            if regular:
                _write_over(host, data, st.st_size)
                self._stamp(rel, host, data)
                return None
        with open(host, "wb") as fh:
            fh.write(data)
        self._stamp(rel, host, data)
        return None

    def _account(self, image: StorageImage, regular: bool) -> None:
        """Space in use and modes after a restore to `image` (`regular`: every file of the
        image is a plain file, so the space is the sum of its bytes)."""
        if regular:  # what used_bytes() would count, without walking the folders again
            files = image.files
            self._used = sum(len(data) for data in files.values())
            # the tree holds the image: a watched file has its bytes there, or is not there
            cut = len(self.root) + 1
            self._watched = {host: len(files.get(host[cut:], b"")) for host in self._watched}
        self._modes = dict(image.modes)

    def _restore_scopes(self, image: StorageImage, changed: set[str]) -> _Region:
        """`_restore_all` for the files and folders at or under the `changed` paths only; the
        rest of the tree holds the image's bytes already (see `_changed_since_sync`). Returns
        the region it may have changed (see `_Region`)."""
        assert self._synced is not None
        wanted_dirs = set(image.dirs)
        scopes: list[str] = []
        chosen: set[str] = set()
        above: set[str] = set()  # the folders above the scopes
        for rel in sorted(changed, key=len):
            ups = _folders_above(rel)
            if rel in chosen or not chosen.isdisjoint(ups):
                continue  # inside a scope already (a shorter path comes first)
            # a folder made on the way to a changed path goes with it: widen to the highest
            # folder the image does not have
            kept = 0  # ups[kept:] are the folders above the scope
            while ups[kept] != "." and ups[kept] not in wanted_dirs:
                rel = ups[kept]
                kept += 1
            scopes.append(rel)
            chosen.add(rel)
            above.update(ups[kept:])
        regular = self._synced.used is not None
        moved_above = False
        for scope in scopes:
            plain, moved = self._restore_scope(image, scope, wanted_dirs)
            regular = plain and regular
            moved_above = moved_above or moved
        region = _Region(chosen, tuple(scope + os.sep for scope in scopes), above - chosen, moved_above,
                         wanted_dirs)
        self._account(image, regular)
        # Device mtimes as the last restore left them, with host stamps taken again where the
        # tree may have changed: in the scopes and of the folders above them (which the
        # episode may have changed, e.g. by removing and making again a file in them).
        self._mtimes = dict(self._synced.mtimes)
        for rel, (_ns, _bytes, dev_time) in image.mtimes.items():
            if region.holds(rel) or rel in region.above:
                try:
                    st = os.stat(self.root if rel == "." else f"{self.root}/{rel}")
                except FileNotFoundError:
                    self._mtimes.pop(rel, None)
                    continue
                self._mtimes[rel] = (st.st_mtime_ns, st.st_size, dev_time)
        return region

    def _restore_scope(self, image: StorageImage, scope: str, wanted_dirs: set[str]) -> tuple[bool, bool]:
        """Bring the file or folder at `scope` (with everything in it) back to `image`. Returns
        whether every file of the image there is a plain file, and whether the entry `scope`
        itself was made, removed or replaced (which moves the stamps of the folders above)."""
        host = f"{self.root}/{scope}"
        inside = scope + os.sep
        if scope not in wanted_dirs and scope not in image.files:  # nothing is wanted there
            self._forget_known(image, scope, inside)
            return True, _remove_entry(host)
        try:
            is_dir, existed = _stat.S_ISDIR(os.lstat(host).st_mode), True  # a folder, not a link to one
        except OSError:
            is_dir = existed = False
        if scope not in wanted_dirs:  # a file of the image
            if is_dir:
                shutil.rmtree(host)
            self._forget_known(image, scope, inside)
            st = self._put(scope, image.files[scope], existed and not is_dir)  # a file is rewritten in place
            return st is None or _stat.S_ISREG(st.st_mode), not existed or is_dir
        files: dict[str, str] = {}
        dirs: builtins.list[str] = []
        moved = not is_dir  # the folder is made (after removing what was there)
        if is_dir:
            files, dirs = self._walk(host)
        elif existed:
            os.unlink(host)
        for rel, path in files.items():
            if rel not in image.files:
                os.unlink(path)
                self._known.pop(rel, None)
        for rel in sorted(dirs, key=len, reverse=True):
            if rel not in wanted_dirs:
                shutil.rmtree(os.path.join(self.root, rel), ignore_errors=True)
        for rel in ([] if is_dir else [scope]) + [d for d in image.dirs if d.startswith(inside)]:
            path = os.path.join(self.root, rel)
            if not os.path.isdir(path):
                os.makedirs(path, exist_ok=True)
        regular = True
        for rel, data in image.files.items():
            if rel.startswith(inside):
                st = self._put(rel, data, rel in files)
                regular = regular and (st is None or _stat.S_ISREG(st.st_mode))
        return regular, moved

    def _forget_known(self, image: StorageImage, scope: str, inside: str) -> None:
        """Drop what `_known` says of the files at or in `scope` that `image` does not have."""
        for rel in [r for r in self._known if r == scope or r.startswith(inside)]:
            if rel not in image.files:
                del self._known[rel]

    def cleanup(self) -> None:
        """Delete the temp directory if this object created it."""
        if self._finalizer is not None:
            self._finalizer()


class _ChangeCounts:
    """Change counters of a storage, keyed by host path relative to its root ("." = root).

    `at[p]` counts changes of `p` itself (written, made, removed, renamed, or the whole
    storage restored at "."); `within[p]` counts changes of `p` or of anything under it. The
    version of `p` is `within[p]` plus `at[a]` of every folder `a` above it: both only grow,
    so the sum moves on every change that can alter what `p` holds.

    For paths shared with other writers (`hand_out`) the counters cannot see every write, so
    `host_stamp` adds the file's `lstat`. A stamp is trusted only when a later write must
    change it: on file systems whose timestamps are fine-grained once read (probed once, by
    writing a scratch file beside the storage, on the same file system), always; on coarse ones (a timestamp per clock
    tick), only once the file is `COARSE_TICK_NS` old, as git treats "racily clean" files.
    """

    #: Longest clock tick of a coarse file-system timestamp trusted to be covered (10 ms at
    #: HZ=100, the slowest common kernel setting), with a safety factor of 5.
    COARSE_TICK_NS = 50_000_000
    #: Most device paths whose host key `paths` remembers (the paths of a task's checks).
    MAX_PATHS = 4096

    def __init__(self) -> None:
        # device path as asked -> (handouts when resolved, rel, its host path when it is
        # shared with writers, else None, and that host path's folder)
        self.paths: dict[str, tuple[int, str, str | None, str]] = {}
        self.handouts = 0
        self.at: dict[str, int] = {}
        self.within: dict[str, int] = {}
        self.total = 0
        self._memo: dict[str, tuple[int, int]] = {}  # rel -> (total when counted, count)
        self._handed_out: set[str] = set()
        self._shared: set[str] = set()  # handed out, their SQLite companions and their folders
        self._shared_hosts: dict[str, tuple[str, str | None]] = {}  # their host paths and folders
        self._fine_stamps: bool | None = None  # probed on first use
        self._missing: dict[str, Hashable] = {}  # host path -> its folder's stamp when seen missing
        self._root = ""
        self.dirty: set[str] = set()  # paths changed since the storage's last restore

    def changed(self, rel: str) -> None:
        self.dirty.add(rel)
        self.total += 1
        self.at[rel] = self.at.get(rel, 0) + 1
        while True:
            self.within[rel] = self.within.get(rel, 0) + 1
            if rel == ".":
                return
            rel = os.path.dirname(rel) or "."

    def count(self, rel: str) -> int:
        memo = self._memo.get(rel)
        if memo is not None and memo[0] == self.total:
            return memo[1]
        count = self.within.get(rel, 0)
        up = rel
        while up != ".":
            up = os.path.dirname(up) or "."
            count += self.at.get(up, 0)
        self._memo[rel] = (self.total, count)
        return count

    def hand_out(self, rel: str, root: str) -> None:
        if rel in self._handed_out:
            return
        self._handed_out.add(rel)
        self.handouts += 1
        self._shared.update(rel + suffix for suffix in _DB_COMPANIONS)
        up = rel
        while up != ".":
            up = os.path.dirname(up) or "."
            self._shared.add(up)
        self._root = root

    def shared_with_writers(self, rel: str) -> bool:
        if not self._handed_out:
            return False
        if rel in self._shared:
            return True
        up = rel
        while True:
            if up in self._handed_out:
                return True
            if up == ".":
                return False
            up = os.path.dirname(up) or "."

    def shared_stamps(self, before: dict[str, Hashable] | None = None) -> dict[str, Hashable]:
        """`host_stamp` of every path shared with other writers (by relative path).

        With `before` (the stamps of an earlier call), a path that was missing then, in a
        folder whose stamp has not moved since, is missing still and is not looked at: making
        it (or renaming or linking it there) would have moved the folder's stamp. Folders
        come before what they hold, and every shared path's folder is shared too."""
        if len(self._shared_hosts) != len(self._shared):
            root = self._root
            self._shared_hosts = {
                rel: (root if rel == "." else os.path.join(root, rel), _parent(rel))
                for rel in sorted(self._shared, key=len)}
        stamp = self.host_stamp
        if before is None:
            return {rel: stamp(host) for rel, (host, _folder) in self._shared_hosts.items()}
        out: dict[str, Hashable] = {}
        for rel, (host, folder) in self._shared_hosts.items():
            if (before.get(rel, _MISSING) is None and folder is not None
                    and out[folder] == before.get(folder, _MISSING)):
                out[rel] = None
            else:
                out[rel] = stamp(host)
        return out

    def host_stamp_in(self, host: str, folder: str, folders: dict[str, Hashable]) -> Hashable:
        """`host_stamp(host)`, not looking at a path seen missing when the stamp of its
        `folder` (looked at once per `folders`, a cache for one moment) is still the one it had
        then. Only a folder stamp that can be trusted counts (a real folder, not racily recent)."""
        missing_in = self._missing.get(host)
        if missing_in is not None:
            if self._folder_stamp(folder, folders) == missing_in:
                return None
            del self._missing[host]
        found = self.host_stamp(host)
        if found is None:
            stamp = self._folder_stamp(folder, folders)
            if isinstance(stamp, tuple) and _stat.S_ISDIR(stamp[4]):
                if len(self._missing) >= self.MAX_PATHS:
                    self._missing.clear()
                self._missing[host] = stamp
        return found

    def _folder_stamp(self, folder: str, folders: dict[str, Hashable]) -> Hashable:
        """`host_stamp` of the host `folder`, looked at once per `folders`."""
        if folder not in folders:
            folders[folder] = self.host_stamp(folder)
        return folders[folder]

    def host_stamp(self, host: str) -> Hashable:
        try:
            st = os.lstat(host)
        except (FileNotFoundError, NotADirectoryError):  # missing, or a folder above is a file now
            return None
        if self._fine_stamps is None:
            self._fine_stamps = _fine_timestamps(self._root)
        if not self._fine_stamps and time.time_ns() - max(st.st_mtime_ns, st.st_ctime_ns) < self.COARSE_TICK_NS:
            return object()  # racily recent: equal to nothing, so the caller reads again
        return st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_mode


def _fine_timestamps(root: str) -> bool:
    """Whether a file on `root`'s file system, written again after its stat was read, always
    gets a new mtime (fine-grained timestamps). The scratch file goes beside `root`, not into the
    device's storage; False when that cannot be shown (another file system, not writable)."""
    folder = os.path.dirname(root)
    try:
        if os.stat(folder).st_dev != os.stat(root).st_dev:
            return False
        fd, scratch = tempfile.mkstemp(dir=folder, prefix=".mobile_gym_stamp_")
    except OSError:
        return False
    try:
        seen = set()
        for _ in range(4):
            os.write(fd, b"x")
            seen.add(os.fstat(fd).st_mtime_ns)
        return len(seen) == 4
    finally:
        os.close(fd)
        os.unlink(scratch)


def _parent(rel: str) -> str | None:
    """The folder holding `rel` (relative to the root; "." for the root's entries), None for
    the root."""
    if rel == ".":
        return None
    cut = rel.rfind(os.sep)
    return rel[:cut] if cut > 0 else "."


def _folders_above(rel: str) -> builtins.list[str]:
    """The folders holding `rel` (relative to the root), from its own folder up to "."."""
    out = []
    while rel != ".":
        cut = rel.rfind(os.sep)
        rel = rel[:cut] if cut > 0 else "."
        out.append(rel)
    return out


def _write_over(host: str, data: bytes, size: int) -> None:
    """Make the plain file `host` (of `size` bytes) hold `data`, writing over its bytes in place
    and cutting what is left past them: three times cheaper than emptying it and writing it
    again, which gives back its memory pages and takes new ones (the files are on tmpfs).
    Never through a link put there since the caller's `lstat`."""
    fd = os.open(host, os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0))
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        if size > len(data):
            os.ftruncate(fd, len(data))
    finally:
        os.close(fd)


def _remove_entry(host: str) -> bool:
    """Remove the file, link or folder (with what it holds) at `host`; whether there was one.
    A file (the usual case) costs one `unlink`, with no `lstat` first."""
    try:
        os.unlink(host)
    except (FileNotFoundError, NotADirectoryError):  # nothing there, or a file above it
        return False
    except OSError:  # a folder (EISDIR on Linux, EPERM on some systems)
        if not _stat.S_ISDIR(os.lstat(host).st_mode):
            raise
        shutil.rmtree(host)
    return True


def _size(host: str) -> int:
    """Size of a host file, 0 when it is missing (or is a folder)."""
    try:
        st = os.lstat(host)
    except OSError:
        return 0
    return st.st_size if _stat.S_ISREG(st.st_mode) else 0
