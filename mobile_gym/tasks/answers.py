"""Typed answer checking for information-retrieval (IR) tasks, after AndroidWorld's
`check_agent_answer`: the agent's free-text answer is split into items and each item is
compared with the expected values by type.

Kinds and tolerance (what counts as equal):

| kind       | an item parses as                                        | equal when                    |
|------------|----------------------------------------------------------|-------------------------------|
| STRING     | any text (quotes, surrounding spaces, a final "." cut)   | difflib ratio >= 0.9, no case |
| NUMBER     | first number; `$ € £ ¥`, units, thousands separators cut | abs(a - b) <= tolerance       |
| DATE       | "October 15 2023", "Oct 15, 2023", "15 October 2023",    | the same day                  |
|            | "2023-10-15", "10/15/2023" (a weekday name is ignored)   |                               |
| TIME       | "14:30", "2:30pm", "2:30 PM", "2pm", "14h", "14:30:00"   | the same minute               |
| DATETIME   | a date and a time in either order ("at" allowed)         | the same minute               |
| DURATION   | "1h 30m", "90 minutes", "1.5 hours", "1:30", "45min"     | abs(a - b) <= tolerance (s)   |

The fuzzy measure is AndroidWorld's own (`difflib.SequenceMatcher(None, a, b).ratio() >= 0.9`
on lower-cased text); rapidfuzz's ratio is never below difflib's, so it would be looser.
Lists: the answer is split on commas, semicolons and a final "and" ("A, B and C"); the items are
paired one-to-one with the expected values (a maximum matching), so the counts must be equal, a
missing or extra item fails and one item cannot stand for two expected ones (AndroidWorld only
asks that every item matches some expected value). The unsplit answer is also tried, so one
expected value containing a comma ("Main St, Chicago") still matches. For NUMBER, a comma between
a digit and exactly three digits is a thousands separator, not a list separator. An expected
empty list matches only an empty answer or "none"/"no"/"nothing"/"no events".
Expected values are canonical text: numbers as decimals, dates ISO (`2023-10-15`), times
`HH:MM`, datetimes `2023-10-15 14:30`, durations in seconds.
"""

from __future__ import annotations

import difflib
import enum
import re
from collections.abc import Sequence
from datetime import date, datetime, time

__all__ = [
    "FUZZY_THRESHOLD",
    "AnswerFormatError",
    "AnswerKind",
    "check_answer",
    "parse_item",
    "split_items",
]

FUZZY_THRESHOLD = 0.9


class AnswerKind(enum.IntEnum):
    """Wire values of `EventSource.ResponseEvent.AnswerCheck.Kind`."""

    STRING = 0
    NUMBER = 1
    DATE = 2
    TIME = 3
    DATETIME = 4
    DURATION = 5


class AnswerFormatError(ValueError):
    """An expected value (from a task) that does not parse as its kind."""


_MONTHS = {m.lower(): i for i, m in enumerate(
    ("January", "February", "March", "April", "May", "June", "July", "August", "September",
     "October", "November", "December"), start=1)}
_MONTH_ABBR = {name[:3]: i for name, i in _MONTHS.items()}
_WEEKDAY = re.compile(r"\b(mon|tues?|wed(nes)?|thu(rs)?|fri|sat(ur)?|sun)(day)?\b\.?,?", re.IGNORECASE)
_NONE_WORDS = {"", "none", "no", "nothing", "no events", "no event", "n/a"}
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_NUMBER = re.compile(r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)")
_TIME = re.compile(r"\b(\d{1,2})(?:[:.h](\d{2}))?(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?|h\b)?",
                   re.IGNORECASE)


# -- splitting -----------------------------------------------------------------------------------

def _clean(item: str) -> str:
    item = item.strip().strip("\"'“”‘’`").strip()
    return re.sub(r"\s+", " ", item.rstrip(".!").strip())


def split_items(answer: str, kind: AnswerKind = AnswerKind.STRING) -> list[list[str]]:
    """The candidate item lists of `answer`: split on , ; and "and"/"&"; on , ; only; unsplit."""
    text = answer.strip()
    if kind is AnswerKind.NUMBER:
        text = _THOUSANDS.sub("", text)
    if kind in (AnswerKind.DATE, AnswerKind.DATETIME):
        # "October 15, 2023" / "Sunday, October 15": those commas are part of the date
        text = re.sub(r"(\d{1,2}),\s*(\d{4})", r"\1 \2", text)
        text = _WEEKDAY.sub(" ", text)
    candidates: list[list[str]] = []
    for pattern in (r"\s*[;,]\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+", r"[;,]", None):
        parts = re.split(pattern, text, flags=re.IGNORECASE) if pattern else [text]
        items = [_clean(part) for part in parts if _clean(part)]
        if items not in candidates:
            candidates.append(items)
    return candidates


# -- parsing one item ----------------------------------------------------------------------------

def _number(text: str) -> float | None:
    cleaned = _THOUSANDS.sub("", text).replace("\u2212", "-")
    m = _NUMBER.search(cleaned)
    return float(m.group()) if m else None


def _time(text: str) -> time | None:
    for m in _TIME.finditer(text):
        hour, minute, second, suffix = m.group(1), m.group(2), m.group(3), m.group(4)
        if minute is None and suffix is None:
            continue  # a bare number is not a time
        h, mi = int(hour), int(minute or 0)
        s = (suffix or "").lower().replace(".", "")
        if s in ("am", "pm"):
            if not 1 <= h <= 12:
                continue
            h = h % 12 + (12 if s == "pm" else 0)
        if h == 24 and mi == 0:
            h = 0
        if 0 <= h <= 23 and 0 <= mi <= 59 and (second is None or int(second) <= 59):
            return time(h, mi)
    return None


def _month(word: str) -> int | None:
    w = word.lower().rstrip(".")
    return _MONTHS.get(w) or _MONTH_ABBR.get("sep" if w == "sept" else w)


def _date(text: str) -> date | None:
    t = _WEEKDAY.sub(" ", text).replace(",", " ")
    try:
        m = re.search(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b", t)
        if m:
            return date(int(m[1]), int(m[2]), int(m[3]))
        m = re.search(r"\b(\d{1,2})/(\d{1,2})/(\d{4})\b", t)
        if m:
            return date(int(m[3]), int(m[1]), int(m[2]))
        m = re.search(r"\b([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?\s+(\d{4})\b", t)
        if m and _month(m[1]):
            return date(int(m[3]), _month(m[1]), int(m[2]))  # type: ignore[arg-type]
        m = re.search(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([A-Za-z]{3,9})\.?\s+(\d{4})\b", t)
        if m and _month(m[2]):
            return date(int(m[3]), _month(m[2]), int(m[1]))  # type: ignore[arg-type]
    except ValueError:
        return None  # e.g. February 30
    return None


def _datetime(text: str) -> datetime | None:
    m = None
    for cand in _TIME.finditer(text):
        if (cand.group(2) or cand.group(4)) and _time(cand.group()) is not None:
            m = cand  # the last time-looking token (a date's day never has ":" or am/pm)
    if m is None:
        return None
    rest = (text[:m.start()] + " " + text[m.end():]).replace(" at ", " ")
    d, t = _date(rest), _time(m.group())
    return None if d is None or t is None else datetime.combine(d, t)


_UNITS = {"h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
          "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60,
          "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1}


def _duration(text: str) -> float | None:
    t = text.lower().strip()
    m = re.fullmatch(r"(\d+):(\d{2})(?::(\d{2}))?", t)
    if m:
        return int(m[1]) * 3600 + int(m[2]) * 60 + int(m[3] or 0)
    parts = re.findall(r"(\d+(?:\.\d+)?)\s*([a-z]+)", t.replace(" and ", " "))
    if not parts:
        return None
    total = 0.0
    for value, unit in parts:
        if unit not in _UNITS:
            return None
        total += float(value) * _UNITS[unit]
    return total


_PARSERS = {AnswerKind.NUMBER: _number, AnswerKind.DATE: _date, AnswerKind.TIME: _time,
            AnswerKind.DATETIME: _datetime, AnswerKind.DURATION: _duration}


def parse_item(text: str, kind: AnswerKind):
    """One answer item as a value of `kind` (str, float, date, time, datetime, seconds), or None."""
    if kind is AnswerKind.STRING:
        return _clean(text).lower()
    return _PARSERS[kind](text)


def _expected(value: str, kind: AnswerKind):
    if kind is AnswerKind.STRING:
        return _clean(value).lower()
    try:
        if kind is AnswerKind.NUMBER or kind is AnswerKind.DURATION:
            return float(value)
        if kind is AnswerKind.DATE:
            return date.fromisoformat(value)
        if kind is AnswerKind.TIME:
            return time.fromisoformat(value)
        return datetime.fromisoformat(value)
    except ValueError:
        raise AnswerFormatError(f"expected value {value!r} is not a canonical {kind.name} "
                                "(numbers/seconds as decimals, ISO dates, HH:MM times)") from None


# -- comparing -----------------------------------------------------------------------------------

def _equal(a, b, kind: AnswerKind, tolerance: float) -> bool:
    if a is None:
        return False
    if kind is AnswerKind.STRING:
        return difflib.SequenceMatcher(None, a, b).ratio() >= FUZZY_THRESHOLD
    if kind in (AnswerKind.NUMBER, AnswerKind.DURATION):
        return abs(a - b) <= tolerance + 1e-9 * max(1.0, abs(b))
    return a == b


def _paired(items: list, expected: list, kind: AnswerKind, tolerance: float) -> bool:
    """Whether items and expected values pair one-to-one (Kuhn's augmenting paths)."""
    if len(items) != len(expected):
        return False
    ok = [[_equal(a, b, kind, tolerance) for b in expected] for a in items]
    owner: list[int | None] = [None] * len(expected)

    def augment(i: int, seen: set[int]) -> bool:
        for j, good in enumerate(ok[i]):
            if good and j not in seen:
                seen.add(j)
                if owner[j] is None or augment(owner[j], seen):  # type: ignore[arg-type]
                    owner[j] = i
                    return True
        return False

    return all(augment(i, set()) for i in range(len(items)))


def check_answer(answer: str | None, expected: Sequence[str], kind: AnswerKind = AnswerKind.STRING,
                 tolerance: float = 0.0) -> bool:
    """Whether `answer` gives exactly the `expected` values (see the module docstring)."""
    kind = AnswerKind(kind)
    want = [_expected(v, kind) for v in expected]
    if answer is None:
        return False
    if not want:
        return _clean(answer).lower() in _NONE_WORDS
    for items in split_items(answer, kind):
        if _paired([parse_item(i, kind) for i in items], want, kind, tolerance):
            return True
    return False
