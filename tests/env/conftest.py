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


def random_trace(env: MobileEnv, seed: int, steps: int, *, keep_responses: bool = True) -> list:
    """Reset to `seed` and take `steps` actions sampled from the action space seeded with
    `seed` (textual responses blanked unless `keep_responses`), resetting when an episode
    ends. Returns the first frame, then each step's (pixels, hierarchy, reward, terminated)."""
    env.action_space.seed(seed)
    obs, _ = env.reset(seed=seed)
    trace: list = [obs["pixels"].tobytes()]
    for _ in range(steps):
        action = env.action_space.sample()
        if not keep_responses:
            action["response"] = ""
        obs, reward, terminated, truncated, _ = env.step(action)
        trace.append((obs["pixels"].tobytes(), obs["view_hierarchy"], reward, terminated))
        if terminated or truncated:
            obs, _ = env.reset()
    return trace


@pytest.fixture
def fake_env():
    env = make_fake_env()
    yield env
    env.close()
