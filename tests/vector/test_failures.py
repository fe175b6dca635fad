"""A failing, dying or stalled sub-env is reported with its index (and the worker's
traceback) instead of hanging, and close() always returns within its bounded grace."""

from __future__ import annotations

import os
import signal
import threading
import time

import numpy as np
import pytest

from mobile_gym.vector import BatchedVectorEnv, SubEnvError
from tests.vector.toy_envs import BOOM, BrokenConstructorEnv, CountingEnv, FailingEnv, OtherSpaceEnv, StallingEnv


def _all_exited(pids: tuple[int, ...], within: float = 5.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        alive = []
        for pid in set(pids):
            try:
                os.kill(pid, 0)
                with open(f"/proc/{pid}/stat") as f:
                    if f.read().split(")")[-1].split()[0] != "Z":
                        alive.append(pid)
            except (ProcessLookupError, FileNotFoundError):
                pass
        if not alive:
            return True
        time.sleep(0.05)
    return False


def test_an_exception_in_a_sub_env_names_its_index_and_carries_the_traceback():
    envs = BatchedVectorEnv([FailingEnv] * 4, num_workers=2)
    envs.reset(seed=0)
    pids = envs.call("pid")
    with pytest.raises(SubEnvError) as caught:
        envs.step(np.array([0, 0, BOOM, 0]))
    err = caught.value
    assert err.index == 2 and err.worker == 1 and err.error_type == "ValueError"
    assert "sub-env 2 raised ValueError during step: the toy env was told to fail" in str(err)
    assert "in explode" in err.remote_traceback and "Traceback" in str(err)
    assert envs.closed
    assert _all_exited(pids)
    with pytest.raises(RuntimeError, match="closed"):
        envs.step(np.zeros(4, dtype=np.int64))


def test_a_constructor_error_names_the_sub_env():
    fns = [CountingEnv, CountingEnv, BrokenConstructorEnv]
    with pytest.raises(SubEnvError, match="sub-env 2 raised RuntimeError during start: cannot build") as caught:
        BatchedVectorEnv(fns, num_workers=2)
    assert caught.value.index == 2


def test_sub_envs_with_different_spaces_are_refused():
    with pytest.raises(SubEnvError, match="sub-env 1 has action_space Discrete.4."):
        BatchedVectorEnv([CountingEnv, OtherSpaceEnv], num_workers=1)


def test_a_killed_worker_is_reported_not_waited_for():
    envs = BatchedVectorEnv([CountingEnv] * 2, num_workers=2)
    envs.reset(seed=1)
    pid = envs.call("pid")[1]
    os.kill(pid, signal.SIGKILL)
    t0 = time.monotonic()
    with pytest.raises(SubEnvError, match=r"worker 1 \(pid \d+, sub-envs \[1\]\) died during step") as caught:
        envs.step(np.array([0, 0]))
    assert caught.value.error_type == "WorkerDied"
    assert time.monotonic() - t0 < 10
    assert envs.closed


def test_a_stalled_sub_env_times_out_and_close_still_returns():
    envs = BatchedVectorEnv([StallingEnv] * 2, num_workers=2, timeout=0.5)
    envs.reset(seed=1)
    pids = envs.call("pid")
    t0 = time.monotonic()
    with pytest.raises(SubEnvError, match=r"worker 0 \(sub-envs \[0\]\) did not answer step within 0.5 s"):
        envs.step(np.array([BOOM, 0]))
    # the error closed the env: ask, grace, terminate (the stalled worker ignores the ask)
    assert time.monotonic() - t0 < 10
    assert _all_exited(pids)


@pytest.mark.parametrize(("env_cls", "num_workers"), [(StallingEnv, 1), (CountingEnv, 3)])
def test_close_ends_every_worker_even_when_a_sub_env_close_hangs_and_is_idempotent(env_cls, num_workers):
    envs = BatchedVectorEnv([env_cls] * 3, num_workers=num_workers)
    envs.reset(seed=0)
    pids = envs.call("pid")
    t0 = time.monotonic()
    envs.close()
    envs.close()
    assert time.monotonic() - t0 < 10  # a hang bound, not a speed target: the grace is 2 s twice
    assert _all_exited(pids)


def test_bad_arguments_are_refused_before_any_worker_starts():
    with pytest.raises(ValueError, match="num_workers=3: expected 1..num_envs"):
        BatchedVectorEnv([CountingEnv] * 2, num_workers=3)
    with pytest.raises(ValueError, match="seeding='random'"):
        BatchedVectorEnv([CountingEnv], seeding="random")
    with pytest.raises(ValueError, match="at least one"):
        BatchedVectorEnv([])


def test_an_interrupted_step_closes_the_env_so_no_stale_reply_is_read():
    envs = BatchedVectorEnv([StallingEnv] * 2, num_workers=2)
    envs.reset(seed=0)
    pids = envs.call("pid")
    # Python's own Ctrl-C handler, whatever this process inherited (a job started in the
    # background by a shell, `nohup ... &`, has SIGINT ignored, and Python then leaves it so)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))  # Ctrl-C while sub-env 0 stalls
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            envs.step(np.array([BOOM, 0]))
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert envs.closed and _all_exited(pids)
