"""Rendering: caching (no redraw when unchanged), determinism, scale, text boxes, icons."""

from __future__ import annotations

import numpy as np
import pytest
import skia

from mobile_gym.sim.ui import (
    ICON_NAMES,
    MATCH_PARENT,
    Button,
    CheckBox,
    EditText,
    ImageButton,
    LinearLayout,
    Rect,
    TextView,
    View,
    Window,
    alert_dialog,
    dp,
    draw_icon,
    sp,
)

from .conftest import screen, show


class Grid(View):
    """A custom view painting strings in on_draw (like the month grid)."""

    draws = 0

    def on_draw(self, canvas):
        Grid.draws += 1
        b = self.bounds
        for i, label in enumerate(("Mon", "Tue")):
            self.paint_text(canvas, label, b.left + 10 + i * 200, b.top + 10, size=sp(12))


def _tree():
    return screen(TextView("Title", text_size=sp(22), padding=dp(16)),
                  EditText(hint="Name", width=MATCH_PARENT),
                  LinearLayout().add(CheckBox("One", checked=True), Button("OK")),
                  ImageButton("more_vert", content_desc="More options"),
                  Grid(width=MATCH_PARENT, height=200))


def test_unchanged_screen_not_redrawn_changed_view_redraws():
    wm, _ = show(_tree())
    f1 = wm.render((270, 600))
    s1 = wm.stats
    f2 = wm.render((270, 600))
    assert f2 is f1 and wm.stats.frames_drawn == s1.frames_drawn
    assert wm.stats.view_draws == s1.view_draws and wm.stats.recordings == s1.recordings
    title = wm.find_text("Title")
    title.text = "Other"
    f3 = wm.render((270, 600))
    s3 = wm.stats
    assert s3.frames_drawn == s1.frames_drawn + 1
    # only the changed view and its ancestors are re-recorded, the grid is not
    assert 0 < s3.view_draws - s1.view_draws <= 3
    assert not np.array_equal(f1, f3)


def test_frames_deterministic_for_the_same_tree():
    a = show(_tree())[0].render()
    b = show(_tree())[0].render()
    assert a.shape == (2400, 1080, 3) and a.dtype == np.uint8
    assert a.tobytes() == b.tobytes()
    sa = show(_tree())[0].render((270, 600))
    assert sa.shape == (600, 270, 3)
    assert sa.tobytes() == show(_tree())[0].render((270, 600)).tobytes()


def test_small_frame_matches_downscaled_full_frame_roughly():
    wm, _ = show(_tree())
    full = wm.render().astype(np.float32)
    small = wm.render((270, 600)).astype(np.float32)
    down = full.reshape(600, 4, 270, 4, 3).mean(axis=(1, 3))
    assert np.abs(down - small).mean() < 6.0


def test_frames_are_read_only():
    wm, _ = show(_tree())
    f = wm.render((270, 600))
    with pytest.raises(ValueError):
        f[0, 0, 0] = 1


def test_dim_behind_darkens_lower_windows():
    wm, _ = show(_tree())
    before = wm.render((270, 600)).astype(int)
    wm.add(Window(alert_dialog("Delete?", "Sure?", [("OK", None)]), package="com.example.app",
                  kind="dialog", dim_behind=True))
    after = wm.render((270, 600)).astype(int)
    assert after[5, 5].sum() < before[5, 5].sum() * 0.6


def test_text_boxes_include_painted_strings_and_clip():
    wm, _ = show(_tree())
    boxes = wm.text_boxes()
    texts = [b.text for b in boxes]
    assert {"Title", "Name", "One", "OK", "Mon", "Tue"} <= set(texts)
    title = next(b for b in boxes if b.text == "Title")
    assert (title.left, title.top) == (dp(16), dp(16))
    assert all(0 <= b.left < b.right <= 1080 and 0 <= b.top < b.bottom <= 2400 for b in boxes)


def test_pressed_overlay_does_not_redraw_views():
    wm, _ = show(_tree())
    ok = wm.find_text("OK")
    base = wm.render((270, 600))
    draws = wm.stats.view_draws
    x, y = ok.bounds.center
    wm.touch(x, y, True, 0.0)
    pressed = wm.render((270, 600))
    wm.touch(x + 400, y + 400, True, 0.1)    # slide off: press released without a click
    wm.touch(x + 400, y + 400, False, 0.2)
    released = wm.render((270, 600))
    assert not np.array_equal(base, pressed)
    assert released.tobytes() == base.tobytes()
    assert wm.stats.view_draws == draws


def test_every_icon_draws_and_unknown_icon_raises():
    surface = skia.Surface(48, 48)
    canvas = surface.getCanvas()
    assert len(ICON_NAMES) >= 60
    for name in list(ICON_NAMES):
        canvas.clear(0xFFFFFFFF)
        draw_icon(canvas, name, Rect(0, 0, 48, 48), 0xFF000000)
        px = surface.makeImageSnapshot().toarray()
        assert (px[:, :, :3] < 128).any(), name
    with pytest.raises(KeyError, match="no_such_icon"):
        draw_icon(canvas, "no_such_icon", Rect(0, 0, 24, 24), 0xFF000000)
    wm, _ = show(screen(ImageButton("no_such_icon")))
    with pytest.raises(KeyError, match="no_such_icon"):
        wm.render()


def test_window_manager_and_views_survive_deepcopy():
    import copy
    wm, _ = show(_tree())
    a = wm.render((270, 600))
    wm.dump()
    clone = copy.deepcopy(wm)
    assert clone.render((270, 600)).tobytes() == a.tobytes()
    assert clone.dump() == wm.dump()
