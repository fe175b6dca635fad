"""Sub-env seeds: distinct within a vector env, unrelated across nearby root seeds, and the
same episodes as SyncVectorEnv given the same per-env seeds."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mobile_gym.vector import BatchedVectorEnv, offset_seeds, spawn_seeds, sub_env_seeds
from mobile_gym.vector.seeding import SEED_LIMIT
from tests.vector.helpers import assert_same
from tests.vector.toy_envs import CountingEnv


@given(st.integers(0, 2**63), st.integers(1, 64))
def test_spawned_seeds_are_distinct_and_in_range(seed, n):
    seeds = spawn_seeds(seed, n)
    assert len(set(seeds)) == n and all(0 <= s < SEED_LIMIT for s in seeds)
    assert spawn_seeds(seed, n) == seeds  # deterministic
    assert spawn_seeds(seed, n + 3)[:n] == seeds  # adding sub-envs keeps the others' seeds


def test_nearby_root_seeds_share_no_sub_env_seed():
    # Gymnasium's seed + i: roots 0..99 over 8 sub-envs reuse almost every seed; spawn reuses none
    spawned = [s for root in range(100) for s in spawn_seeds(root, 8)]
    offset = [s for root in range(100) for s in offset_seeds(root, 8)]
    assert len(set(spawned)) == len(spawned)
    assert len(set(offset)) == 107


def test_seed_arguments():
    assert sub_env_seeds(None, 3) == [None, None, None]
    assert sub_env_seeds([4, None, 4], 3) == [4, None, 4]
    assert sub_env_seeds(10, 3, "offset") == [10, 11, 12]
    assert sub_env_seeds(np.int64(10), 2) == spawn_seeds(10, 2)
    with pytest.raises(ValueError, match="has 2 seeds; expected num_envs=3"):
        sub_env_seeds([1, 2], 3)
    with pytest.raises(ValueError, match="non-negative"):
        sub_env_seeds(-1, 2)


def _episodes(envs, seed, steps=12):
    out = [envs.reset(seed=seed)]
    rng = np.random.default_rng(3)
    for _ in range(steps):
        out.append(envs.step(rng.integers(0, 3, envs.num_envs)))
    envs.close()
    return out


@pytest.mark.parametrize("seeding", ["spawn", "offset"])
def test_int_seed_gives_the_sync_episodes_of_the_derived_seeds(seeding):
    fns = [CountingEnv] * 3
    got = _episodes(BatchedVectorEnv(fns, num_workers=2, seeding=seeding), 123)
    expected = _episodes(gym.vector.SyncVectorEnv(fns), sub_env_seeds(123, 3, seeding))
    assert_same([list(r) for r in got], [list(r) for r in expected])
    assert got[0][1]["reset_seed"].tolist() == sub_env_seeds(123, 3, seeding)


def test_sub_envs_never_replay_each_other():
    envs = BatchedVectorEnv([CountingEnv] * 4, num_workers=2)
    obs, _ = envs.reset(seed=0)
    frames = [obs["frame"][i].tobytes() for i in range(4)]
    envs.close()
    assert len(set(frames)) == 4
