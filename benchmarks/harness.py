"""Suite-run throughput: episodes per minute of the oracle over a suite with 1 and 2 workers.

Each run is `mobile_gym.harness.runner.run_suite` as `mobile-gym run --suite S --agent oracle
--workers K` does it (spawned workers, JSONL, scores), timed from the call to its return, so
worker start-up (imports, first device boot per task) is included. The ratio says how well a
second worker pays off on this machine (2 cores shared with whatever else runs); the CPU
seconds (this process and its workers) do not depend on that load, and the load average is
written with the numbers.

Run: python benchmarks/harness.py [--suite all] [--episodes 1] [--repeats 1]. Prints a table and
writes benchmarks/results/harness.json.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import tempfile
import time
from pathlib import Path

from mobile_gym.bench import write_results
from mobile_gym.harness.episode import RunConfig
from mobile_gym.harness.runner import run_suite, versions
from mobile_gym.harness.suites import select


def measure(suite: str, episodes: int, workers: int) -> dict[str, float]:
    tasks = select(suite_name=suite)
    config = RunConfig(agent="oracle", episodes=episodes)
    with tempfile.TemporaryDirectory() as out:
        cpu0 = _cpu()
        t0 = time.perf_counter()
        records = run_suite(tasks, config, Path(out) / "run", workers=workers, progress=False)
        seconds = time.perf_counter() - t0
        cpu = _cpu() - cpu0
    ok = sum(1 for r in records if r["success"])
    return {"workers": workers, "episodes": len(records), "successes": ok, "seconds": round(seconds, 3),
            "episodes_per_minute": round(60 * len(records) / seconds, 2), "cpu_seconds": round(cpu, 3)}


def _cpu() -> float:
    """CPU seconds of this process and its finished children (the workers): unlike wall time,
    not inflated by other work on the machine."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suite", default="all")
    parser.add_argument("--episodes", type=int, default=1, help="episodes per task")
    parser.add_argument("--repeats", type=int, default=1, help="runs per worker count (the best is kept)")
    parser.add_argument("--out", default=str(Path(__file__).with_name("results") / "harness.json"))
    args = parser.parse_args()
    rows = []
    for workers in (1, 2):
        runs = [measure(args.suite, args.episodes, workers) for _ in range(args.repeats)]
        best = max(runs, key=lambda r: r["episodes_per_minute"])
        rows.append(best)
        print(f"workers {workers}: {best['episodes']} episodes ({best['successes']} successes) in "
              f"{best['seconds']:.1f} s = {best['episodes_per_minute']:.1f} episodes/min "
              f"({best['cpu_seconds']:.1f} CPU s)")
    ratio = rows[1]["episodes_per_minute"] / rows[0]["episodes_per_minute"]
    print(f"2 workers / 1 worker: {ratio:.2f}x")
    result = {"suite": args.suite, "episodes_per_task": args.episodes, "runs": rows,
              "ratio_2_over_1": round(ratio, 3), "cpus": os.cpu_count(),
              "load_average_1min": round(os.getloadavg()[0], 2), "machine": platform.machine(),
              "versions": versions()}
    out = Path(args.out)
    write_results(out, result)


if __name__ == "__main__":
    main()
