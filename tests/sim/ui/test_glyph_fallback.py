"""Characters Roboto lacks draw with the Noto fallback faces instead of the missing-glyph box."""

from __future__ import annotations

import numpy as np
import skia

from mobile_gym.sim.ui.render import fill_paint
from mobile_gym.sim.ui.text import draw_text, font_runs, text_width

NO_FONT_HAS = "\ue000"  # a private-use code point: no face maps it, so it draws as Roboto's box


def _pixels(text: str) -> np.ndarray:
    surface = skia.Surface(64, 48)
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorWHITE)
    draw_text(canvas, text, 4, 34, 28.0, "regular", fill_paint(0xFF000000))
    return surface.makeImageSnapshot().toarray()[:, :, :3]


def test_arrow_is_drawn_with_a_fallback_face_not_the_box():
    assert font_runs(NO_FONT_HAS) == ((NO_FONT_HAS, 0),)
    (run, face), = font_runs("→")
    assert run == "→" and face > 0
    arrow, box = _pixels("→"), _pixels(NO_FONT_HAS)
    assert (arrow < 128).any(), "the arrow left no ink"
    assert not np.array_equal(arrow, box)


def test_mixed_text_splits_into_runs_and_measures_each():
    runs = font_runs("Go → 😀 ok")
    assert [r for r, _ in runs] == ["Go ", "→", " ", "😀", " ok"]
    assert runs[0][1] == runs[2][1] == runs[4][1] == 0
    assert runs[1][1] > 0 and runs[3][1] > 0 and runs[1][1] != runs[3][1]  # symbols, then emoji
    total = text_width("Go → 😀 ok", 14.0)
    assert abs(total - sum(text_width(r, 14.0) for r, _ in runs)) < 1e-6
    assert text_width("→", 14.0) != text_width(NO_FONT_HAS, 14.0)
    assert font_runs("plain ASCII") == (("plain ASCII", 0),)


def test_cjk_uses_the_optional_cjk_face_when_installed():
    import pytest
    pytest.importorskip("manimgx_fonts_cjk")
    (run, face), = font_runs("日本語")
    assert run == "日本語" and face > 0
    assert not np.array_equal(_pixels("日"), _pixels(NO_FONT_HAS))
