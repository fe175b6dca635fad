"""The one place where a task reads files of the host: its assets.

A task file is untrusted input. The files it may name (`push { local_path }`,
`install_apk { filesystem { path } }`, `icon_match` / `icon_detect_match` reference images and
the `icons/<class>/` template folders) are read only from the folder the task file lies in
(its `LoadedTask.directory`); a task without a file (a templated family, a task given as text)
has no folder and reads no host file at all. Paths are relative; an absolute path, one whose
`..` parts leave the folder, a symlink leading out of it, a missing file, a folder where a file
is wanted, a device file, a FIFO and an unreadable file all get the same message
(`not found in the task's folder`), so a task cannot learn which host files exist.

The check resolves the path with `os.path.realpath` and requires the result inside the real
folder; the file is then opened without following a final symlink and without blocking, and
must be a regular file of at most `MAX_ASSET_BYTES`.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

__all__ = ["MAX_ASSET_BYTES", "NOT_FOUND_HINT", "AssetError", "TaskAssets"]

#: Largest asset file read (an APK or a pushed file), so that a task cannot make the loader
#: read a multi-gigabyte file into memory.
MAX_ASSET_BYTES = 256 * 1024 * 1024

#: What every refusal adds after `FIELD 'PATH' not found in the task's folder`.
NOT_FOUND_HINT = ("(a task reads host files only from the folder of its task file, by relative "
                  "path; a missing file, a path outside that folder, a symlink leading out of it "
                  "and a task without a file are all refused alike)")


class AssetError(ValueError):
    """An asset path a task names cannot be read (missing or outside the task's folder), or the
    file is over a size limit. `message` is the text without the location prefix."""

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        self.message = message
        super().__init__(f"{where}: {message}" if where else message)


def not_found(field: str, relpath: str) -> str:
    """The single refusal text for a path that is missing or forbidden."""
    shown = relpath if len(relpath) <= 200 else relpath[:200] + "…"
    return f"{field} {shown!r} not found in the task's folder {NOT_FOUND_HINT}"


@dataclass(frozen=True)
class TaskAssets:
    """Read-only access to the files of one task's folder; `root` None means no files at all."""

    root: Path | None

    @classmethod
    def of(cls, task: Any) -> TaskAssets:
        """The assets of a `LoadedTask` (its `directory`), or of anything else: none."""
        directory = getattr(task, "directory", None)
        return cls(Path(directory) if directory is not None else None)

    # -- resolution ---------------------------------------------------------------------------

    def _real_root(self) -> str | None:
        if self.root is None:
            return None
        try:
            return os.path.realpath(self.root)
        except (OSError, ValueError):
            return None

    def resolve(self, relpath: str) -> str | None:
        """The real path of `relpath` inside the folder, or None if it is not a relative path
        leading (through symlinks too) to something inside it. Nothing is opened."""
        root = self._real_root()
        if root is None or not relpath or "\x00" in relpath:
            return None
        pure = PurePosixPath(relpath)
        if pure.is_absolute() or Path(relpath).is_absolute() or relpath.startswith("\\"):
            return None
        try:
            real = os.path.realpath(os.path.join(root, relpath))
        except (OSError, ValueError):
            return None
        if real != root and not real.startswith(root.rstrip(os.sep) + os.sep):
            return None
        return real

    def problem(self, relpath: str, field: str) -> str | None:
        """The refusal text if `relpath` is not a readable regular file of the folder (the same
        text whatever the reason), else None. Used by the static checks; nothing is read."""
        real = self.resolve(relpath)
        if real is None:
            return not_found(field, relpath)
        try:
            st = os.stat(real)
        except (OSError, ValueError):
            return not_found(field, relpath)
        if not stat.S_ISREG(st.st_mode) or not os.access(real, os.R_OK):
            return not_found(field, relpath)
        return None

    # -- reading ------------------------------------------------------------------------------

    def read(self, relpath: str, *, where: str, field: str,
             max_bytes: int = MAX_ASSET_BYTES, limit_name: str = "MAX_ASSET_BYTES") -> bytes:
        """The bytes of the regular file `relpath` of the folder; AssetError naming `where` and
        `field` if it is missing or forbidden (one text for both) or larger than `max_bytes`."""
        real = self.resolve(relpath)
        if real is None:
            raise AssetError(where, not_found(field, relpath))
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) \
            | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
        try:
            fd = os.open(real, flags)
        except (OSError, ValueError):
            raise AssetError(where, not_found(field, relpath)) from None
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise AssetError(where, not_found(field, relpath))
            if st.st_size > max_bytes:
                raise AssetError(where, f"{field} {relpath!r} has {st.st_size:,} bytes, more "
                                        f"than {limit_name} = {max_bytes:,}")
            chunks: list[bytes] = []
            total = 0
            while True:
                chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
                if not chunk:
                    break
                chunks.append(chunk)
                total += len(chunk)
                if total > max_bytes:  # the file grew after fstat
                    raise AssetError(where, f"{field} {relpath!r} has more than {limit_name} = "
                                            f"{max_bytes:,} bytes")
            return b"".join(chunks)
        except OSError:
            raise AssetError(where, not_found(field, relpath)) from None
        finally:
            os.close(fd)

    def entries(self, reldir: str) -> Iterator[tuple[str, bool]]:
        """(relative path, is a folder) of each entry of folder `reldir` inside the folder, in
        name order; nothing when `reldir` is missing or forbidden (templates are optional).
        Entries resolving outside the folder are left out."""
        real = self.resolve(reldir)
        if real is None:
            return
        try:
            names = sorted(os.listdir(real))
        except (OSError, ValueError):
            return
        for name in names:
            rel = f"{reldir.rstrip('/')}/{name}" if reldir not in ("", ".") else name
            target = self.resolve(rel)
            if target is None:
                continue
            try:
                st = os.stat(target)
            except (OSError, ValueError):
                continue
            if stat.S_ISDIR(st.st_mode):
                yield rel, True
            elif stat.S_ISREG(st.st_mode):
                yield rel, False


def asset_fields(task: Any) -> Iterator[tuple[tuple[str | int, ...], str, str]]:
    """Every asset path a task proto names that is always read: (field path, the path, the
    field's name for messages). An `install_apk` file is read only when its package is not
    installed (Mobile-Env's files name `../x.apk` beside an app the device already has), so
    only an absolute APK path, which can never be in the folder, is listed."""
    for steps in ("setup_steps", "reset_steps"):
        for i, step in enumerate(getattr(task, steps)):
            if step.WhichOneof("step") != "adb_call":
                continue
            call = step.adb_call
            kind = call.WhichOneof("command")
            if kind == "push" and call.push.WhichOneof("source") == "local_path":
                yield ((steps, i, "adb_call", "push", "local_path"), call.push.local_path,
                       "push local_path")
            elif kind == "install_apk" and _absolute(call.install_apk.filesystem.path):
                yield ((steps, i, "adb_call", "install_apk", "filesystem", "path"),
                       call.install_apk.filesystem.path, "install_apk path")
    for i, src in enumerate(task.event_sources):
        kind = src.WhichOneof("event")
        if kind in ("icon_match", "icon_detect_match") and getattr(src, kind).path:
            yield (("event_sources", i, kind, "path"), getattr(src, kind).path, f"{kind} path")


def _absolute(relpath: str) -> bool:
    return relpath.startswith(("/", "\\")) or Path(relpath).is_absolute()


def asset_problems(task: Any, assets: TaskAssets) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """(field path, refusal text) for each always-read asset path of `task` that `assets`
    cannot read; the same text for missing and forbidden files."""
    for path, relpath, field in asset_fields(task):
        problem = assets.problem(relpath, field)
        if problem is not None:
            yield path, problem
