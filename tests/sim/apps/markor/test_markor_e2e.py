"""Markor end to end through SimDevice, as an agent would: parse the dump, tap node centres,
press keys, type text; then find the files on storage (pull, list_dir, shell ls)."""

from __future__ import annotations

import pytest

NB = "/storage/emulated/0/Documents/Markor"


@pytest.fixture
def ui(device, ui_factory):
    u = ui_factory(device)
    u.tap(desc="Markor")  # launcher icon
    assert device.current_activity() == "net.gsantner.markor/net.gsantner.markor.activity.MainActivity"
    return u


def names(device, path: str = NB) -> list[str]:
    return sorted(e.name for e in device.list_dir(path))


def back_to_browser(ui) -> None:
    """Back until the file browser is in front (Back first hides the keyboard)."""
    for _ in range(3):
        if ui.device.current_activity().endswith(".activity.MainActivity"):
            return
        ui.key("BACK")
    assert ui.device.current_activity().endswith(".activity.MainActivity")


def new_file(ui, name: str, button: str = "OK") -> None:
    ui.tap(desc="Create a new file or folder")
    assert ui.find(id="new_file_dialog__name")["focused"] == "true"
    ui.type(name)
    ui.tap(id="android:id/button1" if button == "OK" else "android:id/button3")


def test_create_edit_rename_move_delete(device, ui) -> None:
    # create
    new_file(ui, "shopping")
    assert device.current_activity().endswith(".activity.DocumentActivity")
    assert ui.find(id="note__activity__text_note_title")["text"] == "shopping"
    ui.tap(id="document__fragment__edit__highlighting_editor")
    ui.type("Buy milk")
    back_to_browser(ui)
    assert device.pull(f"{NB}/shopping.md") == b"Buy milk"
    assert ui.has(desc_prefix="File shopping.md ")

    # edit: add a line at the end
    ui.tap(desc_prefix="File shopping.md ")
    ui.tap(id="document__fragment__edit__highlighting_editor")
    editor = ui.find(id="document__fragment__edit__highlighting_editor")
    assert editor["text"] == "Buy milk"
    ui.key("ENTER")
    ui.type("Eggs")
    back_to_browser(ui)
    assert device.pull(f"{NB}/shopping.md") == b"Buy milk\nEggs"

    # rename
    ui.long_press(desc_prefix="File shopping.md ")
    assert ui.has(desc_prefix="Selected shopping.md ")
    ui.tap(desc="Rename")
    field = ui.find(id="new_name")
    assert field["text"] == "shopping.md"
    ui.tap(id="new_name")
    for _ in range(len("shopping.md")):
        ui.key("DEL")
    ui.type("groceries.md")
    ui.tap(text="OK")
    assert names(device) == ["groceries.md"]

    # a folder, then move the note into it
    new_file(ui, "Archive", button="Folder")
    assert names(device) == ["Archive", "groceries.md"]
    ui.long_press(desc_prefix="File groceries.md ")
    ui.tap(desc="More options")
    ui.tap(id="title", text="Move")
    assert ui.find(id="ui__filesystem_dialog__title")["text"] == "Move \u2192 Markor"
    ui.tap(desc_prefix="Folder Archive ")
    assert ui.find(id="ui__filesystem_dialog__title")["text"] == "Move \u2192 Archive"
    ui.tap(text="SELECT THIS FOLDER")
    assert names(device) == ["Archive"]
    assert names(device, f"{NB}/Archive") == ["groceries.md"]
    code, out, _ = device.shell(f"ls {NB}/Archive")
    assert code == 0 and out.split() == ["groceries.md"]
    assert device.pull(f"{NB}/Archive/groceries.md") == b"Buy milk\nEggs"

    # delete it from inside the folder
    ui.tap(desc_prefix="Folder Archive ")
    assert ui.find(cls="android.widget.TextView", text="> Archive")
    ui.long_press(desc_prefix="File groceries.md ")
    ui.tap(desc="Delete")
    assert ui.find(id="alertTitle")["text"] == "Confirm Delete"
    assert ui.find(id="android:id/message")["text"] == (
        f"Do you really want to delete this Document?\n\n{NB}/Archive/groceries.md")
    ui.tap(text="OK")
    assert names(device, f"{NB}/Archive") == []
    assert ui.has(id="empty_hint")


def test_new_file_dialog_bad_input(device, ui) -> None:
    # disallowed characters never reach the name; the extension field is always appended
    new_file(ui, "my/no:te.md")
    back_to_browser(ui)
    assert names(device) == ["mynote.md.md"]

    # blank name: the dialog closes, nothing is created
    new_file(ui, "   ")
    assert not ui.has(id="new_file_dialog__name")
    assert names(device) == ["mynote.md.md"]

    # an existing file is never overwritten: the editor opens it as it is
    device.push(f"{NB}/keep.md", b"precious")
    ui.key("HOME")
    ui.tap(desc="Markor")
    new_file(ui, "keep")
    assert ui.find(id="document__fragment__edit__highlighting_editor")["text"] == "precious"
    back_to_browser(ui)
    assert device.pull(f"{NB}/keep.md") == b"precious"

    # rename onto an existing name: error text and OK disabled
    ui.long_press(desc_prefix="File keep.md ")
    ui.tap(desc="Rename")
    ui.tap(id="new_name")
    for _ in range(len("keep.md")):
        ui.key("DEL")
    ui.type("mynote.md.md")
    assert ui.find(id="dialog_message")["text"] == "File/folder already exists! Please use a different name"
    assert ui.find(id="android:id/button1")["enabled"] == "false"
    ui.tap(text="CANCEL")
    assert names(device) == ["keep.md", "mynote.md.md"]


def test_autosave_needs_two_characters(device, ui) -> None:
    new_file(ui, "tiny")
    ui.tap(id="document__fragment__edit__highlighting_editor")
    ui.type("a")
    ui.key("BACK")  # hides the keyboard
    ui.key("BACK")  # leaves the editor: not saved, toast
    assert ui.painted(
        "Files with fewer than 2 characters not saved automatically in order to prevent data loss.")
    assert device.pull(f"{NB}/tiny.md") == b""
    # the Save action writes even one character
    ui.tap(desc_prefix="File tiny.md ")
    ui.tap(id="document__fragment__edit__highlighting_editor")
    ui.type("b")
    ui.tap(desc="Save")
    assert device.pull(f"{NB}/tiny.md") == b"b"


def test_pushed_files_show_on_resume_and_back_navigation(device, ui) -> None:
    device.push(f"{NB}/Projects/plan.txt", b"step 1\n")
    ui.key("HOME")
    ui.tap(desc="Markor")
    rows = ui.find_all(id="opoc_filesystem_item__root")
    assert [r["content-desc"].split(" ")[1] for r in rows] == ["..", "Projects"]
    ui.tap(desc_prefix="Folder Projects ")
    assert ui.has(desc_prefix="File plan.txt ")
    ui.key("BACK")  # up one folder
    assert ui.has(desc_prefix="Folder Projects ")
    ui.key("BACK")  # at the root: snackbar
    assert ui.find(id="snackbar_text")["text"] == "Press 'Back' again to exit"
    ui.key("BACK")
    assert device.current_activity().startswith("com.google.android.apps.nexuslauncher") or \
        "markor" not in device.current_activity()


def test_editor_toolbar_and_text_actions(device, ui) -> None:
    new_file(ui, "fmt")
    ui.tap(id="document__fragment__edit__highlighting_editor")
    ui.type("Title")
    assert not ui.has(desc="Heading 1")  # off screen in the action bar: swipe it into view
    bar = ui.find(id="document__fragment__edit__text_actions_bar__scrolling_parent")
    y = bar.center[1]
    ui.swipe(1000, y, 300, y)
    ui.tap(desc="Heading 1")
    assert ui.find(id="document__fragment__edit__highlighting_editor")["text"] == "# Title"
    ui.tap(desc="Undo")
    assert ui.find(id="document__fragment__edit__highlighting_editor")["text"] == "Title"
    ui.tap(desc="Redo")
    assert ui.find(id="document__fragment__edit__highlighting_editor")["text"] == "# Title"
    ui.key("BACK")  # keyboard
    ui.tap(desc="View mode")
    assert ui.has(id="document__fragment_view_webview", cls="android.webkit.WebView")
    assert not ui.has(id="document__fragment__edit__highlighting_editor")
    assert device.pull(f"{NB}/fmt.md") == b"# Title"
    ui.tap(desc="Edit mode")
    assert ui.has(id="document__fragment__edit__highlighting_editor")


def test_tabs_copy_search_and_sort(device, ui) -> None:
    device.push(f"{NB}/b_note.md", b"bee")
    device.push(f"{NB}/a_note.txt", b"ay")
    device.push(f"{NB}/Dest/.keep", b"")
    ui.key("HOME")
    ui.tap(desc="Markor")
    # copy a_note.txt into Dest
    ui.long_press(desc_prefix="File a_note.txt ")
    ui.tap(desc="More options")
    ui.tap(id="title", text="Copy")
    assert ui.find(id="ui__filesystem_dialog__title")["text"] == "Copy \u2192 Markor"
    ui.tap(desc_prefix="Folder Dest ")
    ui.tap(text="SELECT THIS FOLDER")
    assert device.pull(f"{NB}/Dest/a_note.txt") == b"ay"
    assert device.pull(f"{NB}/a_note.txt") == b"ay"
    # search filters the list
    ui.tap(desc="Search")
    ui.type("b_")
    titles = [n["text"] for n in ui.find_all(id="opoc_filesystem_item__title")]
    assert titles == ["..", "b_note.md"]
    ui.key("BACK")  # keyboard
    ui.key("BACK")  # closes the search
    titles = [n["text"] for n in ui.find_all(id="opoc_filesystem_item__title")]
    assert titles == ["..", "Dest", "a_note.txt", "b_note.md"]
    # sort by name, reversed (folders stay first)
    ui.tap(desc="Sort by")
    ui.tap(id="title", text="Reverse order")
    titles = [n["text"] for n in ui.find_all(id="opoc_filesystem_item__title")]
    assert titles == ["..", "Dest", "b_note.md", "a_note.txt"]
    # QuickNote tab edits QuickNote.md in the notebook; switching tabs saves it
    ui.tap(desc="QuickNote")
    assert ui.find(cls="android.widget.TextView", text="QuickNote")
    ui.tap(id="document__fragment__edit__highlighting_editor")
    ui.type("remember the milk")
    ui.key("BACK")  # keyboard
    ui.tap(desc="View mode")  # the tab's toolbar follows the editor's mode, as in a document
    assert ui.has(id="document__fragment_view_webview", cls="android.webkit.WebView")
    ui.tap(desc="Edit mode")
    assert ui.has(id="document__fragment__edit__highlighting_editor")
    ui.tap(desc="To-Do")
    assert device.pull(f"{NB}/QuickNote.md") == b"remember the milk"
    assert device.pull(f"{NB}/todo.txt") == b""
    ui.tap(desc="Files")
    assert ui.has(desc="Create a new file or folder")


def test_snapshot_restore_brings_back_files_and_screen(device, ui) -> None:
    snap = device.snapshot()
    new_file(ui, "draft")
    ui.type("some text")
    back_to_browser(ui)
    assert names(device) == ["draft.md"]
    device.restore(snap)
    assert names(device) == []
    assert not ui.has(desc_prefix="File draft.md ")
    new_file(ui, "other")
    ui.type("more text")
    back_to_browser(ui)
    assert names(device) == ["other.md"]


def test_document_activity_from_am_start(device, ui) -> None:
    device.push(f"{NB}/cli.md", b"opened from the shell")
    code, out, err = device.shell(
        f"am start -n net.gsantner.markor/.activity.DocumentActivity -d file://{NB}/cli.md")
    assert code == 0, (out, err)
    device.advance(0.5)
    assert ui.find(id="document__fragment__edit__highlighting_editor")["text"] == "opened from the shell"
    # no file named: the editor closes instead of crashing
    code, _out, _err = device.shell("am start -n net.gsantner.markor/.activity.DocumentActivity")
    device.advance(0.5)
    assert not device.current_activity().endswith(".activity.DocumentActivity") or \
        ui.has(text="opened from the shell")
    assert not [ln for ln in device.logcat() if ln.tag == "AndroidRuntime" and ln.priority == "E"]


def test_type_spinner_sets_and_remembers_extension(device, ui) -> None:
    ui.tap(desc="Create a new file or folder")
    assert ui.find(id="new_file_dialog__ext")["text"] == ".md"
    ui.tap(id="new_file_dialog__type")
    ui.tap(id="android:id/text1", text="Plain Text")
    assert ui.find(id="new_file_dialog__ext")["text"] == ".txt"
    ui.tap(id="new_file_dialog__name")
    ui.type("list")
    ui.tap(text="OK")
    back_to_browser(ui)
    assert names(device) == ["list.txt"]
    ui.tap(desc="Create a new file or folder")
    assert ui.find(id="new_file_dialog__ext")["text"] == ".txt"  # last used extension
    assert ui.find(id="new_file_dialog__type")["class"] == "android.widget.Spinner"
    assert ui.has(id="android:id/text1", text="Plain Text")
    ui.tap(text="CANCEL")
    assert names(device) == ["list.txt"]


def test_multi_select_delete(device, ui) -> None:
    for name in ("one.md", "two.md", "three.md"):
        device.push(f"{NB}/{name}", b"xx")
    ui.key("HOME")
    ui.tap(desc="Markor")
    ui.long_press(desc_prefix="File one.md ")
    ui.tap(desc_prefix="File two.md ")  # while selecting, a tap adds to the selection
    assert ui.has(desc_prefix="Selected one.md ") and ui.has(desc_prefix="Selected two.md ")
    assert not ui.has(desc="Rename")  # rename only for a single item
    ui.tap(desc="Delete")
    message = ui.find(id="android:id/message")["text"]
    assert message.startswith("Do you really want to delete this Documents?\n\n")
    assert sorted(message.split("\n\n", 1)[1].split("\n")) == [f"{NB}/one.md", f"{NB}/two.md"]
    ui.tap(text="CANCEL")
    assert names(device) == ["one.md", "three.md", "two.md"]
    ui.key("BACK")  # clears the selection
    assert not ui.has(desc_prefix="Selected ")
    assert ui.find(cls="android.widget.TextView", text="Markor")


def test_editor_search_jumps_to_line(device, ui) -> None:
    device.push(f"{NB}/long.md", b"alpha\nbeta\ngamma delta\n")
    ui.key("HOME")
    ui.tap(desc="Markor")
    ui.tap(desc_prefix="File long.md ")
    ui.tap(desc="Search")
    ui.type("DELTA")
    ui.tap(id="android:id/text1", text="gamma delta")
    assert not ui.has(text="gamma delta", id="android:id/text1")
    ui.type(">")
    assert device.pull(f"{NB}/long.md") == b"alpha\nbeta\ngamma delta\n"  # not saved yet
    ui.tap(desc="Save")
    assert device.pull(f"{NB}/long.md") == b"alpha\nbeta\n>gamma delta\n"
