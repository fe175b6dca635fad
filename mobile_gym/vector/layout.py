"""Where each part of a batched observation or action lives: shared memory or the pipe.

A space is split into leaves (through Dict and Tuple). Array leaves (Box, Discrete,
MultiDiscrete, MultiBinary) get a fixed slot of shape (num_envs, *shape) in one block of
shared memory, so frames and feature arrays cross between processes as plain memory writes,
never pickled. Any other leaf (UnicodeText, ViewHierarchy, Text, Graph, ...) has no fixed
size and travels through the worker's pipe; its batched value is what Gymnasium's
`concatenate` gives (a tuple per env), so batches look exactly as in SyncVectorEnv.
"""

from __future__ import annotations

import multiprocessing as mp
from dataclasses import dataclass
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector.utils import concatenate, create_empty_array

ARRAY_SPACES = (spaces.Box, spaces.Discrete, spaces.MultiDiscrete, spaces.MultiBinary)
_ALIGN = 64


@dataclass(frozen=True)
class Leaf:
    """One non-container part of a space: its key path, its space and whether it is an array."""

    path: tuple[Any, ...]
    space: spaces.Space
    in_memory: bool

    @property
    def shape(self) -> tuple[int, ...]:
        """One env's value shape in shared memory (Discrete is a scalar)."""
        if isinstance(self.space, spaces.MultiDiscrete):
            return tuple(self.space.nvec.shape)
        return tuple(self.space.shape or ())

    @property
    def dtype(self) -> np.dtype:
        return np.dtype(self.space.dtype)


def split_leaves(space: spaces.Space, path: tuple[Any, ...] = ()) -> list[Leaf]:
    """The leaves of `space` in Gymnasium's iteration order (Dict keys, Tuple positions)."""
    if isinstance(space, spaces.Dict):
        return [leaf for key, sub in space.spaces.items() for leaf in split_leaves(sub, (*path, key))]
    if isinstance(space, spaces.Tuple):
        return [leaf for i, sub in enumerate(space.spaces) for leaf in split_leaves(sub, (*path, i))]
    return [Leaf(path, space, isinstance(space, ARRAY_SPACES))]


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


def _describe(path: tuple[Any, ...]) -> str:
    return "".join(f"[{k!r}]" for k in path) or "(the whole value)"


class SharedBlock:
    """Named arrays of fixed shape and dtype carved out of one shared-memory buffer.

    The buffer is a `multiprocessing` RawArray (no lock: each worker writes only its own
    envs' rows, and the pipe message that follows orders the writes before the reads).
    """

    def __init__(self, fields: dict[str, tuple[tuple[int, ...], np.dtype]], ctx: Any = mp) -> None:
        self.fields = dict(fields)
        self.offsets: dict[str, int] = {}
        size = 0
        for name, (shape, dtype) in self.fields.items():
            size = -(-size // _ALIGN) * _ALIGN
            self.offsets[name] = size
            size += int(np.prod(shape, dtype=np.int64)) * np.dtype(dtype).itemsize
        self.raw = ctx.RawArray("B", max(size, 1))

    def views(self) -> dict[str, np.ndarray]:
        """A numpy view of every field over the shared buffer (call again in each process)."""
        out = {}
        for name, (shape, dtype) in self.fields.items():
            count = int(np.prod(shape, dtype=np.int64))
            out[name] = np.frombuffer(self.raw, dtype=dtype, count=count, offset=self.offsets[name]).reshape(shape)
        return out

    def __getstate__(self) -> dict[str, Any]:
        return {"fields": self.fields, "offsets": self.offsets, "raw": self.raw}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)


class SpaceLayout:
    """How values of one single-env space are written into and read out of a batch.

    `fields(prefix, n)` names the shared-memory arrays a batch of `n` needs; `write` puts one
    env's value into row `i` of those arrays and returns the pipe parts; `read_one` rebuilds
    one env's value from row `i` and its pipe parts; `assemble` builds the batched value from
    the memory leaves' batched arrays and the pipe leaves' per-env values.
    """

    def __init__(self, space: spaces.Space, num_envs: int) -> None:
        self.space = space
        self.num_envs = num_envs
        self.leaves = split_leaves(space)
        self.memory_leaves = [(j, leaf) for j, leaf in enumerate(self.leaves) if leaf.in_memory]
        self.pipe_leaves = [(j, leaf) for j, leaf in enumerate(self.leaves) if not leaf.in_memory]
        self._pipe_out = [create_empty_array(leaf.space, num_envs) for _, leaf in self.pipe_leaves]
        #: the space is one array leaf (a Box frame, a Discrete action): values need no splitting
        self._one_array = len(self.leaves) == 1 and self.leaves[0].in_memory

    @property
    def all_in_memory(self) -> bool:
        return not self.pipe_leaves

    def fields(self, prefix: str) -> dict[str, tuple[tuple[int, ...], np.dtype]]:
        return {f"{prefix}{j}": ((self.num_envs, *leaf.shape), leaf.dtype) for j, leaf in self.memory_leaves}

    def arrays(self, views: dict[str, np.ndarray], prefix: str) -> list[np.ndarray]:
        """The shared arrays of the memory leaves, in leaf order."""
        return [views[f"{prefix}{j}"] for j, _ in self.memory_leaves]

    def write(self, arrays: list[np.ndarray], i: int, value: Any) -> list[Any]:
        """Write env `i`'s `value` into its rows; return its pipe parts (in leaf order)."""
        if self._one_array:
            arrays[0][i] = value
            return []
        for array, (_, leaf) in zip(arrays, self.memory_leaves):
            array[i] = _get(value, leaf.path)
        return [_get(value, leaf.path) for _, leaf in self.pipe_leaves]

    def write_batch(self, arrays: list[np.ndarray], batch: Any) -> list[Any]:
        """Write a whole batched value (what the batched space holds) into the arrays; return
        the pipe leaves' batched values. TypeError/ValueError name the part that does not fit."""
        for array, (_, leaf) in zip(arrays, self.memory_leaves):
            part = np.asarray(_get(batch, leaf.path))
            if part.shape != array.shape:
                raise ValueError(f"action{_describe(leaf.path)} has shape {part.shape}; "
                                 f"expected {array.shape} (num_envs={self.num_envs}, {leaf.space})")
            _copy_checked(array, part, leaf)
        return [_get(batch, leaf.path) for _, leaf in self.pipe_leaves]

    def write_rows(self, arrays: list[np.ndarray], rows: list[int], batch: Any) -> list[Any]:
        """Write a value batched over `rows` (one entry per row index, in that order) into
        those rows of the arrays; return the pipe leaves' batched values. TypeError/ValueError
        name the part that does not fit."""
        for array, (_, leaf) in zip(arrays, self.memory_leaves):
            part = np.asarray(_get(batch, leaf.path))
            expected = (len(rows), *array.shape[1:])
            if part.shape != expected:
                raise ValueError(f"action{_describe(leaf.path)} has shape {part.shape}; "
                                 f"expected {expected} (one per env_id, {leaf.space})")
            staged = np.empty(expected, array.dtype)
            _copy_checked(staged, part, leaf)
            array[rows] = staged
        return [_get(batch, leaf.path) for _, leaf in self.pipe_leaves]

    def read_one(self, arrays: list[np.ndarray], i: int, pipe_parts: list[Any]) -> Any:
        """Env `i`'s single value, arrays copied out of shared memory."""
        if self._one_array:
            array = arrays[0]
            return array[i].copy() if array.ndim > 1 else array[i]
        values: list[Any] = [None] * len(self.leaves)
        for array, (j, _) in zip(arrays, self.memory_leaves):
            values[j] = array[i].copy() if array.ndim > 1 else array[i]
        for part, (j, _) in zip(pipe_parts, self.pipe_leaves):
            values[j] = part
        return self._assemble(values)

    def assemble(self, outputs: list[np.ndarray], pipe_columns: list[list[Any]]) -> Any:
        """The batched value: the memory leaves' `outputs` and each pipe leaf concatenated
        as Gymnasium does."""
        values: list[Any] = [None] * len(self.leaves)
        for out, (j, _) in zip(outputs, self.memory_leaves):
            values[j] = out
        for column, out, (j, leaf) in zip(pipe_columns, self._pipe_out, self.pipe_leaves):
            values[j] = concatenate(leaf.space, column, out)
        return self._assemble(values)

    def _assemble(self, values: list[Any]) -> Any:
        return _build(self.space, iter(values))


def _copy_checked(array: np.ndarray, part: np.ndarray, leaf: Leaf) -> None:
    """np.copyto under same-kind casting; TypeError names the leaf whose dtype does not fit."""
    try:
        np.copyto(array, part, casting="same_kind")
    except TypeError as e:
        raise TypeError(f"action{_describe(leaf.path)} of dtype {part.dtype} cannot be cast "
                        f"to {array.dtype} ({leaf.space})") from e


def _build(space: spaces.Space, values: Any) -> Any:
    """The nested value of `space` from its leaves' values in order (a plain recursive
    function: a self-referencing closure would be a reference cycle that keeps every
    returned array alive until the garbage collector runs)."""
    if isinstance(space, spaces.Dict):
        return {key: _build(sub, values) for key, sub in space.spaces.items()}
    if isinstance(space, spaces.Tuple):
        return tuple(_build(sub, values) for sub in space.spaces)
    return next(values)
