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
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np

from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.families import calendar_data as cd
from mobile_gym.tasks.families import common
from mobile_gym.tasks.families.base import Progress, TaskFamily
from mobile_gym.tasks.families.common import (
    force_stop,
    launch_once,
    press_home,
    vh_source,
)
from mobile_gym.tasks.families.oracle import LongPress, Move, Sel, Tap, Type

COMPARE_FIELDS = ("start_ts", "end_ts", "title", "location", "description", "repeat_rule",
                  "repeat_interval")
FREE_TEXT_FIELDS = ("title", "location", "description")


def sqlite_step(sql: str) -> common.SqliteStep:
    return common.sqlite_step(cd.DB_PATH, sql)


def rows_added(events: list[cd.Event]) -> task_pb2.StateEvent:
    return common.rows_added_check(cd.DB_PATH, cd.TABLE, [e.as_row() for e in events],
                                   COMPARE_FIELDS, FREE_TEXT_FIELDS)


def rows_removed(ids_sql: str) -> task_pb2.StateEvent:
    return common.rows_removed_check(cd.DB_PATH, cd.TABLE, "id", ids_sql)


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
    return [Tap(Sel(id=field)), Tap(Sel(desc=cd.picker_hour_desc(when))),
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

REPEAT_LABELS = {"daily": "Daily", "weekly": "Weekly"}  # the app's repetition dialog entries


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
        return launch_once(cd.APP.package, cd.APP.component)

    def _reset(self, rows: list[cd.Event]) -> list[common.ResetStep]:
        return [force_stop(cd.APP.package), sqlite_step(cd.reset_sql(rows)), press_home()]


class CalendarAddOneEvent(_Calendar):
    """Create one event with a title, a description, a start and a duration (the flagship)."""

    name = "CalendarAddOneEvent"
    tags = ('calendar', 'data_entry', 'complex_ui_understanding')
    android_world_name = 'SimpleCalendarAddOneEvent'
    difficulty = 'hard'
    optimal_steps = 17
    complexity = 3.4
    template = ("In Simple Calendar Pro, create a calendar event on {year}-{month}-{day} at "
                "{hour}h with the title '{title}' and the description '{description}'. "
                "The event should last for {duration_mins} mins.")
    start_days = (15, 31)

    def _start(self, rng: np.random.Generator) -> int:
        return cd.random_start(rng, *self.start_days)

    def _repeat(self, rng: np.random.Generator, event: cd.Event) -> tuple[cd.Event, str]:
        """The event's repetition ("" none); drawn between the event and the noise."""
        return event, ""

    def sample(self, rng: np.random.Generator) -> AddParams:
        event, rule = self._repeat(rng, cd.generate_event(rng, self._start(rng)))
        n_noise = int(rng.integers(0, 21))
        noise = cd.noise_events(rng, n_noise, lambda e: e.title != event.title)
        return AddParams(event, tuple(noise), rule)

    def _fields(self, p: AddParams) -> dict[str, Any]:
        s = p.event.start
        return {"year": s.year, "month": s.month, "day": s.day, "hour": s.hour,
                "title": p.event.title, "description": p.event.description,
                "duration_mins": p.event.duration_mins, "day_of_week": s.strftime("%A"),
                "repeat_rule": p.repeat}

    def instruction(self, params: AddParams) -> str:
        return self.template.format(**self._fields(params))

    def reset_steps(self, params: AddParams) -> list[common.ResetStep]:
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


class CalendarAddOneEventTomorrow(CalendarAddOneEvent):
    name = "CalendarAddOneEventTomorrow"
    tags = ('calendar', 'data_entry')
    android_world_name = 'SimpleCalendarAddOneEventTomorrow'
    difficulty = 'easy'
    optimal_steps = 13
    template = ("In Simple Calendar Pro, create a calendar event for tomorrow at {hour}h with the "
                "title '{title}' and the description '{description}'. The event should last "
                "for {duration_mins} mins.")
    start_days = (16, 16)


class CalendarAddOneEventInTwoWeeks(CalendarAddOneEvent):
    name = "CalendarAddOneEventInTwoWeeks"
    tags = ('calendar', 'data_entry', 'math_counting')
    android_world_name = 'SimpleCalendarAddOneEventInTwoWeeks'
    difficulty = 'medium'
    optimal_steps = 10
    template = ("In Simple Calendar Pro, create a calendar event in two weeks from today at "
                "{hour}h with the title '{title}' and the description '{description}'. The event "
                "should last for {duration_mins} mins.")
    start_days = (29, 29)


class CalendarAddOneEventRelativeDay(CalendarAddOneEvent):
    name = "CalendarAddOneEventRelativeDay"
    tags = ('calendar', 'data_entry')
    android_world_name = 'SimpleCalendarAddOneEventRelativeDay'
    difficulty = 'easy'
    optimal_steps = 17
    template = ("In Simple Calendar Pro, create a calendar event for this {day_of_week} at "
                "{hour}h with the title '{title}' and the description '{description}'. The event "
                "should last for {duration_mins} mins.")
    start_days = (16, 21)  # Monday .. Saturday after Sunday Oct 15


class CalendarAddRepeatingEvent(CalendarAddOneEvent):
    name = "CalendarAddRepeatingEvent"
    tags = ('calendar', 'data_entry', 'repetition', 'complex_ui_understanding')
    android_world_name = 'SimpleCalendarAddRepeatingEvent'
    difficulty = 'easy'
    optimal_steps = 14
    template = ("In Simple Calendar Pro, create a recurring calendar event titled '{title}' "
                "starting on {year}-{month}-{day} at {hour}h. The event recurs {repeat_rule}, "
                "forever, and lasts for {duration_mins} minutes each occurrence. The event "
                "description should be '{description}'.")

    def _repeat(self, rng: np.random.Generator, event: cd.Event) -> tuple[cd.Event, str]:
        rule = ("daily", "weekly")[int(rng.integers(0, 2))]
        return cd.with_repeat(event, rule), rule

    def progress(self, params: AddParams) -> list[Progress]:
        return [*super().progress(params),
                Progress(_text_is("event_repetition", REPEAT_LABELS[params.repeat]), 0.1, after=0)]

    def plan(self, params: AddParams) -> list[Move]:
        return [*open_calendar(), Tap(Sel(id="calendar_fab")), Tap(Sel(id="fab_event_label")),
                *fill_event(params.event), Tap(Sel(id="event_repetition")),
                Tap(Sel(text=REPEAT_LABELS[params.repeat], cls="RadioButton")), *save_event()]


# -- delete families -----------------------------------------------------------------------------

@dataclass(frozen=True)
class DeleteParams:
    targets: tuple[cd.Event, ...]   # the rows to delete (inserted after the noise)
    noise: tuple[cd.Event, ...]


def open_day(day: datetime) -> list[Move]:
    """From the launcher: the app's month view (October 2023), then the day's daily view."""
    if (day.year, day.month) != (2023, 10):
        raise ValueError(f"the oracle opens days of October 2023 only, not {day:%Y-%m-%d}")
    first_cell = 6  # the October grid starts on Sunday, September 24
    return [*open_calendar(), Tap(Sel(id="month_view_background", nth=first_cell + day.day))]


def delete_rows(titles: list[str]) -> list[Move]:
    """In a daily view: long-press the first row, tap the others, delete, confirm."""
    moves: list[Move] = [LongPress(Sel(id="event_item_title", text=titles[0]))]
    for i, title in enumerate(titles[1:], start=1):
        nth = titles[:i].count(title)  # identical titles: the next such row
        moves.append(Tap(Sel(id="event_item_title", text=title, nth=nth)))
    return moves + [Tap(Sel(id="cab_delete")), Tap(Sel(id="android:id/button1", text="Yes"))]


class _CalendarDelete(_Calendar):
    """The rows to delete are inserted after the noise; success = exactly they are gone."""

    def reset_steps(self, params: DeleteParams) -> list[common.ResetStep]:
        return self._reset([*params.noise, *params.targets])

    def progress(self, params: DeleteParams) -> list[Progress]:
        day = params.targets[0].start
        return [Progress(_text_is("top_value", cd.date_label(day)), 0.2),
                Progress(vh_source('#$"cab_delete"'), 0.2, after=0)]

    def _ids_sql(self, params: DeleteParams) -> str:
        conds = " OR ".join(f"(start_ts = {e.start_ts} AND title = {cd.sql_literal(e.title)})"
                            for e in params.targets)
        return f"SELECT id FROM {cd.TABLE} WHERE {conds}"

    def success_checks(self, params: DeleteParams):
        return [rows_removed(self._ids_sql(params))]

    def plan(self, params: DeleteParams) -> list[Move]:
        return [*open_day(params.targets[0].start),
                *delete_rows([e.title for e in sorted(params.targets, key=lambda e: e.start_ts)])]


class CalendarDeleteEvents(_CalendarDelete):
    name = "CalendarDeleteEvents"
    tags = ('calendar', 'data_edit')
    android_world_name = 'SimpleCalendarDeleteEvents'
    difficulty = 'easy'
    optimal_steps = 7
    complexity = 1.4
    template = "In Simple Calendar Pro, delete all the calendar events on {year}-{month}-{day}"
    n_targets = 3
    start_days = (15, 31)

    def sample(self, rng: np.random.Generator) -> DeleteParams:
        day = cd.generate_event(rng, cd.random_start(rng, *self.start_days)).start
        targets = cd.random_items(
            rng, self.n_targets,
            lambda: cd.generate_event(rng, cd.ts(day.day, int(rng.integers(0, 24)))),
            lambda e: True)
        titles = {e.title for e in targets}
        noise = cd.noise_events(rng, 20, lambda e: e.start.date() != day.date()
                                and e.title not in titles)
        return DeleteParams(tuple(targets), tuple(noise))

    def instruction(self, params: DeleteParams) -> str:
        d = params.targets[0].start
        return self.template.format(year=d.year, month=d.month, day=d.day,
                                    day_of_week=d.strftime("%A"))


class CalendarDeleteEventsOnRelativeDay(CalendarDeleteEvents):
    name = "CalendarDeleteEventsOnRelativeDay"
    tags = ('calendar', 'data_edit')
    android_world_name = 'SimpleCalendarDeleteEventsOnRelativeDay'
    difficulty = 'medium'
    optimal_steps = 6
    complexity = 1.2
    template = "In Simple Calendar Pro, delete all events scheduled for this {day_of_week}."
    n_targets = 2
    start_days = (16, 21)  # Monday .. Saturday after Sunday Oct 15


class CalendarDeleteOneEvent(_CalendarDelete):
    name = "CalendarDeleteOneEvent"
    tags = ('calendar', 'data_edit', 'complex_ui_understanding')
    android_world_name = 'SimpleCalendarDeleteOneEvent'
    difficulty = 'easy'
    optimal_steps = 6
    complexity = 1.2
    template = ("In Simple Calendar Pro, delete the calendar event on {year}-{month}-{day} at "
                "{hour}h with the title '{title}'")

    def sample(self, rng: np.random.Generator) -> DeleteParams:
        target = cd.generate_event(rng, cd.random_start(rng))
        noise = cd.noise_events(rng, 20, lambda e: e.start_ts != target.start_ts
                                and e.title != target.title)
        return DeleteParams((target,), tuple(noise))

    def instruction(self, params: DeleteParams) -> str:
        e = params.targets[0]
        s = e.start
        return self.template.format(year=s.year, month=s.month, day=s.day, hour=s.hour,
                                    title=e.title)


class CalendarDeleteDuplicateEvents(_CalendarDelete):
    """Two identical rows (all fields but the id): delete one, keep the other."""

    name = "CalendarDeleteDuplicateEvents"
    tags = ('calendar', 'data_edit', 'duplicates')
    android_world_name = None
    difficulty = None
    optimal_steps = None
    complexity = 1.4
    template = ("In Simple Calendar Pro, delete all but one of any calendar events that are "
                "exact duplicates, ensuring at least one instance of each unique event remains.")

    def sample(self, rng: np.random.Generator) -> DeleteParams:
        target = cd.generate_event(rng, cd.random_start(rng))
        noise = cd.noise_events(rng, int(rng.integers(5, 21)),
                                lambda e: e.title != target.title)
        return DeleteParams((target, target), tuple(noise))

    def instruction(self, params: DeleteParams) -> str:
        return self.template

    def success_checks(self, params: DeleteParams):
        base = self._ids_sql(DeleteParams(params.targets[:1], params.noise))
        return [(rows_removed(base + " ORDER BY id LIMIT 1"),
                 rows_removed(base + " ORDER BY id DESC LIMIT 1"))]

    def plan(self, params: DeleteParams) -> list[Move]:
        return [*open_day(params.targets[0].start), *delete_rows([params.targets[0].title])]


FAMILIES: tuple[type[TaskFamily], ...] = (
    CalendarAddOneEvent, CalendarAddOneEventTomorrow, CalendarAddOneEventInTwoWeeks,
    CalendarAddOneEventRelativeDay, CalendarAddRepeatingEvent, CalendarDeleteEvents,
    CalendarDeleteEventsOnRelativeDay, CalendarDeleteOneEvent, CalendarDeleteDuplicateEvents,
)
