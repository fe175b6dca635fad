"""A window taken off screen and shown again unchanged is the same screen (no new frame, no new
dump); changed while it was off screen, it is drawn and dumped anew."""

from __future__ import annotations

import numpy as np

from mobile_gym.sim.ui import TextView, Window

from .conftest import PKG, screen, show

SIZE = (270, 600)


def test_window_shown_again_unchanged_is_not_redrawn() -> None:
    label = TextView("first", id="label")
    wm, win = show(screen(label))
    other = Window(screen(TextView("other")), package=PKG, kind="app")
    frame, dump = wm.render(SIZE), wm.dump()
    wm.remove(win)
    wm.add(other)
    assert not np.array_equal(wm.render(SIZE), frame)
    assert wm.dump() != dump
    wm.remove(other)
    wm.add(win)
    drawn, built = wm.stats.frames_drawn, wm.stats.dumps_built
    assert np.array_equal(wm.render(SIZE), frame)
    assert wm.dump() == dump
    assert (wm.stats.frames_drawn, wm.stats.dumps_built) == (drawn, built)
    assert [b.text for b in wm.text_boxes()] == ["first"]


def test_window_changed_off_screen_is_drawn_again() -> None:
    label = TextView("first", id="label")
    wm, win = show(screen(label))
    frame = wm.render(SIZE)
    wm.remove(win)
    label.text = "second"
    wm.add(win)
    drawn, built = wm.stats.frames_drawn, wm.stats.dumps_built
    assert not np.array_equal(wm.render(SIZE), frame)
    assert 'text="second"' in wm.dump()
    assert (wm.stats.frames_drawn, wm.stats.dumps_built) == (drawn + 1, built + 1)
    assert [b.text for b in wm.text_boxes()] == ["second"]
