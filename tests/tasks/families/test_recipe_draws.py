"""The recipes drawn in blocks (`broccoli_data.generated_recipes`, `recipes_from_values`) are
exactly the recipes of `generate_recipe` called one at a time on numpy's own generator, and
leave the generator where those calls leave it."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.tasks.families import broccoli_data as bd
from mobile_gym.tasks.families.draws import Draws

from .draw_checks import assert_same_state, draw_alike

_SHAPES = st.sampled_from([
    (None, None), (bd.BASE_RECIPES[5], None), (None, ("10 mins",)),
    (None, ("1 hrs", "2 hrs", "3 hrs")), (bd.BASE_RECIPES[0], ("20 mins", "30 mins"))])


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), lead=st.integers(0, 20), first_block=st.integers(1, 40),
       take=st.integers(0, 60), shape=_SHAPES)
def test_generated_recipes_are_the_one_at_a_time_recipes(seed, lead, first_block, take, shape):
    base, prep_times = shape
    fast, real = Draws(seed), np.random.default_rng(seed)
    draw_alike(fast, real, lead)
    drawn = bd.generated_recipes(fast, base, prep_times, first_block)
    assert [next(drawn) for _ in range(take)] == [
        bd.generate_recipe(real, base, prep_times) for _ in range(take)]
    assert_same_state(fast, real)


def test_generated_recipes_from_numpy_are_generate_recipe():
    drawn = bd.generated_recipes(np.random.default_rng(5))
    real = np.random.default_rng(5)
    assert [next(drawn) for _ in range(20)] == [bd.generate_recipe(real) for _ in range(20)]


def test_a_block_stops_before_a_recipe_that_could_redraw():
    """A value whose draw might be redrawn by Lemire's method (0 * n is below n) ends the
    block before its recipe; the ones before it are decoded."""
    values = [v & 0xFFFFFFFF for v in np.random.default_rng(11).bit_generator.random_raw(18).tolist()]
    values[6 + 2] = 0
    block = bd.recipes_from_values(values)
    assert len(block) == 1
    assert bd.recipes_from_values(values[:6]) == block
    assert bd.recipes_from_values([]) == []
