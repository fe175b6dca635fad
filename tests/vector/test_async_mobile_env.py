"""The asynchronous mode on a real MobileEnv stack (OpenApp, pixels): each env's results,
in whatever order the envs come back, are those of the same env stepped in a plain loop."""

from __future__ import annotations

import numpy as np
from gymnasium.vector import AutoresetMode

import mobile_gym
from mobile_gym.vector.factory import SubEnvFactory
from tests.vector.helpers import assert_same
from tests.vector.test_async import _expected_batch, _plain_loop, drive

TASK = "MobileEnv/OpenApp-v0"
SIZE = (54, 120)
SEEDS = [3, 8, 13]
STEPS = 12
SKIP = ("timing",)  # wall-clock timings differ between any two runs


def test_openapp_envs_follow_their_own_plain_loop_trajectories():
    factory = SubEnvFactory(TASK, "pixels", {"obs_size": SIZE})
    rng = np.random.default_rng(1)
    actions = [rng.integers(0, 75, STEPS).tolist() for _ in SEEDS]
    expected = [_plain_loop(seed, acts, AutoresetMode.NEXT_STEP, {}, make=factory)
                for seed, acts in zip(SEEDS, actions)]
    envs = mobile_gym.make_vec(TASK, len(SEEDS), wrappers="pixels", obs_size=SIZE, num_workers=2, batch_size=2)
    kept, got = drive(envs, SEEDS, actions, expected)
    for result, records, ids in kept:
        assert_same(list(result), _expected_batch(envs.single_observation_space, records, ids),
                    path=f"envs {ids}", skip=SKIP)
    assert min(got) >= STEPS // 2
    assert any(r[2] for recs in expected for r in recs)  # OpenApp ends on a wrong app: autoreset ran
