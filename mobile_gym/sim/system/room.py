"""Room databases as Room creates them on first open, and Android's recovery from a corrupt
file (DefaultDatabaseErrorHandler deletes it; the app creates it again)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .activity import AppContext


def create_room_database(path: str | Path, marker_table: str, schema: Sequence[str],
                         version: int) -> bool:
    """Create the database at host `path` as Room does (WAL, android_metadata, the schema's
    statements, user_version); True if created now. A file that already has `marker_table`
    (the app's own, or one a task pushed) is left untouched."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with closing(sqlite3.connect(path, isolation_level=None)) as con:
        if con.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name=?",
                       (marker_table,)).fetchone():
            return False
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("BEGIN")
        con.execute("CREATE TABLE IF NOT EXISTS android_metadata (locale TEXT)")
        if not con.execute("SELECT 1 FROM android_metadata").fetchone():
            con.execute("INSERT INTO android_metadata VALUES ('en_US')")
        for stmt in schema:
            con.execute(stmt)
        con.execute(f"PRAGMA user_version = {int(version)}")
        con.execute("COMMIT")
    return True


def open_or_recreate(ctx: AppContext, device_path: str, create: Callable[[], object]) -> None:
    """Run `create` (open/create the database); a file that is not a database is deleted with
    its journals and created again, with the framework's log lines."""
    try:
        create()
    except sqlite3.DatabaseError:
        ctx.log("E", "SQLiteDatabase", f"Corruption reported by sqlite on database: {device_path}")
        ctx.log("E", "DefaultDatabaseErrorHandler", f"deleting the database file: {device_path}")
        for suffix in ("", "-wal", "-shm", "-journal"):
            if ctx.storage.exists(device_path + suffix):
                ctx.storage.remove(device_path + suffix)
        create()
