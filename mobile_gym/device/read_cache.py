"""A view of a Device that answers repeated reads from memory, for a span with no writes.

The event engine evaluates the state checks of a step against one device state; several that
run in the same step read the same folder or file (a Markor task checks each untouched note
in one folder). `ReadCache(device)` lives for one step: the first `list_dir` / `pull` of a
path goes to the device, later ones are answered from the cache, including the not-found /
not-a-directory / permission failures. Everything else is passed through unchanged.

It shares reads within a step; across steps a check is not run at all while
`Device.state_version` of what it reads is unchanged (events.sources.state), so on the sim
this cache works in the steps after a change and on adb, which answers no versions, every step.

`remembered(device, key, compute)` extends that to what a reader derives from those reads (the
rows of a database table): on a ReadCache the first answer for `key` is kept for the span, on
any other Device `compute()` runs every time. Failures are not kept (they are computed again).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from mobile_gym.device.base import Device, FileEntry

__all__ = ["ReadCache", "remembered"]

T = TypeVar("T")

_REMEMBERED_ERRORS = (FileNotFoundError, NotADirectoryError, IsADirectoryError, PermissionError)


class ReadCache:
    """`device` with `list_dir` and `pull` remembered per path; use it only while nothing writes."""

    def __init__(self, device: Device) -> None:
        self.device = device
        self._reads: dict[tuple[str, str], Any] = {}
        self._derived: dict[Hashable, Any] = {}

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

    def derived(self, key: Hashable, compute: Callable[[], T]) -> T:
        """`compute()`'s answer, computed once per `key` for the life of this cache."""
        if key not in self._derived:
            self._derived[key] = compute()
        return self._derived[key]

    def __getattr__(self, name: str) -> Any:
        return getattr(self.device, name)


def remembered(device: Device, key: Hashable, compute: Callable[[], T]) -> T:
    """`compute()`, answered once per `key` while `device` is a ReadCache (see the module)."""
    if isinstance(device, ReadCache):
        return device.derived(key, compute)
    return compute()
