"""reset(seed) reproduces a start state whatever came before; a failed reset leaves a usable env;
recordings of unseeded and time-limited episodes replay; constructor arguments are checked."""

from __future__ import annotations

import math
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.error import ResetNeeded

import mobile_gym  # noqa: F401  (registers the ids)
from mobile_gym.tasks.errors import TaskSetupError
from mobile_gym.wrappers import RecordEpisode
from mobile_gym.wrappers.record_episode import replay_episode

APPS = (
    "com.simplemobiletools.calendar.pro/com.simplemobiletools.calendar.pro.activities.MainActivity",
    "net.gsantner.markor/net.gsantner.markor.activity.MainActivity",
    "com.android.settings/com.android.settings.Settings",
)


def _random_app_task(tmp_path: Path) -> Path:
    activities = "\n".join(f'  activity_list: "{a}"' for a in APPS)
    path = tmp_path / "random_app.textproto"
    path.write_text(
        'id: "random_app"\n'
        "reset_steps: { adb_call: { press_button: { button: HOME } } }\n"
        f"reset_steps: {{ adb_call: {{ start_random_activity: {{\n{activities}\n  timeout_sec: 5 }} }} }}\n"
        "max_num_steps: 5\n")
    return path


def _front_package(env: gym.Env) -> str:
    return env.unwrapped.device.current_activity().split("/")[0]


def test_a_seed_gives_the_same_start_whatever_ran_before(tmp_path):
    task = _random_app_task(tmp_path)
    env = gym.make("MobileEnv/Task-v0", task_path=str(task))
    in_order = []
    for s in range(6):
        env.reset(seed=s)
        in_order.append(_front_package(env))
    assert len(set(in_order)) > 1  # the seeds do pick different apps
    for s in (4, 1, 5):
        fresh = gym.make("MobileEnv/Task-v0", task_path=str(task))
        fresh.reset(seed=s)
        env.reset(seed=s)
        assert _front_package(fresh) == _front_package(env) == in_order[s]
        fresh.close()
    env.close()


def test_an_unseeded_reset_reports_the_seed_that_reproduces_it(tmp_path):
    env = gym.make("MobileEnv/Task-v0", task_path=str(_random_app_task(tmp_path)))
    env.reset(seed=0)
    for _ in range(3):
        obs, info = env.reset()
        again, again_info = env.reset(seed=info["reset_seed"])
        assert again_info["reset_seed"] == info["reset_seed"]
        assert np.array_equal(obs["pixels"], again["pixels"])
    family = gym.make("MobileEnv/Calendar-v0")
    family.reset(seed=3)
    _, info = family.reset()
    assert info["task_seed"] == info["reset_seed"]
    env.close()
    family.close()


def test_unseeded_and_time_limited_episodes_replay(tmp_path):
    env = RecordEpisode(gym.make("MobileEnv/Calendar-v0", max_episode_steps=3), tmp_path / "runs")
    env.reset(seed=7)
    env.reset()  # unseeded: drawn from np_random, recorded as the seed it used
    for _ in range(3):
        *_, truncated, _info = env.step({"action_type": 0, "touch_position": [0.5, 0.5]})
    assert truncated
    env.close()
    episodes = sorted((tmp_path / "runs").glob("episode_*"))
    assert len(episodes) == 2
    report = replay_episode(episodes[1])
    assert report.identical, report.mismatches
    assert report.steps == 3


def test_a_relative_task_path_replays_from_another_directory(tmp_path, monkeypatch):
    task = _random_app_task(tmp_path)
    monkeypatch.chdir(tmp_path)
    env = RecordEpisode(gym.make("MobileEnv/Task-v0", task_path=task.name), tmp_path / "runs")
    env.reset(seed=2)
    env.step({"action_type": 2})
    env.close()
    monkeypatch.chdir(Path(__file__).parent)
    assert replay_episode(next((tmp_path / "runs").glob("episode_*"))).identical


def test_a_list_touch_position_is_recorded(tmp_path):
    env = RecordEpisode(gym.make("MobileEnv/Calendar-v0"), tmp_path / "runs")
    env.reset(seed=0)
    env.step({"action_type": 0, "touch_position": [0.25, 0.5]})
    with pytest.raises(Exception, match="touch_position"):  # the env's own message, not the recorder's
        env.step({"action_type": 0, "touch_position": [0.25]})
    env.close()


def test_an_action_outside_the_space_the_env_accepts_is_recorded_and_replayed(tmp_path):
    """A LIFT never reads touch_position, so a 3-number one is accepted: the step is kept."""
    env = RecordEpisode(gym.make("MobileEnv/Calendar-v0"), tmp_path / "runs")
    env.reset(seed=0)
    env.step({"action_type": 1, "touch_position": [0.1, 0.2, 0.3]})
    env.step({"action_type": 2})
    env.close()
    episode = next((tmp_path / "runs").glob("episode_*"))
    report = replay_episode(episode)
    assert report.steps == 2 and report.identical, report.mismatches


def test_a_failed_setup_leaves_an_env_that_sets_up_again(tmp_path):
    bad = tmp_path / "setup_fails.textproto"
    bad.write_text('id: "setup_fails"\n'
                   "setup_steps: { adb_call: { start_activity: { full_activity: \"com.nope/.Main\" } } }\n")
    env = gym.make("MobileEnv/Task-v0", task_path=str(bad))
    for _ in range(2):  # the second reset sets up again and fails the same way
        with pytest.raises(TaskSetupError):
            env.reset(seed=0)
        with pytest.raises(ResetNeeded, match="last reset"):
            env.unwrapped.step({"action_type": 2})
    env.close()


def test_a_rejected_reset_changes_nothing():
    env = gym.make("MobileEnv/Calendar-v0")
    env.reset(seed=1)
    with pytest.raises(ValueError, match="unknown keys"):
        env.reset(seed=2, options={"foo": 1})
    env.step({"action_type": 2})  # the episode of seed 1 goes on
    env.close()
    with pytest.raises(ResetNeeded, match="after close"):
        env.unwrapped.step({"action_type": 2})


@pytest.mark.parametrize("kwargs,error,message", [
    ({"obs_size": (100, 200, 3)}, ValueError, "obs_size=(100, 200, 3): expected (width, height)"),
    ({"obs_size": "100x200"}, ValueError, "obs_size='100x200'"),
    ({"obs_size": (0, 10)}, ValueError, "obs_size=0: must be >= 1"),
    ({"step_seconds": "0.1"}, TypeError, "step_seconds='0.1': expected a number of seconds"),
    ({"step_seconds": math.inf}, ValueError, "step_seconds=inf"),
    ({"step_seconds": 0}, ValueError, "step_seconds=0"),
    ({"max_steps": "10"}, TypeError, "max_steps='10': expected a whole number"),
    ({"max_steps": 1.5}, TypeError, "max_steps=1.5"),
    ({"max_seconds": math.nan}, ValueError, "max_seconds=nan"),
    ({"vocabulary": "abc"}, TypeError, "not one string"),
    ({"vocabulary": ["a", 2]}, TypeError, "vocabulary token 2"),
    ({"response_max_length": -1}, ValueError, "response_max_length=-1: must be >= 0"),
])
def test_constructor_arguments_are_checked_by_name(kwargs, error, message):
    with pytest.raises(error) as exc:
        gym.make("MobileEnv/Calendar-v0", **kwargs)
    assert message in str(exc.value)


@pytest.mark.parametrize("task_path,error,message", [
    ("/tmp/no_such_task", FileNotFoundError, "'/tmp/no_such_task' does not exist"),
    ("", ValueError, "task_path is empty"),
])
def test_task_path_is_a_file(task_path, error, message):
    with pytest.raises(error, match=message):
        gym.make("MobileEnv/Task-v0", task_path=task_path)


def test_an_unknown_task_names_the_closest_ids():
    with pytest.raises(ValueError) as exc:
        gym.make("MobileEnv/Task-v0", task="MobileEnv/Calender-v0")
    assert "did you mean MobileEnv/Calendar-v0" in str(exc.value) and "mobile-gym list" in str(exc.value)
    with pytest.raises(ValueError, match="runs a task file"):
        mobile_gym.env.MobileEnv("MobileEnv/Task-v0")


def test_a_response_with_a_nul_character_is_named():
    env = gym.make("MobileEnv/Calendar-v0")
    env.reset(seed=0)
    with pytest.raises(Exception, match="NUL"):
        env.step({"action_type": 2, "response": "a\x00b"})
    env.close()
