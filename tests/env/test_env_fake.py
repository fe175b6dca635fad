"""MobileEnv semantics over the fake device and fake engine (fast, backend-independent)."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.error import ResetNeeded
from gymnasium.utils.env_checker import check_env

from mobile_gym.spaces import ActionType, InvalidActionError, make_action
from tests.env.conftest import make_fake_env, random_trace
from tests.env.fakes import FakeDevice

OPEN = (0.5, 1100 / 2400)
TITLE = (0.5, 480 / 2400)
SOLUTION = [
    make_action(ActionType.TOUCH, OPEN), make_action(ActionType.LIFT),
    make_action(ActionType.TOUCH, TITLE), make_action(ActionType.LIFT),
    make_action(ActionType.TEXT, input_token=0),          # "hello"
    make_action(ActionType.KEY, key="ENTER"),
]


def test_gymnasium_check_env_passes_on_the_raw_env():
    env = make_fake_env(render_mode="rgb_array")
    check_env(env)
    env.close()


def test_scripted_raw_episode_reaches_success(fake_env):
    obs, info = fake_env.reset(seed=1)
    assert obs["pixels"].shape == (600, 270, 3) and obs["pixels"].dtype == np.uint8
    assert obs["instruction"] == "Open the editor, type hello and save."
    assert info["frame_id"] == 0 and info["success"] is False
    rewards = []
    for action in SOLUTION:
        obs, reward, terminated, truncated, info = fake_env.step(action)
        rewards.append(reward)
    assert rewards == [0.0, 1.0, 0.0, 0.0, 0.0, 10.0]
    assert terminated and not truncated and info["success"] and info["episode_end"] == "success"
    assert info["frame_id"] == 6 and info["device_time"] == pytest.approx(0.6)
    assert set(info["timing"]) >= {"act", "advance", "observe", "engine", "total"}
    assert 'text="hello"' in obs["view_hierarchy"]


def test_step_after_the_end_raises_until_reset(fake_env):
    fake_env.reset(seed=0)
    for action in SOLUTION:
        fake_env.step(action)
    with pytest.raises(ResetNeeded, match="episode ended"):
        fake_env.step(make_action(ActionType.REPEAT))
    obs, _ = fake_env.reset()
    assert 'text="Open editor"' in obs["view_hierarchy"]  # the snapshot restored the start screen


def test_step_before_reset_raises():
    env = make_fake_env()
    with pytest.raises(ResetNeeded, match="reset"):
        env.step(make_action(ActionType.REPEAT))


def test_invalid_action_names_field_and_value(fake_env):
    fake_env.reset(seed=0)
    with pytest.raises(InvalidActionError, match=r"touch_position=\[1.5, 0.5\]"):
        fake_env.step({"action_type": 0, "touch_position": np.array([1.5, 0.5], np.float32)})
    with pytest.raises(InvalidActionError, match="action_type=9"):
        fake_env.step({"action_type": 9})


def test_same_seed_and_actions_give_the_same_episode():
    runs = []
    for _ in range(2):
        env = make_fake_env()
        runs.append(random_trace(env, 5, 40))
        env.close()
    assert runs[0] == runs[1]


def test_lift_releases_where_the_finger_is_and_repeat_keeps_it(fake_env):
    fake_env.reset(seed=0)
    fake_env.step(make_action(ActionType.TOUCH, OPEN))
    fake_env.step(make_action(ActionType.REPEAT))
    _, reward, *_ = fake_env.step(make_action(ActionType.LIFT, (0.0, 0.0)))  # position ignored
    assert reward == 1.0


def test_step_limit_truncates():
    env = make_fake_env(max_steps=3)
    env.reset(seed=0)
    results = [env.step(make_action(ActionType.REPEAT)) for _ in range(3)]
    assert [r[3] for r in results] == [False, False, True] and not any(r[2] for r in results)


def test_time_limit_truncates():
    env = make_fake_env(max_seconds=0.25, step_seconds=0.1)
    env.reset(seed=0)
    truncs = [env.step(make_action(ActionType.REPEAT))[3] for _ in range(3)]
    assert truncs == [False, False, True]


def test_obs_keys_and_size_options():
    env = make_fake_env(obs_keys=("pixels",), obs_size=(108, 240))
    obs, _ = env.reset(seed=0)
    assert list(obs) == ["pixels"] and obs["pixels"].shape == (240, 108, 3)
    with pytest.raises(ValueError, match="obs_keys"):
        make_fake_env(obs_keys=("audio",))


def test_response_channel_reaches_the_engine(fake_env):
    fake_env.reset(seed=0)
    _, _, _, _, info = fake_env.step(make_action(ActionType.REPEAT, response="done"))
    assert info["fired"] == {"source:9": [("done",)]}


def test_device_failure_raises_on_non_adb_backends():
    env = make_fake_env(backend=lambda: FakeDevice(fail_after=12))
    assert env.truncates_on_device_error is False  # a sim failure is a bug: it raises
    env.reset(seed=0)
    with pytest.raises(Exception, match="went away"):
        for _ in range(10):
            env.step(make_action(ActionType.REPEAT))


def test_adb_style_failure_truncates(monkeypatch):
    env = make_fake_env(backend=lambda: FakeDevice(fail_after=12))
    monkeypatch.setattr(type(env), "truncates_on_device_error", property(lambda self: True))
    env.reset(seed=0)
    for _ in range(10):
        obs, reward, terminated, truncated, info = env.step(make_action(ActionType.REPEAT))
        if truncated:
            break
    assert truncated and not terminated and reward == 0.0 and "went away" in info["error"]
    assert "pixels" in obs
    with pytest.raises(ResetNeeded):
        env.step(make_action(ActionType.REPEAT))


def test_render_rgb_array_and_human_without_display(monkeypatch):
    env = make_fake_env(render_mode="rgb_array")
    env.reset(seed=0)
    frame = env.render()
    assert frame.shape == (600, 270, 3)
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    with pytest.raises(RuntimeError, match="needs a display"):
        make_fake_env(render_mode="human")


def test_sync_vector_env_autoresets():
    envs = gym.vector.SyncVectorEnv([make_fake_env, make_fake_env])
    envs.reset(seed=[1, 2])
    for action in SOLUTION:
        batch = {k: (np.stack([action[k], action[k]]) if k != "response" else ("", "")) for k in action}
        obs, rewards, terminated, truncated, infos = envs.step(batch)
    assert terminated.tolist() == [True, True] and rewards.tolist() == [10.0, 10.0]
    envs.close()
