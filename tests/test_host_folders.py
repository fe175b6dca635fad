"""Private host folders: made on the fast dir, removed by their owner, and left-overs of killed
processes removed by the next process that makes one (while live owners keep theirs)."""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import stat
import subprocess
import sys
import time

import pytest

from mobile_gym import host_folders
from mobile_gym.host_folders import make_private_folder, remove_left_overs

pytestmark = pytest.mark.skipif(host_folders.fcntl is None, reason="needs flock")

PREFIX = "mobile_gym_test."
_CHILD = """
import sys, time
from mobile_gym import host_folders
host_folders.FAST_DIR = sys.argv[1]
folder = host_folders.make_private_folder(sys.argv[2])
print(folder.path, flush=True)
time.sleep(60)
"""


@pytest.fixture
def fast_dir(tmp_path, monkeypatch):
    monkeypatch.setattr(host_folders, "FAST_DIR", str(tmp_path))
    return tmp_path


def _age(path: str, seconds: float = 3600.0) -> None:
    old = time.time() - seconds
    os.utime(path, (old, old))


def _child_folder(fast_dir) -> tuple[subprocess.Popen, str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    child = subprocess.Popen([sys.executable, "-c", _CHILD, str(fast_dir), PREFIX],
                             stdout=subprocess.PIPE, text=True, env=env)
    assert child.stdout is not None
    return child, child.stdout.readline().strip()


def test_a_folder_is_private_on_the_fast_dir_and_its_removal_is_idempotent(fast_dir):
    folder = make_private_folder(PREFIX)
    assert os.path.dirname(folder.path) == str(fast_dir)
    assert os.path.basename(folder.path).startswith(PREFIX)
    assert stat.S_IMODE(os.stat(folder.path).st_mode) == 0o700
    with open(os.path.join(folder.path, "f"), "w") as fh:
        fh.write("x")
    folder.remove()
    folder.remove()
    assert list(fast_dir.iterdir()) == []


def test_the_folder_of_a_killed_process_is_removed_by_the_next_one(fast_dir):
    child, path = _child_folder(fast_dir)
    try:
        assert os.path.isdir(path)
        _age(path)
        assert remove_left_overs(str(fast_dir), PREFIX) == []  # its owner still runs
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert os.path.isdir(path)  # SIGKILL ran no clean-up
    _age(path)
    mine = make_private_folder(PREFIX)
    assert not os.path.exists(path)
    assert os.path.isdir(mine.path)
    mine.remove()


def test_young_foreign_and_non_folder_entries_are_left_alone(fast_dir):
    young = fast_dir / (PREFIX + "young")
    young.mkdir()
    other = fast_dir / "someone_else.old"
    other.mkdir()
    _age(str(other))
    target = fast_dir / "target"
    target.mkdir()
    _age(str(target))
    link = fast_dir / (PREFIX + "link")
    link.symlink_to(target)
    plain = fast_dir / (PREFIX + "file")
    plain.write_text("x")
    _age(str(plain))
    assert remove_left_overs(str(fast_dir), PREFIX) == []
    assert young.is_dir() and other.is_dir() and target.is_dir() and link.is_symlink()
    assert plain.is_file()


def _remove_in_child(folder) -> None:
    folder.remove()


def test_a_forked_child_lets_go_of_the_lock_but_not_the_folder(fast_dir):
    folder = make_private_folder(PREFIX)
    child = mp.get_context("fork").Process(target=_remove_in_child, args=(folder,))
    child.start()
    child.join(30)
    assert child.exitcode == 0
    assert os.path.isdir(folder.path)
    _age(folder.path)
    assert remove_left_overs(str(fast_dir), PREFIX) == []  # this process still holds it
    folder.remove()
    assert not os.path.exists(folder.path)


def test_a_folder_used_as_a_context_manager_is_removed_on_exit(fast_dir):
    with pytest.raises(RuntimeError), make_private_folder(PREFIX) as path:
        assert os.path.isdir(path)
        raise RuntimeError("the body failed")
    assert list(fast_dir.iterdir()) == []
