"""Throughput and latency measurement shared by `mobile-gym bench` and the scripts in
benchmarks/."""

from __future__ import annotations

import gc
import json
import numbers
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np

from mobile_gym.policies import random_action


def random_raw_actions(space: Any, n: int, seed: int) -> list[dict[str, Any]]:
    """`n` seeded random raw actions without answers (random answer strings are not an agent)."""
    space.seed(seed)
    return [random_action(space) for _ in range(n)]


def _check_count(name: str, value: int) -> None:
    """ValueError naming `name` unless `value` is a whole number >= 1."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
        raise ValueError(f"{name}={value!r}: expected a whole number >= 1")


def measure_env(make_env: Callable[[], gym.Env], steps: int, *, seed: int = 0) -> dict[str, Any]:
    """Steps/s of one env under random actions (pre-sampled; resets included in the time), in
    wall time and in this process's CPU time (which other work on the machine inflates less).

    Building an env leaves tens of thousands of new long-lived objects, which makes a full
    garbage collection (20-50 ms) due soon after; a full collection runs before the timed loop,
    so that one does not land in it (a script that builds many envs in turn would otherwise
    charge it to whichever id comes next). The collections inside the loop are counted per
    generation (`collections`). ValueError when `steps` < 1."""
    _check_count("steps", steps)
    env = make_env()
    collections = CollectionLog()
    try:
        actions = random_raw_actions(env.action_space, steps, seed)
        env.reset(seed=seed)
        env.step(actions[0])  # warm caches outside the timed loop
        env.reset(seed=seed)
        gc.collect()
        resets = 0
        reset_seconds = reset_cpu = 0.0
        t0, c0 = time.perf_counter(), time.process_time()
        with collections.counting():
            for action in actions:
                _obs, _r, terminated, truncated, _info = env.step(action)
                if terminated or truncated:
                    t_reset, c_reset = time.perf_counter(), time.process_time()
                    env.reset()
                    reset_seconds += time.perf_counter() - t_reset
                    reset_cpu += time.process_time() - c_reset
                    resets += 1
        seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    finally:
        env.close()
    step_seconds = max(seconds - reset_seconds, 1e-9)
    step_cpu = max(cpu - reset_cpu, 1e-9)
    return {"steps": steps, "seconds": round(seconds, 4), "steps_per_s": round(steps / seconds, 1),
            "cpu_seconds": round(cpu, 4), "steps_per_cpu_s": round(steps / max(cpu, 1e-9), 1),
            "resets": resets, "reset_ms_mean": round(1e3 * reset_seconds / max(resets, 1), 2),
            "steps_per_s_excluding_resets": round(steps / step_seconds, 1),
            "steps_per_cpu_s_excluding_resets": round(steps / step_cpu, 1),
            "collections": collections.counts}


def measure_vector(make_env: Callable[[], gym.Env], num_envs: int, steps: int, *,
                   asynchronous: bool, seed: int = 0) -> dict[str, Any]:
    """Total env-steps/s of a Sync/AsyncVectorEnv of `num_envs` copies (steps per env).
    ValueError when `num_envs` or `steps` < 1."""
    _check_count("num_envs", num_envs)
    _check_count("steps", steps)
    cls = gym.vector.AsyncVectorEnv if asynchronous else gym.vector.SyncVectorEnv
    envs: Any = cls([make_env] * num_envs)
    try:
        single = envs.single_action_space
        per_env = [random_raw_actions(single, steps, seed + i) for i in range(num_envs)]
        batches: list[dict[str, Any]] = []
        for t in range(steps):
            columns = {k: [per_env[i][t][k] for i in range(num_envs)] for k in single.spaces}
            batches.append({k: (tuple(v) if k == "response" else np.stack(v)) for k, v in columns.items()})
        envs.reset(seed=seed)
        envs.step(batches[0])
        t0 = time.perf_counter()
        for batch in batches:
            envs.step(batch)
        seconds = time.perf_counter() - t0
    finally:
        envs.close()
    total = steps * num_envs
    return {"num_envs": num_envs, "asynchronous": asynchronous, "steps_per_env": steps,
            "seconds": round(seconds, 4), "steps_per_s": round(total / seconds, 1)}


def latency_stats(seconds: list[float]) -> dict[str, float]:
    """Median, p99 (nearest rank), max and mean of durations in seconds, as milliseconds."""
    ordered = sorted(seconds)
    rank = max(0, (99 * len(ordered) + 99) // 100 - 1)  # the ceil(0.99 n)-th value
    return {"median_ms": round(statistics.median(ordered) * 1e3, 3),
            "p99_ms": round(ordered[rank] * 1e3, 3),
            "max_ms": round(ordered[-1] * 1e3, 3),
            "mean_ms": round(statistics.fmean(ordered) * 1e3, 3)}


class CollectionLog:
    """Garbage collections per generation (count and wall time) inside `counting()` blocks, so a
    benchmark can tell a slow operation from a collection that landed in it."""

    def __init__(self) -> None:
        self.counts = [0, 0, 0]
        self.seconds = [0.0, 0.0, 0.0]
        self._started: float | None = None

    @contextmanager
    def counting(self) -> Iterator[None]:
        """Count the collections that run inside the block (through `gc.callbacks`)."""
        gc.callbacks.append(self._on_collection)
        try:
            yield
        finally:
            gc.callbacks.remove(self._on_collection)
            self._started = None

    def summary(self) -> dict[str, object]:
        return {"counts": list(self.counts), "ms": [round(1e3 * t, 2) for t in self.seconds]}

    def _on_collection(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        elif self._started is not None:
            self.counts[info["generation"]] += 1
            self.seconds[info["generation"]] += time.perf_counter() - self._started
            self._started = None


def write_results(path: str | Path, results: Any) -> Path:
    """Write a benchmark's results as JSON at `path` (its folder made if missing) and say so."""
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2) + "\n")
    print(f"wrote {out}")
    return out
