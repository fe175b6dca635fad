"""Vector-env throughput and overhead: BatchedVectorEnv vs Gymnasium's Sync/AsyncVectorEnv.

All configurations run in the same invocation over the same sub-env seeds and the same
action sequences (so every one does the same simulated work, autoresets included):
  bare                 the N envs stepped in a plain loop (no vector env) in a fresh child
                       process, so that it starts as cold as a worker does
  batched, 1 worker    BatchedVectorEnv, all N envs in one worker process
  batched, 2 workers   BatchedVectorEnv, N/2 envs per worker
  batched, N workers   BatchedVectorEnv, one worker process per env (the OS spreads them
                       over the cores step by step)
  sync                 gymnasium SyncVectorEnv (this process)
  async                gymnasium AsyncVectorEnv (one process per env, shared memory)
  batched async, 1 worker / 2 workers
                       BatchedVectorEnv's asynchronous mode (EnvPool's async_reset/recv/send)
                       with batch_size = N/2: no step barrier, each recv returns the first
                       N/2 envs that finished and they are sent their next actions; every
                       env takes its own action sequence (the same as the lock-step configs',
                       repeated once so no env runs out inside the timed window), and the
                       timed window is exactly as many env-steps as the lock-step configs'
and the batched rows again with copy=False (the live shared arrays are returned; bare and
copy=False both hand out observations without copying them).
Two workloads: `mobile` (a MobileEnv task with an RL wrapper stack, default OpenApp with
TapGrid+PixelsOnly at 270x600 and random taps) and `probe` (a constant env with the stack's
observation space and a MobileEnv-like info whose step costs ~nothing, so the vector
layer's own per-env-step cost shows without the noise of a real step). Repeats are
interleaved and the median is reported; wall and CPU time (this process + its workers) are
both given, with the load average, since the machine may be shared.

Derived numbers: speedup = batched 2 workers / batched 1 worker (env-steps/s, wall; the same
for the async rows), and
the same from the critical path (this process's CPU time plus its busiest worker's: the
wall time each config would take with a free core per process, which a shared machine
does not give; it leaves out wake-up latency; for the async rows, which have no barrier, it
is the largest of this process's CPU, the busiest worker's and the total over the cores);
overhead = (batched 1 worker - bare) per env-step, in wall ms and in CPU ms (with the CPU
cost of copying each observation once into a batch buffer, which any vector env over shared
memory pays, measured in the bare child and printed beside it); the barrier
bound: the best 2-worker speedup the bare run's own per-env-step CPU costs allow when each
step waits for its slowest worker (a task whose steps vary a lot, e.g. app launches among
cheap taps, cannot reach 2x with fixed blocks of envs whatever the vector layer costs).
Prints a table and writes benchmarks/results/vector.json.
Usage: python benchmarks/vector.py [--task ID] [--stack pixels] [--num-envs 8] [--steps 60] [--repeats 3]
       [--workloads probe,mobile] [--configs 'bare;batched, 1 worker;batched, 2 workers']
Old vs new code in one session: run this script with PYTHONPATH=/path/to/old/checkout, then
with PYTHONPATH=$PWD (when PYTHONPATH is set it picks the mobile_gym under test).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
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

import gymnasium as gym  # noqa: E402
import numpy as np  # noqa: E402
import psutil  # noqa: E402

from mobile_gym.bench import write_results  # noqa: E402
from mobile_gym.cli import whole_number  # noqa: E402
from mobile_gym.vector import BatchedVectorEnv, sub_env_seeds  # noqa: E402
from mobile_gym.vector.factory import SubEnvFactory  # noqa: E402
from mobile_gym.vector.layout import SpaceLayout  # noqa: E402

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


def _copy_floor(envs: list, last_obs: list, steps: int) -> float:
    """CPU seconds of writing each env's observation arrays into a batch buffer `steps` times:
    the one copy per env-step a vector env over shared memory cannot avoid (the frame leaves
    the env's own array), so the vector layer's own cost is the overhead beyond it."""
    layout = SpaceLayout(envs[0].observation_space, len(envs))
    arrays = [np.zeros(shape, dtype) for shape, dtype in layout.fields("obs").values()]
    started = time.process_time()
    for _ in range(steps):
        for i, obs in enumerate(last_obs):
            layout.write(arrays, i, obs)
    return time.process_time() - started


def _bare_loop(fns: list, seeds: list[int], actions: list[np.ndarray], conn: Any) -> None:
    envs = [fn() for fn in fns]
    last_obs = [env.reset(seed=seed)[0] for env, seed in zip(envs, seeds)]
    done = [False] * len(envs)
    warm, timed = actions[:WARMUP], actions[WARMUP:]
    costs = np.zeros((len(timed), len(envs)))
    t0 = c0 = 0.0
    for step, batch in enumerate(warm + timed):
        if step == len(warm):
            t0, c0 = time.perf_counter(), time.process_time()
        for i, env in enumerate(envs):
            started = time.thread_time()
            if done[i]:  # as NEXT_STEP autoreset: this step's action is spent on the reset
                last_obs[i] = env.reset()[0]
                done[i] = False
            else:
                last_obs[i], _, term, trunc, _ = env.step(batch[i])
                done[i] = term or trunc
            if step >= len(warm):
                costs[step - len(warm), i] = time.thread_time() - started
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    conn.send((wall, cpu, costs, _copy_floor(envs, last_obs, len(timed))))
    for env in envs:
        env.close()


def run_bare(fns: list, seeds: list[int], actions: list[np.ndarray]) -> tuple[Any, ...]:
    """The plain loop, in a fresh child process like a worker (so neither starts with caches
    this process has warmed); also each env-step's CPU seconds (steps x envs) and the CPU
    seconds of copying the observations once per env-step (`_copy_floor`)."""
    ctx = mp.get_context()
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_bare_loop, args=(fns, seeds, actions, child), daemon=True)
    proc.start()
    child.close()
    wall, cpu, costs, copy_floor = parent.recv()
    proc.join(30)
    return wall, cpu, cpu, cpu, costs, copy_floor


def barrier_bounds(costs: np.ndarray, workers: int = 2) -> dict[str, float]:
    """The best 2-worker speedups the bare run's per-env-step costs allow when every step
    waits for its slowest worker (no overhead, a free core per worker): with fixed
    contiguous blocks (BatchedVectorEnv's split), and with each env free to run on whichever
    core is idle (one process per env, longest first)."""
    total = costs.sum()
    bounds = [w * costs.shape[1] // workers for w in range(workers + 1)]
    fixed = sum(max(row[bounds[w]:bounds[w + 1]].sum() for w in range(workers)) for row in costs)
    free = 0.0
    for row in costs:
        loads = [0.0] * workers
        for cost in sorted(row, reverse=True):
            loads[loads.index(min(loads))] += cost
        free += max(loads)
    return {"fixed_blocks": round(total / fixed, 3), "one_process_per_env": round(total / free, 3)}


def run_vector(make: Any, seeds: list[int], actions: list[np.ndarray]) -> tuple[float, float, float, float]:
    """Wall and CPU seconds (this process + workers) of the timed steps, the critical path
    (this process's CPU plus the busiest worker's: what the wall time would be with a free
    core per process, as the main process waits while its workers step) and this process's
    CPU seconds."""
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
    return wall, main + sum(per_worker), main + max(per_worker, default=0.0), main


def run_async(make: Any, seeds: list[int], actions: list[np.ndarray]) -> tuple[float, float, float, float]:
    """run_vector's numbers for the asynchronous mode: after async_reset and WARMUP results
    per env, the timed window is the next len(actions) - WARMUP results per env (counted over
    all envs, whichever come back); env i takes actions[t][i] in order (then the same again).
    Without a barrier this process runs alongside its workers, so the critical path is the
    largest of its CPU time, the busiest worker's and the total over the machine's cores."""
    envs = make()
    pids = list(envs.worker_pids)
    n = envs.num_envs
    per_env = [[int(batch[i]) for batch in actions] * 2 for i in range(n)]
    sent = [0] * n
    warm_until, end = n * (1 + WARMUP), n * (1 + len(actions))
    received = 0
    t0 = c0 = 0.0
    w0: list[float] = []
    envs.async_reset(seed=seeds)
    while True:
        if not w0 and received >= warm_until:
            t0, c0, w0 = time.perf_counter(), time.process_time(), _worker_cpu(pids)
        ids = envs.recv()[4]["env_id"]
        received += len(ids)
        if received >= end:
            break
        envs.send(np.array([per_env[i][sent[i]] for i in ids]), ids)
        for i in ids:
            sent[i] += 1
    wall, main, workers = time.perf_counter() - t0, time.process_time() - c0, _worker_cpu(pids)
    envs.close()
    per_worker = [b - a for a, b in zip(w0, workers)]
    total = main + sum(per_worker)
    return wall, total, max(main, *per_worker, total / (os.cpu_count() or 1)), main


CONFIG_NAMES = ["bare", "batched, 1 worker", "batched, 2 workers", "batched, 1 worker, copy=False",
                "batched, 2 workers, copy=False", "batched, N workers", "sync", "async",
                "batched async, 1 worker", "batched async, 2 workers"]


def runners(fns: list, seeds: list[int], actions: list[np.ndarray]) -> dict[str, Any]:
    """Every configuration by name; each returns run_vector's tuple (run_bare's adds costs)."""
    n = len(fns)

    def batched(workers: int, copy: bool = True) -> Any:
        return lambda: run_vector(lambda: BatchedVectorEnv(fns, num_workers=workers, copy=copy), seeds, actions)

    def batched_async(workers: int) -> Any:
        return lambda: run_async(lambda: BatchedVectorEnv(fns, num_workers=workers, batch_size=n // 2), seeds, actions)

    return {
        "bare": lambda: run_bare(fns, seeds, actions),
        "batched, 1 worker": batched(1),
        "batched, 2 workers": batched(2),
        "batched, 1 worker, copy=False": batched(1, copy=False),
        "batched, 2 workers, copy=False": batched(2, copy=False),
        f"batched, {n} workers": batched(n),
        "sync": lambda: run_vector(lambda: gym.vector.SyncVectorEnv(fns), seeds, actions),
        "async": lambda: run_vector(lambda: gym.vector.AsyncVectorEnv(fns), seeds, actions),
        **{f"batched async, {w} worker{'s' * (w > 1)}": batched_async(w) for w in (1, 2)},
    }


def measure(workload: str, fns: list, n_actions: int, steps: int, repeats: int, seed: int,
            only: list[str] | None = None) -> dict[str, Any]:
    n = len(fns)
    seeds = sub_env_seeds(seed, n)
    rng = np.random.default_rng(seed)
    actions = [rng.integers(0, n_actions, n) for _ in range(steps + WARMUP)]
    configs = runners(fns, seeds, actions)
    if only:
        configs = {name: run for name, run in configs.items()
                   if name in only or name.replace(f"{n} workers", "N workers") in only}
    samples: dict[str, list[tuple[float, ...]]] = {k: [] for k in configs}
    bounds: list[dict[str, float]] = []
    copy_floors: list[float] = []
    for _ in range(repeats):
        for name, run in configs.items():
            load = os.getloadavg()[0]
            wall, cpu, critical, main, *extra = run()
            samples[name].append((wall, cpu, load, critical, main))
            if extra:
                bounds.append(barrier_bounds(extra[0]))
                copy_floors.append(extra[1])
    env_steps = steps * n
    out: dict[str, Any] = {"num_envs": n, "steps_per_env": steps, "configs": {}}
    for name, runs in samples.items():
        wall, cpu, _, critical, main = (statistics.median(r[k] for r in runs) for k in range(5))
        out["configs"][name] = {
            "critical_path_env_steps_per_s": round(env_steps / critical, 1),
            "env_steps_per_s": round(env_steps / wall, 1), "wall_ms_per_env_step": round(1e3 * wall / env_steps, 4),
            "cpu_ms_per_env_step": round(1e3 * cpu / env_steps, 4),
            "main_cpu_ms_per_env_step": round(1e3 * main / env_steps, 4),
            "runs_wall_s": [round(r[0], 3) for r in runs], "load_1min": [round(r[2], 2) for r in runs]}
    if bounds:
        out["barrier_bound_2_workers"] = {key: statistics.median(b[key] for b in bounds) for key in bounds[0]}
        out["obs_copy_cpu_ms_per_env_step"] = round(1e3 * statistics.median(copy_floors) / env_steps, 4)
    c = out["configs"]
    one, two = c.get("batched async, 1 worker"), c.get("batched async, 2 workers")
    if one and two:
        out["async_speedup_2_vs_1_workers"] = round(two["env_steps_per_s"] / one["env_steps_per_s"], 3)
        out["async_critical_path_speedup_2_vs_1_workers"] = round(
            two["critical_path_env_steps_per_s"] / one["critical_path_env_steps_per_s"], 3)
    for suffix in ("", ", copy=False"):
        one, two = c.get(f"batched, 1 worker{suffix}"), c.get(f"batched, 2 workers{suffix}")
        if one and two:
            out[f"speedup_2_vs_1_workers{suffix}"] = round(two["env_steps_per_s"] / one["env_steps_per_s"], 3)
            out[f"critical_path_speedup_2_vs_1_workers{suffix}"] = round(
                two["critical_path_env_steps_per_s"] / one["critical_path_env_steps_per_s"], 3)
        if one and "bare" in c:
            out[f"overhead_wall_ms_per_env_step{suffix}"] = round(one["wall_ms_per_env_step"]
                                                                  - c["bare"]["wall_ms_per_env_step"], 4)
            out[f"overhead_cpu_ms_per_env_step{suffix}"] = round(one["cpu_ms_per_env_step"]
                                                                 - c["bare"]["cpu_ms_per_env_step"], 4)
    print(f"\n{workload}: {n} envs, {steps} steps per env, median of {repeats} (load 1-min {os.getloadavg()[0]:.2f})")
    print(f"  {'config':30s} {'env-steps/s':>12s} {'wall ms/step':>13s} {'cpu ms/step':>12s} {'main cpu':>9s} "
          f"{'crit. steps/s':>13s}  loads")
    for name, r in c.items():
        print(f"  {name:30s} {r['env_steps_per_s']:12.1f} {r['wall_ms_per_env_step']:13.4f} "
              f"{r['cpu_ms_per_env_step']:12.4f} {r['main_cpu_ms_per_env_step']:9.4f} "
              f"{r['critical_path_env_steps_per_s']:13.1f}  {r['load_1min']}")
    for suffix in ("", ", copy=False"):
        label = f"  batched{suffix or ', copy=True'}:"
        if f"speedup_2_vs_1_workers{suffix}" in out:
            print(f"{label} 2 workers / 1 worker {out['speedup_2_vs_1_workers' + suffix]:.2f}x wall, "
                  f"{out['critical_path_speedup_2_vs_1_workers' + suffix]:.2f}x critical path")
        if f"overhead_cpu_ms_per_env_step{suffix}" in out:
            print(f"{label} 1 worker over bare {out['overhead_wall_ms_per_env_step' + suffix]:+.4f} wall ms, "
                  f"{out['overhead_cpu_ms_per_env_step' + suffix]:+.4f} CPU ms per env-step")
    if "async_speedup_2_vs_1_workers" in out:
        print(f"  batched async (batch_size {n // 2}): 2 workers / 1 worker {out['async_speedup_2_vs_1_workers']:.2f}x "
              f"wall, {out['async_critical_path_speedup_2_vs_1_workers']:.2f}x critical path")
    if "obs_copy_cpu_ms_per_env_step" in out:
        print(f"  copying one env's observation into a batch buffer (the copy shared memory cannot avoid): "
              f"{out['obs_copy_cpu_ms_per_env_step']:.4f} CPU ms per env-step")
    if bounds:
        b = out["barrier_bound_2_workers"]
        print(f"  the bare run's step costs allow at most {b['fixed_blocks']:.2f}x with 2 fixed blocks of envs "
              f"and {b['one_process_per_env']:.2f}x with one process per env (each step waits for its slowest "
              "worker)")
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
    parser.add_argument("--workloads", default="probe,mobile", help="comma-separated: probe, mobile")
    parser.add_argument("--configs", default="", help="';'-separated config names to run (default: all): "
                        f"{'; '.join(CONFIG_NAMES)}")
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
    only = [name.strip() for name in args.configs.split(";") if name.strip()]
    unknown = sorted(set(only) - set(CONFIG_NAMES))
    if unknown:
        parser.error(f"--configs: unknown {unknown}; known: {CONFIG_NAMES}")
    workloads = [name.strip() for name in args.workloads.split(",") if name.strip()]
    if set(workloads) - {"probe", "mobile"}:
        parser.error(f"--workloads={args.workloads!r}: expected probe and/or mobile")
    print(f"vector envs on {os.cpu_count()} CPUs; {args.task} with stack {args.stack!r} at {size[0]}x{size[1]}")
    if "probe" in workloads:
        results["probe"] = measure("probe (constant env, the stack's observation space)",
                                   [ProbeFactory(space, n_actions)] * args.num_envs,
                                   n_actions, args.probe_steps, args.repeats, args.seed, only)
    if "mobile" in workloads:
        results["mobile"] = measure(f"mobile ({args.task}, {args.stack})", [mobile] * args.num_envs, n_actions,
                                    args.steps, args.repeats, args.seed, only)
    results["machine"]["load_average_end"] = list(os.getloadavg())
    out = Path(args.out)
    write_results(out, results)


if __name__ == "__main__":
    main()
