"""notebooks/03_training.ipynb: PPO with the goal in the observation beats random on held-out seeds."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("stable_baselines3")  # the `rl` extra
pytest.importorskip("matplotlib")
pytest.importorskip("imageio")

from tests.notebooks.run_notebook import execute_notebook  # noqa: E402


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    return execute_notebook("03_training", tmp_path_factory)


def test_torch_runs_one_thread(executed):
    assert executed.stdout("setup").rstrip().endswith("threads 1")


def test_family_draws_three_goals(executed):
    names = re.findall(r"'Open the (\w+) app'", executed.stdout("family"))
    assert len(names) == 6 and set(names) <= {"Calendar", "Markor", "Settings"}


def test_stack_spaces(executed):
    out = executed.stdout("stack")
    assert "actions: Discrete(34)\n" in out
    assert "'goal': (256,)" in out and "'elements': (1056,)" in out


def test_trained_policy_beats_random(executed):
    random_rate, trained_rate = map(float, re.search(r"^random (\d\.\d\d)  trained (\d\.\d\d)$",
                                                     executed.stdout("evaluate"), re.MULTILINE).groups())
    assert random_rate == float(re.search(r"success (\d\.\d\d)", executed.stdout("random")).group(1))
    assert random_rate <= 0.3  # ignoring the goal, the first app opened is one of ten
    assert trained_rate >= 0.8 and trained_rate >= random_rate + 0.5


def test_learning_curve_and_gif(executed):
    assert len(executed.images("curve")) == 1
    first, last = map(float, re.search(r"first rollout (\d\.\d\d), last rollout (\d\.\d\d)",
                                       executed.stdout("curve")).groups())
    assert last > first
    assert len(executed.images("gif", "image/gif")) == 1
    outcomes = re.findall(r"\('(\w+)', (True|False)\)", executed.stdout("gif"))
    assert sorted(name for name, _ in outcomes) == ["Calendar", "Markor", "Settings"]
    print(f"03_training run: {executed.seconds:.1f} s")
