"""Fixtures for env tests: a MobileEnv over the fake device and fake engine."""

from __future__ import annotations

import pytest

from mobile_gym.env import MobileEnv
from tests.env.fakes import FakeDevice, FakeEngine, fake_task


def make_fake_env(**kwargs) -> MobileEnv:
    """MobileEnv on FakeDevice/FakeEngine; kwargs override MobileEnv arguments."""
    args = dict(task=kwargs.pop("task", None) or _loaded(fake_task()), backend=FakeDevice,
                engine_factory=FakeEngine)
    args.update(kwargs)
    return MobileEnv(**args)


def _loaded(proto):
    from mobile_gym.tasks.loader import LoadedTask

    return LoadedTask(proto=proto, path=None, directory=None)


@pytest.fixture
def fake_env():
    env = make_fake_env()
    yield env
    env.close()
