"""Simple Calendar Pro families (AndroidWorld's SimpleCalendar*, android_world.md section 8.2).

Start state: the home screen; the app's `events` table holds the seed's noise rows (and, for the
delete families, the rows to delete), inserted with one `sqlite3` command after the snapshot
restore. Success is AndroidWorld's SQLite check made strict (`rows_added` / `rows_removed`
state events: the expected rows paired one-to-one with distinct new rows; every other row
unchanged; titles, locations and descriptions compared fuzzily, the rest exactly).
Shaping: small one-time rewards when the editor opens and when its fields show the target
values (title, description, start date and times), read from the view hierarchy.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

import numpy as np

from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.families import calendar_data as cd
from mobile_gym.tasks.families.base import Progress, TaskFamily
from mobile_gym.tasks.families.oracle import Key, LongPress, Move, Sel, Tap, Type
from mobile_gym.tasks.families.settings import force_stop, press_home, vh_source

_SV = task_pb2.SqlValue

COMPARE_FIELDS = ("start_ts", "end_ts", "title", "location", "description", "repeat_rule",
                  "repeat_interval")
FREE_TEXT_FIELDS = ("title", "location", "description")


def shell_step(command: str) -> task_pb2.SetupStep:
    return task_pb2.SetupStep(adb_call=task_pb2.AdbCall(
        shell_command=task_pb2.AdbCall.Command(command=[command])))


def sqlite_step(sql: str) -> task_pb2.SetupStep:
    return shell_step(f"sqlite3 {cd.DB_PATH} {shlex.quote(sql)}")


def _sql_value(v: Any) -> task_pb2.SqlValue:
    return _SV(text=v) if isinstance(v, str) else _SV(integer=int(v))


def rows_added(events: list[cd.Event]) -> task_pb2.StateEvent:
    check = task_pb2.StateEvent.RowsAdded(db_path=cd.DB_PATH, table=cd.TABLE,
                                          compare_fields=COMPARE_FIELDS,
                                          free_text_fields=FREE_TEXT_FIELDS)
    for e in events:
        row = check.expected_rows.add()
        for f in COMPARE_FIELDS:
            row.fields[f].CopyFrom(_sql_value(getattr(e, f)))
    return task_pb2.StateEvent(rows_added=check)


def rows_removed(ids_sql: str) -> task_pb2.StateEvent:
    return task_pb2.StateEvent(rows_removed=task_pb2.StateEvent.RowsRemoved(
        db_path=cd.DB_PATH, table=cd.TABLE, id_field="id", ids_sql=ids_sql))


def _text_is(view_id: str, text: str) -> task_pb2.EventSource:
    return vh_source(f'#$"{view_id}"', "text", f"^{re.escape(text)}$")


def _hhmm(when: datetime) -> str:
    return f"{when.hour:02d}:{when.minute:02d}"


# -- oracle pieces -------------------------------------------------------------------------------

def open_calendar() -> list[Move]:
    return [Tap(Sel(text="Calendar", cls="TextView"))]


def pick_date(field: str, when: datetime, shown: datetime) -> list[Move]:
    """Set a date field from `shown` (what it shows) to `when` with the date picker."""
    moves: list[Move] = [Tap(Sel(id=field))]
    months = (when.year - shown.year) * 12 + when.month - shown.month
    for _ in range(abs(months)):
        moves.append(Tap(Sel(desc="Next month" if months > 0 else "Previous month")))
    moves += [Tap(Sel(desc_re=cd.picker_day_desc(when))), Tap(Sel(id="android:id/button1"))]
    return moves


def pick_time(field: str, when: datetime) -> list[Move]:
    return [Tap(Sel(id=field)), Tap(Sel(desc=f"{when.hour} hours")),
            Tap(Sel(desc=f"{when.minute:02d} minutes")),
            Tap(Sel(id="material_timepicker_ok_button"))]


def fill_event(event: cd.Event) -> list[Move]:
    """In a new event's editor: title, description, start date/time, end date/time."""
    start, end = event.start, event.end
    moves: list[Move] = [Type(event.title), Tap(Sel(id="event_description")),
                         Type(event.description)]
    if start.date() != cd.NOW.date():
        moves += pick_date("event_start_date", start, cd.NOW)
    moves += pick_time("event_start_time", start)
    if end.date() != start.date():
        moves += pick_date("event_end_date", end, start)
    moves += pick_time("event_end_time", end)
    return moves


def save_event() -> list[Move]:
    # the first save on a fresh install shows the reminder "Disclaimer" (OK continues)
    return [Tap(Sel(id="save")), Tap(Sel(id="android:id/button1", text="OK"), optional=True)]


# -- families ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class AddParams:
    event: cd.Event
    noise: tuple[cd.Event, ...]
    repeat: str = ""  # "", "daily" or "weekly"


class _Calendar(TaskFamily):
    app = "calendar"
    types_text = True
    words = cd.WORDS

    def setup_steps(self) -> list[task_pb2.SetupStep]:
        launch = task_pb2.SetupStep(adb_call=task_pb2.AdbCall(
            start_activity=task_pb2.AdbCall.StartActivity(full_activity=cd.MAIN_ACTIVITY)))
        launch.success_condition.wait_for_app_screen.app_screen.activity = cd.MAIN_ACTIVITY
        launch.success_condition.wait_for_app_screen.timeout_sec = 10.0
        return [launch, force_stop(cd.PACKAGE), press_home()]

    def _reset(self, rows: list[cd.Event]) -> list[task_pb2.SetupStep]:
        return [force_stop(cd.PACKAGE), sqlite_step(cd.reset_sql(rows)), press_home()]


class CalendarAddOneEvent(_Calendar):
    """Create one event with a title, a description, a start and a duration (the flagship)."""

    name = "CalendarAddOneEvent"
    complexity = 3.4
    tags = ("calendar", "data_entry", "hard")
    template = ("In Simple Calendar Pro, create a calendar event on {year}-{month}-{day} at "
                "{hour}h with the title '{title}' and the description '{description}'. "
                "The event should last for {duration_mins} mins.")
    start_days = (15, 31)

    def _start(self, rng: np.random.Generator) -> int:
        return cd.random_start(rng, *self.start_days)

    def sample(self, rng: np.random.Generator) -> AddParams:
        event = cd.generate_event(rng, self._start(rng))
        n_noise = int(rng.integers(0, 21))
        noise = cd.noise_events(rng, n_noise, lambda e: e.title != event.title)
        return AddParams(event, tuple(noise))

    def _fields(self, p: AddParams) -> dict[str, Any]:
        s = p.event.start
        return {"year": s.year, "month": s.month, "day": s.day, "hour": s.hour,
                "title": p.event.title, "description": p.event.description,
                "duration_mins": p.event.duration_mins, "day_of_week": s.strftime("%A"),
                "repeat_rule": p.repeat}

    def instruction(self, params: AddParams) -> str:
        return self.template.format(**self._fields(params))

    def reset_steps(self, params: AddParams) -> list[task_pb2.SetupStep]:
        return self._reset(list(params.noise))

    def progress(self, params: AddParams) -> list[Progress]:
        e = params.event
        return [
            Progress(vh_source('#$"event_title"'), 0.1),
            Progress(_text_is("event_title", e.title), 0.1, after=0),
            Progress(_text_is("event_description", e.description), 0.1, after=0),
            Progress(_text_is("event_start_date", cd.date_label(e.start)), 0.1, after=0),
            Progress(_text_is("event_start_time", _hhmm(e.start)), 0.1, after=0),
            Progress(_text_is("event_end_time", _hhmm(e.end)), 0.1, after=0),
        ]

    def success_checks(self, params: AddParams):
        return [rows_added([params.event])]

    def plan(self, params: AddParams) -> list[Move]:
        return [*open_calendar(), Tap(Sel(id="calendar_fab")), Tap(Sel(id="fab_event_label")),
                *fill_event(params.event), *save_event()]


FAMILIES: tuple[type[TaskFamily], ...] = (CalendarAddOneEvent,)
