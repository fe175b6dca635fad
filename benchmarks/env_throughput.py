"""MobileEnv throughput with random actions on the sim backend.

Per task (default: the file task CalendarOpenEditor, whose events are a log line and a
view-hierarchy selector, and MobileEnv/Calendar-v0 = the templated CalendarAddOneEvent
family, whose success is an SQLite state check evaluated every step, MarkorEditNote, whose
success is ~20 file checks every step, ExpenseDeleteMultiple2, whose success is a
row-removal check over 53 rows every step, RecipeDeleteMultipleRecipesWithNoise, a Broccoli
family whose rows_removed check reads a 32-row database every step, and SimpleSmsSend, whose
success is a query on the telephony provider's database plus a foreground check, and
NotesTodoItemCount, a Joplin information-retrieval family whose check is the typed answer), one process each,
270x600 pixels unless --size says otherwise:
  pixels              obs = pixels; the event engine is replaced by a no-op engine
  pixels+hierarchy    obs = pixels + view_hierarchy + instruction; no-op engine
  full                obs = pixels + view_hierarchy + instruction; the task's real EventEngine
Vector envs (full configuration, first task): AsyncVectorEnv with 1 and with 2 worker
processes, and a SyncVectorEnv with 2 envs, reported as total env-steps/s.
If `android_env` is importable, its FakeSimulator runs at the same pixel size in a
subprocess (benchmarks/android_env_fake.py) and the ratio full / FakeSimulator is printed.

Prints a table and writes benchmarks/results/env_throughput.json.
Usage: python benchmarks/env_throughput.py [--task ID ...] [--steps 3000] [--vector-steps 1000]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import subprocess
import sys
from functools import partial
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from mobile_gym.bench import measure_env, measure_vector  # noqa: E402
from mobile_gym.cli import whole_number  # noqa: E402
from mobile_gym.env import MobileEnv  # noqa: E402
from mobile_gym.events import StepResult  # noqa: E402


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


def android_env_fake(steps: int, size: tuple[int, int]) -> dict | None:
    if importlib.util.find_spec("android_env") is None:
        return None
    out = subprocess.run(
        [sys.executable, str(HERE / "android_env_fake.py"), str(steps), str(size[1]), str(size[0])],
        capture_output=True, text=True, timeout=600,
    )
    if out.returncode != 0:
        return {"error": out.stderr.strip().splitlines()[-1] if out.stderr.strip() else f"exit {out.returncode}"}
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--task", action="append", help="task id or path (repeatable); default: "
                        "MobileEnv/CalendarOpenEditor-v0, MobileEnv/Calendar-v0, MobileEnv/MarkorEditNote-v0, "
                        "MobileEnv/ExpenseDeleteMultiple2-v0, MobileEnv/RecipeDeleteMultipleRecipesWithNoise-v0, "
                        "MobileEnv/SimpleSmsSend-v0, MobileEnv/TasksHighPriorityTasks-v0, "
                        "MobileEnv/NotesTodoItemCount-v0 and MobileEnv/SportsTrackerActivityDuration-v0")
    parser.add_argument("--steps", type=whole_number("--steps", 1), default=3000)
    parser.add_argument("--vector-steps", type=whole_number("--vector-steps", 1), default=1000,
                        help="steps per env in vector runs")
    parser.add_argument("--size", default="270x600", help="pixel observation WIDTHxHEIGHT")
    parser.add_argument("--out", default=str(HERE / "results" / "env_throughput.json"))
    args = parser.parse_args()
    tasks = args.task or ["MobileEnv/CalendarOpenEditor-v0", "MobileEnv/Calendar-v0", "MobileEnv/MarkorEditNote-v0",
                          "MobileEnv/ExpenseDeleteMultiple2-v0", "MobileEnv/RecipeDeleteMultipleRecipesWithNoise-v0",
                          "MobileEnv/SimpleSmsSend-v0", "MobileEnv/TasksHighPriorityTasks-v0",
                          "MobileEnv/NotesTodoItemCount-v0", "MobileEnv/SportsTrackerActivityDuration-v0"]
    size = tuple(int(v) for v in args.size.lower().split("x"))
    all_keys = ("pixels", "view_hierarchy", "instruction")
    full_name = "full (pixels+hierarchy+engine)"
    configs = {
        "pixels": (("pixels",), False),
        "pixels+hierarchy": (all_keys, False),
        full_name: (all_keys, True),
    }
    results: dict = {"obs_size": list(size), "steps": args.steps, "vector_steps_per_env": args.vector_steps,
                     "machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                                 "platform": platform.platform(), "load_average": list(os.getloadavg())},
                     "tasks": {}}
    print(f"MobileEnv throughput, pixels {size[0]}x{size[1]}, random actions, {os.cpu_count()} CPUs")
    for task in tasks:
        entry: dict = {"single_process": {}, "vector": {}}
        results["tasks"][task] = entry
        print(f"task {task}")
        for name, (keys, engine) in configs.items():
            r = measure_env(partial(make_env, task, size, keys, engine), args.steps)
            entry["single_process"][name] = r
            print(f"  1 process  {name:34s} {r['steps_per_s']:9.1f} steps/s  ({r['resets']} resets of "
                  f"{r['reset_ms_mean']:.1f} ms; {r['steps_per_s_excluding_resets']:.0f} steps/s without them)")
        if task != tasks[0]:
            continue
        full = partial(make_env, task, size, all_keys, True)
        for label, n, asynchronous in (("async, 1 worker process", 1, True), ("async, 2 worker processes", 2, True),
                                       ("sync, 2 envs in 1 process", 2, False)):
            r = measure_vector(full, n, args.vector_steps, asynchronous=asynchronous)
            entry["vector"][label] = r
            print(f"  vector     {label:34s} {r['steps_per_s']:9.1f} env-steps/s (full config)")

    first = results["tasks"][tasks[0]]["single_process"][full_name]["steps_per_s"]
    fake = android_env_fake(args.steps, size)
    results["android_env_fake_simulator"] = fake
    if fake is None:
        print("android_env not importable: FakeSimulator comparison skipped")
    elif "error" in fake:
        print(f"android_env FakeSimulator failed: {fake['error']}")
    else:
        ratio = first / fake["steps_per_s"]
        results["ratio_full_vs_android_env_fake"] = round(ratio, 3)
        print(f"android_env FakeSimulator (random-noise frames, no app, no hierarchy, no events) "
              f"{fake['steps_per_s']:.1f} steps/s; ours ({tasks[0]}, full) / theirs = {ratio:.2f}")
    results["target_steps_per_s"] = 1000
    results["meets_target"] = {t: e["single_process"][full_name]["steps_per_s"] >= 1000
                               for t, e in results["tasks"].items()}
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
