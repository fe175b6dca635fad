"""CPU cost of a simulator snapshot and of a restore after an episode, per task id.

Per id: the env is reset a few times (so its device, post-setup snapshot and reset-step prefix
snapshot exist), then `--episodes` times: a short episode of random actions (`--steps`), and
`env.device.restore(snap)` of a snapshot taken at the start of the episode, timed in this
thread's CPU time (less sensitive to other work on the shared machine than wall time) and in
wall time. `env.device.snapshot()` is timed too. During the restores, Python's garbage
collections are counted per generation (gc.callbacks) with their total wall time, since a
collection that lands in a restore is what makes its p99 and max.

Run: python benchmarks/restore.py [--id ID ...] [--episodes N] [--steps N]
Prints a table and writes benchmarks/results/restore.json (with the load average).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from pathlib import Path

from mobile_gym.bench import CollectionLog, latency_stats
from mobile_gym.env import MobileEnv

DEFAULT_IDS = ("MobileEnv/SettingsWifiOff-v0", "MobileEnv/OpenApp-v0", "MobileEnv/MarkorEditNote-v0",
               "MobileEnv/CalendarAddOneEvent-v0", "MobileEnv/RecipeDeleteSingleRecipe-v0",
               "MobileEnv/ExpenseAddSingle-v0")


def bench_id(task_id: str, episodes: int, steps: int) -> dict[str, object]:
    env = MobileEnv(task_id, obs_keys=("view_hierarchy",))
    clock = CollectionLog()
    try:
        for seed in range(3):
            env.reset(seed=seed)
        env.action_space.seed(0)
        cpu: list[float] = []
        wall: list[float] = []
        snap_cpu: list[float] = []
        for episode in range(episodes):
            env.reset(seed=100 + episode)
            c0 = time.thread_time()
            snap = env.device.snapshot()
            snap_cpu.append(time.thread_time() - c0)
            for _ in range(steps):
                _obs, _r, terminated, truncated, _info = env.step(env.action_space.sample())
                if terminated or truncated:
                    break
            with clock.counting():
                c0, t0 = time.thread_time(), time.perf_counter()
                env.device.restore(snap)
                cpu.append(time.thread_time() - c0)
                wall.append(time.perf_counter() - t0)
    finally:
        env.close()
    return {"restore_cpu": latency_stats(cpu), "restore_wall": latency_stats(wall), "snapshot_cpu": latency_stats(snap_cpu),
            "gc_during_restores": clock.summary()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--id", action="append", dest="ids", help="task id (repeatable)")
    ap.add_argument("--episodes", type=int, default=40)
    ap.add_argument("--steps", type=int, default=5, help="random actions per episode")
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent / "results" / "restore.json"))
    args = ap.parse_args()
    rows = {}
    print(f"{'id':45s} {'restore cpu med':>15s} {'p99':>6s} {'max':>6s} {'wall med':>8s} "
          f"{'snapshot cpu':>12s}  gc in restores (gen0/1/2)")
    for task_id in args.ids or DEFAULT_IDS:
        row = rows[task_id] = bench_id(task_id, args.episodes, args.steps)
        r, w, s, g = row["restore_cpu"], row["restore_wall"], row["snapshot_cpu"], row["gc_during_restores"]
        print(f"{task_id:45s} {r['median_ms']:15.3f} {r['p99_ms']:6.2f} {r['max_ms']:6.2f} "  # type: ignore[index]
              f"{w['median_ms']:8.3f} {s['median_ms']:12.3f}  "  # type: ignore[index]
              + "/".join(map(str, g["counts"])))  # type: ignore[index]
    out = {"episodes": args.episodes, "steps": args.steps, "ids": rows,
           "load_average_1min": round(os.getloadavg()[0], 2), "python": platform.python_version()}
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(out, indent=2) + "\n")
    print(f"load average {out['load_average_1min']}; wrote {args.out}")


if __name__ == "__main__":
    main()
