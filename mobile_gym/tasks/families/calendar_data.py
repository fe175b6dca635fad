"""Simple Calendar Pro data for the calendar families: AndroidWorld's event generator and the
`events` table rows it inserts (android_world.md sections 6.1 and 8.1).

Everything random comes from a `numpy.random.Generator`; the draw order follows AndroidWorld's
(day, hour, duration, title prefix, title suffix, action, subject, extra-note coin, note), so the
distributions match although the numbers differ from Python's `random`.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from datetime import datetime, timedelta, timezone
from operator import itemgetter

import numpy as np

from mobile_gym.apps.calendar import APP, EVENTS_TABLE, SOURCE_IMPORTED_ICS, Event
from mobile_gym.apps.sql_text import insert_columns_sql
from mobile_gym.tasks.families.common import drawer
from mobile_gym.tasks.families.draws import Draws, lemire_picks
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

#: The generated texts, made once: the titles by prefix then name or subject (a prefix with
#: "with" takes a name), the descriptions by action then subject, the notes they may end with.
TITLES: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{prefix} {who}" for who in (NAMES if "with" in prefix else SUBJECTS))
    for prefix in TITLES_PREFIXES)
DESCRIPTIONS: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"We will {action} {subject}." for subject in SUBJECTS_DESCRIPTIONS) for action in ACTIONS)
NOTES: tuple[str, ...] = tuple(" " + note for note in ADDITIONAL_NOTES)


def make_event(start_ts: int, end_ts: int, title: str, description: str) -> Event:
    """The generated event with these fields (the others are the table's defaults)."""
    return _EVENTS.make(start_ts=start_ts, end_ts=end_ts, title=title, description=description,
                        source=SOURCE_IMPORTED_ICS)


def generate_event(rng: np.random.Generator, start_ts: int) -> Event:
    """AndroidWorld's `generate_event(start)`: duration, title, description."""
    below = drawer(rng)  # `choice(rng, items)` is `items[below(len(items))]`, written out here
    duration = DURATIONS[below(len(DURATIONS))]
    titles = TITLES[below(len(TITLES_PREFIXES))]
    title = titles[below(len(titles))]
    description = DESCRIPTIONS[below(len(ACTIONS))][below(len(SUBJECTS_DESCRIPTIONS))]
    if below(2):  # `bool(rng.integers(0, 2))`
        description += NOTES[below(len(ADDITIONAL_NOTES))]
    return make_event(start_ts, start_ts + 60 * duration, title, description)


@dataclass(frozen=True, eq=False)
class EventsAhead:
    """Generated events as columns (numpy arrays, the texts as object arrays), in draw order,
    and how many 32-bit values each one's draws read (0: drawn already); `use` makes the
    draws."""

    start_ts: np.ndarray
    end_ts: np.ndarray
    titles: np.ndarray
    descriptions: np.ndarray
    used: list[int]

    def __len__(self) -> int:
        return len(self.used)

    def use(self, rng: np.random.Generator, k: int) -> None:
        """Make the draws of the first k events (skip the values they read)."""
        values = sum(self.used[:k])
        if values:
            rng.skip(values)  # type: ignore[attr-defined]  # only a Draws reads ahead

    def events(self, indices: Sequence[int]) -> list[Event]:
        """The events at these indices, as `generate_event` makes them."""
        return _EVENTS.make_each(start_ts=self.start_ts[indices].tolist(),
                                 end_ts=self.end_ts[indices].tolist(),
                                 title=self.titles[indices].tolist(),
                                 description=self.descriptions[indices].tolist(),
                                 source=[SOURCE_IMPORTED_ICS] * len(indices))


def events_ahead(rng: np.random.Generator, count: int, hours: int = 24,
                 minutes: bool = False) -> EventsAhead:
    """The next events `generate_event(rng, start)` makes after a random start in October 2023
    (day 1-31, then an hour below `hours`, then a minute if `minutes`, else minute 0), one
    after another, not drawn yet (`EventsAhead.use` draws them). From a `Draws`: decoded from
    the values of `count` events at their longest read ahead (so about `count` events), up to
    the first event whose draws might make a Lemire redraw. That event, and every event from
    numpy's own generator, is made by those calls instead, drawn already, alone in its block:
    a caller uses at least the first event of a block."""
    if count < 1:
        raise ValueError(f"events_ahead(count={count}): count must be at least 1")
    starts = (31, hours, 60) if minutes else (31, hours)
    if type(rng) is Draws:
        block = events_from_values(rng.ahead(count * (len(starts) + _EVENT_DRAWS)), starts)
        if len(block):
            return block
    below = drawer(rng)
    start = OCTOBER_DAYS[1 + below(starts[0])] + 3600 * below(starts[1])
    if minutes:
        start += 60 * below(starts[2])
    e = generate_event(rng, start)
    return EventsAhead(np.array([e.start_ts]), np.array([e.end_ts]),
                       np.array([e.title], dtype=object), np.array([e.description], dtype=object),
                       [0])


#: The bounds of `generate_event`'s draws (the name-or-subject bound, 0 here, follows from the
#: prefix drawn), as many as the draws it makes at most.
_EVENT_BOUNDS = (len(DURATIONS), len(TITLES_PREFIXES), 0, len(ACTIONS),
                 len(SUBJECTS_DESCRIPTIONS), 2, len(ADDITIONAL_NOTES))
_EVENT_DRAWS = len(_EVENT_BOUNDS)
#: The draws' values as arrays: the name-or-subject bound by prefix, the flat title list and
#: where each prefix's titles begin in it, the descriptions by action, subject and note (0: none,
#: k: note k-1), each day's midnight and each duration in seconds.
_WHO_BOUNDS = np.array([len(titles) for titles in TITLES], dtype=np.uint64)
_FLAT_TITLES = np.array([title for titles in TITLES for title in titles], dtype=object)
_TITLE_OFFSETS = np.cumsum([0] + [len(titles) for titles in TITLES[:-1]])
_FLAT_DESCRIPTIONS = np.array([text + note for texts in DESCRIPTIONS for text in texts
                               for note in ("", *NOTES)], dtype=object)
_DAY_STARTS = np.array([OCTOBER_DAYS[day] for day in range(1, 32)], dtype=np.int64)
_DURATION_SECONDS = np.array([60 * minutes for minutes in DURATIONS], dtype=np.int64)


def events_from_values(values: Sequence[int], starts: tuple[int, ...]) -> EventsAhead:
    """The events that one-at-a-time draws reading these 32-bit values make (each after a
    start drawn below the bounds `starts`: day - 1, hour[, minute]), up to the first event some
    of whose draws could make a Lemire redraw, or the values' end. Each draw below n reads one
    value u: `(u * n) >> 32`, unless `(u * n) mod 2**32 < n` (then Lemire's method may redraw)."""
    width = len(starts) + _EVENT_DRAWS
    coin = width - 2  # the extra-note coin's column: the note is drawn if it shows 1
    firsts: list[int] = []  # where each event's values begin
    at = 0
    while at + width <= len(values):
        firsts.append(at)
        at += width - 1 + (values[at + coin] >> 31)  # a draw below 2 is the value's top bit
    # array.array reads the ints in one C loop (np.array infers each one's type first)
    u = np.frombuffer(array("I", values), dtype=np.uintc)[np.array(firsts)[:, None]
                                                          + np.arange(width)]
    bounds = np.array([starts + _EVENT_BOUNDS], dtype=np.uint64).repeat(len(firsts), axis=0)
    who = len(starts) + 2
    bounds[:, who] = _WHO_BOUNDS[(u[:, who - 1] * bounds[:, who - 1]) >> 32]
    bounds[:, -1] *= u[:, coin] >> 31  # no note drawn (coin 0): its column is no draw
    picks = lemire_picks(u, bounds).T
    clean = picks.shape[1]  # the events before the first that could redraw
    day, hour = picks[0], picks[1]
    minute = picks[2] if len(starts) == 3 else 0
    duration, prefix, who_pick, action, subject, note_coin, note = picks[len(starts):]
    start_ts = _DAY_STARTS[day] + 3600 * hour + 60 * minute
    description = (action * len(SUBJECTS_DESCRIPTIONS) + subject) * (1 + len(NOTES)) \
        + note_coin * (1 + note)
    return EventsAhead(start_ts, start_ts + _DURATION_SECONDS[duration],
                       _FLAT_TITLES[_TITLE_OFFSETS[prefix] + who_pick],
                       _FLAT_DESCRIPTIONS[description],
                       [after - first for first, after in zip(firsts[:clean], firsts[1:] + [at])])


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
    """Noise: events on any day of October (1-31), any hour, that pass `keep` (one at a time:
    for 20 or fewer events, `events_ahead`'s blocks cost more than they save)."""
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


#: Picks COLUMNS out of an Event's field values: its `vars()` holds every field in
#: declaration order (`__init__` and `RecordMaker` set them in that order).
_PICK_COLUMNS = itemgetter(*(tuple(f.name for f in fields(Event)).index(c) for c in COLUMNS))


def insert_sql(events: Sequence[Event]) -> str:
    """One INSERT of all `events` (ids left to AUTOINCREMENT), or "" for none."""
    by_field = list(zip(*map(dict.values, map(vars, events))))  # each field's value by event
    return insert_columns_sql(TABLE, COLUMNS, _PICK_COLUMNS(by_field) if by_field else (),
                              sql_literal)


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
