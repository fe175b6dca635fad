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
TapGrid+PixelsOnly at 270x600 and random taps) and `probe` (a constant env with the stack's
observation space and a MobileEnv-like info whose step costs ~nothing, so the vector
layer's own per-env-step cost shows without the noise of a real step). Repeats are
interleaved and the median is reported; wall and CPU time (this process + its workers) are
both given, with the load average, since the machine may be shared.

Derived numbers: speedup = batched 2 workers / batched 1 worker (env-steps/s, wall), and
the same from the critical path (this process's CPU time plus its busiest worker's: the
wall time each config would take with a free core per process, which a shared machine
does not give; it leaves out wake-up latency);
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
    """The stack's observation (one fixed sample of its space, a frame at the task's size for
    `pixels`) and a MobileEnv-shaped info, at almost no cost per step."""

    def __init__(self, observation_space: gym.Space, n_actions: int) -> None:
        self.observation_space = observation_space
        self.action_space = gym.spaces.Discrete(n_actions)
        observation_space.seed(0)
        self.obs = observation_space.sample()
        self.t = 0

    def _info(self) -> dict[str, Any]:
        return {"frame_id": self.t, "env_steps": self.t, "device_time": 0.1 * self.t, "fired": {}, "score": 0.0,
                "extras": {}, "success": False, "episode_end": None, "timing": {"act": 0.1, "total": 0.3},
                "primitive_steps": 2, "agent_steps": self.t}

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        self.t = 0
        return self.obs, self._info()

    def step(self, action):
        self.t += 1
        return self.obs, 0.0, False, self.t >= 50, self._info()


class ProbeFactory:
    def __init__(self, observation_space: gym.Space, n_actions: int) -> None:
        self.observation_space, self.n_actions = observation_space, n_actions

    def __call__(self) -> ProbeEnv:
        return ProbeEnv(self.observation_space, self.n_actions)


def _worker_cpu(pids: list[int]) -> list[float]:
    out = []
    for pid in pids:
        try:
            t = psutil.Process(pid).cpu_times()
            out.append(t.user + t.system)
        except psutil.NoSuchProcess:
            out.append(0.0)
    return out


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
    wall, cpu = parent.recv()
    proc.join(30)
    return wall, cpu, cpu


def run_vector(make: Any, seeds: list[int], actions: list[np.ndarray]) -> tuple[float, float, float]:
    """Wall and CPU seconds (this process + workers) of the timed steps, and the critical
    path: this process's CPU plus the busiest worker's (what the wall time would be with a
    free core per process, as the main process waits while its workers step)."""
    envs = make()
    pids = list(getattr(envs, "worker_pids", ())) or [p.pid for p in getattr(envs, "processes", [])]
    envs.reset(seed=seeds)
    warm, timed = actions[:WARMUP], actions[WARMUP:]
    for batch in warm:
        envs.step(batch)
    t0, c0, w0 = time.perf_counter(), time.process_time(), _worker_cpu(pids)
    for batch in timed:
        envs.step(batch)
    wall, main, workers = time.perf_counter() - t0, time.process_time() - c0, _worker_cpu(pids)
    envs.close()
    per_worker = [b - a for a, b in zip(w0, workers)]
    return wall, main + sum(per_worker), main + max(per_worker, default=0.0)


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
    samples: dict[str, list[tuple[float, float, float, float]]] = {k: [] for k in runners}
    for _ in range(repeats):
        for name, run in runners.items():
            load = os.getloadavg()[0]
            wall, cpu, critical = run()
            samples[name].append((wall, cpu, load, critical))
    env_steps = steps * n
    out: dict[str, Any] = {"num_envs": n, "steps_per_env": steps, "configs": {}}
    for name, runs in samples.items():
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        critical = statistics.median(r[3] for r in runs)
        out["configs"][name] = {
            "critical_path_env_steps_per_s": round(env_steps / critical, 1),
            "env_steps_per_s": round(env_steps / wall, 1), "wall_ms_per_env_step": round(1e3 * wall / env_steps, 4),
            "cpu_ms_per_env_step": round(1e3 * cpu / env_steps, 4),
            "runs_wall_s": [round(r[0], 3) for r in runs], "load_1min": [round(r[2], 2) for r in runs]}
    c = out["configs"]
    for suffix in ("", ", copy=False"):
        one, two = c[f"batched, 1 worker{suffix}"], c[f"batched, 2 workers{suffix}"]
        out[f"speedup_2_vs_1_workers{suffix}"] = round(two["env_steps_per_s"] / one["env_steps_per_s"], 3)
        out[f"critical_path_speedup_2_vs_1_workers{suffix}"] = round(
            two["critical_path_env_steps_per_s"] / one["critical_path_env_steps_per_s"], 3)
        out[f"overhead_wall_ms_per_env_step{suffix}"] = round(one["wall_ms_per_env_step"]
                                                              - c["bare"]["wall_ms_per_env_step"], 4)
        out[f"overhead_cpu_ms_per_env_step{suffix}"] = round(one["cpu_ms_per_env_step"]
                                                             - c["bare"]["cpu_ms_per_env_step"], 4)
    print(f"\n{workload}: {n} envs, {steps} steps per env, median of {repeats} (load 1-min {os.getloadavg()[0]:.2f})")
    print(f"  {'config':30s} {'env-steps/s':>12s} {'wall ms/step':>13s} {'cpu ms/step':>12s} "
          f"{'crit. steps/s':>13s}  loads")
    for name, r in c.items():
        print(f"  {name:30s} {r['env_steps_per_s']:12.1f} {r['wall_ms_per_env_step']:13.4f} "
              f"{r['cpu_ms_per_env_step']:12.4f} {r['critical_path_env_steps_per_s']:13.1f}  {r['load_1min']}")
    for suffix in ("", ", copy=False"):
        print(f"  batched{suffix or ', copy=True'}: 2 workers / 1 worker {out['speedup_2_vs_1_workers' + suffix]:.2f}x "
              f"wall, {out['critical_path_speedup_2_vs_1_workers' + suffix]:.2f}x critical path;"
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
    space, n_actions = probe_env.observation_space, int(probe_env.action_space.n)
    probe_env.close()
    results: dict[str, Any] = {
        "task": args.task, "stack": args.stack, "obs_size": list(size),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform(),
                    "load_average_start": list(os.getloadavg())},
        "targets": {"speedup_2_vs_1_workers": 1.8, "overhead_ms_per_env_step": 0.05},
    }
    print(f"vector envs on {os.cpu_count()} CPUs; {args.task} with stack {args.stack!r} at {size[0]}x{size[1]}")
    results["probe"] = measure("probe (constant env, the stack's observation space)",
                               [ProbeFactory(space, n_actions)] * args.num_envs,
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
