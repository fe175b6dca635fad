"""Comparing vector-env results: batched observations and infos, arrays by value and dtype."""

from __future__ import annotations

from typing import Any

import numpy as np


def assert_same(a: Any, b: Any, path: str = "", skip: tuple[str, ...] = ()) -> None:
    """Recursively equal: dict keys in the same order, arrays equal with the same dtype and
    shape, object arrays element by element; keys in `skip` (and their masks) are ignored."""
    if isinstance(a, dict):
        assert isinstance(b, dict), f"{path}: {type(b).__name__} is not a dict"
        keys_a = [k for k in a if k not in skip and k.lstrip("_") not in skip]
        keys_b = [k for k in b if k not in skip and k.lstrip("_") not in skip]
        assert keys_a == keys_b, f"{path}: keys {keys_a} != {keys_b}"
        for k in keys_a:
            assert_same(a[k], b[k], f"{path}[{k!r}]", skip)
    elif isinstance(a, np.ndarray):
        assert isinstance(b, np.ndarray), f"{path}: {type(b).__name__} is not an array"
        assert a.dtype == b.dtype and a.shape == b.shape, f"{path}: {a.dtype}{a.shape} != {b.dtype}{b.shape}"
        if a.dtype == object:
            for i, (x, y) in enumerate(zip(a, b)):
                assert_same(x, y, f"{path}[{i}]", skip)
        else:
            assert np.array_equal(a, b, equal_nan=a.dtype.kind in "fc"), f"{path}: {a} != {b}"
    elif isinstance(a, (tuple, list)):
        assert len(a) == len(b), f"{path}: length {len(a)} != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            assert_same(x, y, f"{path}[{i}]", skip)
    else:
        assert type(a) is type(b) and a == b, f"{path}: {a!r} != {b!r}"
