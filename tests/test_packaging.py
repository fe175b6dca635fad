"""The built wheel carries everything a non-editable install needs at run time."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import mobile_gym
from mobile_gym.tasks.catalog import task_dir

REPO = Path(__file__).resolve().parents[1]
PACKAGE = Path(mobile_gym.__file__).resolve().parent


def test_the_wheel_ships_task_files_oracles_and_the_proto(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index",
                    "-w", str(tmp_path), str(REPO)], check=True, capture_output=True, timeout=600)
    (wheel,) = tmp_path.glob("mobile_gym-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    wanted = [f"mobile_gym/task_defs/{p.name}" for p in (REPO / "task_defs").iterdir()
              if p.suffix in (".textproto", ".oracle")]
    assert len(wanted) >= 10
    for name in wanted + ["mobile_gym/tasks/task.proto", "mobile_gym/apps/calendar.py"]:
        assert name in names


def test_registered_task_files_live_in_the_package(monkeypatch):
    monkeypatch.delenv("MOBILE_GYM_TASK_DIR", raising=False)
    assert task_dir() == REPO / "task_defs"


def test_a_task_loads_from_the_installed_wheel(tmp_path):
    """The wheel alone (no source tree) registers and loads the packaged task files."""
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index",
                    "-w", str(tmp_path / "dist"), str(REPO)], check=True, capture_output=True, timeout=600)
    (wheel,) = (tmp_path / "dist").glob("mobile_gym-*.whl")
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index", "--target",
                    str(target), str(wheel)], check=True, capture_output=True, timeout=600)
    code = ("import gymnasium as gym, mobile_gym\n"
            "from mobile_gym.tasks.catalog import task_dir\n"
            "env = gym.make('MobileEnv/CalendarOpenEditor-v0')\n"
            "print(task_dir()); print(env.unwrapped.task_source)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                         env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(target)}, timeout=300)
    assert out.returncode == 0, out.stderr
    directory, source = out.stdout.strip().splitlines()[-2:]
    assert Path(directory) == target / "mobile_gym" / "task_defs"
    assert Path(source).parent == Path(directory)
