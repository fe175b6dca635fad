"""Private host folders for a simulated device's files and for the state checks' database copies.

A folder goes on tmpfs (`FAST_DIR`) when the machine has one this user may write, so the sim's
SQLite never waits on a disk; else in the temp dir. The process that makes a folder holds a
shared `flock` on it until the folder is removed. The kernel drops that lock when the process
dies, even by SIGKILL, so the next process that makes a folder of the same kind finds the
unlocked ones left behind and removes them: on tmpfs they would hold memory until a reboot.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time

try:
    import fcntl
except ImportError:  # no flock (Windows): folders are made and removed, left-overs are not found
    fcntl = None  # type: ignore[assignment]

__all__ = ["FAST_DIR", "PrivateFolder", "make_private_folder", "remove_left_overs"]

#: tmpfs: memory rather than a disk.
FAST_DIR = "/dev/shm"
#: A folder younger than this is never taken for a left-over: between its `mkdtemp` and its
#: lock it is not locked yet.
_GRACE_S = 60.0


class PrivateFolder:
    """A folder made by `make_private_folder` (mode 0700) and the lock held while it is used;
    as a context manager, removed on exit."""

    def __init__(self, path: str, lock_fd: int | None) -> None:
        self.path = path
        self._lock_fd = lock_fd
        self._pid = os.getpid()

    def remove(self) -> None:
        """Delete the folder and drop its lock; a forked child only lets go of its inherited
        lock descriptor and leaves the folder to the process that made it. Idempotent."""
        fd, self._lock_fd = self._lock_fd, None
        if self._pid == os.getpid():
            shutil.rmtree(self.path, ignore_errors=True)
        if fd is not None:
            os.close(fd)

    def __enter__(self) -> str:
        return self.path

    def __exit__(self, *exc_info: object) -> None:
        self.remove()


def make_private_folder(prefix: str) -> PrivateFolder:
    """A new folder named `prefix` + random characters, locked for this process; left-overs of
    killed processes with the same prefix beside it are removed first."""
    parent = FAST_DIR if os.path.isdir(FAST_DIR) and os.access(FAST_DIR, os.W_OK | os.X_OK) else None
    try:
        path = tempfile.mkdtemp(prefix=prefix, dir=parent)
    except OSError:
        if parent is None:
            raise
        path = tempfile.mkdtemp(prefix=prefix)
    lock_fd = _lock(path, exclusive=False)
    remove_left_overs(os.path.dirname(path), prefix)
    return PrivateFolder(path, lock_fd)


def remove_left_overs(parent: str, prefix: str) -> list[str]:
    """Remove this user's folders in `parent` named `prefix`... that no live process holds (and
    that are older than a minute); returns their paths."""
    if fcntl is None:
        return []
    removed: list[str] = []
    now = time.time()
    try:
        entries = list(os.scandir(parent))
    except OSError:
        return removed
    for entry in entries:
        if not entry.name.startswith(prefix):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if (not entry.is_dir(follow_symlinks=False) or st.st_uid != os.getuid()
                or now - st.st_mtime < _GRACE_S):
            continue
        fd = _lock(entry.path, exclusive=True)
        if fd is None:
            continue  # in use (or gone)
        try:
            shutil.rmtree(entry.path, ignore_errors=True)
        finally:
            os.close(fd)
        removed.append(entry.path)
    return removed


def _lock(path: str, *, exclusive: bool) -> int | None:
    """A descriptor of the folder at `path` holding its flock (shared or exclusive, never
    waiting); None when flock is missing, the folder is gone or another process holds it."""
    if fcntl is None:
        return None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        fcntl.flock(fd, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd
