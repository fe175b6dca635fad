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

_SCALARS = (int, float, bool)


def _leaf_array(column: list[tuple[int, Any]], num_envs: int, full: bool) -> np.ndarray:
    """One key's values in an array whose type the first value picks (as Gymnasium does)."""
    first = column[0][1]
    kind = type(first)
    if kind in _SCALARS or issubclass(kind, np.number):
        if full:  # every env, in order: one conversion (same casts as item-wise assignment)
            return np.array([value for _, value in column], dtype=kind)
        array = np.zeros(num_envs, dtype=kind)
    elif isinstance(first, np.ndarray):
        array = np.zeros((num_envs, *first.shape), dtype=first.dtype)
    else:
        array = np.full(num_envs, fill_value=None, dtype=object)
    for index, value in column:
        array[index] = value
    return array


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
    order = list(range(num_envs))
    all_true = np.ones(num_envs, dtype=np.bool_)
    out: dict[str, Any] = {}
    for key, column in grouped.items():
        indices = [index for index, _ in column]
        full = indices == order
        if full:
            mask = all_true.copy()
        else:
            mask = np.zeros(num_envs, dtype=np.bool_)
            mask[indices] = True
        kinds = {type(value) for _, value in column}
        if len(kinds) == 1:
            dicts = len(column) if issubclass(next(iter(kinds)), dict) else 0
        else:
            dicts = sum(isinstance(value, dict) for _, value in column)
        if key == "final_obs":
            array: Any = np.full(num_envs, fill_value=None, dtype=object)
            for index, value in column:
                array[index] = value
        elif dicts == len(column):
            array = batch_infos(column, num_envs)
        elif dicts:
            raise TypeError(f"info[{key!r}] is a dict in some sub-envs and not in others "
                            f"(sub-envs {[i for i, v in column if isinstance(v, dict)]} give a dict); "
                            "Gymnasium cannot batch that either")
        else:
            array = _leaf_array(column, num_envs, full)
        out[key] = array
        out[f"_{key}"] = mask
    return out
