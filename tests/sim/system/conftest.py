from __future__ import annotations

import pytest

from mobile_gym.sim.android import SimAndroid
from mobile_gym.sim.apps.demo import NotesDemoApp


@pytest.fixture
def android():
    a = SimAndroid([NotesDemoApp], seed=3)
    yield a
    a.close()


@pytest.fixture
def sh(android):
    return android.shell
