"""Text and icon models: real OCR (one pass per frame, cached) and OpenCV template matching."""

import importlib.util

import cv2
import numpy as np
import pytest
from events_helpers import SIZE, Driver, from_text

from mobile_gym.events import EventEngine, RapidOcrTextModel, TemplateIconModel


def glyph(kind: str, size: int = 48) -> np.ndarray:
    img = np.full((size, size, 3), 255, np.uint8)
    if kind == "star":
        pts = np.array([[24, 2], [30, 18], [46, 18], [33, 28], [38, 45], [24, 35], [10, 45], [15, 28], [2, 18], [18, 18]])
        cv2.fillPoly(img, [pts], (0, 0, 0))
    elif kind == "plus":
        cv2.rectangle(img, (20, 4), (28, 44), (0, 0, 0), -1)
        cv2.rectangle(img, (4, 20), (44, 28), (0, 0, 0), -1)
    else:
        cv2.circle(img, (24, 24), 18, (0, 0, 0), 4)
    return img


def screen_with(*placed):
    shot = np.full((SIZE[1], SIZE[0], 3), 255, np.uint8)
    for img, (x, y) in placed:
        shot[y:y + img.shape[0], x:x + img.shape[1]] = img
    return shot


def test_template_model_recognize_detect_match():
    model = TemplateIconModel({"star": [glyph("star")], "plus": [glyph("plus")]})
    assert model.classes() == {"star", "plus"}
    assert model.recognize(glyph("star")) == "star"
    assert model.recognize(glyph("ring")) is None
    shot = screen_with((glyph("plus"), (100, 200)), (glyph("star"), (600, 900)))
    hits = {(h.class_name, h.box) for h in model.detect(shot)}
    assert hits == {("plus", (100, 200, 148, 248)), ("star", (600, 900, 648, 948))}
    assert model.match(shot[200:248, 100:148], glyph("plus"))
    assert not model.match(shot[200:248, 100:148], glyph("star"))
    assert [h.box for h in model.detect_match(shot, glyph("star"))] == [(600, 900, 648, 948)]


def test_icon_sources_in_the_engine():
    model = TemplateIconModel({"star": [glyph("star")], "plus": [glyph("plus")]})
    e = EventEngine(from_text("""
event_sources { id: 1 repeatability: UNLIMITED icon_detect { class: "star" rect { x1: 1 y1: 0.5 } } }
event_sources { id: 2 repeatability: UNLIMITED icon_recognize { class: "plus" rect { x0: 0.0925926 y0: 0.0833334 x1: 0.137037 y1: 0.1033334 } } }
event_slots { reward_listener { type: OR events { event { events { id: 1 } transformation: "y = 1" } }
                                         events { event { events { id: 2 } transformation: "y = 10" } } } }"""),
                    icon_model=model)
    d = Driver(e)
    assert d.step(shot=screen_with((glyph("star"), (600, 900)), (glyph("plus"), (100, 200)))).reward == 11.0
    assert d.step(shot=screen_with((glyph("star"), (600, 1500)))).reward == 0.0  # below the detect region


@pytest.mark.skipif(importlib.util.find_spec("rapidocr_onnxruntime") is None, reason="ocr extra not installed")
def test_real_ocr_once_per_frame_cropped_and_cached():
    shot = np.full((SIZE[1], SIZE[0], 3), 255, np.uint8)
    cv2.putText(shot, "How to 180 on a Scooter", (40, 600), cv2.FONT_HERSHEY_SIMPLEX, 1.6, (0, 0, 0), 3)
    cv2.putText(shot, "Unrelated footer", (40, 2200), cv2.FONT_HERSHEY_SIMPLEX, 1.6, (0, 0, 0), 3)
    model = RapidOcrTextModel()
    e = EventEngine(from_text("""
event_sources { id: 1 repeatability: UNLIMITED text_detect { expect: "180 on a Scooter" rect { y0: 0.19 x1: 1 y1: 0.3 } } }
event_sources { id: 2 repeatability: UNLIMITED text_recognize { expect: "How to" rect { y0: 0.19 x1: 1 y1: 0.3 } } }
event_slots { reward_listener { type: OR events { id: 1 } events { id: 2 } transformation: "y = 1" } }"""),
                    text_model=model)
    d = Driver(e)
    assert d.step(boxes=None, shot=shot).reward == 2.0
    assert model.passes == 1
    boxes = model.read(d.frame, shot, (0, 456, 1080, 720))  # same frame, inside the cached crop
    assert model.passes == 1 and any("Scooter" in b.text for b in boxes)
    assert not any("footer" in b.text for b in boxes)  # outside the union of live regions: never read
