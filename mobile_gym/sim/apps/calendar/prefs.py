"""Simple Calendar Pro's settings in SharedPreferences `Prefs.xml` (the app's config).

Stored in Android's SharedPreferences XML format so `pm clear` and task pushes behave as on a
phone. Only the keys the simulated screens use are read; unknown entries are kept.
"""

from __future__ import annotations

from mobile_gym.apps import calendar as model

from ...system.shared_prefs import SharedPreferences

VIEW = "view"
WAS_ALARM_WARNING_SHOWN = "was_alarm_warning_shown"
LAST_EVENT_REMINDER_MINUTES = ("reminder_minutes", "reminder_minutes_2", "reminder_minutes_3")
LAST_USED_LOCAL_EVENT_TYPE_ID = "last_used_local_event_type_id"

MONTHLY_VIEW = 1
YEARLY_VIEW = 2
EVENTS_LIST_VIEW = 3
WEEKLY_VIEW = 4
DAILY_VIEW = 5
MONTHLY_DAILY_VIEW = 7

DEFAULT_REMINDERS = (10, model.REMINDER_OFF, model.REMINDER_OFF)


class Prefs(SharedPreferences):
    """Read/write access to one Prefs.xml file (host path)."""

    # -- the app's config -----------------------------------------------------------------
    @property
    def view(self) -> int:
        return self.get_int(VIEW, MONTHLY_VIEW)

    @property
    def was_alarm_warning_shown(self) -> bool:
        return self.get_bool(WAS_ALARM_WARNING_SHOWN, False)

    def new_event_reminders(self) -> tuple[int, int, int]:
        """usePreviousEventReminders (default on): last saved reminders, else 10 / off / off."""
        return tuple(
            v if (v := self.get_int(k, -2)) >= -1 else d
            for k, d in zip(LAST_EVENT_REMINDER_MINUTES, DEFAULT_REMINDERS))  # type: ignore[return-value]

    def remember_reminders(self, reminders: tuple[int, int, int]) -> None:
        """Store the saved event's reminders as the next new event's defaults."""
        r1, r2, r3 = reminders
        self.put(reminder_minutes=r1, reminder_minutes_2=r2, reminder_minutes_3=r3)
