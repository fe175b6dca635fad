"""AndroidWorld's interface: JSON actions checked field by field, every action type run on
the simulator, the state and set-of-marks, and an agent written against AndroidWorld's env
running unchanged through the adapter (in process and through `mobile-gym run --agent aw:`)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from mobile_gym.agents.android_world import (
    AndroidWorldActions,
    AndroidWorldEnv,
    EpisodeEnded,
    JSONAction,
    set_of_marks,
)
from mobile_gym.env import MobileEnv
from mobile_gym.spaces.actions import InvalidActionError
from mobile_gym.wrappers.record_episode import RecordEpisode, replay_episode
from tests.agents.aw_agents import MarkorFolderAgent

AGENTS = Path(__file__).with_name("aw_agents.py")


@pytest.mark.parametrize(("action", "problem"), [
    ({"action_type": "tap", "index": 1}, "action_type='tap'"),
    ({"action_type": "click"}, "click needs a target"),
    ({"action_type": "click", "x": 3}, "give both x and y"),
    ({"action_type": "click", "index": True}, "index=True"),
    ({"action_type": "click", "index": "2"}, "index='2'"),
    ({"action_type": "input_text", "index": 2}, "input_text needs text"),
    ({"action_type": "input_text", "text": "a", "clear_text": "yes"}, "clear_text='yes'"),
    ({"action_type": "open_app"}, "open_app needs app_name"),
    ({"action_type": "swipe", "direction": "north"}, "direction='north'"),
    ({"action_type": "answer"}, "answer needs text"),
    ({"action_type": "wait", "seconds": 3}, "unknown field"),
    ("[1, 2]", "expected a JSON object"),
    ("{nope", "action is not JSON"),
])
def test_bad_json_actions_name_the_field(action, problem) -> None:
    with pytest.raises(ValueError, match=problem):
        JSONAction.parse(action)


def test_json_action_round_trips_and_floats_that_are_whole_numbers_are_indices() -> None:
    action = JSONAction.parse('{"action_type": "click", "x": 10.0, "y": 20}')
    assert action.to_dict() == {"action_type": "click", "x": 10, "y": 20}
    assert JSONAction.parse(action.to_json()) == action


@pytest.fixture()
def settings_env():
    env = AndroidWorldActions(MobileEnv("SystemWifiTurnOff", max_steps=0))  # no step limit
    adapter = AndroidWorldEnv(env)
    adapter.reset_episode(seed=0)
    adapter.execute_action({"action_type": "open_app", "app_name": "Settings"})
    yield adapter
    env.close()


def test_state_lists_the_elements_and_set_of_marks_draws_their_boxes(settings_env) -> None:
    state = settings_env.get_state()
    assert state.foreground_activity == "com.android.settings/com.android.settings.Settings"
    assert state.screen_size == (1080, 2400) and state.pixels.shape == (600, 270, 3)
    row = next(e for e in state.ui_elements if e.text == "Network & internet")
    assert row.class_name == "android.widget.TextView" and row.resource_id == "android:id/title"
    scroll = state.ui_elements[0]
    assert scroll.is_scrollable and scroll.class_name == "android.widget.ScrollView"
    assert '"text": "Network & internet"' in state.describe_elements()
    marked = set_of_marks(state)
    assert marked.shape == state.pixels.shape and not np.array_equal(marked, state.pixels)
    left, top, _right, bottom = (int(v / 4) for v in row.bbox)  # 270/1080 = 600/2400 = 1/4
    assert not np.array_equal(marked[top:bottom, left], state.pixels[top:bottom, left])


def test_every_action_type_runs_and_reports(settings_env) -> None:
    env = settings_env
    before = env.steps
    for action in ({"action_type": "scroll", "direction": "down"},
                   {"action_type": "scroll", "direction": "up", "index": 0},
                   {"action_type": "swipe", "direction": "left"},
                   {"action_type": "double_tap", "x": 540, "y": 200},
                   {"action_type": "long_press", "x": 540, "y": 200},
                   {"action_type": "keyboard_enter"},
                   {"action_type": "wait"},
                   {"action_type": "navigate_back"},
                   {"action_type": "navigate_home"}):
        env.execute_action(action)
        assert "action_error" not in env.info, (action, env.info)
    assert env.steps == before + 9
    assert env.foreground_activity_name.startswith("com.google.android.apps.nexuslauncher/")
    env.execute_action({"action_type": "click", "index": 999})
    assert env.info["action_error"].startswith("click: index 999 is not on this screen")
    env.execute_action({"action_type": "open_app", "app_name": "Photos"})
    assert "unknown app 'Photos'" in env.info["action_error"]
    env.execute_action({"action_type": "answer", "text": "42"})
    assert env.interaction_cache == "42"
    env.execute_action({"action_type": "status", "goal_status": "infeasible"})
    assert env.info["agent_status"] == "infeasible" and env.done
    with pytest.raises(InvalidActionError, match="AndroidWorld action: action_type='fly'"):
        env.env.step('{"action_type": "fly"}')


def test_an_android_world_agent_runs_unchanged_through_the_adapter(tmp_path: Path) -> None:
    env = RecordEpisode(AndroidWorldActions(MobileEnv("MarkorCreateFolder")), tmp_path)
    adapter = AndroidWorldEnv(env)
    adapter.reset_episode(seed=4)
    agent = MarkorFolderAgent(adapter)
    goal = adapter.get_state().instruction
    while not agent.step(goal):
        pass
    assert adapter.terminated and adapter.info["success"]
    with pytest.raises(EpisodeEnded):
        adapter.execute_action({"action_type": "wait"})
    env.close()
    report = replay_episode(tmp_path / "episode_000000")  # the JSON actions replay identically
    assert report.identical and report.steps == 4


def test_cli_runs_an_android_world_agent_and_records_one_that_raises(tmp_path: Path) -> None:
    out = tmp_path / "run"
    done = subprocess.run(
        [sys.executable, "-m", "mobile_gym.cli", "run", "MarkorCreateFolder", "--episodes", "2",
         "--agent", f"aw:{AGENTS}:make", "--out", str(out), "--quiet"],
        check=False, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in (out / "episodes.jsonl").read_text().splitlines()]
    assert [r["success"] for r in records] == [True, True] and records[0]["steps"] == 4
    failing = subprocess.run(
        [sys.executable, "-m", "mobile_gym.cli", "run", "OpenApp", "--agent", f"aw:{AGENTS}:Raises",
         "--out", str(tmp_path / "bad"), "--quiet"], check=False, capture_output=True, text=True, timeout=300)
    assert failing.returncode == 0, failing.stderr
    record = json.loads((tmp_path / "bad" / "episodes.jsonl").read_text())
    assert record["error"] == "agent raised RuntimeError: this agent always fails"
    assert "error in MobileEnv/OpenApp-v0#0: agent raised RuntimeError" in failing.stdout


def test_the_module_docstring_example_runs() -> None:
    import doctest

    from mobile_gym.agents import android_world

    result = doctest.testmod(android_world, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 8 and result.failed == 0
