"""The measurement helpers the benchmark scripts share (mobile_gym.bench)."""

from __future__ import annotations

import gc

import gymnasium as gym

from mobile_gym.bench import CollectionLog, latency_stats, measure_env


def test_latency_stats_gives_median_nearest_rank_p99_max_and_mean_in_ms():
    seconds = [i / 1000 for i in range(1, 101)]  # 1..100 ms
    assert latency_stats(seconds) == {"median_ms": 50.5, "p99_ms": 99.0, "max_ms": 100.0,
                                      "mean_ms": 50.5}
    assert latency_stats([0.002]) == {"median_ms": 2.0, "p99_ms": 2.0, "max_ms": 2.0, "mean_ms": 2.0}


def test_collection_log_counts_only_collections_inside_counting_blocks():
    log = CollectionLog()
    gc.collect(0)  # outside a block: not counted
    with log.counting():
        gc.collect(0)
        gc.collect(2)
    gc.collect(1)
    summary = log.summary()
    assert summary["counts"] == [1, 0, 1]
    assert all(ms >= 0.0 for ms in summary["ms"])


class _CyclicEnv(gym.Env):
    """Ends an episode every 3 steps; its steps make reference cycles that only a collection
    frees, so the collector runs inside the timed loop."""

    observation_space = gym.spaces.Discrete(1)
    action_space = gym.spaces.Dict({"action_type": gym.spaces.Discrete(2)})  # raw actions are dicts

    def __init__(self) -> None:
        self.t = 0
        self.garbage: list[object] = []

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        self.t = 0
        return 0, {}

    def step(self, action):
        self.t += 1
        for _ in range(200):
            cycle: list[object] = []
            cycle.append(cycle)
        return 0, 0.0, self.t % 3 == 0, False, {}


def test_measure_env_counts_steps_resets_and_the_collections_in_its_timed_loop():
    result = measure_env(_CyclicEnv, 30)
    assert result["steps"] == 30 and result["resets"] == 10
    assert result["steps_per_s"] > 0 and result["steps_per_cpu_s"] > 0
    gen0, gen1, gen2 = result["collections"]
    assert gen0 >= 1  # 6000 new cycles: the youngest generation's threshold is 700 by default
    assert gen1 >= 0 and gen2 >= 0
