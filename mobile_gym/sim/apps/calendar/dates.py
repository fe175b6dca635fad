"""Date arithmetic of Simple Calendar Pro: new-event times, month grids, day codes, moves.

The simulated device runs in UTC (apps.md 0.1), so local time == UTC here. Everything is a
pure function of its arguments (the clock is passed in, never read).
"""

from __future__ import annotations

import calendar as _cal
from datetime import date, datetime, time, timedelta, timezone

UTC = timezone.utc
GRID_DAYS = 42


def to_datetime(ts: int) -> datetime:
    """Unix seconds -> aware UTC datetime."""
    return datetime.fromtimestamp(int(ts), tz=UTC)


def to_ts(dt: datetime) -> int:
    """Aware datetime (or naive, taken as UTC) -> Unix seconds."""
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    return int(dt.timestamp())


def day_code(d: date) -> str:
    """The app's day code "YYYYMMDD"."""
    return f"{d.year:04d}{d.month:02d}{d.day:02d}"


def parse_day_code(code: str) -> date:
    """"YYYYMMDD" -> date; a malformed code raises ValueError naming it."""
    if len(code) != 8 or not code.isdigit():
        raise ValueError(f"day code must be 8 digits YYYYMMDD, got {code!r}")
    try:
        return date(int(code[:4]), int(code[4:6]), int(code[6:]))
    except ValueError as e:
        raise ValueError(f"invalid day code {code!r}: {e}") from None


def day_start_ts(d: date) -> int:
    return to_ts(datetime.combine(d, time(0, 0), UTC))


def day_end_ts(d: date) -> int:
    """23:59:00 of the day, as `Formatter.getDayEndTS` (start of next day minus a minute)."""
    return day_start_ts(d) + 86400 - 60


def new_event_start(day: date, now: datetime) -> datetime:
    """Start of a new event created while `day` is displayed (`getNewEventTimestampFromCode`).

    The current hour + 1 on that day at :00; if that crosses midnight it stays on `day`
    (23:xx -> 00:00 of the same day).
    """
    start = datetime.combine(day, time(now.hour, 0), UTC) + timedelta(hours=1)
    if start.date() != day:
        start -= timedelta(days=1)
    return start


def add_months(d: date, months: int) -> date:
    """Calendar month arithmetic clamping the day (Joda `plusMonths`)."""
    m = d.month - 1 + months
    y = d.year + m // 12
    m = m % 12 + 1
    last = _cal.monthrange(y, m)[1]
    return date(y, m, min(d.day, last))


def month_grid(year: int, month: int, sunday_first: bool = True) -> list[date]:
    """The 42 days the month view shows (`MonthlyCalendarImpl.getDays`).

    With Sunday first the leading count is the Joda day-of-week of the 1st (Mon=1..Sun=7),
    so a month starting on Sunday shows a whole row of the previous month first.
    """
    first = date(year, month, 1)
    lead = first.isoweekday()
    if not sunday_first:
        lead -= 1
    start = first - timedelta(days=lead)
    return [start + timedelta(days=i) for i in range(GRID_DAYS)]


def weekday_bit(d: date) -> int:
    """Weekly repeat-rule bit of a date: Monday = 1 ... Sunday = 64."""
    return 1 << (d.isoweekday() - 1)


def move_start(start: datetime, end: datetime, new_start: datetime) -> tuple[datetime, datetime]:
    """Set a new start keeping the duration (`EventActivity.dateSet/timeSet` with isStart)."""
    return new_start, new_start + (end - start)


def with_date(dt: datetime, d: date) -> datetime:
    return dt.replace(year=d.year, month=d.month, day=d.day)


def with_time(dt: datetime, hour: int, minute: int) -> datetime:
    if not (0 <= hour <= 23 and 0 <= minute <= 59):
        raise ValueError(f"time out of range: {hour}:{minute}")
    return dt.replace(hour=hour, minute=minute, second=0, microsecond=0)


def all_day_bounds(start_day: date, end_day: date) -> tuple[int, int]:
    """Stored timestamps of an all-day event: 00:00 of the start day, 12:00 of the end day."""
    return day_start_ts(start_day), day_start_ts(end_day) + 12 * 3600
