"""ElementClicks: integer i clicks the element ElementFeatures puts in row i; keys; bad input."""

from __future__ import annotations

import doctest

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from mobile_gym.env import MobileEnv
from mobile_gym.spaces.actions import InvalidActionError
from mobile_gym.wrappers import ElementActions, ElementClicks, ElementFeatures, GoalVector, element_clicks
from mobile_gym.wrappers.elements import extract_elements

N = 32


def make(task: str = "OpenApp") -> ElementFeatures:
    base = MobileEnv(task, obs_keys=("view_hierarchy", "instruction"))
    return ElementFeatures(ElementClicks(ElementActions(base, max_elements=N)), max_elements=N, keep_pixels=False)


def foreground(env) -> str:
    """The package of the activity in front (`dumpsys`-style component: package/activity)."""
    return env.unwrapped.device.current_activity().split("/")[0]


def test_docstring_example():
    assert doctest.testmod(element_clicks, raise_on_error=False).failed == 0


def test_action_i_clicks_the_element_of_feature_row_i():
    env = make()
    obs, _ = env.reset(seed=0)
    elements = env.get_wrapper_attr("elements")
    index = next(e.index for e in elements if e.text == "Markor")
    left, top, right, bottom = elements[index].bounds
    width, height = env.unwrapped.device.screen_size
    row = obs["elements"].reshape(N, -1)[index]
    assert row[:4] == pytest.approx([left / width, top / height, right / width, bottom / height])
    obs, reward, terminated, _, info = env.step(index)
    assert info["primitive_steps"] == 2 and info["agent_steps"] == 1
    assert foreground(env) == "net.gsantner.markor"
    assert terminated  # OpenApp seed 0 asks for another app: a wrong app in front fails
    assert not info["success"]


def test_clicking_the_named_app_succeeds_on_every_seed_of_a_sample():
    env = GoalVector(make())
    for seed in range(5):
        env.reset(seed=seed)
        name = env.unwrapped.family.params(seed).app_name
        index = next(e.index for e in env.get_wrapper_attr("elements") if e.text == name)
        _, reward, terminated, _, info = env.step(np.int64(index))
        assert terminated and info["success"] and reward == 1.0, (seed, name)


def test_keys_and_missing_elements():
    env = make()
    env.reset(seed=0)
    on_screen = len(env.get_wrapper_attr("elements"))
    assert on_screen < N
    _, _, terminated, _, info = env.step(on_screen)  # no element there: time passes, error explained
    assert not terminated and "not on this screen" in info["action_error"] and info["primitive_steps"] == 1
    env2 = make("SystemWifiTurnOff")
    env2.reset(seed=0)
    settings = next(e.index for e in env2.get_wrapper_attr("elements") if e.text == "Settings")
    env2.step(settings)
    assert foreground(env2) == "com.android.settings"
    env2.step(N)  # back
    assert foreground(env2) != "com.android.settings"


def test_bad_actions_and_construction_are_named():
    env = make()
    env.reset(seed=0)
    for bad in (-1, N + 2, 1.5, True, "1"):
        with pytest.raises(InvalidActionError, match="ElementClicks action"):
            env.step(bad)
    with pytest.raises(TypeError, match="wraps an ElementActions env directly"):
        ElementClicks(MobileEnv("OpenApp"))
    with pytest.raises(ValueError, match=r"keys=\['enter'\]"):
        ElementClicks(ElementActions(MobileEnv("OpenApp")), keys=("enter",))
    assert ElementClicks(ElementActions(MobileEnv("OpenApp"), max_elements=8), keys=("home",)).action_space.n == 9


def test_gymnasium_checker_accepts_the_stack():
    check_env(GoalVector(make()), skip_render_check=True)


def test_clickable_elements_are_the_listed_ones():
    env = make()
    obs, _ = env.reset(seed=2)
    listed = env.get_wrapper_attr("elements")
    hierarchy = env.unwrapped.device.view_hierarchy()
    assert [e.text for e in extract_elements(hierarchy, limit=N)] == [e.text for e in listed]
    assert int(obs["mask"].sum()) == len(listed)
