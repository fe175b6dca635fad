"""MobileEnv end to end on the simulated phone with the real task loader and event engine."""

from __future__ import annotations

import gymnasium as gym
import pytest
from gymnasium.utils.env_checker import check_env

from mobile_gym.cli import main
from mobile_gym.env import MobileEnv
from mobile_gym.spaces import ActionType, make_action
from mobile_gym.wrappers import extract_elements
from tests.env.conftest import random_trace

CAL = "MobileEnv/CalendarOpenEditor-v0"


def _tap_actions(env: MobileEnv, obs: dict, **match) -> list[dict]:
    """TOUCH + LIFT at the centre of the element matching `match` (what an agent reads)."""
    width, height = env.device.screen_size
    for e in extract_elements(obs["view_hierarchy"]):
        if all(getattr(e, k) == v for k, v in match.items()):
            x, y = e.center
            return [make_action(ActionType.TOUCH, (x / width, y / height)), make_action(ActionType.LIFT)]
    raise AssertionError(f"no element {match} on screen")


@pytest.mark.parametrize("env_id", [CAL, "MobileEnv/Calendar-v0"])
def test_gymnasium_check_env_passes_on_the_sim(env_id):
    env = gym.make(env_id, render_mode="rgb_array")
    check_env(env.unwrapped)
    env.close()


def test_raw_action_episode_reaches_success_with_the_task_reward():
    env = MobileEnv(CAL)
    obs, info = env.reset(seed=0)
    assert obs["pixels"].shape == (600, 270, 3)
    assert obs["instruction"] == "Open the Calendar app, start a new event and give it the title Meeting."
    rewards: list[float] = []

    def run(actions):
        nonlocal obs, info
        for action in actions:
            obs, reward, terminated, truncated, info = env.step(action)
            rewards.append(reward)
            assert not truncated
        return terminated

    run([make_action(ActionType.KEY, key="HOME")])
    run(_tap_actions(env, obs, text="Calendar"))
    assert env.device.current_activity().endswith(".activities.MainActivity")
    run(_tap_actions(env, obs, content_desc="New Event"))
    run(_tap_actions(env, obs, text="Event", short_id="fab_event_label"))
    assert rewards[-1] == 1.0  # the editor was displayed (log event)
    assert "Now type the title Meeting" in obs["instruction"]
    run(_tap_actions(env, obs, short_id="event_title"))
    terminated = run([make_action(ActionType.TEXT, input_token=env.vocabulary.index("Meeting"))])
    assert terminated and info["success"] and info["episode_end"] == "success"
    assert sum(rewards) == 2.0 and rewards[-1] == 1.0
    assert info["frame_id"] == len(rewards) and info["device_time"] == pytest.approx(0.1 * len(rewards))
    # the next episode starts from the launcher again (snapshot restore + reset steps)
    obs, _ = env.reset()
    assert env.device.current_activity().startswith("com.google.android.apps.nexuslauncher/")
    env.close()


def test_same_seed_and_actions_give_identical_episodes():
    traces = []
    for _ in range(2):
        env = MobileEnv(CAL, max_steps=200)
        traces.append(random_trace(env, 4, 150, keep_responses=False))
        env.close()
    assert traces[0] == traces[1]


def test_cli_run_oracle_prints_rewards_and_succeeds(capsys):
    assert main(["run", CAL, "--policy", "oracle"]) == 0
    out = capsys.readouterr().out
    assert "reward   +1.000" in out and "outcome success" in out


def test_cli_run_family_oracle_on_calendar_v0(capsys):
    """MobileEnv/Calendar-v0 is the templated CalendarAddOneEvent family (a task per seed)."""
    assert main(["run", "MobileEnv/Calendar-v0", "--policy", "oracle", "--quiet", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "(task seed 3)" in out and "outcome success" in out


def test_cli_run_random_and_record_then_replay(capsys, tmp_path):
    assert main(["run", CAL, "--steps", "30", "--record", str(tmp_path), "--quiet"]) == 0
    episode = tmp_path / "episode_000000"
    assert (episode / "trajectory.jsonl").exists()
    capsys.readouterr()
    assert main(["replay", str(episode)]) == 0
    assert "identical" in capsys.readouterr().out
