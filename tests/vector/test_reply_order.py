"""Replies are taken in as workers answer, yet errors are reported as reading them in worker
order would: the lowest-numbered failing worker is named, and a failure is raised without
waiting for higher-numbered workers that are still busy."""

from __future__ import annotations

import time

import numpy as np
import pytest

from mobile_gym.vector import BatchedVectorEnv, SubEnvError
from tests.vector.toy_envs import BOOM, FailingEnv, StallingEnv


def test_two_failing_workers_report_the_lower_numbered_one():
    envs = BatchedVectorEnv([FailingEnv] * 4, num_workers=2)
    envs.reset(seed=0)
    with pytest.raises(SubEnvError) as caught:
        envs.step(np.array([0, BOOM, 0, BOOM]))
    assert caught.value.index == 1 and caught.value.worker == 0
    assert envs.closed


def test_a_failure_is_raised_while_a_higher_numbered_worker_still_steps():
    envs = BatchedVectorEnv([FailingEnv, StallingEnv], num_workers=2)  # no timeout
    envs.reset(seed=0)
    t0 = time.monotonic()
    with pytest.raises(SubEnvError, match="sub-env 0 raised ValueError during step") as caught:
        envs.step(np.array([BOOM, BOOM]))  # sub-env 1 sleeps for a minute
    assert caught.value.index == 0
    assert time.monotonic() - t0 < 15  # the error and close's bounded grace, not the stall
    assert envs.closed


def test_a_lower_numbered_worker_is_still_waited_for_when_a_higher_one_fails():
    envs = BatchedVectorEnv([StallingEnv, FailingEnv], num_workers=2, timeout=1.0)
    envs.reset(seed=0)
    with pytest.raises(SubEnvError, match=r"worker 0 \(sub-envs \[0\]\) did not answer step within 1.0 s"):
        envs.step(np.array([BOOM, BOOM]))
