"""CPU cost of a templated family's per-seed task build and of rebinding its event engine.

Per family: the median CPU time (this thread's, `time.thread_time`) of `make_task(seed)` over
`--seeds` seeds, of its parameter draw alone (`params(seed)`), and of `EventEngine.rebind` from
one seed's task to the next (an engine compiled once, rebound seed after seed, as a family env
does between resets). Seeds run after one untimed build (the family's step limit and caches).
Compare two checkouts by running this script under each (`PYTHONPATH=<checkout>`), interleaved.

Run: python benchmarks/task_build.py [--seeds N] [--family NAME ...]
(default: every registered family). Prints a table and writes benchmarks/results/task_build.json.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from pathlib import Path

from mobile_gym.events import EventEngine
from mobile_gym.tasks import registry


def _median_ms(samples: list[float]) -> float:
    return round(statistics.median(samples) * 1e3, 4)


def bench_family(name: str, seeds: int) -> dict[str, object]:
    """One family's medians (ms): make_task, params, rebind."""
    family = registry.get_family(name)
    family.make_task(0)
    build, draw, rebind = [], [], []
    tasks = []
    for seed in range(1, seeds + 1):
        t0 = time.thread_time()
        tasks.append(family.make_task(seed))
        t1 = time.thread_time()
        family.params(seed)
        t2 = time.thread_time()
        build.append(t1 - t0)
        draw.append(t2 - t1)
    engine = EventEngine(family.make_task(0))
    rebound = 0
    for task in tasks:
        t0 = time.thread_time()
        ok = engine.rebind(task)
        rebind.append(time.thread_time() - t0)
        rebound += bool(ok)
        if not ok:
            engine = EventEngine(task)
    return {"family": name, "make_task_ms": _median_ms(build), "params_ms": _median_ms(draw),
            "rebind_ms": _median_ms(rebind), "rebound": rebound, "seeds": seeds}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=200, help="seeds timed per family")
    ap.add_argument("--family", action="append", dest="families",
                    help="a family name (repeatable; default: every registered family)")
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent / "results" / "task_build.json"))
    args = ap.parse_args()
    if args.seeds < 1:
        ap.error("--seeds must be >= 1")
    names = args.families or registry.family_names()
    rows = []
    print(f"{'family':45s} {'make_task':>9s} {'params':>8s} {'rebind':>8s}  (CPU ms, medians)")
    for name in names:
        row = bench_family(name, args.seeds)
        rows.append(row)
        print(f"{name:45s} {row['make_task_ms']:9.3f} {row['params_ms']:8.3f} {row['rebind_ms']:8.3f}"
              + ("" if row["rebound"] == row["seeds"] else f"  ({row['rebound']} rebound)"))
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"machine": platform.machine(), "python": platform.python_version(),
                               "load_average": load, "families": rows}, indent=1) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
