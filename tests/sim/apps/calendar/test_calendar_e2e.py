"""Simple Calendar Pro end to end, driven only by touches, keys and typed text.

Elements are found in the device's uiautomator dump (resource-id / text / content-desc) and
tapped at the centre of their bounds, as an agent would; results are read from events.db
through the device shell, as AndroidWorld's validators read them.
"""

from __future__ import annotations

from tests.sim.apps.calendar.conftest import MAIN, PKG, insert_row, sql, ts
from tests.sim.apps.conftest import UI, find_all

EDITOR = f"{PKG}/{PKG}.activities.EventActivity"


def open_new_event(ui: UI) -> None:
    ui.tap(id="calendar_fab")           # first tap expands the FAB
    ui.tap(id="fab_event_label", text="Event")
    assert ui.device.current_activity() == EDITOR


def pick_time(ui: UI, field: str, hour: int, minute: int) -> None:
    ui.tap(id=field)
    ui.tap(desc="00 hours" if hour == 0 else f"{hour} hours")
    ui.tap(desc=f"{minute:02d} minutes")
    ui.tap(id="material_timepicker_ok_button")


def test_first_launch_creates_events_db(device):
    assert device.current_activity() == MAIN
    assert sql(device, "SELECT id, title FROM event_types") == "1|Regular event\n"
    assert sql(device, "PRAGMA user_version") == "8\n"
    assert sql(device, "SELECT count(*) FROM events") == "0\n"


def test_create_event_with_pickers_writes_the_expected_row(device, ui):
    open_new_event(ui)
    ui.type("Call with HR")
    ui.tap(id="event_description")
    ui.type("We will plan team roles.")
    ui.tap(id="event_start_date")
    ui.tap(desc="23 October 2023")
    ui.tap(id="android:id/button1")
    pick_time(ui, "event_start_time", 14, 0)
    pick_time(ui, "event_end_time", 14, 30)
    assert ui.find(id="event_start_date")["text"] == "October 23 (Mon)"
    assert ui.find(id="event_end_time")["text"] == "14:30"
    ui.tap(id="save")
    ui.find(text="Disclaimer")          # first save on a fresh install
    ui.tap(id="android:id/button1", text="OK")
    assert device.current_activity() == MAIN
    row = sql(device, "SELECT start_ts, end_ts, title, location, description, reminder_1_minutes,"
                      " reminder_2_minutes, reminder_3_minutes, repeat_interval, repeat_rule,"
                      " repeat_limit, repetition_exceptions, attendees, time_zone, flags,"
                      " event_type, parent_id, source, availability, color, type FROM events")
    assert row == (f"{ts(23, 14)}|{ts(23, 14, 30)}|Call with HR||We will plan team roles.|10|-1|-1|"
                   "0|0|0|[]||UTC|0|1|0|simple-calendar|0|0|0\n")
    import_id, last_updated = sql(device, "SELECT import_id, last_updated FROM events").strip().split("|")
    assert len(import_id) == 32 + 13 and import_id.endswith(last_updated)
    # the title is painted in the month grid but not exposed in the hierarchy
    assert not find_all(device.view_hierarchy(), text="Call with HR")
    assert any(b.text.startswith("Call with") for b in device.text_boxes())
    # a second event needs no disclaimer any more
    open_new_event(ui)
    ui.type("Second")
    ui.tap(id="save")
    assert device.current_activity() == MAIN
    assert sql(device, "SELECT title, start_ts, end_ts FROM events WHERE title = 'Second'") == \
        f"Second|{ts(15, 16)}|{ts(15, 16)}\n"


def test_new_event_defaults(device, ui):
    open_new_event(ui)
    xml = device.view_hierarchy()
    title = find_all(xml, id="event_title")[0]
    assert title["focused"] == "true" and title["text"] == "Title"
    assert find_all(xml, id="event_toolbar")
    assert find_all(xml, text="New Event")
    ui.key("BACK")                     # hides the keyboard; the editor stays
    assert device.current_activity() == EDITOR
    texts = {n["resource-id"].split("/")[-1]: n["text"] for n in find_all(ui.dump())
             if n["resource-id"].startswith(PKG)}
    assert texts["event_start_date"] == "October 15 (Sun)"
    assert texts["event_start_time"] == "16:00" and texts["event_end_time"] == "16:00"
    assert texts["event_reminder_1"] == "10 minutes before"
    assert texts["event_reminder_2"] == "Add another reminder"
    assert "event_reminder_3" not in texts
    assert texts["event_repetition"] == "No repetition"
    assert texts["event_type"] == "Regular event"
    assert not find_all(ui.dump(), id="delete")   # only Save for a new event


def test_delete_event_by_long_press(device, ui):
    insert_row(device, "Meeting with Bob", ts(20, 9), ts(20, 10))
    insert_row(device, "Workshop on Campaign", ts(21, 9), ts(21, 10))
    ids = sql(device, "SELECT id FROM events ORDER BY id").split()
    # open Oct 20 from the month grid: cells start on Sunday Sep 24, so Oct 20 is cell 26
    cells = ui.dump()
    cell = find_all(cells, id="month_view_background")[26]
    ui.tap_xy(*cell.center)
    assert ui.find(id="top_value")["text"] == "October 20 (Fri)"
    ui.long_press(id="event_item_title", text="Meeting with Bob")
    ui.tap(id="cab_delete")
    ui.find(id="delete_event_description",
            text="Are you sure you want to proceed with the deletion?")
    ui.tap(id="android:id/button1", text="Yes")
    assert sql(device, "SELECT id, title FROM events") == f"{ids[1]}|Workshop on Campaign\n"
    assert not ui.has(text="Meeting with Bob")


def test_empty_title_and_end_before_start_show_toasts(device, ui):
    open_new_event(ui)
    ui.tap(id="save")
    ui.tap(text="OK")                  # the disclaimer comes first, then the check
    assert ui.painted("Title cannot be empty")  # a toast
    assert device.current_activity() == EDITOR
    ui.type("Late")
    pick_time(ui, "event_end_time", 10, 0)
    device.advance(4)                  # let the first toast go
    ui.tap(id="save")
    assert ui.painted("The event cannot end earlier than it starts")
    assert device.current_activity() == EDITOR
    assert sql(device, "SELECT count(*) FROM events") == "0\n"


def test_back_with_unsaved_changes_asks_save_or_discard(device, ui):
    open_new_event(ui)
    ui.type("Draft")
    ui.key("BACK")                     # hides the keyboard
    if device.current_activity() == EDITOR and not ui.has(text="Discard"):
        ui.key("BACK")
    ui.find(text="You have unsaved changes. Save before exit?")
    ui.tap(id="android:id/button2", text="Discard")
    assert device.current_activity() == MAIN
    assert sql(device, "SELECT count(*) FROM events") == "0\n"


def test_seeded_rows_show_after_resume_and_edit(device, ui):
    insert_row(device, "Catch up on Budget Planning", ts(15, 18), ts(15, 19), "We will review.")
    ui.key("HOME")
    device.shell(f"am start -n {PKG}/.activities.MainActivity")
    device.advance(1)
    ui.tap(id="change_view")
    ui.tap(text="Simple event list")
    row = ui.find(id="event_item_title", text="Catch up on Budget Planning")
    assert ui.find(id="event_item_time")["text"] == "18:00 - 19:00"
    assert ui.find(id="event_item_description")["text"] == "We will review."
    assert ui.has(id="event_section_title", text="15 Sunday")
    ui.tap_xy(*row.center)
    assert device.current_activity() == EDITOR
    assert ui.has(text="Edit Event") and ui.has(id="delete", desc="Delete")
    ui.tap(id="event_title")
    device.shell("input keyevent KEYCODE_MOVE_END")  # the tap put the cursor mid-title, as on a phone
    for _ in range(len("Catch up on Budget Planning")):
        ui.key("DEL")
    ui.type("Renamed")
    ui.tap(id="save")                  # no reminders on the seeded row: no disclaimer
    assert device.current_activity() == MAIN
    # same row, updated in place; saving through the app marks it as the app's own
    assert sql(device, "SELECT id, title, start_ts, end_ts, source FROM events") == \
        f"1|Renamed|{ts(15, 18)}|{ts(15, 19)}|simple-calendar\n"


def test_pm_clear_recreates_database(device, ui):
    insert_row(device, "Gone", ts(16, 9), ts(16, 10))
    assert device.shell(f"pm clear {PKG}")[0] == 0
    device.shell(f"am start -n {PKG}/.activities.MainActivity")
    device.advance(1)
    assert sql(device, "SELECT count(*) FROM events") == "0\n"
    assert sql(device, "SELECT title FROM event_types") == "Regular event\n"


def test_search_finds_seeded_event(device, ui):
    insert_row(device, "Review session for Annual Report", ts(25, 11), ts(25, 12))
    ui.tap(id="top_toolbar_search")
    ui.type("R")
    assert ui.has(id="search_placeholder_2",
                  text="Type in at least 2 characters to start the search.")
    ui.type("eview")
    assert ui.has(id="event_item_title", text="Review session for Annual Report")
    ui.type("zzz")
    assert ui.has(id="search_placeholder", text="No items found.")


def test_delete_all_events_of_a_day_with_multi_select(device, ui):
    for hour, title in ((9, "Call with Alice"), (11, "Meeting with the Team"), (15, "Workshop on Campaign")):
        insert_row(device, title, ts(22, hour), ts(22, hour, 30))
    insert_row(device, "Other day", ts(23, 9), ts(23, 10))
    ui.key("HOME")
    device.shell(f"am start -n {PKG}/.activities.MainActivity")
    device.advance(1)
    cell = find_all(ui.dump(), id="month_view_background")[28]   # Oct 22
    ui.tap_xy(*cell.center)
    rows = find_all(ui.dump(), id="event_item_holder")
    assert len(rows) == 3
    ui.long_press(id="event_item_title", text="Call with Alice")
    assert ui.has(text="1 / 3")
    ui.tap(id="event_item_title", text="Meeting with the Team")   # taps now toggle selection
    ui.tap(text="2 / 3")                                           # the title selects all
    assert ui.has(text="3 / 3")
    assert all(n["selected"] == "true" for n in find_all(ui.dump(), id="event_item_holder"))
    ui.tap(id="cab_delete", desc="Delete")
    ui.tap(id="android:id/button1", text="Yes")
    assert sql(device, "SELECT title FROM events") == "Other day\n"
    assert not ui.has(id="event_item_holder")
