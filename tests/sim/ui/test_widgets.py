"""Widget behaviour through taps and public methods."""

from __future__ import annotations

import pytest

from mobile_gym.sim.ui import (
    MATCH_PARENT,
    CheckBox,
    EditText,
    HorizontalScrollView,
    LinearLayout,
    ListView,
    RadioButton,
    RadioGroup,
    RecyclerView,
    Switch,
    TextView,
    View,
    dp,
)

from .conftest import PKG, bounds_of, node_by_id, screen, show


def test_checkbox_and_switch_toggle_with_listener():
    seen = []
    cb = CheckBox("All-day", on_checked_change=lambda v, c: seen.append(("cb", c)))
    sw = Switch("Wi-Fi", checked=True, on_checked_change=lambda v, c: seen.append(("sw", c)))
    wm, _ = show(screen(cb, sw))
    wm.tap(cb, 0.0)
    wm.tap(sw, 1.0)
    wm.tap(cb, 2.0)
    assert seen == [("cb", True), ("sw", False), ("cb", False)]
    assert 'checked="false"' in wm.dump()


def test_radio_group_keeps_one_checked():
    changes = []
    g = RadioGroup(on_checked_change=lambda grp, r: changes.append(r.text))
    a, b = RadioButton("Daily", id="a", checked=True), RadioButton("Weekly", id="b")
    g.add(a, b)
    wm, _ = show(screen(g))
    wm.tap(b, 0.0)
    assert (a.checked, b.checked) == (False, True) and changes == ["Weekly"]
    wm.tap(b, 1.0)                 # tapping a checked radio keeps it checked
    assert b.checked and g.checked_button is b
    g.check("a")
    assert a.checked and not b.checked
    with pytest.raises(KeyError, match="nope"):
        g.check("nope")
    assert node_by_id(wm.dump(), f"{PKG}:id/a").get("checked") == "true"


def test_edittext_editing_rules():
    changes = []
    et = EditText("hello", max_length=8, on_text_changed=lambda v, t: changes.append(t))
    assert et.cursor == 5
    et.commit_text(" world")
    assert et.text == "hello wo" and changes[-1] == "hello wo"
    et.set_selection(0, 5)
    et.delete_backward()
    assert et.text == " wo" and et.selection == (0, 0)
    et.delete_backward()           # nothing before the cursor
    assert et.text == " wo"
    et.set_selection(3)
    et.commit_text("rd")
    assert et.text == " word"
    et.text = "replaced"
    assert et.cursor == 8 and changes[-1] == "replaced"
    single = EditText(single_line=True)
    single.commit_text("a\nb")
    assert single.text == "a b"
    with pytest.raises(TypeError):
        et.text = 5


def test_recycler_item_click_gives_position():
    got = []
    rv = RecyclerView(on_item_click=lambda pos, item: got.append((pos, item.text)),
                      width=MATCH_PARENT, height=MATCH_PARENT)
    rv.set_items([TextView(f"Row {i}", width=MATCH_PARENT, height=dp(56)) for i in range(40)])
    wm, _ = show(screen(rv))
    wm.tap(rv.items[3], 0.0)
    assert got == [(3, "Row 3")]
    assert ListView().a11y_class == "android.widget.ListView"


def test_horizontal_scroll_follows_horizontal_drag_only():
    row = LinearLayout("horizontal")
    chips = [TextView(f"Chip {i}", id=f"chip{i}", width=dp(120), height=dp(48)) for i in range(20)]
    row.add(*chips)
    hsv = HorizontalScrollView(id="hsv", width=MATCH_PARENT)
    hsv.add(row)
    wm, _ = show(screen(hsv))
    y = hsv.bounds.center[1]
    wm.touch(900, y, True, 0.0)
    wm.touch(900, y + 100, True, 0.5)   # vertical: ignored
    wm.touch(900, y + 100, False, 1.0)
    assert hsv.scroll_offset == 0
    wm.touch(900, y, True, 2.0)
    wm.touch(500, y, True, 2.5)
    wm.touch(500, y, False, 3.0)
    assert hsv.scroll_offset == 400 - wm.config.touch_slop
    assert node_by_id(wm.dump(), f"{PKG}:id/hsv").get("scrollable") == "true"
    assert bounds_of(node_by_id(wm.dump(), f"{PKG}:id/chip3"))[0] == 3 * dp(120) - hsv.scroll_offset
    assert f"{PKG}:id/chip0" not in wm.dump()
    assert hsv.max_scroll == 20 * dp(120) - 1080


def test_find_helpers():
    inner = TextView("Target", id="target")
    root = screen(View(), LinearLayout().add(inner))
    wm, _ = show(root)
    assert root.find("target") is inner and root.find(f"{PKG}:id/target") is inner
    assert root.find_text("Target") is inner and wm.find_text("Target") is inner
    assert root.find_all(lambda v: isinstance(v, TextView)) == [inner]
    assert root.find("missing") is None


def test_seekbar_follows_drag_inside_scroll_container():
    from mobile_gym.sim.ui import ScrollView, SeekBar

    seen = []
    bar = SeekBar(max=255, progress=102, id="brightness", width=dp(200),
                  on_progress_changed=lambda v, p, user: seen.append((p, user)))
    content = LinearLayout("vertical", width=MATCH_PARENT)
    content.add(*[TextView(f"Row {i}", height=dp(100)) for i in range(4)], bar,
                *[TextView(f"Row {i}", height=dp(100)) for i in range(4, 40)])
    sv = ScrollView(width=MATCH_PARENT, height=MATCH_PARENT)
    sv.add(content)
    wm, _ = show(screen(sv))
    lo, hi = bar.bounds.left + dp(16), bar.bounds.right - dp(16)
    y = bar.bounds.center[1]
    wm.touch(lo + 10, y, True, 0.0)
    wm.touch((lo + hi) // 2, y, True, 0.2)
    wm.touch(hi + 50, y, True, 0.4)     # past the end: clamps at max
    wm.touch(hi + 50, y, False, 0.5)
    assert bar.progress == 255 and seen[-1] == (255, True) and sv.scroll_offset == 0
    n = node_by_id(wm.dump(), f"{PKG}:id/brightness")
    assert n.get("class") == "android.widget.SeekBar" and n.get("focusable") == "true"
    # a vertical drag starting on the bar scrolls the page instead and leaves the value
    wm.touch(lo + 10, y, True, 1.0)
    wm.touch(lo + 10, y - 300, True, 1.5)
    wm.touch(lo + 10, y - 300, False, 2.0)
    assert sv.scroll_offset > 0 and bar.progress == bar.value_at(lo + 10)
    bar.set_progress(1000)
    assert bar.progress == 255
