"""A new database is written as the bytes its creation makes (room.database_image): the same
file SQLite leaves when the statements run at that path, and only where no database is yet."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from mobile_gym import host_folders
from mobile_gym.apps import broccoli, expense
from mobile_gym.sim.apps.calendar import db as calendar_db
from mobile_gym.sim.apps.opentracks import storage as opentracks_storage
from mobile_gym.sim.system import room

ROOM_SCHEMAS = {
    "calendar": ("events", calendar_db.SCHEMA, calendar_db.ROOM_VERSION),
    "expense": (expense.EXPENSE_TABLE, expense.SCHEMA, expense.ROOM_VERSION),
    "broccoli": ("recipes", broccoli.SCHEMA, broccoli.ROOM_VERSION),
}


@pytest.mark.parametrize("name", sorted(ROOM_SCHEMAS))
def test_room_database_is_the_file_sqlite_makes(tmp_path, name):
    marker, schema, version = ROOM_SCHEMAS[name]
    made = tmp_path / "made" / f"{name}.db"
    made.parent.mkdir()
    assert room._create_room(made, marker, schema, version)  # the statements, run at the path
    written = tmp_path / "written" / f"{name}.db"
    assert room.create_room_database(written, marker, schema, version)
    assert written.read_bytes() == made.read_bytes()
    assert sorted(p.name for p in written.parent.iterdir()) == [written.name]
    with closing(sqlite3.connect(written)) as con:
        assert con.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert con.execute("PRAGMA user_version").fetchone() == (version,)
        assert con.execute("SELECT locale FROM android_metadata").fetchall() == [("en_US",)]
    assert not room.create_room_database(written, marker, schema, version)  # already there
    assert written.read_bytes() == made.read_bytes()


def test_opentracks_database_is_the_file_sqlite_makes(tmp_path):
    made = tmp_path / "made.db"
    opentracks_storage._create_tables(made)
    written = tmp_path / "databases" / "database.db"
    opentracks_storage.TrackDb(written).ensure_created()
    assert written.read_bytes() == made.read_bytes()
    opentracks_storage.TrackDb(written).ensure_created()  # a second start runs the statements again
    opentracks_storage._create_tables(made)
    assert written.read_bytes() == made.read_bytes()


def test_a_file_without_the_marker_table_gets_the_schema_added(tmp_path):
    path = tmp_path / "events.db"
    with closing(sqlite3.connect(path)) as con:
        con.execute("CREATE TABLE pushed (x INTEGER)")
        con.execute("INSERT INTO pushed VALUES (7)")
        con.commit()
    assert room.create_room_database(path, "events", calendar_db.SCHEMA, calendar_db.ROOM_VERSION)
    with closing(sqlite3.connect(path)) as con:
        assert con.execute("SELECT x FROM pushed").fetchall() == [(7,)]
        names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"pushed", "events", "event_types", "android_metadata"} <= names


@pytest.mark.parametrize("suffix", room.COMPANION_SUFFIXES)
def test_a_leftover_journal_means_the_database_is_not_new(tmp_path, suffix):
    path = tmp_path / "accounting.db"
    (tmp_path / f"accounting.db{suffix}").write_bytes(b"")
    assert not room.write_new_database(path, b"image")
    assert not path.exists()


def test_an_empty_file_is_created_in_place(tmp_path):
    path = tmp_path / "broccoli.db"
    path.write_bytes(b"")
    assert room.create_room_database(path, "recipes", broccoli.SCHEMA, broccoli.ROOM_VERSION)
    assert path.read_bytes() == room._room_image("recipes", tuple(broccoli.SCHEMA), broccoli.ROOM_VERSION)


def test_an_image_needs_a_creation_that_cleans_up(tmp_path):
    def leaves_a_journal(path):
        path.write_bytes(b"")
        (path.parent / (path.name + "-journal")).write_bytes(b"x")

    with pytest.raises(RuntimeError, match="journal"):
        room.database_image(leaves_a_journal)


def test_an_image_is_made_in_a_private_folder_on_the_fast_dir_and_removed(tmp_path, monkeypatch):
    monkeypatch.setattr(host_folders, "FAST_DIR", str(tmp_path))
    seen: list[Path] = []

    def create(path):
        seen.append(path)
        with closing(sqlite3.connect(path)) as con:
            con.execute("CREATE TABLE t (x)")

    image = room.database_image(create)
    assert image.startswith(b"SQLite format 3\x00")
    assert seen[0].parent.parent == tmp_path
    assert seen[0].parent.name.startswith(room.IMAGE_FOLDER_PREFIX)
    assert list(tmp_path.iterdir()) == []  # the folder went with its lock
