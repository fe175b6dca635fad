"""Cost of starting an app on the simulator, and what it does to OpenApp's step costs.

Part 1, per app of the default phone: from the OpenApp reset state (every app stopped, the
launcher in front, no app data yet), the app is started as the launcher starts it (`monkey -p
PKG -c android.intent.category.LAUNCHER 1`: the launcher intent, a cold start with its first
launch), then the first frame at the observation size and the first `uiautomator dump` of the
new screen are taken. CPU time of this thread per part, median over `--repeats` launches after
one untimed launch per app (which makes once-per-process caches: fonts, database images).

Part 2, OpenApp as `benchmarks/vector.py` steps it (N envs with the TapGrid+PixelsOnly stack,
random actions, a done env reset at its next step) in this process: CPU ms per env-step split
into resets, the steps that end an episode (an app opened: a launch, its first frame and dump)
and the other steps (taps), and the 2-worker barrier bound those costs allow (vector.py's
`barrier_bounds`: each step waits for the slower block of envs).

Old vs new code in one session: run with PYTHONPATH=/path/to/old/checkout, then with
PYTHONPATH=$PWD, alternately. Prints a table and writes benchmarks/results/app_launch.json.
Usage: python benchmarks/app_launch.py [--repeats 10] [--steps 150] [--num-envs 8] [--size 270x600]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if not os.environ.get("PYTHONPATH"):  # PYTHONPATH, when set, picks the code under test (old vs new)
    sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))  # vector.py's barrier_bounds

import gymnasium as gym  # noqa: E402
import numpy as np  # noqa: E402
from vector import barrier_bounds  # noqa: E402

import mobile_gym  # noqa: E402,F401  (registers the ids)
from mobile_gym.bench import write_results  # noqa: E402
from mobile_gym.cli import whole_number  # noqa: E402
from mobile_gym.tasks.families.launcher import APPS  # noqa: E402
from mobile_gym.vector import sub_env_seeds  # noqa: E402
from mobile_gym.vector.factory import SubEnvFactory  # noqa: E402

TASK = "MobileEnv/OpenApp-v0"
PARTS = ("launch", "first_frame", "first_dump")


def launches(repeats: int, size: tuple[int, int]) -> dict[str, dict[str, float]]:
    """Median CPU ms of each part of a cold start, per app label."""
    env = gym.make(TASK, obs_size=size).unwrapped
    try:
        env.reset(seed=0)
        device = env.device
        samples: dict[str, list[tuple[float, float, float]]] = {label: [] for label in sorted(APPS)}
        for rep in range(repeats + 1):
            for label in sorted(APPS):
                env.reset(seed=rep)
                t0 = time.thread_time()
                device.shell(f"monkey -p {APPS[label]} -c android.intent.category.LAUNCHER 1")
                t1 = time.thread_time()
                device.screenshot(size)
                t2 = time.thread_time()
                device.view_hierarchy()
                t3 = time.thread_time()
                if rep:
                    samples[label].append((t1 - t0, t2 - t1, t3 - t2))
    finally:
        env.close()
    return {label: {part: round(1e3 * statistics.median(s[k] for s in runs), 3) for k, part in enumerate(PARTS)}
            for label, runs in samples.items()}


def open_app_steps(num_envs: int, steps: int, size: tuple[int, int], seed: int = 0) -> dict[str, Any]:
    """OpenApp stepped as vector.py's bare loop: CPU ms per class of env-step, barrier bound."""
    factory = SubEnvFactory(TASK, "pixels", {"obs_size": size})
    envs = [factory() for _ in range(num_envs)]
    try:
        for env, s in zip(envs, sub_env_seeds(seed, num_envs)):
            env.reset(seed=s)
        rng = np.random.default_rng(seed)
        n_actions = int(envs[0].action_space.n)
        warmup = 10
        actions = [rng.integers(0, n_actions, num_envs) for _ in range(steps + warmup)]
        done = [False] * num_envs
        costs = np.zeros((steps, num_envs))
        kinds: dict[str, list[float]] = {"reset": [], "episode_end": [], "other": []}
        for k, batch in enumerate(actions):
            for i, env in enumerate(envs):
                started = time.thread_time()
                if done[i]:
                    env.reset()
                    done[i] = False
                    kind = "reset"
                else:
                    _, _, terminated, truncated, _ = env.step(batch[i])
                    done[i] = terminated or truncated
                    kind = "episode_end" if done[i] else "other"
                cost = time.thread_time() - started
                if k >= warmup:
                    costs[k - warmup, i] = cost
                    kinds[kind].append(cost)
    finally:
        for env in envs:
            env.close()
    total = costs.sum()
    out: dict[str, Any] = {"env_steps": int(costs.size), "mean_ms_per_env_step": round(1e3 * total / costs.size, 4),
                           "barrier_bound_2_workers": {k: float(v) for k, v in barrier_bounds(costs).items()}}
    for kind, values in kinds.items():
        out[kind] = {"count": len(values), "mean_ms": round(1e3 * statistics.fmean(values), 4) if values else None,
                     "share": round(sum(values) / total, 4) if total else None}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=whole_number("--repeats", 1), default=10, help="timed launches per app")
    parser.add_argument("--steps", type=whole_number("--steps", 1), default=150, help="OpenApp steps per env")
    parser.add_argument("--num-envs", type=whole_number("--num-envs", 2), default=8)
    parser.add_argument("--size", default="270x600", help="pixel observation WIDTHxHEIGHT")
    parser.add_argument("--out", default=str(HERE / "results" / "app_launch.json"))
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.lower().split("x"))
    load_start = os.getloadavg()
    started = time.process_time()
    apps = launches(args.repeats, size)
    print(f"cold start of each app from OpenApp's reset state (CPU ms, median of {args.repeats}):")
    print(f"  {'app':16s} {'launch':>8s} {'frame':>8s} {'dump':>8s} {'total':>8s}")
    for label, r in apps.items():
        print(f"  {label:16s} {r['launch']:8.2f} {r['first_frame']:8.2f} {r['first_dump']:8.2f} "
              f"{sum(r.values()):8.2f}")
    sums = {part: round(sum(r[part] for r in apps.values()), 3) for part in PARTS}
    print(f"  {'sum':16s} {sums['launch']:8.2f} {sums['first_frame']:8.2f} {sums['first_dump']:8.2f} "
          f"{sum(sums.values()):8.2f}")
    steps = open_app_steps(args.num_envs, args.steps, size)
    print(f"\n{TASK} with TapGrid+PixelsOnly, {args.num_envs} envs x {args.steps} steps: "
          f"{steps['mean_ms_per_env_step']:.3f} CPU ms per env-step")
    for kind in ("reset", "episode_end", "other"):
        r = steps[kind]
        if r["count"]:
            print(f"  {kind:12s} {r['count']:5d} steps, mean {r['mean_ms']:7.3f} ms, {100 * r['share']:5.1f} % of the time")
    b = steps["barrier_bound_2_workers"]
    print(f"  barrier bound with 2 workers: {b['fixed_blocks']:.3f}x fixed blocks, "
          f"{b['one_process_per_env']:.3f}x one process per env")
    load_end = os.getloadavg()
    print(f"load average {load_start[0]:.2f} -> {load_end[0]:.2f}; {time.process_time() - started:.1f} s CPU")
    result = {"task": TASK, "obs_size": list(size), "repeats": args.repeats, "apps_cpu_ms": apps, "sums_cpu_ms": sums,
              "open_app": steps, "machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                                             "load_average_start": list(load_start),
                                             "load_average_end": list(load_end)}}
    out = Path(args.out)
    write_results(out, result)


if __name__ == "__main__":
    main()
