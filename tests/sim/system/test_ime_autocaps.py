"""Text typed with `input text` updates the keyboard's auto-capitalisation, as Gboard does."""

from __future__ import annotations

from lxml import etree

from mobile_gym.device.sim_device import SimDevice

CAL = "com.simplemobiletools.calendar.pro"


def _shift_desc_and_letter(dev: SimDevice) -> str:
    root = etree.fromstring(dev.accessibility_forest().encode())  # the keyboard's window too
    q = root.xpath('//node[@package="com.google.android.inputmethod.latin" and @content-desc="q"]'
                   '|//node[@package="com.google.android.inputmethod.latin" and @content-desc="Q"]')
    assert q, "the keyboard is not showing"
    return q[0].get("content-desc")


def test_input_text_turns_sentence_shift_off_and_on() -> None:
    dev = SimDevice(seed=0)
    code, _, err = dev.shell(f"am start -n {CAL}/.activities.EventActivity")
    assert code == 0, err
    dev.advance(1.0)
    # a new event's title is focused with the keyboard, shift on (textCapSentences, empty)
    assert _shift_desc_and_letter(dev) == "Q"
    dev.input_text("Team sync")
    assert _shift_desc_and_letter(dev) == "q"
    dev.input_text(". ")
    assert _shift_desc_and_letter(dev) == "Q"


def test_deleting_back_to_an_empty_field_turns_shift_on() -> None:
    dev = SimDevice(seed=0)
    dev.shell(f"am start -n {CAL}/.activities.EventActivity")
    dev.advance(1.0)
    dev.input_text("Ab")
    assert _shift_desc_and_letter(dev) == "q"
    dev.key("DEL")
    dev.key("DEL")
    assert _shift_desc_and_letter(dev) == "Q"
