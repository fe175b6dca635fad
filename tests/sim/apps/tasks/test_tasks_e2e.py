"""Tasks.org end to end by touches: seeded rows appear with the app's due-date texts, in due
order, completed ones only with "Show completed", the Today filter, the edit screen's
Compose-style tree (due date, priority, description) and the complete box writing the row."""

from __future__ import annotations

import shlex
from datetime import date

import pytest

from mobile_gym.apps import tasks as model

PKG = model.APP.package
DAY = date(2023, 10, 15)  # the device's date
ROWS = [
    model.seeded("Water the plants", model.due_at_noon(date(2023, 10, 20)), model.HIGH,
                 notes="Balcony first\nthen the kitchen"),
    model.seeded("Pay rent", model.due_at_noon(date(2023, 10, 15))),
    model.seeded("Call Mom", model.due_at_noon(date(2023, 10, 16)), model.MEDIUM),
    model.seeded("Renew passport", model.due_at_noon(date(2023, 11, 3)), model.NONE),
    model.seeded("Fix faucet", model.due_at_noon(date(2023, 10, 12))),
    model.seeded("Back up laptop", model.due_at_noon(date(2024, 1, 9))),
    model.seeded("Old chore", model.due_at_noon(date(2023, 10, 14)),
                 completed=model.due_at_noon(date(2023, 10, 14))),
]


def sh(device, cmd: str) -> str:
    code, out, err = device.shell(cmd)
    assert code == 0, (cmd, err)
    return out


def titles_and_dues(ui) -> list[tuple[str, str]]:
    nodes = [n for n in ui.find_all() if n["resource-id"] in (f"{PKG}:id/title",
                                                               f"{PKG}:id/due_date")]
    out, title = [], None
    for n in nodes:
        if n["resource-id"].endswith("/title"):
            title = n["text"]
        else:
            out.append((title, n["text"]))
    return out


@pytest.fixture
def ui(device, ui_factory):
    u = ui_factory(device)
    u.tap(text=model.APP.label, cls="android.widget.TextView")
    assert device.current_activity() == model.APP.component
    assert u.has(id="body_empty", text="There are no tasks here.")
    sh(device, f"sqlite3 {model.DB_PATH} {shlex.quote(model.reset_sql(ROWS))}")
    u.key("HOME")
    u.tap(text=model.APP.label, cls="android.widget.TextView")  # resume re-reads the table
    return u


def test_seeded_rows_show_the_apps_due_texts_in_due_order(ui) -> None:
    assert titles_and_dues(ui) == [
        ("Fix faucet", "Thu"), ("Pay rent", "Today"), ("Call Mom", "Tmrw"),
        ("Water the plants", "Fri"), ("Renew passport", "Nov 3"),
        ("Back up laptop", "Jan 9, 2024")]
    assert ui.has(id="description", text="Balcony first")
    assert not ui.has(text="Old chore")
    assert ui.find(id="toolbar").attrs  # the toolbar is there
    assert ui.has(text="My Tasks")


def test_show_completed_lists_the_ticked_task(ui) -> None:
    ui.tap(desc="More options")
    ui.tap(text="Show completed")
    assert ui.has(text="Old chore")
    boxes = ui.find_all(id="completeBox")
    assert [b["checked"] for b in boxes].count("true") == 1


def test_today_filter_keeps_due_and_overdue_tasks(ui) -> None:
    ui.tap(desc="Open navigation drawer")
    ui.tap(text="Today", id="text")
    assert [t for t, _ in titles_and_dues(ui)] == ["Fix faucet", "Pay rent"]
    ui.tap(desc="Open navigation drawer")
    ui.tap(text="My Tasks", id="text")
    assert len(titles_and_dues(ui)) == 6


def test_the_edit_screen_shows_due_date_priority_and_description(ui, device) -> None:
    ui.tap(text="Water the plants", id="title")
    assert device.current_activity() == f"{PKG}/org.tasks.activities.TaskEditActivity"
    assert ui.find(id="title")["class"] == "android.widget.EditText"
    assert ui.find(text="Friday")["class"] == "android.widget.TextView"
    assert ui.find(desc="High")["checked"] == "true"
    assert ui.find(desc="Low")["checked"] == "false"
    assert ui.has(text="Balcony first\nthen the kitchen")
    ui.key("BACK")
    ui.tap(text="Renew passport", id="title")
    assert ui.has(text="Friday, November 3")
    assert ui.find(desc="None")["checked"] == "true"


def test_the_complete_box_completes_the_row(ui, device) -> None:
    row = next(n for n in ui.find_all(id="completeBox"))
    ui.tap_xy(*row.center)  # the first row: "Fix faucet"
    out = sh(device, f"sqlite3 {model.DB_PATH} 'SELECT completed FROM tasks WHERE title = "
                     "\"Fix faucet\"'")
    assert int(out.strip()) > 0
    assert not ui.has(text="Fix faucet")


def test_search_matches_titles_and_notes_and_back_closes_it(ui) -> None:
    ui.tap(desc="Search")
    ui.tap(id="search_src_text")
    ui.type("kitchen")
    assert [t for t, _ in titles_and_dues(ui)] == ["Water the plants"]
    ui.key("BACK")  # closes the keyboard
    assert ui.has(id="search_src_text", text="kitchen")
    ui.key("BACK")  # closes the search
    assert not ui.has(id="search_src_text")
    assert len(titles_and_dues(ui)) == 6
