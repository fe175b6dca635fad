"""The SB3 examples run end to end on a tiny budget and print their summary line and JSON."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("stable_baselines3")  # the `rl` extra

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SUMMARY = re.compile(r"^(.+), (\d+) held-out seeds: random (\d\.\d\d), PPO \((\d+) steps\) (\d\.\d\d); wall \d+ s "
                     r"\(env \d+ s, inference \d+ s, training \d+ s; [\d.]+ ms per env step\)$", re.MULTILINE)


@pytest.mark.parametrize("script, task", [("sb3_openapp_goal.py", "OpenApp"),
                                          ("sb3_wifi_features.py", "SystemWifiTurnOff"),
                                          ("sb3_pixels_cnn.py", "OpenApp (pixels)")])
def test_example_runs_and_reports(script, task, tmp_path):
    out = tmp_path / "result.json"
    done = subprocess.run([sys.executable, str(EXAMPLES / script), "--timesteps", "128", "--eval-seeds", "2",
                           "--json", str(out)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    match = SUMMARY.search(done.stdout)
    assert match and match.group(1) == task and match.group(2) == "2" and match.group(4) == "128", done.stdout
    result = json.loads(out.read_text())
    assert result["task"] == task and result["timesteps"] == 128
    assert 0.0 <= result["random_success"] <= 1.0 and 0.0 <= result["trained_success"] <= 1.0
    split = result["split"]
    assert split["env_seconds"] > 0 and split["train_seconds"] >= 0 and split["env_ms_per_step"] > 0
    assert result["curve"] == [] or all(0.0 <= rate <= 1.0 for _, rate in result["curve"])
