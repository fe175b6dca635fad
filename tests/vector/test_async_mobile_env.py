"""The asynchronous mode on a real MobileEnv stack (OpenApp, pixels): each env's results,
in whatever order the envs come back, are those of the same env stepped in a plain loop."""

from __future__ import annotations

import numpy as np
from gymnasium.vector import AutoresetMode

import mobile_gym
from mobile_gym.vector.factory import SubEnvFactory
from tests.vector.helpers import assert_same
from tests.vector.test_async import _expected_batch, _plain_loop

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
    got = [0] * len(SEEDS)
    sent = [0] * len(SEEDS)
    try:
        envs.async_reset(seed=SEEDS)
        while True:
            result = envs.recv()
            ids = result[4]["env_id"].tolist()
            records = [expected[i][got[i]] for i in ids]
            assert_same(list(result), _expected_batch(envs.single_observation_space, records, ids),
                        path=f"envs {ids}", skip=SKIP)
            for i in ids:
                got[i] += 1
            ids = [i for i in ids if sent[i] < STEPS]
            if len(ids) < 2:
                break
            envs.send(np.array([actions[i][sent[i]] for i in ids]), np.array(ids))
            for i in ids:
                sent[i] += 1
    finally:
        envs.close()
    assert min(got) >= STEPS // 2
    assert any(r[2] for recs in expected for r in recs)  # OpenApp ends on a wrong app: autoreset ran
