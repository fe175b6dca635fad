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

from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

_U32 = 0xFFFFFFFF
_DOUBLE_UNIT = 1.0 / 9007199254740992.0  # 2**-53: numpy's next_double scale
_FAST_AFTER = 12  # numpy's own calls for the first draws of a sample
_FIRST_BLOCK = 64  # raw outputs read ahead at first; each further block is twice the last
_MAX_BLOCK = 1024
#: numpy int64 scalars of small values, made once (Generator.integers returns np.int64).
_N_SMALL = 4096
_SMALL_INT64: tuple[np.int64, ...] = tuple(np.arange(_N_SMALL, dtype=np.int64))


class Draws:
    """Stands in for `numpy.random.default_rng(seed)` in a family's `sample` (see the module
    docstring): the same methods, the same numbers in the same order."""

    def __init__(self, seed: int) -> None:
        self._generator = np.random.default_rng(seed)
        self._draws = 0  # one-at-a-time draws made through numpy so far
        #: The bit generator's state when the read-ahead began (None: no read-ahead, the bit
        #: generator is where numpy's calls would have left it).
        self._origin: dict[str, Any] | None = None
        self._raw: Iterator[int] = iter(())  # outputs read ahead and not used yet
        self._block = 0      # size of the last block read ahead
        self._read = 0       # outputs read ahead since `_origin`
        #: numpy's 32-bit buffer: the high half of the last output split for 32-bit draws,
        #: and whether it is still unused.
        self._half = 0
        self._has_half = False

    def below(self, n: int) -> int:
        """`int(integers(0, n))` as a Python int, for picking one of n items (`common.choice`)."""
        if not 1 < n <= _U32 or (self._origin is None and not self._begin()):
            if n == 1:  # numpy draws nothing for a single value
                return 0
            # numpy's error, 64-bit draws, or a sample's first draws
            return int(self._numpy().integers(0, n))
        if self._has_half:  # `_uint32()`, written out: this is the families' hottest line
            self._has_half = False
            m = self._half * n
        else:
            raw = next(self._raw, None)  # `_next_raw()`, written out
            if raw is None:
                raw = self._read_ahead()
            self._half = raw >> 32
            self._has_half = True
            m = (raw & _U32) * n
        if m & _U32 < n:  # Lemire's rejection step: redraw below 2**32 mod n
            threshold = (_U32 - (n - 1)) % n
            while m & _U32 < threshold:
                m = self._uint32() * n
        return m >> 32

    def pick(self, items: Sequence[Any]) -> Any:
        """`common.choice(self, items)`: one item, uniformly (one `below` draw)."""
        return items[self.below(len(items))]

    def below_each(self, n: int, k: int) -> list[int]:
        """`integers(0, n, size=k).tolist()`: k draws below n (numpy's sized draw makes the
        same draws as k single ones)."""
        if not 1 < n <= _U32 or (self._origin is None and not self._begin()):
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

    def integers(self, low: Any, high: Any = None, size: Any = None, dtype: Any = np.int64,
                 endpoint: bool = False) -> Any:
        """Generator.integers (one int64 in [low, high) here, anything else numpy's own)."""
        if type(low) is int and type(high) is int and size is None and dtype is np.int64 \
                and endpoint is False and 1 < high - low <= _U32:
            value = low + self.below(high - low)
            return _SMALL_INT64[value] if 0 <= value < _N_SMALL else np.int64(value)
        return self._numpy().integers(low, high, size, dtype, endpoint)

    def random(self, size: Any = None, dtype: Any = np.float64, out: Any = None) -> Any:
        """Generator.random (one float in [0, 1) here, arrays numpy's own)."""
        if size is None and dtype is np.float64 and out is None \
                and (self._origin is not None or self._begin()):
            return (self._next_raw() >> 11) * _DOUBLE_UNIT
        return self._numpy().random(size, dtype, out)

    def __getattr__(self, name: str) -> Any:
        """Every other Generator attribute: the real generator's, with its bit generator first
        put where numpy's own calls would have left it (so read it right before use)."""
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._numpy(), name)

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
        bits = self._generator.bit_generator
        self._origin = bits.state
        self._half = self._origin["uinteger"]
        self._has_half = bool(self._origin["has_uint32"])
        self._read = 0
        self._block = 0
        self._raw = iter(())
        return True

    def _next_raw(self) -> int:
        """The next 64-bit output, reading another block ahead when the last one is used up."""
        raw = next(self._raw, None)
        return self._read_ahead() if raw is None else raw

    def _read_ahead(self) -> int:
        """Read the next block of outputs ahead; its first output."""
        self._block = min(2 * self._block, _MAX_BLOCK) or _FIRST_BLOCK
        self._raw = iter(self._generator.bit_generator.random_raw(self._block).tolist())
        self._read += self._block
        return next(self._raw)

    def _uint32(self) -> int:
        """numpy's `next_uint32`: the low half of an output, then its high half."""
        if self._has_half:
            self._has_half = False
            return self._half
        raw = self._next_raw()
        self._half = raw >> 32
        self._has_half = True
        return raw & _U32

    def _uint32s(self, k: int) -> list[int]:
        """`_uint32()` k times: the buffered high half first, then outputs' low and high halves."""
        out: list[int] = []
        if k > 0 and self._has_half:
            self._has_half = False
            out.append(self._half)
        while len(out) + 1 < k:
            raw = self._next_raw()
            self._half = raw >> 32  # numpy's buffer keeps the last high half, used
            out += (raw & _U32, self._half)
        if len(out) < k:
            out.append(self._uint32())
        return out

    def _catch_up(self) -> None:
        """Put the bit generator where numpy's own calls would be: the state from before the
        read-ahead with the current 32-bit buffer, then as many outputs skipped as were used."""
        if self._origin is None:
            return
        used = self._read - sum(1 for _ in self._raw)
        state = dict(self._origin)
        state["has_uint32"] = int(self._has_half)
        state["uinteger"] = self._half
        bits = self._generator.bit_generator
        bits.state = state
        if used:
            bits.random_raw(used)
        self._origin = None
        self._raw = iter(())
