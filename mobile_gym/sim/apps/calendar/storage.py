"""The app's on-device storage seen from its screens: events.db and Prefs.xml by device path.

Opening it re-creates events.db when it is missing (Room does so on first access, e.g. after
`pm clear` or a task that deleted the file), so every screen can rely on the schema.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from mobile_gym.apps import calendar as model

from ...system.room import open_or_recreate
from . import dates, occurrences
from .db import EventsDb
from .prefs import Prefs

if TYPE_CHECKING:
    from ...system.activity import AppContext


class CalendarStorage:
    """events.db + Prefs.xml of one device (paths resolved through the device storage)."""

    def __init__(self, ctx: AppContext) -> None:
        self._ctx = ctx
        self.db = EventsDb(ctx.database_path("events.db"),
                           connect=lambda: ctx.connect_db("events.db", isolation_level=None))
        ctx.storage.mkdir(f"{ctx.data_dir}/shared_prefs", parents=True)
        self.prefs = Prefs(Path(ctx.storage.host_path(f"{ctx.data_dir}/shared_prefs/Prefs.xml")))

    def ensure_created(self) -> None:
        """Open (creating if needed). A file that is not a database is deleted and created
        again, as Android's DefaultDatabaseErrorHandler does on corruption."""
        open_or_recreate(self._ctx, f"{self._ctx.data_dir}/databases/events.db",
                         self.db.ensure_created)

    def event_type_colors(self) -> dict[int, int]:
        return {t.id: t.color for t in self.db.event_types()}

    def add_repetition_exception(self, event_id: int, occurrence_ts: int) -> None:
        """`addEventRepetitionException`: the occurrence's day code joins the JSON list."""
        ev = self.db.get(event_id)
        if ev is None:
            return
        try:
            codes = json.loads(ev.repetition_exceptions or "[]")
        except json.JSONDecodeError:
            codes = []
        code = dates.day_code(dates.to_datetime(occurrence_ts).date())
        if code not in codes:
            codes.append(code)
        self.db.update(ev.with_(repetition_exceptions=json.dumps(codes, separators=(",", ":"))))

    def add_repeat_limit(self, event_id: int, occurrence_ts: int) -> None:
        """`addEventRepeatLimit`: stop repeating before this occurrence (limit = ts - hour)."""
        ev = self.db.get(event_id)
        if ev is None:
            return
        hour = dates.to_datetime(occurrence_ts).hour
        self.db.update(ev.with_(repeat_limit=occurrence_ts - hour))

    def occurrences_after(self, event: model.Event, now_ts: int) -> list[occurrences.Occurrence]:
        """The event's occurrences within a year from now (for the reminder toast)."""
        return occurrences.occurrences([event], now_ts, now_ts + model.YEAR)
