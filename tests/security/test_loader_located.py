"""Malformed task files and actions get located errors instead of crashes: huge integers, deep
nesting, type errors, YAML duplicate keys, limits `gym.make` refuses, device paths with `..`;
a complex or NaN touch is refused by name; the view-hierarchy observation stays in its space;
`replay` of a cut recording names the real line."""

from __future__ import annotations

import json
import math
import time
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest

import mobile_gym  # noqa: F401 - registers the environments
from mobile_gym.cli import main as cli_main
from mobile_gym.device.sim_device import SimDevice
from mobile_gym.env import MobileEnv
from mobile_gym.spaces.actions import InvalidActionError
from mobile_gym.spaces.view_hierarchy import (
    SHORTENED_MARK,
    ViewHierarchy,
    fit_hierarchy,
)
from mobile_gym.tasks.errors import TaskFormatError
from mobile_gym.tasks.loader import MAX_NESTING, load_task

yaml = pytest.importorskip("yaml")
BOUND = 60.0


def located(path: Path, line: int, words: str) -> TaskFormatError:
    start = time.monotonic()
    with pytest.raises(TaskFormatError) as info:
        load_task(path)
    assert time.monotonic() - start < BOUND
    err = info.value
    assert err.path == str(path) and err.line == line, str(err)
    assert words in str(err)
    return err


# -- numbers, nesting, types -------------------------------------------------------------------

def test_a_5000_digit_json_integer_names_file_and_line(tmp_path):
    path = tmp_path / "big.json"
    path.write_text('{\n  "id": "x",\n  "max_num_steps": ' + "9" * 5000 + "\n}\n")
    located(path, 3, "MAX_INT_DIGITS")


def test_a_5000_digit_yaml_integer_names_file_and_line(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_text("id: x\nmax_num_steps: " + "9" * 5000 + "\n")
    located(path, 2, "MAX_INT_DIGITS")


@pytest.mark.parametrize("depth", [MAX_NESTING + 1, 100_000])
def test_deep_json_nesting_is_located(tmp_path, depth):
    path = tmp_path / "deep.json"
    path.write_text('{"id": "x",\n "event_slots": ' + "[" * depth + "]" * depth + "}")
    located(path, 2, "MAX_NESTING")


@pytest.mark.parametrize("depth", [MAX_NESTING + 1, 100_000])
def test_deep_textproto_nesting_is_located(tmp_path, depth):
    path = tmp_path / "deep.textproto"
    path.write_text('id: "x"\nevent_slots { reward_listener ' + "{ events { event " * depth + "}")
    located(path, 2, "MAX_NESTING")


def test_deep_yaml_nesting_is_located(tmp_path):
    path = tmp_path / "deep.yaml"
    path.write_text("id: x\nevent_slots: " + "[" * 300 + "]" * 300 + "\n")
    located(path, 2, "MAX_NESTING")


def test_deeply_nested_slots_within_the_limit_still_load(tmp_path):
    path = tmp_path / "nested.textproto"
    levels = 40
    path.write_text('event_sources { id: 1 log_event { pattern: "x" } }\n'
                    "event_slots { reward_listener { " + "events { event { " * levels
                    + "events { id: 1 }" + " } }" * levels + " } }\n")
    assert load_task(path).proto.event_slots.HasField("reward_listener")


@pytest.mark.parametrize("body,line", [
    ('{\n  "id": "x",\n  "max_num_steps": "many"\n}', 3),
    ('{\n  "id": "x",\n  "max_duration_sec": [1]\n}', 3),
    ('{\n  "id": "x",\n  "event_sources": 7\n}', 3),
    ('{\n  "id": "x",\n  "event_sources": [\n    {"id": "one"}\n  ]\n}', 3),
])
def test_json_type_errors_name_the_line(tmp_path, body, line):
    path = tmp_path / "typed.json"
    path.write_text(body)
    located(path, line, "Failed to parse")


# -- YAML duplicate keys -----------------------------------------------------------------------

def test_yaml_duplicate_keys_are_refused_with_their_line(tmp_path):
    path = tmp_path / "dup.yaml"
    path.write_text("id: first\nmax_num_steps: 5\nid: second\n")
    err = located(path, 3, "duplicate key 'id'")
    assert "first given at line 1" in err.message


def test_nested_yaml_duplicate_keys_are_refused(tmp_path):
    path = tmp_path / "dup.yaml"
    path.write_text("id: x\nevent_sources:\n- id: 1\n  log_event:\n    pattern: a\n    pattern: b\n")
    located(path, 6, "duplicate key 'pattern'")


# -- check refuses what gym.make refuses -------------------------------------------------------

@pytest.mark.parametrize("field,value", [("max_duration_sec", "nan"), ("max_duration_sec", "-1"),
                                         ("max_duration_sec", "inf"), ("max_num_steps", "-3")])
def test_episode_limits_gym_make_refuses_are_refused_by_load_and_check(tmp_path, capsys, field, value):
    path = tmp_path / "limits.textproto"
    path.write_text(f'id: "x"\n{field}: {value}\n')
    located(path, 2, field)
    assert cli_main(["check", str(path)]) == 2
    assert f"{path}:2:" in capsys.readouterr().out
    with pytest.raises(TaskFormatError):
        gym.make("MobileEnv/Task-v0", task_path=str(path))


@pytest.mark.parametrize("check", [
    'sqlite_query { db_path: "/data/data/com.x/../../../etc/passwd" sql: "SELECT 1" row_count: 1 }',
    'file { path: "/sdcard/./Download/../../../etc/passwd" contains: "root" }',
    'rows_removed { db_path: "/data/data/a/databases/../../../../x.db" table: "t" id_field: "id" ids_sql: "SELECT 1" }',
])
def test_device_paths_with_dot_parts_are_refused_when_the_task_loads(tmp_path, capsys, check):
    path = tmp_path / "state.textproto"
    path.write_text('id: "x"\nevent_sources {\n  id: 1\n  state_event { ' + check + " }\n}\n"
                    'event_slots { reward_listener { events { id: 1 } transformation: "y = 1" } }\n')
    located(path, 4, "'..' parts")
    assert cli_main(["check", str(path)]) == 2
    assert f"{path}:4:" in capsys.readouterr().out


# -- actions -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def env():
    env = gym.make("MobileEnv/CalendarOpenEditor-v0")
    env.reset(seed=0)
    yield env
    env.close()


@pytest.mark.parametrize("position", [np.array([0.5 + 0.25j, 0.5]), [complex(0.5, 0), 0.5],
                                      [math.nan, 0.5], [0.5, math.inf]])
def test_complex_or_nan_touch_positions_are_refused_by_name(env, position):
    action = {"action_type": 0, "touch_position": position, "input_token": 0, "key": 0,
              "response": ""}
    with pytest.raises(InvalidActionError, match="touch_position="):
        env.step(action)


# -- the view-hierarchy observation stays in its space -----------------------------------------

class HugeNoteDevice:
    """A simulated phone whose dump carries a 3 MB text in one node (a huge note)."""

    NOTE = "note line é & more\n" * 150_000

    def __init__(self) -> None:
        self._sim = SimDevice()

    def __getattr__(self, name: str):
        return getattr(self._sim, name)

    def view_hierarchy(self) -> str:
        from xml.sax.saxutils import quoteattr

        dump = self._sim.view_hierarchy()
        return dump.replace('text=""', "text=" + quoteattr(self.NOTE), 1)


def test_a_huge_dump_is_shortened_to_its_space_while_events_see_it_whole(tmp_path):
    task = tmp_path / "note.textproto"
    task.write_text('id: "note"\nevent_sources { id: 1 view_hierarchy_event { selector: "node" '
                    'properties { property_name: "text" pattern: "(?s).*more\\\\n$" } } }\n'
                    'event_slots { reward_listener { events { id: 1 } transformation: "y = 1" } }\n')
    env = MobileEnv(str(task), backend=HugeNoteDevice, obs_keys=("view_hierarchy",))
    try:
        obs, _ = env.reset(seed=0)
        space = env.observation_space["view_hierarchy"]
        assert space.contains(obs["view_hierarchy"]) and SHORTENED_MARK in obs["view_hierarchy"]
        obs, reward, *_ = env.step({"action_type": 2, "touch_position": np.zeros(2, np.float32),
                                    "input_token": 0, "key": 0, "response": ""})
    finally:
        env.close()
    assert space.contains(obs["view_hierarchy"]) and reward == 1  # the full text matched


def test_fit_hierarchy_keeps_small_dumps_and_valid_xml():
    small = ViewHierarchy().sample()
    assert fit_hierarchy(small, 1_000_000) is small
    big = small.replace('text="', 'text="' + "&amp;x" * 50_000, 1)
    fitted = fit_hierarchy(big, 100_000)
    assert ViewHierarchy(max_bytes=100_000).contains(fitted)
    with pytest.raises(ValueError, match="max_bytes"):
        fit_hierarchy(big, 100)


# -- replay of a cut recording -----------------------------------------------------------------

def test_replay_of_a_cut_recording_names_the_real_line(tmp_path, capsys):
    episode = tmp_path / "episode_000000"
    episode.mkdir()
    lines = [json.dumps({"kind": "header", "format": 1})] + \
        [json.dumps({"kind": "step", "i": i}) for i in range(5)]
    text = "\n".join(lines) + "\n" + '{"kind": "step", "i": 5, "act'  # cut mid-line 7
    (episode / "trajectory.jsonl").write_text(text)
    assert cli_main(["replay", str(episode)]) == 2
    err = capsys.readouterr().err
    assert "line 7 column" in err and str(episode) in err
