"""A restore after a restore looks only at what changed since, and ends where a full one does.

Property: a storage restored again and again to one image, with random changes in between
(writes, appends, folders made, removed and renamed, touch, chmod, files and folders written
behind its back through `host_path` (some of them shortened), SQLite writes through
`open_database`), shows after each restore exactly what a fresh storage shows after its first
restore to the same image (a full one): every path's name, kind, size, device time and mode,
every file's bytes, and the space in use.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.sim.system.clock import Clock
from mobile_gym.sim.system.storage import Storage

_FILES = ("/sdcard/Notes/a.md", "/sdcard/Notes/b.md", "/sdcard/Notes/deep/c.md", "/sdcard/New/d.md",
          "/data/data/p/files/e.txt", "/data/local/tmp/f")
_DIRS = ("/sdcard/Notes", "/sdcard/Notes/deep", "/sdcard/New", "/sdcard/New/x/y", "/data/data/p",
         "/data/data/p/files", "/data/local/tmp/g")
_DB = "/data/data/p/databases/x.db"
_PREFS = "/data/data/p/shared_prefs/prefs.xml"
_paths = st.sampled_from(_FILES + _DIRS)

_op = st.one_of(
    st.tuples(st.just("write"), st.sampled_from(_FILES), st.binary(max_size=6)),
    st.tuples(st.just("append"), st.sampled_from(_FILES), st.binary(min_size=1, max_size=3)),
    st.tuples(st.just("mkdir"), st.sampled_from(_DIRS)),
    st.tuples(st.just("remove"), _paths),
    st.tuples(st.just("rename"), _paths, _paths),
    st.tuples(st.just("touch"), _paths),
    st.tuples(st.just("chmod"), _paths),
    st.tuples(st.just("behind"), st.sampled_from(_FILES), st.binary(min_size=1, max_size=4)),
    st.tuples(st.just("behind_cut"), st.sampled_from(_FILES), st.binary(max_size=2)),
    st.tuples(st.just("sqlite"), st.sampled_from(("INSERT INTO t VALUES ('n')", "DELETE FROM t",
                                                   "CREATE TABLE IF NOT EXISTS u (w)"))),
    st.tuples(st.just("prefs"), st.binary(max_size=5)),
)


def _apply(storage: Storage, op: tuple) -> None:
    kind, *args = op
    try:
        if kind == "write":
            storage.write(args[0], args[1])
        elif kind == "append":
            storage.write(args[0], args[1], append=True)
        elif kind == "mkdir":
            storage.mkdir(args[0], parents=True)
        elif kind == "remove":
            storage.remove(args[0], recursive=True)
        elif kind == "rename":
            storage.rename(args[0], args[1])
        elif kind == "touch":
            storage.touch(args[0])
        elif kind == "chmod":
            storage.set_mode(args[0], 0o600)
        elif kind == "behind":  # a writer with the host path, not through the storage
            with open(storage.host_path(args[0]), "r+b") as fh:
                fh.write(args[1])
        elif kind == "behind_cut":  # the same, emptying the file first (it may get shorter)
            with open(storage.host_path(args[0]), "r+b") as fh:
                fh.truncate()
                fh.write(args[1])
        elif kind == "sqlite":
            conn = storage.open_database(_DB, isolation_level=None)
            try:
                conn.execute(args[0])
            finally:
                conn.close()
        else:  # an app's own preferences file, its folder made behind the storage's back
            path = Path(storage.host_path(_PREFS))
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(args[0])
    except (OSError, ValueError, sqlite3.Error):
        pass  # the same refusal on both storages


def _setup(tmp: str) -> tuple[Storage, Clock]:
    clock = Clock()
    storage = Storage(clock, tmp)
    storage.write("/sdcard/Notes/a.md", b"aaaa")
    storage.write("/sdcard/Notes/deep/c.md", b"c")
    storage.write("/data/data/p/files/e.txt", b"eee")
    storage.set_mode("/sdcard/Notes/deep", 0o700)
    storage.mkdir("/data/data/p/databases", parents=True)
    conn = storage.open_database(_DB, isolation_level=None)
    conn.execute("CREATE TABLE t (v)")
    conn.execute("INSERT INTO t VALUES ('one')")
    conn.close()
    clock.advance(5.0)
    return storage, clock


def _view(storage: Storage, path: str = "/") -> list:
    out = []
    for entry in storage.list(path):
        child = f"{path.rstrip('/')}/{entry.name}"
        out.append((child, entry.is_dir, entry.size, entry.mtime, entry.mode))
        if entry.is_dir:
            out.extend(_view(storage, child))
        else:
            out.append(storage.read(child))
    return out


@settings(max_examples=60, deadline=None)
@given(rounds=st.lists(st.lists(_op, max_size=6), min_size=1, max_size=4))
def test_repeated_restores_end_where_a_first_full_restore_does(tmp_path_factory, rounds):
    tmp = tmp_path_factory.mktemp("partial")
    live, clock = _setup(str(tmp / "live"))
    image = live.capture()
    live.restore(image)
    for number, ops in enumerate(rounds):
        for op in ops:
            clock.advance(1.0)
            _apply(live, op)
        live.restore(image)
        fresh, fresh_clock = _setup(str(tmp / f"fresh{number}"))
        fresh_image = fresh.capture()
        for op in ops:
            fresh_clock.advance(1.0)
            _apply(fresh, op)
        fresh_clock.advance(clock.now() - fresh_clock.now())
        fresh.restore(fresh_image)
        assert _view(live) == _view(fresh)
        assert live.used_bytes() == fresh.used_bytes()
