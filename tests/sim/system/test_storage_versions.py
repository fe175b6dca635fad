"""Storage.version: what changes a path's version, what leaves it alone, and writes made behind
the storage's back (host paths handed out, SQLite connections) through SimDevice.state_version."""

from __future__ import annotations

import os
import sqlite3

import pytest

from mobile_gym.device.base import DeviceError
from mobile_gym.device.sim_device import SimDevice

DOCS = "/sdcard/Documents"
NOTE = f"{DOCS}/note.md"


@pytest.fixture
def device():
    with SimDevice() as dev:
        dev.android.storage.write(NOTE, b"hello")
        dev.android.storage.write(f"{DOCS}/other.md", b"other")
        yield dev


def changes(device, path, action) -> bool:
    before = device.android.storage.version(path)
    action(device.android.storage)
    return device.android.storage.version(path) != before


def test_unchanged_paths_keep_their_version(device):
    storage = device.android.storage
    assert storage.version(NOTE) == storage.version(NOTE)
    assert not changes(device, NOTE, lambda s: s.read(NOTE))
    assert not changes(device, NOTE, lambda s: s.list(DOCS))
    assert not changes(device, NOTE, lambda s: s.write(f"{DOCS}/other.md", b"new"))  # a sibling
    assert not changes(device, NOTE, lambda s: s.mkdir("/sdcard/Download/x"))
    assert not changes(device, f"{DOCS}/other.md", lambda s: s.set_mode(NOTE, 0o600))


@pytest.mark.parametrize("action", [
    lambda s: s.write(NOTE, b"changed"),
    lambda s: s.write(NOTE, b"!", append=True),
    lambda s: s.write(NOTE, b"hello"),            # same bytes: still counted as a write
    lambda s: s.remove(NOTE),
    lambda s: s.remove(DOCS, recursive=True),     # a folder above it
    lambda s: s.rename(NOTE, "/sdcard/Download/note.md"),
    lambda s: s.rename(f"{DOCS}/other.md", NOTE),  # replaced by another file
    lambda s: s.rename(DOCS, "/sdcard/Docs"),
    lambda s: s.touch(NOTE),
    lambda s: s.set_mode(NOTE, 0o600),
    lambda s: s.copy_tree(f"{DOCS}/other.md", NOTE),
], ids=["write", "append", "rewrite", "remove", "remove-folder", "rename-away", "rename-onto",
        "rename-folder", "touch", "chmod", "copy-onto"])
def test_changes_of_a_file_move_its_version(device, action):
    assert changes(device, NOTE, action)


def test_a_folder_version_covers_everything_in_it(device):
    assert changes(device, DOCS, lambda s: s.write(f"{DOCS}/other.md", b"x"))
    assert changes(device, DOCS, lambda s: s.mkdir(f"{DOCS}/sub"))
    assert changes(device, f"{DOCS}/sub/deep.md", lambda s: s.mkdir(f"{DOCS}/sub/deep.md", parents=True))


def test_aliases_share_one_version(device):
    storage = device.android.storage
    before = storage.version("/storage/emulated/0/Documents/note.md")
    storage.write("/sdcard/Documents/note.md", b"x")
    assert storage.version("/storage/emulated/0/Documents/note.md") != before


def test_restore_changes_every_version(device):
    storage = device.android.storage
    snap = device.snapshot()
    before = {p: storage.version(p) for p in (NOTE, "/data/local/tmp/none", "/")}
    device.restore(snap)
    assert all(storage.version(p) != v for p, v in before.items())


def test_writes_through_a_handed_out_host_path_are_seen(device):
    storage = device.android.storage
    path = "/data/data/com.example/files/state.txt"
    host = storage.host_path(path)  # the caller may now write it behind the storage's back
    missing = device.state_version([path])
    os.makedirs(os.path.dirname(host), exist_ok=True)
    with open(host, "wb") as fh:
        fh.write(b"a")
    created = device.state_version([path])
    assert created != missing
    with open(host, "wb") as fh:
        fh.write(b"b")  # same size, straight after
    assert device.state_version([path]) != created


def test_database_writes_through_sim_connections_are_seen(device):
    storage = device.android.storage
    db = "/data/data/com.example/databases/app.db"
    paths = [db + suffix for suffix in ("", "-wal", "-shm", "-journal")]
    storage.mkdir("/data/data/com.example/databases", parents=True)
    conn = storage.open_database(db, isolation_level=None)
    try:
        conn.execute("CREATE TABLE t (x INTEGER)")
        v0 = device.state_version(paths)
        assert device.state_version(paths) == v0
        conn.execute("INSERT INTO t VALUES (1)")
        v1 = device.state_version(paths)
        assert v1 != v0
        conn.execute("UPDATE t SET x = 2")  # same file size
        assert device.state_version(paths) != v1
    finally:
        conn.close()
    # the `sqlite3` shell command and a plain connection to the handed-out host path
    v2 = device.state_version(paths)
    code, _out, err = device.shell(f"sqlite3 {db} 'INSERT INTO t VALUES (3)'")
    assert code == 0, err
    v3 = device.state_version(paths)
    assert v3 != v2
    with sqlite3.connect(storage.host_path(db), isolation_level=None) as plain:
        plain.execute("DELETE FROM t")
    assert device.state_version(paths) != v3


def test_push_changes_the_version(device):
    v = device.state_version([NOTE])
    device.push(NOTE, b"pushed")
    assert device.state_version([NOTE]) != v


def test_settings_versions_follow_their_values(device):
    key = [("global", "wifi_on")]
    v = device.state_version(settings=key)
    device.shell("settings put global bluetooth_on 1")
    assert device.state_version(settings=key) == v  # another key
    device.shell("settings put global wifi_on 0")
    assert device.state_version(settings=key) != v
    device.shell("settings put global wifi_on 1")
    assert device.state_version(settings=key) == v  # the same value again: the same answer


def test_bad_paths_and_namespaces_cannot_be_told(device):
    assert device.state_version(["/../../etc/passwd"]) is None
    assert device.state_version(["relative\x00nul"]) is None
    assert device.state_version(settings=[("nonsense", "k")]) is None


def test_a_closed_device_says_so():
    dev = SimDevice()
    dev.close()
    with pytest.raises(DeviceError, match="closed"):
        dev.state_version([NOTE])
