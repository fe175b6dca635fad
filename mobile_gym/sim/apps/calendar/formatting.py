"""The strings Simple Calendar Pro shows for dates, times, reminders and repetitions (en-US).

Formats follow `helpers/Formatter.kt` and the commons `getFormattedSeconds` /
`getRepetitionText`; every function takes "today" explicitly where the year matters.
"""

from __future__ import annotations

from datetime import date, datetime

from mobile_gym.apps import calendar as model

MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
WEEKDAY_LETTERS_SUNDAY_FIRST = ("S", "M", "T", "W", "T", "F", "S")


def month_title(year: int, month: int, today: date) -> str:
    """`top_value` of the month view: "October", or "January 2024" outside the current year."""
    name = MONTHS[month - 1]
    return name if year == today.year else f"{name} {year}"


def date_text(d: date, today: date) -> str:
    """"October 17", plus " 2024" when not in the current year (`getDateFromCode`)."""
    text = f"{MONTHS[d.month - 1]} {d.day}"
    return text if d.year == today.year else f"{text} {d.year}"


def day_title(d: date, today: date) -> str:
    """"October 17 (Tue)": the daily view's `top_value` and the editor's date fields."""
    return f"{date_text(d, today)} ({WEEKDAYS[d.weekday()][:3]})"


def section_day_title(d: date) -> str:
    """Day header of the simple event list, pattern "d EEEE": "17 Tuesday"."""
    return f"{d.day} {WEEKDAYS[d.weekday()]}"


def full_date(d: date) -> str:
    """`Formatter.getFullDate`: "October 17 2023" (repeat-till text)."""
    return f"{MONTHS[d.month - 1]} {d.day} {d.year}"


def long_date_desc(d: date) -> str:
    """Content-desc of a framework date-picker day, pattern "dd MMMM yyyy": "05 October 2023"."""
    return f"{d.day:02d} {MONTHS[d.month - 1]} {d.year}"


def picker_header_date(d: date) -> str:
    """Framework DatePicker header (best pattern for "EMMMd" in en-US): "Sun, Oct 15"."""
    return f"{WEEKDAYS[d.weekday()][:3]}, {MONTHS[d.month - 1][:3]} {d.day}"


def time_text(dt: datetime) -> str:
    """24-hour "HH:mm" (AndroidWorld devices use 24-hour format)."""
    return f"{dt.hour:02d}:{dt.minute:02d}"


def _plural(n: int, one: str, other: str) -> str:
    return f"{n} {one if n == 1 else other}"


def reminder_text(minutes: int) -> str:
    """Editor / dialog text of a reminder: "No reminder", "At start", "10 minutes before"."""
    if minutes == model.REMINDER_OFF:
        return "No reminder"
    if minutes == 0:
        return "At start"
    if minutes < 0:
        raise ValueError(f"reminder minutes must be >= -1, got {minutes}")
    seconds = minutes * 60
    for unit, one, other in ((model.YEAR, "year", "years"), (model.MONTH, "month", "months"),
                             (model.WEEK, "week", "weeks"), (model.DAY, "day", "days"),
                             (3600, "hour", "hours")):
        if seconds % unit == 0:
            return _plural(seconds // unit, one, other) + " before"
    return _plural(minutes, "minute", "minutes") + " before"


def repetition_text(seconds: int) -> str:
    """`getRepetitionText`: "No repetition", "Daily", ..., or "3 days" / "2 weeks"."""
    if seconds < 0:
        raise ValueError(f"repeat interval must be >= 0 seconds, got {seconds}")
    named = {0: "No repetition", model.DAY: "Daily", model.WEEK: "Weekly",
             model.MONTH: "Monthly", model.YEAR: "Yearly"}
    if seconds in named:
        return named[seconds]
    if seconds % model.YEAR == 0:
        return _plural(seconds // model.YEAR, "year", "years")
    if seconds % model.MONTH == 0:
        return _plural(seconds // model.MONTH, "month", "months")
    if seconds % model.WEEK == 0:
        return _plural(seconds // model.WEEK, "week", "weeks")
    return _plural(seconds // model.DAY, "day", "days")


def weekly_rule_text(rule: int) -> str:
    """Repeat-on text for weekly events: "Every day" or short weekday names in week order."""
    if rule == model.EVERY_DAY_BIT:
        return "Every day"
    names = [WEEKDAYS[i][:3] for i in range(7) if rule & (1 << i)]
    return ", ".join(names)


def repeat_limit_text(limit: int) -> tuple[str, str]:
    """(label, value) of the repeat-limit row: ("Repeat", "Forever"), ("Repeat till", date)..."""
    from .dates import to_datetime

    if limit == 0:
        return "Repeat", "Forever"
    if limit > 0:
        return "Repeat till", full_date(to_datetime(limit).date())
    return "Repeat", f"{-limit} times"


def event_time_text(event: model.Event, list_view: bool = False) -> str:
    """`event_item_time`: "All-day", "16:00" or "16:00 - 17:00" (+ " (17 Tuesday)")."""
    from .dates import to_datetime

    start, end = to_datetime(event.start_ts), to_datetime(event.end_ts)
    text = "All-day" if event.is_all_day else time_text(start)
    if event.start_ts != event.end_ts:
        if not event.is_all_day:
            text = f"{text} - {time_text(end)}"
        if list_view and start.date() != end.date():
            text = f"{text} ({section_day_title(end.date())})"
    return text


def description_text(event: model.Event) -> str:
    """`event_item_description`: the description with newlines turned into spaces."""
    return event.description.replace("\n", " ")


def duration_text(seconds: int) -> str:
    """`formatSecondsToTimeString`: "1 day, 2 hours, 16 minutes, 1 second" (zero parts left out)."""
    days, rest = divmod(max(0, seconds), 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    parts = [_plural(n, one, other) for n, one, other in
             ((days, "day", "days"), (hours, "hour", "hours"), (minutes, "minute", "minutes"),
              (secs, "second", "seconds")) if n > 0]
    return ", ".join(parts) if parts else "0 minutes"
