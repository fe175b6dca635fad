"""Table-driven: each key Markor screen shows the resource-ids, classes and texts that
reference/apps.md section B lists."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.sim.apps.conftest import check_key_screen

MK = "net.gsantner.markor:id/"
NB = "/storage/emulated/0/Documents/Markor"


def _markor(ui) -> None:
    ui.device.push(f"{NB}/WorkProjects/plan.md", b"x\n")
    ui.device.push(f"{NB}/note.md", b"Hello\n")
    ui.tap(desc="Markor")


def _new_file_dialog(ui) -> None:
    _markor(ui)
    ui.tap(desc="Create a new file or folder")


def _editor(ui) -> None:
    _markor(ui)
    ui.tap(desc_prefix="File note.md ")


def _move_picker(ui) -> None:
    _markor(ui)
    ui.long_press(desc_prefix="File note.md ")
    ui.tap(desc="More options")
    ui.tap(text="Move")


# (screen, how to get there, activity, [(criteria, expected class or None)])
SCREENS: list[tuple[str, Callable, str, list[tuple[dict, str | None]]]] = [
    ("markor browser", _markor, "net.gsantner.markor/net.gsantner.markor.activity.MainActivity", [
        ({"id": MK + "toolbar"}, "android.view.ViewGroup"),
        ({"text": "Markor"}, "android.widget.TextView"),
        ({"id": MK + "ui__filesystem_dialog__list"}, "androidx.recyclerview.widget.RecyclerView"),
        ({"desc": "Folder .. /storage/emulated/0/Documents", "id": MK + "opoc_filesystem_item__root"},
         "android.widget.LinearLayout"),
        ({"desc": "Folder WorkProjects 10/15/2023, 15:34"}, "android.widget.LinearLayout"),
        ({"desc": "File note.md 10/15/2023, 15:34"}, "android.widget.LinearLayout"),
        ({"id": MK + "opoc_filesystem_item__title", "text": "note.md"}, "android.widget.TextView"),
        ({"id": MK + "opoc_filesystem_item__description", "text": "10/15/2023, 15:34"}, "android.widget.TextView"),
        ({"id": MK + "opoc_filesystem_item__image"}, "android.widget.ImageView"),
        ({"id": MK + "fab_add_new_item", "desc": "Create a new file or folder"}, "android.widget.ImageButton"),
        ({"id": MK + "action_search", "desc": "Search"}, "android.widget.Button"),
        ({"id": MK + "action_sort", "desc": "Sort by"}, "android.widget.Button"),
        ({"id": MK + "bottom_navigation_bar"}, "android.widget.FrameLayout"),
        ({"id": MK + "nav_notebook", "desc": "Files"}, "android.widget.FrameLayout"),
        ({"id": MK + "nav_todo", "desc": "To-Do"}, "android.widget.FrameLayout"),
        ({"id": MK + "nav_quicknote", "desc": "QuickNote"}, "android.widget.FrameLayout"),
        ({"id": MK + "nav_more", "desc": "More"}, "android.widget.FrameLayout"),
    ]),
    ("markor new-file dialog", _new_file_dialog, "net.gsantner.markor/net.gsantner.markor.activity.MainActivity", [
        ({"id": MK + "new_file_dialog__root"}, "android.widget.ScrollView"),
        ({"id": MK + "new_file_dialog__name", "text": "my_note"}, "android.widget.EditText"),
        ({"id": MK + "new_file_dialog__ext", "text": ".md"}, "android.widget.EditText"),
        ({"id": MK + "new_file_dialog__type"}, "android.widget.Spinner"),
        ({"id": "android:id/text1", "text": "Markdown"}, "android.widget.TextView"),
        ({"id": MK + "new_file_dialog__template"}, "android.widget.Spinner"),
        ({"text": "Name"}, "android.widget.TextView"),
        ({"text": "Type"}, "android.widget.TextView"),
        ({"text": "- Files and folders are not overwritten"}, "android.widget.TextView"),
        ({"id": "android:id/button1", "text": "OK"}, "android.widget.Button"),
        ({"id": "android:id/button2", "text": "CANCEL"}, "android.widget.Button"),
        ({"id": "android:id/button3", "text": "FOLDER"}, "android.widget.Button"),
    ]),
    ("markor editor", _editor, "net.gsantner.markor/net.gsantner.markor.activity.DocumentActivity", [
        ({"id": MK + "note__activity__text_note_title", "text": "note"}, "android.widget.TextView"),
        ({"id": MK + "document__fragment__edit__highlighting_editor", "text": "Hello\n"},
         "android.widget.EditText"),
        ({"id": MK + "document__fragment__edit__content_editor__scrolling_parent"}, "android.widget.ScrollView"),
        ({"id": MK + "document__fragment__edit__text_actions_bar"}, "android.widget.LinearLayout"),
        ({"desc": "Bold"}, "android.widget.ImageView"),
        ({"desc": "Check list"}, "android.widget.ImageView"),
        ({"id": MK + "action_undo", "desc": "Undo"}, "android.widget.Button"),
        ({"id": MK + "action_redo", "desc": "Redo"}, "android.widget.Button"),
        ({"id": MK + "action_preview", "desc": "View mode"}, "android.widget.Button"),
        ({"id": MK + "action_save", "desc": "Save"}, "android.widget.Button"),
        ({"id": MK + "action_search", "desc": "Search"}, "android.widget.Button"),
        ({"desc": "More options"}, "android.widget.ImageView"),
        ({"desc": "Navigate up"}, "android.widget.ImageButton"),
    ]),
    ("markor move picker", _move_picker, "net.gsantner.markor/net.gsantner.markor.activity.MainActivity", [
        ({"id": MK + "ui__filesystem_dialog__title", "text": "Move \u2192 Markor"}, "android.widget.TextView"),
        ({"id": MK + "ui__filesystem_dialog__home"}, "android.widget.ImageView"),
        ({"id": MK + "ui__filesystem_dialog__list"}, "androidx.recyclerview.widget.RecyclerView"),
        ({"desc": "Folder WorkProjects 10/15/2023, 15:34"}, "android.widget.LinearLayout"),
        ({"id": MK + "ui__filesystem_dialog__button_ok", "text": "SELECT THIS FOLDER"}, "android.widget.TextView"),
        ({"id": MK + "ui__filesystem_dialog__button_cancel", "text": "CANCEL"}, "android.widget.TextView"),
    ]),
]


@pytest.mark.parametrize("name,goto,activity,expected", SCREENS, ids=[s[0] for s in SCREENS])
def test_key_screen(name, goto, activity, expected) -> None:
    check_key_screen(name, goto, activity, expected)
