"""Draws: a seed's random numbers exactly as `numpy.random.default_rng(seed)` gives them, with
the one-at-a-time draws the families make hundreds of times per task at a lower cost.

A family's `sample` makes most of its draws one at a time (`rng.integers(0, n)` to pick an item,
`rng.random()` for a coin), and a numpy Generator call costs ~1.3 us, mostly argument handling
around a draw of a few nanoseconds: a calendar question with 75 noise events makes ~700 of them.
`Draws` reads the PCG64 bit generator's raw 64-bit outputs ahead in blocks
(`bit_generator.random_raw(k)`, ~25 ns a value) and makes numpy's own numbers from them in
Python: a 32-bit draw is the low then the high half of one output (numpy's `has_uint32`
buffer), a bounded integer is numpy's Lemire method (`buffered_bounded_lemire_uint32`), a float
is `(output >> 11) * 2**-53` (numpy's `next_double`). Before any other Generator method runs
(`permutation`, `choice`, sized `integers`, ...), the bit generator is put back exactly where
numpy's own calls would have left it (its state from before the read-ahead, its 32-bit buffer,
then the outputs used skipped), so every seed keeps its numbers. The first `_FAST_AFTER` draws
of a sample are numpy's own calls (a read-ahead costs about as much as a few of them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import numpy as np

_U32 = 0xFFFFFFFF
_DOUBLE_UNIT = 1.0 / 9007199254740992.0  # 2**-53: numpy's next_double scale
_FAST_AFTER = 12  # numpy's own calls for the first draws of a sample
_FIRST_BLOCK = 64  # raw outputs read ahead at first; each further block is twice the last
_MAX_BLOCK = 1024
#: numpy int64 scalars of small values, made once (Generator.integers returns np.int64).
_N_SMALL = 4096
#: Little-endian 64- and 32-bit words: a 64-bit output viewed as two 32-bit words is its low
#: half then its high half (numpy's order for `next_uint32`) on any machine.
_LITTLE_U64 = np.dtype("<u8")
_LITTLE_U32 = np.dtype("<u4")
_SMALL_INT64: tuple[np.int64, ...] = tuple(np.arange(_N_SMALL, dtype=np.int64))
#: Items decoded per block after the first (`decoded_in_blocks`).
_ITEMS_PER_BLOCK = 8
#: The largest population numpy's `choice` without replacement samples by Floyd's method.
_FLOYD_MAX = 10000

Item = TypeVar("Item")


def _delegating(cls: type) -> type:
    """Give `cls` every other public Generator attribute as a property reading the real
    generator's, its bit generator first put where numpy's own calls would have left it (so
    read it right before use). Properties, not `__getattr__`: a class with `__getattr__` loses
    CPython's fast attribute lookups, and `Draws.below` reads its own attributes ~5 times a draw."""
    def delegate(name: str) -> property:
        return property(lambda self: getattr(self._numpy(), name),
                        doc=f"numpy.random.Generator.{name} of the caught-up generator")
    for name in dir(np.random.Generator):
        if not name.startswith("_") and not hasattr(cls, name):
            setattr(cls, name, delegate(name))
    return cls


@_delegating
class Draws:
    """Stands in for `numpy.random.default_rng(seed)` in a family's `sample` (see the module
    docstring): the same methods, the same numbers in the same order."""

    def __init__(self, seed: int) -> None:
        self._generator = np.random.default_rng(seed)
        self._draws = 0  # one-at-a-time draws made through numpy so far
        #: The bit generator's state when the read-ahead began (None: no read-ahead, the bit
        #: generator is where numpy's calls would have left it).
        self._origin: dict[str, Any] | None = None
        #: The outputs read ahead, split into 32-bit halves (low, high, low, high, ...) after two
        #: leading slots, or None when not reading ahead. `_at` is the next 32-bit draw's index:
        #: odd while numpy's 32-bit buffer holds a half (`_halves[_at]`), even when it is empty
        #: (`_halves[_at - 1]` is then the buffer's last, used value), so a 32-bit draw is one
        #: list read and the outputs used are `(_at - 1) // 2` plus `_dropped`.
        self._halves: list[int] | None = None
        self._at = 0
        self._dropped = 0    # outputs used and dropped from the front of `_halves`
        self._block = 0      # size of the last block read ahead

    def below(self, n: int) -> int:
        """`int(integers(0, n))` as a Python int, for picking one of n items (`common.choice`)."""
        halves = self._halves
        if halves is None or not 1 < n <= _U32:
            return self._below_slowly(n)
        at = self._at  # `_uint32()`, written out: this is the families' hottest line
        try:
            m = halves[at] * n
        except IndexError:
            self._read_ahead()
            return self.below(n)
        self._at = at + 1
        if m & _U32 < n:  # Lemire's rejection step: redraw below 2**32 mod n
            threshold = (_U32 - (n - 1)) % n
            while m & _U32 < threshold:
                m = self._uint32() * n
        return m >> 32

    def _below_slowly(self, n: int) -> int:
        """`below` through numpy: a bound numpy rejects or draws 64 bits for, a single value,
        or one of a sample's first draws (past them, the read-ahead begins)."""
        if 1 < n <= _U32 and self._begin():
            return self.below(n)
        if n == 1:  # numpy draws nothing for a single value
            return 0
        return int(self._numpy().integers(0, n))

    def pick(self, items: Sequence[Any]) -> Any:
        """`common.choice(self, items)`: one item, uniformly (one `below` draw)."""
        return items[self.below(len(items))]

    def below_each(self, n: int, k: int) -> list[int]:
        """`integers(0, n, size=k).tolist()`: k draws below n (numpy's sized draw makes the
        same draws as k single ones)."""
        if not 1 < n <= _U32 or (self._halves is None and not self._begin()):
            return self._numpy().integers(0, n, size=k).tolist()
        if n & (n - 1) == 0:  # a power of two: Lemire's method never redraws, and each value
            shift = 33 - n.bit_length()  # is the top bits of one 32-bit draw
            return [u >> shift for u in self._uint32s(k)]
        uint32 = self._uint32
        out = []
        for _ in range(k):
            m = uint32() * n
            if m & _U32 < n:  # Lemire's rejection step, as in `below`
                threshold = (_U32 - (n - 1)) % n
                while m & _U32 < threshold:
                    m = uint32() * n
            out.append(m >> 32)
        return out

    def ahead(self, k: int) -> list[int]:
        """The next k 32-bit values, left unused: what the next `below(n)` draws read, one
        value each, `(value * n) >> 32` (Lemire's method may redraw, reading one more, only when
        `(value * n) & 0xFFFFFFFF < n`). For making many draws in one go; `skip` then uses the
        values read."""
        if self._halves is None:
            self._start_reading_ahead()
        halves = self._halves
        assert halves is not None
        while self._at + k > len(halves):
            self._read_ahead((self._at + k - len(halves) + 1) // 2)
        return halves[self._at:self._at + k]

    def skip(self, k: int) -> None:
        """Use the next k 32-bit values (read by `ahead`): the draws that took them are made."""
        if self._halves is None or not 0 <= k <= len(self._halves) - self._at:
            raise ValueError(f"skip({k}): only the values `ahead` returned can be skipped")
        self._at += k

    def integers(self, low: Any, high: Any = None, size: Any = None, dtype: Any = np.int64,
                 endpoint: bool = False) -> Any:
        """Generator.integers (one int64 in [low, high) here, anything else numpy's own)."""
        if type(low) is int and type(high) is int and size is None and dtype is np.int64 \
                and endpoint is False and 1 < high - low <= _U32:
            value = low + self.below(high - low)
            return _SMALL_INT64[value] if 0 <= value < _N_SMALL else np.int64(value)
        return self._numpy().integers(low, high, size, dtype, endpoint)

    def choice(self, a: Any, size: Any = None, replace: bool = True, p: Any = None,
               axis: int = 0, shuffle: bool = True) -> Any:
        """Generator.choice (k of range(n) without replacement here, anything else numpy's
        own): numpy's Floyd sampling, a draw below j + 1 for each j of n - k .. n - 1 (j itself
        when the draw was taken already), then its shuffle of the k picks, a draw below i + 1
        swapping place i for each i of k - 1 .. 1. numpy samples so for n up to 10000."""
        if type(a) is int and type(size) is int and replace is False and p is None \
                and axis == 0 and shuffle is True and 0 < size <= a <= _FLOYD_MAX \
                and (self._halves is not None or self._begin()):
            picked: dict[int, None] = {}  # insertion-ordered: the picks in Floyd's order
            for j in range(a - size, a):
                value = self.below(j + 1) if j else 0  # numpy draws nothing below 1
                picked[j if value in picked else value] = None
            picks = list(picked)
            for i in range(size - 1, 0, -1):
                k = self.below(i + 1)
                picks[i], picks[k] = picks[k], picks[i]
            return np.array(picks, dtype=np.int64)
        return self._numpy().choice(a, size, replace, p, axis, shuffle)

    def random(self, size: Any = None, dtype: Any = np.float64, out: Any = None) -> Any:
        """Generator.random (one float in [0, 1) here, arrays numpy's own)."""
        if size is None and dtype is np.float64 and out is None \
                and (self._halves is not None or self._begin()):
            return (self._next_raw() >> 11) * _DOUBLE_UNIT
        return self._numpy().random(size, dtype, out)

    def _numpy(self) -> np.random.Generator:
        """The real generator, its bit generator where numpy's own calls would have left it."""
        self._catch_up()
        return self._generator

    # -- the read-ahead ---------------------------------------------------------------------------
    def _begin(self) -> bool:
        """Count a one-at-a-time draw; past `_FAST_AFTER`, start reading ahead."""
        self._draws += 1
        if self._draws <= _FAST_AFTER:
            return False
        self._start_reading_ahead()
        return True

    def _start_reading_ahead(self) -> None:
        """Begin the read-ahead from the bit generator's current state."""
        self._origin = self._generator.bit_generator.state
        # slot 1 is numpy's 32-bit buffer: pending (`_at` 1) or used (`_at` 2)
        self._halves = [0, self._origin["uinteger"]]
        self._at = 1 if self._origin["has_uint32"] else 2
        self._dropped = 0
        self._block = 0

    def _read_ahead(self, at_least: int = 1) -> None:
        """Drop the halves of the outputs used (keeping the buffer's slot) and read the next
        block of outputs ahead (`at_least` outputs or more: one read for a long `ahead`)."""
        halves = self._halves
        assert halves is not None
        used = (self._at - 1) // 2
        if used:
            del halves[:2 * used]
            self._at -= 2 * used
            self._dropped += used
        self._block = max(min(2 * self._block, _MAX_BLOCK) or _FIRST_BLOCK, at_least)
        raw = self._generator.bit_generator.random_raw(self._block)
        halves += raw.astype(_LITTLE_U64, copy=False).view(_LITTLE_U32).tolist()

    def _next_raw(self) -> int:
        """The next 64-bit output (numpy's `next_uint64`: the 32-bit buffer is left as it is)."""
        halves = self._halves
        assert halves is not None
        at = self._at
        if at & 1:  # a half is pending: the output after its own, the half moved past it
            if at + 2 >= len(halves):
                self._read_ahead()
                return self._next_raw()
            raw = halves[at + 1] | halves[at + 2] << 32
            halves[at + 2] = halves[at]
        else:  # the buffer's used value moves past the output, so `_halves[_at - 1]` stays it
            if at + 1 >= len(halves):
                self._read_ahead()
                return self._next_raw()
            raw = halves[at] | halves[at + 1] << 32
            halves[at + 1] = halves[at - 1]
        self._at = at + 2
        return raw

    def _uint32(self) -> int:
        """numpy's `next_uint32`: the low half of an output, then its high half."""
        halves = self._halves
        assert halves is not None
        at = self._at
        if at >= len(halves):
            self._read_ahead()
            return self._uint32()
        self._at = at + 1
        return halves[at]

    def _uint32s(self, k: int) -> list[int]:
        """`_uint32()` k times: consecutive halves."""
        halves = self._halves
        assert halves is not None
        while self._at + k > len(halves):
            self._read_ahead((self._at + k - len(halves) + 1) // 2)
        at = self._at
        self._at = at + k
        return halves[at:at + k]

    def _catch_up(self) -> None:
        """Put the bit generator where numpy's own calls would be: the state from before the
        read-ahead with the current 32-bit buffer, then as many outputs skipped as were used."""
        halves = self._halves
        if halves is None or self._origin is None:
            return
        at = self._at
        state = dict(self._origin)
        state["has_uint32"] = at & 1
        state["uinteger"] = halves[at] if at & 1 else halves[at - 1]
        bits = self._generator.bit_generator
        bits.state = state
        used = self._dropped + (at - 1) // 2
        if used:
            bits.random_raw(used)
        self._origin = None
        self._halves = None


def lemire_picks(u: np.ndarray, bounds: np.ndarray) -> np.ndarray:
    """Rows of draws below `bounds` (uint64, one bound a column; 0 for a column that is no
    draw) that read the 32-bit values `u` (uint64, the same shape): a draw below n reading u is
    `(u * n) >> 32`. Only the rows before the first one some of whose draws could make a Lemire
    redraw (`(u * n) mod 2**32 < n`) are given, as int64."""
    products = u * bounds
    may_redraw = ((products & np.uint64(_U32)) < bounds).any(axis=1)
    if may_redraw.any():
        products = products[:int(may_redraw.argmax())]
    return (products >> np.uint64(32)).astype(np.int64)


def decoded_in_blocks(rng: np.random.Generator, width: int, decode: Callable[[list[int]], list[Item]],
                      draw_one: Callable[[np.random.Generator], Item], first_block: int = 8) -> Iterator[Item]:
    """`draw_one(rng)` again and again, each item drawn when it is yielded. From a `Draws`, items
    of `width` 32-bit values each are decoded from values read ahead: `decode` returns the items
    of a block up to the first whose draws could make a Lemire redraw (the first block holds
    `first_block` items, later ones 8); that item, and every item of numpy's own generator, is
    made by `draw_one`. The items and the generator's state are those of one-at-a-time draws."""
    size = first_block
    while True:
        if type(rng) is Draws:
            block = decode(rng.ahead(width * size))
            for item in block:
                rng.skip(width)
                yield item
            whole, size = len(block) == size, _ITEMS_PER_BLOCK
            if whole:
                continue
        yield draw_one(rng)
