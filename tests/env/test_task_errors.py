"""A task file that breaks the rules fails when the environment is made, naming file and line."""

from __future__ import annotations

from pathlib import Path

import gymnasium as gym
import pytest

import mobile_gym  # noqa: F401  (registers the ids)
from mobile_gym.events.errors import TaskCompileError
from mobile_gym.tasks.errors import TaskFormatError

ESCAPE = """\
id: "escape"
name: "escape"
event_sources { id: 1 log_event { filters: "ActivityTaskManager:I" pattern: "START" } }
event_slots {
  reward_listener {
    type: SINGLE
    id: 2
    events { id: 1 }
    transformation: "y = ().__class__.__bases__[0].__subclasses__()"
  }
}
"""


def test_unsafe_transformation_is_rejected_by_gym_make(tmp_path: Path) -> None:
    path = tmp_path / "escape.textproto"
    path.write_text(ESCAPE)
    with pytest.raises(TaskCompileError) as info:
        gym.make("MobileEnv/Task-v0", task_path=str(path))
    message = str(info.value)
    assert f"{path}:9:" in message
    assert "__subclasses__" in message


def test_unknown_selector_syntax_is_rejected_by_gym_make(tmp_path: Path) -> None:
    path = tmp_path / "selector.textproto"
    path.write_text(ESCAPE.replace(
        'log_event { filters: "ActivityTaskManager:I" pattern: "START" }',
        'view_hierarchy_event { selector: "node[text=\\"a\\"]:nth-unknown(2)" }',
    ).replace('\n    transformation: "y = ().__class__.__bases__[0].__subclasses__()"', ""))
    with pytest.raises(TaskFormatError) as info:  # refused by the loader's checks, at its line
        gym.make("MobileEnv/Task-v0", task_path=str(path))
    assert info.value.field == "event_sources[0].view_hierarchy_event.selector[0]"
    assert str(path) in str(info.value) and ":nth-unknown() is unknown" in str(info.value)
