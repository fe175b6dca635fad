"""The measurement helpers the benchmark scripts share (mobile_gym.bench)."""

from __future__ import annotations

import gc

from mobile_gym.bench import CollectionLog, latency_stats


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
