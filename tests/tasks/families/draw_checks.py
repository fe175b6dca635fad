"""Checks shared by the tests of draws decoded in blocks: a `Draws` and numpy's own generator
seeded alike must give the same values and end in the same state."""

from __future__ import annotations

import numpy as np

from mobile_gym.tasks.families.draws import Draws


def draw_alike(fast: Draws, real: np.random.Generator, count: int) -> None:
    """`count` small draws from both, equal one by one: they move the start of the read-ahead
    to odd and even positions of numpy's 32-bit buffer."""
    for _ in range(count):
        assert fast.below(5) == int(real.integers(0, 5))


def assert_same_state(fast: Draws, real: np.random.Generator) -> None:
    """Both generators give the same next draws of several kinds."""
    assert [fast.below(7) for _ in range(5)] == [int(real.integers(0, 7)) for _ in range(5)]
    assert fast.random() == real.random()
    assert fast.permutation(9).tolist() == real.permutation(9).tolist()
