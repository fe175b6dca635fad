"""More Simple Calendar Pro flows through the device: launcher entry, views, swipes,
repetition and reminders, tasks, snapshots, and recovery from a bad database file."""

from __future__ import annotations

from mobile_gym.device.sim_device import SimDevice
from mobile_gym.sim.apps.calendar import CalendarApp
from tests.sim.apps.calendar.conftest import DB, MAIN, PKG, insert_row, sql, ts
from tests.sim.apps.conftest import UI, find_all

PREFS = f"/data/data/{PKG}/shared_prefs/Prefs.xml"


def test_launcher_icon_opens_main_through_splash():
    d = SimDevice([CalendarApp])
    ui = UI(d)
    d.advance(1)
    ui.tap(desc="Calendar")
    assert d.current_activity() == MAIN
    messages = [line.message for line in d.logcat()]
    assert any("cmp=com.simplemobiletools.calendar.pro/.activities.SplashActivity" in m for m in messages)
    assert any("cmp=com.simplemobiletools.calendar.pro/.activities.MainActivity" in m for m in messages)
    d.close()


def test_month_navigation_arrows_swipes_and_go_to_today(device, ui):
    ui.tap(id="top_right_arrow")
    assert ui.find(id="top_value")["text"] == "November"
    assert ui.has(id="go_to_today", desc="Go to today")
    ui.swipe(900, 1200, 100, 1200)
    assert ui.find(id="top_value")["text"] == "December"
    for _ in range(3):
        ui.tap(id="top_right_arrow")
    assert ui.find(id="top_value")["text"] == "March 2024"   # year only outside 2023
    ui.tap(id="go_to_today")
    assert ui.find(id="top_value")["text"] == "October"
    assert not ui.has(id="go_to_today")
    ui.swipe(100, 1200, 900, 1200)
    assert ui.find(id="top_value")["text"] == "September"


def test_day_opened_from_month_and_back(device, ui):
    cell = find_all(ui.dump(), id="month_view_background")[21]    # Oct 15, today
    ui.tap_xy(*cell.center)
    assert ui.find(id="top_value")["text"] == "October 15 (Sun)"
    ui.tap(id="top_right_arrow")
    assert ui.find(id="top_value")["text"] == "October 16 (Mon)"
    ui.key("BACK")
    assert ui.find(id="top_value")["text"] == "October"
    assert device.current_activity() == MAIN


def test_change_view_persists_in_prefs(device, ui):
    insert_row(device, "Workshop on Project X", ts(18, 13), ts(18, 14))
    ui.tap(id="change_view")
    ui.tap(text="Weekly view")
    label = ui.find(id="week_event_label")
    assert label["text"] == label["content-desc"] == "Workshop on Project X"
    assert ui.find(id="week_view_week_number")["text"] == "Week 42"
    assert not ui.has(id="calendar_fab")               # hidden in the weekly view
    assert '<int name="view" value="4" />' in device.pull(PREFS).decode()
    ui.tap(id="change_view")
    ui.tap(text="Yearly view")
    assert ui.has(id="month_10_label", text="October")
    ui.tap(id="month_3_holder")
    assert ui.find(id="top_value")["text"] == "March"
    ui.key("BACK")
    assert ui.has(id="month_1_label", text="January")
    ui.tap(id="change_view")
    ui.tap(text="Monthly and daily view")
    assert ui.has(id="month_day_no_events_placeholder", text="No items found.")
    ui.tap(id="change_view")
    ui.tap(text="Daily view")
    assert ui.find(id="top_value")["text"] == "October 15 (Sun)"
    ui.key("HOME")
    device.shell(f"am force-stop {PKG}")
    device.shell(f"am start -n {PKG}/.activities.MainActivity")
    device.advance(1)
    assert ui.find(id="top_value")["text"] == "October 15 (Sun)"  # the view is remembered


def test_weekly_repetition_and_reminders(device, ui):
    ui.tap(id="calendar_fab")
    ui.tap(id="fab_event_label")
    ui.type("Team sync")
    ui.key("BACK")
    ui.tap(id="event_repetition")
    ui.tap(text="Weekly", cls="android.widget.RadioButton")
    assert ui.find(id="event_repetition")["text"] == "Weekly"
    assert ui.find(id="event_repetition_rule")["text"] == "Sun"
    assert ui.find(id="event_repetition_limit")["text"] == "Forever"
    ui.tap(id="event_reminder_1")
    ui.tap(text="OK")                                # the reminder disclaimer, once
    ui.tap(text="30 minutes before")
    ui.tap(id="event_reminder_2")
    ui.tap(text="5 minutes before")
    ui.tap(id="save")                                 # disclaimer already shown
    assert device.current_activity() == MAIN
    assert sql(device, "SELECT reminder_1_minutes, reminder_2_minutes, reminder_3_minutes,"
                       " repeat_interval, repeat_rule, repeat_limit FROM events") == \
        "5|30|-1|604800|64|0\n"
    # the next new event starts with the last reminders (usePreviousEventReminders)
    ui.tap(id="calendar_fab")
    ui.tap(id="fab_event_label")
    ui.key("BACK")
    assert ui.find(id="event_reminder_1")["text"] == "5 minutes before"
    assert ui.find(id="event_reminder_2")["text"] == "30 minutes before"


def test_all_day_event_row(device, ui):
    ui.tap(id="calendar_fab")
    ui.tap(id="fab_event_label")
    ui.type("Holiday")
    ui.key("BACK")
    ui.tap(id="event_all_day_holder")
    assert ui.find(id="event_all_day")["checked"] == "true"
    assert not ui.has(id="event_start_time")
    ui.tap(id="save")
    ui.tap(text="OK")
    assert sql(device, "SELECT start_ts, end_ts, flags FROM events") == \
        f"{ts(15, 0)}|{ts(15, 12)}|1\n"


def test_new_task_is_a_type_1_row(device, ui):
    ui.tap(id="calendar_fab")
    ui.tap(id="fab_task_label", text="Task")
    assert ui.has(text="New Task") and ui.has(id="task_title", text="Title")
    ui.type("Buy milk")
    ui.tap(id="save")
    ui.tap(text="OK")
    assert sql(device, "SELECT title, start_ts, end_ts, type FROM events") == \
        f"Buy milk|{ts(15, 16)}|{ts(15, 16)}|1\n"


def test_snapshot_restore_keeps_the_editor(device, ui):
    ui.tap(id="calendar_fab")
    ui.tap(id="fab_event_label")
    ui.type("abc")
    snap = device.snapshot()
    ui.key("BACK")
    ui.key("BACK")
    ui.tap(text="Discard")
    assert device.current_activity() == MAIN
    device.restore(snap)
    assert ui.find(id="event_title")["text"] == "abc"
    ui.type("d")
    ui.tap(id="save")
    ui.tap(text="OK")
    assert sql(device, "SELECT title FROM events") == "abcd\n"


def test_garbage_database_file_is_recreated(device, ui):
    device.shell(f"am force-stop {PKG}")
    device.push(DB, b"not a database" * 64)
    device.shell(f"am start -n {PKG}/.activities.MainActivity")
    device.advance(1)
    assert device.current_activity() == MAIN
    assert sql(device, "SELECT title FROM event_types") == "Regular event\n"
    assert any(line.tag == "SQLiteDatabase" for line in device.logcat())


def test_go_to_date_from_top_value(device, ui):
    ui.tap(id="top_value")
    ui.tap(id="android:id/next", desc="Next month")
    ui.tap(desc="20 November 2023")
    ui.tap(id="android:id/button1")
    assert ui.find(id="top_value")["text"] == "November"


def _scripted_run() -> tuple[str, bytes]:
    d = SimDevice([CalendarApp], seed=7)
    ui = UI(d)
    d.shell(f"am start -n {PKG}/.activities.MainActivity")
    d.advance(1)
    ui.tap(id="calendar_fab")
    ui.tap(id="fab_event_label")
    ui.type("Same every time")
    ui.tap(id="save")
    ui.tap(text="OK")
    dump = d.view_hierarchy()
    d.shell(f"am force-stop {PKG}")
    data = d.pull(DB)
    d.close()
    return dump, data


def test_same_actions_give_identical_dumps_and_database():
    first, second = _scripted_run(), _scripted_run()
    assert first[0] == second[0]
    assert first[1] == second[1]


def test_date_picker_year_list(device, ui):
    ui.tap(id="calendar_fab")
    ui.tap(id="fab_event_label")
    ui.key("BACK")
    ui.tap(id="event_start_date")
    ui.tap(id="android:id/date_picker_header_year", text="2023")
    assert ui.find(id="android:id/text1", text="2023")["checked"] == "true"
    ui.tap(id="android:id/text1", text="2024")
    assert ui.find(id="android:id/date_picker_header_year")["text"] == "2024"
    ui.tap(desc="15 October 2024")
    ui.tap(id="android:id/button1", text="OK")
    assert ui.find(id="event_start_date")["text"] == "October 15 2024 (Tue)"
    assert ui.find(id="event_end_date")["text"] == "October 15 2024 (Tue)"
