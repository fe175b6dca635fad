"""The expenses drawn in blocks (`expense_data.generated_expenses`, `expenses_from_values`) are
exactly the expenses of `generate_expense` called one at a time on numpy's own generator, and
leave the generator where those calls leave it."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.tasks.families import expense_data as ed
from mobile_gym.tasks.families.draws import Draws

from .draw_checks import assert_same_state, draw_alike


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), lead=st.integers(0, 20), first_block=st.integers(1, 40),
       take=st.integers(0, 90))
def test_generated_expenses_are_the_one_at_a_time_expenses(seed, lead, first_block, take):
    fast, real = Draws(seed), np.random.default_rng(seed)
    draw_alike(fast, real, lead)
    drawn = ed.generated_expenses(fast, first_block)
    assert [next(drawn) for _ in range(take)] == [ed.generate_expense(real) for _ in range(take)]
    assert_same_state(fast, real)


def test_generated_expenses_from_numpy_are_generate_expense():
    drawn = ed.generated_expenses(np.random.default_rng(5))
    real = np.random.default_rng(5)
    assert [next(drawn) for _ in range(20)] == [ed.generate_expense(real) for _ in range(20)]


def test_a_block_stops_before_an_expense_that_could_redraw():
    """A value whose draw might be redrawn by Lemire's method (here the amount's: 0 * 49001 is
    below 49001) ends the block before its expense; the ones before it are decoded."""
    real = np.random.default_rng(11)
    values = real.bit_generator.random_raw(6 * 3).tolist()
    values = [v & 0xFFFFFFFF for v in values]
    values[6 + 4] = 0
    block = ed.expenses_from_values(values)
    assert len(block) == 1
    assert ed.expenses_from_values(values[:6]) == block
    assert ed.expenses_from_values([]) == []


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(0, 60))
def test_random_expenses_and_distinct_names_keep_the_seeds_draws(seed, n):
    """The block-drawn lists equal AndroidWorld's one-at-a-time rules on numpy's generator."""
    def reference_random(rng, n, keep):
        out: list = []
        while len(out) < n:
            e = ed.generate_expense(rng)
            if keep(e) and e not in out:
                out.append(e)
        return out

    def reference_distinct(rng, n):
        out: list = []
        while len(out) < n:
            e = ed.generate_expense(rng)
            if all(e.name != o.name for o in out):
                out.append(e)
        return out

    def keep(e):
        return e.category != 3

    fast, real = Draws(seed), np.random.default_rng(seed)
    assert ed.random_expenses(fast, n, keep) == reference_random(real, n, keep)
    assert ed.distinct_names(fast, min(n, 30)) == reference_distinct(real, min(n, 30))
    assert_same_state(fast, real)
