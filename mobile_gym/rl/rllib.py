"""Ray RLlib on mobile_gym's task ids (the `ray` extra).

`register_tasks()` registers every `MobileEnv/<Name>-v0` id with Tune, so
``PPOConfig().environment("MobileEnv/SystemWifiTurnOff-v0", env_config={...})`` works. Each
env is an RL stack from `mobile_gym.rl.stacks` (one float32 Box RLlib's default encoders
take: ``obs="features"`` with the goal vector, or ``obs="pixels"``), under `RunnerSeeds`:
its episode seeds derive from the run seed (``env_config["seed"]``), a stream name
(``"stream"``: train, eval), RLlib's worker index and the env's slot in its runner, so no
two runners (nor two sub-envs of one runner, nor training and evaluation runners) replay
the same episode. RLlib hands every sub-env of a runner the same `EnvContext` (vector index
0), so the slot also counts the envs this creator built for that worker in this process.

`fail_fast(config)` turns off RLlib's silent restarts of failed env runners, and
`train_checked(algo)` raises `EnvRunnerFailure` when a runner died or an iteration sampled
nothing, instead of returning an empty result.

Example::

    import ray
    from ray.rllib.algorithms.ppo import PPOConfig
    from mobile_gym.rl.rllib import fail_fast, register_tasks, train_checked

    ray.init(num_cpus=2, include_dashboard=False)
    register_tasks()
    config = fail_fast(PPOConfig().environment("MobileEnv/SystemWifiTurnOff-v0",
                                               env_config={"obs": "features", "seed": 0})
                       .env_runners(num_env_runners=2))
    algo = config.build_algo()
    result = train_checked(algo)
"""

from __future__ import annotations

import collections
from collections.abc import Iterable, Mapping
from typing import Any

import gymnasium as gym

from mobile_gym.rl.seeding import RunnerId, RunnerSeeds
from mobile_gym.rl.stacks import StackOptions, rl_stack

#: env_config keys read here (the others are `StackOptions` fields).
SEED_KEYS: tuple[str, ...] = ("seed", "stream", "task_path")
GENERIC_ID = "MobileEnv/Task-v0"


class EnvRunnerFailure(RuntimeError):
    """An RLlib iteration ran on dead env runners or sampled no steps."""


def _require_ray() -> None:
    try:
        import ray.rllib  # noqa: F401
    except ImportError as exc:
        raise ImportError("mobile_gym.rl.rllib needs Ray RLlib: pip install 'mobile-gym[ray]'") from exc


class TaskEnvCreator:
    """Tune's env creator for one task id: `creator(env_context)` -> the seeded RL stack.

    Picklable (Tune ships it to every runner); each process's copy counts the envs it built
    per worker index, which gives sub-envs of one runner distinct slots.
    """

    def __init__(self, task_id: str) -> None:
        self.task_id = task_id
        self._built: collections.Counter[int] = collections.Counter()

    def __getstate__(self) -> dict[str, Any]:
        return {"task_id": self.task_id}  # a fresh count in each process

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["task_id"])

    def __call__(self, env_config: Mapping[str, Any]) -> gym.Env:
        worker = int(getattr(env_config, "worker_index", 0) or 0)
        vector = int(getattr(env_config, "vector_index", 0) or 0)
        built = self._built[worker]
        self._built[worker] += 1
        return make_env(self.task_id, env_config, worker=worker, slot=built, vector=vector)


def make_env(task_id: str, env_config: Mapping[str, Any], *, worker: int = 0, slot: int = 0,
             vector: int = 0) -> gym.Env:
    """The RL stack for `task_id` as `env_config` asks, seeded for runner `worker`'s env `slot`
    (and RLlib's `vector` index)."""
    options = StackOptions.from_mapping(env_config, ignore=SEED_KEYS)
    task: Any = task_id
    if task_id == GENERIC_ID:
        if "task_path" not in env_config:
            raise ValueError(f"{GENERIC_ID} needs env_config['task_path'] (a task file)")
        task = env_config["task_path"]
    elif "task_path" in env_config:
        raise ValueError(f"env_config['task_path'] is only for {GENERIC_ID}; {task_id} names its task")
    seed = env_config.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"env_config['seed']={seed!r}: expected an integer run seed")
    runner = RunnerId(run_seed=seed, stream=str(env_config.get("stream", "train")), worker=worker, slot=slot,
                      vector=vector)
    return RunnerSeeds(rl_stack(task, options), runner)


def task_ids() -> list[str]:
    """Every Gymnasium id mobile_gym registers (MobileEnv/Task-v0 and one per task)."""
    from mobile_gym.registration import register_envs

    return register_envs()


def register_tasks(ids: Iterable[str] | None = None) -> list[str]:
    """Register `ids` (default: every task id) with Tune; returns the ids registered."""
    _require_ray()
    from ray.tune.registry import register_env

    known = task_ids()
    chosen = known if ids is None else list(ids)
    unknown = [i for i in chosen if i not in known]
    if unknown:
        raise ValueError(f"unknown task ids {unknown}; see mobile-gym list (ids look like MobileEnv/OpenApp-v0)")
    for env_id in chosen:
        register_env(env_id, TaskEnvCreator(env_id))
    return chosen


def fail_fast(config: Any) -> Any:
    """`config` with env-runner failures raised, not restarted or ignored (RLlib restarts
    failed runners by default, and a restarted runner's iteration samples little or nothing)."""
    _require_ray()
    config.fault_tolerance(restart_failed_env_runners=False, ignore_env_runner_failures=False,
                           restart_failed_sub_environments=False)
    eval_env_config = {**(config.env_config or {}), "stream": "eval"}
    config.evaluation(evaluation_config={"env_config": eval_env_config})
    return config


def runner_health(algo: Any) -> tuple[int, int]:
    """(healthy, configured) remote env runners of `algo`."""
    group = algo.env_runner_group
    return group.num_healthy_remote_workers(), int(algo.config.num_env_runners)


def sampled_steps(result: Mapping[str, Any]) -> int:
    """Env steps an iteration's result says it sampled."""
    from ray.rllib.utils.metrics import ENV_RUNNER_RESULTS, NUM_ENV_STEPS_SAMPLED

    return int(result.get(ENV_RUNNER_RESULTS, {}).get(NUM_ENV_STEPS_SAMPLED, 0) or 0)


def train_checked(algo: Any) -> dict[str, Any]:
    """One `algo.train()`; EnvRunnerFailure when a runner is dead or nothing was sampled."""
    try:
        result = algo.train()
    except Exception as exc:
        healthy, configured = runner_health(algo)
        raise EnvRunnerFailure(
            f"RLlib iteration failed with {healthy} of {configured} env runners alive: {type(exc).__name__}: {exc}\n"
            "(an env runner whose env raised logs the traceback and exits; ray.init(log_to_driver=True) "
            "shows it, or see the worker logs under the Ray session directory)") from exc
    healthy, configured = runner_health(algo)
    if healthy < configured:
        raise EnvRunnerFailure(f"only {healthy} of {configured} env runners are alive after the iteration")
    steps = sampled_steps(result)
    if steps <= 0:
        raise EnvRunnerFailure("the iteration sampled no env steps (every env runner failed?)")
    return result
