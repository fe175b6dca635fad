"""Restores after an episode that replaced entries: a file removed and made again, a database's
folder turned into a file. The repeated (partial) restore must end where a first, full restore
of the same image does, and must not fail on a shared path whose folder is now a file."""

from __future__ import annotations

from pathlib import Path

from mobile_gym.sim.system.storage import Storage
from tests.sim.system.test_storage_partial_restore import _DB, _setup, _view  # the same files and view


def _episode_then_restores(tmp_path: Path, episode) -> None:
    live, clock = _setup(str(tmp_path / "live"))
    image = live.capture()
    live.restore(image)
    for _ in range(2):  # the second round starts from a partial restore's bookkeeping
        clock.advance(1.0)
        episode(live)
        clock.advance(1.0)
        live.restore(image)
    fresh, fresh_clock = _setup(str(tmp_path / "fresh"))
    fresh_image = fresh.capture()
    fresh_clock.advance(clock.now() - fresh_clock.now())
    fresh.restore(fresh_image)
    assert _view(live) == _view(fresh)
    assert live.used_bytes() == fresh.used_bytes()
    conn = live.open_database(_DB, isolation_level=None)
    try:
        assert conn.execute("SELECT v FROM t").fetchall() == [("one",)]
    finally:
        conn.close()


def test_a_file_removed_and_made_again_keeps_its_folders_device_time(tmp_path):
    def episode(storage: Storage) -> None:
        storage.remove("/sdcard/Notes/a.md")
        storage.touch("/sdcard/Notes/a.md")

    _episode_then_restores(tmp_path, episode)


def test_a_database_folder_turned_into_a_file_is_restored(tmp_path):
    def episode(storage: Storage) -> None:
        storage.remove("/data/data/p", recursive=True)
        storage.touch("/data/data/p")

    _episode_then_restores(tmp_path, episode)


def test_a_database_written_behind_the_storage_and_its_journal_left_behind(tmp_path):
    def episode(storage: Storage) -> None:
        conn = storage.open_database(_DB, isolation_level=None)
        try:
            conn.execute("INSERT INTO t VALUES ('two')")
        finally:
            conn.close()
        Path(storage.host_path(_DB + "-journal")).write_bytes(b"left over")

    _episode_then_restores(tmp_path, episode)
