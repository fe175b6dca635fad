"""Enter in an EditText as TextView handles it: a hardware ENTER in a single-line field moves
focus down (FocusFinder FOCUS_DOWN, every focusable view, since the key leaves touch mode); the
IME's action key is Next when a field lies below (focusSearch in touch mode) and moves focus
forward, else Done and hides the keyboard; a multi-line field takes a newline."""

from __future__ import annotations

from mobile_gym.sim.ui import MATCH_PARENT, Button, EditText, LinearLayout, dp
from mobile_gym.sim.ui.keyboard import KeyboardView

from .conftest import screen, show


def form():
    title = EditText("", hint="Title", single_line=True, width=MATCH_PARENT)
    row = LinearLayout("horizontal", width=MATCH_PARENT)
    place = EditText("", hint="Location", single_line=True, width=dp(300))
    row.add(place)
    notes = EditText("", hint="Notes", input_type="textMultiLine", width=MATCH_PARENT)
    last = EditText("", hint="Last", single_line=True, width=MATCH_PARENT)
    ok = Button("OK")
    wm, win = show(screen(title, row, notes, last, ok))
    return wm, title, place, notes, last, ok


def test_hardware_enter_moves_focus_down_through_the_fields():
    wm, title, place, notes, last, ok = form()
    wm.tap(title, 0.0)
    assert title.focused
    assert wm.key("ENTER") and place.focused and title.text == ""
    assert wm.key("ENTER") and notes.focused


def test_enter_in_a_multi_line_field_inserts_a_newline():
    wm, title, place, notes, last, ok = form()
    wm.tap(notes, 0.0)
    notes.commit_text("a")
    assert wm.key("ENTER") and notes.focused and notes.text == "a\n"


def test_hardware_enter_in_the_last_field_focuses_the_button_below():
    wm, title, place, notes, last, ok = form()
    wm.tap(last, 0.0)
    assert wm.key("ENTER") and ok.focused and wm.focused_editor is None


def test_ime_action_is_next_with_a_field_below_and_done_without():
    wm, title, place, notes, last, ok = form()
    assert title.effective_ime_action() == "next"
    assert place.effective_ime_action() == "next"
    assert notes.effective_ime_action() == "none"     # newline key
    assert last.effective_ime_action() == "done"      # only a button below (not touch-focusable)
    explicit = EditText("", single_line=True, ime_action="search")
    assert explicit.effective_ime_action() == "search"


def test_the_keyboards_next_key_moves_focus_forward_and_done_hides_it():
    wm, title, place, notes, last, ok = form()
    hidden = []
    wm.on_hide_soft_input = lambda: hidden.append(True)
    keyboard = KeyboardView(lambda: wm.focused_editor)
    wm.tap(title, 0.0)
    keyboard.refresh()
    (enter,) = [k for k in keyboard.iter_tree() if k.id == "key_pos_ime_action" and k.shown]
    assert enter.content_desc == "Next"
    enter.perform_click()
    assert place.focused
    wm.tap(last, 1.0)
    keyboard.refresh()
    assert enter.content_desc == "Done"
    enter.perform_click()
    assert hidden == [True] and last.focused


def test_an_editor_action_listener_takes_enter_first():
    seen = []
    field = EditText("", single_line=True, width=MATCH_PARENT,
                     on_editor_action=lambda v, action: seen.append(action))
    other = EditText("", single_line=True, width=MATCH_PARENT)
    wm, _ = show(screen(field, other))
    wm.tap(field, 0.0)
    assert wm.key("ENTER") and field.focused and seen == ["next"]
