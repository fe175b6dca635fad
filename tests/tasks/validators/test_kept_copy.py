"""Reads through a ReadCache with a Carry (the engine's resets and steps) run on one kept copy of
each database, rewritten in place between spans; whatever the database became meanwhile, every
read answers, and fails, exactly as a read on a copy of its own."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mobile_gym.device.base import FileEntry
from mobile_gym.device.read_cache import Carry, ReadCache
from mobile_gym.tasks.validators import sqlite as sq
from mobile_gym.tasks.validators.kept_copy import KeptCopy, reads_connection_state

DB = "/data/data/com.example/databases/notes.db"
QUERIES = ("SELECT * FROM notes ORDER BY id",
           "SELECT id, title FROM notes WHERE w > 1 ORDER BY title, id",
           "SELECT count(*), total(length(body)) FROM notes",
           "SELECT name FROM sqlite_master ORDER BY name",
           "SELECT * FROM pragma_journal_mode",
           "SELECT count(*) FROM extra")


class FolderDevice:
    """A Device with one databases folder on the host: `list_dir` and `pull` read it as it is."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def list_dir(self, path: str) -> list[FileEntry]:
        return [FileEntry(p.name, False, p.stat().st_size, 0.0) for p in sorted(self.folder.iterdir())]

    def pull(self, path: str) -> bytes:
        local = self.folder / os.path.basename(path)
        if not local.exists():
            raise FileNotFoundError(path)
        return local.read_bytes()


def _outcome(read):
    """What a read answers: its value, or its error's type and text."""
    try:
        return "ok", read()
    except (ValueError, FileNotFoundError) as exc:
        return type(exc).__name__, str(exc)


def _all_reads(device) -> list:
    out = [_outcome(lambda: sq.read_rows(device, DB, "notes")),
           _outcome(lambda: sq.read_rows(device, DB, "extra"))]
    out += [_outcome(lambda q=q: sq.query(device, DB, q)) for q in QUERIES]
    return out


def _write(folder: Path, statements: list[str], *, wal: bool = False) -> None:
    """Run `statements` on the folder's notes.db and close it (no journal left beside it)."""
    con = sqlite3.connect(folder / "notes.db", isolation_level=None)
    if wal:
        con.execute("PRAGMA journal_mode = WAL")
    for statement in statements:
        con.execute(statement)
    con.close()


_SETUP = ["CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, title TEXT, body BLOB, w REAL)"]
_CHANGES = st.sampled_from([
    ["INSERT INTO notes (title, body, w) VALUES ('Alpha', x'0102', 1.5)"],
    ["INSERT INTO notes (title, body, w) VALUES ('beta', NULL, 2.5)"],
    ["UPDATE notes SET title = title || '!' WHERE id % 2 = 1"],
    ["DELETE FROM notes WHERE id = (SELECT min(id) FROM notes)"],
    ["CREATE TABLE IF NOT EXISTS extra (k TEXT)", "INSERT INTO extra VALUES ('x')"],
    ["DROP TABLE IF EXISTS extra"],
    ["CREATE INDEX IF NOT EXISTS by_title ON notes (title, id)"],
    ["DROP INDEX IF EXISTS by_title"],
    ["CREATE VIEW IF NOT EXISTS modes AS SELECT * FROM pragma_journal_mode"],
    ["DROP VIEW IF EXISTS modes"],
    ["ANALYZE"],
    [f"CREATE TABLE IF NOT EXISTS wide (x TEXT DEFAULT '{'w' * 5000}')"],  # spills off page 1
    ["DROP TABLE IF EXISTS wide"],
    ["VACUUM"],
    ["INSERT INTO notes (title, w) SELECT printf('n%d', value), value FROM json_each('[1,2,3,4,5,6,7,8,9]')"],
])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(changes=st.lists(st.tuples(_CHANGES, st.booleans()), min_size=1, max_size=12))
def test_a_kept_copy_answers_as_a_copy_of_its_own_whatever_changed(tmp_path_factory, changes):
    folder = tmp_path_factory.mktemp("db")
    device = FolderDevice(folder)
    _write(folder, _SETUP)
    carry = Carry()
    try:
        for statements, wal in changes:
            _write(folder, statements, wal=wal)
            with ReadCache(device, carry=carry) as span:
                assert _all_reads(span) == _all_reads(device)
    finally:
        carry.close()


def _one_table_db(path: Path, table: str, columns: str, rows: int) -> bytes:
    con = sqlite3.connect(path, isolation_level=None)
    con.execute(f"CREATE TABLE {table} ({columns})")
    for i in range(rows):
        con.execute(f"INSERT INTO {table} VALUES ({', '.join(['?'] * len(columns.split(',')))})",
                    [i] * len(columns.split(",")))
    con.close()
    return path.read_bytes()


def test_another_schema_with_the_same_schema_cookie_is_read_with_its_own_schema(tmp_path):
    # Both files have schema cookie 1 (one CREATE each): SQLite alone would keep the first
    # one's parsed schema.
    first = _one_table_db(tmp_path / "a.db", "notes", "id, title", 3)
    second = _one_table_db(tmp_path / "b.db", "notes", "x, y, z", 5)
    assert first[40:44] == second[40:44]
    folder = tmp_path / "device"
    folder.mkdir()
    device = FolderDevice(folder)
    carry = Carry()
    for image in (first, second, first, second):
        (folder / "notes.db").write_bytes(image)
        with ReadCache(device, carry=carry) as span:
            assert sq.read_rows(span, DB, "notes") == sq.read_rows(device, DB, "notes")
            assert sq.query(span, DB, "SELECT * FROM notes") == sq.query(device, DB, "SELECT * FROM notes")
    carry.close()


def test_equal_bytes_in_a_later_span_give_the_same_rows_without_reading_again(tmp_path):
    device = FolderDevice(tmp_path)
    _write(tmp_path, _SETUP + ["INSERT INTO notes (title) VALUES ('kept')"])
    carry = Carry()
    with ReadCache(device, carry=carry) as span:
        first = sq.read_rows(span, DB, "notes")
    os.chmod(tmp_path / "notes.db", 0o644)  # same bytes: nothing to read again
    with ReadCache(device, carry=carry) as span:
        again = sq.read_rows(span, DB, "notes")
    assert again == first and again is not first  # each caller still gets its own dicts
    _write(tmp_path, ["UPDATE notes SET title = 'changed'"])
    with ReadCache(device, carry=carry) as span:
        assert sq.read_rows(span, DB, "notes")[0]["title"] == "changed"
    carry.close()


def test_statements_that_read_the_connection_get_a_copy_of_their_own():
    assert reads_connection_state("SELECT * FROM PRAGMA_journal_mode")
    assert reads_connection_state("select count(*) from sqlite_stmt")
    assert not reads_connection_state("SELECT * FROM notes")


def test_a_database_with_a_journal_beside_it_is_read_from_its_files(tmp_path):
    device = FolderDevice(tmp_path)
    _write(tmp_path, _SETUP + ["INSERT INTO notes (title) VALUES ('a')"])
    con = sqlite3.connect(tmp_path / "notes.db", isolation_level=None)
    con.execute("PRAGMA journal_mode = WAL")
    con.execute("INSERT INTO notes (title) VALUES ('in the wal')")
    try:
        assert (tmp_path / "notes.db-wal").exists()
        copy = KeptCopy()
        image = sq.database_image(device, DB)
        assert copy.connection(image, sq._limits(), "SELECT 1") is None
        copy.close()
        carry = Carry()
        with ReadCache(device, carry=carry) as span:
            assert [r["title"] for r in sq.read_rows(span, DB, "notes")] == ["a", "in the wal"]
        carry.close()
    finally:
        con.close()


def test_bytes_that_are_no_database_fail_as_on_a_copy_of_their_own(tmp_path):
    (tmp_path / "notes.db").write_bytes(b"SQLite format 3\x00" + b"\xff" * 600)
    device = FolderDevice(tmp_path)
    carry = Carry()
    with ReadCache(device, carry=carry) as span:
        assert _all_reads(span) == _all_reads(device)
        assert _all_reads(span)[0][0] == "ValueError"
    carry.close()


def test_a_stopped_read_on_a_kept_copy_leaves_the_next_read_its_whole_budget(tmp_path, monkeypatch):
    monkeypatch.setattr(sq, "MAX_QUERY_SECONDS", 120.0)
    device = FolderDevice(tmp_path)
    _write(tmp_path, _SETUP)
    endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c"
    near = ("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 200000) "
            "SELECT count(*) FROM c")
    carry = Carry()
    for _ in range(2):  # the second span runs on the connection the first one left
        with ReadCache(device, carry=carry) as span:
            with pytest.raises(ValueError, match="MAX_VM_INSTRUCTIONS"):
                sq.query(span, DB, endless)
            assert sq.query(span, DB, near).rows == ((200000,),)
            with pytest.raises(ValueError, match="readonly"):
                sq.query(span, DB, "WITH x AS (SELECT 1) DELETE FROM notes")
    carry.close()


def test_a_span_closes_its_database_copies_and_a_carry_its_kept_ones(tmp_path, monkeypatch):
    from mobile_gym import host_folders

    monkeypatch.setattr(host_folders, "FAST_DIR", str(tmp_path))
    (tmp_path / "device").mkdir()
    device = FolderDevice(tmp_path / "device")
    _write(tmp_path / "device", _SETUP)
    with ReadCache(device) as span:
        sq.query(span, DB, "SELECT count(*) FROM notes")
        memory = span.opened(("sqlite.memory_copy", DB), lambda: None)
        assert isinstance(memory, sqlite3.Connection)
    with pytest.raises(sqlite3.ProgrammingError):
        memory.execute("SELECT 1")
    carry = Carry()
    with ReadCache(device, carry=carry) as span:
        sq.query(span, DB, "SELECT count(*) FROM notes")
        kept = span.kept(("sqlite.kept_copy", DB), KeptCopy)
        found = kept.connection(sq.database_image(span, DB), sq._limits(), "SELECT 1")
        assert found is not None
    found.conn.execute("SELECT 1")  # kept open between spans
    assert [p.name[:18] for p in tmp_path.iterdir() if p.name != "device"] == ["mobile_gym_dbcopy."]
    carry.close()
    with pytest.raises(sqlite3.ProgrammingError):
        found.conn.execute("SELECT 1")
    assert [p.name for p in tmp_path.iterdir()] == ["device"]  # the private folder is gone


def test_a_schema_that_differs_only_past_page_one_is_read_again(tmp_path):
    # A view whose definition is too long for page 1: its end lies on an overflow page, so two
    # files can have the same page 1 (and schema cookie) and still another view.
    con = sqlite3.connect(tmp_path / "a.db", isolation_level=None)
    con.execute(f"CREATE VIEW v AS SELECT '{'p' * 6000}' AS pad, 1 AS val")
    con.close()
    first = (tmp_path / "a.db").read_bytes()
    assert first.count(b"1 AS val") == 1 and first.index(b"1 AS val") > 4096
    second = first.replace(b"1 AS val", b"2 AS val")
    assert first[:4096] == second[:4096]
    folder = tmp_path / "device"
    folder.mkdir()
    device = FolderDevice(folder)
    carry = Carry()
    for image, val in ((first, 1), (second, 2), (first, 1)):
        (folder / "notes.db").write_bytes(image)
        with ReadCache(device, carry=carry) as span:
            assert sq.query(span, DB, "SELECT val FROM v").rows == ((val,),)
    carry.close()
