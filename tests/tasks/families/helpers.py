"""Helpers for the task-suite tests: run a family's oracle or a random agent through MobileEnv."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np

from mobile_gym.env import MobileEnv
from mobile_gym.spaces.actions import ActionType, make_action

OBS_KEYS = ("view_hierarchy", "instruction")


def make_env(name: str, **kwargs) -> MobileEnv:
    """A sim env of a family without pixels (the oracle reads the hierarchy: the all-windows
    forest, where the text-selection toolbar and the keyboard are)."""
    kwargs.setdefault("hierarchy", "forest")
    return MobileEnv(name, obs_keys=OBS_KEYS, **kwargs)


@contextmanager
def opened_env(name: str, **kwargs) -> Iterator[MobileEnv]:
    """`make_env`, closed when the block ends (also when an assertion fails in it)."""
    env = make_env(name, **kwargs)
    try:
        yield env
    finally:
        env.close()


@dataclass
class Episode:
    seed: int
    success: bool
    terminated: bool
    steps: int
    total_reward: float
    instruction: str


def run_oracle(env: MobileEnv, seed: int) -> Episode:
    """Reset to `seed` and follow the family's oracle until the episode ends."""
    obs, info = env.reset(seed=seed)
    assert info["task_seed"] == seed
    oracle = env.family.oracle(seed, screen_size=env.device.screen_size,
                               step_seconds=env.step_seconds)
    total, steps = 0.0, 0
    while True:
        obs, reward, terminated, truncated, info = env.step(oracle.act(obs))
        total += reward
        steps += 1
        if terminated or truncated:
            break
    return Episode(seed, bool(info["success"]), terminated, steps, total, obs["instruction"])


def oracle_episodes(name: str, seeds: Iterable[int]) -> list[Episode]:
    """The oracle's episode for each seed, on one env of family `name`."""
    with opened_env(name) as env:
        return [run_oracle(env, seed) for seed in seeds]


def noop(env: MobileEnv, *, response: str = ""):
    """One REPEAT step (time passes; the success check runs)."""
    return env.step(make_action(ActionType.REPEAT, response=response))


def random_agent(env: MobileEnv, total_steps: int, seed: int = 0) -> tuple[int, int, int]:
    """Uniformly random raw actions for `total_steps` steps (no textual answers).

    Returns (episodes, successes, steps)."""
    rng = np.random.default_rng(seed)
    space = env.action_space
    n_tokens = space["input_token"].n
    episodes = successes = 0
    env.reset(seed=seed)
    episodes = 1
    for step in range(total_steps):
        kind = int(rng.integers(0, len(ActionType)))
        action = make_action(kind, rng.random(2), input_token=int(rng.integers(0, n_tokens)),
                             key=int(rng.integers(0, space["key"].n)))
        _obs, _r, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            successes += bool(info["success"])
            if step + 1 < total_steps:
                env.reset(seed=seed + episodes)
                episodes += 1
    return episodes, successes, total_steps


def random_agent_on(name: str, total_steps: int) -> tuple[int, int, int]:
    """`random_agent` on a fresh env of family `name`, closed afterwards."""
    with opened_env(name) as env:
        return random_agent(env, total_steps)


def shell(env: MobileEnv, cmd: str) -> str:
    code, out, err = env.device.shell(cmd)
    assert code == 0, f"{cmd}: {err}"
    return out
