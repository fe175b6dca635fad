"""Measure/layout: sizes, weights, margins, padding, gravity, visibility, real text sizes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mobile_gym.sim.ui import (
    MATCH_PARENT,
    WRAP_CONTENT,
    Button,
    FrameLayout,
    LinearLayout,
    Rect,
    ScrollView,
    TextView,
    View,
    dp,
    sp,
)
from mobile_gym.sim.ui.text import line_metrics, text_width

from .conftest import screen, show


def test_units_pixel6():
    assert dp(1) == 3 and dp(16) == 42 and dp(48) == 126 and sp(14) == 37
    assert dp(10, density=160) == 10


def test_rect_ops():
    r = Rect(0, 0, 100, 50)
    assert (r.width, r.height, r.center) == (100, 50, (50, 25))
    assert r.contains(0, 0) and not r.contains(100, 10)
    assert r.intersect(Rect(50, 25, 200, 200)) == Rect(50, 25, 100, 50)
    assert r.intersect(Rect(200, 200, 300, 300)).is_empty


def test_weights_share_remaining_space():
    a = View(width=0, height=100, weight=1)
    b = View(width=0, height=100, weight=3)
    fixed = View(width=200, height=100)
    row = LinearLayout("horizontal", width=MATCH_PARENT, height=WRAP_CONTENT)
    row.add(fixed, a, b)
    show(screen(row))
    assert fixed.bounds == Rect(0, 0, 200, 100)
    assert a.bounds.width == 220 and b.bounds.width == 660
    assert b.bounds.right == 1080 and row.bounds.height == 100


def test_vertical_weight_fills_screen_below_fixed_header():
    header = View(width=MATCH_PARENT, height=dp(56))
    body = View(width=MATCH_PARENT, height=0, weight=1)
    show(screen(header, body))
    assert body.bounds == Rect(0, dp(56), 1080, 2400)


def test_margin_padding_and_gravity():
    child = View(width=100, height=50, margin=(10, 20, 30, 40))
    box = LinearLayout("vertical", width=500, height=400, padding=5, gravity="center")
    box.add(child)
    centred = View(width=60, height=60, layout_gravity="end|bottom")
    frame = FrameLayout(width=300, height=300, padding=(0, 0, 10, 10))
    frame.add(centred)
    show(screen(box, frame))
    # inner box 5..495 x 5..395 (490x390); child+margins = 140x110 centred => offsets (175, 140)
    assert child.bounds == Rect(5 + 175 + 10, 5 + 140 + 20, 5 + 175 + 10 + 100, 5 + 140 + 20 + 50)
    assert centred.bounds == Rect(230, 400 + 230, 290, 400 + 290)


def test_wrap_content_text_uses_real_font_metrics():
    tv = TextView("Hello world", text_size=sp(16), padding=dp(8))
    show(screen(tv))
    w = text_width("Hello world", sp(16), "regular")
    assert tv.bounds.width == int(-(-w // 1)) + 2 * dp(8)
    assert tv.bounds.height == line_metrics(sp(16), "regular").height + 2 * dp(8)
    bold = TextView("Hello world", text_size=sp(16), bold=True)
    show(screen(bold))
    assert bold.bounds.width > int(w)


def test_long_text_wraps_and_max_lines_ellipsizes():
    long = " ".join(["word"] * 80)
    wrapped = TextView(long, width=MATCH_PARENT)
    one = TextView(long, width=MATCH_PARENT, max_lines=1)
    two = TextView(long, width=MATCH_PARENT, max_lines=2)
    wm, _ = show(screen(wrapped, one, two))
    lh = line_metrics(sp(14), "regular").height
    assert wrapped.bounds.height > 3 * lh
    assert one.bounds.height == lh and two.bounds.height == 2 * lh
    texts = [b.text for b in wm.text_boxes()]
    assert any(t.endswith("\u2026") for t in texts)
    assert all(b.right <= 1080 for b in wm.text_boxes())


def test_visibility_gone_takes_no_space_invisible_keeps_it():
    a = View(width=MATCH_PARENT, height=100)
    b = View(width=MATCH_PARENT, height=100)
    c = View(width=MATCH_PARENT, height=100)
    show(screen(a, b, c))
    b.visibility = "gone"
    assert c.bounds.top == 100
    b.visibility = "invisible"
    assert c.bounds.top == 200
    with pytest.raises(ValueError, match="visibility"):
        b.visibility = "hidden"


def test_property_change_relayouts():
    tv = TextView("a")
    after = View(width=10, height=10)
    show(screen(tv, after))
    top0 = after.bounds.top
    tv.text = "line one\nline two\nline three"
    assert after.bounds.top > top0


def test_scrollview_child_measured_unbounded():
    inner = LinearLayout("vertical", width=MATCH_PARENT)
    for i in range(30):
        inner.add(Button(f"B{i}", width=MATCH_PARENT))
    sv = ScrollView(width=MATCH_PARENT, height=MATCH_PARENT)
    sv.add(inner)
    show(screen(sv))
    assert inner.bounds.height == 30 * dp(48)
    assert sv.max_scroll == inner.bounds.height - 2400


def test_bad_inputs_name_the_value():
    with pytest.raises(ValueError, match="gravity"):
        View(gravity="middle")
    with pytest.raises(ValueError, match="margin"):
        View(margin=(1, 2, 3))
    with pytest.raises(ValueError, match="orientation"):
        LinearLayout("diagonal")
    v = View()
    with pytest.raises(ValueError, match="already has a parent"):
        LinearLayout().add(v)
        LinearLayout().add(v)


@given(st.lists(st.integers(-20, 20), min_size=8, max_size=8))
def test_rect_intersection_matches_definition(v):
    a, b = Rect(*v[:4]), Rect(*v[4:])
    overlap = max(a.left, b.left) < min(a.right, b.right) and max(a.top, b.top) < min(a.bottom, b.bottom)
    assert a.intersects(b) == overlap == b.intersects(a)
    i = a.intersect(b)
    assert (not i.is_empty) == overlap
    if overlap:
        assert all(a.contains(x, y) and b.contains(x, y)
                   for x in range(i.left, i.right) for y in range(i.top, i.bottom))
