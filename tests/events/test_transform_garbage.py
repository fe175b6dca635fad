"""Evaluating a transformation with comprehensions, and listing a dump's elements, make no
reference cycles: what they build is freed by reference counting as soon as it is dropped."""

from __future__ import annotations

import gc

from mobile_gym.events.transform import compile_transformation
from mobile_gym.wrappers.elements import extract_elements

DUMP = ('<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0">'
        '<node class="android.widget.FrameLayout" bounds="[0,0][100,200]" text="">'
        '<node class="android.widget.Button" bounds="[0,0][50,50]" text="OK" clickable="true"/>'
        '<node class="android.widget.TextView" bounds="[0,60][90,90]" text="Hello"/></node></hierarchy>')


def _cycles_after(run) -> int:
    enabled = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        for _ in range(5):
            run()
        return gc.collect()
    finally:
        if enabled:
            gc.enable()


def test_comprehensions_in_a_transformation_leave_no_cycles():
    t = compile_transformation(["y = {v: [i * j for j in range(3) if j] for i, v in enumerate(x)}"])
    assert t("ab") == {"a": [0, 0], "b": [1, 2]}
    assert _cycles_after(lambda: t("abc")) == 0


def test_listing_elements_leaves_no_cycles():
    elements = extract_elements(DUMP)
    assert [e.text for e in elements] == ["OK", "Hello"]
    assert [e.depth for e in elements] == [1, 1]
    assert _cycles_after(lambda: extract_elements(DUMP)) == 0
