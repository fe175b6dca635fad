"""Long-press selection and the floating text-selection toolbar, by touches on the toolkit:
the word under the finger is selected (Editor.selectCurrentWord), a press past the text puts the
cursor there, password and e-mail fields select everything, and the toolbar is the view tree
Android 13's LocalFloatingToolbarPopup builds, above the selection, with working items."""

from __future__ import annotations

import pytest

from mobile_gym.sim.system.clipboard import Clipboard
from mobile_gym.sim.ui import MATCH_PARENT, EditText, dp
from mobile_gym.sim.ui.text_selection import ITEM_TEXT_ID, word_range

from .conftest import PKG, screen, show


def long_press(wm, x: int, y: int, t0: float = 0.0) -> None:
    wm.touch(x, y, True, t0)
    wm.tick(t0 + 0.6)
    wm.touch(x, y, False, t0 + 0.7)


def toolbar(wm):
    popups = [w for w in wm.windows if w.kind == "popup"]
    return popups[0] if popups else None


def items(wm) -> list[str]:
    win = toolbar(wm)
    if win is None:
        return []
    return [v.content_desc for v in win.root.iter_tree() if v.clickable]


def tap_item(wm, title: str, t: float) -> None:
    win = toolbar(wm)
    item = next(v for v in win.root.iter_tree() if v.clickable and v.content_desc == title)
    wm.tap(item, t)


def field(text: str, **kw) -> tuple:
    et = EditText(text, width=MATCH_PARENT, **kw)
    wm, _ = show(screen(et, padding=(0, dp(300), 0, 0)))
    wm.clipboard = Clipboard()
    return wm, et


def point_in(et: EditText, offset: int) -> tuple[int, int]:
    """A screen point on the character at `offset` (its left third)."""
    x0, x1 = et.x_for(offset), et.x_for(offset + 1)
    return int(x0 + (x1 - x0) / 3), et.line_top_for(offset) + dp(8)


@pytest.mark.parametrize("text,offset,expected", [
    ("alpha beta", 2, (0, 5)),        # inside a word
    ("alpha beta", 5, (0, 5)),        # right after a word
    ("alpha beta", 6, (6, 10)),       # at a word's start
    ("a  b", 2, (2, 3)),              # between words: the one character there
    ("don't stop", 1, (0, 5)),        # an apostrophe between letters joins
    ("pi 3.14 ok", 4, (3, 7)),        # a full stop between digits joins
    ("end.", 3, (0, 3)),              # after the word, before the full stop
    ("end.", 4, (3, 4)),              # after the full stop: that character
    ("snake_case x", 3, (0, 10)),
])
def test_word_range_follows_the_word_iterator(text, offset, expected):
    assert word_range(text, offset) == expected


def test_long_press_selects_the_word_under_the_finger():
    wm, et = field("hello brave world")
    long_press(wm, *point_in(et, 8))                 # on "brave"
    assert et.focused and et.selection == (6, 11)
    assert items(wm) == ["Cut", "Copy", "Select all"]


def test_toolbar_is_the_framework_popup_above_the_selection():
    wm, et = field("hello brave world")
    wm.clipboard.set_text("clip")
    long_press(wm, *point_in(et, 1))
    win = toolbar(wm)
    assert win.package == PKG and not win.focusable
    root = win.root
    chain = [type(root).a11y_class]
    v = root
    while len(v.children) == 1:
        v = v.children[0]
        chain.append(type(v).a11y_class)
    assert chain == ["android.widget.FrameLayout", "android.widget.LinearLayout",
                     "android.widget.RelativeLayout", "android.widget.LinearLayout"]
    buttons = v.children
    assert [b.content_desc for b in buttons] == ["Cut", "Copy", "Paste", "Select all"]
    for b in buttons:
        assert type(b).a11y_class == "android.widget.LinearLayout"
        assert b.clickable and b.focusable and not b.long_clickable
        (label,) = b.children
        assert label.id == ITEM_TEXT_ID and label.text == b.content_desc
    bar, sel_top = win.frame, et.line_top_for(0)
    assert bar.bottom <= sel_top                     # above the selected word
    assert bar.bottom >= sel_top - dp(64)            # 8 dp margin over the line
    centre = (et.x_for(0) + et.x_for(5)) / 2           # centred on the word (kept on screen)
    assert bar.left == 0 or abs((bar.left + bar.right) / 2 - centre) <= 1


def test_a_tap_in_the_field_ends_the_selection_and_the_toolbar():
    wm, et = field("one two")
    long_press(wm, *point_in(et, 4))
    assert toolbar(wm) is not None
    wm.tap(et, 2.0)
    assert toolbar(wm) is None and et.selection[0] == et.selection[1]


def test_toolbar_goes_below_when_there_is_no_room_above():
    et = EditText("top line", width=MATCH_PARENT)
    wm, _ = show(screen(et, padding=(0, 0, 0, 0)))
    wm.clipboard = Clipboard()
    long_press(wm, *point_in(et, 1))
    assert toolbar(wm).frame.top >= et.line_top_for(0)


def test_paste_replaces_the_selected_word_with_the_clip():
    wm, et = field("one two three")
    wm.clipboard.set_text("2")
    long_press(wm, *point_in(et, 5))                 # "two"
    assert items(wm) == ["Cut", "Copy", "Paste", "Select all"]
    tap_item(wm, "Paste", 2.0)
    assert et.text == "one 2 three" and et.selection == (5, 5)
    assert toolbar(wm) is None


def test_copy_collapses_the_selection_and_cut_removes_the_word():
    wm, et = field("one two three")
    long_press(wm, *point_in(et, 9))                 # "three"
    tap_item(wm, "Copy", 2.0)
    assert wm.clipboard.get_text() == "three" and wm.clipboard.source == PKG
    assert et.selection == (13, 13) and toolbar(wm) is None
    long_press(wm, *point_in(et, 0), t0=3.0)         # "one"
    tap_item(wm, "Cut", 5.0)
    assert et.text == " two three" and wm.clipboard.get_text() == "one"


def test_select_all_keeps_the_toolbar_with_updated_items():
    wm, et = field("one two")
    long_press(wm, *point_in(et, 0))
    tap_item(wm, "Select all", 2.0)
    assert et.selection == (0, 7) and items(wm) == ["Cut", "Copy"]


def test_long_press_past_the_text_puts_the_cursor_there():
    wm, et = field("short")
    x = et.bounds.right - dp(40)
    long_press(wm, x, et.bounds.center[1])
    assert et.selection == (5, 5)
    assert items(wm) == ["Select all"]               # nothing to cut or copy, no clip
    wm.clipboard.set_text("more")
    long_press(wm, x, et.bounds.center[1], t0=3.0)
    assert items(wm) == ["Paste", "Select all"]
    tap_item(wm, "Paste", 5.0)
    assert et.text == "shortmore"


def test_long_press_on_an_empty_field_offers_paste_only_with_a_clip():
    wm, et = field("")
    long_press(wm, *et.bounds.center)
    assert et.focused and toolbar(wm) is None
    wm.clipboard.set_text("x")
    long_press(wm, *et.bounds.center, t0=3.0)
    assert items(wm) == ["Paste"]


@pytest.mark.parametrize("input_type", ["textEmailAddress", "number", "phone", "textUri"])
def test_fields_that_select_everything_on_a_long_press(input_type):
    wm, et = field("ab cd", input_type=input_type)
    long_press(wm, *point_in(et, 0))
    assert et.selection == (0, 5)


def test_password_fields_select_all_and_offer_no_cut_or_copy():
    wm, et = field("hunter two", input_type="textPassword")
    long_press(wm, *point_in(et, 0))
    assert et.selection == (0, 10)
    assert items(wm) == []                           # no clip, everything selected


def test_typing_over_the_selection_closes_the_toolbar():
    wm, et = field("one two")
    long_press(wm, *point_in(et, 4))
    et.commit_text("2")
    assert et.text == "one 2" and toolbar(wm) is None


def test_the_toolbar_leaves_with_its_window():
    wm, et = field("one two")
    host = et.window
    long_press(wm, *point_in(et, 0))
    assert toolbar(wm) is not None
    wm.remove(host)                                  # the activity went away
    assert toolbar(wm) is None
