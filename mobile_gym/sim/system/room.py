"""Room databases as Room creates them on first open, and Android's recovery from a corrupt
file (DefaultDatabaseErrorHandler deletes it; the app creates it again).

Creating a database from nothing runs a fixed list of statements, so the file it leaves is
always the same bytes (SQLite writes no time, path or random value into a file). Those bytes
are made once per schema (in a private temporary folder) and written as they are at every
first launch after that: the file is the one SQLite would have made, at a fraction of the cost
(a WAL-mode creation is tens of system calls and two syncs).
"""

from __future__ import annotations

import functools
import os
import sqlite3
from collections.abc import Callable, Sequence
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING

from mobile_gym.host_folders import make_private_folder

if TYPE_CHECKING:
    from .activity import AppContext

#: Name start of the folder a database image is made in (see `host_folders`).
IMAGE_FOLDER_PREFIX = "mobile_gym_db_image_"
#: The files SQLite keeps beside a database (a journal left by a crash makes a file "not new").
COMPANION_SUFFIXES = ("-wal", "-shm", "-journal")


def create_room_database(path: str | Path, marker_table: str, schema: Sequence[str],
                         version: int) -> bool:
    """Create the database at host `path` as Room does (WAL, android_metadata, the schema's
    statements, user_version); True if created now. A file that already has `marker_table`
    (the app's own, or one a task pushed) is left untouched; a file without it gets the
    missing parts added."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if write_new_database(path, _room_image(marker_table, tuple(schema), int(version))):
        return True
    return _create_room(path, marker_table, schema, version)


def _create_room(path: Path, marker_table: str, schema: Sequence[str], version: int) -> bool:
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


@functools.lru_cache(maxsize=64)
def _room_image(marker_table: str, schema: tuple[str, ...], version: int) -> bytes:
    """The bytes `_create_room` leaves in a new file (a pure function of its arguments)."""
    return database_image(functools.partial(_create_room, marker_table=marker_table, schema=schema,
                                            version=version))


def database_image(create: Callable[[Path], object]) -> bytes:
    """The bytes of the database file `create(path)` leaves at a path where nothing was, made in
    a private folder on tmpfs where there is one (a WAL-mode creation on a disk waits ~50 ms on
    its syncs). `create` must be deterministic (fixed statements, no clock): then these bytes
    are what it would write at any new path. RuntimeError when it leaves more than the
    database file behind (a journal that was not cleaned up)."""
    with make_private_folder(IMAGE_FOLDER_PREFIX) as folder:
        path = Path(folder) / "new.db"
        create(path)
        left = sorted(set(os.listdir(folder)) - {path.name})
        if left:
            raise RuntimeError(f"creating a database left {left} beside it; its image would not be the whole database")
        return path.read_bytes()


def write_new_database(path: Path, image: bytes) -> bool:
    """Write `image` as the database at host `path` when there is no database there yet (no
    file and no companion journal); True if written, False when something is there."""
    if any(os.path.lexists(f"{path}{suffix}") for suffix in COMPANION_SUFFIXES):
        return False
    try:  # created as SQLite creates a database file: exclusively, rw-r--r-- before the umask
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except FileExistsError:
        return False
    with open(fd, "wb") as fh:
        fh.write(image)
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
