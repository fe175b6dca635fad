"""What one environment step hands the event engine, and what the engine hands back."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from mobile_gym.device.base import Device, LogLine, TextBox

__all__ = ["EpisodeEnd", "StepInputs", "StepResult"]

EpisodeEnd = Literal["success", "failure"]


@dataclass
class StepInputs:
    """One step's observations. The callables are called at most once, and only if a live source
    needs them (the engine is lazy): `screenshot` for OCR/icons, `view_hierarchy` for selector
    sources, `text_boxes` for text sources (None = the backend cannot know; then OCR runs).

    `screen_size` (width, height) converts normalised rects and bounds; when None the engine asks
    `device.screen_size`, and failing that the screenshot's shape.
    """

    frame_id: int
    screenshot: Callable[[], np.ndarray]
    view_hierarchy: Callable[[], str]
    text_boxes: Callable[[], list[TextBox] | None]
    log_lines: Sequence[LogLine]
    response: str | None = None
    device: Device | None = None
    screen_size: tuple[int, int] | None = None


@dataclass
class StepResult:
    """The step's reward and everything else the listeners produced.

    `fired` maps "source:<id>" / "slot:<id>" (and "listener:<name>" for top-level listener slots
    without id) to the values they produced this step. `errors` lists transformation failures of
    this step (the slot did not fire; the step went on), each naming the task file and node.
    """

    reward: float
    score: float
    episode_end: EpisodeEnd | None
    extras: dict[str, list]
    instructions: list[str]
    fired: dict[str, object]
    timing: dict[str, float]
    errors: list[str] = field(default_factory=list)
