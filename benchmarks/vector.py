"""Vector-env throughput and overhead: BatchedVectorEnv vs Gymnasium's Sync/AsyncVectorEnv.

All configurations run in the same invocation over the same sub-env seeds and the same
action sequences (so every one does the same simulated work, autoresets included):
  bare                 the N envs stepped in a plain loop (no vector env) in a fresh child
                       process, so that it starts as cold as a worker does
  batched, 1 worker    BatchedVectorEnv, all N envs in one worker process
  batched, 2 workers   BatchedVectorEnv, N/2 envs per worker
  sync                 gymnasium SyncVectorEnv (this process)
  async                gymnasium AsyncVectorEnv (one process per env, shared memory)
and the batched rows again with copy=False (the live shared arrays are returned; bare and
copy=False both hand out observations without copying them).
Two workloads: `mobile` (a MobileEnv task with an RL wrapper stack, default OpenApp with
TapGrid+PixelsOnly at 270x600 and random taps) and `probe` (a constant env with the same
observation space and a MobileEnv-like info whose step costs ~nothing, so the vector
layer's own per-env-step cost shows without the noise of a real step). Repeats are
interleaved and the median is reported; wall and CPU time (this process + its workers) are
both given, with the load average, since the machine may be shared.

Derived numbers: speedup = batched 2 workers / batched 1 worker (env-steps/s, wall);
overhead = (batched 1 worker - bare) per env-step, in wall ms and in CPU ms.
Prints a table and writes benchmarks/results/vector.json.
Usage: python benchmarks/vector.py [--task ID] [--stack pixels] [--num-envs 8] [--steps 60] [--repeats 3]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import gymnasium as gym  # noqa: E402
import numpy as np  # noqa: E402
import psutil  # noqa: E402

from mobile_gym.cli import whole_number  # noqa: E402
from mobile_gym.vector import BatchedVectorEnv, sub_env_seeds  # noqa: E402
from mobile_gym.vector.factory import SubEnvFactory  # noqa: E402

#: Untimed steps per env before each timed run.
WARMUP = 10


class ProbeEnv(gym.Env):
    """A frame of the task's size and a MobileEnv-shaped info, at almost no cost per step."""

    def __init__(self, shape: tuple[int, ...], n_actions: int) -> None:
        self.observation_space = gym.spaces.Box(0, 255, shape, np.uint8)
        self.action_space = gym.spaces.Discrete(n_actions)
        self.frame = np.zeros(shape, np.uint8)
        self.t = 0

    def _info(self) -> dict[str, Any]:
        return {"frame_id": self.t, "env_steps": self.t, "device_time": 0.1 * self.t, "fired": {}, "score": 0.0,
                "extras": {}, "success": False, "episode_end": None, "timing": {"act": 0.1, "total": 0.3},
                "primitive_steps": 2, "agent_steps": self.t}

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        self.t = 0
        return self.frame, self._info()

    def step(self, action):
        self.t += 1
        self.frame[0, 0, 0] = self.t % 256
        return self.frame, 0.0, False, self.t >= 50, self._info()


class ProbeFactory:
    def __init__(self, shape: tuple[int, ...], n_actions: int) -> None:
        self.shape, self.n_actions = shape, n_actions

    def __call__(self) -> ProbeEnv:
        return ProbeEnv(self.shape, self.n_actions)


def _cpu_seconds(pids: list[int]) -> float:
    total = time.process_time()
    for pid in pids:
        try:
            t = psutil.Process(pid).cpu_times()
            total += t.user + t.system
        except psutil.NoSuchProcess:
            pass
    return total


def _bare_loop(fns: list, seeds: list[int], actions: list[np.ndarray], conn: Any) -> None:
    envs = [fn() for fn in fns]
    for env, seed in zip(envs, seeds):
        env.reset(seed=seed)
    done = [False] * len(envs)
    warm, timed = actions[:WARMUP], actions[WARMUP:]
    t0 = c0 = 0.0
    for step, batch in enumerate(warm + timed):
        if step == len(warm):
            t0, c0 = time.perf_counter(), time.process_time()
        for i, env in enumerate(envs):
            if done[i]:  # as NEXT_STEP autoreset: this step's action is spent on the reset
                env.reset()
                done[i] = False
            else:
                _, _, term, trunc, _ = env.step(batch[i])
                done[i] = term or trunc
    conn.send((time.perf_counter() - t0, time.process_time() - c0))
    for env in envs:
        env.close()


def run_bare(fns: list, seeds: list[int], actions: list[np.ndarray]) -> tuple[float, float]:
    """The plain loop, in a fresh child process like a worker (so neither starts with caches
    this process has warmed)."""
    ctx = mp.get_context()
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_bare_loop, args=(fns, seeds, actions, child), daemon=True)
    proc.start()
    child.close()
    result = parent.recv()
    proc.join(30)
    return result


def run_vector(make: Any, seeds: list[int], actions: list[np.ndarray]) -> tuple[float, float]:
    envs = make()
    pids = list(getattr(envs, "worker_pids", ())) or [p.pid for p in getattr(envs, "processes", [])]
    envs.reset(seed=seeds)
    warm, timed = actions[:WARMUP], actions[WARMUP:]
    for batch in warm:
        envs.step(batch)
    t0, c0 = time.perf_counter(), _cpu_seconds(pids)
    for batch in timed:
        envs.step(batch)
    wall, cpu = time.perf_counter() - t0, _cpu_seconds(pids) - c0
    envs.close()
    return wall, cpu


def measure(workload: str, fns: list, n_actions: int, steps: int, repeats: int, seed: int) -> dict[str, Any]:
    n = len(fns)
    seeds = sub_env_seeds(seed, n)
    rng = np.random.default_rng(seed)
    actions = [rng.integers(0, n_actions, n) for _ in range(steps + WARMUP)]
    runners = {
        "bare": lambda: run_bare(fns, seeds, actions),
        "batched, 1 worker": lambda: run_vector(lambda: BatchedVectorEnv(fns, num_workers=1), seeds, actions),
        "batched, 2 workers": lambda: run_vector(lambda: BatchedVectorEnv(fns, num_workers=2), seeds, actions),
        "batched, 1 worker, copy=False": lambda: run_vector(
            lambda: BatchedVectorEnv(fns, num_workers=1, copy=False), seeds, actions),
        "batched, 2 workers, copy=False": lambda: run_vector(
            lambda: BatchedVectorEnv(fns, num_workers=2, copy=False), seeds, actions),
        "sync": lambda: run_vector(lambda: gym.vector.SyncVectorEnv(fns), seeds, actions),
        "async": lambda: run_vector(lambda: gym.vector.AsyncVectorEnv(fns), seeds, actions),
    }
    samples: dict[str, list[tuple[float, float, float]]] = {k: [] for k in runners}
    for _ in range(repeats):
        for name, run in runners.items():
            load = os.getloadavg()[0]
            wall, cpu = run()
            samples[name].append((wall, cpu, load))
    env_steps = steps * n
    out: dict[str, Any] = {"num_envs": n, "steps_per_env": steps, "configs": {}}
    for name, runs in samples.items():
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        out["configs"][name] = {
            "env_steps_per_s": round(env_steps / wall, 1), "wall_ms_per_env_step": round(1e3 * wall / env_steps, 4),
            "cpu_ms_per_env_step": round(1e3 * cpu / env_steps, 4),
            "runs_wall_s": [round(r[0], 3) for r in runs], "load_1min": [round(r[2], 2) for r in runs]}
    c = out["configs"]
    for suffix in ("", ", copy=False"):
        one, two = c[f"batched, 1 worker{suffix}"], c[f"batched, 2 workers{suffix}"]
        out[f"speedup_2_vs_1_workers{suffix}"] = round(two["env_steps_per_s"] / one["env_steps_per_s"], 3)
        out[f"overhead_wall_ms_per_env_step{suffix}"] = round(one["wall_ms_per_env_step"]
                                                              - c["bare"]["wall_ms_per_env_step"], 4)
        out[f"overhead_cpu_ms_per_env_step{suffix}"] = round(one["cpu_ms_per_env_step"]
                                                             - c["bare"]["cpu_ms_per_env_step"], 4)
    print(f"\n{workload}: {n} envs, {steps} steps per env, median of {repeats} (load 1-min {os.getloadavg()[0]:.2f})")
    print(f"  {'config':30s} {'env-steps/s':>12s} {'wall ms/step':>13s} {'cpu ms/step':>12s}  loads")
    for name, r in c.items():
        print(f"  {name:30s} {r['env_steps_per_s']:12.1f} {r['wall_ms_per_env_step']:13.4f} "
              f"{r['cpu_ms_per_env_step']:12.4f}  {r['load_1min']}")
    for suffix in ("", ", copy=False"):
        print(f"  batched{suffix or ', copy=True'}: 2 workers / 1 worker {out['speedup_2_vs_1_workers' + suffix]:.2f}x;"
              f" 1 worker over bare {out['overhead_wall_ms_per_env_step' + suffix]:+.4f} wall ms, "
              f"{out['overhead_cpu_ms_per_env_step' + suffix]:+.4f} CPU ms per env-step")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--task", default="MobileEnv/OpenApp-v0")
    parser.add_argument("--stack", default="pixels", help="a mobile_gym.vector preset stack name")
    parser.add_argument("--size", default="270x600", help="pixel observation WIDTHxHEIGHT")
    parser.add_argument("--num-envs", type=whole_number("--num-envs", 2), default=8)
    parser.add_argument("--steps", type=whole_number("--steps", 1), default=60, help="timed steps per env")
    parser.add_argument("--probe-steps", type=whole_number("--probe-steps", 1), default=2000)
    parser.add_argument("--repeats", type=whole_number("--repeats", 1), default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=str(HERE / "results" / "vector.json"))
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.lower().split("x"))
    mobile = SubEnvFactory(args.task, args.stack, {"obs_size": size})
    probe_env = mobile()
    shape, n_actions = probe_env.observation_space.shape, int(probe_env.action_space.n)
    probe_env.close()
    results: dict[str, Any] = {
        "task": args.task, "stack": args.stack, "obs_size": list(size),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform(),
                    "load_average_start": list(os.getloadavg())},
        "targets": {"speedup_2_vs_1_workers": 1.8, "overhead_ms_per_env_step": 0.05},
    }
    print(f"vector envs on {os.cpu_count()} CPUs; {args.task} with stack {args.stack!r} at {size[0]}x{size[1]}")
    results["probe"] = measure("probe (constant env, same frame size)", [ProbeFactory(shape, n_actions)] * args.num_envs,
                               n_actions, args.probe_steps, args.repeats, args.seed)
    results["mobile"] = measure(f"mobile ({args.task}, {args.stack})", [mobile] * args.num_envs, n_actions,
                                args.steps, args.repeats, args.seed)
    results["machine"]["load_average_end"] = list(os.getloadavg())
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2) + "\n")
    print(f"\nwrote {out}")


if __name__ == "__main__":
    main()
