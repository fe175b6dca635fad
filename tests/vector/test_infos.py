"""batch_infos builds exactly what Gymnasium's SyncVectorEnv builds from the same infos."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.vector import batch_infos
from tests.vector.helpers import assert_same

KEYS = st.sampled_from(["a", "b", "c", "final_obs", "timing"])
LEAVES = st.one_of(
    st.integers(-5, 5), st.floats(-2, 2, allow_nan=False), st.booleans(), st.text(max_size=3), st.none(),
    st.integers(0, 9).map(np.int16), st.integers(0, 9).map(lambda v: np.full(2, v, dtype=np.float32)),
)
INFOS = st.recursive(st.dictionaries(KEYS, LEAVES, max_size=4),
                     lambda inner: st.dictionaries(KEYS, st.one_of(LEAVES, inner), max_size=4), max_leaves=8)


class InfoEnv(gym.Env):
    """Returns a given info from reset (the vector env under test batches it)."""

    observation_space = gym.spaces.Discrete(2)
    action_space = gym.spaces.Discrete(2)

    def __init__(self, info: dict[str, Any]) -> None:
        self.info = info

    def reset(self, *, seed=None, options=None):
        return 0, self.info


def _consistent(infos: list[dict]) -> bool:
    """Gymnasium needs a key to be a dict in all envs or in none, and one array shape per key."""
    kinds: dict[str, set] = {}

    def walk(d: dict, prefix: str) -> None:
        for k, v in d.items():
            kind = "dict" if isinstance(v, dict) else ("array" if isinstance(v, np.ndarray) else "leaf")
            kinds.setdefault(prefix + k, set()).add(kind)
            if isinstance(v, dict):
                walk(v, prefix + k + "/")

    for info in infos:
        walk(info, "")
    return all(len(v) == 1 or v <= {"leaf"} for v in kinds.values())


@settings(max_examples=80, deadline=None)
@given(st.lists(INFOS, min_size=1, max_size=4))
def test_same_as_sync_vector_env(infos):
    if not _consistent(infos):
        return
    envs = gym.vector.SyncVectorEnv([lambda info=info: InfoEnv(info) for info in infos])
    try:
        _, expected = envs.reset()
    except (TypeError, ValueError):  # e.g. a str assigned into an int array: both refuse
        return
    assert_same(batch_infos(list(enumerate(infos)), len(infos)), expected)


def test_a_key_that_is_a_dict_in_one_env_only_is_named():
    try:
        batch_infos([(0, {"x": {"y": 1}}), (1, {"x": 2})], 2)
    except TypeError as e:
        assert "info['x'] is a dict in some sub-envs" in str(e)
    else:
        raise AssertionError("no error")


SAME_KEYS = st.lists(KEYS, min_size=1, max_size=4, unique=True)


@settings(max_examples=60, deadline=None)
@given(SAME_KEYS, st.data())
def test_infos_with_the_same_keys_in_every_env_batch_as_sync_vector_env(keys, data):
    # the usual step (every env once, in order, the same keys): batch_infos's fast path
    n = data.draw(st.integers(1, 4))
    infos = [{key: data.draw(LEAVES) for key in (keys if i == 0 else data.draw(st.permutations(keys)))}
             for i in range(n)]
    if not _consistent(infos):
        return
    envs = gym.vector.SyncVectorEnv([lambda info=info: InfoEnv(info) for info in infos])
    try:
        _, expected = envs.reset()
    except (TypeError, ValueError):
        return
    got = batch_infos(list(enumerate(infos)), n)
    assert list(got) == list(expected)  # key order too: env 0's
    assert_same(got, expected)
