"""Text models: where text sources get the strings on screen and their boxes.

The engine prefers the device's exact `text_boxes()` (the simulator knows every string it drew).
When the backend cannot know (adb), a `TextModel` reads the screenshot. `RapidOcrTextModel` runs
rapidocr-onnxruntime once per frame on the crop that covers all live text regions, and caches the
result by frame id, so any number of text_detect / text_recognize sources cost one OCR pass
(Mobile-Env ran full-screen OCR twice per check, once per source kind).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np

from mobile_gym.device.base import TextBox
from mobile_gym.events.errors import require_extra

__all__ = ["Box", "RapidOcrTextModel", "TextModel", "boxes_in", "union_box"]

Box = tuple[int, int, int, int]  # left, top, right, bottom in device pixels


class TextModel(Protocol):
    """Reads text from a frame."""

    def read(self, frame_id: int, screenshot: np.ndarray, region: Box) -> list[TextBox]:
        """Every text box found inside `region` (device pixels) of this frame."""
        ...


def union_box(boxes: Sequence[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def boxes_in(boxes: Sequence[TextBox], region: Box) -> list[TextBox]:
    """Boxes fully inside `region`, in reading order (top, then left)."""
    l, t, r, b = region
    inside = [x for x in boxes if x.left >= l and x.top >= t and x.right <= r and x.bottom <= b]
    inside.sort(key=lambda x: (x.top, x.left))
    return inside


class RapidOcrTextModel:
    """OCR with rapidocr-onnxruntime: one pass per (frame, crop), cached by frame id."""

    def __init__(self, *, min_score: float = 0.5) -> None:
        self.min_score = min_score
        self._engine: Any = None
        self._cache_key: tuple[int, Box] | None = None
        self._cache: list[TextBox] = []
        self.passes = 0  # number of OCR runs (for tests and benchmarks)

    def _load(self) -> Any:
        rapidocr = require_extra("rapidocr_onnxruntime", "ocr",
                                 "OCR for text sources (the backend reports no exact text boxes; "
                                 "or pass text_model=...)")
        return rapidocr.RapidOCR()

    def read(self, frame_id: int, screenshot: np.ndarray, region: Box) -> list[TextBox]:
        key = self._cache_key
        if key is not None and key[0] == frame_id:
            cl, ct, cr, cb = key[1]
            if cl <= region[0] and ct <= region[1] and cr >= region[2] and cb >= region[3]:
                return [b for b in self._cache if b.left >= region[0] and b.top >= region[1]
                        and b.right <= region[2] and b.bottom <= region[3]]
        if self._engine is None:
            self._engine = self._load()
        h, w = screenshot.shape[:2]
        l, t = max(0, region[0]), max(0, region[1])
        r, b = min(w, region[2]), min(h, region[3])
        boxes: list[TextBox] = []
        if r > l and b > t:
            crop = np.ascontiguousarray(screenshot[t:b, l:r, ::-1])  # RGB -> BGR for the model
            result, _ = self._engine(crop)
            self.passes += 1
            for points, text, score in result or ():
                if float(score) < self.min_score or not text:
                    continue
                xs = [p[0] for p in points]
                ys = [p[1] for p in points]
                boxes.append(TextBox(str(text), int(l + min(xs)), int(t + min(ys)),
                                     int(np.ceil(l + max(xs))), int(np.ceil(t + max(ys)))))
        self._cache_key = (frame_id, (l, t, r, b))
        self._cache = boxes
        return list(boxes)
