"""RandomWords gives `random.Random(seed).randrange(n)`'s numbers by position: from any position
a draw reads what a generator that had made the draws before would return."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.sim.system.random_words import RandomWords

_bounds = st.lists(st.one_of(st.integers(1, 300), st.integers(1, 2**32 - 1),
                             st.sampled_from((1, 2, 3, 40, 260, 2000, 2**31, 2**31 + 1, 2**32 - 1))),
                   min_size=1, max_size=40)


@settings(max_examples=200, deadline=None)
@given(seed=st.text(max_size=12), bounds=_bounds, data=st.data())
def test_draws_equal_randrange_from_any_position(seed: str, bounds: list[int], data: st.DataObject) -> None:
    expected = random.Random(seed)
    want = [expected.randrange(0, n) for n in bounds]
    words = RandomWords(seed)
    # a read from a remembered position (a restored state) after others read further
    start = data.draw(st.integers(0, len(bounds)))
    other = data.draw(st.lists(st.integers(1, 2**32 - 1), max_size=5))
    position, got, at_start = 0, [], 0
    for i, n in enumerate(bounds):
        if i == start:
            at_start = position
        value, position = words.randrange(n, position)
        got.append(value)
    assert got == want
    if start < len(bounds):
        position = at_start
        for n in other:  # a different episode from the same position moves on the words
            _, position = words.randrange(n, position)
        position, again = at_start, []
        for n in bounds[start:]:
            value, position = words.randrange(n, position)
            again.append(value)
        assert again == want[start:]


@pytest.mark.parametrize("bound", [0, -1, 2**32])
def test_bounds_outside_one_word_are_refused(bound: int) -> None:
    with pytest.raises(ValueError):
        RandomWords("s").randrange(bound, 0)


@pytest.mark.parametrize("seed", [0, 7, 123])
def test_device_pids_are_the_seeded_generators_numbers(seed: int) -> None:
    """Boot draws the first pid (randrange(2000)); a process start the gap to the next pid
    (randrange(40)); an activity's display its launch time (randrange(260))."""
    from mobile_gym.sim.android import SimAndroid
    from mobile_gym.sim.apps.demo import NotesDemoApp
    from mobile_gym.sim.apps.demo.app import PACKAGE
    from mobile_gym.sim.apps.launcher import PACKAGE as HOME

    android = SimAndroid([NotesDemoApp], seed=seed)
    try:
        android.shell(f"monkey -p {PACKAGE} 1")
        expected = random.Random(f"am:{seed}")
        home_pid = 3000 + expected.randrange(0, 2000)
        app_pid = home_pid + 1 + expected.randrange(0, 40)
        assert (android.am.pid_of(HOME), android.am.pid_of(PACKAGE)) == (home_pid, app_pid)
    finally:
        android.close()
