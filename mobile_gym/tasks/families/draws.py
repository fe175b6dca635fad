"""Draws: a seed's random numbers exactly as `numpy.random.default_rng(seed)` gives them, with
the one-at-a-time draws the families make hundreds of times per task at a lower cost.

A family's `sample` makes most of its draws one at a time (`rng.integers(0, n)` to pick an item,
`rng.random()` for a coin), and a numpy Generator call costs ~1.3 us, mostly argument handling
around a draw of a few nanoseconds: a calendar question with 75 noise events makes ~700 of them.
`Draws` takes those draws from the same PCG64 bit generator through its C functions
(`bit_generator.ctypes`: `next_uint32`, `next_double`) and applies numpy's own algorithm for a
bounded integer (Lemire's method, as numpy's `buffered_bounded_lemire_uint32`) in Python. The
bit generator is always exactly where numpy's own calls would have left it, so every other
method (`permutation`, `choice`, sized `integers`, ...) is simply the real Generator's, and
every seed keeps its numbers. The C functions are looked up only once a sample has made
`_FAST_AFTER` draws (the look-up costs about as much as a dozen numpy calls).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

_U32 = 0xFFFFFFFF
_FAST_AFTER = 12  # numpy's own calls for the first draws of a sample
#: numpy int64 scalars of small values, made once (Generator.integers returns np.int64).
_N_SMALL = 4096
_SMALL_INT64: tuple[np.int64, ...] = tuple(np.arange(_N_SMALL, dtype=np.int64))


class Draws:
    """Stands in for `numpy.random.default_rng(seed)` in a family's `sample` (see the module
    docstring): the same methods, the same numbers in the same order."""

    def __init__(self, seed: int) -> None:
        self._generator = np.random.default_rng(seed)
        self._draws = 0  # one-at-a-time draws made through numpy so far
        self._next_uint32: Callable[[Any], int] | None = None
        self._next_double: Callable[[Any], float] | None = None
        self._state: Any = None

    def below(self, n: int) -> int:
        """`int(integers(0, n))` as a Python int, for picking one of n items (`common.choice`)."""
        if self._next_uint32 is None and not self._fast():
            return int(self._generator.integers(0, n))
        if not 1 < n <= _U32:  # one value (no draw), numpy's error, or 64-bit draws
            return int(self._generator.integers(0, n))
        m = self._next_uint32(self._state) * n  # type: ignore[misc]
        if m & _U32 < n:  # Lemire's rejection step: redraw below 2**32 mod n
            threshold = (_U32 - (n - 1)) % n
            while m & _U32 < threshold:
                m = self._next_uint32(self._state) * n  # type: ignore[misc]
        return m >> 32

    def integers(self, low: Any, high: Any = None, size: Any = None, dtype: Any = np.int64,
                 endpoint: bool = False) -> Any:
        """Generator.integers (one int64 in [low, high) here, anything else numpy's own)."""
        if type(low) is int and type(high) is int and size is None and dtype is np.int64 \
                and endpoint is False and 1 < high - low <= _U32:
            value = low + self.below(high - low)
            return _SMALL_INT64[value] if 0 <= value < _N_SMALL else np.int64(value)
        return self._generator.integers(low, high, size, dtype, endpoint)

    def random(self, size: Any = None, dtype: Any = np.float64, out: Any = None) -> Any:
        """Generator.random (one float in [0, 1) here, arrays numpy's own)."""
        if size is None and dtype is np.float64 and out is None \
                and (self._next_double is not None or self._fast()):
            return self._next_double(self._state)  # type: ignore[misc]
        return self._generator.random(size, dtype, out)

    def __getattr__(self, name: str) -> Any:
        """Every other Generator attribute: the real generator's (always in step)."""
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._generator, name)

    def _fast(self) -> bool:
        """Count a one-at-a-time draw; past `_FAST_AFTER`, look up the C functions."""
        self._draws += 1
        if self._draws <= _FAST_AFTER:
            return False
        functions = self._generator.bit_generator.ctypes
        self._state = functions.state
        self._next_uint32 = functions.next_uint32
        self._next_double = functions.next_double
        return True
