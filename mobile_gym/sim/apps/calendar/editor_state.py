"""The event editor's model: fields, date/time moves, validation and the row a save writes.

Mirrors `EventActivity` (setupNewEvent, dateSet, timeSet, toggleAllDay/resetTime,
setRepeatInterval, getStartEndTimes, saveEvent, isEventChanged) without any views, so the
screen stays thin and the rules are unit-tested.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from mobile_gym.apps import calendar as model

from . import dates

TITLE_EMPTY = "Title cannot be empty"
END_BEFORE_START = "The event cannot end earlier than it starts"


def import_id(seed: str, now_ms: int) -> str:
    """A new event's import_id: 32 hex digits shaped like a v4 UUID, then the epoch ms.

    The real app uses a random UUID; the simulator derives it from `seed` so runs are
    deterministic.
    """
    h = list(hashlib.sha256(seed.encode()).hexdigest()[:32])
    h[12] = "4"
    h[16] = "89ab"[int(h[16], 16) % 4]
    return "".join(h) + str(now_ms)


@dataclass
class EditorState:
    """What the editor shows and will save. `original` is the stored row being edited."""

    start: datetime
    end: datetime
    title: str = ""
    location: str = ""
    description: str = ""
    all_day: bool = False
    reminders: list[int] = field(default_factory=lambda: [10, model.REMINDER_OFF, model.REMINDER_OFF])
    repeat_interval: int = 0
    repeat_rule: int = 0
    repeat_limit: int = 0
    event_type: int = model.REGULAR_EVENT_TYPE_ID
    original: model.Event | None = None
    # the values the editor was opened with (for "unsaved changes")
    opened: tuple = ()

    # -- construction ---------------------------------------------------------------------
    @classmethod
    def new(cls, start: datetime, reminders: tuple[int, int, int], duration_min: int = 0) -> EditorState:
        """A new event at `start` (end = start + default duration, 0 min in the app)."""
        s = cls(start=start, end=start + timedelta(minutes=duration_min), reminders=list(reminders))
        s.mark_opened()
        return s

    @classmethod
    def edit(cls, event: model.Event) -> EditorState:
        """Open a stored row (`setupEditEvent`)."""
        s = cls(start=dates.to_datetime(event.start_ts), end=dates.to_datetime(event.end_ts),
                title=event.title, location=event.location, description=event.description,
                all_day=event.is_all_day, reminders=list(event.reminders),
                repeat_interval=event.repeat_interval, repeat_rule=event.repeat_rule,
                repeat_limit=event.repeat_limit, event_type=event.event_type, original=event)
        s.mark_opened()
        return s

    @property
    def is_new(self) -> bool:
        return self.original is None or self.original.id is None

    # -- date / time ----------------------------------------------------------------------
    def set_start_date(self, d: date) -> None:
        """Start date changes and the end moves with it (duration kept)."""
        self.start, self.end = dates.move_start(self.start, self.end, dates.with_date(self.start, d))
        self._check_repeat_rule()

    def set_start_time(self, hour: int, minute: int) -> None:
        self.start, self.end = dates.move_start(self.start, self.end,
                                                dates.with_time(self.start, hour, minute))

    def set_end_date(self, d: date) -> None:
        self.end = dates.with_date(self.end, d)

    def set_end_time(self, hour: int, minute: int) -> None:
        self.end = dates.with_time(self.end, hour, minute)

    def set_all_day(self, all_day: bool) -> None:
        """Toggle all-day; on a same-day event ending before its start, end time := start time."""
        self.all_day = all_day
        if self.end < self.start and self.end.date() == self.start.date():
            self.end = self.end.replace(hour=self.start.hour, minute=self.start.minute,
                                        second=self.start.second)

    @property
    def end_before_start(self) -> bool:
        """The editor paints the end fields red in this case."""
        return self.start > self.end

    # -- repetition -----------------------------------------------------------------------
    def set_repeat_interval(self, seconds: int) -> None:
        """`setRepeatInterval`: weekly gets the start's weekday bit, monthly/yearly "same day"."""
        if seconds < 0:
            raise ValueError(f"repeat interval must be >= 0, got {seconds}")
        self.repeat_interval = seconds
        if seconds == 0:
            return
        if model.is_monthly_or_yearly(seconds):
            self.repeat_rule = model.REPEAT_SAME_DAY
        elif seconds % model.WEEK == 0:
            self.repeat_rule = dates.weekday_bit(self.start.date())

    def _check_repeat_rule(self) -> None:
        if self.repeat_interval and model.is_weekly(self.repeat_interval) \
                and self.repeat_rule in (1, 2, 4, 8, 16, 32, 64):
            self.repeat_rule = dates.weekday_bit(self.start.date())

    # -- saving ---------------------------------------------------------------------------
    def start_end_ts(self) -> tuple[int, int]:
        """`getStartEndTimes`: all-day -> 00:00 of start day and 12:00 of end day."""
        if self.all_day:
            return dates.all_day_bounds(self.start.date(), self.end.date())
        return dates.to_ts(self.start), dates.to_ts(self.end)

    def validate(self) -> str | None:
        """The toast a save shows instead of saving, or None when the event can be saved."""
        if self.title == "":
            return TITLE_EMPTY
        s, e = self.start_end_ts()
        if s > e:
            return END_BEFORE_START
        return None

    def to_event(self, now_ms: int, time_zone: str = "UTC") -> model.Event:
        """The row `saveEvent` writes (validate first)."""
        err = self.validate()
        if err:
            raise ValueError(err)
        s, e = self.start_end_ts()
        r1, r2, r3 = model.sorted_reminders(self.reminders)
        base = self.original or model.Event(start_ts=s, end_ts=e, title=self.title)
        new_import = base.import_id if not self.is_new else import_id(
            f"{self.title}|{s}|{e}|{now_ms}", now_ms)
        tz = time_zone if (self.is_new or self.all_day or not base.time_zone) else base.time_zone
        flags = base.flags | model.FLAG_ALL_DAY if self.all_day else base.flags & ~model.FLAG_ALL_DAY
        return base.with_(
            start_ts=s, end_ts=e, title=self.title, location=self.location,
            description=self.description,
            reminder_1_minutes=r1, reminder_2_minutes=r2, reminder_3_minutes=r3,
            reminder_1_type=model.REMINDER_NOTIFICATION, reminder_2_type=model.REMINDER_NOTIFICATION,
            reminder_3_type=model.REMINDER_NOTIFICATION,
            repeat_interval=self.repeat_interval,
            repeat_rule=self.repeat_rule,
            repeat_limit=0 if self.repeat_interval == 0 else self.repeat_limit,
            import_id=new_import, time_zone=tz, flags=flags, event_type=self.event_type,
            last_updated=now_ms, source=model.SOURCE_SIMPLE_CALENDAR)

    def _snapshot(self) -> tuple:
        return (self.title, self.location, self.description,
                model.sorted_reminders(self.reminders), self.repeat_interval, self.repeat_rule,
                self.event_type, self.all_day, self.start_end_ts())

    def mark_opened(self) -> None:
        """Remember the current values as the unchanged state."""
        self.opened = self._snapshot()

    def is_changed(self) -> bool:
        """`isEventChanged`: differs from what was opened (Back then asks Save/Discard)."""
        return self._snapshot() != self.opened
