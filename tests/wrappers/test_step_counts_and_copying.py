"""Steps a user can read (agent vs raw env steps, the step-limit unit) and copying an env."""

from __future__ import annotations

import copy
import pickle

import pytest

import mobile_gym
from mobile_gym.env import MobileEnv
from mobile_gym.wrappers import ElementActions, ElementFeatures, SingleTap, TapGrid

CAL = "MobileEnv/CalendarOpenEditor-v0"


def test_tap_grid_counts_its_own_steps_and_the_raw_ones():
    env = TapGrid(MobileEnv(CAL))
    _, info = env.reset(seed=0)
    assert info["env_steps"] == 0
    for n in (1, 2, 3):
        *_, info = env.step(0)  # a tap: TOUCH + LIFT
        assert info["agent_steps"] == n and info["env_steps"] == 2 * n and info["primitive_steps"] == 2
    *_, info = env.step(env.n - 3)  # a key press: one raw step
    assert info["agent_steps"] == 4 and info["env_steps"] == 7
    env.reset(seed=0)
    *_, info = env.step(0)
    assert info["agent_steps"] == 1 and info["env_steps"] == 2


def test_single_tap_and_element_actions_count_their_steps():
    env = SingleTap(MobileEnv(CAL), hold_steps=1)
    env.reset(seed=0)
    *_, info = env.step([0.5, 0.5])
    assert (info["agent_steps"], info["env_steps"]) == (1, 3)
    actions = ElementActions(MobileEnv(CAL))
    actions.reset(seed=0)
    *_, info = actions.step(actions.command("wait"))
    *_, info = actions.step(actions.command("back"))
    assert info["agent_steps"] == 2 and info["env_steps"] >= 2


def test_truncation_counts_raw_steps_as_list_tasks_says():
    row = next(t for t in mobile_gym.list_tasks() if t["name"] == "OpenApp")
    assert row["step_limit_unit"] == "env_steps" and row["step_limit"] > 0
    env = TapGrid(MobileEnv("OpenApp", max_steps=6))
    env.reset(seed=0)
    truncated, info = False, {}
    while not truncated:
        *_, truncated, info = env.step(env.n - 2)  # HOME: stays on the home screen
    assert info["env_steps"] == 6 and info["agent_steps"] == 6


@pytest.mark.parametrize("task", ["OpenApp", CAL])
@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_an_env_before_reset_copies_and_the_copy_runs(task, how):
    env = ElementFeatures(TapGrid(MobileEnv(task)), keep_pixels=False)
    clone = copy.deepcopy(env) if how == "deepcopy" else pickle.loads(pickle.dumps(env))
    a, _ = env.reset(seed=5)
    b, _ = clone.reset(seed=5)
    assert (a["elements"] == b["elements"]).all()
    assert clone.step(0)[-1]["agent_steps"] == 1


def test_copying_a_live_env_names_why_and_what_to_do():
    env = MobileEnv(CAL)
    env.reset(seed=0)
    for attempt in (copy.deepcopy, pickle.dumps):
        with pytest.raises(TypeError, match=r"live device.*before reset\(\)"):
            attempt(env)
    env.close()
    assert copy.deepcopy(env).reset(seed=0)[1]["env_steps"] == 0
