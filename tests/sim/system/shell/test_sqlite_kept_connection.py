"""The `sqlite3` command keeps its connection between calls on rollback-journal files: every
call must print and leave on the device what a call on a fresh connection (what the real CLI
opens each time) gives, across snapshot restores, other writers of the file (also ones that
change the schema to another with the same schema cookie), pragmas, the connection's counters,
failed calls and open transactions; WAL files keep no connection (their -wal and -shm go).

The reference device runs each call with ` -- changes` appended: a comment, so the CLI does
the same, but a call whose text names the connection's counters never takes a kept connection."""

from __future__ import annotations

import os
import sqlite3

from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.sim.android import SimAndroid

DB = "/data/local/tmp/kept.db"
FOLDER = "/data/local/tmp"


def call(a: SimAndroid, sql: str, *, fresh: bool = False) -> tuple[int, str, str]:
    text = sql + " -- changes" if fresh else sql
    return a.shell(f"sqlite3 {DB} \"{text}\"")


def files(a: SimAndroid) -> dict[str, bytes]:
    return {e.name: a.storage.read(f"{FOLDER}/{e.name}") for e in a.storage.list(FOLDER)}


def host_write(a: SimAndroid, sql: str) -> None:
    """Another writer of the file (an app's own connection, a host tool)."""
    conn = sqlite3.connect(a.storage.host_path(DB), isolation_level=None)
    try:
        conn.executescript(sql)
    finally:
        conn.close()


def kept_count(a: SimAndroid) -> int:
    """How many connections to DB the device keeps open now (as files this process has open)."""
    host = a.storage.host_path(DB)
    fds = os.listdir("/proc/self/fd")
    return sum(1 for fd in fds if _target(fd) == host)


def _target(fd: str) -> str:
    try:
        return os.readlink(f"/proc/self/fd/{fd}")
    except OSError:
        return ""


SETUP = "CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT); INSERT INTO t (b) VALUES ('x');"

CALLS = [
    "INSERT INTO t (b) VALUES ('y'); SELECT count(*) FROM t;",
    "PRAGMA synchronous = OFF; BEGIN; INSERT INTO t (b) VALUES ('z'); COMMIT;",
    "PRAGMA synchronous;",
    "SELECT last_insert_rowid(), changes(), total_changes();",
    "SELECT a, b FROM t ORDER BY a;",
    "BEGIN; INSERT INTO t (b) VALUES ('lost');",
    "INSERT INTO nosuch VALUES (1);",
    "CREATE TABLE IF NOT EXISTS u (c); INSERT INTO u VALUES (1); SELECT count(*) FROM u;",
    "DROP TABLE IF EXISTS u;",
    "CREATE TEMP TABLE tt (x); INSERT INTO tt VALUES (1); SELECT count(*) FROM tt;",
    "SELECT count(*) FROM tt;",
    "UPDATE t SET b = b || '!' WHERE a = 1; SELECT b FROM t WHERE a = 1;",
]
HOST_WRITES = [
    "INSERT INTO t (b) VALUES ('host');",
    "CREATE TABLE IF NOT EXISTS v (d); INSERT INTO v VALUES (7);",
    "DELETE FROM t WHERE a > 2;",
]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["call", "host", "snapshot", "restore"]), st.integers(0, 11)),
                min_size=1, max_size=14))
def test_calls_match_fresh_connections(ops):
    kept, fresh = SimAndroid(), SimAndroid()
    snaps: list[tuple[object, object]] = []
    try:
        for device, as_fresh in ((kept, False), (fresh, True)):
            assert call(device, SETUP, fresh=as_fresh)[0] == 0
        for op, pick in ops:
            if op == "call":
                sql = CALLS[pick % len(CALLS)]
                assert call(kept, sql) == call(fresh, sql, fresh=True), sql
            elif op == "host":
                sql = HOST_WRITES[pick % len(HOST_WRITES)]
                host_write(kept, sql)
                host_write(fresh, sql)
            elif op == "snapshot":
                snaps.append((kept.snapshot(), fresh.snapshot()))
            elif snaps:
                mine, theirs = snaps[pick % len(snaps)]
                kept.restore(mine)  # type: ignore[arg-type]
                fresh.restore(theirs)  # type: ignore[arg-type]
            assert files(kept) == files(fresh), op
            assert call(kept, "SELECT a, b FROM t ORDER BY a;") == call(fresh, "SELECT a, b FROM t ORDER BY a;",
                                                                         fresh=True)
    finally:
        kept.close()
        fresh.close()


def test_another_schema_with_the_same_cookie_is_read_again():
    """Two branches from one snapshot each add a table (the same schema cookie after both, but
    another change counter, so SQLite drops its page cache and keeps its schema): a connection
    kept from the first must not answer from the first branch's schema."""
    a = SimAndroid()
    try:
        assert call(a, SETUP)[0] == 0
        start = a.snapshot()
        host_write(a, "CREATE TABLE first (x); INSERT INTO first VALUES (1);")
        assert call(a, "SELECT x FROM first;") == (0, "1\n", "")
        a.restore(start)
        host_write(a, "CREATE TABLE second (y); INSERT INTO second VALUES (2); INSERT INTO t (b) VALUES ('z');")
        assert call(a, "SELECT y FROM second;") == (0, "2\n", "")
        code, _, err = call(a, "SELECT x FROM first;")
        assert code == 1 and "no such table: first" in err
    finally:
        a.close()


def test_a_plain_call_keeps_its_connection_and_a_wal_file_does_not():
    a = SimAndroid()
    try:
        assert call(a, SETUP)[0] == 0
        assert kept_count(a) == 1  # put back for the next call
        assert call(a, "SELECT count(*) FROM t;") == (0, "1\n", "")
        assert kept_count(a) == 1
        assert call(a, "PRAGMA cache_size = 10;")[0] == 0  # a pragma: on a connection of its own
        assert kept_count(a) == 1  # (the kept one waits, unused)
        assert call(a, "PRAGMA journal_mode = WAL;") == (0, "wal\n", "")
        assert call(a, "INSERT INTO t (b) VALUES ('w'); SELECT count(*) FROM t;") == (0, "2\n", "")
        assert kept_count(a) == 0
        assert sorted(files(a)) == ["kept.db"]  # no -wal / -shm left behind
    finally:
        a.close()


def test_a_call_that_sets_synchronous_keeps_its_connection():
    """`PRAGMA synchronous = X` is the one pragma a kept connection runs (the seeds' scripts
    start with it); it is set back after the call, and no plain call can read it."""
    a = SimAndroid()
    try:
        assert call(a, SETUP)[0] == 0
        assert call(a, "SELECT count(*) FROM t;")[0] == 0  # (SETUP made the file)
        fresh_value = call(a, "PRAGMA synchronous;", fresh=True)
        assert call(a, "PRAGMA synchronous = OFF; INSERT INTO t (b) VALUES ('q');")[0] == 0
        assert kept_count(a) == 1
        assert call(a, "SELECT count(*) FROM t;") == (0, "2\n", "")
        assert call(a, "PRAGMA synchronous;") == fresh_value
    finally:
        a.close()


def test_a_kept_connection_is_bounded_by_its_files_page_size_as_a_fresh_one():
    """A kept connection's size bound comes from the page size its file's header gives (no
    `PRAGMA page_size`): on a 1024-byte-page file, with free space for a few pages, a write past
    it fails on the kept connection exactly as on a fresh one, after and without a restore."""
    devices = [SimAndroid(storage_quota_bytes=64 * 1024) for _ in range(2)]
    try:
        for device in devices:
            conn = sqlite3.connect(device.storage.host_path(DB), isolation_level=None)
            conn.executescript("PRAGMA page_size = 1024; CREATE TABLE t (a INTEGER PRIMARY KEY, b BLOB);")
            conn.close()
        kept, fresh = devices
        snap = kept.snapshot(), fresh.snapshot()
        for round_ in range(3):
            for size in (1000, 20_000, 40_000, 80_000):
                sql = f"INSERT INTO t (b) VALUES (zeroblob({size})); SELECT count(*) FROM t;"
                assert call(kept, sql) == call(fresh, sql, fresh=True), (round_, size)
                assert files(kept) == files(fresh)
            assert call(kept, "SELECT count(*) FROM t;") == call(fresh, "SELECT count(*) FROM t;", fresh=True)
            taken = kept.sqlite_connections.take(kept.storage, DB, kept.storage.host_path(DB))
            assert taken is not None and taken.page_size == 1024
            taken.conn.close()
            kept.restore(snap[0])
            fresh.restore(snap[1])
    finally:
        for device in devices:
            device.close()
