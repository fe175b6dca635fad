"""Reset cost of every registered task id on the simulator.

A reset of a templated family (`MobileEnv/<Family>-v0`) builds the seed's task (parameters,
noise rows/files, event graph), brings the device back to the state after the family's setup
steps, puts in the seed's start state (its reset steps), resets the event engine and observes;
a task file id does the same with its one task. The first reset (device boot and setup) is
excluded; each later reset uses a new seed. Targets over all ids: median <= 2 ms, p99 <= 5 ms,
max <= 10 ms.

Per id: median, p99 and max of the env.reset wall time (`total`) and of its CPU time (`cpu`,
this thread's: less sensitive to other work on the machine), the medians of its parts (the
env's own `info["timing"]`: `restore`, `reset_steps`, `observe`) and of `make_task` alone (the
family's task build, timed outside the env). Overall: the same statistics over every reset of
every id pooled together; the load average is written with them.

Garbage collections that land inside the timed resets are counted per generation with their
time (a full collection scans the whole heap, ~70k objects: 20-50 ms). Building an env makes
tens of thousands of long-lived objects, which makes a full collection due a little later:
in a run of one env it lands in the first steps, once; here, where 97 envs are built one after
the other in one process, it landed in some id's first timed resets. So after each id's first
reset a full collection runs untimed (its time is reported as `setup_collection_ms`), as a
training script's envs are built once before it steps them; collections that the timed resets
themselves cause are still timed and counted (`--no-collect-after-setup` leaves the collector
alone). With --gc-freeze, `gc.freeze()` runs after each id's first reset instead (what a
training script can do once its envs are made), so full collections no longer scan the objects
that setup made; `gc.unfreeze()` follows the id.

The `--slowest` N resets (default 20) are listed with their id, seed, parts and the collections
inside them, to tell a collection, a first use of a cache and an expensive seed apart.

Run: python benchmarks/reset.py [--resets N] [--obs view_hierarchy|pixels] [--id ID ...]
                                [--gc-freeze | --no-collect-after-setup] [--slowest N]
(default: every registered id but the generic `MobileEnv/Task-v0`, which needs a task file).
Prints a table and writes benchmarks/results/reset.json.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import time
from pathlib import Path

from mobile_gym.bench import CollectionLog, latency_stats
from mobile_gym.env import MobileEnv
from mobile_gym.tasks import catalog, registry

TARGETS_MS = {"median_ms": 2.0, "p99_ms": 5.0, "max_ms": 10.0}


def bench_id(task_id: str, resets: int, obs_keys: tuple[str, ...], collections: CollectionLog,
             after_setup: str, records: list[dict[str, object]]
             ) -> tuple[dict[str, object], list[float], list[float]]:
    """One id: `resets` timed resets after an untimed first one and what `after_setup` says to
    do with the collector then ("collect", "freeze" or "none"); returns the row and the wall and
    CPU times, and appends one record per timed reset to `records` (id, seed, wall and CPU ms,
    the env's timing parts, the collections per generation that ran inside it)."""
    t_build: list[float] = []
    if registry.is_family(task_id):
        family = registry.get_family(task_id)
        for seed in range(1, resets + 1):
            t0 = time.perf_counter()
            family.make_task(seed)
            t_build.append(time.perf_counter() - t0)
    env = MobileEnv(task_id, obs_keys=obs_keys)
    try:
        t0 = time.perf_counter()
        env.reset(seed=0)
        first = time.perf_counter() - t0
        setup_collection = None
        if after_setup == "collect":
            t0 = time.perf_counter()
            gc.collect()
            setup_collection = round((time.perf_counter() - t0) * 1e3, 1)
        elif after_setup == "freeze":
            gc.freeze()
        totals: list[float] = []
        cpus: list[float] = []
        parts: dict[str, list[float]] = {"restore": [], "reset_steps": [], "observe": []}
        for seed in range(1, resets + 1):
            counts_before = list(collections.counts)
            c0 = time.thread_time()
            t0 = time.perf_counter()
            with collections.counting():
                _obs, info = env.reset(seed=seed)
            totals.append(time.perf_counter() - t0)
            cpus.append(time.thread_time() - c0)
            for key, values in parts.items():
                values.append(float(info["timing"].get(key, 0.0)))
            records.append({
                "id": task_id, "seed": seed, "ms": round(totals[-1] * 1e3, 3),
                "cpu_ms": round(cpus[-1] * 1e3, 3),
                **{f"{k}_ms": round(v[-1] * 1e3, 3) for k, v in parts.items()},
                "collections": [a - b for a, b in zip(collections.counts, counts_before)]})
        n_steps = len(env.task.proto.reset_steps)
    finally:
        env.close()
        if after_setup == "freeze":
            gc.unfreeze()
    row: dict[str, object] = {
        "total": latency_stats(totals), "cpu": latency_stats(cpus),
        **{f"{k}_median_ms": round(statistics.median(v) * 1e3, 3) for k, v in parts.items()},
        "make_task_median_ms": round(statistics.median(t_build) * 1e3, 3) if t_build else 0.0,
        "first_reset_ms": round(first * 1e3, 1), "reset_steps_per_seed": n_steps,
        "setup_collection_ms": setup_collection,
    }
    return row, totals, cpus


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--resets", type=int, default=50, help="timed resets per id")
    ap.add_argument("--obs", choices=("view_hierarchy", "pixels"), default="view_hierarchy",
                    help="observation the env returns (pixels adds a rendered frame)")
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent / "results" / "reset.json"))
    ap.add_argument("--id", action="append", dest="ids",
                    help="only this id or family name (repeatable; default: every registered id)")
    after = ap.add_mutually_exclusive_group()
    after.add_argument("--gc-freeze", action="store_true",
                       help="gc.freeze() after each id's first reset (see the module docstring)")
    after.add_argument("--no-collect-after-setup", action="store_true",
                       help="no untimed full collection after each id's first reset")
    ap.add_argument("--slowest", type=int, default=20,
                    help="print and write the N slowest timed resets (id, seed, parts, collections)")
    args = ap.parse_args()
    collections = CollectionLog()
    after_setup = "freeze" if args.gc_freeze else "none" if args.no_collect_after_setup else "collect"
    obs_keys = ("view_hierarchy", "instruction") if args.obs == "view_hierarchy" else \
        ("pixels", "instruction")
    ids = args.ids or [i for i in catalog.ids() if i != catalog.GENERIC_ID]
    rows: dict[str, object] = {}
    pooled: list[float] = []
    pooled_cpu: list[float] = []
    records: list[dict[str, object]] = []
    print(f"{'id':58s} {'median':>7s} {'p99':>7s} {'max':>7s} {'cpu med':>7s} {'build':>6s} "
          f"{'restore':>7s} {'steps':>6s} {'observe':>7s}  (ms)")
    cpu0 = time.process_time()
    wall0 = time.perf_counter()
    for task_id in ids:
        row, totals, cpus = bench_id(task_id, args.resets, obs_keys, collections, after_setup, records)
        rows[task_id] = row
        pooled.extend(totals)
        pooled_cpu.extend(cpus)
        t, c = row["total"], row["cpu"]
        print(f"{task_id:58s} {t['median_ms']:7.2f} {t['p99_ms']:7.2f} {t['max_ms']:7.2f} "  # type: ignore[index]
              f"{c['median_ms']:7.2f} {row['make_task_median_ms']:6.2f} {row['restore_median_ms']:7.2f} "
              f"{row['reset_steps_median_ms']:6.2f} {row['observe_median_ms']:7.2f}")
    overall = latency_stats(pooled)
    overall_cpu = latency_stats(pooled_cpu)
    worst = {key: max(r["total"][key] for r in rows.values())  # type: ignore[index]
             for key in ("median_ms", "p99_ms", "max_ms")}
    met = {key: overall[key] <= limit for key, limit in TARGETS_MS.items()}
    slowest = sorted(records, key=lambda r: -r["ms"])[:args.slowest]  # type: ignore[operator]
    out = {"resets_per_id": args.resets, "obs_keys": list(obs_keys), "targets_ms": TARGETS_MS,
           "overall": overall, "overall_cpu": overall_cpu, "worst_id": worst, "targets_met_overall": met,
           "after_setup": after_setup, "collections_in_resets": collections.summary(),
           "ids": rows, "n_ids": len(rows), "slowest": slowest,
           "wall_seconds": round(time.perf_counter() - wall0, 2),
           "cpu_seconds": round(time.process_time() - cpu0, 2),
           "load_average_1min": round(os.getloadavg()[0], 2),
           "python": platform.python_version(), "machine": platform.machine()}
    if slowest:
        print(f"the {len(slowest)} slowest resets (wall ms, CPU ms, restore, reset steps, observe; "
              "collections gen 0/1/2 inside):")
        for r in slowest:
            print(f"  {r['ms']:7.2f} {r['cpu_ms']:7.2f} {r['restore_ms']:6.2f} {r['reset_steps_ms']:6.2f} "
                  f"{r['observe_ms']:6.2f}  {r['collections']}  {r['id']} seed {r['seed']}")
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(out, indent=2) + "\n")
    print(f"overall over {len(pooled)} resets of {len(rows)} ids: median {overall['median_ms']} ms, "
          f"p99 {overall['p99_ms']} ms, max {overall['max_ms']} ms "
          f"(targets {TARGETS_MS['median_ms']}/{TARGETS_MS['p99_ms']}/{TARGETS_MS['max_ms']}: "
          f"{'met' if all(met.values()) else 'not met'}); CPU: median {overall_cpu['median_ms']} ms, "
          f"p99 {overall_cpu['p99_ms']} ms, max {overall_cpu['max_ms']} ms; worst id: median "
          f"{worst['median_ms']}, p99 {worst['p99_ms']}, max {worst['max_ms']}; garbage collections "
          f"in resets (gen 0/1/2): {out['collections_in_resets']}; after each id's setup: {after_setup}; load average "
          f"{out['load_average_1min']}; wrote {args.out}")


if __name__ == "__main__":
    main()
