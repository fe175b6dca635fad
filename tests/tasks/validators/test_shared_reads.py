"""State-check reads through a ReadCache (one reset's baselines, one step's checks) share one
copy of a database, yet each read answers, and trips its limits, as a read of its own would."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.device.base import FileEntry
from mobile_gym.device.read_cache import ReadCache
from mobile_gym.tasks.validators import sqlite as sq

DB = "/data/data/com.example/databases/notes.db"
ENDLESS = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c"


class DbDevice:
    """Just enough of a Device for the SQLite validators: one database file, pulls counted."""

    def __init__(self, tmp_path: Path) -> None:
        self.local = tmp_path / "notes.db"
        self.pulls = 0
        con = sqlite3.connect(self.local)
        con.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT, body BLOB, w REAL)")
        con.executemany("INSERT INTO notes (title, body, w) VALUES (?, ?, ?)",
                        [("Alpha", b"\x01\x02", 1.5), ("beta", None, None), ("", b"", 2.0)])
        con.commit()
        con.close()

    def list_dir(self, path: str) -> list[FileEntry]:
        return [FileEntry("notes.db", False, 0, 0.0)]

    def pull(self, path: str) -> bytes:
        if not path.endswith("/notes.db"):
            raise FileNotFoundError(path)
        self.pulls += 1
        return self.local.read_bytes()


@pytest.fixture
def device(tmp_path: Path) -> DbDevice:
    return DbDevice(tmp_path)


def test_reads_through_a_cache_answer_as_reads_of_their_own(device):
    cache = ReadCache(device)
    plain_rows = sq.read_rows(device, DB, "notes")
    assert sq.read_rows(cache, DB, "notes") == plain_rows
    assert sq.read_rows(cache, DB, "notes") == plain_rows
    for sql in ("SELECT id FROM notes WHERE title LIKE 'a%' ORDER BY id",
                "SELECT count(*), sum(length(body)) FROM notes", "SELECT * FROM notes"):
        assert sq.query(cache, DB, sql) == sq.query(device, DB, sql)


def test_each_caller_gets_its_own_rows(device):
    cache = ReadCache(device)
    first = sq.read_rows(cache, DB, "notes")
    first[0]["title"] = "changed"
    assert sq.read_rows(cache, DB, "notes")[0]["title"] == "Alpha"


def test_a_cache_reads_the_database_once(device):
    cache = ReadCache(device)
    sq.read_rows(cache, DB, "notes")
    sq.query(cache, DB, "SELECT id FROM notes ORDER BY id DESC LIMIT 1")
    sq.read_rows(cache, DB, "notes")
    assert device.pulls == 1


def test_a_missing_table_fails_the_same_way(device):
    with pytest.raises(ValueError) as plain:
        sq.read_rows(device, DB, "Notes")
    with pytest.raises(ValueError) as cached:
        sq.read_rows(ReadCache(device), DB, "Notes")
    assert str(cached.value) == str(plain.value)
    assert "table 'Notes' not in" in str(plain.value)


def test_a_pragma_does_not_change_the_later_reads(device):
    cache = ReadCache(device)
    like = "SELECT count(*) FROM notes WHERE title LIKE 'a%'"
    sq.query(cache, DB, "PRAGMA case_sensitive_like = 1")
    assert sq.query(cache, DB, like).rows == ((1,),)  # 'Alpha' matches as on a fresh connection


def test_a_stopped_read_leaves_the_next_read_its_whole_budget(device, monkeypatch):
    monkeypatch.setattr(sq, "MAX_QUERY_SECONDS", 120.0)
    cache = ReadCache(device)
    with pytest.raises(ValueError) as plain:
        sq.query(device, DB, ENDLESS)
    with pytest.raises(ValueError) as cached:
        sq.query(cache, DB, ENDLESS)
    assert str(cached.value) == str(plain.value)
    assert "MAX_VM_INSTRUCTIONS" in str(cached.value)
    # the next read on the shared copy counts from zero again: a query needing most of the
    # limit still runs
    near = ("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 200000) "
            "SELECT count(*) FROM c")
    assert sq.query(cache, DB, near).rows == ((200000,),)


def test_the_write_refusal_is_the_same(device):
    sql = "WITH x AS (SELECT 1) DELETE FROM notes"
    with pytest.raises(ValueError) as plain:
        sq.query(device, DB, sql)
    with pytest.raises(ValueError) as cached:
        sq.query(ReadCache(device), DB, sql)
    assert str(cached.value) == str(plain.value)


_VALUES = st.one_of(st.none(), st.integers(-10, 10), st.floats(allow_nan=False),
                    st.text(max_size=12), st.binary(max_size=12))


@settings(max_examples=60, deadline=None)
@given(rows=st.lists(st.tuples(_VALUES, _VALUES), min_size=1, max_size=30))
def test_the_result_budget_counts_text_and_blob_lengths_and_8_otherwise(tmp_path_factory, rows):
    path = tmp_path_factory.mktemp("budget") / "notes.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE notes (a, b)")
    con.executemany("INSERT INTO notes VALUES (?, ?)", rows)
    con.commit()
    con.close()
    device = DbDevice.__new__(DbDevice)
    device.local, device.pulls = path, 0
    size = sum(len(v) if isinstance(v, (str, bytes)) else 8 for row in rows for v in row)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sq, "MAX_RESULT_BYTES", size)
        assert len(sq.query(device, DB, "SELECT a, b FROM notes").rows) == len(rows)
        mp.setattr(sq, "MAX_RESULT_BYTES", size - 1)
        with pytest.raises(ValueError, match=f"exceeds MAX_RESULT_BYTES = {size - 1:,} bytes"):
            sq.query(device, DB, "SELECT a, b FROM notes")
