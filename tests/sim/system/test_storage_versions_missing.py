"""Storage.versions: the versions of several paths at once, where a shared path seen missing is
answered by its folder's stamp while that stamp stays put. The answers must be the ones
`version` gives one path at a time, and a file made behind the storage's back must still show."""

from __future__ import annotations

import os
import sqlite3

import pytest

from mobile_gym.device.sim_device import SimDevice

DB = "/data/data/com.example/databases/app.db"
PATHS = [DB + suffix for suffix in ("", "-wal", "-shm", "-journal")]


@pytest.fixture
def device():
    with SimDevice() as dev:
        storage = dev.android.storage
        storage.mkdir("/data/data/com.example/databases", parents=True)
        with sqlite3.connect(storage.host_path(DB), isolation_level=None) as conn:
            conn.execute("CREATE TABLE t (x INTEGER)")
        yield dev


def one_at_a_time(storage) -> tuple:
    return tuple(storage.version(p) for p in PATHS)


def test_versions_equal_version_of_each_path(device):
    storage = device.android.storage
    assert storage.versions(PATHS) == one_at_a_time(storage)
    assert storage.versions(PATHS) == one_at_a_time(storage)  # now from the missing paths' memo
    assert [stamp for _count, stamp in storage.versions(PATHS)[1:]] == [None, None, None]


def test_a_companion_made_behind_the_storage_is_seen(device):
    storage = device.android.storage
    before = storage.versions(PATHS)
    assert storage.versions(PATHS) == before  # the companions are remembered missing
    host = storage.host_path(DB) + "-journal"
    with open(host, "wb") as fh:
        fh.write(b"x")
    after = storage.versions(PATHS)
    assert after[3] != before[3] and after[3][1] is not None
    assert after == one_at_a_time(storage)
    os.unlink(host)
    gone = storage.versions(PATHS)
    assert gone[3][1] is None and gone == one_at_a_time(storage)


def test_a_wal_connection_is_seen_while_it_is_open(device):
    storage = device.android.storage
    before = device.state_version(PATHS)
    conn = sqlite3.connect(storage.host_path(DB), isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("INSERT INTO t VALUES (1)")
        during = device.state_version(PATHS)
        assert during != before
        assert during[0][1][1] is not None and during[0][2][1] is not None  # -wal and -shm exist
    finally:
        conn.close()
    assert device.state_version(PATHS) != during


def test_a_folder_that_goes_away_and_comes_back(device):
    storage = device.android.storage
    storage.versions(PATHS)
    folder = os.path.dirname(storage.host_path(DB))
    for name in os.listdir(folder):
        os.unlink(os.path.join(folder, name))
    os.rmdir(folder)
    assert all(v[1] is None for v in storage.versions(PATHS))
    os.mkdir(folder)
    with open(os.path.join(folder, "app.db-wal"), "wb") as fh:
        fh.write(b"w")
    again = storage.versions(PATHS)
    assert again[1][1] is not None and again == one_at_a_time(storage)
