"""The on-screen keyboard: tapping keys types exactly what commit_text would."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.sim.ui import IME_PACKAGE, MATCH_PARENT, EditText, KeyboardView, WindowManager, ime_window
from mobile_gym.sim.ui.keyboard import LETTER_ROWS, SYMBOL2_ROWS, SYMBOL_ROWS

from .conftest import parse, screen, show

TYPABLE = "".join(LETTER_ROWS) + "".join(LETTER_ROWS).upper() + "".join(SYMBOL_ROWS) + \
    "".join(SYMBOL2_ROWS) + " ,.\n"


def _setup(**edit_kw) -> tuple[WindowManager, EditText, KeyboardView]:
    et = EditText(width=MATCH_PARENT, **edit_kw)
    wm, _ = show(screen(et))
    kb = KeyboardView(lambda: wm.focused_editor)
    shown = []

    def on_focus(ed):
        if ed is not None and not shown:
            shown.append(wm.add(ime_window(kb)))
        kb.refresh()
    wm.on_editor_focus = on_focus
    wm.tap(et, 0.0)
    assert shown, "keyboard window should open when the field takes focus"
    return wm, et, kb


def _type(wm: WindowManager, kb: KeyboardView, text: str) -> None:
    t = 1.0
    for ch in text:
        for key in kb.key_for(ch):
            wm.tap(key, t)       # a real tap at the key's centre through the window manager
            t += 0.1


@settings(max_examples=25, deadline=None)
@given(st.text(alphabet=TYPABLE, max_size=25))
def test_typing_on_keys_equals_commit_text(text):
    wm, et, kb = _setup()
    _type(wm, kb, text)
    ref = EditText()
    ref.commit_text(text)
    assert et.text == ref.text == text


def test_shift_backspace_and_ime_action():
    actions = []
    wm, et, kb = _setup(single_line=True, on_editor_action=lambda v, a: actions.append(a))
    enter = wm.find("key_pos_ime_action")
    assert enter.content_desc == "Done"
    shift = wm.find("key_pos_shift")
    wm.tap(shift, 1.0)
    wm.tap(wm.find_text("H"), 1.1)
    wm.tap(wm.find_text("i"), 1.2)
    assert et.text == "Hi"
    wm.tap(wm.find("key_pos_del"), 1.3)
    assert et.text == "H"
    wm.tap(enter, 1.4)
    assert actions == ["done"] and et.text == "H"


def _keyboard_window(wm) -> list:
    """The nodes of the keyboard's <window> in `uiautomator dump --windows` (the plain dump
    never has it)."""
    (win,) = [w for w in parse(wm.dump_all_windows()).iter("window")
              if w.get("type") == "TYPE_INPUT_METHOD"]
    return list(win.iter("node"))


def test_keyboard_in_windows_dump_with_gboard_package():
    wm, et, kb = _setup()
    assert IME_PACKAGE not in wm.dump()  # the active window is the app's
    descs = {n.get("content-desc") for n in _keyboard_window(wm) if n.get("package") == IME_PACKAGE}
    assert {"q", "Shift", "Delete", "Symbols", "Space", "Enter"} <= descs
    # the symbols page replaces the letters in the dump
    wm.tap(wm.find("key_pos_switch_to_symbol"), 2.0)
    descs = {n.get("content-desc") for n in _keyboard_window(wm) if n.get("package") == IME_PACKAGE}
    assert "1" in descs and "q" not in descs and "Letters" in descs


def test_key_for_unknown_character():
    _, _, kb = _setup()
    with pytest.raises(KeyError, match="no key"):
        kb.key_for("\u00e9")


def test_max_length_and_multiline_enter():
    wm, et, kb = _setup(max_length=3)
    _type(wm, kb, "abcd\n")
    assert et.text == "abc"
    wm2, et2, kb2 = _setup()
    _type(wm2, kb2, "a\nb")
    assert et2.text == "a\nb"


def test_auto_capitalisation_in_sentence_fields():
    wm, et, kb = _setup(input_type="textCapSentences")
    assert kb.shift == "once"
    t = 1.0
    for label in ("H", "i", ".", "Space", "S", "o"):
        key = wm.find_text(label) if label != "Space" else wm.find("key_pos_space")
        wm.tap(key, t)
        t += 0.1
    assert et.text == "Hi. So"
    _type(wm, kb, " ok")           # key_for plans around the automatic shift
    assert et.text == "Hi. So ok"
