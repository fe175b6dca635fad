"""OCR path: a prerequisite met earlier in a step makes its text sources read in that same step.

The crop of the one OCR pass per frame must cover every text source that can become live in the
step (reference section 8, "C+D same step -> 6"), while a gated source whose prerequisite has
already failed in this step stays out of the crop.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from events_helpers import SIZE, Driver, box, from_text, log

from mobile_gym.device.base import TextBox
from mobile_gym.events import EventEngine
from mobile_gym.events.sources.base import rect_to_box
from mobile_gym.events.text_model import Box

BOTTOM = (0.0, 0.5, 1.0, 1.0)
TOP = (0.0, 0.0, 1.0, 0.1)
TOP_BOX: Box = rect_to_box((0.0, 0.0, 1.0, float(np.float32(0.1))), SIZE)  # the proto's rect is float32
FULL_BOX: Box = (0, 0, SIZE[0], SIZE[1])


class RecordingTextModel:
    """A fake OCR model: returns the given boxes inside the requested region, recording each call."""

    def __init__(self, boxes: Sequence[TextBox]) -> None:
        self.boxes = list(boxes)
        self.calls: list[tuple[int, Box]] = []

    def read(self, frame_id: int, screenshot: np.ndarray, region: Box) -> list[TextBox]:
        """Record the call and return the boxes fully inside `region`."""
        self.calls.append((frame_id, region))
        left, top, right, bottom = region
        return [b for b in self.boxes
                if b.left >= left and b.top >= top and b.right <= right and b.bottom <= bottom]


def _sources() -> str:
    return """
event_sources { id: 1 log_event { pattern: "c" } }
event_sources { id: 2 repeatability: UNLIMITED text_detect { expect: "Hello" rect { x0: 0 y0: 0.5 x1: 1 y1: 1 } } }
event_sources { id: 3 repeatability: UNLIMITED text_detect { expect: "Other" rect { x0: 0 y0: 0 x1: 1 y1: 0.1 } } }
"""


GATE = 'events { event { id: 10 events { id: 1 } transformation: "y = 1" } }'
GATED = 'events { event { events { id: 2 } prerequisite: 10 transformation: "y = 5" } }'
LIVE = 'events { event { events { id: 3 } transformation: "y = 0" } }'


def _engine(*children: str) -> tuple[EventEngine, Driver, RecordingTextModel]:
    model = RecordingTextModel([box("Hello", BOTTOM), box("Other", TOP)])
    task = _sources() + "event_slots { reward_listener { type: OR " + " ".join(children) + " } }"
    engine = EventEngine(from_text(task), text_model=model)
    return engine, Driver(engine), model


def test_prerequisite_met_earlier_in_the_step_reveals_its_text() -> None:
    """The audit repro (d13_ocr): gate, gated bottom text, live top text -> 1 + 5 + 0 in step 1."""
    _, d, model = _engine(GATE, GATED, LIVE)
    assert d.step(boxes=None, logs=[log("T", "c")]).reward == 6.0
    assert model.calls == [(1, FULL_BOX)]  # one pass, covering the bottom and the top rect
    assert d.step(boxes=None).reward == 5.0
    assert model.calls[1:] == [(2, FULL_BOX)]


def test_prerequisite_met_later_in_the_step_still_counts() -> None:
    """The live text source reads first; the gate fires after it: one pass already covers both."""
    _, d, model = _engine(LIVE, GATE, GATED)
    assert d.step(boxes=None, logs=[log("T", "c")]).reward == 6.0
    assert model.calls == [(1, FULL_BOX)]


def test_one_pass_per_frame_when_several_gates_open() -> None:
    """Two gated text sources opened in the same step share the step's single OCR pass."""
    extra = ('event_sources { id: 4 repeatability: UNLIMITED text_recognize { expect: "Hello" '
             'rect { x0: 0 y0: 0.5 x1: 1 y1: 1 } } }\n')
    model = RecordingTextModel([box("Hello", BOTTOM), box("Other", TOP)])
    task = (_sources() + extra + "event_slots { reward_listener { type: OR " + LIVE + " " + GATE + " " + GATED
            + ' events { event { events { id: 4 } prerequisite: 10 transformation: "y = 7" } } } }')
    d = Driver(EventEngine(from_text(task), text_model=model))
    assert d.step(boxes=None, logs=[log("T", "c")]).reward == 13.0
    assert model.calls == [(1, FULL_BOX)]


def test_gate_that_failed_this_step_keeps_its_region_out_of_the_crop() -> None:
    """Without the log line the gate is evaluated (unset) before any text: only the top rect is read."""
    _, d, model = _engine(GATE, GATED, LIVE)
    assert d.step(boxes=None).reward == 0.0
    assert model.calls == [(1, TOP_BOX)]


def test_exact_text_boxes_need_no_crop() -> None:
    """With device-provided text boxes the same task gives 6 and never calls the model."""
    _, d, model = _engine(LIVE, GATE, GATED)
    assert d.step(boxes=[box("Hello", BOTTOM), box("Other", TOP)], logs=[log("T", "c")]).reward == 6.0
    assert model.calls == []
