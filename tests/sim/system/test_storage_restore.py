"""Storage.restore trusts a file it stamped only while nothing wrote it: a same-size rewrite
at once after a capture, a rename of one captured file over another, an app writing through
its own connection, and a deleted and recreated file all come back to the captured bytes."""

from __future__ import annotations

import os
import sqlite3

import pytest

from mobile_gym.host_folders import FAST_DIR
from mobile_gym.sim.system.clock import Clock
from mobile_gym.sim.system.storage import Storage


def _storage(tmp_path) -> Storage:
    s = Storage(Clock(), str(tmp_path))
    s.write("/sdcard/Notes/a.md", b"aaaa")
    s.write("/sdcard/Notes/b.md", b"bbbb")
    return s


def test_a_same_size_rewrite_right_after_a_capture_is_undone(tmp_path):
    s = _storage(tmp_path)
    image = s.capture()
    s.write("/sdcard/Notes/a.md", b"AAAA")  # same size, within the same clock tick
    s.restore(image)
    assert s.read("/sdcard/Notes/a.md") == b"aaaa"
    for _ in range(3):  # and again after each restore (the restored file is stamped anew)
        with open(s.host_path("/sdcard/Notes/b.md"), "r+b") as fh:  # behind the storage's back
            fh.write(b"X")
        s.restore(image)
        assert s.read("/sdcard/Notes/b.md") == b"bbbb"


def test_a_captured_file_renamed_over_another_is_undone(tmp_path):
    s = _storage(tmp_path)
    image = s.capture()
    s.rename("/sdcard/Notes/a.md", "/sdcard/Notes/b.md")
    s.restore(image)
    assert (s.read("/sdcard/Notes/a.md"), s.read("/sdcard/Notes/b.md")) == (b"aaaa", b"bbbb")


def test_a_database_written_by_an_app_connection_comes_back(tmp_path):
    s = Storage(Clock(), str(tmp_path))
    s.mkdir("/data/data/p/databases", parents=True)
    conn = s.open_database("/data/data/p/databases/x.db", isolation_level=None)
    conn.execute("CREATE TABLE t (v TEXT)")
    conn.execute("INSERT INTO t VALUES ('one')")
    conn.close()
    image = s.capture()
    conn = s.open_database("/data/data/p/databases/x.db", isolation_level=None)
    assert conn.execute("PRAGMA synchronous").fetchone() == (0,)  # app connections do not sync
    conn.execute("UPDATE t SET v = 'two'")
    conn.close()
    s.restore(image)
    with sqlite3.connect(s.host_path("/data/data/p/databases/x.db")) as check:
        assert check.execute("SELECT v FROM t").fetchall() == [("one",)]


def test_a_deleted_and_recreated_file_and_a_new_folder_are_put_back(tmp_path):
    s = _storage(tmp_path)
    image = s.capture()
    s.remove("/sdcard/Notes", recursive=True)
    s.write("/sdcard/Notes/a.md", b"zzzz")
    s.mkdir("/sdcard/Other")
    s.restore(image)
    assert [e.name for e in s.list("/sdcard/Notes")] == ["a.md", "b.md"]
    assert s.read("/sdcard/Notes/a.md") == b"aaaa"
    assert not s.exists("/sdcard/Other")
    assert s.stat("/sdcard/Notes/a.md").mtime == image.mtimes[os.path.join(
        "storage", "emulated", "0", "Notes", "a.md")][2]


def test_a_device_storage_lives_on_tmpfs_when_the_machine_has_one():
    s = Storage(Clock())
    try:
        usable = os.path.isdir(FAST_DIR) and os.access(FAST_DIR, os.W_OK | os.X_OK)
        assert s.root.startswith(os.path.realpath(FAST_DIR) + os.sep) == usable
        s.write("/sdcard/x", b"1")
        assert s.read("/sdcard/x") == b"1"
    finally:
        root = s.root
        s.cleanup()
    assert not os.path.exists(root)


def test_the_space_in_use_after_a_restore_is_what_the_files_hold(tmp_path):
    s = Storage(Clock(), str(tmp_path / "dev"), quota_bytes=10_000)
    s.write("/sdcard/a", b"x" * 3000)
    image = s.capture()
    s.write("/sdcard/b", b"y" * 6000)
    s.restore(image)
    assert s.used_bytes() == 3000 == Storage(Clock(), str(tmp_path / "dev")).used_bytes()
    s.write("/sdcard/c", b"z" * 7000)  # fits again once b is gone
    with pytest.raises(OSError, match="No space left"):
        s.write("/sdcard/d", b"w")
