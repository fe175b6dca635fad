"""The batched vector env on real MobileEnv stacks: `mobile_gym.make_vec`, `gym.make_vec`'s
vector entry point, the named wrapper stacks, and the same episodes as SyncVectorEnv (RL
stacks over shared memory; the raw env's hierarchy and instruction by pipe)."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

import mobile_gym
from mobile_gym.bench import random_raw_actions
from mobile_gym.vector import BatchedVectorEnv, resolve_stack
from mobile_gym.wrappers import PixelsOnly, TapGrid
from tests.vector.helpers import assert_same

TASK = "MobileEnv/OpenApp-v0"
SIZE = (54, 120)
SEEDS = [3, 8]
SKIP = ("timing",)  # wall-clock timings differ between any two runs


def _run(envs, actions):
    out = [envs.reset(seed=SEEDS)]
    for a in actions:
        out.append(envs.step(a))
    envs.close()
    return out


def test_pixels_stack_matches_sync_vector_env_step_for_step():
    rng = np.random.default_rng(0)
    actions = [rng.integers(0, 75, 2) for _ in range(25)]
    got = _run(mobile_gym.make_vec(TASK, 2, wrappers="pixels", obs_size=SIZE, num_workers=2), actions)
    expected = _run(gym.make_vec(TASK, 2, vectorization_mode="sync", wrappers=[TapGrid, PixelsOnly],
                                 obs_size=SIZE), actions)
    for t, (a, b) in enumerate(zip(got, expected)):
        assert_same(list(a), list(b), path=f"result {t}", skip=SKIP)
    assert any(r[2].any() for r in expected[1:])  # OpenApp ends on a wrong app: autoreset ran


def test_raw_env_sends_hierarchy_and_instruction_by_pipe_and_matches_sync():
    envs = gym.make_vec(TASK, 2, obs_size=SIZE, num_workers=1)  # the vector entry point is the default
    assert isinstance(envs, BatchedVectorEnv)
    single = envs.single_action_space
    per_env = [random_raw_actions(single, 15, seed) for seed in (1, 2)]
    actions = [{k: (tuple(per_env[i][t][k] for i in range(2)) if k == "response"
                    else np.stack([per_env[i][t][k] for i in range(2)])) for k in single.spaces}
               for t in range(15)]
    got = _run(envs, actions)
    expected = _run(gym.make_vec(TASK, 2, vectorization_mode="sync", obs_size=SIZE), actions)
    for t, (a, b) in enumerate(zip(got, expected)):
        assert_same(list(a), list(b), path=f"result {t}", skip=SKIP)
    obs = got[-1][0]
    assert all(h.startswith("<?xml") for h in obs["view_hierarchy"]) and len(obs["instruction"]) == 2


def test_gym_make_vec_takes_a_stack_and_vector_options():
    envs = gym.make_vec(TASK, num_envs=3, vectorization_mode="vector_entry_point", stack="goal",
                        num_workers=2, autoreset_mode="SameStep")
    try:
        assert envs.num_workers == 2
        assert envs.metadata["autoreset_mode"] is gym.vector.AutoresetMode.SAME_STEP
        assert sorted(envs.single_observation_space.spaces) == ["elements", "goal", "mask", "params"]
        assert envs.spec.id == TASK and envs.spec.kwargs["vectorization_mode"] == "vector_entry_point"
        obs, info = envs.reset(seed=0)
        assert obs["goal"].shape == (3, 256) and info["_task_seed"].all()
        assert len(set(info["task_seed"].tolist())) == 3
    finally:
        envs.close()


def test_stack_entries_are_named_when_wrong():
    with pytest.raises(ValueError, match="'pixel': unknown stack; known: .*'pixels'"):
        resolve_stack("pixel")
    with pytest.raises(ValueError, match=r"wrappers\[1\]='Pixels': unknown wrapper"):
        resolve_stack(["TapGrid", "Pixels"])
    with pytest.raises(ValueError, match="a pair must be"):
        resolve_stack([("ElementFeatures", 32)])
    with pytest.raises(ValueError, match="unknown stack"):
        mobile_gym.make_vec(TASK, 2, wrappers="nope")
    stack = resolve_stack(["TapGrid", ("ElementFeatures", {"keep_pixels": False}), lambda env: env])
    assert len(stack) == 3
