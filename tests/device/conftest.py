from __future__ import annotations

import pytest

from mobile_gym.device.sim_device import SimDevice
from mobile_gym.sim.apps.demo import NotesDemoApp


@pytest.fixture
def device():
    d = SimDevice([NotesDemoApp], seed=7)
    yield d
    d.close()
