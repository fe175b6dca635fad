"""response_event.answer: a typed answer check written in a task file (textproto), compiled by
the engine, validated by check_task and not flagged by the linter."""

import pytest
from events_helpers import Driver, from_text

from mobile_gym.events import EventEngine
from mobile_gym.events.errors import TaskCompileError
from mobile_gym.tasks.checks import check_task
from mobile_gym.tasks.lint import lint_file

IR_TASK = """
id: "ir" max_num_steps: 10
event_sources { id: 1 repeatability: UNLIMITED response_event { pattern: "\\\\S" } }
event_sources { id: 2 repeatability: UNLIMITED response_event {
  answer { kind: %s expected: [%s] %s } } }
event_slots {
  reward_listener { events { id: 2 } transformation: "y = 1.0" }
  episode_end_listener {
    type: OR
    events { event { id: 10 events { id: 1 } transformation: "y = False" } }
    events { event { id: 11 events { id: 2 } transformation: "y = True" } }
  }
}
"""


def make(kind="STRING", expected='"Bug Bash", "Team lunch"', extra=""):
    return from_text(IR_TASK % (kind, expected, extra))


def run(task, response):
    d = Driver(EventEngine(task))
    return d.step(response=response)


def test_a_right_answer_in_any_order_succeeds_and_a_wrong_one_ends_as_failure():
    r = run(make(), "team lunch and Bug Bash")
    assert r.episode_end == "success" and r.reward == 1.0
    r = run(make(), "Bug Bash")                       # a missing item
    assert r.episode_end == "failure" and r.reward == 0.0
    assert run(make(), None).episode_end is None      # no answer, no end


def test_typed_kinds_in_a_task_file():
    task = make("DATETIME", '"2023-10-22 14:30"')
    assert run(task, "October 22, 2023 at 2:30 PM").episode_end == "success"
    assert run(task, "October 21 2023 14:30").episode_end == "failure"
    task = make("NUMBER", '"3"', "tolerance: 0.5")
    assert run(task, "3.4 events").episode_end == "success"
    assert run(task, "4").episode_end == "failure"


def test_bad_answer_checks_are_refused_naming_the_field():
    bad = make("DATE", '"Oct 5"')
    with pytest.raises(TaskCompileError, match="event source #1.*'Oct 5'"):
        EventEngine(bad)
    issues = check_task(bad.proto)
    assert any("answer" in str(i.path) and "Oct 5" in i.message for i in issues)
    with pytest.raises(TaskCompileError, match="tolerance"):
        EventEngine(make("NUMBER", '"3"', "tolerance: -1"))


def test_the_linter_does_not_flag_an_answer_check(tmp_path):
    path = tmp_path / "ir.textproto"
    path.write_text(IR_TASK % ("STRING", '"Bug Bash"', ""))
    findings = lint_file(path)
    assert not [f for f in findings if f.node_id == 2], findings
