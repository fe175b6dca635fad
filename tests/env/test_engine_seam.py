"""The typed seam between MobileEnv and the event engine (docs/dev/events_tasks_contracts.md):
the fields and signatures both sides build against."""

from __future__ import annotations

import dataclasses
import inspect

from mobile_gym.env import EngineLike
from mobile_gym.events import EventEngine, StepInputs, StepResult


def test_step_inputs_and_result_fields_are_pinned():
    assert [f.name for f in dataclasses.fields(StepInputs)] == [
        "frame_id", "screenshot", "view_hierarchy", "text_boxes", "log_lines", "response", "device",
        "screen_size"]
    assert [f.name for f in dataclasses.fields(StepResult)] == [
        "reward", "score", "episode_end", "extras", "instructions", "fired", "timing", "errors"]


def test_the_engine_implements_the_protocol_the_env_types_against():
    step = inspect.signature(EventEngine.step)
    assert list(step.parameters) == ["self", "inputs"]
    assert step.parameters["inputs"].annotation in (StepInputs, "StepInputs")
    assert step.return_annotation in (StepResult, "StepResult")
    reset = inspect.signature(EventEngine.reset)
    assert reset.parameters["device"].kind is inspect.Parameter.KEYWORD_ONLY
    for name in ("reset", "step"):
        assert list(inspect.signature(getattr(EngineLike, name)).parameters) == \
            list(inspect.signature(getattr(EventEngine, name)).parameters)
