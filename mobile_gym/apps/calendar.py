"""Simple Calendar Pro: its catalogue record and its plain data (the `events` row, event types,
the app's constants), shared by the simulated app and the calendar task families.

Values are the app's own (apps.md A.8, `helpers/Constants.kt`): timestamps in Unix seconds,
repeat intervals in seconds, reminder minutes with -1 meaning "off".
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from datetime import datetime, timezone
from typing import Any

from mobile_gym.apps import AppRecord

APP = AppRecord(
    key="calendar",
    package="com.simplemobiletools.calendar.pro",
    label="Calendar",
    main_activity="com.simplemobiletools.calendar.pro.activities.MainActivity",
    launcher_activity="com.simplemobiletools.calendar.pro.activities.SplashActivity",
    version="6.22.2",
    version_code=238,
    aliases=("simple calendar", "simple calendar pro"),
    databases=("events.db",),
)

PACKAGE = APP.package
DB_PATH = APP.database_path("events.db")
PREFS_PATH = f"{APP.data_dir}/shared_prefs/Prefs.xml"
EVENTS_TABLE = "events"

REGULAR_EVENT_TYPE_ID = 1
REGULAR_EVENT_TYPE_TITLE = "Regular event"
# The "Regular event" colour EventsDatabase writes on creation: getProperPrimaryColor(), which
# on API 31+ (isUsingSystemTheme defaults to true) is @android:color/system_accent1_400, the
# tone-60 accent of the simulated phone's palette (#7791C7), as a signed 32-bit int.
DEFAULT_PRIMARY_COLOR = -8941113

REMINDER_OFF = -1
REMINDER_NOTIFICATION = 0
REMINDER_EMAIL = 1

DAY = 86400
WEEK = 604800
MONTH = 2592001  # the app's marker value; months are added calendar-wise
YEAR = 31536000


def is_weekly(interval: int) -> bool:
    """Whether a repeat interval is a number of weeks (and not a whole number of years), the case
    in which the repeat rule is a set of weekdays."""
    return interval % WEEK == 0 and interval % YEAR != 0


def is_monthly_or_yearly(interval: int) -> bool:
    """Whether a repeat interval is a number of months or years (months are added calendar-wise)."""
    return interval % MONTH == 0 or interval % YEAR == 0

FLAG_ALL_DAY = 1
FLAG_IS_IN_PAST = 2
FLAG_MISSING_YEAR = 4
FLAG_TASK_COMPLETED = 8

# repeat_rule for monthly / yearly repetition
REPEAT_SAME_DAY = 1
REPEAT_ORDER_WEEKDAY_USE_LAST = 2
REPEAT_LAST_DAY = 3
REPEAT_ORDER_WEEKDAY = 4

# repeat_rule for weekly repetition: Monday = 1 ... Sunday = 64
EVERY_DAY_BIT = 127

SOURCE_SIMPLE_CALENDAR = "simple-calendar"
SOURCE_IMPORTED_ICS = "imported-ics"

TYPE_EVENT = 0
TYPE_TASK = 1

DELETE_SELECTED_OCCURRENCE = 0
DELETE_FUTURE_OCCURRENCES = 1
DELETE_ALL_OCCURRENCES = 2

# The `events` columns in table order (the id first).
EVENT_COLUMNS: tuple[str, ...] = (
    "id", "start_ts", "end_ts", "title", "location", "description",
    "reminder_1_minutes", "reminder_2_minutes", "reminder_3_minutes",
    "reminder_1_type", "reminder_2_type", "reminder_3_type",
    "repeat_interval", "repeat_rule", "repeat_limit", "repetition_exceptions", "attendees",
    "import_id", "time_zone", "flags", "event_type", "parent_id", "last_updated", "source",
    "availability", "color", "type",
)


@dataclass(frozen=True)
class Event:
    """One row of the `events` table; `id` is None until the row is inserted."""

    start_ts: int
    end_ts: int
    title: str
    location: str = ""
    description: str = ""
    reminder_1_minutes: int = REMINDER_OFF
    reminder_2_minutes: int = REMINDER_OFF
    reminder_3_minutes: int = REMINDER_OFF
    reminder_1_type: int = REMINDER_NOTIFICATION
    reminder_2_type: int = REMINDER_NOTIFICATION
    reminder_3_type: int = REMINDER_NOTIFICATION
    repeat_interval: int = 0
    repeat_rule: int = 0
    repeat_limit: int = 0
    repetition_exceptions: str = "[]"
    attendees: str = ""
    import_id: str = ""
    time_zone: str = "UTC"
    flags: int = 0
    event_type: int = REGULAR_EVENT_TYPE_ID
    parent_id: int = 0
    last_updated: int = 0
    source: str = SOURCE_SIMPLE_CALENDAR
    availability: int = 0
    color: int = 0
    type: int = TYPE_EVENT
    id: int | None = None

    @property
    def is_all_day(self) -> bool:
        return bool(self.flags & FLAG_ALL_DAY)

    @property
    def is_task(self) -> bool:
        return self.type == TYPE_TASK

    @property
    def reminders(self) -> tuple[int, int, int]:
        return (self.reminder_1_minutes, self.reminder_2_minutes, self.reminder_3_minutes)

    @property
    def start(self) -> datetime:
        return datetime.fromtimestamp(self.start_ts, tz=timezone.utc)

    @property
    def end(self) -> datetime:
        return datetime.fromtimestamp(self.end_ts, tz=timezone.utc)

    @property
    def duration_mins(self) -> int:
        """Whole minutes from start to end (ValueError when not whole)."""
        if (self.end_ts - self.start_ts) % 60:
            raise ValueError(f"event {self.title!r} does not last a whole number of minutes")
        return (self.end_ts - self.start_ts) // 60

    def with_(self, **changes: Any) -> Event:
        """A copy with some fields changed (dataclasses.replace with a short name)."""
        return replace(self, **changes)

    def as_row(self) -> dict[str, object]:
        """Column name -> value for every column, `id` included."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True)
class EventType:
    """One row of `event_types`."""

    id: int
    title: str
    color: int
    caldav_calendar_id: int = 0
    caldav_display_name: str = ""
    caldav_email: str = ""
    type: int = 0


def sorted_reminders(minutes: tuple[int, int, int] | list[int]) -> tuple[int, int, int]:
    """The three reminder slots as the app stores them: set ones ascending, then -1s.

    `EventActivity.getReminders` drops REMINDER_OFF and sorts by minutes; a duplicate value
    is kept as the app keeps it.
    """
    if len(minutes) != 3:
        raise ValueError(f"expected 3 reminder values, got {list(minutes)!r}")
    for m in minutes:
        if not isinstance(m, int) or m < REMINDER_OFF:
            raise ValueError(f"reminder minutes must be an int >= -1, got {m!r}")
    on = sorted(m for m in minutes if m != REMINDER_OFF)
    on += [REMINDER_OFF] * (3 - len(on))
    return (on[0], on[1], on[2])
