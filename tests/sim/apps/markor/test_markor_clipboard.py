"""The framework text-selection toolbar in Markor's editor, by touches: a long press past the
text puts the cursor there and offers Paste (once the clipboard has text) and Select all;
Select all then offers Cut / Copy; Cut empties the field into the clipboard, Paste inserts it
back."""

from __future__ import annotations

EDITOR = "document__fragment__edit__highlighting_editor"
ITEMS = ("Cut", "Copy", "Paste", "Select all")


def toolbar(ui) -> list[str]:
    return [n["content-desc"] for n in ui.find_all(cls="android.widget.LinearLayout")
            if n["content-desc"] in ITEMS]


def test_cut_and_paste_in_the_editor(device, ui_factory) -> None:
    ui = ui_factory(device)
    ui.tap(desc="Markor")
    ui.tap(desc="Create a new file or folder")
    ui.type("clip")
    ui.tap(id="android:id/button1")
    ui.long_press(id=EDITOR)
    assert toolbar(ui) == []                     # empty field, empty clipboard: nothing to offer
    ui.tap(id=EDITOR)
    ui.type("alpha beta")
    ui.long_press(id=EDITOR)                     # the editor's centre lies past the text
    assert toolbar(ui) == ["Select all"]
    ui.tap(desc="Select all")
    assert toolbar(ui) == ["Cut", "Copy"]
    toolbar_node = ui.find(desc="Cut")
    assert toolbar_node["package"] == "net.gsantner.markor" and toolbar_node["clickable"] == "true"
    ui.tap(desc="Cut")
    assert ui.find(id=EDITOR)["text"] == ""
    assert device.android.clipboard.get_text() == "alpha beta"
    ui.long_press(id=EDITOR)
    assert toolbar(ui) == ["Paste"]
    ui.tap(desc="Paste")
    ui.tap(id=EDITOR)
    ui.type("!")
    assert ui.find(id=EDITOR)["text"] == "alpha beta!"
    ui.tap(desc="Save")
    assert device.pull("/storage/emulated/0/Documents/Markor/clip.md") == b"alpha beta!"


def test_outside_touch_closes_the_toolbar(device, ui_factory) -> None:
    ui = ui_factory(device)
    ui.tap(desc="Markor")
    ui.tap(desc="Create a new file or folder")
    ui.type("clip2")
    ui.tap(id="android:id/button1")
    ui.tap(id=EDITOR)
    ui.type("gamma")
    ui.long_press(id=EDITOR)
    assert toolbar(ui) == ["Select all"]
    ui.tap_xy(540, 1200)
    assert toolbar(ui) == []
