"""`Draws.below_many` and `common.below_many` make exactly the draws of one `integers(0, n)`
call per bound, in order, wherever the run falls (before the read-ahead, across its blocks,
next to a pending 32-bit half or a 64-bit draw), and leave the bit generator in step."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.tasks.families.common import below_many
from mobile_gym.tasks.families.draws import Draws

_BOUND = st.one_of(st.integers(1, 40), st.integers(1, 2**32 + 5), st.sampled_from([2**31 + 1, 2**32]))


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), lead=st.integers(0, 200), odd=st.booleans(),
       runs=st.lists(st.lists(_BOUND, max_size=9), max_size=6))
def test_runs_draw_as_single_integers_calls(seed, lead, odd, runs):
    fast, real = Draws(seed), np.random.default_rng(seed)
    for k in range(lead):  # into the read-ahead, up to a block's end
        assert fast.below(3 + k % 7) == int(real.integers(0, 3 + k % 7))
    if odd:  # a 64-bit draw between 32-bit ones
        assert fast.random() == real.random()
    for bounds in runs:
        assert fast.below_many(bounds) == [int(real.integers(0, n)) for n in bounds]
        assert fast.below(11) == int(real.integers(0, 11))
    assert fast.bit_generator.state == real.bit_generator.state
    assert fast.permutation(5).tolist() == real.permutation(5).tolist()


def test_common_below_many_takes_a_numpy_generator_or_draws():
    bounds = (31, 23, 60, 4, 6)
    real = np.random.default_rng(4)
    expected = [int(real.integers(0, n)) for n in bounds]
    assert below_many(np.random.default_rng(4), bounds) == expected
    assert below_many(Draws(4), bounds) == expected


def test_a_run_with_a_redraw_matches_numpy():
    """A bound near 2**32 makes Lemire's rejection step likely: the run redraws as numpy does."""
    fast, real = Draws(2), np.random.default_rng(2)
    for _ in range(20):
        fast.below(5), real.integers(0, 5)
    bounds = [2**32 - 1, 3, 2**32 - 7, 2**31 + 3] * 10
    assert fast.below_many(bounds) == [int(real.integers(0, n)) for n in bounds]
    assert fast.bit_generator.state == real.bit_generator.state
