"""Editing an EditText as on a device, driven by `input` shell commands and touches: AndroidWorld's
clear-field (`input keycombination 113 29 && input keyevent 67`), Ctrl+C/V, MOVE_HOME/MOVE_END and
the arrow keys, and a tap that puts the cursor at the touched character. The cursor is observed
by typing at it and reading the field's text from the dump."""

from __future__ import annotations

import re
from typing import ClassVar

import pytest
from lxml import etree

from mobile_gym.device.sim_device import SimDevice
from mobile_gym.sim.system.activity import Activity
from mobile_gym.sim.system.packages import App
from mobile_gym.sim.ui import EditText, LinearLayout, dp
from mobile_gym.sim.ui.text import text_width
from mobile_gym.sim.ui.units import MATCH_PARENT, sp

PKG = "com.example.editing"
_BOUNDS = re.compile(r"\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]")


class _FormActivity(Activity):
    def on_create(self) -> None:
        root = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT, padding=dp(16))
        root.add(EditText("Hello world", id="title", single_line=True, width=MATCH_PARENT))
        root.add(EditText("line one\nline two", id="body", input_type="textMultiLine", width=MATCH_PARENT))
        self.set_content(root)


class _FormApp(App):
    package = PKG
    label = "Form"
    icon = "note"
    launcher_activity = ".MainActivity"
    activities: ClassVar[dict[str, type[Activity]]] = {".MainActivity": _FormActivity}


@pytest.fixture
def dev():
    d = SimDevice([_FormApp], seed=0)
    d.shell(f"am start -n {PKG}/.MainActivity")
    d.advance(0.5)
    yield d
    d.close()


def _field(dev: SimDevice, rid: str):
    tree = etree.fromstring(dev.view_hierarchy().encode("utf-8"))
    return next(n for n in tree.iter("node") if n.get("resource-id") == f"{PKG}:id/{rid}")


def _text(dev: SimDevice, rid: str) -> str:
    return _field(dev, rid).get("text")


def _bounds(dev: SimDevice, rid: str) -> tuple[int, int, int, int]:
    m = _BOUNDS.fullmatch(_field(dev, rid).get("bounds"))
    assert m is not None
    return tuple(int(g) for g in m.groups())  # type: ignore[return-value]


def _tap(dev: SimDevice, x: int, y: int) -> None:
    dev.touch(x, y, True)
    dev.touch(x, y, False)
    dev.advance(0.3)


def _sh(dev: SimDevice, cmd: str) -> None:
    code, _, err = dev.shell(cmd)
    assert code == 0, err
    dev.advance(0.1)


def _focus(dev: SimDevice, rid: str) -> None:
    left, top, right, bottom = _bounds(dev, rid)
    _tap(dev, right - 2, (top + bottom) // 2)  # past the text: the cursor goes to the end


def test_android_world_clear_text_empties_the_field(dev):
    _focus(dev, "title")
    _sh(dev, "input keycombination 113 29 && input keyevent 67")
    assert _text(dev, "title") == ""
    _sh(dev, "input text Fresh")
    assert _text(dev, "title") == "Fresh"
    # Pressed one after the other (not together), Ctrl does not modify A: it types an "a".
    _sh(dev, "input keyevent 113 29")
    assert _text(dev, "title") == "Fresha"


def test_ctrl_c_and_ctrl_v_copy_and_paste(dev):
    _focus(dev, "title")
    _sh(dev, "input keycombination KEYCODE_CTRL_LEFT KEYCODE_A")
    _sh(dev, "input keycombination KEYCODE_CTRL_LEFT KEYCODE_C")
    _sh(dev, "input keyevent KEYCODE_MOVE_END")
    _sh(dev, "input keycombination 113 50")  # Ctrl+V
    assert _text(dev, "title") == "Hello worldHello world"


def test_home_end_and_arrows_move_the_cursor(dev):
    _focus(dev, "title")
    _sh(dev, "input keyevent KEYCODE_MOVE_HOME")
    _sh(dev, "input text X")
    assert _text(dev, "title") == "XHello world"
    _sh(dev, "input keyevent KEYCODE_MOVE_END")
    _sh(dev, "input keyevent KEYCODE_DPAD_LEFT KEYCODE_DPAD_LEFT")
    _sh(dev, "input text Y")
    assert _text(dev, "title") == "XHello worYld"
    _sh(dev, "input keyevent 21 22 22")  # left, right, right: past "l"
    _sh(dev, "input text Z")
    assert _text(dev, "title") == "XHello worYlZd"
    _sh(dev, "input keyevent 123 22")  # at the end, right moves nothing
    _sh(dev, "input text !")
    assert _text(dev, "title") == "XHello worYlZd!"


def test_home_and_end_stay_on_the_cursor_line(dev):
    _focus(dev, "body")
    _sh(dev, "input keyevent KEYCODE_MOVE_HOME")
    _sh(dev, "input text '>'")
    assert _text(dev, "body") == "line one\n>line two"
    _sh(dev, "input keyevent KEYCODE_DPAD_LEFT KEYCODE_DPAD_LEFT KEYCODE_MOVE_HOME")
    _sh(dev, "input text '<'")
    assert _text(dev, "body") == "<line one\n>line two"
    _sh(dev, "input keyevent KEYCODE_MOVE_END")
    _sh(dev, "input text .")
    assert _text(dev, "body") == "<line one.\n>line two"


def test_a_tap_puts_the_cursor_at_the_touched_character(dev):
    left, top, right, bottom = _bounds(dev, "title")
    y = (top + bottom) // 2
    text_left = left + dp(4)  # the field's start padding
    _tap(dev, text_left + int(text_width("Hello", float(sp(14)), "regular")) + 1, y)
    _sh(dev, "input text ,")
    assert _text(dev, "title") == "Hello, world"
    _tap(dev, left + 1, y)
    _sh(dev, "input text _")
    assert _text(dev, "title") == "_Hello, world"
    _tap(dev, right - 2, y)
    _sh(dev, "input text _")
    assert _text(dev, "title") == "_Hello, world_"
