"""The built wheel carries everything a non-editable install needs at run time."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import mobile_gym
from mobile_gym.registration import task_dir

REPO = Path(__file__).resolve().parents[1]
PACKAGE = Path(mobile_gym.__file__).resolve().parent


def test_the_wheel_ships_task_files_oracles_and_the_proto(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index",
                    "-w", str(tmp_path), str(REPO)], check=True, capture_output=True, timeout=600)
    (wheel,) = tmp_path.glob("mobile_gym-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    wanted = [p for p in (PACKAGE / "task_defs").iterdir() if p.suffix in (".textproto", ".oracle")]
    assert len(wanted) >= 10
    for path in wanted + [PACKAGE / "tasks" / "task.proto"]:
        assert path.relative_to(PACKAGE.parent).as_posix() in names


def test_registered_task_files_live_in_the_package(monkeypatch):
    monkeypatch.delenv("MOBILE_GYM_TASK_DIR", raising=False)
    assert task_dir() == PACKAGE / "task_defs"
