"""The `sqlite3` command opens a WAL database in exclusive locking mode when its SQL cannot
tell (no `-shm` file to make, map and remove): each call must print and leave on the device
what a shared connection (the real CLI's) gives, leave no `-wal` / `-shm` behind, read the
settings a fresh connection has, and fall back to a shared connection at once when another
connection has the file open."""

from __future__ import annotations

import sqlite3
import time

from mobile_gym.sim.android import SimAndroid
from mobile_gym.sim.system.kept_connections import read_header
from mobile_gym.untrusted import sqlite_guard

FOLDER = "/data/local/tmp"
DB = f"{FOLDER}/wal.db"
SETUP = "PRAGMA journal_mode = WAL; CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT);"
CALLS = [
    "PRAGMA synchronous = OFF; BEGIN; DELETE FROM t; INSERT INTO t (b) VALUES ('x'), ('y'); COMMIT;",
    "INSERT INTO t (b) VALUES ('z'); SELECT count(*) FROM t;",
    "SELECT * FROM pragma_busy_timeout; SELECT * FROM pragma_journal_mode;",
    "BEGIN; INSERT INTO t (b) VALUES ('never'); SELECT * FROM nowhere;",  # fails inside a transaction
    "SELECT b FROM t ORDER BY a;",
]


def sqlite3_call(a: SimAndroid, sql: str) -> tuple[int, str, str]:
    return a.shell(f"sqlite3 {DB} \"{sql}\"")


def files(a: SimAndroid) -> dict[str, bytes]:
    return {e.name: a.storage.read(f"{FOLDER}/{e.name}") for e in a.storage.list(FOLDER)}


def test_wal_calls_alone_match_a_shared_connection():
    alone, shared = SimAndroid(), SimAndroid()
    try:
        for a in (alone, shared):
            assert sqlite3_call(a, SETUP) == (0, "wal\n", "")
        for sql in CALLS:
            # ` -- locking_mode`: a comment, so the same SQL, on a shared connection
            assert sqlite3_call(alone, sql) == sqlite3_call(shared, sql + " -- locking_mode")
            assert files(alone) == files(shared)
            assert sorted(files(alone)) == ["wal.db"]  # no -wal / -shm left behind
        assert sqlite3_call(alone, "SELECT * FROM pragma_busy_timeout;") == (0, "5000\n", "")
    finally:
        alone.close()
        shared.close()


def test_sql_naming_locking_mode_reads_normal():
    a = SimAndroid()
    try:
        assert sqlite3_call(a, SETUP)[0] == 0
        assert sqlite3_call(a, "SELECT * FROM pragma_locking_mode;") == (0, "normal\n", "")
    finally:
        a.close()


def test_another_open_connection_falls_back_to_a_shared_one_at_once():
    a = SimAndroid()
    try:
        assert sqlite3_call(a, SETUP)[0] == 0
        other = sqlite3.connect(a.storage.host_path(DB))
        try:
            other.execute("SELECT count(*) FROM t").fetchall()  # holds the file open in WAL mode
            started = time.monotonic()
            assert sqlite3_call(a, "INSERT INTO t (b) VALUES ('x'); SELECT count(*) FROM t;") == (0, "1\n", "")
            assert time.monotonic() - started < 2.0  # no wait for the busy timeout
            assert other.execute("SELECT b FROM t").fetchall() == [("x",)]
        finally:
            other.close()
        assert sorted(files(a)) == ["wal.db"]
    finally:
        a.close()


def test_the_header_gives_the_page_size_and_the_journal(tmp_path):
    path = str(tmp_path / "h.db")
    conn = sqlite3.connect(path)
    conn.executescript("PRAGMA page_size = 1024; CREATE TABLE t (a); PRAGMA journal_mode = WAL;")
    conn.close()
    header = read_header(path, page=False)
    assert header is not None and header.page_size == 1024 and header.wal and not header.rollback_journal
    assert header._replace(layout=header.layout[:16] + b"\x03\x00" + header.layout[18:]).page_size is None


def test_a_given_page_size_bounds_the_file_as_the_asked_one(tmp_path):
    path = str(tmp_path / "b.db")
    sqlite3.connect(path).executescript("PRAGMA page_size = 1024; CREATE TABLE t (a);")
    limits = sqlite_guard.Limits(database_bytes=64 * 1024, temp_database=False)
    for page_size in (None, 1024):
        conn, _budget = sqlite_guard.connect(path, limits, page_size=page_size)
        try:
            assert conn.execute("PRAGMA max_page_count").fetchone() == (64,)
        finally:
            conn.close()
