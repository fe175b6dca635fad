"""scores.json: success rates with 95% Wilson intervals, overall and per task, app,
difficulty and tag; mean reward, steps, wall time and tokens; versions and seeds.

An episode that ended with an error counts as a failure (and is counted under `errors`), so a
crash never raises a success rate.
"""

from __future__ import annotations

import json
import math
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

Z95 = 1.959963984540054  # the two-sided 95% quantile of the standard normal


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (0, 1 when n is 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    # exact at the ends (0 and 1 successes-rates) and never excluding p through rounding
    low = 0.0 if successes == 0 else min(p, centre - half)
    high = 1.0 if successes == n else max(p, centre + half)
    return max(0.0, low), min(1.0, high)


def summarize(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Counts, success rate with its interval, and means of one group of episodes."""
    n = len(records)
    k = sum(1 for r in records if r.get("success"))
    low, high = wilson_interval(k, n)

    def mean(key: str) -> float:
        return round(sum(float(r.get(key) or 0) for r in records) / n, 6) if n else 0.0

    return {
        "episodes": n, "successes": k, "errors": sum(1 for r in records if r.get("error")),
        "success_rate": round(k / n, 6) if n else 0.0, "ci95": [round(low, 6), round(high, 6)],
        "mean_reward": mean("reward"), "mean_steps": mean("steps"),
        "mean_primitive_steps": mean("primitive_steps"), "mean_wall_time_s": mean("wall_time_s"),
        "mean_tokens": round(sum(r.get("tokens", {}).get("total", 0) for r in records) / n, 3) if n else 0.0,
        "total_tokens": sum(r.get("tokens", {}).get("total", 0) for r in records),
    }


def _grouped(records: Iterable[dict[str, Any]], key) -> dict[str, dict[str, Any]]:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        for name in key(r):
            groups[name].append(r)
    return {name: summarize(group) for name, group in sorted(groups.items())}


def compute_scores(records: Sequence[dict[str, Any]], *, config: Any = None,
                   tasks: Sequence[Any] = ()) -> dict[str, Any]:
    """The scores of a run's records (see the module docstring)."""
    from mobile_gym.harness.runner import versions

    scores: dict[str, Any] = {
        "overall": summarize(records),
        "per_task": _grouped(records, lambda r: [r["task"]]),
        "per_app": _grouped(records, lambda r: [r.get("app") or "(none)"]),
        "per_difficulty": _grouped(records, lambda r: [r.get("difficulty") or "(none)"]),
        "per_tag": _grouped(records, lambda r: r.get("tags") or ["(none)"]),
        "versions": versions(),
        "seeds": {r["key"]: r["seed"] for r in records},
        "written": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    if config is not None:
        scores["config"] = {**asdict(config), "llm": {**asdict(config.llm), "api_key": None}}
    if tasks:
        scores["tasks"] = [t.id for t in tasks]
    return scores


def write_scores(out: Path, records: Sequence[dict[str, Any]], **kwargs: Any) -> Path:
    """Write `out/scores.json` atomically; return its path."""
    from mobile_gym.harness.runner import SCORES_FILE
    from mobile_gym.wrappers.record_episode import atomic_write

    path = Path(out) / SCORES_FILE
    atomic_write(path, (json.dumps(compute_scores(records, **kwargs), indent=2, sort_keys=True) + "\n").encode())
    return path
