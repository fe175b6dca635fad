"""Scores (Wilson intervals, grouping, errors as failures) and task selection and seeds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mobile_gym.harness.scores import compute_scores, summarize, wilson_interval
from mobile_gym.harness.suites import catalogue, episode_seed, select, suite


def test_wilson_interval_known_values() -> None:
    assert wilson_interval(8, 10) == pytest.approx((0.4902, 0.9433), abs=1e-4)
    assert wilson_interval(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson_interval(31, 31) == pytest.approx((0.8897, 1.0), abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_holds_the_rate_and_mirrors(kn: tuple[int, int]) -> None:
    k, n = kn
    low, high = wilson_interval(k, n)
    assert 0.0 <= low <= k / n <= high <= 1.0
    mirror_low, mirror_high = wilson_interval(n - k, n)
    assert low == pytest.approx(1 - mirror_high, abs=1e-12) and high == pytest.approx(1 - mirror_low, abs=1e-12)


def _record(task: str, success: bool, *, error: str | None = None, app: str = "a", tags=("x",)) -> dict:
    return {"key": f"{task}#0", "task": task, "seed": 1, "success": success, "error": error, "app": app,
            "difficulty": "easy", "tags": list(tags), "reward": 1.0 if success else 0.0, "steps": 4,
            "primitive_steps": 8, "wall_time_s": 0.5, "tokens": {"total": 10}}


def test_errors_count_as_failures_and_groups_split() -> None:
    records = [_record("A", True), _record("B", False, error="agent raised X", app="b", tags=("x", "y"))]
    s = summarize(records)
    assert (s["episodes"], s["successes"], s["errors"], s["success_rate"]) == (2, 1, 1, 0.5)
    assert s["mean_reward"] == 0.5 and s["total_tokens"] == 20
    scores = compute_scores(records)
    assert scores["per_task"]["B"]["success_rate"] == 0.0
    assert scores["per_app"]["b"]["episodes"] == 1 and scores["per_tag"]["x"]["episodes"] == 2
    assert set(scores["versions"]) == {"mobile_gym", "python", "numpy", "gymnasium"}
    assert scores["seeds"] == {"A#0": 1, "B#0": 1}


def test_selection_by_glob_tags_and_suites() -> None:
    names = [t.name for t in select(["System*"])]
    assert names[:2] == ["SystemWifiTurnOn", "SystemWifiTurnOff"] and len(names) == 6
    assert [t.name for t in select(tags=["wifi"])] == ["SystemWifiTurnOn", "SystemWifiTurnOff"]
    assert [t.name for t in select(["OpenApp", "MobileEnv/OpenApp-v0"])] == ["OpenApp"]
    everything = suite("all")
    assert len(everything) == len(catalogue()) and any(t.family is None for t in everything)
    sim = suite("android_world_sim")
    assert sim and all(t.family is not None for t in sim)
    with pytest.raises(ValueError, match="unknown suite; known: all, android_world_sim"):
        suite("nope")
    with pytest.raises(ValueError, match="did you mean MobileEnv/SystemWifiTurnOn-v0"):
        select(["SystemWifiTurnOnn"])
    with pytest.raises(ValueError, match="--tags nosuchtag: no task has all of these tags"):
        select(tags=["nosuchtag"])


def test_episode_seeds_depend_on_run_seed_task_and_index_only() -> None:
    assert episode_seed(0, "OpenApp", 0) == episode_seed(0, "OpenApp", 0)
    seeds = {episode_seed(s, t, i) for s in (0, 1) for t in ("OpenApp", "MarkorCreateNote") for i in range(5)}
    assert len(seeds) == 20 and all(0 <= s < 2**31 for s in seeds)
