"""Event engine: sources -> slots -> listeners -> reward, score, episode end, extras, instructions.

Public API::

    from mobile_gym.events import EventEngine, EngineOptions, StepInputs, StepResult
    engine = EventEngine(load_task(path))            # compiles; TaskCompileError on bad tasks
    engine.reset(device=device)                       # new episode
    result = engine.step(StepInputs(frame_id, screenshot=..., view_hierarchy=..., text_boxes=...,
                                    log_lines=..., response=..., device=...))
"""

from mobile_gym.events.engine import EngineOptions, EventEngine
from mobile_gym.events.errors import (
                                      EventError,
                                      EventGraphError,
                                      EventRuntimeError,
                                      InputError,
                                      ModelUnavailableError,
                                      SelectorError,
                                      TaskCompileError,
                                      TransformRuntimeError,
                                      TransformSyntaxError,
)
from mobile_gym.events.icon_model import IconHit, IconModel, TemplateIconModel
from mobile_gym.events.inputs import StepInputs, StepResult
from mobile_gym.events.listeners import default_episode_end, mobile_env_episode_end
from mobile_gym.events.text_model import RapidOcrTextModel, TextModel
from mobile_gym.events.transform import Limits, Transformation, compile_transformation

__all__ = [
                                      "EngineOptions",
                                      "EventEngine",
                                      "EventError",
                                      "EventGraphError",
                                      "EventRuntimeError",
                                      "IconHit",
                                      "IconModel",
                                      "InputError",
                                      "Limits",
                                      "ModelUnavailableError",
                                      "RapidOcrTextModel",
                                      "SelectorError",
                                      "StepInputs",
                                      "StepResult",
                                      "TaskCompileError",
                                      "TemplateIconModel",
                                      "TextModel",
                                      "TransformRuntimeError",
                                      "TransformSyntaxError",
                                      "Transformation",
                                      "compile_transformation",
                                      "default_episode_end",
                                      "mobile_env_episode_end",
]
