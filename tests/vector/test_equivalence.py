"""BatchedVectorEnv gives what SyncVectorEnv gives on the same seeds and actions: every
observation, reward, termination, truncation and info (with its `_key` masks), under each
Gymnasium autoreset mode and any split of sub-envs over workers."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from mobile_gym.vector import BatchedVectorEnv
from tests.vector.helpers import assert_same
from tests.vector.toy_envs import CountingEnv

SEEDS = [5, 2, 11]  # episode lengths 3, 4, 5: the sub-envs end on different steps


def _actions(steps: int, num_envs: int) -> list[np.ndarray]:
    rng = np.random.default_rng(0)
    return [rng.integers(0, 3, num_envs) for _ in range(steps)]


def _trace(envs: gym.vector.VectorEnv, mode: AutoresetMode, steps: int = 14) -> list:
    out = [envs.reset(seed=SEEDS, options={"level": 1})]
    for actions in _actions(steps, envs.num_envs):
        result = envs.step(actions)
        out.append(result)
        done = np.logical_or(result[2], result[3])
        if mode == AutoresetMode.DISABLED and done.any():
            out.append(envs.reset(options={"reset_mask": done}))
    envs.close()
    return out


@pytest.mark.parametrize("mode", list(AutoresetMode))
@pytest.mark.parametrize("num_workers", [1, 2, 3])
def test_same_results_as_sync_vector_env(mode, num_workers):
    fns = [CountingEnv] * len(SEEDS)
    expected = _trace(gym.vector.SyncVectorEnv(fns, autoreset_mode=mode), mode)
    got = _trace(BatchedVectorEnv(fns, num_workers=num_workers, autoreset_mode=mode), mode)
    assert len(got) == len(expected)
    for t, (a, b) in enumerate(zip(got, expected)):
        assert_same(list(a), list(b), path=f"result {t}")
    # the run had episode ends, so autoreset (and the final_* infos of SAME_STEP) were exercised
    assert any(r[2].any() or r[3].any() for r in expected if len(r) == 5)


def test_metadata_names_the_autoreset_mode_and_spaces_are_batched():
    envs = BatchedVectorEnv([CountingEnv] * 2, autoreset_mode="SameStep")
    try:
        assert envs.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
        assert envs.observation_space == gym.vector.utils.batch_space(envs.single_observation_space, 2)
        assert envs.action_space == gym.vector.utils.batch_space(gym.spaces.Discrete(3), 2)
    finally:
        envs.close()


def test_next_step_autoreset_returns_the_reset_observation_with_zero_reward():
    envs = BatchedVectorEnv([CountingEnv], autoreset_mode=AutoresetMode.NEXT_STEP)
    envs.reset(seed=[4])  # episode of 2 steps
    _, _, term, _, _ = envs.step(np.array([0]))
    obs, reward, term, trunc, _ = envs.step(np.array([0]))
    assert term.tolist() == [True] and obs["count"].tolist() == [2]
    obs, reward, term, trunc, info = envs.step(np.array([2]))  # this action is ignored: the env resets
    assert obs["count"].tolist() == [0] and reward.tolist() == [0.0]
    assert term.tolist() == [False] and trunc.tolist() == [False]
    assert info["_length"].tolist() == [True] and "count" not in info  # the reset's info, not a step's
    envs.close()


def test_info_masks_mark_which_sub_envs_have_a_key():
    envs = BatchedVectorEnv([CountingEnv] * 3, num_workers=2)
    envs.reset(seed=[2, 3, 4])  # lengths 4, 5, 2
    envs.step(np.array([1, 1, 0]))
    _, _, term, _, info = envs.step(np.array([1, 1, 0]))
    assert term.tolist() == [False, False, True]
    assert "odd" not in info  # step 2: no env has an odd count
    _, _, _, _, info = envs.step(np.array([1, 1, 1]))  # env 2 resets, envs 0 and 1 reach count 3
    assert info["_odd"].tolist() == [True, True, False] and info["odd"].tolist() == [3, 3, 0]
    assert info["_length"].tolist() == [False, False, True]
    assert info["nested"]["_odd_only"].tolist() == [True, True, False]
    assert info["nested"]["odd_only"].dtype == np.int16
    assert info["weights"].shape == (3, 2) and info["name"].dtype == object
    envs.close()


def test_copy_false_returns_views_the_next_step_overwrites():
    envs = BatchedVectorEnv([CountingEnv] * 2, copy=False)
    obs, _ = envs.reset(seed=[1, 2])
    frame = obs["frame"]
    before = frame.copy()
    obs2, *_ = envs.step(np.array([0, 0]))
    assert obs2["frame"] is not None and np.shares_memory(frame, obs2["frame"])
    assert not np.array_equal(before, frame)
    envs.close()


def test_call_get_attr_set_attr_and_render_reach_every_sub_env():
    envs = BatchedVectorEnv([CountingEnv] * 3, num_workers=2)
    try:
        envs.reset(seed=[1, 2, 3])
        assert envs.get_attr("last_seed") == (1, 2, 3)
        envs.set_attr("count", [7, 8, 9])
        assert envs.get_attr("count") == (7, 8, 9)
        assert [int(f[0, 0, 0]) for f in envs.render()] == [7, 8, 9]
        pids = envs.call("pid")
        assert len(set(pids)) == 2  # two worker processes, envs 0 and 1 share one
        with pytest.raises(ValueError, match="num_envs=3"):
            envs.set_attr("count", [1, 2])
    finally:
        envs.close()


def test_bad_actions_are_named():
    envs = BatchedVectorEnv([CountingEnv] * 2)
    try:
        envs.reset(seed=0)
        with pytest.raises(ValueError, match=r"shape \(3,\); expected \(2,\)"):
            envs.step(np.array([0, 1, 2]))
        with pytest.raises(TypeError, match="cannot be cast"):
            envs.step(np.array([0.5, 1.0]))
    finally:
        envs.close()


def test_reset_mask_resets_only_the_masked_sub_envs():
    envs = BatchedVectorEnv([CountingEnv] * 3, num_workers=2)
    envs.reset(seed=[1, 2, 3])
    envs.step(np.array([1, 1, 1]))
    obs, info = envs.reset(seed=[9, 9, 9], options={"reset_mask": np.array([False, True, False])})
    assert obs["count"].tolist() == [1, 0, 1]
    assert info["_reset_seed"].tolist() == [False, True, False] and info["reset_seed"][1] == 9
    with pytest.raises(TypeError, match="bool array"):
        envs.reset(options={"reset_mask": [True, False, True]})
    envs.close()


def test_returned_copies_stay_intact_while_held_and_their_buffers_are_reused_after():
    envs = BatchedVectorEnv([CountingEnv] * 2, num_workers=1)
    envs.reset(seed=[9, 9])  # 11 % 4 = 3 steps per episode
    kept, frames, views = [], [], []
    for _ in range(8):
        obs, *_ = envs.step(np.array([1, 1]))  # action 1 never terminates; truncation after 5
        kept.append(obs)
        frames.append(obs["frame"].copy())
        views.append(obs["vec"][1:])  # a view alone keeps its array from being reused
    for obs, frame in zip(kept, frames):
        assert np.array_equal(obs["frame"], frame)
    held = views[-1].copy()
    released = {o["frame"].__array_interface__["data"][0] for o in kept}
    del kept, obs
    later = []
    for _ in range(4):
        obs, *_ = envs.step(np.array([1, 1]))
        later.append(obs["frame"].__array_interface__["data"][0])
    assert np.array_equal(views[-1], held)
    assert set(later) & released  # a released frame buffer was filled again instead of a new one
    envs.close()
