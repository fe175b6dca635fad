"""Which events (and which occurrences of repeating events) fall on which days.

Follows the app's repetition model (apps.md A.8): intervals in seconds (days, weeks with a
weekday bitmask, calendar months / years with a rule), a limit (0 forever, > 0 last start
timestamp, < 0 minus a count) and exceptions as "YYYYMMDD" day codes.
"""

from __future__ import annotations

import calendar as _cal
import json
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from mobile_gym.apps import calendar as model

from . import dates


@dataclass(frozen=True)
class Occurrence:
    """One appearance of an event: the row and this occurrence's start/end timestamps."""

    event: model.Event
    start_ts: int
    end_ts: int


def _exceptions(event: model.Event) -> set[str]:
    try:
        value = json.loads(event.repetition_exceptions or "[]")
    except json.JSONDecodeError:
        return set()
    return {str(v) for v in value} if isinstance(value, list) else set()


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> date | None:
    """The n-th (1-based; -1 = last) given weekday (0=Mon) of a month, None if missing."""
    days = [date(year, month, d) for d in range(1, _cal.monthrange(year, month)[1] + 1)
            if date(year, month, d).weekday() == weekday]
    if n == -1:
        return days[-1]
    return days[n - 1] if n <= len(days) else None


def _month_candidate(first: date, year: int, month: int, rule: int) -> date | None:
    last = _cal.monthrange(year, month)[1]
    if rule == model.REPEAT_LAST_DAY:
        return date(year, month, last)
    if rule in (model.REPEAT_ORDER_WEEKDAY, model.REPEAT_ORDER_WEEKDAY_USE_LAST):
        order = (first.day - 1) // 7 + 1
        is_last = (first + timedelta(days=7)).month != first.month
        if rule == model.REPEAT_ORDER_WEEKDAY_USE_LAST and is_last:
            order = -1
        return _nth_weekday(year, month, first.weekday(), order)
    return date(year, month, first.day) if first.day <= last else None


def _start_dates(event: model.Event, until: date):
    """Yield occurrence start dates in order, from the event's first day up to `until`."""
    first = dates.to_datetime(event.start_ts).date()
    interval = event.repeat_interval
    if interval <= 0:
        yield first
        return
    if model.is_monthly_or_yearly(interval):
        step = interval // model.YEAR * 12 if interval % model.YEAR == 0 else interval // model.MONTH
        k = 0
        while True:
            y, m = divmod(first.month - 1 + k * step, 12)
            y += first.year
            if y > until.year + 1:
                return
            d = _month_candidate(first, y, m + 1, event.repeat_rule or model.REPEAT_SAME_DAY)
            if d is not None and d >= first:
                if d > until:
                    return
                yield d
            k += 1
    elif interval % model.WEEK == 0:
        weeks = interval // model.WEEK
        rule = event.repeat_rule or dates.weekday_bit(first)
        week_start = first - timedelta(days=first.weekday())
        while week_start <= until:
            for i in range(7):
                d = week_start + timedelta(days=i)
                if d >= first and d <= until and rule & (1 << i):
                    yield d
            week_start += timedelta(weeks=weeks)
    else:
        step = max(1, interval // model.DAY)
        d = first
        while d <= until:
            yield d
            d += timedelta(days=step)


# timestamps a calendar date can hold (years 2..9998), so date arithmetic cannot overflow
_MIN_TS = -62104060800
_MAX_TS = 253370764800


def displayable(ev: model.Event) -> bool:
    """False for a (seeded) row whose timestamps no calendar date can hold; it is not shown."""
    return _MIN_TS <= ev.start_ts <= _MAX_TS and _MIN_TS <= ev.end_ts <= _MAX_TS


def occurrences(events: list[model.Event], start_ts: int, end_ts: int) -> list[Occurrence]:
    """Occurrences overlapping [start_ts, end_ts], sorted by start then title (as lists show)."""
    out: list[Occurrence] = []
    until = dates.to_datetime(end_ts).date()
    for ev in events:
        if not displayable(ev):
            continue
        duration = ev.end_ts - ev.start_ts
        base = dates.to_datetime(ev.start_ts)
        excluded = _exceptions(ev)
        count = 0
        for d in _start_dates(ev, until):
            count += 1
            if ev.repeat_limit < 0 and count > -ev.repeat_limit:
                break
            s = dates.to_ts(datetime.combine(d, base.timetz()))
            if ev.repeat_interval and ev.repeat_limit > 0 and s > ev.repeat_limit:
                break
            if dates.day_code(d) in excluded:
                continue
            e = s + duration
            if e >= start_ts and s <= end_ts:
                out.append(Occurrence(ev, s, e))
    out.sort(key=lambda o: (not o.event.is_all_day, o.start_ts, o.end_ts, o.event.title, o.event.id or 0))
    return out


def on_day(events: list[model.Event], day: date) -> list[Occurrence]:
    """Occurrences touching the day (00:00 .. 23:59:59)."""
    start = dates.day_start_ts(day)
    return [o for o in occurrences(events, start, start + 86399)
            if o.end_ts >= start and o.start_ts < start + 86400]


def by_day(events: list[model.Event], days: list[date]) -> dict[date, list[Occurrence]]:
    """Occurrences for each of `days` (an event spanning days appears on each)."""
    if not days:
        return {}
    start = dates.day_start_ts(min(days))
    end = dates.day_start_ts(max(days)) + 86399
    result: dict[date, list[Occurrence]] = {d: [] for d in days}
    first_day, last_day = min(days), max(days)
    for o in occurrences(events, start, end):
        d = max(dates.to_datetime(o.start_ts).date(), first_day)
        last = min(dates.to_datetime(o.end_ts).date(), last_day)
        while d <= last:
            if d in result:
                result[d].append(o)
            d += timedelta(days=1)
    return result
