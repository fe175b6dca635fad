"""The app's `database.db` (schema creation, the list and detail queries) and its runtime
permission grants. A connection per read: a task may rewrite the table between steps."""

from __future__ import annotations

import functools
import sqlite3
from contextlib import closing
from pathlib import Path

from mobile_gym.apps import opentracks as model
from mobile_gym.sim.system.room import database_image, write_new_database
from mobile_gym.sim.system.shared_prefs import SharedPreferences


def _create_tables(path: Path) -> None:
    with closing(sqlite3.connect(path, isolation_level=None)) as con:
        con.execute("CREATE TABLE IF NOT EXISTS android_metadata (locale TEXT)")
        if not con.execute("SELECT 1 FROM android_metadata").fetchone():
            con.execute("INSERT INTO android_metadata VALUES ('en_US')")
        for stmt in model.SCHEMA:
            con.execute(stmt)
        con.execute(f"PRAGMA user_version = {model.DB_VERSION}")


@functools.lru_cache(maxsize=1)
def _new_database_image() -> bytes:
    """The bytes `_create_tables` leaves in a new file (always the same)."""
    return database_image(_create_tables)


class TrackDb:
    """The database file at `host_path`."""

    def __init__(self, host_path: str | Path) -> None:
        self.path = Path(host_path)

    def ensure_created(self) -> None:
        """Create the tables as the app's open helper does on first start (kept if present;
        a new file is written as the bytes that creation makes, see `room.database_image`)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if not write_new_database(self.path, _new_database_image()):
            _create_tables(self.path)

    def _rows(self, where: str = "", args: tuple = ()) -> list[model.Track]:
        if not self.path.exists():
            return []
        cols = ", ".join(model.COLUMNS)
        with closing(sqlite3.connect(self.path)) as con:
            try:
                cur = con.execute(f"SELECT {cols} FROM {model.TABLE} {where}", args)
            except sqlite3.Error:
                return []
            out = []
            for row in cur.fetchall():
                values = dict(zip(model.COLUMNS, row))
                for k in ("name", "category", "description", "icon", "activity_type",
                          "activity_type_localized"):
                    values[k] = "" if values[k] is None else str(values[k])
                for k in ("starttime", "stoptime", "totaltime", "movingtime", "numpoints",
                          "starttime_offset"):
                    values[k] = int(values[k] or 0)
                for k in ("totaldistance", "avgspeed", "avgmovingspeed", "maxspeed",
                          "minelevation", "maxelevation", "elevationgain", "elevationloss"):
                    values[k] = float(values[k] or 0.0)
                values["uuid"] = bytes(values["uuid"] or b"")
                out.append(model.Track(**values))
            return out

    def tracks(self) -> list[model.Track]:
        """The list's query: every track, newest start first (the default sort)."""
        return self._rows("ORDER BY starttime DESC, _id DESC")

    def track(self, track_id: int) -> model.Track | None:
        rows = self._rows("WHERE _id = ?", (track_id,))
        return rows[0] if rows else None


class Permissions:
    """Which runtime permissions the user granted (the package manager's grants on a phone)."""

    def __init__(self, host_path: str | Path) -> None:
        self.prefs = SharedPreferences(host_path)

    def granted(self, name: str) -> bool:
        return self.prefs.get_bool(name, False)

    def answer(self, name: str, granted: bool) -> None:
        entries = self.prefs.entries()
        entries[name] = ("boolean", "true" if granted else "false")
        entries[name + ".asked"] = ("boolean", "true")
        self.prefs.write(entries)

    def asked(self, name: str) -> bool:
        return self.prefs.get_bool(name + ".asked", False)
