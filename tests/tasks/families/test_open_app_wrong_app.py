"""OpenApp: a wrong app in front ends the episode as a failure (no trying every app in turn)."""

from __future__ import annotations

import pytest

from mobile_gym.env import MobileEnv
from mobile_gym.tasks.families.launcher import APPS
from mobile_gym.wrappers import ElementActions


def wrong_app_for(seed: int) -> tuple[str, str]:
    env = MobileEnv("OpenApp")
    target = env.family.params(seed).app_name
    return target, next(name for name in sorted(APPS) if name != target)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
@pytest.mark.parametrize("pick", ["wrong", "right"])
def test_a_wrong_app_fails_at_once_and_the_named_one_succeeds(seed, pick):
    target, wrong = wrong_app_for(seed)
    env = ElementActions(MobileEnv("OpenApp"))
    env.reset(seed=seed)
    _, reward, terminated, truncated, info = env.step(
        env.command(f'click text="{wrong if pick == "wrong" else target}"'))
    assert terminated and not truncated, info
    if pick == "wrong":
        assert info["episode_end"] == "failure" and not info["success"] and reward <= 0
    else:
        assert info["success"] and reward > 0


def test_home_screen_and_back_are_not_a_wrong_choice():
    env = ElementActions(MobileEnv("OpenApp"))
    env.reset(seed=0)
    for line in ("wait", "home", "back"):
        _, _, terminated, truncated, info = env.step(env.command(line))
        assert not terminated and not truncated and info["episode_end"] is None


def test_on_answer_protocol_also_fails_on_a_wrong_app():
    target, wrong = wrong_app_for(0)
    env = ElementActions(MobileEnv("OpenApp", success_check="on_answer"))
    env.reset(seed=0)
    _, _, terminated, _, info = env.step(env.command(f'click text="{wrong}"'))
    assert terminated and info["episode_end"] == "failure"
