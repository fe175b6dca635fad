"""Simple Calendar Pro information-retrieval families (AndroidWorld's nine SimpleCalendar IR
tasks, from its `information_retrieval/proto/tasks.textproto`).

Each family is declared the way AndroidWorld declares an IR task: the question's parameters
(drawn from the same value lists), the relevant events (the rows the answer comes from), the
exclusion conditions that keep the random distractor events from changing the answer, and the
expectation (which field of the relevant rows is the answer, matched as which kind). A seed's
start state is the relevant rows plus 75 distractors (random minutes of October 2023 with the
calendar families' titles and descriptions, drawn until they pass the exclusion conditions),
shuffled and inserted into `events`. The instruction and the expected answer come from those
rows. The episode ends when the agent answers; it succeeds iff the answer matches
(`mobile_gym.tasks.answers`). The oracles read the answer off the app's day views, search
results and event editor (`Note` moves), never from the parameters.

Differences from AndroidWorld, on purpose: distractors never span midnight (so a day view
shows only that day's events) and never share a title with a relevant event; "12:00am" is left
out of NextEvent's times (before the device's 15:34 it would not be the next event); the
relevant events' descriptions are empty, as AndroidWorld's.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone
from typing import Any, ClassVar

import numpy as np

from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.answers import AnswerKind, parse_item
from mobile_gym.tasks.families import calendar_data as cd
from mobile_gym.tasks.families.base import TaskFamily
from mobile_gym.tasks.families.calendar import _Calendar, open_calendar, open_day
from mobile_gym.tasks.families.common import ResetStep, choice
from mobile_gym.tasks.families.oracle import (
    AnswerNotes,
    Move,
    Node,
    Note,
    Sel,
    Tap,
    Type,
)

N_DISTRACTORS = 75
MAX_TRIES = 100
TODAY = cd.NOW.date()

DATES = tuple(f"October {d} 2023" for d in range(15, 30))
TIMES = ("11:00am", "1:30pm", "9:45am", "21:45", "10:00am", "3:15pm", "12pm", "6:30am",
         "8:00pm", "12am", "5:20pm", "23:59", "7:45am", "4pm", "10:30am", "16:15", "2:45am",
         "9:15pm", "11:30am", "20:00")
#: Durations in minutes ("30 m", "60 minutes", "45min", "1 h", "2 hours", ... in AndroidWorld).
DURATIONS = (30, 60, 45, 60, 120, 15, 90, 90, 20, 180, 25, 10, 50, 150, 75, 5)
TITLES = ("Team Meeting", "1-on-1 with Manager", "Product demo", "Team lunch", "Coffee with CEO",
          "Quarterly review", "Scrum meeting", "Doctor's appointment", "Birthday party",
          "Coding challenge", "Board meeting", "Marketing strategy workshop", "Movie night",
          "Dinner with friends", "Concert", "Game night", "Date night", "Weekend trip",
          "Family reunion", "Volunteer cleanup", "Sports game")
PERSONS = ("Amanda", "John", "David", "Lucas", "James", "Ava", "Isabella", "Mia", "Elijah",
           "Charlotte", "Emily", "Muhammad", "Sofia", "Mateo", "Aaliyah", "Isabella", "Daniel",
           "Mia")
LOCATIONS = ("Conference Room A", "McDonald's", "100 Main St Chicago", "City Park",
             "The Coffee Bean", "Sarah's apartment", "Conference Room A", "Zoom meeting",
             "Riverside Restaurant", "Local library", "Bowling alley", "Community center",
             "Online", "The beach", "John's backyard", "State Park", "Art Museum", "Hiking trail",
             "Downtown", "Mall", "The gym", "School auditorium", "Virtual")
EVENTS_ON_DATE_TITLES = ("Data Dive", "Bug Bash", "Dan's Birthday Party", "Trivia Night",
                         *TITLES[2:])
LOCATION_TITLES = ("Marketing Brainstorm", "Lunch with Client", "Team Offsite", *TITLES[2:])
LOCATION_TIMES = ("11:00", "1:30pm", "9:45am", *TIMES)
NEXT_EVENT_TIMES = ("3:53pm", "21:45", "5pm", "17:30", "16:00", "18:30", "18:45", "7pm",
                    "7:15pm", "21:45", "8pm", "8:10pm", "5:20pm", "23:59", "4:00pm", "16:15",
                    "9:15pm", "20:40", "22:35")
NEXT_WEEK_DATES = tuple(f"October {d} 2023" for d in range(16, 23))
NEXT_WEEK_TIMES = ("11:00am", "1:30pm", "9:45am", "21:45", "10:00am", "3:15pm", "12:00pm",
                   "6:30am", "8pm", "12:00am", "5:20pm", "23:59", "7:45am", "4pm", "10:30am",
                   "16:15", "2:45am", "9:15pm", "11:30am", "20:00")
NEXT_WEEK_TITLES = (*TITLES[2:12], "Meet with {person}", *TITLES[12:])
AFTER_TITLES = ("Sales Call", "Client Meeting", "Training Session", "Project Kickoff",
                "Team Brainstorming", "Dentist Appointment", "Haircut", "Grocery Shopping",
                "School Pickup", "Soccer Practice")
AFTER_TIMES = ("18:05", "11:00am", "1:30pm", "9:45am", "10:00am", "3:15pm", "12pm", "6:30am",
               "8:00pm", "5:20pm", "7:45am", "4pm", "10:30am", "16:15", "9:15pm", "11:30am",
               "20:00")
RANGE_START_TIMES = ("11:00am", "1:30pm", "9:45am", "10:00am", "3:15pm", "12pm", "6:30am",
                     "5:20pm", "7:45am", "4pm", "10:30am", "4:15pm", "11:30am")
RANGE_TITLES = ("Gym", "Dinner with Friends", "Happy Hour", "Evening Walk", "Yoga Class",
                "Run in the Park", "Cooking Class", "Movie Night", "Grocery Shopping",
                "Pick up Kids from School")

#: Words of every question parameter (the families' TEXT vocabulary, for typing searches).
WORDS: tuple[str, ...] = tuple(sorted({
    w for text in (*TITLES, *PERSONS, *LOCATIONS, *EVENTS_ON_DATE_TITLES, *LOCATION_TITLES,
                   *AFTER_TITLES, *RANGE_TITLES)
    for w in text.replace("'", " ").split()} | set(cd.WORDS)))


def _parse_date(text: str) -> date:
    d = parse_item(text, AnswerKind.DATE)
    if d is None:
        raise ValueError(f"not a date: {text!r}")
    return d


def _parse_time(text: str) -> time:
    t = parse_item(text, AnswerKind.TIME)
    if t is None:
        raise ValueError(f"not a time: {text!r}")
    return t


#: The questions' dates and times, parsed once (a seed's build reads several of them).
_DATES: dict[str, date] = {text: _parse_date(text) for text in (*DATES, *NEXT_WEEK_DATES)}
_TIMES: dict[str, time] = {text: _parse_time(text) for text in (
    *TIMES, *LOCATION_TIMES, *NEXT_EVENT_TIMES, *NEXT_WEEK_TIMES, *AFTER_TIMES,
    *RANGE_START_TIMES)}


def parse_date(text: str) -> date:
    """A question's date ("October 22 2023"), as the answers module reads one."""
    known = _DATES.get(text)
    return known if known is not None else _parse_date(text)


def parse_time(text: str) -> time:
    """A question's time ("9:45am", "21:45"), as the answers module reads one."""
    known = _TIMES.get(text)
    return known if known is not None else _parse_time(text)


def at(day: date, when: time) -> int:
    return int(datetime.combine(day, when, tzinfo=timezone.utc).timestamp())


# -- AndroidWorld's IR state: relevant events + distractors under exclusion conditions ------------

_OPS: dict[str, Callable[[Any, Any], bool]] = {
    "==": operator.eq, ">": operator.gt, ">=": operator.ge, "<": operator.lt, "<=": operator.le,
    "contains": lambda field, value: value in field}


@dataclass(frozen=True)
class Exclusion:
    """One exclusion condition: `field` (start_date, start_time or title) `op` `value`."""

    field: str
    op: str
    value: Any  # a date, a time or a lower-case title fragment


def excluded(event: cd.Event, conditions: Sequence[Exclusion]) -> bool:
    """AndroidWorld's rule: an event is excluded iff it meets every condition; a date or time
    condition is met by the event's start or its end (an overlapping event counts)."""
    return ExclusionTest(conditions)(event.start_ts, event.end_ts, event.title)


_EPOCH_DAY = date(1970, 1, 1).toordinal()
_US = 1_000_000


class ExclusionTest:
    """`excluded` for one set of conditions, on an event's Unix seconds and title: dates and
    times are compared as whole UTC days and microseconds of the day (the order of `date` and
    `time` values), so no datetime is made per event."""

    def __init__(self, conditions: Sequence[Exclusion]) -> None:
        self.conditions = tuple(conditions)
        self._tests: list[tuple[str, Callable[[Any, Any], bool], Any]] = []
        for c in conditions:
            test = _OPS[c.op]
            if c.field == "start_date":
                self._tests.append(("day", test, c.value.toordinal() - _EPOCH_DAY))
            elif c.field == "start_time":
                value = c.value
                micros = ((value.hour * 60 + value.minute) * 60 + value.second) * _US \
                    + value.microsecond
                self._tests.append(("time", test, micros))
            elif c.field == "title":
                self._tests.append(("title", test, c.value))
            else:
                raise ValueError(f"unknown exclusion field {c.field!r}")

    def __repr__(self) -> str:
        return f"ExclusionTest({list(self.conditions)!r})"

    def each(self, start_ts: np.ndarray, end_ts: np.ndarray, titles: np.ndarray) -> np.ndarray:
        """This test of every event of the columns (ints; titles an object array), as a
        boolean array: each op on whole arrays, a title's test once per distinct title."""
        out = np.full(len(start_ts), bool(self._tests))
        for what, test, value in self._tests:
            if what == "day":
                out &= test(start_ts // 86400, value) | test(end_ts // 86400, value)
            elif what == "time":
                out &= test(start_ts % 86400 * _US, value) | test(end_ts % 86400 * _US, value)
            else:
                met = {title: test(title.lower(), value) for title in set(titles.tolist())}
                out &= np.array([met[title] for title in titles.tolist()], dtype=bool)
        return out

    def __call__(self, start_ts: int, end_ts: int, title: str) -> bool:
        if not self._tests:
            return False
        for what, test, value in self._tests:
            if what == "day":
                met = test(start_ts // 86400, value) or test(end_ts // 86400, value)
            elif what == "time":
                met = test(start_ts % 86400 * _US, value) or test(end_ts % 86400 * _US, value)
            else:
                met = test(title.lower(), value)
            if not met:
                return False
        return True


def distractor(rng: np.random.Generator, conditions: Sequence[Exclusion] | ExclusionTest,
               taken: set[str]) -> cd.Event:
    """A random event of October 2023 (any day, starting 00:00-22:59 so it never spans midnight)
    that the conditions do not exclude and whose title no relevant event has."""
    return distractors(rng, conditions, taken, 1)[0]


def distractors(rng: np.random.Generator, conditions: Sequence[Exclusion] | ExclusionTest,
                taken: set[str], n: int) -> list[cd.Event]:
    """`distractor` n times: the events drawn in blocks (`calendar_data.events_ahead`), each
    block's tested at once."""
    test = conditions if isinstance(conditions, ExclusionTest) else ExclusionTest(conditions)
    out: list[cd.Event] = []
    tries = 0  # the rejected tries of the next distractor
    while len(out) < n:
        block = cd.events_ahead(rng, n - len(out) + 8, hours=23, minutes=True)
        rejected = test.each(block.start_ts, block.end_ts, block.titles).tolist()
        titles = block.titles.tolist()
        clashing = {title for title in set(titles) if title.lower() in taken}  # usually none
        if clashing:
            rejected = [bad or title in clashing for bad, title in zip(rejected, titles)]
        chosen: list[int] = []
        end = len(block)
        for i, bad in enumerate(rejected):
            if not bad:
                chosen.append(i)
                tries = 0
                if len(out) + len(chosen) == n:
                    end = i + 1
                    break
            else:
                tries += 1
                if tries == MAX_TRIES:
                    raise RuntimeError(f"no distractor passes {list(test.conditions)} in "
                                       f"{MAX_TRIES} tries")
        block.use(rng, end)
        out += block.events(chosen)
    return out


def relevant(day: date, when: time, title: str, minutes: int = 30,
             location: str = "") -> cd.Event:
    """A relevant event as AndroidWorld creates it (30 minutes unless a duration is given)."""
    start = at(day, when)
    return cd.Event(start_ts=start, end_ts=start + 60 * minutes, title=title, location=location,
                    source=cd.SOURCE_IMPORTED_ICS)


@dataclass(frozen=True)
class IRParams:
    """A seed's question (`fields` fill the template), its rows and the expected answer."""

    fields: tuple[tuple[str, str], ...]
    relevant: tuple[cd.Event, ...]
    rows: tuple[cd.Event, ...]        # relevant + distractors, shuffled (insertion order)
    expected: tuple[str, ...]

    def get(self, name: str) -> str:
        return dict(self.fields)[name]


# -- what the oracle reads ---------------------------------------------------------------------

@dataclass(frozen=True)
class DayRows:
    """(title, start "HH:MM") of each event row on screen (day view, search results)."""

    def __call__(self, windows: list[list[Node]]) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        title: str | None = None
        for node in (n for nodes in windows for n in nodes):
            rid = node.get("resource-id")
            if rid.endswith(":id/event_item_title"):
                title = node.get("text")
            elif rid.endswith(":id/event_item_time") and title is not None:
                out.append((title, node.get("text")[:5]))
                title = None
        return out


@dataclass(frozen=True)
class FieldText:
    """The text of the view `view_id` on screen (e.g. the editor's location)."""

    view_id: str

    def __call__(self, windows: list[list[Node]]) -> list[str]:
        return [n.get("text") for nodes in windows for n in nodes
                if n.get("resource-id").endswith(":id/" + self.view_id)][:1]


@dataclass(frozen=True)
class Titles:
    """The distinct titles of the noted rows starting in [lo, hi] ("HH:MM"); `first`: only the
    earliest; joined with ", "."""

    lo: str = "00:00"
    hi: str = "23:59"
    first: bool = False

    def __call__(self, notes: list[Any]) -> str:
        rows = [(t, s) for t, s in notes if self.lo <= s <= self.hi]
        if self.first and rows:
            earliest = min(s for _, s in rows)
            rows = [(t, s) for t, s in rows if s == earliest]
        return ", ".join(dict.fromkeys(t for t, _ in rows))


@dataclass(frozen=True)
class Joined:
    """The noted texts joined with " " (e.g. a date label and a time)."""

    def __call__(self, notes: list[Any]) -> str:
        return " ".join(str(n) for n in notes)


@dataclass(frozen=True)
class EditorWhen:
    """The editor's start date label ("October 22 (Sun)", the year only if not 2023) and start
    time, as "October 22 2023 14:30"."""

    def __call__(self, windows: list[list[Node]]) -> list[str]:
        label = FieldText("event_start_date")(windows)[0]
        clock = FieldText("event_start_time")(windows)[0]
        words = label.replace("(", " ").replace(")", " ").split()
        year = next((w for w in words if len(w) == 4 and w.isdigit()), str(TODAY.year))
        return [f"{words[0]} {words[1]} {year} {clock}"]


def read_day(day: date) -> Note:
    """Read a day view's rows once its title shows `day`."""
    return Note(Sel(id="top_value", text=cd.date_label(datetime.combine(day, time()))), DayRows(),
                scroll=Sel(id="day_events"))


def search_and_open(text: str, title_re: str) -> list[Move]:
    """From the launcher: search for `text`, open the result whose title matches `title_re`."""
    return [*open_calendar(), Tap(Sel(id="top_toolbar_search")), Type(text),
            Tap(Sel(id="event_item_title", text_re=title_re)), ]


# -- families ----------------------------------------------------------------------------------

class _CalendarIR(_Calendar):
    """An IR family: `question` draws the parameters, `relevant_events` the rows the answer
    comes from, `exclusions` constrain the distractors, `expect` gives the answer."""

    complexity = 1.0
    ends_on_answer = True
    words = WORDS
    kind: ClassVar[AnswerKind] = AnswerKind.STRING
    tags: ClassVar[tuple[str, ...]] = ("calendar", "information_retrieval")

    def question(self, rng: np.random.Generator) -> dict[str, str]:
        raise NotImplementedError

    def relevant_events(self, rng: np.random.Generator, q: dict[str, str]) -> list[cd.Event]:
        raise NotImplementedError

    def exclusions(self, q: dict[str, str]) -> list[Exclusion]:
        raise NotImplementedError

    def expect(self, events: list[cd.Event]) -> list[str]:
        return [e.title for e in events]

    def sample(self, rng: np.random.Generator) -> IRParams:
        q = self.question(rng)
        events = self.relevant_events(rng, q)
        conditions = ExclusionTest(self.exclusions(q))
        taken = {e.title.lower() for e in events}
        rows = events + distractors(rng, conditions, taken, N_DISTRACTORS)
        order = rng.permutation(len(rows))
        return IRParams(tuple(sorted(q.items())), tuple(events),
                        tuple(map(rows.__getitem__, order.tolist())), tuple(self.expect(events)))

    def instruction(self, params: IRParams) -> str:
        return self.template.format(**dict(params.fields))

    def reset_steps(self, params: IRParams) -> list[ResetStep]:
        return self._reset(list(params.rows))

    def success_checks(self, params: IRParams):
        check = task_pb2.EventSource.ResponseEvent.AnswerCheck(
            kind=int(self.kind), expected=list(params.expected))
        return [task_pb2.EventSource(response_event=task_pb2.EventSource.ResponseEvent(
            answer=check))]


def _distinct(rng: np.random.Generator, values: Sequence[str], n: int) -> list[str]:
    """`n` draws without replacement (AndroidWorld's `_without_replacement` parameters)."""
    pool = list(dict.fromkeys(values))
    return [pool.pop(int(rng.integers(0, len(pool)))) for _ in range(n)]


class CalendarEventsOnDate(_CalendarIR):
    name = "CalendarEventsOnDate"
    tags = ('calendar', 'information_retrieval')
    android_world_name = 'SimpleCalendarEventsOnDate'
    difficulty = 'medium'
    optimal_steps = 4
    template = ("What events do I have {date} in Simple Calendar Pro? Answer with the titles "
                "only. If there are multiple titles, format your answer as a comma separated list.")

    def question(self, rng):
        return {"time": choice(rng, TIMES), "date": choice(rng, DATES),
                "duration": str(choice(rng, DURATIONS)),
                "title": choice(rng, EVENTS_ON_DATE_TITLES)}

    def relevant_events(self, rng, q):
        return [relevant(parse_date(q["date"]), parse_time(q["time"]), q["title"],
                         int(q["duration"]))]

    def exclusions(self, q):
        return [Exclusion("start_date", "==", parse_date(q["date"]))]

    def plan(self, params):
        day = parse_date(params.get("date"))
        return [*open_day(datetime.combine(day, time())), read_day(day), AnswerNotes(Titles())]


class CalendarAnyEventsOnDate(CalendarEventsOnDate):
    name = "CalendarAnyEventsOnDate"
    tags = ('calendar', 'information_retrieval')
    android_world_name = 'SimpleCalendarAnyEventsOnDate'
    difficulty = 'easy'
    optimal_steps = 4
    template = ("Do I have any events {date} in Simple Calendar Pro? Answer with the titles "
                "only. If there are multiples titles, format your answer in a comma separated "
                "list.")

    def question(self, rng):
        day = choice(rng, DATES)
        titles = _distinct(rng, TITLES, 3)
        times = _distinct(rng, TIMES, 3)
        return {"date": day, **{f"title{i}": t for i, t in enumerate(titles)},
                **{f"time{i}": t for i, t in enumerate(times)}}

    def relevant_events(self, rng, q):
        day = parse_date(q["date"])
        return [relevant(day, parse_time(q[f"time{i}"]), q[f"title{i}"], 60) for i in range(3)]


class CalendarEventOnDateAtTime(CalendarEventsOnDate):
    name = "CalendarEventOnDateAtTime"
    tags = ('calendar', 'information_retrieval')
    android_world_name = 'SimpleCalendarEventOnDateAtTime'
    difficulty = 'medium'
    optimal_steps = 3
    template = ("What is on my schedule for {date} at {time} in Simple Calendar Pro? Answer with "
                "the titles only. If there are multiples titles, format your answer in a comma "
                "separated list.")

    def question(self, rng):
        return {"date": choice(rng, DATES), "time": choice(rng, TIMES),
                "duration": str(choice(rng, DURATIONS)), "title": choice(rng, TITLES)}

    def exclusions(self, q):
        return [Exclusion("start_date", "==", parse_date(q["date"])),
                Exclusion("start_time", "==", parse_time(q["time"]))]

    def plan(self, params):
        day, when = parse_date(params.get("date")), parse_time(params.get("time"))
        hhmm = f"{when:%H:%M}"
        return [*open_day(datetime.combine(day, time())), read_day(day),
                AnswerNotes(Titles(hhmm, hhmm))]


class CalendarFirstEventAfterStartTime(CalendarEventsOnDate):
    name = "CalendarFirstEventAfterStartTime"
    tags = ('calendar', 'information_retrieval', 'screen_reading')
    android_world_name = 'SimpleCalendarFirstEventAfterStartTime'
    difficulty = 'easy'
    optimal_steps = 2
    template = ("What is my first event after {time} {date} in Simple Calendar Pro? Answer with "
                "the titles only. If there are multiples titles, format your answer in a comma "
                "separated list.")

    def question(self, rng):
        return {"date": choice(rng, DATES), "title": choice(rng, AFTER_TITLES),
                "time": choice(rng, AFTER_TIMES), "duration": str(choice(rng, DURATIONS))}

    def exclusions(self, q):
        return [Exclusion("start_date", "==", parse_date(q["date"])),
                Exclusion("start_time", ">=", parse_time(q["time"]))]

    def plan(self, params):
        day, when = parse_date(params.get("date")), parse_time(params.get("time"))
        return [*open_day(datetime.combine(day, time())), read_day(day),
                AnswerNotes(Titles(lo=f"{when:%H:%M}", first=True))]


class CalendarEventsInTimeRange(CalendarEventsOnDate):
    name = "CalendarEventsInTimeRange"
    tags = ('calendar', 'information_retrieval', 'complex_ui_understanding', 'screen_reading', 'search', 'transcription')
    android_world_name = 'SimpleCalendarEventsInTimeRange'
    difficulty = 'easy'
    optimal_steps = 2
    template = ("Do I have any events between {start_time} and 8pm {date} in Simple Calendar "
                "Pro? Assume the week starts from Sunday. Answer with the titles only. If there "
                "are multiples titles, format your answer in a comma separated list.")

    def question(self, rng):
        return {"start_time": choice(rng, RANGE_START_TIMES), "date": choice(rng, DATES),
                "title": choice(rng, RANGE_TITLES), "duration": str(choice(rng, DURATIONS))}

    def relevant_events(self, rng, q):
        return [relevant(parse_date(q["date"]), parse_time(q["start_time"]), q["title"],
                         int(q["duration"]))]

    def exclusions(self, q):
        return [Exclusion("start_date", "==", parse_date(q["date"])),
                Exclusion("start_time", ">=", parse_time(q["start_time"])),
                Exclusion("start_time", "<=", time(20, 0))]

    def plan(self, params):
        day, lo = parse_date(params.get("date")), parse_time(params.get("start_time"))
        return [*open_day(datetime.combine(day, time())), read_day(day),
                AnswerNotes(Titles(lo=f"{lo:%H:%M}", hi="20:00"))]


class CalendarNextEvent(CalendarEventsOnDate):
    name = "CalendarNextEvent"
    tags = ('calendar', 'information_retrieval', 'complex_ui_understanding', 'screen_reading')
    android_world_name = 'SimpleCalendarNextEvent'
    difficulty = 'easy'
    optimal_steps = 4
    template = ("What is my next upcoming event in Simple Calendar Pro? Answer with the title "
                "only. If there are multiples titles, format your answer in a comma separated "
                "list.")

    def question(self, rng):
        return {"time": choice(rng, NEXT_EVENT_TIMES), "duration": str(choice(rng, DURATIONS)),
                "title": choice(rng, TITLES), "date": f"October {TODAY.day} 2023"}

    def exclusions(self, q):
        return [Exclusion("start_date", "==", TODAY),
                Exclusion("start_time", "<=", parse_time(q["time"])),
                Exclusion("start_time", ">=", time(15, 30))]

    def plan(self, params):
        now = f"{cd.NOW:%H:%M}"
        return [*open_day(datetime.combine(TODAY, time())), read_day(TODAY),
                AnswerNotes(Titles(lo=now, first=True))]


class CalendarEventsInNextWeek(CalendarEventsOnDate):
    name = "CalendarEventsInNextWeek"
    tags = ('calendar', 'information_retrieval')
    android_world_name = 'SimpleCalendarEventsInNextWeek'
    difficulty = 'easy'
    optimal_steps = 3
    template = ("What events do I have in the next week in Simple Calendar Pro? Assume the week "
                "starts from Monday. Answer with the titles only. If there are multiples titles, "
                "format your answer in a comma separated list.")

    def question(self, rng):
        days = _distinct(rng, NEXT_WEEK_DATES, 2)
        times = _distinct(rng, NEXT_WEEK_TIMES, 2)
        person = choice(rng, PERSONS)
        first = choice(rng, NEXT_WEEK_TITLES).format(person=person)
        second = choice(rng, [t.format(person=person) for t in NEXT_WEEK_TITLES
                              if t.format(person=person) != first])
        return {"date0": days[0], "date1": days[1], "time0": times[0], "time1": times[1],
                "duration": str(choice(rng, DURATIONS)), "title0": first, "title1": second,
                "person": person}

    def relevant_events(self, rng, q):
        return [relevant(parse_date(q["date0"]), parse_time(q["time0"]), q["title0"],
                         int(q["duration"])),
                relevant(parse_date(q["date1"]), parse_time(q["time1"]), q["title1"])]

    def exclusions(self, q):
        return [Exclusion("start_date", "<=", date(2023, 10, 22)),
                Exclusion("start_date", ">=", TODAY)]

    def plan(self, params):
        first = TODAY + timedelta(days=1)
        moves: list[Move] = [*open_day(datetime.combine(first, time())), read_day(first)]
        for k in range(1, 7):
            moves += [Tap(Sel(id="top_right_arrow")), read_day(first + timedelta(days=k))]
        return [*moves, AnswerNotes(Titles())]


class CalendarLocationOfEvent(_CalendarIR):
    name = "CalendarLocationOfEvent"
    tags = ('calendar', 'information_retrieval', 'search')
    android_world_name = 'SimpleCalendarLocationOfEvent'
    difficulty = 'easy'
    optimal_steps = 4
    template = ("What is the location of my {title} event in Simple Calendar Pro? Answer with "
                "the location only.")

    def question(self, rng):
        return {"title": choice(rng, LOCATION_TITLES), "location": choice(rng, LOCATIONS),
                "date": choice(rng, DATES), "time": choice(rng, LOCATION_TIMES)}

    def relevant_events(self, rng, q):
        return [relevant(parse_date(q["date"]), parse_time(q["time"]), q["title"],
                         location=q["location"])]

    def exclusions(self, q):
        return [Exclusion("title", "contains", q["title"].lower())]

    def expect(self, events):
        return [e.location for e in events]

    def plan(self, params):
        title = params.get("title")
        return [*search_and_open(title, re.escape(title)),
                Note(Sel(id="event_location"), FieldText("event_location")),
                AnswerNotes(Joined())]


class CalendarNextMeetingWithPerson(_CalendarIR):
    name = "CalendarNextMeetingWithPerson"
    tags = ('calendar', 'information_retrieval', 'search')
    android_world_name = 'SimpleCalendarNextMeetingWithPerson'
    difficulty = 'medium'
    optimal_steps = 5
    kind = AnswerKind.DATETIME
    template = ("When is my next meeting with {person} in Simple Calendar Pro? Express your "
                "answer in the format <month name> <day> <year> <hour in 24-hour format>:"
                "<minutes>.")

    def question(self, rng):
        return {"person": choice(rng, PERSONS), "date": choice(rng, DATES),
                "time": choice(rng, LOCATION_TIMES)}

    def relevant_events(self, rng, q):
        return [relevant(parse_date(q["date"]), parse_time(q["time"]), f"Drinks with {q['person']}")]

    def exclusions(self, q):
        return [Exclusion("title", "contains", q["person"].lower()),
                Exclusion("start_date", "==", parse_date(q["date"]))]

    def expect(self, events):
        return [f"{e.start:%Y-%m-%d %H:%M}" for e in events]

    def plan(self, params):
        person = params.get("person")
        return [*search_and_open(person, f".*{re.escape(person)}.*"),
                Note(Sel(id="event_start_time"), EditorWhen()), AnswerNotes(Joined())]


FAMILIES: tuple[type[TaskFamily], ...] = (
    CalendarEventsOnDate, CalendarNextEvent, CalendarEventOnDateAtTime, CalendarAnyEventsOnDate,
    CalendarNextMeetingWithPerson, CalendarLocationOfEvent, CalendarEventsInNextWeek,
    CalendarFirstEventAfterStartTime, CalendarEventsInTimeRange,
)
