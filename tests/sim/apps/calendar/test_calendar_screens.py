"""Table-driven: each key Calendar screen shows the resource-ids, classes and texts that
reference/apps.md section A lists (reached by touches only)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone

import pytest

from mobile_gym.device.sim_device import SimDevice
from mobile_gym.sim.apps.calendar import CalendarApp
from tests.sim.apps.conftest import UI, find_all

PKG = "com.simplemobiletools.calendar.pro"
P = PKG + ":id/"
DB = f"/data/data/{PKG}/databases/events.db"

# (resource-id or None, class or None, text or None, content-desc or None)
Expect = tuple[str | None, str | None, str | None, str | None]


def _seed(device: SimDevice) -> None:
    start = int(datetime(2023, 10, 17, 9, tzinfo=timezone.utc).timestamp())
    device.shell(
        f'sqlite3 {DB} "INSERT INTO events (start_ts,end_ts,title,location,description,'
        "reminder_1_minutes,reminder_2_minutes,reminder_3_minutes,reminder_1_type,reminder_2_type,"
        "reminder_3_type,repeat_interval,repeat_rule,repeat_limit,repetition_exceptions,attendees,"
        "import_id,time_zone,flags,event_type,parent_id,last_updated,source,availability,color,type)"
        f" VALUES ({start},{start + 1800},'Meeting with Alice','','We will plan.',-1,-1,-1,0,0,0,0,0,"
        "0,'[]','','','UTC',0,1,0,0,'imported-ics',0,0,0)\"")


def month(ui: UI) -> None:
    pass


def day(ui: UI) -> None:
    cell = find_all(ui.dump(), id="month_view_background")[23]  # Oct 17 (grid starts Sep 24)
    ui.tap_xy(*cell.center)


def editor(ui: UI) -> None:
    ui.tap(id="calendar_fab")
    ui.tap(id="fab_event_label")
    ui.key("BACK")  # hide the keyboard


def date_picker(ui: UI) -> None:
    editor(ui)
    ui.tap(id="event_start_date")


def time_picker(ui: UI) -> None:
    editor(ui)
    ui.tap(id="event_start_time")


def disclaimer(ui: UI) -> None:
    editor(ui)
    ui.tap(id="save")


def delete_confirmation(ui: UI) -> None:
    day(ui)
    ui.long_press(id="event_item_holder")
    ui.tap(id="cab_delete")


def change_view(ui: UI) -> None:
    ui.tap(id="change_view")


SCREENS: list[tuple[str, Callable[[UI], None], list[Expect]]] = [
    ("month view", month, [
        (P + "top_toolbar_search", "android.widget.EditText", "Search", None),
        (P + "top_toolbar_search_icon", "android.widget.ImageView", None, None),
        (P + "change_view", "android.widget.Button", "", "Change view"),
        (P + "settings", "android.widget.Button", "", "Settings"),
        (None, "android.widget.ImageView", None, "More options"),
        (P + "fragment_months_viewpager", "androidx.viewpager.widget.ViewPager", None, None),
        (P + "month_calendar_holder", "android.widget.RelativeLayout", None, None),
        (P + "top_left_arrow", "android.widget.ImageView", None, None),
        (P + "top_value", "android.widget.TextView", "October", "October"),
        (P + "top_right_arrow", "android.widget.ImageView", None, None),
        (P + "month_view_wrapper", None, None, None),
        (P + "month_view", "android.view.View", "", ""),
        (P + "month_view_background", "android.view.View", "", ""),
        (P + "calendar_fab", "android.widget.ImageButton", None, "New Event"),
        (P + "main_coordinator", "android.view.ViewGroup", None, None),
        (P + "fragments_holder", "android.widget.FrameLayout", None, None),
    ]),
    ("day view", day, [
        (P + "top_value", "android.widget.TextView", "October 17 (Tue)", "October 17 (Tue)"),
        (P + "day_events", "androidx.recyclerview.widget.RecyclerView", None, None),
        (P + "event_item_holder", "android.view.ViewGroup", None, None),
        (P + "event_item_title", "android.widget.TextView", "Meeting with Alice", None),
        (P + "event_item_time", "android.widget.TextView", "09:00 - 09:30", None),
        (P + "event_item_description", "android.widget.TextView", "We will plan.", None),
        (P + "go_to_today", "android.widget.Button", "", "Go to today"),
    ]),
    ("editor", editor, [
        (P + "event_toolbar", "android.view.ViewGroup", None, None),
        (None, "android.widget.TextView", "New Event", None),
        (P + "save", "android.widget.Button", "", "Save"),
        (P + "event_title", "android.widget.EditText", "Title", None),
        (P + "event_location", "android.widget.EditText", "Location", None),
        (P + "event_description", "android.widget.EditText", "Description", None),
        (P + "event_all_day_holder", "android.widget.RelativeLayout", None, None),
        (P + "event_all_day", "android.widget.CheckBox", "All-day", None),
        (P + "event_start_date", "android.widget.TextView", "October 15 (Sun)", None),
        (P + "event_start_time", "android.widget.TextView", "16:00", None),
        (P + "event_end_date", "android.widget.TextView", "October 15 (Sun)", None),
        (P + "event_end_time", "android.widget.TextView", "16:00", None),
        (P + "event_reminder_1", "android.widget.TextView", "10 minutes before", None),
        (P + "event_reminder_2", "android.widget.TextView", "Add another reminder", None),
        (P + "event_repetition", "android.widget.TextView", "No repetition", None),
        (P + "event_type_holder", "android.widget.RelativeLayout", None, None),
        (P + "event_type", "android.widget.TextView", "Regular event", None),
        (P + "event_nested_scrollview", "android.widget.ScrollView", None, None),
    ]),
    ("date picker", date_picker, [
        ("android:id/datePicker", "android.widget.DatePicker", None, None),
        ("android:id/date_picker_header_year", "android.widget.TextView", "2023", None),
        ("android:id/date_picker_header_date", "android.widget.TextView", "Sun, Oct 15", None),
        (None, "android.view.View", "23", "23 October 2023"),
        (None, "android.view.View", "5", "05 October 2023"),
        ("android:id/prev", "android.widget.ImageButton", None, "Previous month"),
        ("android:id/next", "android.widget.ImageButton", None, "Next month"),
        ("android:id/button1", "android.widget.Button", "OK", None),
        ("android:id/button2", "android.widget.Button", "Cancel", None),
    ]),
    ("time picker", time_picker, [
        (P + "header_title", "android.widget.TextView", "Select time", None),
        (P + "material_clock_display", None, None, None),
        (P + "material_hour_tv", None, "16", None),
        (P + "material_minute_tv", None, "00", None),
        (P + "material_clock_face", None, None, None),
        (None, "android.widget.TextView", "2", "2 hours"),
        (None, "android.widget.TextView", "14", "14 hours"),
        (P + "material_timepicker_mode_button", "android.widget.ImageButton", None,
         "Switch to text input mode for the time input."),
        (P + "material_timepicker_cancel_button", "android.widget.Button", "Cancel", None),
        (P + "material_timepicker_ok_button", "android.widget.Button", "OK", None),
    ]),
    ("disclaimer dialog", disclaimer, [
        (None, "android.widget.TextView", "Disclaimer", None),
        ("android:id/button1", "android.widget.Button", "OK", None),
        ("android:id/button3", "android.widget.Button", "Settings", None),
    ]),
    ("delete confirmation", delete_confirmation, [
        (P + "delete_event_description", "android.widget.TextView",
         "Are you sure you want to proceed with the deletion?", None),
        ("android:id/button1", "android.widget.Button", "Yes", None),
        ("android:id/button2", "android.widget.Button", "No", None),
    ]),
    ("change view dialog", change_view, [
        (None, "android.widget.RadioButton", "Daily view", None),
        (None, "android.widget.RadioButton", "Weekly view", None),
        (None, "android.widget.RadioButton", "Monthly view", None),
        (None, "android.widget.RadioButton", "Monthly and daily view", None),
        (None, "android.widget.RadioButton", "Yearly view", None),
        (None, "android.widget.RadioButton", "Simple event list", None),
    ]),
]


@pytest.mark.parametrize("name,reach,expected", SCREENS, ids=[s[0] for s in SCREENS])
def test_screen_hierarchy(name, reach, expected):
    device = SimDevice([CalendarApp])
    try:
        device.shell(f"am start -n {PKG}/.activities.MainActivity")
        device.advance(1)
        _seed(device)
        device.key("HOME")
        device.shell(f"am start -n {PKG}/.activities.MainActivity")
        device.advance(1)
        ui = UI(device)
        reach(ui)
        xml = ui.dump()
        for rid, cls, text, desc in expected:
            crit = {k: v for k, v in (("id", rid), ("cls", cls), ("text", text), ("desc", desc))
                    if v is not None}
            assert find_all(xml, **crit), f"{name}: nothing matches {crit}"
    finally:
        device.close()


def test_month_grid_cells_and_painted_titles():
    device = SimDevice([CalendarApp])
    device.shell(f"am start -n {PKG}/.activities.MainActivity")
    device.advance(1)
    _seed(device)
    device.key("HOME")
    device.shell(f"am start -n {PKG}/.activities.MainActivity")
    device.advance(1)
    xml = device.view_hierarchy()
    cells = find_all(xml, id="month_view_background")
    assert len(cells) == 42
    assert all(c["clickable"] == "true" and c["text"] == "" and c["content-desc"] == "" for c in cells)
    assert not find_all(xml, text="Meeting with Alice")
    assert any(b.text.startswith("Meeting") for b in device.text_boxes())
    device.close()
