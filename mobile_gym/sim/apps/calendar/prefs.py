"""Simple Calendar Pro's settings in SharedPreferences `Prefs.xml` (the app's config).

Stored in Android's SharedPreferences XML format so `pm clear` and task pushes behave as on a
phone. Only the keys the simulated screens use are read; unknown entries are kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree as ET
from xml.sax.saxutils import escape, quoteattr

from mobile_gym.apps import calendar as model

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


@dataclass
class Prefs:
    """Read/write access to one Prefs.xml file (host path)."""

    path: Path

    def _load(self) -> dict[str, tuple[str, str]]:
        if not self.path.exists():
            return {}
        try:
            root = ET.fromstring(self.path.read_bytes())
        except ET.ParseError:
            return {}  # the framework also starts over from an unreadable file
        return {el.get("name", ""): (el.tag, el.get("value", el.text or "")) for el in root}

    def _save(self, entries: dict[str, tuple[str, str]]) -> None:
        lines = ["<?xml version='1.0' encoding='utf-8' standalone='yes' ?>", "<map>"]
        for name in sorted(entries):
            tag, value = entries[name]
            if tag == "string":
                lines.append(f"    <string name={quoteattr(name)}>{escape(value)}</string>")
            else:
                lines.append(f"    <{tag} name={quoteattr(name)} value={quoteattr(value)} />")
        lines.append("</map>")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    def get_int(self, name: str, default: int) -> int:
        tag_value = self._load().get(name)
        if tag_value is None or tag_value[0] not in ("int", "long"):
            return default
        try:
            return int(tag_value[1])
        except ValueError:
            return default

    def get_bool(self, name: str, default: bool) -> bool:
        tag_value = self._load().get(name)
        if tag_value is None or tag_value[0] != "boolean":
            return default
        return tag_value[1] == "true"

    def put(self, *, longs: tuple[str, ...] = (), **values: int | bool) -> None:
        """Write entries (bool -> <boolean>, int -> <int>, names in `longs` -> <long>) in
        one commit."""
        entries = self._load()
        for name, value in values.items():
            if name in longs and isinstance(value, int) and not isinstance(value, bool):
                entries[name] = ("long", str(value))
            elif isinstance(value, bool):
                entries[name] = ("boolean", "true" if value else "false")
            elif isinstance(value, int):
                entries[name] = ("int", str(value))
            else:
                raise TypeError(f"pref {name!r}: unsupported value {value!r}")
        self._save(entries)

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
