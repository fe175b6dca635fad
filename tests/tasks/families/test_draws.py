"""`Draws` gives every seed exactly the numbers of `numpy.random.default_rng(seed)`: the same
values of the same types, in any mix of its fast draws and the Generator's other methods."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.tasks.families.draws import Draws, lemire_picks

_BOUNDS = st.one_of(st.integers(1, 40), st.integers(1, 2**32 + 5), st.integers(2**32 - 3, 2**40))
_OPS = st.one_of(
    st.tuples(st.just("integers"), st.integers(-50, 50), _BOUNDS, st.booleans()),
    st.tuples(st.just("below"), _BOUNDS),
    st.tuples(st.just("random")),
    st.tuples(st.just("permutation"), st.integers(0, 30)),
    st.tuples(st.just("choice"), st.integers(1, 30), st.integers(0, 5)),
    st.tuples(st.just("sized"), st.one_of(st.integers(1, 20), st.integers(2**31, 2**32)),
              st.integers(0, 12)),
    st.tuples(st.just("randoms"), st.integers(0, 5)),
    st.tuples(st.just("permute_seq"), st.lists(st.sampled_from(["a", "bb", "c"]), max_size=12)),
    st.tuples(st.just("choice_seq"), st.lists(st.integers(-5, 5), min_size=1, max_size=15),
              st.integers(0, 4)),
    st.tuples(st.just("array_bounds"), st.lists(st.integers(1, 40), min_size=1, max_size=6),
              st.integers(0, 3)),
    st.tuples(st.just("big_choice"), st.integers(10001, 20000), st.integers(0, 300)),
    st.tuples(st.just("tuple_bounds"), st.lists(st.integers(1, 40), min_size=1, max_size=6)),
    st.tuples(st.just("pick"), st.one_of(st.integers(1, 40), st.integers(2**32 - 3, 2**32 + 3))),
    st.tuples(st.just("uniform")),
)


def _apply(rng, op):
    kind, *args = op
    if kind == "integers":
        low, n, endpoint = args
        return rng.integers(low, low + n, endpoint=endpoint)
    if kind == "below":
        return rng.integers(args[0])
    if kind == "random":
        return rng.random()
    if kind == "permutation":
        return rng.permutation(args[0])
    if kind == "choice":
        n, k = args
        return rng.choice(n, size=min(k, n), replace=False)
    if kind == "sized":
        n, size = args
        return rng.integers(0, n, size=size)
    if kind == "randoms":
        return rng.random(size=args[0])
    if kind == "permute_seq":
        return rng.permutation(args[0])
    if kind == "choice_seq":
        values, k = args
        return rng.choice(values, size=min(k, len(values)), replace=False)
    if kind == "array_bounds":
        highs, rows = args
        return rng.integers(0, np.array(highs), size=(rows, len(highs)))
    if kind == "big_choice":
        return rng.choice(args[0], size=args[1], replace=False)
    if kind == "pick":  # common.choice's draw: Draws.below(n) is int(integers(0, n))
        return rng.below(args[0]) if isinstance(rng, Draws) else int(rng.integers(0, args[0]))
    if kind == "tuple_bounds":
        return rng.integers(0, tuple(args[0]))
    return rng.uniform()


def _same(a, b):
    assert type(a) is type(b)
    if isinstance(a, np.ndarray):
        assert a.dtype == b.dtype and a.tolist() == b.tolist()
    else:
        assert a == b


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), ops=st.lists(_OPS, max_size=60))
def test_draws_match_the_numpy_generator(seed, ops):
    fast, real = Draws(seed), np.random.default_rng(seed)
    for op in ops:
        _same(_apply(fast, op), _apply(real, op))
    # afterwards both continue from the same point, whichever way they are read
    _same(fast.integers(0, 7), real.integers(0, 7))
    _same(fast.permutation(9), real.permutation(9))
    _same(fast.integers(0, 1000), real.integers(0, 1000))


def test_long_runs_of_fast_draws_cross_read_ahead_blocks():
    fast, real = Draws(3), np.random.default_rng(3)
    for k in range(5000):
        n = 1 + k % 37
        _same(fast.integers(0, n), real.integers(0, n))
        if k % 11 == 0:
            _same(fast.random(), real.random())
    _same(fast.choice(50, size=5, replace=False), real.choice(50, size=5, replace=False))


def test_bad_bounds_raise_as_numpy_does():
    with pytest.raises(ValueError):
        Draws(1).integers(5, 5)
    with pytest.raises(ValueError):
        np.random.default_rng(1).integers(5, 5)


def test_the_bit_generator_stays_in_step_with_the_fast_draws():
    fast, real = Draws(9), np.random.default_rng(9)
    for k in range(40):  # past the switch to the C functions
        _same(fast.integers(0, 3 + k), real.integers(0, 3 + k))
    assert fast.bit_generator.state == real.bit_generator.state
    _same(fast.random(), real.random())
    assert fast.bit_generator.state == real.bit_generator.state


def test_private_names_are_not_delegated():
    with pytest.raises(AttributeError):
        Draws(1)._no_such_attribute  # noqa: B018


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), lead=st.integers(0, 30),
       n=st.one_of(_BOUNDS, st.sampled_from([2, 16, 256, 2**16, 2**31, 2**32])),
       k=st.integers(0, 40))
def test_below_each_draws_as_a_sized_integers_call(seed, lead, n, k):
    fast, real = Draws(seed), np.random.default_rng(seed)
    for _ in range(lead):  # before and after the read-ahead starts
        _same(fast.integers(0, 5), real.integers(0, 5))
    assert fast.below_each(n, k) == real.integers(0, n, size=k).tolist()
    _same(fast.integers(0, 3), real.integers(0, 3))
    _same(fast.random(), real.random())
    assert fast.bit_generator.state == real.bit_generator.state
    _same(fast.permutation(6), real.permutation(6))


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), bounds=st.lists(st.integers(1, 2**32), max_size=8),
       k=st.integers(0, 20))
def test_sized_and_array_bounded_draws_are_single_draws_in_order(seed, bounds, k):
    """What the families rely on to draw Python ints one at a time in place of numpy's sized
    and array-bounded calls (`Draws.below_each`, `broccoli_data._picks`)."""
    grouped, single = np.random.default_rng(seed), np.random.default_rng(seed)
    assert grouped.integers(0, bounds).tolist() == [int(single.integers(0, b)) for b in bounds]
    n = bounds[0] if bounds else 7
    assert grouped.integers(0, n, size=k).tolist() == [int(single.integers(0, n)) for _ in range(k)]
    assert grouped.bit_generator.state == single.bit_generator.state


@settings(max_examples=100, deadline=None)
@given(rows=st.lists(st.lists(st.integers(0, 2**32 - 1), min_size=3, max_size=3), max_size=12),
       bounds=st.lists(st.integers(0, 60), min_size=3, max_size=3))
def test_lemire_picks_stop_before_the_first_row_that_could_redraw(rows, bounds):
    u = np.array(rows, dtype=np.uint64).reshape(len(rows), 3)
    picks = lemire_picks(u, np.array([bounds], dtype=np.uint64).repeat(len(rows), axis=0))
    could_redraw = [any((v * n) % 2**32 < n for v, n in zip(row, bounds)) for row in rows]
    clean = could_redraw.index(True) if True in could_redraw else len(rows)
    assert picks.dtype == np.int64
    assert picks.tolist() == [[(v * n) >> 32 for v, n in zip(row, bounds)] for row in rows[:clean]]



@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), lead=st.integers(0, 30),
       n=st.one_of(st.integers(1, 60), st.integers(9990, 10010)), k=st.integers(1, 60))
def test_choice_without_replacement_draws_as_numpy_does(seed, lead, n, k):
    fast, real = Draws(seed), np.random.default_rng(seed)
    for _ in range(lead):  # before and after the read-ahead starts
        _same(fast.integers(0, 5), real.integers(0, 5))
    k = min(k, n)
    _same(fast.choice(n, size=k, replace=False), real.choice(n, size=k, replace=False))
    _same(fast.integers(0, 3), real.integers(0, 3))
    assert fast.bit_generator.state == real.bit_generator.state
