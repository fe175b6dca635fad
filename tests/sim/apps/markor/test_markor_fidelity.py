"""Markor 2.10.9 details checked against its sources, by touches and keys: the editor takes focus
with the cursor at the last edit position (the end at first) when a note opens; the exit
snackbar sits over the bottom navigation so the FAB still works; the browse toolbar reads Go to,
Sort by, Search, More options (Import from device, Settings); the Move dialog follows
opoc_filesystem_dialog.xml."""

from __future__ import annotations

import pytest

NB = "/storage/emulated/0/Documents/Markor"
MK = "net.gsantner.markor:id/"
EDITOR = "document__fragment__edit__highlighting_editor"
DOCUMENT = "net.gsantner.markor/net.gsantner.markor.activity.DocumentActivity"


@pytest.fixture
def ui(device, ui_factory):
    device.push(f"{NB}/todo list.md", b"milk")
    device.shell(f"mkdir -p '{NB}/Work'")
    u = ui_factory(device)
    u.tap(desc="Markor")
    return u


def keyboard_shown(ui) -> bool:
    return "com.google.android.inputmethod.latin" in ui.dump()


def test_an_existing_note_opens_with_the_cursor_at_the_end(device, ui) -> None:
    ui.tap(desc_prefix="File todo list.md ")
    assert device.current_activity() == DOCUMENT
    assert ui.find(id=EDITOR)["focused"] == "true"   # 200 ms after the first resume
    assert not keyboard_shown(ui)                     # stateUnchanged: no keyboard of its own
    ui.type(" and eggs")
    assert ui.find(id=EDITOR)["text"] == "milk and eggs"


def test_the_cursor_comes_back_where_it_was_left(device, ui) -> None:
    ui.tap(desc_prefix="File todo list.md ")
    editor = ui.find(id=EDITOR)
    left, top, _, _ = editor.bounds
    ui.tap_xy(left + 30, top + 40)                    # before "milk"
    ui.type("oat ")
    ui.key("BACK")                                    # the keyboard
    ui.key("BACK")                                    # the editor (auto-save)
    assert device.pull(f"{NB}/todo list.md") == b"oat milk"
    ui.tap(desc_prefix="File todo list.md ")
    ui.type("x")
    assert ui.find(id=EDITOR)["text"] == "oat xmilk"


def test_the_exit_snackbar_leaves_the_fab_usable(device, ui) -> None:
    ui.key("BACK")
    bar = ui.find(id="snackbar_text")
    assert bar["text"] == "Press 'Back' again to exit"
    fab = ui.find(id="fab_add_new_item")
    nav = ui.find(id="bottom_navigation_bar")
    snack = ui.find(id="snackbar_layout")
    assert snack.bounds[3] > nav.bounds[1]            # over the bottom navigation
    assert snack.bounds[1] >= fab.bounds[3]           # below the FAB
    ui.tap(id="fab_add_new_item")
    assert device.current_activity().endswith(".activity.MainActivity")
    assert ui.has(id="new_file_dialog__name")


def test_browse_toolbar_order_and_overflow(device, ui) -> None:
    xml = ui.dump()
    from tests.sim.apps.conftest import find_all
    actions = [n for n in find_all(xml, cls="android.widget.Button")
               if n["resource-id"].startswith(MK + "action_")]
    assert [n["content-desc"] for n in actions] == ["Go to", "Sort by", "Search"]
    assert actions[0].bounds[0] < actions[1].bounds[0] < actions[2].bounds[0]
    more = ui.find(desc="More options")
    assert more.bounds[0] > actions[2].bounds[0]
    ui.tap(desc="More options")
    assert [n["text"] for n in ui.find_all(id="title")] == ["Import from device", "Settings"]


def test_move_dialog_ids_and_widgets(device, ui) -> None:
    ui.long_press(desc_prefix="File todo list.md ")
    ui.tap(desc="More options")
    ui.tap(id="title", text="Move")
    root = ui.find(id="ui__filesystem_dialog__root")
    assert root["class"] == "android.widget.RelativeLayout"
    assert ui.find(id="ui__filesystem_dialog__utilbar")["class"] == "android.widget.LinearLayout"
    assert ui.find(id="ui__filesystem_dialog__buttons")["class"] == "android.widget.LinearLayout"
    for rid in ("ui__filesystem_dialog__button_ok", "ui__filesystem_dialog__button_cancel"):
        node = ui.find(id=rid)
        assert node["class"] == "android.widget.TextView" and node["clickable"] == "true"
    search = ui.find(id="ui__filesystem_dialog__search_button")
    assert search["clickable"] == "true" and search["content-desc"] == ""
    assert ui.find(id="ui__filesystem_dialog__home")["content-desc"] == ""
    ui.tap(id="ui__filesystem_dialog__search_button")
    assert not ui.has(id="ui__filesystem_dialog__search_button")
    field = ui.find(id="ui__filesystem_dialog__search_edit")
    assert field["focused"] == "true" and field["text"] == "Search...."
    shown = len(ui.find_all(desc_prefix="Folder Work "))   # the dialog's row and the browser's
    ui.type("zzz")
    assert len(ui.find_all(desc_prefix="Folder Work ")) == shown - 1
    for _ in range(3):
        ui.key("DEL")
    assert len(ui.find_all(desc_prefix="Folder Work ")) == shown
    rows = ui.find_all(desc_prefix="Folder Work ")
    ui.tap_xy(*rows[-1].center)                           # the dialog is the top window
    ui.tap(id="ui__filesystem_dialog__button_ok")
    assert device.pull(f"{NB}/Work/todo list.md") == b"milk"
