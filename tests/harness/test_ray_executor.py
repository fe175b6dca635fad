"""`mobile-gym run --executor ray`: suite runs whose workers are Ray actors on a local Ray
instance give the same episodes as the process pool, and a hung actor is replaced by its
watchdog while the run goes on. Skipped (with the reason) only when Ray is not installed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("ray", reason="Ray is not installed (pip install 'mobile-gym[ray]')")

from tests.harness.test_run_cli import AGENTS, error_line, mg, records, without_timings  # noqa: E402


def test_ray_actors_and_worker_processes_give_identical_episodes(tmp_path: Path) -> None:
    runs = {}
    for executor in ("processes", "ray"):
        out = tmp_path / executor
        extra = ["--address", "local"] if executor == "ray" else []
        done = mg("run", "SystemWifiTurnOff", "OpenApp", "--agent", "random", "--episodes", "2", "--seed", "7",
                  "--workers", "2", "--step-budget", "aw", "--executor", executor, *extra, "--out", str(out),
                  "--quiet")
        assert done.returncode == 0, done.stderr
        runs[executor] = records(out)
    assert len(runs["ray"]) == 4 and all(r["error"] is None for r in runs["ray"])
    assert without_timings(runs["ray"]) == without_timings(runs["processes"])


def test_a_hung_ray_worker_is_ended_by_its_watchdog_and_replaced(tmp_path: Path) -> None:
    env = {**os.environ, "MISBEHAVE_MARKER": str(tmp_path / "slept")}
    out = tmp_path / "sleepy"
    done = mg("run", "OpenApp", "--episodes", "2", "--agent", f"module:{AGENTS}:SleepsOnce", "--step-timeout", "3",
              "--executor", "ray", "--out", str(out), "--quiet", env=env)
    assert done.returncode == 0, done.stderr
    first, second = records(out)
    assert first["error"] == "watchdog: no step finished within 3 s; the Ray worker was killed"
    assert second["error"] is None and second["steps"] > 0


def test_an_address_without_the_ray_executor_is_a_one_line_error(tmp_path: Path) -> None:
    done = mg("run", "OpenApp", "--agent", "oracle", "--address", "auto", "--out", str(tmp_path / "o"))
    assert done.returncode == 2 and "--executor ray" in error_line(done)


def test_no_cluster_at_the_address_is_a_one_line_error(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    done = mg("run", "OpenApp", "--agent", "oracle", "--executor", "ray", "--address", "127.0.0.1:9",
              "--out", str(tmp_path / "o"), "--quiet", env=env)
    assert done.returncode == 2 and "--address 127.0.0.1:9: cannot connect to Ray" in error_line(done)
