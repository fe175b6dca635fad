"""BatchedVectorEnv's asynchronous mode (EnvPool's async_reset / send / recv): every env is
stepped with exactly the actions sent to it, so each env's trajectory is the one the same env
gives in a plain loop, whatever order the envs come back in; env_id bookkeeping; per-env
autoreset; seeding as reset(seed=...); returned arrays the caller owns; lock-step after
async; errors, dead and stalled workers, and close() with work outstanding."""

from __future__ import annotations

import os
import signal
import time
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import concatenate, create_empty_array

from mobile_gym.vector import BatchedVectorEnv, SubEnvError
from tests.vector.helpers import assert_same
from tests.vector.test_failures import _all_exited
from tests.vector.toy_envs import BOOM, CountingEnv, FailingEnv, StallingEnv

SEEDS = [5, 2, 11, 8]  # episode lengths 3, 4, 5, 2
STEPS_PER_ENV = 14


class JitterEnv(CountingEnv):
    """CountingEnv whose steps take 0-3 ms (by seed and count), so envs finish out of order."""

    def step(self, action: Any):
        time.sleep(0.001 * ((self.count * 7 + (self.last_seed or 0)) % 4))
        return super().step(action)


class _Batcher(VectorEnv):
    """Gymnasium's own info batching (`VectorEnv._add_info`) over `num_envs` rows: the reference."""

    def __init__(self, num_envs: int) -> None:
        self.num_envs = num_envs

    def batch(self, rows: list[list[dict[str, Any]]]) -> dict[str, Any]:
        infos: dict[str, Any] = {}
        for row, parts in enumerate(rows):
            for part in parts:
                infos = self._add_info(infos, part, row)
        return infos


def _plain_loop(seed: int, actions: list[int], mode: AutoresetMode, options: dict,
                make: Any = JitterEnv) -> list[tuple]:
    """One env (`make()`) stepped by hand as the vector env's autoreset does: (obs, reward,
    terminated, truncated, info parts in the order they are batched) per result."""
    env = make()
    obs, info = env.reset(seed=seed, options=options)
    out = [(obs, 0.0, False, False, [info])]
    done = False
    for action in actions:
        if done and mode == AutoresetMode.NEXT_STEP:
            obs, info = env.reset()
            out.append((obs, 0.0, False, False, [info]))
            done = False
            continue
        obs, reward, terminated, truncated, info = env.step(action)
        parts = [info]
        if mode == AutoresetMode.SAME_STEP and (terminated or truncated):
            final = {"final_obs": obs, "final_info": info}
            obs, info = env.reset()
            parts = [final, info]
        out.append((obs, reward, terminated, truncated, parts))
        done = terminated or truncated
    env.close()
    return out


def _expected_batch(space: gym.Space, records: list[tuple], ids: list[int]) -> list:
    n = len(records)
    obs = concatenate(space, [r[0] for r in records], create_empty_array(space, n))
    infos = _Batcher(n).batch([r[4] for r in records])
    infos["env_id"] = np.array(ids, dtype=np.int64)
    infos["_env_id"] = np.ones(n, dtype=np.bool_)
    return [obs, np.array([r[1] for r in records], dtype=np.float64), np.array([r[2] for r in records]),
            np.array([r[3] for r in records]), infos]


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
@pytest.mark.parametrize(("num_workers", "batch_size"), [(1, 1), (2, 2), (2, 3), (3, 4), (2, None)])
def test_each_env_gets_exactly_its_own_actions_and_matches_a_plain_loop(mode, num_workers, batch_size):
    """batch_size None: recv returns all envs, and without blocks (rows copied out)."""
    n = len(SEEDS)
    rng = np.random.default_rng(batch_size or 0)
    actions = [rng.integers(0, 3, STEPS_PER_ENV).tolist() for _ in range(n)]
    options = {"level": 2}
    expected = [_plain_loop(seed, acts, mode, options) for seed, acts in zip(SEEDS, actions)]
    envs = BatchedVectorEnv([JitterEnv] * n, num_workers=num_workers, batch_size=batch_size, autoreset_mode=mode)
    batch_size = envs.batch_size
    got_count = [0] * n  # results recv() returned per env
    sent = [0] * n  # actions sent per env
    held: list[int] = []  # returned envs whose next action is sent a round later
    orders = []
    try:
        envs.async_reset(seed=SEEDS, options=options)
        in_flight = n
        while in_flight >= batch_size:
            result = envs.recv()
            ids = result[4]["env_id"].tolist()
            assert len(ids) == batch_size and len(set(ids)) == batch_size
            orders.append(tuple(ids))
            records = [expected[i][got_count[i]] for i in ids]
            assert_same(list(result), _expected_batch(envs.single_observation_space, records, ids),
                        path=f"recv {len(orders)} envs {ids}")
            in_flight -= batch_size
            for i in ids:
                got_count[i] += 1
            ready = [i for i in held + ids if sent[i] < STEPS_PER_ENV]
            room = in_flight + len(ready) - batch_size  # envs that may wait a round, recv still served
            held = [i for i in ready if rng.random() < 0.3][: max(0, room)]
            to_send = [int(i) for i in rng.permutation([i for i in ready if i not in held])]
            if to_send:  # env_id in shuffled order: actions map to env_id, not to env order
                envs.send(np.array([actions[i][sent[i]] for i in to_send]), np.array(to_send))
                for i in to_send:
                    sent[i] += 1
                in_flight += len(to_send)
    finally:
        envs.close()
    # the run ends when fewer than batch_size envs have work left: the last few results stay unread
    assert min(got_count) >= STEPS_PER_ENV // 2 and sum(got_count) >= 0.8 * n * (STEPS_PER_ENV + 1)
    assert batch_size == n or len(set(orders)) > 1  # envs came back in varying groups
    assert any(r[2] or r[3] for recs in expected for r in recs)  # episodes ended: autoreset ran


def test_a_slow_env_does_not_hold_up_the_other_workers_envs():
    envs = BatchedVectorEnv([StallingEnv, CountingEnv], num_workers=2, batch_size=1, timeout=20)
    try:
        envs.async_reset(seed=[1, 2])
        returned = sorted(int(envs.recv()[4]["env_id"][0]) for _ in range(2))
        assert returned == [0, 1]
        envs.send(np.array([BOOM]), np.array([0]))  # env 0 now sleeps 60 s in its worker
        counts = []
        for _ in range(5):  # env 1 keeps stepping meanwhile, each recv returning it alone
            envs.send(np.array([1]), np.array([1]))
            obs, _, _, _, info = envs.recv()
            assert info["env_id"].tolist() == [1]
            counts.append(int(obs["count"][0]))
        assert counts == [1, 2, 3, 4, 5]
    finally:
        t0 = time.monotonic()
        envs.close()
        assert time.monotonic() - t0 < 15  # the stalled worker is terminated after the grace


def test_env_id_bookkeeping_is_checked():
    envs = BatchedVectorEnv([CountingEnv] * 4, num_workers=2, batch_size=2)
    try:
        with pytest.raises(RuntimeError, match="async_reset"):
            envs.recv()
        with pytest.raises(RuntimeError, match="async_reset"):
            envs.send(np.array([0]), np.array([0]))
        envs.async_reset(seed=0)
        with pytest.raises(RuntimeError, match="lock-step"):
            envs.step(np.zeros(4, dtype=np.int64))
        ids = envs.recv()[4]["env_id"]
        others = [i for i in range(4) if i not in ids.tolist()]
        with pytest.raises(ValueError, match="not returned by recv"):
            envs.send(np.array([0]), np.array([others[0]]))
        with pytest.raises(ValueError, match="more than once"):
            envs.send(np.array([0, 0]), np.array([ids[0], ids[0]]))
        with pytest.raises(ValueError, match="outside 0..3"):
            envs.send(np.array([0]), np.array([4]))
        with pytest.raises(TypeError, match="integer array"):
            envs.send(np.array([0]), np.array([0.5]))
        with pytest.raises(ValueError, match=r"shape \(1,\); expected \(2,\)"):
            envs.send(np.array([0]), ids)
        second = envs.recv()[4]["env_id"]
        assert sorted(ids.tolist() + second.tolist()) == [0, 1, 2, 3]
        with pytest.raises(RuntimeError, match="only 0 have work outstanding"):
            envs.recv()
        envs.send(np.array([1]), second[:1])
        with pytest.raises(RuntimeError, match="only 1 have work outstanding"):
            envs.recv()
        envs.send(np.array([1, 1]), ids[::-1])
        assert len(envs.recv()[4]["env_id"]) == 2
        # call waits for the env still in flight and keeps its result for recv
        assert sorted(envs.get_attr("count")) == [0, 1, 1, 1]
        with pytest.raises(RuntimeError, match="only 1 have work outstanding"):
            envs.recv()
    finally:
        envs.close()


def test_every_env_is_stepped_exactly_as_often_as_it_was_sent_actions():
    envs = BatchedVectorEnv([CountingEnv] * 5, num_workers=2, batch_size=2)
    sends = np.zeros(5, dtype=np.int64)
    try:
        envs.async_reset(seed=[100, 101, 102, 103, 104])  # lengths 2..5: action 1 never terminates
        for _ in range(12):
            ids = envs.recv()[4]["env_id"]
            envs.send(np.ones(len(ids), dtype=np.int64), ids)
            sends[ids] += 1
        envs.recv()  # two envs answered and not sent again, three in flight (get_attr waits for them)
        counts = np.array(envs.get_attr("count"))
        # action 1 never terminates; CountingEnv truncates at length + 2 (>= 4 steps) so a few
        # envs may have been reset: each env's count is its sends since its last reset
        lengths = np.array([2 + s % 4 for s in range(100, 105)])
        assert (counts == sends % (lengths + 3)).all(), (counts, sends)
    finally:
        envs.close()


def test_next_step_autoreset_per_env_returns_the_reset_with_reward_zero():
    envs = BatchedVectorEnv([CountingEnv] * 2, num_workers=2, batch_size=1)
    try:
        envs.async_reset(seed=[4, 7])  # env 0: 2 steps per episode; env 1: 5
        seen = {0: [], 1: []}
        for _ in range(2):
            obs, reward, term, trunc, info = envs.recv()
            seen[int(info["env_id"][0])].append((int(obs["count"][0]), float(reward[0]), bool(term[0])))
        for _ in range(4):
            envs.send(np.array([0]), np.array([0]))
            obs, reward, term, trunc, info = envs.recv()
            assert info["env_id"].tolist() == [0]
            seen[0].append((int(obs["count"][0]), float(reward[0]), bool(term[0]), "length" in info))
        assert seen[0][1:] == [(1, 0.25, False, False), (2, 0.5, True, False), (0, 0.0, False, True),
                               (1, 0.25, False, False)]
        assert seen[1] == [(0, 0.0, False)]  # env 1 untouched all along
    finally:
        envs.close()


def test_async_reset_seeds_every_env_as_reset_does():
    lock = BatchedVectorEnv([CountingEnv] * 3, num_workers=2)
    expected, _ = lock.reset(seed=42)
    lock.close()
    envs = BatchedVectorEnv([CountingEnv] * 3, num_workers=2, batch_size=3)
    try:
        envs.async_reset(seed=42)
        obs, _, _, _, info = envs.recv()
        order = np.argsort(info["env_id"])
        for key in ("frame", "vec", "count"):
            assert np.array_equal(obs[key][order], expected[key])
        assert [obs["label"][k] for k in order] == list(expected["label"])
    finally:
        envs.close()


def test_returned_observations_are_the_callers_own():
    envs = BatchedVectorEnv([CountingEnv] * 2, num_workers=1, batch_size=1)
    try:
        envs.async_reset(seed=[9, 9])
        kept = []
        for _ in range(10):
            obs, _, _, _, info = envs.recv()
            kept.append((obs, obs["frame"].copy()))
            envs.send(np.array([1]), info["env_id"])
        for obs, frame in kept:
            assert np.array_equal(obs["frame"], frame)
        for (a, _), (b, _) in zip(kept, kept[1:]):
            assert not np.shares_memory(a["frame"], b["frame"])
        released = {obs["frame"].__array_interface__["data"][0] for obs, _ in kept}
        del kept, obs
        later = []
        for _ in range(4):
            obs, _, _, _, info = envs.recv()
            later.append(obs["frame"].__array_interface__["data"][0])
            envs.send(np.array([1]), info["env_id"])
        assert set(later) & released  # a released batch's memory is written again, not a new one
    finally:
        envs.close()


def test_reset_after_async_returns_to_lock_step_as_a_fresh_env():
    fresh = BatchedVectorEnv([CountingEnv] * 3, num_workers=2)
    expected = [fresh.reset(seed=7)] + [fresh.step(np.array([0, 1, 0])) for _ in range(4)]
    fresh.close()
    envs = BatchedVectorEnv([CountingEnv] * 3, num_workers=2, batch_size=2)
    try:
        envs.async_reset(seed=1)
        ids = envs.recv()[4]["env_id"]
        envs.send(np.array([0, 0]), ids)  # in flight when reset() is called: waited for, dropped
        got = [envs.reset(seed=7)] + [envs.step(np.array([0, 1, 0])) for _ in range(4)]
    finally:
        envs.close()
    for t, (a, b) in enumerate(zip(got, expected)):
        assert_same(list(a), list(b), path=f"result {t}")


def test_step_with_env_id_is_send_then_recv():
    envs = BatchedVectorEnv([CountingEnv] * 2, num_workers=2, batch_size=2)
    try:
        envs.async_reset(seed=[3, 3])
        ids = envs.recv()[4]["env_id"]
        obs, reward, _, _, info = envs.step(np.array([1, 1]), ids)
        assert obs["count"].tolist() == [1, 1] and reward.tolist() == [1.25, 1.25]
        assert sorted(info["env_id"].tolist()) == [0, 1] and info["_count"].all()
    finally:
        envs.close()


def test_disabled_autoreset_is_refused():
    envs = BatchedVectorEnv([CountingEnv], autoreset_mode=AutoresetMode.DISABLED)
    try:
        with pytest.raises(ValueError, match="DISABLED"):
            envs.async_reset()
    finally:
        envs.close()
    with pytest.raises(ValueError, match="batch_size=3"):
        BatchedVectorEnv([CountingEnv] * 2, batch_size=3)


def test_an_error_in_one_env_names_it_and_closes():
    envs = BatchedVectorEnv([FailingEnv] * 4, num_workers=2, batch_size=4)
    envs.async_reset(seed=0)
    ids = envs.recv()[4]["env_id"]
    pids = envs.call("pid")
    actions = np.where(ids == 2, BOOM, 0)
    with pytest.raises(SubEnvError) as caught:
        envs.step(actions, ids)
    err = caught.value
    assert err.index == 2 and err.worker == 1 and err.error_type == "ValueError"
    assert "sub-env 2 raised ValueError during recv: the toy env was told to fail" in str(err)
    assert "in explode" in err.remote_traceback
    assert envs.closed and _all_exited(pids)
    with pytest.raises(RuntimeError, match="closed"):
        envs.recv()


@pytest.mark.parametrize("held_lock", [False, True])
def test_a_dead_worker_is_detected_while_its_envs_are_awaited(held_lock):
    """held_lock: the worker dies holding the ticket lock (there is no public way to kill a
    worker inside its few-microsecond hold, so this process takes the lock in its place)."""
    envs = BatchedVectorEnv([CountingEnv] * 2, num_workers=2, batch_size=2)
    envs.async_reset(seed=1)
    ids = envs.recv()[4]["env_id"]
    pid = envs.call("pid")[1]
    if held_lock:
        envs._batch_blocks._lock.acquire()
    os.kill(pid, signal.SIGKILL)
    t0 = time.monotonic()
    with pytest.raises(SubEnvError, match=r"worker 1 \(pid \d+, sub-envs \[1\]\) died") as caught:
        envs.step(np.array([0, 0]), ids)
    assert caught.value.error_type == "WorkerDied"
    assert time.monotonic() - t0 < 10 and envs.closed


def test_a_stalled_env_times_out_naming_the_envs_in_flight():
    envs = BatchedVectorEnv([StallingEnv] * 2, num_workers=2, batch_size=2, timeout=0.5)
    envs.async_reset(seed=1)
    ids = envs.recv()[4]["env_id"]
    pids = envs.call("pid")
    t0 = time.monotonic()
    actions = np.where(ids == 0, BOOM, 0)
    with pytest.raises(SubEnvError, match=r"worker 0 \(sub-envs \[0\] in flight\) did not answer recv within 0.5 s"):
        envs.step(actions, ids)
    assert time.monotonic() - t0 < 10 and _all_exited(pids)


@pytest.mark.parametrize("env_cls", [StallingEnv, CountingEnv])
def test_close_with_work_outstanding_returns_and_ends_every_worker(env_cls):
    envs = BatchedVectorEnv([env_cls] * 4, num_workers=2, batch_size=2)
    envs.async_reset(seed=0)
    ids = envs.recv()[4]["env_id"]
    pids = envs.call("pid")
    envs.send(np.full(2, BOOM), ids)  # StallingEnv: two envs now sleep 60 s; CountingEnv: plain steps
    t0 = time.monotonic()
    envs.close()
    envs.close()
    assert time.monotonic() - t0 < 15  # a hang bound: grace, terminate, kill
    assert _all_exited(pids)


class UnpicklableInfoEnv(CountingEnv):
    """CountingEnv whose step info on action BOOM holds a lambda (its answer cannot be pickled)."""

    def step(self, action: Any):
        obs, reward, terminated, truncated, info = super().step(action)
        if int(action) == BOOM:
            info["callback"] = lambda: None
        return obs, reward, terminated, truncated, info


def test_an_answer_that_cannot_be_pickled_is_an_error_not_a_hang():
    envs = BatchedVectorEnv([UnpicklableInfoEnv] * 2, num_workers=1, batch_size=2)
    envs.async_reset(seed=3)
    assert sorted(envs.recv()[4]["env_id"].tolist()) == [0, 1]
    t0 = time.monotonic()
    with pytest.raises(SubEnvError, match="during recv"):  # env 1's answer fails in pickle.dumps
        envs.step(np.array([0, BOOM]), np.array([0, 1]))
    assert time.monotonic() - t0 < 10 and envs.closed


def test_async_reset_refuses_a_reset_mask():
    envs = BatchedVectorEnv([CountingEnv] * 2, batch_size=1)
    try:
        with pytest.raises(ValueError, match="reset_mask"):
            envs.async_reset(options={"reset_mask": np.array([True, False])})
    finally:
        envs.close()


@pytest.mark.parametrize("copy", [True, False])
@pytest.mark.parametrize("batch_size", [2, None])
def test_results_held_to_the_end_of_a_run_stay_intact(copy, batch_size):
    """Every returned batch is kept and compared only after the run (the blocks run out and
    the row copies take over): no later step writes into a batch the caller holds."""
    n = len(SEEDS)
    rng = np.random.default_rng(3)
    actions = [rng.integers(0, 3, 10).tolist() for _ in range(n)]
    expected = [_plain_loop(seed, acts, AutoresetMode.NEXT_STEP, {}) for seed, acts in zip(SEEDS, actions)]
    envs = BatchedVectorEnv([JitterEnv] * n, num_workers=2, batch_size=batch_size, copy=copy)
    kept, _ = drive(envs, SEEDS, actions, expected)
    assert len(kept) > 6  # more batches held than there are blocks
    for t, (result, records, ids) in enumerate(kept):
        assert_same(list(result), _expected_batch(envs.single_observation_space, records, ids), path=f"recv {t}")


def drive(envs: BatchedVectorEnv, seeds: list[int], actions: list[list[int]],
          expected: list[list[tuple]]) -> tuple[list[tuple], list[int]]:
    """async_reset, then send every returned env its next own action until fewer than
    batch_size envs have actions left; closes `envs`. Each recv's (result, the envs' expected
    records, env ids), and the results returned per env."""
    got, sent, kept = [0] * len(seeds), [0] * len(seeds), []
    try:
        envs.async_reset(seed=seeds)
        while True:
            result = envs.recv()
            ids = result[4]["env_id"].tolist()
            kept.append((result, [expected[i][got[i]] for i in ids], ids))
            for i in ids:
                got[i] += 1
            ids = [i for i in ids if sent[i] < len(actions[i])]
            if len(ids) < envs.batch_size:
                break
            envs.send(np.array([actions[i][sent[i]] for i in ids]), np.array(ids))
            for i in ids:
                sent[i] += 1
    finally:
        envs.close()
    return kept, got
