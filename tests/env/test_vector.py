"""Vector envs on the sim: AsyncVectorEnv (shared memory, text and hierarchy observations), determinism."""

from __future__ import annotations

from functools import partial

import gymnasium as gym
import numpy as np

from mobile_gym.bench import random_raw_actions
from mobile_gym.env import MobileEnv

INSTRUCTION = "Open the Calendar app, start a new event and give it the title Meeting."


def _batches(space, n_envs, steps, seed):
    per_env = [random_raw_actions(space, steps, seed + i) for i in range(n_envs)]
    for t in range(steps):
        yield {k: (tuple(per_env[i][t][k] for i in range(n_envs)) if k == "response"
                   else np.stack([per_env[i][t][k] for i in range(n_envs)])) for k in space.spaces}


def _run(cls, steps, **kwargs):
    envs = cls([partial(MobileEnv, "MobileEnv/CalendarOpenEditor-v0", max_steps=40)] * 2, **kwargs)
    obs, _ = envs.reset(seed=[7, 8])
    total = np.zeros(2)
    digest = []
    for batch in _batches(envs.single_action_space, 2, steps, seed=11):
        obs, rewards, terminated, truncated, infos = envs.step(batch)
        total += rewards
        digest.append((obs["pixels"].sum(), obs["view_hierarchy"], obs["instruction"]))
    envs.close()
    return total, digest


def test_async_vector_env_runs_1000_steps_with_shared_memory():
    total, digest = _run(gym.vector.AsyncVectorEnv, 1000)
    assert len(digest) == 1000
    pixels_sum, hierarchy, instruction = digest[-1]
    assert len(hierarchy) == 2 and all(h.startswith("<?xml") for h in hierarchy)
    assert instruction[0].startswith(INSTRUCTION) and instruction[1].startswith(INSTRUCTION)


def test_async_and_sync_give_the_same_episodes():
    a_total, a_digest = _run(gym.vector.AsyncVectorEnv, 200)
    s_total, s_digest = _run(gym.vector.SyncVectorEnv, 200)
    assert a_total.tolist() == s_total.tolist()
    assert [(int(p), h, i) for p, h, i in a_digest] == [(int(p), h, i) for p, h, i in s_digest]
