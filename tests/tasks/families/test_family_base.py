"""TaskFamily refuses a family that would build a wrong task, naming the family and the item."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.checks import check_task
from mobile_gym.tasks.families.base import Progress, TaskFamily
from mobile_gym.tasks.families.oracle import Key


@dataclass(frozen=True)
class _Params:
    n: int


def _file_check(name: str) -> task_pb2.StateEvent:
    check = task_pb2.StateEvent()
    check.file.path = f"/sdcard/{name}"
    return check


def _log_source(pattern: str) -> task_pb2.EventSource:
    return task_pb2.EventSource(log_event=task_pb2.EventSource.LogEvent(pattern=pattern))


class ToyFamily(TaskFamily):
    """Success: a file named after the seed exists; progress and checks set per test."""

    name = "Toy"
    app = "launcher"
    complexity = 1.0
    progress_items: tuple[Progress, ...] = ()
    checks: tuple = ("file",)

    def sample(self, rng):
        return _Params(int(rng.integers(0, 100)))

    def instruction(self, params):
        return f"Create note{params.n}.md"

    def reset_steps(self, params):
        return []

    def progress(self, params):
        return list(self.progress_items)

    def success_checks(self, params):
        return [_file_check(f"note{params.n}.md") if c == "file" else c for c in self.checks]

    def plan(self, params):
        return [Key("HOME")]


def _family(**attrs) -> TaskFamily:
    return type("Toy", (ToyFamily,), attrs)()


def test_a_well_formed_family_builds_a_valid_task() -> None:
    family = _family(progress_items=(Progress(_log_source("(a)"), 0.2),
                                     Progress(_log_source("(b)"), 0.3, after=0)),
                     checks=("file", (_file_check("x"), _log_source("(y)"))))
    task = family.make_task(3).proto
    assert check_task(task) == []
    assert task.id == "Toy/3" and list(task.command) == [family.instruction(family.params(3))]
    assert task.max_num_steps == family.step_limit == 2 * 1 + 10


@pytest.mark.parametrize("after", [1, 5, -1])
def test_progress_after_must_name_an_earlier_item(after: int) -> None:
    family = _family(progress_items=(Progress(_log_source("(a)"), 0.5, after=after),))
    with pytest.raises(ValueError, match=rf"Toy: Progress.after={after} must name an earlier"):
        family.make_task(0)


def test_a_family_needs_a_success_check() -> None:
    with pytest.raises(ValueError, match="Toy: success_checks.. returned no checks"):
        _family(checks=()).make_task(0)


def test_a_success_check_must_be_a_state_event_or_a_source() -> None:
    with pytest.raises(TypeError, match="Toy: a success check must be .* got str"):
        _family(checks=("file", "note.md exists")).make_task(0)


@pytest.mark.parametrize("seed", [-1, 1.5, True, "3"])
def test_seeds_are_non_negative_ints(seed) -> None:
    with pytest.raises(ValueError, match="a task seed must be a non-negative int"):
        ToyFamily().make_task(seed)


def test_success_check_mode_is_checked() -> None:
    with pytest.raises(ValueError, match="success_check='sometimes'"):
        ToyFamily(success_check="sometimes")
