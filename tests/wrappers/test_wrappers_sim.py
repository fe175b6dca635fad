"""Wrapper stacks over the simulated phone: SB3 checks, LLM element actions, recording/replay."""

from __future__ import annotations

from pathlib import Path

import gymnasium as gym
import pytest
from gymnasium.wrappers import GrayscaleObservation, ResizeObservation

from mobile_gym.env import MobileEnv
from mobile_gym.policies import oracle_path, read_script
from mobile_gym.tasks.catalog import resolve, task_files
from mobile_gym.wrappers import (
    ElementActions,
    ElementFeatures,
    PixelsOnly,
    RecordEpisode,
    TapGrid,
    replay_episode,
)
from mobile_gym.wrappers.record_episode import load_trajectory

CAL = "MobileEnv/CalendarOpenEditor-v0"


def test_sb3_check_env_on_the_rl_stacks():
    checker = pytest.importorskip("stable_baselines3.common.env_checker")
    checker.check_env(PixelsOnly(TapGrid(MobileEnv(CAL))), warn=True)
    checker.check_env(ElementFeatures(TapGrid(MobileEnv(CAL))), warn=True)


def test_gymnasium_resize_and_grayscale_compose_with_pixels_only():
    env = GrayscaleObservation(ResizeObservation(PixelsOnly(MobileEnv(CAL)), (84, 84)))
    obs, _ = env.reset(seed=0)
    assert obs.shape == (84, 84) and env.observation_space.contains(obs)
    obs, *_ = env.step(env.action_space.sample())
    assert obs.shape == (84, 84)


@pytest.mark.parametrize("name", sorted(n for n, p in task_files().items() if oracle_path(p).exists()))
def test_every_registered_oracle_succeeds_through_task_v0(name):
    path = task_files()[name]
    env = ElementActions(gym.make("MobileEnv/Task-v0", task_path=str(path)))
    env.reset(seed=0)
    for line in read_script(oracle_path(path)):
        _, _, terminated, truncated, info = env.step(env.command(line))
    assert terminated and not truncated and info["success"]


def test_element_actions_oracle_reaches_success():
    env = ElementActions(MobileEnv(CAL))
    obs, _ = env.reset(seed=0)
    assert '"Calendar"' in obs["elements"]
    total = 0.0
    for line in read_script(oracle_path(Path(resolve(CAL).source))):
        obs, reward, terminated, truncated, info = env.step(env.command(line))
        total += reward
    assert terminated and not truncated and info["success"] and total == 2.0
    assert 'EditText "Meeting" id=event_title' in obs["elements"]


def test_element_actions_scroll_open_app_and_answer_on_the_sim():
    env = ElementActions(MobileEnv(CAL))
    env.reset(seed=0)
    _, _, _, _, info = env.step(env.command('open_app "Calendar"'))
    assert "action_error" not in info
    assert env.unwrapped.device.current_activity().endswith(".activities.MainActivity")
    _, _, _, _, info = env.step(env.command("scroll down"))
    assert info["primitive_steps"] == 6
    _, _, _, _, info = env.step(env.command('answer "42"'))
    assert info["primitive_steps"] == 1


def test_recorded_element_episode_rebuilds_and_replays_identically(tmp_path):
    env = RecordEpisode(ElementActions(MobileEnv(CAL, obs_size=(135, 300))), tmp_path)
    env.reset(seed=2)
    agent = env.env
    for line in ["home", 'click "Calendar"', 'click desc="New Event"', 'click "Event"',
                 'type id=event_title "Meeting"']:
        env.step(agent.command(line))
    env.close()
    episode = tmp_path / "episode_000000"
    header, steps = load_trajectory(episode)
    assert header["wrappers"][0]["class"] == "mobile_gym.wrappers.element_actions:ElementActions"
    assert header["env"]["obs_size"] == [135, 300] and len(steps) == 5 and steps[-1]["terminated"]
    report = replay_episode(episode)  # rebuilt from the header alone
    assert report.identical, report.mismatches
    assert report.rewards == [0.0, 0.0, 0.0, 1.0, 1.0]


def test_on_answer_mode_comes_through_gym_make_and_survives_replay(tmp_path):
    assert gym.make("MobileEnv/Settings-v0", success_check="on_answer").unwrapped.family.success_check == "on_answer"
    with pytest.raises(ValueError, match="only applies to templated task families"):
        MobileEnv(CAL, success_check="on_answer")
    with pytest.raises(ValueError, match="success_check='sometimes'"):
        MobileEnv("MobileEnv/Settings-v0", success_check="sometimes")
    env = RecordEpisode(ElementActions(MobileEnv("MobileEnv/Settings-v0", success_check="on_answer")), tmp_path)
    env.reset(seed=3)
    _, reward, terminated, _, info = env.step(env.env.command('answer "done"'))  # Wi-Fi is still on
    assert terminated and info["episode_end"] == "failure"
    env.close()
    report = replay_episode(tmp_path / "episode_000000")
    assert report.identical, report.mismatches


def test_sb3_ppo_trains_a_few_steps_on_element_features():
    sb3 = pytest.importorskip("stable_baselines3")
    env = ElementFeatures(TapGrid(MobileEnv(CAL, obs_keys=("view_hierarchy",), max_steps=16)),
                          keep_pixels=False)
    model = sb3.PPO("MultiInputPolicy", env, n_steps=32, batch_size=16, n_epochs=1, seed=0, device="cpu")
    model.learn(total_timesteps=64)
    obs, _ = env.reset(seed=0)
    action, _ = model.predict(obs, deterministic=True)
    assert env.action_space.contains(int(action))


def test_open_app_with_a_missing_activity_reports_an_action_error():
    env = ElementActions(MobileEnv(CAL))
    env.reset(seed=0)
    _, _, _, _, info = env.step(env.command('open_app "com.example/.Nope"'))
    assert "exited with" in info["action_error"] and info["primitive_steps"] == 1
