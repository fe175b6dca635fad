"""MobileEnv throughput with random actions on the sim backend, for every registered id, against
DeepMind android_env's FakeSimulator measured in the same run.

Every registered id (`mobile_gym.tasks.catalog.ids()`, less the generic MobileEnv/Task-v0, which
needs a task argument) runs in the full configuration: pixels at 270x600 (--size) + view
hierarchy + instruction, and the task's real EventEngine; random raw actions, resets included
in the time (`mobile_gym.bench.measure_env`: a full garbage collection runs before each id's
timed loop, and the collections inside it are counted per generation in the id's
`collections`). Each id reports steps/s in wall time and in CPU time (this process's), and both
ratios to FakeSimulator (random frames, no app, no hierarchy, no events; run in a subprocess by
benchmarks/android_env_fake.py when `android_env` is installed: the `bench` extra).
FakeSimulator runs before the first id, after every --fake-every ids and after the last; each
id is compared with the mean of the two runs around it, so a change of the machine's load
during the run (it is shared) moves both sides alike. The load average is recorded at every
FakeSimulator run.

With --breakdown, the first id also runs without the engine (pixels; pixels + hierarchy) and as
vector envs (AsyncVectorEnv with 1 and 2 worker processes, SyncVectorEnv of 2 envs).

Prints a table and writes benchmarks/results/env_throughput.json.
Usage: python benchmarks/env_throughput.py [--ids PATTERN ...] [--quick] [--steps 1000]
       [--fake-steps 3000] [--fake-every 16] [--breakdown] [--size 270x600] [--out FILE]
"""

from __future__ import annotations

import argparse
import fnmatch
import importlib.util
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from functools import partial
from pathlib import Path

HERE = Path(__file__).resolve().parent
if not os.environ.get("PYTHONPATH"):  # PYTHONPATH, when set, picks the code under test (old vs new)
    sys.path.insert(0, str(HERE.parent))

from mobile_gym.bench import measure_env, measure_vector, write_results  # noqa: E402
from mobile_gym.cli import whole_number  # noqa: E402
from mobile_gym.env import MobileEnv  # noqa: E402
from mobile_gym.events import StepResult  # noqa: E402
from mobile_gym.tasks import catalog  # noqa: E402

ALL_KEYS = ("pixels", "view_hierarchy", "instruction")
TARGET_RATIO = 2.0
QUICK_STEPS, QUICK_FAKE_STEPS = 200, 1000


class NullEngine:
    """Scores nothing: isolates the device + env cost from the event engine's."""

    def __init__(self, task=None) -> None:
        pass

    def reset(self, *, device=None) -> None:
        pass

    def step(self, inputs) -> StepResult:
        return StepResult(reward=0.0, score=0.0, episode_end=None, extras={}, instructions=[],
                          fired={}, timing={})


def make_env(task: str, size: tuple[int, int], keys: tuple[str, ...], engine: bool) -> MobileEnv:
    kwargs = {} if engine else {"engine_factory": NullEngine}
    return MobileEnv(task, obs_size=size, obs_keys=keys, **kwargs)


def select_ids(patterns: list[str] | None) -> list[str]:
    """Registered ids matching any of `patterns` (fnmatch; a bare name matches its id)."""
    ids = [i for i in catalog.ids() if i != catalog.GENERIC_ID]
    if not patterns:
        return ids
    chosen = [i for i in ids if any(fnmatch.fnmatchcase(i, p) or fnmatch.fnmatchcase(i, catalog.env_id(p))
                                    for p in patterns)]
    if not chosen:
        raise SystemExit(f"--ids {' '.join(patterns)}: no registered id matches")
    return chosen


def load() -> list[float]:
    return [round(v, 2) for v in os.getloadavg()]


def android_env_fake(steps: int, size: tuple[int, int]) -> dict:
    """One FakeSimulator run in a subprocess, with the load average when it ended."""
    out = subprocess.run(
        [sys.executable, str(HERE / "android_env_fake.py"), str(steps), str(size[1]), str(size[0])],
        capture_output=True, text=True, timeout=900,
    )
    if out.returncode != 0:
        lines = out.stderr.strip().splitlines()
        return {"error": lines[-1] if lines else f"exit {out.returncode}", "load_average": load()}
    return {**json.loads(out.stdout.strip().splitlines()[-1]), "load_average": load()}


def ratios(entry: dict, fakes: list[dict]) -> dict:
    """`entry`'s steps/s over the mean of the FakeSimulator runs `fakes` (wall and CPU)."""
    good = [f for f in fakes if "error" not in f]
    if not good:
        return {}
    wall = statistics.fmean(f["steps_per_s"] for f in good)
    cpu = statistics.fmean(f["steps_per_cpu_s"] for f in good)
    return {"fake_steps_per_s": round(wall, 1), "fake_steps_per_cpu_s": round(cpu, 1),
            "ratio_wall": round(entry["steps_per_s"] / wall, 3),
            "ratio_cpu": round(entry["steps_per_cpu_s"] / cpu, 3)}


def breakdown(task: str, size: tuple[int, int], steps: int, vector_steps: int) -> dict:
    """The first id without the engine and as vector envs (the --breakdown rows)."""
    out: dict = {"single_process": {}, "vector": {}}
    for name, keys in (("pixels", ("pixels",)), ("pixels+hierarchy", ALL_KEYS)):
        r = measure_env(partial(make_env, task, size, keys, False), steps)
        out["single_process"][name] = r
        print(f"  {task} {name:18s} {r['steps_per_s']:8.1f} steps/s wall {r['steps_per_cpu_s']:8.1f} CPU (no engine)")
    full = partial(make_env, task, size, ALL_KEYS, True)
    for label, n, asynchronous in (("async, 1 worker process", 1, True), ("async, 2 worker processes", 2, True),
                                   ("sync, 2 envs in 1 process", 2, False)):
        r = measure_vector(full, n, vector_steps, asynchronous=asynchronous)
        out["vector"][label] = r
        print(f"  {task} vector {label:28s} {r['steps_per_s']:8.1f} env-steps/s (full config)")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ids", nargs="+", metavar="PATTERN",
                        help="registered ids or fnmatch patterns (e.g. 'MobileEnv/Markor*'); default: every id")
    parser.add_argument("--quick", action="store_true",
                        help=f"short run: {QUICK_STEPS} steps per id, {QUICK_FAKE_STEPS} FakeSimulator steps")
    parser.add_argument("--steps", type=whole_number("--steps", 1), default=None, help="steps per id (default 1000)")
    parser.add_argument("--fake-steps", type=whole_number("--fake-steps", 1), default=None,
                        help="steps per FakeSimulator run (default 3000)")
    parser.add_argument("--fake-every", type=whole_number("--fake-every", 1), default=16,
                        help="ids between two FakeSimulator runs")
    parser.add_argument("--breakdown", action="store_true",
                        help="also run the first id without the engine and as vector envs")
    parser.add_argument("--vector-steps", type=whole_number("--vector-steps", 1), default=1000,
                        help="steps per env in the --breakdown vector runs")
    parser.add_argument("--size", default="270x600", help="pixel observation WIDTHxHEIGHT")
    parser.add_argument("--out", default=str(HERE / "results" / "env_throughput.json"))
    args = parser.parse_args()
    steps = args.steps or (QUICK_STEPS if args.quick else 1000)
    fake_steps = args.fake_steps or (QUICK_FAKE_STEPS if args.quick else 3000)
    size = tuple(int(v) for v in args.size.lower().split("x"))
    ids = select_ids(args.ids)
    has_fake = importlib.util.find_spec("android_env") is not None

    results: dict = {
        "obs_size": list(size), "steps_per_id": steps, "fake_steps": fake_steps,
        "config": "full: pixels + view_hierarchy + instruction, the task's EventEngine, random actions, resets included",
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform(),
                    "load_average_start": load()},
        "android_env_fake_simulator": [], "ids": {},
    }
    print(f"MobileEnv throughput, {len(ids)} ids, pixels {size[0]}x{size[1]} + hierarchy + engine, random actions, "
          f"{steps} steps each; {os.cpu_count()} CPUs, load {load()}")
    fakes: list[dict] = results["android_env_fake_simulator"]

    def run_fake() -> None:
        if not has_fake:
            return
        fake = android_env_fake(fake_steps, size)
        fake["after_ids"] = len(results["ids"])
        fakes.append(fake)
        if "error" in fake:
            print(f"  android_env FakeSimulator failed: {fake['error']}")
        else:
            print(f"  android_env FakeSimulator {fake['steps_per_s']:8.1f} steps/s wall {fake['steps_per_cpu_s']:8.1f} "
                  f"CPU (load {fake['load_average'][0]})")

    run_fake()
    pending: list[str] = []  # ids measured since the last FakeSimulator run
    for n, task in enumerate(ids, 1):
        t0 = time.perf_counter()
        try:
            r = measure_env(partial(make_env, task, size, ALL_KEYS, True), steps)
        except Exception as exc:  # noqa: BLE001 - one broken id must not hide the others' numbers
            r = {"error": f"{type(exc).__name__}: {exc}"}
            print(f"{task:62s} FAILED {r['error']}")
        else:
            print(f"{task:62s} {r['steps_per_s']:8.1f} steps/s wall {r['steps_per_cpu_s']:8.1f} CPU "
                  f"({r['steps_per_cpu_s_excluding_resets']:.1f} CPU without resets; {r['resets']} resets; "
                  f"{time.perf_counter() - t0:.1f} s)")
        results["ids"][task] = r
        pending.append(task)
        if n % args.fake_every == 0 or n == len(ids):
            before = fakes[-1:] if fakes else []
            run_fake()
            for t in pending:
                if "error" not in results["ids"][t]:
                    results["ids"][t].update(ratios(results["ids"][t], before + fakes[-1:]))
            pending = []

    measured = {t: r for t, r in results["ids"].items() if "ratio_cpu" in r}
    if measured:
        print(f"\n{'id':62s} {'wall/s':>8s} {'CPU/s':>8s} {'x fake wall':>11s} {'x fake CPU':>10s}")
        for t, r in sorted(measured.items(), key=lambda kv: kv[1]["ratio_cpu"]):
            print(f"{t:62s} {r['steps_per_s']:8.1f} {r['steps_per_cpu_s']:8.1f} {r['ratio_wall']:11.2f} {r['ratio_cpu']:10.2f}")
        for kind in ("wall", "cpu"):
            values = [r[f"ratio_{kind}"] for r in measured.values()]
            below = sorted(t for t, r in measured.items() if r[f"ratio_{kind}"] < TARGET_RATIO)
            results[f"ratio_{kind}_summary"] = {"min": min(values), "median": round(statistics.median(values), 3),
                                                "max": max(values), "below_target": below}
            print(f"ratio ({kind}): min {min(values):.2f}, median {statistics.median(values):.2f}, "
                  f"max {max(values):.2f}; {len(below)} of {len(values)} ids below {TARGET_RATIO}x")
    elif not has_fake:
        print("android_env not importable (pip install 'mobile-gym[bench]'): FakeSimulator comparison skipped")
    results["target_ratio"] = TARGET_RATIO
    results["failed_ids"] = sorted(t for t, r in results["ids"].items() if "error" in r)
    if args.breakdown and ids:
        results["breakdown"] = {ids[0]: breakdown(ids[0], size, steps, args.vector_steps)}
    results["machine"]["load_average_end"] = load()
    out = Path(args.out)
    write_results(out, results)


if __name__ == "__main__":
    main()
