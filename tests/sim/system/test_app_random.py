"""An app's own generator (`AppContext.random`): made at first use, it draws what a generator
seeded when the app started would, and snapshot/restore brings back its position."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.sim.android import SimAndroid
from mobile_gym.sim.apps.demo import NotesDemoApp
from mobile_gym.sim.apps.demo.app import PACKAGE


def _started(seed: int) -> SimAndroid:
    android = SimAndroid([NotesDemoApp], seed=seed)
    android.shell(f"monkey -p {PACKAGE} 1")
    return android


def _draws(android: SimAndroid, n: int) -> list[float]:
    rng = android.am.processes[PACKAGE].ctx.random
    return [rng.random() for _ in range(n)]


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), before=st.integers(0, 3), episode=st.integers(0, 3))
def test_draws_as_seeded_at_start_and_restored(seed: int, before: int, episode: int) -> None:
    android = _started(seed)
    try:
        expected = random.Random(f"{seed}:{PACKAGE}")
        want = [expected.random() for _ in range(before + 3)]
        assert _draws(android, before) == want[:before]
        snap = android.snapshot()
        _draws(android, episode)
        for _ in range(2):  # the env restores one snapshot many times
            android.restore(snap)
            assert _draws(android, 3) == want[before:]
    finally:
        android.close()


def test_generator_stays_the_same_object_between_uses() -> None:
    android = _started(5)
    try:
        ctx = android.am.processes[PACKAGE].ctx
        assert ctx.random is ctx.random
    finally:
        android.close()
