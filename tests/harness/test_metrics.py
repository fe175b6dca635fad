"""TensorBoard metrics: `EpisodeMetrics` and `mobile-gym run --tensorboard DIR` write event
files whose scalars (per-task success, episode length, reward, success rates) read back with
TensorBoard's own EventAccumulator; without tensorboardX the option is a one-line error."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

from mobile_gym.cli import main
from mobile_gym.harness.metrics import EpisodeMetrics, summary_writer


def scalars(logdir: Path) -> dict[str, list[tuple[int, float]]]:
    files = list(logdir.glob("events.out.tfevents.*"))
    assert files, f"no event file in {logdir}"
    acc = EventAccumulator(str(logdir))
    acc.Reload()
    return {tag: [(e.step, e.value) for e in acc.Scalars(tag)] for tag in acc.Tags()["scalars"]}


def test_episode_scalars_read_back(tmp_path: Path) -> None:
    with EpisodeMetrics(tmp_path) as metrics:
        metrics.episode("OpenApp", success=True, length=3, reward=1.0, group="trained")
        metrics.episode("OpenApp", success=False, length=7, reward=-1.0, group="trained")
        metrics.episode("SystemWifiTurnOff", success=True, length=8, group="trained")
        metrics.episode("OpenApp", success=False, length=9, group="random")
    got = scalars(tmp_path)
    assert got["trained/success/OpenApp"] == [(0, 1.0), (1, 0.0)]
    assert got["trained/episode_length/OpenApp"] == [(0, 3.0), (1, 7.0)]
    assert got["trained/reward/OpenApp"] == [(0, 1.0), (1, -1.0)]
    assert got["trained/success_rate/OpenApp"] == [(1, 1.0), (2, 0.5)]
    assert got["trained/episode_length/SystemWifiTurnOff"] == [(0, 8.0)]
    assert "trained/reward/SystemWifiTurnOff" not in got
    assert [v for _, v in got["trained/success_rate/all"]] == pytest.approx([1.0, 0.5, 2 / 3])
    assert got["random/success/OpenApp"] == [(0, 0.0)] and got["random/success_rate/all"] == [(1, 0.0)]


def test_a_suite_run_logs_each_task_s_success_and_episode_length(tmp_path: Path) -> None:
    logdir, out = tmp_path / "tb", tmp_path / "run"
    done = subprocess.run([sys.executable, "-m", "mobile_gym.cli", "run", "SystemWifiTurnOff", "OpenApp",
                           "--agent", "oracle", "--episodes", "2", "--workers", "2", "--out", str(out),
                           "--tensorboard", str(logdir), "--quiet"],
                          check=False, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert f"tensorboard: {logdir}" in done.stdout
    records = [json.loads(line) for line in (out / "episodes.jsonl").read_text().splitlines()]
    got = scalars(logdir)
    for name in ("SystemWifiTurnOff", "OpenApp"):
        mine = sorted((r["episode"], r) for r in records if r["name"] == name)
        assert sorted(got[f"success/{name}"]) == [(i, float(r["success"])) for i, r in mine]
        assert sorted(got[f"episode_length/{name}"]) == [(i, float(r["steps"])) for i, r in mine]
        assert all(steps > 0 for _, steps in got[f"episode_length/{name}"])
        assert got[f"success_rate/{name}"][-1] == (2, 1.0)
    assert got["success_rate/all"][-1] == (4, 1.0)


def test_without_tensorboardx_the_option_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "tensorboardX", None)  # `import tensorboardX` raises ImportError
    with pytest.raises(ValueError, match=r"pip install 'mobile-gym\[tensorboard\]'"):
        summary_writer(tmp_path)
    status = main(["run", "SystemWifiTurnOff", "--agent", "oracle", "--out", str(tmp_path / "run"),
                   "--tensorboard", str(tmp_path / "tb")])
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 2 and len(err) == 1
    assert err[0].startswith("mobile-gym run: error: --tensorboard needs the tensorboardX package")
    assert not (tmp_path / "run" / "episodes.jsonl").exists()
