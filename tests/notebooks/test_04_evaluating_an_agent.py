"""notebooks/04_evaluating_an_agent.ipynb: a user's agent, random and the oracle over a small suite."""

from __future__ import annotations

import importlib.util
import re

import pytest

from tests.notebooks.run_notebook import execute_notebook

TASKS = ("MobileEnv/OpenApp-v0", "MobileEnv/SystemWifiTurnOff-v0", "MobileEnv/SystemBluetoothTurnOn-v0")


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    return execute_notebook("04_evaluating_an_agent", tmp_path_factory)


def test_suite_and_runs(executed):
    listed = re.findall(r"^(MobileEnv/\S+) +app ", executed.stdout("setup"), re.MULTILINE)
    assert tuple(listed) == TASKS
    out = executed.stdout("run")
    runs = dict(re.findall(r"^(\S+) +(\d+/9) successes  errors 0 ", out, re.MULTILINE))
    # random never finishes these in their step limits; the user's agent solves OpenApp only
    assert runs == {"random": "0/9", "open-named-app": "3/9", "oracle": "9/9"}, out


def test_episode_record(executed):
    out = executed.stdout("episodes")
    assert out.startswith("{'task': 'MobileEnv/OpenApp-v0', 'seed': ")
    assert "'success': True}" in out


def test_results_table_is_plain_text(executed):
    out = executed.stdout("table")
    assert "\x1b[" not in out  # no terminal colour codes in a notebook
    row = re.search(r"^│ MobileEnv/OpenApp-v0 +│ 0\.00 \[[\d.-]+\] n=3 │ 1\.00 \[[\d.-]+\] n=3 │ 1\.00 \[[\d.-]+\] n=3 │$",
                    out, re.MULTILINE)
    assert row, out


def test_scores_per_task(executed):
    out = executed.stdout("scores")
    rows = {m.group(1): m.group(2).split() for m in re.finditer(r"^(MobileEnv/\S+)(.*)$", out, re.MULTILINE)}
    assert set(rows) == set(TASKS)
    rates = {task: cells[0::2] for task, cells in rows.items()}
    assert rates["MobileEnv/OpenApp-v0"] == ["0.00", "1.00", "1.00"]
    assert rates["MobileEnv/SystemWifiTurnOff-v0"] == ["0.00", "0.00", "1.00"]


def test_plots(executed):
    if importlib.util.find_spec("matplotlib") is None:
        assert executed.stdout("plot").startswith("matplotlib is not installed")
        return
    assert len(executed.images("plot")) == 1
    assert len(executed.images("plots")) == 1
    assert executed.stdout("plots").startswith("written: success_task.png")
    print(f"04_evaluating_an_agent run: {executed.seconds:.1f} s")
