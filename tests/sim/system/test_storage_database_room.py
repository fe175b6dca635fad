"""`Storage.present_database_room` (the `sqlite3` command's usual first look at its database)
answers as `exists` and then `database_room` do whenever it answers: for files, missing
files, folders, links inside and out of the storage and files where a folder should be; it
answers None (and hands nothing out) for a link, a missing entry or a path that is not in
real folders."""

from __future__ import annotations

import os

from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.sim.system.clock import Clock
from mobile_gym.sim.system.storage import Storage

_PATHS = ["/data/local/tmp/d/app.db", "/data/local/tmp/d", "/data/local/tmp/link.db", "/data/local/tmp/out.db",
          "/data/local/tmp/d/missing.db", "/data/local/tmp/f/app.db", "/data/local/tmp/linked/app.db",
          "/data/../../x.db", "/sdcard/app.db"]


def _make(tmp_path) -> Storage:
    s = Storage(Clock(), str(tmp_path / "root"), quota_bytes=1 << 20)
    s.mkdir("/data/local/tmp/d", parents=True)
    s.write("/data/local/tmp/d/app.db", b"x" * 5000)
    s.write("/data/local/tmp/f", b"a file where a folder would be")
    s.write("/sdcard/app.db", b"y" * 100)
    root = s.host_path("/")
    os.symlink(os.path.join(root, "data/local/tmp/d/app.db"), os.path.join(root, "data/local/tmp/link.db"))
    outside = tmp_path / "outside.db"
    outside.write_bytes(b"z" * 300)
    os.symlink(str(outside), os.path.join(root, "data/local/tmp/out.db"))
    os.symlink(str(tmp_path), os.path.join(root, "data/local/tmp/linked"))
    return s


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(_PATHS), min_size=1, max_size=6))
def test_present_database_room_answers_as_exists_then_database_room(tmp_path_factory, paths):
    tmp = tmp_path_factory.mktemp("room")
    fast, slow = _make(tmp / "a"), _make(tmp / "b")
    for path in paths:
        found = fast.present_database_room(path)
        try:
            present = slow.exists(path)
            expected = slow.database_room(path)
        except OSError:
            present, expected = False, None
        if found is None:
            continue  # the caller asks exists and database_room itself
        assert present and expected is not None, path
        assert (found[0].replace(fast.root, ""), found[1]) == (expected[0].replace(slow.root, ""), expected[1])
    assert fast.used_bytes() == slow.used_bytes()


def test_a_link_or_a_missing_file_is_left_to_the_usual_way(tmp_path):
    s = _make(tmp_path)
    for path in ("/data/local/tmp/link.db", "/data/local/tmp/out.db", "/data/local/tmp/d/missing.db",
                 "/data/local/tmp/f/app.db", "/data/local/tmp/linked/app.db", "/data/../../x.db"):
        assert s.present_database_room(path) is None, path
    host, room = s.present_database_room("/data/local/tmp/d/app.db")
    assert host == os.path.join(s.root, "data/local/tmp/d/app.db")
    assert room == (1 << 20) - s.used_bytes() + 5000
