"""A view of a Device that answers repeated reads from memory, for a span with no writes.

The event engine evaluates every state check of a step against one device state; several
checks read the same folder or file (a Markor task checks each untouched note, an SQLite check
fingerprints the database and then queries it). `ReadCache(device)` lives for one step: the
first `list_dir` / `pull` of a path goes to the device, later ones are answered from the
cache, including the not-found / not-a-directory / permission failures. Everything else is passed through unchanged.
"""

from __future__ import annotations

from typing import Any

from mobile_gym.device.base import Device, FileEntry

__all__ = ["ReadCache"]

_REMEMBERED_ERRORS = (FileNotFoundError, NotADirectoryError, IsADirectoryError, PermissionError)


class ReadCache:
    """`device` with `list_dir` and `pull` remembered per path; use it only while nothing writes."""

    def __init__(self, device: Device) -> None:
        self.device = device
        self._reads: dict[tuple[str, str], Any] = {}

    def _read(self, kind: str, path: str) -> Any:
        key = (kind, path)
        if key not in self._reads:
            try:
                self._reads[key] = getattr(self.device, kind)(path)
            except _REMEMBERED_ERRORS as exc:
                self._reads[key] = exc
        found = self._reads[key]
        if isinstance(found, BaseException):
            raise found
        return found

    def list_dir(self, path: str) -> list[FileEntry]:
        return list(self._read("list_dir", path))

    def pull(self, path: str) -> bytes:
        return self._read("pull", path)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.device, name)
