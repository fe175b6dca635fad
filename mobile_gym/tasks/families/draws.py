"""Draws: a seed's random numbers exactly as `numpy.random.default_rng(seed)` gives them, with
the small draws the families make hundreds of times per task at Python speed.

A family's `sample` makes most of its draws one at a time (`rng.integers(0, n)` to pick an item,
`rng.random()` for a coin), and each numpy call costs ~1-3 us of call overhead, several times
the draw itself: a calendar question with 75 noise events spent most of its build there.
`Draws` reads the PCG64 bit generator's raw 64-bit outputs ahead in blocks and computes from
them, with numpy's own algorithms, what the families draw: bounded integers (Lemire's method
over the outputs' 32-bit halves, low half first, as numpy's `next_uint32` buffers them; also
arrays of them, element by element in C order), floats (53-bit), `permutation` (numpy's shuffle: masked rejection) and
`choice` without replacement (Floyd's algorithm, then numpy's int shuffle). So every seed keeps
its numbers. Any other Generator method runs on the real generator after it has been brought to
exactly the position the fast draws reached (that costs ~10 us, so the common ones are here).
"""

from __future__ import annotations

import operator
import sys
from collections.abc import Callable
from typing import Any

import numpy as np

_U32 = 0xFFFFFFFF
_DOUBLE_UNIT = 1.0 / 9007199254740992.0  # 2**-53: numpy's next_double scale
_FIRST_BLOCK = 32    # raw outputs read when the fast draws start (most samples need few)
_MAX_BLOCK = 1024    # blocks double up to this size
_FLOYD_MAX_POPULATION = 10000  # above it numpy's choice may use a tail shuffle instead
_DEFAULT = object()  # an argument not given (numpy's default)
_VECTOR_MIN = 8      # arrays of at least this many bounded ints are drawn with numpy
_LITTLE_ENDIAN = sys.byteorder == "little"  # a uint64 array viewed as uint32: low half first
#: numpy int64 scalars of small values, made once (Generator.integers returns np.int64).
_N_SMALL = 4096
_SMALL_INT64: tuple[np.int64, ...] = tuple(np.arange(_N_SMALL, dtype=np.int64))


class Draws:
    """Stands in for `numpy.random.default_rng(seed)` in a family's `sample` (see the module
    docstring): the same methods, the same numbers in the same order."""

    def __init__(self, seed: int) -> None:
        self._generator = np.random.default_rng(seed)
        self._bits = self._generator.bit_generator
        # While fast draws run, the bit generator is ahead of them: `_start` is its state when
        # they began, `_taken` the raw outputs of the blocks before the current one, and
        # `_block[_pos:]` the outputs read ahead, not used yet. None: it is exactly in step.
        self._start: dict[str, Any] | None = None
        self._taken = 0
        self._block: list[int] = []
        self._pos = 0
        self._half: int | None = None  # the unused high 32 bits of the last output

    # -- integers -----------------------------------------------------------------------------
    def below(self, n: int) -> int:
        """`int(integers(0, n))` as a Python int, for picking one of n items (`common.choice`):
        the draw the families make most, kept short."""
        if 1 < n <= _U32:
            half = self._half
            if half is not None:
                self._half = None
                u = half
            elif self._pos < len(self._block):
                raw = self._block[self._pos]
                self._pos += 1
                self._half = raw >> 32
                u = raw & _U32
            else:
                u = self._uint32()
            m = u * n
            if m & _U32 < n:
                m = self._reject(m, n)
            return m >> 32
        if n == 1:
            return 0  # numpy draws nothing for a range of one value
        return int(self.integers(0, n))  # n < 1 (numpy's error) or n > 2**32 (64-bit draws)

    def integers(self, low: Any, high: Any = None, size: Any = None, dtype: Any = _DEFAULT,
                 endpoint: bool = False) -> Any:
        """Generator.integers: int64 values in [low, high) (or [low, high] with `endpoint`)."""
        if type(low) is int and type(high) is int and size is None and dtype is _DEFAULT \
                and not endpoint and 1 < high - low <= _U32:
            value = low + self.below(high - low)  # the common call, one `integers(a, b)`
            return _SMALL_INT64[value] if 0 <= value < _N_SMALL else np.int64(value)
        if dtype is not _DEFAULT:
            return self._synced("integers")(low, high, size, dtype=dtype, endpoint=endpoint)
        if high is None:
            low, high = 0, low
        if size is None:
            try:
                lo, hi = operator.index(low), operator.index(high)
            except TypeError:  # array bounds
                return self._integers_array(low, high, None, endpoint)
            span = hi - lo - (0 if endpoint else 1)  # numpy's `rng`: the largest offset
            if not 0 <= span < _U32 or not -2**62 < lo < 2**62:
                return self._synced("integers")(low, high, endpoint=endpoint)
            value = lo + (self.below(span + 1) if span else 0)  # numpy draws nothing for one value
            return _SMALL_INT64[value] if 0 <= value < _N_SMALL else np.int64(value)
        return self._integers_array(low, high, size, endpoint)

    def _integers_array(self, low: Any, high: Any, size: Any, endpoint: bool) -> Any:
        """integers() of an array shape: numpy draws its elements in C order, each as above."""
        fallback = self._synced("integers")
        if type(low) is int and type(high) is int:  # scalar bounds, `size` values
            shape = (size,) if type(size) is int else size
            if not isinstance(shape, tuple) or not all(type(d) is int and d > 0 for d in shape):
                return fallback(low, high, size, endpoint=endpoint)
            count = 1
            for d in shape:
                count *= d
            lows = [low] * count
            spans = [high - low - (0 if endpoint else 1)] * count
        elif type(low) is int and size is None and type(high) in (list, tuple) \
                and all(type(h) is int for h in high):  # one value below each of `high`
            shape = (len(high),)
            lows = [low] * len(high)
            spans = [h - low - (0 if endpoint else 1) for h in high]
        else:
            lows_a, highs_a = np.asarray(low), np.asarray(high)
            if lows_a.dtype.kind not in "iu" or highs_a.dtype.kind not in "iu":
                return fallback(low, high, size, endpoint=endpoint)
            try:
                shape = np.broadcast_shapes(lows_a.shape, highs_a.shape) if size is None else size
                lows_b = np.broadcast_to(lows_a, shape)
                highs_b = np.broadcast_to(highs_a, shape)
            except (ValueError, TypeError):
                return fallback(low, high, size, endpoint=endpoint)
            lows = lows_b.ravel().tolist()
            spans = [h - lo - (0 if endpoint else 1) for lo, h in zip(lows, highs_b.ravel().tolist())]
        if not spans or min(spans) < 1 or max(spans) >= _U32 \
                or max(abs(v) for v in lows) >= 2**62:
            # nothing to draw, a span of 0 (no draw), a negative one (numpy's error), or 64 bits
            return fallback(low, high, size, endpoint=endpoint)
        offsets = self._below_each([span + 1 for span in spans])
        return np.array([lo + k for lo, k in zip(lows, offsets)], dtype=np.int64).reshape(shape)

    def _below_each(self, bounds: list[int]) -> list[int]:
        """`below(n)` for each n in order; many at once with numpy when no draw among them
        is rejected (a rejection shifts the stream: then one by one)."""
        if len(bounds) < _VECTOR_MIN or not _LITTLE_ENDIAN:
            return [self.below(n) for n in bounds]
        n = np.array(bounds, dtype=np.uint64)
        m = self._peek_uint32s(len(bounds)) * n
        if ((m & np.uint64(_U32)) < n).any():
            return [self.below(k) for k in bounds]
        self._skip_uint32s(len(bounds))
        return (m >> np.uint64(32)).tolist()

    def _reject(self, m: int, n: int) -> int:
        """Lemire's rejection step, as numpy's buffered_bounded_lemire_uint32: redraw while the
        low half of `m` is below 2**32 mod n (so every value of [0, n) is equally likely)."""
        threshold = (_U32 - (n - 1)) % n
        while m & _U32 < threshold:
            m = self._uint32() * n
        return m

    def _interval(self, top: int) -> int:
        """One value of [0, top] for 0 < top < 2**32 (numpy's random_interval: the low bits of
        32-bit draws, masked to top's width, until one is <= top)."""
        mask = (1 << top.bit_length()) - 1
        value = self._uint32() & mask
        while value > top:
            value = self._uint32() & mask
        return value

    # -- floats, permutations, choices ------------------------------------------------------
    def random(self, size: Any = None, dtype: Any = _DEFAULT, out: Any = None) -> Any:
        """Generator.random: one float in [0, 1) (arrays: numpy's own)."""
        if size is not None or dtype is not _DEFAULT or out is not None:
            kwargs = {} if dtype is _DEFAULT else {"dtype": dtype}
            return self._synced("random")(size, out=out, **kwargs)
        return (self._raw() >> 11) * _DOUBLE_UNIT

    def permutation(self, x: Any, axis: int = 0) -> Any:
        """Generator.permutation of an int or a 1-d sequence (numpy's Fisher-Yates shuffle)."""
        if type(x) is int:
            return np.array(self._shuffled(list(range(x))), dtype=np.int64)
        values = np.asarray(x)
        if axis != 0 or values.ndim != 1:
            return self._synced("permutation")(x, axis)
        return values[self._shuffled(list(range(len(values))))]

    def _shuffled(self, items: list[int]) -> list[int]:
        for i in range(len(items) - 1, 0, -1):
            j = self._interval(i)
            items[i], items[j] = items[j], items[i]
        return items

    def choice(self, a: Any, size: Any = None, replace: bool = True, p: Any = None,
               axis: int = 0, shuffle: bool = True) -> Any:
        """Generator.choice; `replace=False` of an int or 1-d population here (Floyd's
        algorithm, then numpy's int shuffle), the rest numpy's own."""
        population = a if type(a) is int else None
        values = None
        if population is None and isinstance(a, (list, tuple, np.ndarray)):
            values = np.asarray(a)
            population = len(values) if values.ndim == 1 else None
        if replace or p is not None or axis != 0 or not shuffle or type(size) is not int \
                or population is None or not 0 <= size <= population \
                or population > _FLOYD_MAX_POPULATION:
            return self._synced("choice")(a, size, replace, p, axis, shuffle)
        picked: list[int] = []
        seen: set[int] = set()
        for j in range(population - size, population):
            value = self.below(j + 1) if j > 0 else 0
            if value in seen:
                value = j
            seen.add(value)
            picked.append(value)
        for i in range(size - 1, 0, -1):  # numpy's _shuffle_int: Lemire draws in [0, i]
            j = self.below(i + 1)
            picked[i], picked[j] = picked[j], picked[i]
        idx = np.array(picked, dtype=np.int64)
        return idx if values is None else values.take(idx)

    # -- everything else: the real generator, in step ---------------------------------------
    def __getattr__(self, name: str) -> Callable[..., Any]:
        if name.startswith("_") or not callable(getattr(self._generator, name, None)):
            raise AttributeError(f"Draws has no attribute {name!r} (only Generator methods)")
        return self._synced(name)

    def _synced(self, name: str) -> Callable[..., Any]:
        method = getattr(self._generator, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            self._catch_up()
            return method(*args, **kwargs)

        return call

    def _catch_up(self) -> None:
        """Put the bit generator exactly where the fast draws are: its state when they began,
        advanced by the outputs they used, with the unused half pending as numpy keeps it."""
        if self._start is None:
            return
        state = dict(self._start)
        state["has_uint32"], state["uinteger"] = (0, 0) if self._half is None else (1, self._half)
        self._bits.state = state
        taken = self._taken + self._pos
        if taken:
            self._bits.random_raw(taken)
        self._start, self._taken, self._block, self._pos, self._half = None, 0, [], 0, None

    # -- the raw stream -----------------------------------------------------------------------
    def _uint32(self) -> int:
        """numpy's next_uint32 for PCG64: the low half of an output, then its high half."""
        if self._start is None:
            self._begin()
        half = self._half
        if half is not None:
            self._half = None
            return half
        raw = self._raw()
        self._half = raw >> 32
        return raw & _U32

    def _raw(self) -> int:
        """The next 64-bit output (numpy's next_uint64: a pending half stays pending)."""
        if self._start is None:
            self._begin()
        if self._pos == len(self._block):
            self._taken += self._pos
            self._block = self._bits.random_raw(min(2 * len(self._block), _MAX_BLOCK)).tolist()
            self._pos = 0
        raw = self._block[self._pos]
        self._pos += 1
        return raw

    def _peek_uint32s(self, k: int) -> np.ndarray:
        """The next `k` 32-bit draws (as uint64), without using them."""
        if self._start is None:
            self._begin()
        pending = [] if self._half is None else [self._half]
        need = (k - len(pending) + 1) // 2  # raw outputs, two halves each
        if len(self._block) - self._pos < need:
            self._taken += self._pos
            more = self._bits.random_raw(max(need, _FIRST_BLOCK)).tolist()
            self._block = self._block[self._pos:] + more
            self._pos = 0
        raws = np.array(self._block[self._pos:self._pos + need], dtype=np.uint64)
        halves = raws.view(np.uint32).astype(np.uint64)  # low half first (little-endian)
        return np.concatenate((np.array(pending, dtype=np.uint64), halves))[:k]

    def _skip_uint32s(self, k: int) -> None:
        """Use the next `k` 32-bit draws (after `_peek_uint32s(k)`)."""
        if self._half is not None:
            self._half = None
            k -= 1
        self._pos += k // 2
        if k % 2:
            self._half = self._block[self._pos] >> 32
            self._pos += 1

    def _begin(self) -> None:
        """Fast draws start: remember the bit generator's state (and a half it kept unused)
        and read the first block ahead."""
        self._start = self._bits.state
        if self._start["has_uint32"]:
            self._half = int(self._start["uinteger"])
        self._block = self._bits.random_raw(_FIRST_BLOCK).tolist()
        self._pos = 0
