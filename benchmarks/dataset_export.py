"""Cost of `mobile-gym dataset`: the recorded oracle run, then the export (replay at the chosen
frame size plus writing) to JSONL+PNG and to Minari, per agent step and in disk bytes.

The tasks' oracle episodes are run once with recording (one worker), then replayed and written
by `mobile_gym.harness.dataset` / `minari_export` into a temporary directory (Minari's datasets
path too). Prints a table and writes benchmarks/results/dataset_export.json.
    python benchmarks/dataset_export.py [--tasks SystemWifiTurnOff,OpenApp,...] [--episodes 2]
                                        [--obs-size 270x600]
"""

from __future__ import annotations

import argparse
import os
import platform
import tempfile
import time
from pathlib import Path

from mobile_gym.bench import write_results

DEFAULT_TASKS = "SystemWifiTurnOff,OpenApp,SystemBluetoothTurnOn,MarkorCreateNote,ExpenseAddSingle"


def _bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", default=DEFAULT_TASKS)
    parser.add_argument("--episodes", type=int, default=2)
    parser.add_argument("--obs-size", default="270x600")
    args = parser.parse_args()

    from mobile_gym.harness.dataset import (
        JsonlWriter,
        dataset_episodes,
        exported_records,
        parse_obs_size,
        recorded_action_space,
    )
    from mobile_gym.harness.episode import RunConfig
    from mobile_gym.harness.minari_export import MinariWriter, merge_action_spaces
    from mobile_gym.harness.runner import run_suite
    from mobile_gym.harness.suites import select

    size = parse_obs_size(args.obs_size)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        os.environ["MINARI_DATASETS_PATH"] = str(root / "minari")
        tasks = select(args.tasks.split(","))
        t0 = time.perf_counter()
        records = run_suite(tasks, RunConfig(agent="oracle", episodes=args.episodes, record=True), root / "run",
                            progress=False)
        run_s = time.perf_counter() - t0
        chosen = exported_records(root / "run")
        steps = sum(r["steps"] for r, _ in chosen)
        space = merge_action_spaces([recorded_action_space(d) for _, d in chosen])
        timings = {}
        for name, writer in (("jsonl", JsonlWriter(root / "jsonl", size)),
                             ("minari", MinariWriter("bench/export-v0", obs_size=size, action_space=space,
                                                     algorithm_name="oracle", description="benchmark"))):
            t1 = time.perf_counter()
            for episode in dataset_episodes(chosen, size):
                writer.add(episode)
            writer.finish()
            timings[name] = time.perf_counter() - t1
        result = {
            "tasks": [t.name for t in tasks], "episodes": len(records), "agent_steps": steps,
            "obs_size": list(size), "run_seconds": round(run_s, 2),
            "export_seconds": {k: round(v, 2) for k, v in timings.items()},
            "export_ms_per_step": {k: round(1000 * v / max(1, steps), 1) for k, v in timings.items()},
            "bytes_per_step": {"jsonl": _bytes(root / "jsonl") // max(1, steps),
                               "minari": _bytes(root / "minari") // max(1, steps)},
            "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
        }
    print(f"{result['episodes']} oracle episodes, {steps} agent steps, frames {size[0]}x{size[1]}; "
          f"recorded run {run_s:.1f} s")
    for name in timings:
        print(f"  {name:6s} export {timings[name]:6.1f} s  {result['export_ms_per_step'][name]:6.1f} ms/step  "
              f"{result['bytes_per_step'][name] / 1024:7.1f} KiB/step")
    out = Path(__file__).with_name("results") / "dataset_export.json"
    write_results(out, result)


if __name__ == "__main__":
    main()
