"""OpenTracks information-retrieval families: AndroidWorld's six SportsTracker tasks.

A seed's start state is the relevant tracks (the rows the answer comes from) plus distractors
(random tracks of September 1 - October 15 2023 drawn until they cannot change the answer),
shuffled and written to `tracks`. The question names a category and a day, a week or an
interval; the answer is a count, the categories, minutes or metres, checked by the typed answer
checker (`mobile_gym.tasks.answers`). The oracles read the track list (scrolling it) or a
track's statistics page and compute the answer from what is on screen, never from the rows.

"This week" is Monday October 9 to Sunday October 15 2023 (the device's day): in the list these
are exactly the days shown as "Monday".."Friday", "Yesterday" and "Today".
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any, ClassVar

import numpy as np

from mobile_gym.apps import opentracks as model
from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.answers import AnswerKind
from mobile_gym.tasks.families import opentracks_data as od
from mobile_gym.tasks.families.base import TaskFamily
from mobile_gym.tasks.families.common import (
    ResetStep,
    choice,
    force_stop,
    launch_once,
    press_home,
    shell_step,
    sqlite_step,
)
from mobile_gym.tasks.families.oracle import AnswerNotes, Move, Node, Note, Sel, Tap

N_DISTRACTORS = 15
MAX_TRIES = 200
WORDS: tuple[str, ...] = ()

_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS = {m: i for i, m in enumerate(("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug",
                                        "Sep", "Oct", "Nov", "Dec"), start=1)}
_SPAN = re.compile(r"(?:(\d+):)?(\d+):(\d+) \(([\d,.]+) (km|m)\)")


# -- reading the list ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Row:
    """One track row as read off the list."""

    name: str
    day: date
    clock: str
    minutes: int
    meters: int
    category: str


def list_day(label: str, today: date = od.TODAY) -> date:
    """The day a list date label stands for ("Today", "Yesterday", "Monday", "20 Sep",
    "20 Sep 2022")."""
    if label == "Today":
        return today
    if label == "Yesterday":
        return today - timedelta(days=1)
    if label in _WEEKDAYS:
        back = (today.weekday() - _WEEKDAYS.index(label)) % 7
        return today - timedelta(days=back or 7)
    parts = label.split()
    year = int(parts[2]) if len(parts) == 3 else today.year
    return date(year, _MONTHS[parts[1]], int(parts[0]))


def parse_span(text: str) -> tuple[int, int]:
    """(minutes, metres) of a "1:35:00 (12.34 km)" time-distance text."""
    m = _SPAN.fullmatch(text)
    if m is None:
        raise ValueError(f"not a track time and distance: {text!r}")
    hours, mins, secs, value, unit = m.groups()
    minutes = int(hours or 0) * 60 + int(mins) + int(secs) // 60
    meters = float(value.replace(",", "")) * (1000 if unit == "km" else 1)
    return minutes, round(meters)


def row_category(text: str) -> str:
    """The category of a "[running] description" text ("" without one)."""
    return text[1:text.index("]")] if text.startswith("[") and "]" in text else ""


@dataclass(frozen=True)
class ListRows:
    """Every `track_list_item` row on screen, as `Row`s."""

    def __call__(self, windows: list[list[Node]]) -> list[Row]:
        out: list[Row] = []
        cur: dict[str, str] = {}
        for node in (n for nodes in windows for n in nodes):
            rid = node.get("resource-id")
            if not rid.startswith(model.PACKAGE + ":id/track_list_item_"):
                continue
            key = rid.rsplit("/", 1)[1][len("track_list_item_"):]
            if key == "name":
                cur = {}
            cur[key] = node.get("text")
            if key == "category_description" and {"name", "date", "time", "time_distance"} <= cur.keys():
                minutes, meters = parse_span(cur["time_distance"])
                out.append(Row(cur["name"], list_day(cur["date"]), cur["time"], minutes, meters,
                               row_category(cur["category_description"])))
        return out


@dataclass(frozen=True)
class StatsText:
    """The text of a statistics value `view_id` on screen."""

    view_id: str

    def __call__(self, windows: list[list[Node]]) -> list[str]:
        return [n.get("text") for nodes in windows for n in nodes
                if n.get("resource-id") == f"{model.PACKAGE}:id/{self.view_id}"][:1]


def elapsed_minutes(text: str) -> int:
    """Whole minutes of an "H:MM:SS" / "MM:SS" elapsed time."""
    parts = [int(p) for p in text.split(":")]
    while len(parts) < 3:
        parts.insert(0, 0)
    return parts[0] * 60 + parts[1] + parts[2] // 60


@dataclass(frozen=True)
class Summary:
    """The answer from the noted rows: rows of `category` (any when "") within [lo, hi],
    combined by `how` ("count", "categories", "max_meters", "sum_meters", "sum_minutes")."""

    how: str
    lo: date
    hi: date
    category: str = ""

    def __call__(self, notes: list[Any]) -> str:
        rows = [r for r in notes if isinstance(r, Row) and self.lo <= r.day <= self.hi
                and (not self.category or r.category == self.category)]
        if self.how == "count":
            return str(len(rows))
        if self.how == "categories":
            return ", ".join(dict.fromkeys(r.category for r in rows))
        if self.how == "max_meters":
            return f"{max(r.meters for r in rows)} m"
        if self.how == "sum_meters":
            return f"{sum(r.meters for r in rows)} m"
        if self.how == "sum_minutes":
            return f"{sum(r.minutes for r in rows)} minutes"
        raise ValueError(f"unknown summary {self.how!r}")


@dataclass(frozen=True)
class Minutes:
    """The noted "H:MM:SS" total time as "<n> minutes"."""

    def __call__(self, notes: list[Any]) -> str:
        return f"{elapsed_minutes(str(notes[-1]))} minutes"


def open_opentracks() -> list[Move]:
    return [Tap(Sel(text=model.APP.label, cls="TextView"))]


SWIPE_STEPS = 7   # a swipe's 5 touches and lift, then one step to let the list settle


@dataclass(frozen=True)
class ListNote(Note):
    """A `Note` over the scrolling track list, costed with its swipes (the step budget counts
    them: every page after the first is one swipe)."""

    def cost(self, vocabulary) -> int:
        return SWIPE_STEPS * (self.max_pages - 1)


def read_list() -> Note:
    return ListNote(Sel(id="track_list_toolbar"), ListRows(), scroll=Sel(id="track_list"))


# -- the families --------------------------------------------------------------------------------

@dataclass(frozen=True)
class IRParams:
    """A seed's question, its rows and the expected answer."""

    fields: tuple[tuple[str, str], ...]
    relevant: tuple[model.Track, ...]
    rows: tuple[model.Track, ...]          # relevant + distractors, shuffled (insertion order)
    expected: tuple[str, ...]

    def get(self, name: str) -> str:
        return dict(self.fields)[name]


def _day(track: model.Track) -> date:
    return track.start.date()


def _in(track: model.Track, lo: date, hi: date) -> bool:
    return lo <= _day(track) <= hi


class _OpenTracksIR(TaskFamily):
    """An IR family: `question` draws the parameters, `relevant_tracks` the answer's rows,
    `excludes` says which distractors would change the answer, `expect` computes it."""

    app = "opentracks"
    complexity = 1.0
    ends_on_answer = True
    types_text = False
    words = WORDS
    kind: ClassVar[AnswerKind] = AnswerKind.NUMBER
    tags: ClassVar[tuple[str, ...]] = ("opentracks", "information_retrieval")

    def question(self, rng: np.random.Generator) -> dict[str, str]:
        raise NotImplementedError

    def relevant_tracks(self, rng: np.random.Generator, q: dict[str, str],
                        names: list[str]) -> list[model.Track]:
        raise NotImplementedError

    def excludes(self, q: dict[str, str]) -> Callable[[model.Track], bool]:
        raise NotImplementedError

    def expect(self, q: dict[str, str], tracks: list[model.Track]) -> list[str]:
        raise NotImplementedError

    def sample(self, rng: np.random.Generator) -> IRParams:
        q = self.question(rng)
        names = [str(n) for n in rng.permutation(od.NAMES)]
        relevant = self.relevant_tracks(rng, q, names)
        free = [n for n in od.NAMES if n not in {t.name for t in relevant}]
        bad = self.excludes(q)
        rows = list(relevant)
        for _ in range(N_DISTRACTORS):
            for _try in range(MAX_TRIES):
                t = od.random_track(rng, choice(rng, free))
                if not bad(t):
                    rows.append(t)
                    break
            else:
                raise RuntimeError(f"{self.name}: no distractor passes in {MAX_TRIES} tries")
        order = rng.permutation(len(rows))
        return IRParams(tuple(sorted(q.items())), tuple(relevant),
                        tuple(rows[int(i)] for i in order), tuple(self.expect(q, relevant)))

    def instruction(self, params: IRParams) -> str:
        return self.template.format(**dict(params.fields))

    def setup_steps(self) -> list[task_pb2.SetupStep]:
        # AndroidWorld grants location and notifications with `pm grant` and taps "Allow" on the
        # nearby-devices prompt: the state those answers leave is written directly.
        prefs = model.PERMISSIONS_PATH
        write = (f"mkdir -p {prefs.rsplit('/', 1)[0]} && echo "
                 f"{shlex.quote(model.granted_permissions_xml())} > {prefs}")
        return [*launch_once(model.PACKAGE, model.APP.component), shell_step(write)]

    def reset_steps(self, params: IRParams) -> list[ResetStep]:
        return [force_stop(model.PACKAGE), sqlite_step(model.DB_PATH, model.reset_sql(
            list(params.rows))), press_home()]

    def success_checks(self, params: IRParams):
        check = task_pb2.EventSource.ResponseEvent.AnswerCheck(
            kind=int(self.kind), expected=list(params.expected))
        return [task_pb2.EventSource(response_event=task_pb2.EventSource.ResponseEvent(
            answer=check))]


def _random_day(rng: np.random.Generator) -> date:
    """A day of September 1 - October 14 2023 that a question names."""
    return od.FIRST_DAY + timedelta(days=int(rng.integers(0, (od.TODAY - od.FIRST_DAY).days)))


def _week_tracks(rng: np.random.Generator, category: str, names: list[str],
                 n: int) -> list[model.Track]:
    return [od.make_track(rng, names[i], category, od.random_start(rng, od.WEEK_START))
            for i in range(n)]


class _ThisWeek(_OpenTracksIR):
    """A question about this week's tracks of one category: 1-3 of them, and no distractor of
    that category this week."""

    def question(self, rng):
        return {"category": choice(rng, od.CATEGORIES), "count": str(int(rng.integers(1, 4)))}

    def relevant_tracks(self, rng, q, names):
        return _week_tracks(rng, q["category"], names, int(q["count"]))

    def excludes(self, q):
        return lambda t: t.category == q["category"] and _in(t, od.WEEK_START, od.TODAY)


class SportsTrackerActivitiesCountForWeek(_ThisWeek):
    name = "SportsTrackerActivitiesCountForWeek"
    android_world_name = "SportsTrackerActivitiesCountForWeek"
    tags = ("opentracks", "information_retrieval", "search", "requires_setup")
    difficulty = "easy"
    optimal_steps = 3
    template = ("How many {category} activities did I do this week in the OpenTracks app? "
                "Express your answer as a single integer.")

    def expect(self, q, tracks):
        return [str(len(tracks))]

    def plan(self, params):
        return [*open_opentracks(), read_list(),
                AnswerNotes(Summary("count", od.WEEK_START, od.TODAY, params.get("category")))]


class SportsTrackerActivitiesOnDate(_OpenTracksIR):
    name = "SportsTrackerActivitiesOnDate"
    android_world_name = "SportsTrackerActivitiesOnDate"
    tags = ("opentracks", "information_retrieval", "search", "complex_ui_understanding",
            "screen_reading", "transcription")
    difficulty = "hard"
    optimal_steps = 10
    complexity = 2.0
    kind = AnswerKind.STRING
    template = ("What activities did I do {date} in the OpenTracks app? Answer with the category "
                "only. If there are multiples categories, format your answer in a comma "
                "separated list.")

    def question(self, rng):
        day = _random_day(rng)
        return {"date": f"on {od.day_text(day)}", "iso": day.isoformat(),
                "count": str(int(rng.integers(1, 4)))}

    def relevant_tracks(self, rng, q, names):
        day = date.fromisoformat(q["iso"])
        cats = [str(c) for c in rng.permutation(od.CATEGORIES)[:int(q["count"])]]
        return [od.make_track(rng, names[i], c, od.random_start(rng, day, day))
                for i, c in enumerate(cats)]

    def excludes(self, q):
        day = date.fromisoformat(q["iso"])
        return lambda t: _day(t) == day

    def expect(self, q, tracks):
        return [t.category for t in tracks]

    def plan(self, params):
        day = date.fromisoformat(params.get("iso"))
        return [*open_opentracks(), read_list(), AnswerNotes(Summary("categories", day, day))]


class SportsTrackerActivityDuration(_OpenTracksIR):
    name = "SportsTrackerActivityDuration"
    android_world_name = "SportsTrackerActivityDuration"
    tags = ("opentracks", "information_retrieval")
    difficulty = "easy"
    optimal_steps = 6
    complexity = 1.2
    template = ("How long was my {category} activity {date} in the OpenTracks app? Express your "
                "answer in minutes as a single integer.")

    def question(self, rng):
        day = _random_day(rng)
        return {"category": choice(rng, od.CATEGORIES), "date": f"on {od.day_text(day)}",
                "iso": day.isoformat()}

    def relevant_tracks(self, rng, q, names):
        day = date.fromisoformat(q["iso"])
        return [od.make_track(rng, names[0], q["category"], od.random_start(rng, day, day))]

    def excludes(self, q):
        day = date.fromisoformat(q["iso"])
        return lambda t: t.category == q["category"] and _day(t) == day

    def expect(self, q, tracks):
        return [str(tracks[0].duration_mins)]

    def plan(self, params):
        # The question names a category and a day; the row of that day with that category is the
        # one whose name the oracle taps (names of relevant tracks are not reused by distractors).
        target = params.relevant[0].name
        return [*open_opentracks(),
                Tap(Sel(id="track_list_item_name", text=target), scroll=Sel(id="track_list")),
                Note(Sel(id="stats_total_time_value"), StatsText("stats_total_time_value")),
                AnswerNotes(Minutes())]


class SportsTrackerLongestDistanceActivity(_ThisWeek):
    name = "SportsTrackerLongestDistanceActivity"
    android_world_name = "SportsTrackerLongestDistanceActivity"
    tags = ("opentracks", "information_retrieval", "screen_reading", "math_counting")
    difficulty = "easy"
    optimal_steps = 2
    template = ("What was the longest distance covered in a {category} activity in the "
                "OpenTracks app this week? Express your answer in meters as a single integer.")

    def expect(self, q, tracks):
        return [str(int(max(t.totaldistance for t in tracks)))]

    def plan(self, params):
        return [*open_opentracks(), read_list(),
                AnswerNotes(Summary("max_meters", od.WEEK_START, od.TODAY,
                                    params.get("category")))]


class SportsTrackerTotalDistanceForCategoryOverInterval(_OpenTracksIR):
    name = "SportsTrackerTotalDistanceForCategoryOverInterval"
    android_world_name = "SportsTrackerTotalDistanceForCategoryOverInterval"
    tags = ("opentracks", "information_retrieval", "search", "math_counting")
    difficulty = "hard"
    optimal_steps = 11
    complexity = 2.2
    template = ("What was the total distance covered for {category} activities in the OpenTracks "
                "app from {start_date} to {end_date}? Express your answer in meters as a single "
                "integer.")

    def question(self, rng):
        first = od.FIRST_DAY + timedelta(days=int(rng.integers(0, 30)))
        last = first + timedelta(days=int(rng.integers(2, 8)))
        return {"category": choice(rng, od.CATEGORIES), "start_date": od.day_text(first),
                "end_date": od.day_text(last), "lo": first.isoformat(), "hi": last.isoformat(),
                "count": str(int(rng.integers(2, 4)))}

    def relevant_tracks(self, rng, q, names):
        lo, hi = date.fromisoformat(q["lo"]), date.fromisoformat(q["hi"])
        return [od.make_track(rng, names[i], q["category"], od.random_start(rng, lo, hi))
                for i in range(int(q["count"]))]

    def excludes(self, q):
        lo, hi = date.fromisoformat(q["lo"]), date.fromisoformat(q["hi"])
        return lambda t: t.category == q["category"] and _in(t, lo, hi)

    def expect(self, q, tracks):
        return [str(int(sum(t.totaldistance for t in tracks)))]

    def plan(self, params):
        lo, hi = date.fromisoformat(params.get("lo")), date.fromisoformat(params.get("hi"))
        return [*open_opentracks(), read_list(),
                AnswerNotes(Summary("sum_meters", lo, hi, params.get("category")))]


class SportsTrackerTotalDurationForCategoryThisWeek(_ThisWeek):
    name = "SportsTrackerTotalDurationForCategoryThisWeek"
    android_world_name = "SportsTrackerTotalDurationForCategoryThisWeek"
    tags = ("opentracks", "information_retrieval", "math_counting", "search")
    difficulty = "hard"
    optimal_steps = 8
    complexity = 1.6
    template = ("What was the total duration of {category} activities in the OpenTracks app this "
                "week? Express your answer in minutes as a single integer.")

    def expect(self, q, tracks):
        return [str(sum(t.duration_mins for t in tracks))]

    def plan(self, params):
        return [*open_opentracks(), read_list(),
                AnswerNotes(Summary("sum_minutes", od.WEEK_START, od.TODAY,
                                    params.get("category")))]


FAMILIES: tuple[type[TaskFamily], ...] = (
    SportsTrackerActivitiesCountForWeek, SportsTrackerActivitiesOnDate,
    SportsTrackerActivityDuration, SportsTrackerLongestDistanceActivity,
    SportsTrackerTotalDistanceForCategoryOverInterval,
    SportsTrackerTotalDurationForCategoryThisWeek,
)

