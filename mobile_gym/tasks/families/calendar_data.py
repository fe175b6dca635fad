"""Simple Calendar Pro data for the calendar families: AndroidWorld's event generator and the
`events` table rows it inserts (android_world.md sections 6.1 and 8.1).

Everything random comes from a `numpy.random.Generator`; the draw order follows AndroidWorld's
(day, hour, duration, title prefix, title suffix, action, subject, extra-note coin, note), so the
distributions match although the numbers differ from Python's `random`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from operator import attrgetter

import numpy as np

from mobile_gym.apps.calendar import APP, EVENTS_TABLE, SOURCE_IMPORTED_ICS, Event
from mobile_gym.apps.sql_text import insert_rows_sql
from mobile_gym.tasks.families.common import drawer
from mobile_gym.tasks.families.records import RecordMaker

DB_PATH = APP.database_path("events.db")
TABLE = EVENTS_TABLE

#: The device's "now": 2023-10-15 15:34 UTC, a Sunday (AndroidWorld's DT).
NOW = datetime(2023, 10, 15, 15, 34, tzinfo=timezone.utc)

TITLES_PREFIXES = ("Meeting with", "Call with", "Workshop on", "Appointment for", "Catch up on",
                   "Review session for")
NAMES = ("Alice", "Bob", "the Team", "HR", "Dr. Smith", "Marketing")
SUBJECTS = ("Project X", "Annual Report", "Budget Planning", "Campaign")
ACTIONS = ("discuss", "finalize", "plan", "celebrate", "prepare for", "review", "explore",
           "understand", "organize", "strategize about")
SUBJECTS_DESCRIPTIONS = ("upcoming project milestones", "marketing strategies", "annual budget",
                         "product launch", "team roles", "client feedback", "contract details",
                         "software updates", "business objectives")
ADDITIONAL_NOTES = ("Please bring relevant documents.", "Remember to confirm attendance.",
                    "Let's be punctual.", "Looking forward to productive discussions.",
                    "Snacks will be provided.")
DURATIONS = (15, 30, 45, 60)

#: Words of every generated title and description (the families' TEXT vocabulary).
WORDS: tuple[str, ...] = tuple(sorted({
    w for text in (*TITLES_PREFIXES, *NAMES, *SUBJECTS, *ACTIONS, *SUBJECTS_DESCRIPTIONS,
                   *ADDITIONAL_NOTES, "We will")
    for w in text.replace(".", " ").replace("'", " ").split()}))

DAILY_SECONDS = 86400
WEEKLY_SECONDS = 604800


#: The columns a seeded row is inserted with, in the order of AndroidWorld's CalendarEvent
#: fields (the id is left to AUTOINCREMENT; the seed digests hash this SQL).
COLUMNS: tuple[str, ...] = (
    "start_ts", "end_ts", "title", "location", "description", "repeat_interval", "repeat_rule",
    "reminder_1_minutes", "reminder_2_minutes", "reminder_3_minutes", "reminder_1_type",
    "reminder_2_type", "reminder_3_type", "repeat_limit", "repetition_exceptions", "attendees",
    "import_id", "time_zone", "flags", "event_type", "parent_id", "last_updated", "source",
    "availability", "color", "type",
)


def ts(day: int, hour: int, minute: int = 0, month: int = 10, year: int = 2023) -> int:
    """Unix seconds of a UTC wall time."""
    return int(datetime(year, month, day, hour, minute, tzinfo=timezone.utc).timestamp())


#: Unix seconds of each October 2023 day's UTC midnight, by day of the month (the random
#: starts add hours and minutes to these rather than building a datetime per draw).
OCTOBER_DAYS: dict[int, int] = {day: ts(day, 0) for day in range(1, 32)}


def random_start(rng: np.random.Generator, start_day: int = 15, end_day: int = 31,
                 start_hour: int = 0) -> int:
    """AndroidWorld's `create_random_october_2023_unix_ts`: day, then hour, minute 0."""
    draw = drawer(rng)
    day = start_day + draw(end_day + 1 - start_day)
    hour = start_hour + draw(24 - start_hour)
    return OCTOBER_DAYS[day] + 3600 * hour


#: Makes the generated events (an `Event(...)` of 28 fields costs more than its draws).
_EVENTS = RecordMaker(Event)
_WITH_PREFIXES = frozenset(p for p in TITLES_PREFIXES if "with" in p)


def generate_event(rng: np.random.Generator, start_ts: int) -> Event:
    """AndroidWorld's `generate_event(start)`: duration, title, description."""
    below = drawer(rng)  # `choice(rng, items)` is `items[below(len(items))]`, written out here
    duration = DURATIONS[below(len(DURATIONS))]
    prefix = TITLES_PREFIXES[below(len(TITLES_PREFIXES))]
    who = NAMES[below(len(NAMES))] if prefix in _WITH_PREFIXES else SUBJECTS[below(len(SUBJECTS))]
    description = (f"We will {ACTIONS[below(len(ACTIONS))]} "
                   f"{SUBJECTS_DESCRIPTIONS[below(len(SUBJECTS_DESCRIPTIONS))]}.")
    if below(2):  # `bool(rng.integers(0, 2))`
        description += " " + ADDITIONAL_NOTES[below(len(ADDITIONAL_NOTES))]
    return _EVENTS.make(start_ts=start_ts, end_ts=start_ts + 60 * duration, title=f"{prefix} {who}",
                        description=description, source=SOURCE_IMPORTED_ICS)


def random_items(rng: np.random.Generator, n: int, generate: Callable[[], Event],
                 keep: Callable[[Event], bool], *, max_attempts: int = 10_000) -> list[Event]:
    """`get_random_items`: draw until `n` distinct items pass `keep` (rejections consume draws)."""
    out: list[Event] = []
    taken: set[Event] = set()  # the items of `out`, for a membership test that does not scan it
    for _ in range(max_attempts):
        if len(out) == n:
            return out
        item = generate()
        if keep(item) and item not in taken:
            out.append(item)
            taken.add(item)
    if len(out) == n:
        return out
    raise RuntimeError(f"could not draw {n} distinct items in {max_attempts} attempts")


def noise_events(rng: np.random.Generator, n: int, keep: Callable[[Event], bool]) -> list[Event]:
    """Noise: events on any day of October (1-31), any hour, that pass `keep`."""
    return random_items(rng, n, lambda: generate_event(rng, random_start(rng, start_day=1)), keep)


def sql_literal(value: object) -> str:
    if type(value) is int:  # the common cases first, by exact type
        return str(value)
    if type(value) is str:
        return "'" + value.replace("'", "''") + "'"
    if isinstance(value, str):
        return "'" + value.replace("'", "''") + "'"
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"unsupported SQL value {value!r}")
    return str(value)


_ROW = attrgetter(*COLUMNS)


def insert_sql(events: Sequence[Event]) -> str:
    """One INSERT of all `events` (ids left to AUTOINCREMENT), or "" for none."""
    return insert_rows_sql(TABLE, COLUMNS, list(map(_ROW, events)), sql_literal)


def reset_sql(events: Sequence[Event]) -> str:
    """Empty the table (and its AUTOINCREMENT counter) and insert `events` in order, in one
    transaction (one commit, not fsynced: a start state need not survive a power cut; the app
    never sees a half-written table)."""
    return (f"PRAGMA synchronous = OFF; BEGIN; DELETE FROM {TABLE}; "
            f"DELETE FROM sqlite_sequence WHERE name = '{TABLE}'; {insert_sql(events)} COMMIT;")


def date_label(when: datetime) -> str:
    """How the editor shows a date: "October 23 (Mon)" (the year only if not 2023)."""
    text = f"{when.strftime('%B')} {when.day} ({when.strftime('%a')})"
    return text if when.year == NOW.year else f"{text} {when.year}"


def picker_day_desc(when: datetime) -> str:
    """A regex for the date picker's day cell content-desc ("23 October 2023", zero-padded
    on the simulator)."""
    return f"0?{when.day} {when.strftime('%B')} {when.year}"


def picker_hour_desc(when: datetime) -> str:
    """The 24-hour clock face's label content-desc for the hour: "00 hours" for midnight (MDC
    1.9.0 leaves HOUR_CLOCK_24_VALUES unformatted, so only 0 is padded), else "N hours"."""
    return f"{when.hour:02d} hours" if when.hour == 0 else f"{when.hour} hours"


def with_repeat(event: Event, rule: str) -> Event:
    """The event repeating "daily" or "weekly" forever (AndroidWorld's repeat fields)."""
    if rule == "daily":
        return replace(event, repeat_interval=DAILY_SECONDS, repeat_rule=0)
    if rule == "weekly":
        return replace(event, repeat_interval=WEEKLY_SECONDS,
                       repeat_rule=1 << (event.start.isoweekday() - 1))
    raise ValueError(f"repeat rule {rule!r}: expected 'daily' or 'weekly'")


def day_bounds(when: datetime) -> tuple[int, int]:
    """[start, end) Unix seconds of `when`'s UTC day."""
    start = datetime(when.year, when.month, when.day, tzinfo=timezone.utc)
    return int(start.timestamp()), int((start + timedelta(days=1)).timestamp())
