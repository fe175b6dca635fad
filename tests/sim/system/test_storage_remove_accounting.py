"""Removing files and folders keeps the storage's byte count right without recounting the
device: after any mix of writes, database writes behind the storage's back and removals,
`used_bytes` equals a fresh count of the same folder, and the quota refuses the same writes."""

from __future__ import annotations

import errno

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.sim.system.clock import Clock
from mobile_gym.sim.system.storage import Storage

_FILES = ["/data/local/tmp/a", "/data/local/tmp/d/b", "/data/local/tmp/d/e/c", "/sdcard/x"]
_DB = "/data/local/tmp/d/app.db"

_OPS = st.one_of(
    st.tuples(st.just("write"), st.sampled_from(_FILES), st.integers(0, 3000)),
    st.tuples(st.just("db"), st.just(_DB), st.integers(1, 40)),
    st.tuples(st.just("rm"), st.sampled_from([*_FILES, _DB]), st.just(0)),
    st.tuples(st.just("rm -r"), st.sampled_from(["/data/local/tmp/d", "/data/local/tmp/d/e"]), st.just(0)),
)


def _apply(s: Storage, op: str, path: str, n: int) -> None:
    if op == "write":
        s.write(path, b"x" * n)
    elif op == "db":
        if not s.is_dir("/data/local/tmp/d"):
            s.mkdir("/data/local/tmp/d", parents=True)
        conn = s.open_database(path, isolation_level=None)
        conn.execute("CREATE TABLE IF NOT EXISTS t (v BLOB)")
        conn.executemany("INSERT INTO t VALUES (?)", [(b"y" * 500,)] * n)
        conn.close()
    elif s.exists(path):
        s.remove(path, recursive=op == "rm -r")


@settings(max_examples=40, deadline=None)
@given(st.lists(_OPS, max_size=12))
def test_used_bytes_matches_a_fresh_count_after_removals(tmp_path_factory, ops) -> None:
    root = str(tmp_path_factory.mktemp("dev"))
    s = Storage(Clock(), root)
    s.used_bytes()  # counted once: from here on the count is kept up to date
    for op in ops:
        _apply(s, *op)
        assert s.used_bytes() == Storage(Clock(), root).used_bytes()


def test_space_freed_by_a_removed_folder_can_be_written_again(tmp_path) -> None:
    s = Storage(Clock(), str(tmp_path / "dev"), quota_bytes=10_000)
    base = s.used_bytes()
    s.write("/data/local/tmp/d/big", b"z" * (9_000 - base))
    with pytest.raises(OSError) as full:
        s.write("/data/local/tmp/more", b"z" * 2_000)
    assert full.value.errno == errno.ENOSPC
    s.remove("/data/local/tmp/d", recursive=True)
    s.write("/data/local/tmp/more", b"z" * 2_000)
    assert s.used_bytes() == base + 2_000


def test_a_removed_database_is_no_longer_counted(tmp_path) -> None:
    s = Storage(Clock(), str(tmp_path / "dev"))
    base = s.used_bytes()
    conn = s.open_database(_DB.replace("/d/", "/"), isolation_level=None)
    conn.execute("CREATE TABLE t (v)")
    conn.close()
    grown = s.used_bytes()
    assert grown > base
    s.remove(_DB.replace("/d/", "/"))
    assert s.used_bytes() == base == Storage(Clock(), s.root).used_bytes()
