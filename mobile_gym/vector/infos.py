"""Batch per-env `info` dicts the way Gymnasium's vector envs do, one key at a time.

Gymnasium's `VectorEnv._add_info` folds one env's info into the batch per call; over a
MobileEnv info (about a dozen keys, nested dicts) that is ~20 µs per env. `batch_infos`
builds the same result (same keys in the same order, the same `_key` masks, the same
dtypes: the type of the first env's value picks the array type) from all envs at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np


def _array_for(value: Any, num_envs: int) -> np.ndarray:
    if type(value) in (int, float, bool) or issubclass(type(value), np.number):
        return np.zeros(num_envs, dtype=type(value))
    if isinstance(value, np.ndarray):
        return np.zeros((num_envs, *value.shape), dtype=value.dtype)
    return np.full(num_envs, fill_value=None, dtype=object)


def batch_infos(entries: Iterable[tuple[int, dict[str, Any]]], num_envs: int) -> dict[str, Any]:
    """The batched info of `(env_index, info)` pairs, taken in order (an env may appear twice,
    as after a same-step autoreset: the later value of a key wins)."""
    grouped: dict[str, list[tuple[int, Any]]] = {}
    for index, info in entries:
        for key, value in info.items():
            column = grouped.get(key)
            if column is None:
                grouped[key] = [(index, value)]
            else:
                column.append((index, value))
    out: dict[str, Any] = {}
    for key, column in grouped.items():
        mask = np.zeros(num_envs, dtype=np.bool_)
        if key == "final_obs":
            array: Any = np.full(num_envs, fill_value=None, dtype=object)
            for index, value in column:
                array[index] = value
                mask[index] = True
        elif all(isinstance(value, dict) for _, value in column):
            array = batch_infos(column, num_envs)
            for index, _ in column:
                mask[index] = True
        elif any(isinstance(value, dict) for _, value in column):
            raise TypeError(f"info[{key!r}] is a dict in some sub-envs and not in others "
                            f"(sub-envs {[i for i, v in column if isinstance(v, dict)]} give a dict); "
                            "Gymnasium cannot batch that either")
        else:
            array = _array_for(column[0][1], num_envs)
            for index, value in column:
                array[index] = value
                mask[index] = True
        out[key] = array
        out[f"_{key}"] = mask
    return out
