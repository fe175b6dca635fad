"""events.db exactly as Simple Calendar Pro's Room database (version 8) creates and writes it.

A connection is opened per operation and closed again (sim_contracts: restore and task pushes
may replace the file between steps). Rows seeded by tasks through the shell are read like the
app's own.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

from mobile_gym.apps import calendar as model
from mobile_gym.untrusted import sqlite_guard

from ...system.room import create_room_database

ROOM_VERSION = 8
ROOM_IDENTITY_HASH = "1d5b2fddcb258e43f2935820863057a9"

SCHEMA: tuple[str, ...] = (
    "CREATE TABLE IF NOT EXISTS `events` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `start_ts` INTEGER NOT NULL, `end_ts` INTEGER NOT NULL, `title` TEXT NOT NULL, `location` TEXT NOT NULL, `description` TEXT NOT NULL, `reminder_1_minutes` INTEGER NOT NULL, `reminder_2_minutes` INTEGER NOT NULL, `reminder_3_minutes` INTEGER NOT NULL, `reminder_1_type` INTEGER NOT NULL, `reminder_2_type` INTEGER NOT NULL, `reminder_3_type` INTEGER NOT NULL, `repeat_interval` INTEGER NOT NULL, `repeat_rule` INTEGER NOT NULL, `repeat_limit` INTEGER NOT NULL, `repetition_exceptions` TEXT NOT NULL, `attendees` TEXT NOT NULL, `import_id` TEXT NOT NULL, `time_zone` TEXT NOT NULL, `flags` INTEGER NOT NULL, `event_type` INTEGER NOT NULL, `parent_id` INTEGER NOT NULL, `last_updated` INTEGER NOT NULL, `source` TEXT NOT NULL, `availability` INTEGER NOT NULL, `color` INTEGER NOT NULL, `type` INTEGER NOT NULL)",
    "CREATE UNIQUE INDEX IF NOT EXISTS `index_events_id` ON `events` (`id`)",
    "CREATE TABLE IF NOT EXISTS `event_types` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `title` TEXT NOT NULL, `color` INTEGER NOT NULL, `caldav_calendar_id` INTEGER NOT NULL, `caldav_display_name` TEXT NOT NULL, `caldav_email` TEXT NOT NULL, `type` INTEGER NOT NULL)",
    "CREATE UNIQUE INDEX IF NOT EXISTS `index_event_types_id` ON `event_types` (`id`)",
    "CREATE TABLE IF NOT EXISTS `widgets` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `widget_id` INTEGER NOT NULL, `period` INTEGER NOT NULL)",
    "CREATE UNIQUE INDEX IF NOT EXISTS `index_widgets_widget_id` ON `widgets` (`widget_id`)",
    "CREATE TABLE IF NOT EXISTS `tasks` (`id` INTEGER PRIMARY KEY AUTOINCREMENT, `task_id` INTEGER NOT NULL, `start_ts` INTEGER NOT NULL, `flags` INTEGER NOT NULL)",
    "CREATE UNIQUE INDEX IF NOT EXISTS `index_tasks_id_task_id` ON `tasks` (`id`, `task_id`)",
    "CREATE TABLE IF NOT EXISTS room_master_table (id INTEGER PRIMARY KEY,identity_hash TEXT)",
    f"INSERT OR REPLACE INTO room_master_table (id,identity_hash) VALUES(42, '{ROOM_IDENTITY_HASH}')",
)

_COLS = ", ".join(f"`{c}`" for c in model.EVENT_COLUMNS)
_TYPE_COLS = ("id", "title", "color", "caldav_calendar_id", "caldav_display_name", "caldav_email", "type")


class EventsDb:
    """events.db at `host_path` (the host file behind the device path model.DB_PATH).

    `connect` opens it (on a device: the storage's guarded `open_database`, bounded to the free
    space); without it a guarded connection with the default limits is used."""

    def __init__(self, host_path: str | Path,
                 connect: Callable[[], sqlite3.Connection] | None = None) -> None:
        self.path = Path(host_path)
        self._open = connect

    def _connect(self) -> sqlite3.Connection:
        if self._open is not None:
            return self._open()
        return sqlite_guard.connect(str(self.path), isolation_level=None)[0]

    # -- creation -------------------------------------------------------------------------
    def ensure_created(self) -> bool:
        """Create the database as Room does on first open; True if it was created now.

        A file that already has an `events` table (the app's own, or one pushed by a task) is
        left untouched.
        """
        if not create_room_database(self.path, "events", SCHEMA, ROOM_VERSION):
            return False
        with closing(self._connect()) as con:
            # Room's onCreate callback: the "Regular event" type with the primary colour.
            con.execute(
                "INSERT OR REPLACE INTO event_types (id,title,color,caldav_calendar_id,"
                "caldav_display_name,caldav_email,type) VALUES (?,?,?,?,?,?,?)",
                (model.REGULAR_EVENT_TYPE_ID, model.REGULAR_EVENT_TYPE_TITLE,
                 model.DEFAULT_PRIMARY_COLOR, 0, "", "", 0))
        return True

    # -- events ---------------------------------------------------------------------------
    def insert(self, event: model.Event) -> int:
        """Insert a new row (id assigned by AUTOINCREMENT); returns the id."""
        if event.id is not None:
            raise ValueError(f"insert() takes an event without id, got id={event.id}")
        row = event.as_row()
        cols = [c for c in model.EVENT_COLUMNS if c != "id"]
        with closing(self._connect()) as con:
            cur = con.execute(
                f"INSERT INTO events ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
                [row[c] for c in cols])
            assert cur.lastrowid is not None  # set by every successful INSERT
            return int(cur.lastrowid)

    def update(self, event: model.Event) -> None:
        """Replace the row with the event's id (Room `insertOrUpdate` with REPLACE)."""
        if event.id is None:
            raise ValueError("update() needs an event with an id")
        row = event.as_row()
        with closing(self._connect()) as con:
            con.execute(f"INSERT OR REPLACE INTO events ({_COLS}) VALUES "
                        f"({', '.join('?' * len(model.EVENT_COLUMNS))})",
                        [row[c] for c in model.EVENT_COLUMNS])

    def delete(self, ids: list[int]) -> None:
        """Delete rows by id, and child rows (parent_id) as `EventsHelper.deleteEvents` does."""
        if not ids:
            return
        marks = ",".join("?" * len(ids))
        with closing(self._connect()) as con:
            con.execute("BEGIN")
            con.execute(f"DELETE FROM events WHERE id IN ({marks})", ids)
            con.execute(f"DELETE FROM events WHERE parent_id IN ({marks})", ids)
            con.execute("COMMIT")

    def get(self, event_id: int) -> model.Event | None:
        with closing(self._connect()) as con:
            r = con.execute(f"SELECT {_COLS} FROM events WHERE id = ?", (event_id,)).fetchone()
        return _event(r) if r else None

    def all_events(self) -> list[model.Event]:
        with closing(self._connect()) as con:
            return _all_events(con)

    def events_and_types(self) -> tuple[list[model.Event], list[model.EventType]]:
        """`all_events()` and `event_types()` read over one connection (what a screen that
        shows both reads at once; one open of a WAL database instead of two)."""
        with closing(self._connect()) as con:
            return _all_events(con), _event_types(con)

    def search(self, text: str) -> list[model.Event]:
        """Events whose title, location or description contains `text` (case-insensitive)."""
        like = f"%{text}%"
        with closing(self._connect()) as con:
            rows = con.execute(
                f"SELECT {_COLS} FROM events WHERE title LIKE ? OR location LIKE ? "
                "OR description LIKE ? ORDER BY start_ts, id", (like, like, like)).fetchall()
        return [_event(r) for r in rows]

    def event_types(self) -> list[model.EventType]:
        """The event types; none when a pushed database lacks the table."""
        with closing(self._connect()) as con:
            return _event_types(con)


def _all_events(con: sqlite3.Connection) -> list[model.Event]:
    rows = con.execute(f"SELECT {_COLS} FROM events ORDER BY start_ts, id").fetchall()
    return [_event(r) for r in rows]


def _event_types(con: sqlite3.Connection) -> list[model.EventType]:
    try:
        rows = con.execute(f"SELECT {', '.join(_TYPE_COLS)} FROM event_types ORDER BY id").fetchall()
    except sqlite3.OperationalError:
        return []
    return [model.EventType(_int(r[0]), str(r[1]), _int(r[2]), _int(r[3]), str(r[4] or ""),
                            str(r[5] or ""), _int(r[6])) for r in rows]


_TEXT_COLUMNS = frozenset({"title", "location", "description", "repetition_exceptions",
                           "attendees", "import_id", "time_zone", "source"})


def _int(v: object) -> int:
    """SQLite is loosely typed: a seeded row may hold '5' or 5.0 in an INTEGER column."""
    try:
        return int(float(v))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return 0


def _event(r: tuple) -> model.Event:
    values: dict[str, object] = {}
    for name, v in zip(model.EVENT_COLUMNS, r):
        if name == "id":
            values[name] = int(v)
        elif name in _TEXT_COLUMNS:
            values[name] = "" if v is None else str(v)
        else:
            values[name] = _int(v)
    return model.Event(**values)  # type: ignore[arg-type]
