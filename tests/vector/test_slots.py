"""copy=True hands out shared-memory observation slots: an observation (or any view, buffer
export or dict holding part of it) is never written again while it is referenced, released
slots are reused, and results stay those of SyncVectorEnv whatever the caller holds."""

from __future__ import annotations

import gymnasium as gym
import numpy as np

from mobile_gym.vector import BatchedVectorEnv
from mobile_gym.vector.slots import HANDED_OUT
from tests.vector.helpers import assert_same
from tests.vector.toy_envs import CountingEnv


def _address(array: np.ndarray) -> int:
    return array.__array_interface__["data"][0]


def test_held_observations_and_their_views_are_never_overwritten():
    envs = BatchedVectorEnv([CountingEnv] * 2, num_workers=2)
    try:
        envs.reset(seed=[9, 9])  # action 1 never terminates; truncation after 5 steps
        holders = [
            lambda obs: obs,                             # the dict
            lambda obs: obs["frame"],                    # one leaf
            lambda obs: obs["frame"][1, :2],             # a view of it
            lambda obs: memoryview(obs["vec"]),          # a buffer export
            lambda obs: np.asarray(obs["frame"]).T,      # a transposed view
            lambda obs: [obs["vec"][::2]],               # a view inside a list
        ]
        held, expected = [], []
        for hold in holders * 2:
            obs, *_ = envs.step(np.array([1, 1]))
            held.append(hold(obs))
            expected.append({key: obs[key].copy() for key in ("frame", "vec", "count")})
            del obs
        assert len({int(e["count"][0]) for e in expected}) > 3  # the steps gave different observations
        for k in (0, 6):
            for key in ("frame", "vec", "count"):
                assert np.array_equal(held[k][key], expected[k][key])
        for k in (1, 7):
            assert np.array_equal(held[k], expected[k]["frame"])
        for k in (2, 8):
            assert np.array_equal(held[k], expected[k]["frame"][1, :2])
        for k in (3, 9):
            assert np.array_equal(np.asarray(held[k]), expected[k]["vec"])
        for k in (4, 10):
            assert np.array_equal(held[k], expected[k]["frame"].T)
        for k in (5, 11):
            assert np.array_equal(held[k][0], expected[k]["vec"][::2])
    finally:
        envs.close()


def test_released_slots_are_reused_and_consecutive_observations_do_not_share_memory():
    envs = BatchedVectorEnv([CountingEnv] * 2, num_workers=1)
    try:
        envs.reset(seed=[9, 9])
        previous, _ = envs.reset(seed=[9, 9])
        addresses = set()
        for _ in range(12):
            obs, *_ = envs.step(np.array([1, 1]))
            assert not np.shares_memory(obs["frame"], previous["frame"])
            addresses.add(_address(obs["frame"]))
            previous = obs
        assert len(addresses) <= HANDED_OUT  # the loop holds one observation: slots alternate
    finally:
        envs.close()


def test_a_caller_holding_every_slot_gets_private_copies_and_the_same_results():
    fns = [CountingEnv] * 3
    sync, batched = gym.vector.SyncVectorEnv(fns), BatchedVectorEnv(fns, num_workers=2)
    try:
        kept = [batched.reset(seed=[1, 2, 3])]
        expected = [sync.reset(seed=[1, 2, 3])]
        rng = np.random.default_rng(0)
        for _ in range(3 * HANDED_OUT):
            actions = rng.integers(0, 3, 3)
            kept.append(batched.step(actions))  # held: after HANDED_OUT steps no slot is free
            expected.append(sync.step(actions))
        for t, (a, b) in enumerate(zip(kept, expected)):
            assert_same(list(a), list(b), path=f"result {t}")
    finally:
        sync.close()
        batched.close()


def test_a_masked_reset_gives_the_last_observation_of_the_other_envs_not_the_callers_edits():
    envs = BatchedVectorEnv([CountingEnv] * 3, num_workers=2)
    try:
        envs.reset(seed=[1, 2, 3])
        obs, *_ = envs.step(np.array([1, 1, 1]))
        last = {key: obs[key].copy() for key in ("frame", "vec", "count")}
        obs["frame"][:] = 0  # the caller's copy is the caller's to change
        reset, _ = envs.reset(seed=[7, 7, 7], options={"reset_mask": np.array([False, True, False])})
        for key in ("frame", "vec", "count"):
            assert np.array_equal(reset[key][[0, 2]], last[key][[0, 2]])
        assert reset["count"][1] == 0 and reset["label"] == (obs["label"][0], "count 0 of 5", obs["label"][2])
    finally:
        envs.close()
