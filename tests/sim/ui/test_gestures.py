"""Touch dispatch and gestures over device time."""

from __future__ import annotations

import pytest

from mobile_gym.device.base import InvalidInputError
from mobile_gym.sim.ui import (
    MATCH_PARENT,
    Button,
    EditText,
    FrameLayout,
    RecyclerView,
    TextView,
    View,
    ViewPager,
    Window,
    dp,
)

from .conftest import PKG, bounds_of, node_by_id, nodes, screen, show


def _list(n: int = 100, **kw) -> tuple[RecyclerView, list[TextView]]:
    items = [TextView(f"Row {i}", id=f"row{i}", width=MATCH_PARENT, height=dp(60), clickable=True)
             for i in range(n)]
    return RecyclerView(items, id="list", width=MATCH_PARENT, height=MATCH_PARENT, **kw), items


def test_tap_clicks_and_long_press_needs_held_time():
    log = []
    b = Button("Go", on_click=lambda: log.append("click"),
               on_long_click=lambda: log.append("long"), long_clickable=True)
    wm, _ = show(screen(b))
    x, y = b.bounds.center
    wm.touch(x, y, True, 10.0)
    wm.touch(x, y, False, 10.2)
    assert log == ["click"]
    wm.touch(x, y, True, 20.0)
    wm.tick(20.3)
    assert log == ["click"]
    wm.tick(20.5)                  # fires while still held
    assert log == ["click", "long"]
    wm.touch(x, y, False, 21.0)    # no click after a long press
    assert log == ["click", "long"]
    wm.touch(x, y, True, 30.0)     # held long without ticks: fires on release
    wm.touch(x, y, False, 30.7)
    assert log == ["click", "long", "long"]


def test_long_hold_on_view_without_long_click_is_a_click():
    log = []
    b = Button("Go", on_click=lambda v: log.append(v.text))
    wm, _ = show(screen(b))
    x, y = b.bounds.center
    wm.touch(x, y, True, 0.0)
    wm.tick(2.0)
    wm.touch(x, y, False, 2.0)
    assert log == ["Go"]


def test_pressed_state_and_moving_off_cancels_click():
    log = []
    b = Button("Go", on_click=lambda: log.append(1))
    wm, _ = show(screen(b))
    x, y = b.bounds.center
    v0 = wm.version
    wm.touch(x, y, True, 0.0)
    assert b.pressed and wm.version > v0
    wm.touch(x, 1500, True, 0.1)
    assert not b.pressed
    wm.touch(x, 1500, False, 0.2)
    assert log == []


def test_topmost_sibling_receives_overlapping_touch():
    log = []
    under = View(width=MATCH_PARENT, height=300, clickable=True, on_click=lambda: log.append("under"))
    over = View(width=300, height=300, clickable=True, on_click=lambda: log.append("over"))
    frame = FrameLayout(width=MATCH_PARENT, height=MATCH_PARENT)
    frame.add(under, over)
    wm, _ = show(frame)
    wm.tap((100, 100), 0.0)
    wm.tap((800, 100), 1.0)
    assert log == ["over", "under"]


def test_swipe_scrolls_list_and_dump_bounds_follow_the_finger():
    rv, items = _list()
    wm, _ = show(screen(rv))
    before = bounds_of(node_by_id(wm.dump(), f"{PKG}:id/row3"))
    slop = wm.config.touch_slop
    t = 0.0
    wm.touch(540, 1500, True, t)
    for step in range(1, 11):
        wm.touch(540, 1500 - 30 * step, True, t + 0.5 * step)   # slow drag: no fling
    wm.touch(540, 1200, False, t + 6.0)
    moved = 300 - slop
    assert rv.scroll_offset == moved
    after = bounds_of(node_by_id(wm.dump(), f"{PKG}:id/row3"))
    assert after[1] == before[1] - moved and after[3] == before[3] - moved
    assert not wm.fling_active
    # rows scrolled out at the top are gone from the dump
    assert not [n for n in nodes(wm.dump()) if n.get("text") == "Row 0"]


def test_drag_on_list_item_does_not_click_it():
    rv, items = _list()
    clicked = []
    items[5].on_click = lambda: clicked.append(5)
    wm, _ = show(screen(rv))
    x, y = items[5].bounds.center
    wm.touch(x, y, True, 0.0)
    wm.touch(x, y - 200, True, 0.5)
    wm.touch(x, y - 200, False, 1.0)
    assert clicked == [] and rv.scroll_offset > 0


def test_fling_continues_after_release_while_ticking():
    rv, _ = _list(300)
    wm, _ = show(screen(rv))
    wm.touch(540, 2000, True, 0.0)
    wm.touch(540, 1800, True, 0.02)
    wm.touch(540, 1600, True, 0.04)
    wm.touch(540, 1500, False, 0.05)   # ~10000 px/s upwards
    at_release = rv.scroll_offset
    assert wm.fling_active
    wm.tick(0.15)
    mid = rv.scroll_offset
    wm.tick(0.5)
    later = rv.scroll_offset
    assert at_release < mid < later
    wm.tick(10.0)
    assert not wm.fling_active
    final = rv.scroll_offset
    wm.tick(11.0)
    assert rv.scroll_offset == final
    # touching stops a fling
    wm.touch(540, 2000, True, 20.0)
    wm.touch(540, 1600, True, 20.02)
    wm.touch(540, 1400, False, 20.03)
    wm.tick(20.05)
    wm.touch(540, 1000, True, 20.06)
    assert not wm.fling_active
    wm.touch(540, 1000, False, 20.07)


def test_viewpager_swipe_snaps_to_next_page():
    pages = [TextView(f"Page {i}", width=MATCH_PARENT, height=MATCH_PARENT) for i in range(3)]
    selected = []
    vp = ViewPager(pages, on_page_selected=lambda v, i: selected.append(i))
    wm, _ = show(screen(vp))
    wm.touch(1000, 1200, True, 0.0)
    wm.touch(600, 1200, True, 0.5)
    wm.touch(500, 1200, True, 1.0)
    wm.touch(500, 1200, False, 1.5)      # slow, under 60% of a page: springs back
    assert vp.current_item == 0 and pages[0].bounds.left == 0
    wm.touch(1000, 1200, True, 2.0)
    wm.touch(600, 1200, True, 2.5)
    wm.touch(100, 1200, True, 3.0)
    wm.touch(100, 1200, False, 3.5)      # slow, past 60%: next page
    assert vp.current_item == 1 and selected == [1]
    assert pages[1].bounds.left == 0
    texts = [n.get("text") for n in nodes(wm.dump())]
    assert "Page 1" in texts and "Page 0" not in texts
    wm.touch(500, 1200, True, 4.0)
    wm.touch(600, 1200, True, 4.5)
    wm.touch(600, 1200, False, 5.0)     # short drag back: stays
    assert vp.current_item == 1
    wm.touch(300, 1200, True, 6.0)
    wm.touch(500, 1200, True, 6.02)
    wm.touch(700, 1200, False, 6.04)    # quick flick right: previous page
    assert vp.current_item == 0 and selected == [1, 0]


def test_modal_dialog_consumes_outside_touches_and_cancels_on_up():
    log = []
    b = Button("behind", on_click=lambda: log.append("behind"))
    wm, app = show(screen(b))
    box = FrameLayout(width=MATCH_PARENT)
    box.add(TextView("Dialog", height=dp(100)))
    win = wm.add(Window(box, package=PKG, kind="dialog", dim_behind=True,
                        on_outside_touch=lambda: log.append("outside")))
    x, y = b.bounds.center
    assert not win.frame.contains(x, y)
    wm.touch(x, y, True, 0.0)
    assert log == []
    wm.touch(x, y, False, 0.1)
    assert log == ["outside"]
    wm.remove(win)
    wm.tap((x, y), 1.0)
    assert log == ["outside", "behind"]


def test_editor_focus_callback_and_keys():
    et = EditText(hint="Name", single_line=True)
    other = Button("x")
    wm, _ = show(screen(et, other))
    seen = []
    wm.on_editor_focus = seen.append
    wm.tap(et, 0.0)
    assert seen == [et] and et.focused and wm.focused_editor is et
    wm.tap(other, 1.0)           # buttons do not take focus in touch mode
    assert et.focused
    et.commit_text("abc")
    assert wm.key("DEL") and et.text == "ab"
    et.visibility = "gone"
    assert wm.focused_editor is None and seen == [et, None]
    assert wm.key("DEL") is False


def test_long_press_on_edittext_selects_the_word_and_typing_replaces_it():
    et = EditText("hello world")
    wm, _ = show(screen(et))
    x, y = et.bounds.center
    assert et.offset_at(x, y) >= 6          # the centre lies on "world"
    wm.touch(x, y, True, 0.0)
    wm.tick(0.6)
    wm.touch(x, y, False, 0.7)
    assert et.selection == (6, 11) and et.focused
    et.commit_text("bye")
    assert et.text == "hello bye" and et.selection == (9, 9)


def test_disabled_button_swallows_tap():
    log = []
    behind = View(width=MATCH_PARENT, height=MATCH_PARENT, clickable=True, on_click=lambda: log.append("behind"))
    b = Button("x", enabled=False, on_click=lambda: log.append("button"))
    frame = FrameLayout(width=MATCH_PARENT, height=MATCH_PARENT)
    frame.add(behind, b)
    wm, _ = show(frame)
    wm.tap(b, 0.0)
    assert log == []


@pytest.mark.parametrize("x,y", [(-1, 10), (1080, 10), (10, 2400), (5, -3), (float("nan"), 1)])
def test_touch_outside_screen_raises_naming_coordinates(x, y):
    wm, _ = show(screen(Button("x")))
    with pytest.raises(InvalidInputError) as e:
        wm.touch(x, y, True, 0.0)
    assert str(x) in str(e.value) and str(y) in str(e.value)


def test_lift_without_press_is_ignored():
    wm, _ = show(screen(Button("x")))
    wm.touch(10, 10, False, 0.0)
