"""Infos sent as columns (one list of values per key for a worker's block) batch exactly as
batch_infos batches the per-env dicts: same keys and order, masks, dtypes and values."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.vector import BatchedVectorEnv, batch_infos
from mobile_gym.vector.infos import column_rows, info_columns, merge_columns
from tests.vector.helpers import assert_same
from tests.vector.test_infos import INFOS, LEAVES, _consistent


def _through_columns(infos: list[dict], blocks: list[int]) -> dict:
    """What the vector env builds from blocks of `blocks[w]` envs: merged columns when every
    block has uniform keys, else batch_infos over the rows the columns give back."""
    bounds = np.cumsum([0, *blocks])
    parts = [infos[a:b] for a, b in zip(bounds[:-1], bounds[1:])]
    trees = [info_columns(part) for part in parts]
    if all(tree is not None for tree in trees):
        merged = merge_columns(trees, len(infos))
        if merged is not None:
            return merged
    rows = [row for tree, part in zip(trees, parts)
            for row in (column_rows(tree, len(part)) if tree is not None else part)]
    return batch_infos(list(enumerate(rows)), len(infos))


def _splits(n: int) -> st.SearchStrategy[list[int]]:
    return st.sampled_from([[n]] + [[k, n - k] for k in range(1, n)])


@settings(max_examples=120, deadline=None)
@given(st.lists(INFOS, min_size=1, max_size=5), st.data())
def test_columns_batch_as_batch_infos_over_the_rows(infos, data):
    if not _consistent(infos):
        return
    try:
        expected = batch_infos(list(enumerate(infos)), len(infos))
    except (TypeError, ValueError):
        return
    got = _through_columns(infos, data.draw(_splits(len(infos))))
    assert list(got) == list(expected)
    assert_same(got, expected)


SAME_SHAPE = st.fixed_dictionaries({"a": LEAVES, "timing": st.fixed_dictionaries({"act": LEAVES, "b": LEAVES}),
                                    "c": st.just({})})


@settings(max_examples=120, deadline=None)
@given(st.lists(SAME_SHAPE, min_size=1, max_size=5), st.data())
def test_uniform_infos_take_the_column_path_and_match_sync_vector_env(infos, data):
    assert info_columns(infos) is not None or not _consistent(infos)
    if not _consistent(infos):
        return
    envs = gym.vector.SyncVectorEnv([lambda info=info: InfoStepEnv([info]) for info in infos])
    envs.reset()
    try:
        expected = envs.step(np.zeros(len(infos), dtype=np.int64))[4]
    except (TypeError, ValueError):
        return
    got = _through_columns(infos, data.draw(_splits(len(infos))))
    assert list(got) == list(expected)
    assert_same(got, expected)


def test_column_rows_give_back_the_infos():
    infos = [{"a": 1, "n": {"x": None, "y": {}}}, {"a": 2.5, "n": {"x": "s", "y": {}}}]
    assert column_rows(info_columns(infos), 2) == infos
    assert info_columns([{"a": 1}, {"b": 1}]) is None  # keys differ: rows
    assert info_columns([{"a": {"x": 1}}, {"a": 2}]) is None  # a dict in one env only: rows


class InfoStepEnv(gym.Env):
    """Steps through a given list of infos (then repeats the last one)."""

    observation_space = gym.spaces.Box(0, 255, (4, 3), np.uint8)
    action_space = gym.spaces.Discrete(2)

    def __init__(self, infos: list[dict]) -> None:
        self.infos = infos
        self.t = 0

    def reset(self, *, seed=None, options=None):
        self.t = 0
        return np.zeros((4, 3), np.uint8), {}

    def step(self, action):
        info = self.infos[min(self.t, len(self.infos) - 1)]
        self.t += 1
        return np.full((4, 3), self.t, np.uint8), 0.0, False, False, info


def _script(i: int) -> list[dict]:
    """Env i's infos: uniform keys for two steps, then env 2 adds a key (the rows path),
    then the keys are uniform again with other value types."""
    return [{"n": i, "t": {"act": 0.5 * i}}, {"n": i + 1, "t": {"act": 1.0}},
            {"n": i, "t": {"act": 1.0}, **({"extra": True} if i == 2 else {})},
            {"n": float(i), "t": {"act": np.int16(i)}, "s": f"e{i}"}]


def test_vector_env_steps_match_sync_vector_env_on_both_paths():
    fns = [lambda i=i: InfoStepEnv(_script(i)) for i in range(4)]
    sync, batched = gym.vector.SyncVectorEnv(fns), BatchedVectorEnv(fns, num_workers=2)
    try:
        sync.reset(seed=0)
        batched.reset(seed=0)
        for _ in range(5):
            actions = np.zeros(4, dtype=np.int64)
            assert_same(list(batched.step(actions)), list(sync.step(actions)))
    finally:
        sync.close()
        batched.close()
