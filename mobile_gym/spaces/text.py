"""A Unicode text space: instructions, answers and element listings are free text.

Gymnasium's `Text` only accepts characters of a fixed charset; instructions of real task
files contain any Unicode (quotes, accents, CJK). `UnicodeText` accepts every string up to
`max_length` characters (NUL excluded, it terminates strings in shared memory) and samples
from printable ASCII. Shared-memory support (for `AsyncVectorEnv`) stores code points, so
any character survives the trip between processes.
"""

from __future__ import annotations

import multiprocessing as mp
import string
from collections.abc import Callable, Iterator, Sequence
from ctypes import c_int32
from multiprocessing.sharedctypes import SynchronizedArray
from types import ModuleType
from typing import Any

import numpy as np
from gymnasium.spaces import Text
from gymnasium.vector.utils import shared_memory as _shm

#: Characters `sample()` draws from (contains() accepts any non-NUL character).
PRINTABLE = "".join(c for c in string.printable if c not in "\t\n\r\x0b\x0c")


class SharedStrings(Sequence[str]):
    """Strings decoded on access from an AsyncVectorEnv shared-memory buffer.

    Gymnasium reads shared memory once, when the vector env is built, and relies on numpy
    views to see later writes; decoded strings would be frozen at that first read. This view
    decodes on every access instead, and `deepcopy` (what AsyncVectorEnv(copy=True) returns)
    gives a plain tuple of the current strings.
    """

    def __init__(self, n: int, decode: Callable[[int], str]) -> None:
        self._n = n
        self._decode = decode

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return tuple(self._decode(i) for i in range(self._n)[index])
        if not -self._n <= index < self._n:
            raise IndexError(index)
        return self._decode(index % self._n)

    def __len__(self) -> int:
        return self._n

    def __iter__(self) -> Iterator[str]:
        return (self._decode(i) for i in range(self._n))

    def __deepcopy__(self, memo: dict) -> tuple[str, ...]:
        return tuple(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, (tuple, SharedStrings)) and tuple(self) == tuple(other)

    def __repr__(self) -> str:
        return f"SharedStrings({tuple(self)!r})"


def text_problem(x: Any, min_length: int, max_length: int) -> str | None:
    """Why `x` is not a UnicodeText(max_length, min_length=...) value, or None when it is."""
    if not isinstance(x, str):
        return f"expected a str, got {type(x).__name__}"
    if len(x) > max_length:
        return f"length {len(x)} exceeds max_length {max_length}"
    if len(x) < min_length:
        return f"length {len(x)} is below min_length {min_length}"
    if "\x00" in x:
        return "contains a NUL character"
    return None


class UnicodeText(Text):
    """Strings of `min_length`..`max_length` Unicode characters (no NUL)."""

    def __init__(
        self,
        max_length: int,
        *,
        min_length: int = 0,
        sample_charset: str = PRINTABLE,
        seed: int | np.random.Generator | None = None,
    ) -> None:
        super().__init__(max_length, min_length=min_length, charset=sample_charset, seed=seed)

    def contains(self, x: Any) -> bool:
        """Any `str` within the length bounds and without NUL characters."""
        return self.why_not(x) is None

    def why_not(self, x: Any) -> str | None:
        """A short reason why `x` is not in the space, or None when it is."""
        return text_problem(x, self.min_length, self.max_length)

    def __repr__(self) -> str:
        return f"UnicodeText({self.min_length}, {self.max_length})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, UnicodeText)
            and self.min_length == other.min_length
            and self.max_length == other.max_length
        )


@_shm.create_shared_memory.register(UnicodeText)
def _create_unicode_shared_memory(
    space: UnicodeText, n: int = 1, ctx: ModuleType = mp
) -> SynchronizedArray[c_int32]:
    return ctx.Array(np.dtype(np.int32).char, n * space.max_length)


@_shm.read_from_shared_memory.register(UnicodeText)
def _read_unicode_from_shared_memory(
    space: UnicodeText, shared_memory: SynchronizedArray[c_int32], n: int = 1
) -> SharedStrings:
    data = np.frombuffer(shared_memory.get_obj(), dtype=np.int32).reshape((n, space.max_length))

    def decode(i: int) -> str:
        row = data[i]
        end = np.flatnonzero(row == 0)
        row = row[: end[0]] if end.size else row
        return "".join(map(chr, row.tolist()))

    return SharedStrings(n, decode)


@_shm.write_to_shared_memory.register(UnicodeText)
def _write_unicode_to_shared_memory(
    space: UnicodeText, index: int, value: str, shared_memory: SynchronizedArray[c_int32]
) -> None:
    size = space.max_length
    dest = np.frombuffer(shared_memory.get_obj(), dtype=np.int32)
    codes = np.zeros(size, dtype=np.int32)
    points = [ord(c) for c in value[:size]]
    codes[: len(points)] = points
    np.copyto(dest[index * size : (index + 1) * size], codes)
