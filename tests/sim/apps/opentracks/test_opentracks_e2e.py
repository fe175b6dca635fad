"""OpenTracks end to end through SimDevice by touches: the first-run "nearby devices" prompt,
seeded tracks listed newest first as the app formats them (relative dates, "H:MM:SS (x km)",
"[category] description"), a track's statistics page and the list re-read on resume."""

from __future__ import annotations

import shlex
from datetime import datetime, timezone

import pytest

from mobile_gym.apps import opentracks as model

PKG = model.APP.package


def sh(device, cmd: str) -> str:
    code, out, err = device.shell(cmd)
    assert code == 0, (cmd, err)
    return out


def ms(y: int, mo: int, d: int, h: int, mi: int) -> int:
    return int(datetime(y, mo, d, h, mi, tzinfo=timezone.utc).timestamp() * 1000)


def track(name: str, category: str, start: int, minutes: int, meters: float, **kw) -> model.Track:
    return model.Track(name=name, category=category, activity_type=category, starttime=start,
                       stoptime=start + minutes * model.MINUTE_MS, totaldistance=meters,
                       totaltime=minutes * model.MINUTE_MS, movingtime=minutes * model.MINUTE_MS,
                       **kw)


TRACKS = [
    track("Evening Run", "running", ms(2023, 10, 14, 18, 5), 95, 12340.0,
          description="Along the river", avgspeed=2.165, maxspeed=4.0, elevationgain=87.0),
    track("Lap", "walking", ms(2023, 10, 15, 9, 30), 12, 430.0),
    track("Ride", "biking", ms(2023, 10, 11, 7, 0), 60, 25000.0),
    track("Old hike", "hiking", ms(2023, 9, 20, 6, 45), 240, 15500.0),
]


def seed(device, tracks) -> None:
    sh(device, f"sqlite3 {model.DB_PATH} {shlex.quote(model.reset_sql(tracks))}")


@pytest.fixture
def ui(device, ui_factory):
    u = ui_factory(device)
    u.tap(text=model.APP.label, cls="android.widget.TextView")
    assert device.current_activity() == f"{PKG}/{model.APP.main_activity}"
    return u


def test_first_start_asks_for_nearby_devices_once(device, ui) -> None:
    assert ui.has(text=model.APP.label, cls="android.widget.TextView")
    assert ui.has(text="Allow")
    ui.tap(text="Allow")
    assert not ui.has(text="Allow")
    assert 'name="android.permission.BLUETOOTH_CONNECT" value="true"' in sh(
        device, f"cat {model.PERMISSIONS_PATH}")
    assert ui.has(id="track_list_empty_view")
    ui.key("BACK")
    ui.tap(text=model.APP.label, cls="android.widget.TextView")
    assert not ui.has(text="Allow")


def test_seeded_tracks_are_listed_as_the_app_formats_them(device, ui) -> None:
    ui.tap(text="Allow")
    seed(device, TRACKS)
    ui.key("HOME")
    ui.tap(text=model.APP.label, cls="android.widget.TextView")   # resume re-reads the table
    names = [n["text"] for n in ui.find_all(id="track_list_item_name")]
    assert names == ["Lap", "Evening Run", "Ride", "Old hike"]
    dates = [n["text"] for n in ui.find_all(id="track_list_item_date")]
    assert dates == ["Today", "Yesterday", "Wednesday", "20 Sep"]
    times = [n["text"] for n in ui.find_all(id="track_list_item_time")]
    assert times == ["09:30", "18:05", "07:00", "06:45"]
    spans = [n["text"] for n in ui.find_all(id="track_list_item_time_distance")]
    assert spans == ["12:00 (430 m)", "1:35:00 (12.34 km)", "1:00:00 (25 km)",
                     "4:00:00 (15.5 km)"]
    cats = [n["text"] for n in ui.find_all(id="track_list_item_category_description")]
    assert cats == ["[walking]", "[running] Along the river", "[biking]", "[hiking]"]


def test_a_track_opens_on_its_statistics_and_back_returns(device, ui) -> None:
    ui.tap(text="Allow")
    seed(device, TRACKS)
    ui.key("HOME")
    ui.tap(text=model.APP.label, cls="android.widget.TextView")
    ui.tap(id="track_list_item_name", text="Evening Run")
    assert device.current_activity() == f"{PKG}/{model.TRACK_ACTIVITY}"
    values = {k: ui.find(id=k)["text"] for k in (
        "stats_name_value", "stats_activity_type_value", "stats_start_datetime_value",
        "stats_distance_value", "stats_distance_unit", "stats_total_time_value",
        "stats_moving_time_value", "stats_average_speed_value", "stats_average_speed_unit",
        "stats_max_speed_value", "stats_altitude_gain_value", "stats_description_value")}
    assert values == {
        "stats_name_value": "Evening Run", "stats_activity_type_value": "running",
        "stats_start_datetime_value": "Oct 14, 2023, 6:05:00 PM",
        "stats_distance_value": "12.34", "stats_distance_unit": "km",
        "stats_total_time_value": "1:35:00", "stats_moving_time_value": "1:35:00",
        "stats_average_speed_value": "7.8", "stats_average_speed_unit": "km/h",
        "stats_max_speed_value": "14.4", "stats_altitude_gain_value": "87",
        "stats_description_value": "Along the river"}
    ui.tap(desc="Navigate up")
    assert device.current_activity() == f"{PKG}/{model.APP.main_activity}"
    seed(device, TRACKS[1:])                      # a task rewrites the table: the list follows
    ui.key("HOME")
    ui.tap(text=model.APP.label, cls="android.widget.TextView")
    assert [n["text"] for n in ui.find_all(id="track_list_item_name")] == ["Lap", "Ride", "Old hike"]
