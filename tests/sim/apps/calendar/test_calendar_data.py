"""Data layer of the simulated Simple Calendar Pro: events.db, formatters, dates, editor rules."""

from __future__ import annotations

import sqlite3
from datetime import date, datetime, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mobile_gym.apps import calendar as model
from mobile_gym.sim.apps.calendar import dates, formatting, occurrences
from mobile_gym.sim.apps.calendar.db import SCHEMA, EventsDb
from mobile_gym.sim.apps.calendar.editor_state import (
    END_BEFORE_START,
    TITLE_EMPTY,
    EditorState,
)
from mobile_gym.sim.apps.calendar.prefs import Prefs

UTC = timezone.utc
TODAY = date(2023, 10, 15)


def ts(y, mo, d, h=0, mi=0):
    return int(datetime(y, mo, d, h, mi, tzinfo=UTC).timestamp())


# -- events.db ---------------------------------------------------------------------------

def test_db_created_like_room(tmp_path):
    db = EventsDb(tmp_path / "databases" / "events.db")
    assert db.ensure_created() is True
    assert db.ensure_created() is False  # second open leaves it alone
    con = sqlite3.connect(db.path)
    names = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    assert names[:1] == ["android_metadata"]
    assert {"events", "event_types", "widgets", "tasks", "room_master_table"} <= set(names)
    sql = con.execute("SELECT sql FROM sqlite_master WHERE name='events'").fetchone()[0]
    assert sql == SCHEMA[0].replace("CREATE TABLE IF NOT EXISTS", "CREATE TABLE")
    assert con.execute("PRAGMA user_version").fetchone()[0] == 8
    assert con.execute("SELECT locale FROM android_metadata").fetchall() == [("en_US",)]
    assert con.execute("SELECT id, identity_hash FROM room_master_table").fetchall() == [
        (42, "1d5b2fddcb258e43f2935820863057a9")]
    assert con.execute("SELECT id, title, caldav_calendar_id, type FROM event_types").fetchall() == [
        (1, "Regular event", 0, 0)]


def test_insert_update_delete_roundtrip(tmp_path):
    db = EventsDb(tmp_path / "events.db")
    db.ensure_created()
    ev = model.Event(start_ts=ts(2023, 10, 20, 10), end_ts=ts(2023, 10, 20, 10, 45), title="X",
                     reminder_1_minutes=10)
    i = db.insert(ev)
    assert i == 1
    got = db.get(i)
    assert got == ev.with_(id=1)
    db.update(got.with_(title="Y"))
    assert db.get(1).title == "Y"
    db.insert(ev.with_(title="child", parent_id=1))
    db.delete([1])
    assert db.all_events() == []
    with pytest.raises(ValueError, match="without id"):
        db.insert(got)


def test_seeded_row_with_aw_defaults_reads(tmp_path):
    db = EventsDb(tmp_path / "events.db")
    db.ensure_created()
    con = sqlite3.connect(db.path)
    con.execute(
        "INSERT INTO events (start_ts,end_ts,title,location,description,repeat_interval,repeat_rule,"
        "reminder_1_minutes,reminder_2_minutes,reminder_3_minutes,reminder_1_type,reminder_2_type,"
        "reminder_3_type,repeat_limit,repetition_exceptions,attendees,import_id,time_zone,flags,"
        "event_type,parent_id,last_updated,source,availability,color,type) VALUES "
        "(?,?,?,'','d',0,0,-1,-1,-1,0,0,0,0,'[]','','','UTC',0,1,0,0,'imported-ics',0,0,0)",
        (ts(2023, 10, 22, 14), ts(2023, 10, 22, 15), "Seeded"))
    con.commit()
    con.close()
    assert [e.title for e in db.search("seed")] == ["Seeded"]


# -- reminders ---------------------------------------------------------------------------

def test_reminders_sorted_off_last():
    assert model.sorted_reminders([30, -1, 5]) == (5, 30, -1)
    assert model.sorted_reminders([-1, -1, -1]) == (-1, -1, -1)
    with pytest.raises(ValueError, match="-5"):
        model.sorted_reminders([-5, 1, 2])


@given(st.lists(st.one_of(st.just(-1), st.integers(0, 100000)), min_size=3, max_size=3))
def test_reminders_property(values):
    out = model.sorted_reminders(values)
    on = [v for v in out if v != -1]
    assert on == sorted(v for v in values if v != -1)
    assert list(out) == on + [-1] * (3 - len(on))


# -- formatting --------------------------------------------------------------------------

def test_titles_and_times():
    assert formatting.month_title(2023, 10, TODAY) == "October"
    assert formatting.month_title(2024, 1, TODAY) == "January 2024"
    assert formatting.day_title(date(2023, 10, 15), TODAY) == "October 15 (Sun)"
    assert formatting.day_title(date(2023, 10, 17), TODAY) == "October 17 (Tue)"
    assert formatting.day_title(date(2024, 1, 5), TODAY) == "January 5 2024 (Fri)"
    assert formatting.section_day_title(date(2023, 10, 17)) == "17 Tuesday"
    assert formatting.long_date_desc(date(2023, 10, 23)) == "23 October 2023"
    assert formatting.long_date_desc(date(2023, 10, 5)) == "05 October 2023"
    assert formatting.picker_header_date(date(2023, 10, 15)) == "Sun, Oct 15"
    assert formatting.time_text(datetime(2023, 10, 15, 16, 0)) == "16:00"
    assert formatting.time_text(datetime(2023, 10, 15, 9, 5)) == "09:05"


def test_reminder_and_repetition_texts():
    assert formatting.reminder_text(-1) == "No reminder"
    assert formatting.reminder_text(0) == "At start"
    assert formatting.reminder_text(1) == "1 minute before"
    assert formatting.reminder_text(10) == "10 minutes before"
    assert formatting.reminder_text(60) == "1 hour before"
    assert formatting.reminder_text(120) == "2 hours before"
    assert formatting.repetition_text(0) == "No repetition"
    assert formatting.repetition_text(86400) == "Daily"
    assert formatting.repetition_text(604800) == "Weekly"
    assert formatting.repetition_text(2592001) == "Monthly"
    assert formatting.repetition_text(31536000) == "Yearly"
    assert formatting.repetition_text(3 * 86400) == "3 days"
    assert formatting.repetition_text(2 * 604800) == "2 weeks"
    assert formatting.weekly_rule_text(127) == "Every day"
    assert formatting.weekly_rule_text(1 | 4) == "Mon, Wed"
    assert formatting.repeat_limit_text(0) == ("Repeat", "Forever")
    assert formatting.repeat_limit_text(-5) == ("Repeat", "5 times")
    assert formatting.repeat_limit_text(ts(2023, 12, 1)) == ("Repeat till", "December 1 2023")


def test_event_row_time_text():
    ev = model.Event(start_ts=ts(2023, 10, 17, 16), end_ts=ts(2023, 10, 17, 17), title="a")
    assert formatting.event_time_text(ev) == "16:00 - 17:00"
    assert formatting.event_time_text(ev.with_(end_ts=ev.start_ts)) == "16:00"
    assert formatting.event_time_text(ev.with_(flags=1, end_ts=ev.start_ts)) == "All-day"
    two_days = ev.with_(end_ts=ts(2023, 10, 18, 9))
    assert formatting.event_time_text(two_days, list_view=True) == "16:00 - 09:00 (18 Wednesday)"


# -- dates -------------------------------------------------------------------------------

def test_new_event_is_next_full_hour_of_displayed_day():
    now = datetime(2023, 10, 15, 15, 34, tzinfo=UTC)
    assert dates.new_event_start(date(2023, 10, 15), now) == datetime(2023, 10, 15, 16, 0, tzinfo=UTC)
    assert dates.new_event_start(date(2023, 10, 20), now) == datetime(2023, 10, 20, 16, 0, tzinfo=UTC)
    late = datetime(2023, 10, 15, 23, 10, tzinfo=UTC)
    assert dates.new_event_start(date(2023, 10, 15), late) == datetime(2023, 10, 15, 0, 0, tzinfo=UTC)


def test_month_grid_sunday_first():
    grid = dates.month_grid(2023, 10)
    assert len(grid) == 42
    assert grid[0] == date(2023, 9, 24)  # October 1st is a Sunday: a whole September row first
    assert grid[7] == date(2023, 10, 1)
    assert grid[-1] == date(2023, 11, 4)
    nov = dates.month_grid(2023, 11)
    assert nov[0] == date(2023, 10, 29) and nov[3] == date(2023, 11, 1)


@given(st.integers(1971, 2100), st.integers(1, 12))
def test_month_grid_property(year, month):
    grid = dates.month_grid(year, month)
    assert len(grid) == 42 and grid[0].isoweekday() == 7
    assert date(year, month, 1) in grid[:8]
    assert all((b - a).days == 1 for a, b in zip(grid, grid[1:]))


def test_day_codes():
    assert dates.day_code(date(2023, 10, 5)) == "20231005"
    assert dates.parse_day_code("20231005") == date(2023, 10, 5)
    with pytest.raises(ValueError, match="2023105"):
        dates.parse_day_code("2023105")


# -- editor rules ------------------------------------------------------------------------

def new_state():
    return EditorState.new(datetime(2023, 10, 15, 16, 0, tzinfo=UTC), (10, -1, -1))


def test_editor_moves_end_with_start():
    s = new_state()
    s.set_end_time(16, 45)
    s.set_start_date(date(2023, 10, 23))
    s.set_start_time(14, 0)
    assert s.start_end_ts() == (ts(2023, 10, 23, 14), ts(2023, 10, 23, 14, 45))
    s.set_end_time(13, 0)
    assert s.end_before_start


def test_editor_validation_and_row():
    s = new_state()
    assert s.validate() == TITLE_EMPTY
    s.title = "Call with HR"
    s.description = "We will plan team roles."
    s.set_end_time(15, 0)
    assert s.validate() == END_BEFORE_START
    s.set_end_time(16, 30)
    ev = s.to_event(now_ms=1697384040000)
    assert (ev.start_ts, ev.end_ts) == (ts(2023, 10, 15, 16), ts(2023, 10, 15, 16, 30))
    assert ev.reminders == (10, -1, -1)
    assert (ev.repeat_interval, ev.repeat_rule, ev.repeat_limit) == (0, 0, 0)
    assert (ev.source, ev.time_zone, ev.flags, ev.event_type, ev.last_updated) == (
        "simple-calendar", "UTC", 0, 1, 1697384040000)
    assert len(ev.import_id) == 32 + 13 and ev.import_id.endswith("1697384040000")
    assert ev.import_id[12] == "4"


def test_editor_all_day_and_weekly():
    s = new_state()
    s.title = "t"
    s.set_all_day(True)
    ev = s.to_event(now_ms=0)
    assert ev.flags & model.FLAG_ALL_DAY
    assert (ev.start_ts, ev.end_ts) == (ts(2023, 10, 15), ts(2023, 10, 15, 12))
    s.set_repeat_interval(model.WEEK)
    assert s.repeat_rule == 64  # Sunday
    s.set_start_date(date(2023, 10, 18))
    assert s.repeat_rule == 4  # moved to a Wednesday


def test_editor_changed_tracking():
    s = new_state()
    assert not s.is_changed()
    s.title = "a"
    assert s.is_changed()
    s.title = ""
    s.reminders = [-1, -1, -1]
    assert s.is_changed()


# -- occurrences -------------------------------------------------------------------------

def test_repeating_occurrences():
    weekly = model.Event(start_ts=ts(2023, 10, 16, 9), end_ts=ts(2023, 10, 16, 10), title="w",
                         repeat_interval=model.WEEK, repeat_rule=1, id=1)
    daily = model.Event(start_ts=ts(2023, 10, 20, 8), end_ts=ts(2023, 10, 20, 8, 30), title="d",
                        repeat_interval=model.DAY, repeat_limit=-3,
                        repetition_exceptions='["20231021"]', id=2)
    once = model.Event(start_ts=ts(2023, 10, 17, 9), end_ts=ts(2023, 10, 17, 9), title="o", id=3)
    days = [date(2023, 10, d) for d in range(15, 32)]
    got = occurrences.by_day([weekly, daily, once], days)
    assert [d.day for d in days if any(o.event.id == 1 for o in got[d])] == [16, 23, 30]
    assert [d.day for d in days if any(o.event.id == 2 for o in got[d])] == [20, 22]
    assert [o.event.title for o in got[date(2023, 10, 17)]] == ["o"]
    monthly = model.Event(start_ts=ts(2023, 1, 31, 9), end_ts=ts(2023, 1, 31, 9), title="m",
                          repeat_interval=model.MONTH, repeat_rule=model.REPEAT_LAST_DAY, id=4)
    assert [o.start_ts for o in occurrences.on_day([monthly], date(2023, 2, 28))] == [ts(2023, 2, 28, 9)]


# -- prefs -------------------------------------------------------------------------------

def test_prefs_roundtrip(tmp_path):
    p = Prefs(tmp_path / "shared_prefs" / "Prefs.xml")
    assert p.view == 1 and not p.was_alarm_warning_shown
    assert p.new_event_reminders() == (10, -1, -1)
    p.put(was_alarm_warning_shown=True, view=5)
    p.remember_reminders((5, 30, -1))
    assert p.was_alarm_warning_shown and p.view == 5
    assert p.new_event_reminders() == (5, 30, -1)
    text = p.path.read_text()
    assert text.startswith("<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<map>")
    assert '<boolean name="was_alarm_warning_shown" value="true" />' in text


def test_occurrences_skip_impossible_rows_and_clip_long_spans():
    bad = model.Event(start_ts=10**15, end_ts=10**15 + 60, title="bad", id=1)
    long = model.Event(start_ts=ts(1990, 1, 1), end_ts=ts(2090, 1, 1), title="long", id=2)
    days = [date(2023, 10, 15), date(2023, 10, 16)]
    got = occurrences.by_day([bad, long], days)
    assert [o.event.title for o in got[days[0]]] == ["long"]
    assert [o.event.title for o in got[days[1]]] == ["long"]
