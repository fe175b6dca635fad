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
`ReadCache.opened` does the same for a resource (a database copy) and closes it when the span
ends (`close()`, or leaving a `with` block).

A `Carry` links the spans of one reader (the engine's resets and steps): `ReadCache.by_content`
takes over an answer derived from some content (a database's bytes) when a later span sees
equal content, as every reset of a task file does (its reset state is a restored snapshot), and
`ReadCache.kept` keeps a resource open from one span to the next until the carry is closed.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from mobile_gym.device.base import Device, FileEntry

__all__ = ["Carry", "ReadCache", "remembered"]

T = TypeVar("T")

_REMEMBERED_ERRORS = (FileNotFoundError, NotADirectoryError, IsADirectoryError, PermissionError)


class Carry:
    """What the spans of one reader hand on to the next: answers derived from content (plain,
    immutable values with the content they came from) and resources kept open between spans.
    Its owner closes it; the resources should also close themselves when collected."""

    def __init__(self) -> None:
        self.answers: dict[Hashable, tuple[Any, Any]] = {}
        self._kept: dict[Hashable, Any] = {}

    def kept(self, key: Hashable, open_: Callable[[], T]) -> T:
        """`open_()`'s resource for `key`, opened once and kept until `close()`."""
        if key not in self._kept:
            self._kept[key] = open_()
        return self._kept[key]

    def close(self) -> None:
        """Close the kept resources and forget the answers."""
        kept, self._kept = self._kept, {}
        self.answers = {}
        for resource in kept.values():
            resource.close()


class ReadCache:
    """`device` with `list_dir` and `pull` remembered per path; use it only while nothing writes.

    `carry`: shared with the reader's other spans (see the module); without one, `by_content`
    and `kept` work for this span only.
    """

    def __init__(self, device: Device, *, carry: Carry | None = None) -> None:
        self.device = device
        self._reads: dict[tuple[str, str], Any] = {}
        self._derived: dict[Hashable, Any] = {}
        self._carry = carry
        self._by_content: dict[Hashable, tuple[Any, Any]] = {}
        self._opened: dict[Hashable, Any] = {}

    def _read(self, kind: str, path: str) -> Any:
        key = (kind, path)
        if key not in self._reads:
            try:
                self._reads[key] = getattr(self.device, kind)(path)
            except _REMEMBERED_ERRORS as exc:
                # kept without its traceback, whose frames (this one too) refer back to it
                self._reads[key] = exc.with_traceback(None)
        found = self._reads[key]
        if isinstance(found, BaseException):
            try:
                raise found.with_traceback(None)
            finally:
                found = None  # the traceback keeps this frame: no cycle through its locals
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

    @property
    def carry(self) -> Carry | None:
        """The carry this span shares with the reader's other spans, if any."""
        return self._carry

    def opened(self, key: Hashable, open_: Callable[[], T]) -> T:
        """Like `derived`, for a resource with a `close()` method (or None): it is closed with
        this cache (the span's end)."""
        if key not in self._opened:
            self._opened[key] = open_()
        return self._opened[key]

    def kept(self, key: Hashable, open_: Callable[[], T]) -> T:
        """A resource kept open by the carry across spans, or (no carry) for this span."""
        if self._carry is None:
            return self.opened(key, open_)
        return self._carry.kept(key, open_)

    def by_content(self, key: Hashable, content: Any, compute: Callable[[], T]) -> T:
        """`compute()`'s answer for `key`, which depends only on `content` (compared with ==):
        computed once per span, or taken over from an earlier span of the carry that derived it
        from equal content. The answer must be immutable: later spans hand it out again."""
        found = self._by_content.get(key)
        if found is None and self._carry is not None:
            found = self._carry.answers.get(key)
        if found is not None and found[0] == content:
            self._by_content[key] = found
            return found[1]
        answer = compute()
        self._by_content[key] = (content, answer)
        return answer

    def close(self) -> None:
        """End the span: hand `by_content`'s answers to the carry, close what `opened` opened,
        forget the reads (a failure kept among them is referred to by its traceback's frames,
        which refer to this cache: clearing them leaves no cycle for the collector)."""
        if self._carry is not None:
            self._carry.answers.update(self._by_content)
        self._reads = {}
        self._derived = {}
        opened, self._opened = self._opened, {}
        for resource in opened.values():
            if resource is not None:
                resource.close()

    def __enter__(self) -> ReadCache:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.device, name)


def remembered(device: Device, key: Hashable, compute: Callable[[], T]) -> T:
    """`compute()`, answered once per `key` while `device` is a ReadCache (see the module)."""
    if isinstance(device, ReadCache):
        return device.derived(key, compute)
    return compute()
