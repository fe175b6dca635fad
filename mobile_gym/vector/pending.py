"""Where each sub-env stands in the asynchronous mode: in flight, answered, or idle.

An env is *in flight* from the `send` (or `async_reset`) that hands it work until its
worker's answer is read, then *answered* (queued in arrival order) until a `recv` returns
it, then *idle* until the next `send` names it. Only idle envs may be sent an action, so
each env has at most one piece of work outstanding and its shared-memory rows (action,
observation, reward, flags) are never written while another party still reads them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any

import numpy as np


class PendingEnvs:
    """The async mode's bookkeeping for `num_envs` sub-envs owned by workers `worker_of`."""

    def __init__(self, worker_of: Sequence[int]) -> None:
        self.worker_of = np.asarray(worker_of, dtype=np.int64)
        self.num_envs = len(self.worker_of)
        self.in_flight = np.zeros(self.num_envs, dtype=np.bool_)
        self.idle = np.zeros(self.num_envs, dtype=np.bool_)
        #: answered envs in arrival order: (index, the worker's answer)
        self.answered: deque[tuple[int, Any]] = deque()

    @property
    def in_flight_count(self) -> int:
        return int(self.in_flight.sum())

    def workers_in_flight(self) -> list[int]:
        """The workers that owe at least one answer."""
        return sorted({int(w) for w in self.worker_of[self.in_flight]})

    def start_all(self) -> None:
        """Every env in flight (async_reset), nothing answered or idle."""
        self.in_flight[:] = True
        self.idle[:] = False
        self.answered.clear()

    def clear(self) -> None:
        """Nothing in flight, answered or idle (back to lock-step)."""
        self.in_flight[:] = False
        self.idle[:] = False
        self.answered.clear()

    def check_send(self, env_id: Any) -> np.ndarray:
        """`env_id` as an int64 array of distinct idle env indices; ValueError/TypeError
        name what is wrong with it."""
        ids = np.asarray(env_id)
        if ids.ndim != 1 or ids.size == 0 or ids.dtype.kind not in "iu":
            raise TypeError(f"env_id must be a non-empty 1-D integer array; got {ids.dtype} of shape {ids.shape}")
        ids = ids.astype(np.int64)
        outside = ids[(ids < 0) | (ids >= self.num_envs)]
        if outside.size:
            raise ValueError(f"env_id {outside.tolist()} outside 0..{self.num_envs - 1}")
        if len(np.unique(ids)) != len(ids):
            raise ValueError(f"env_id {ids.tolist()} names an env more than once")
        busy = ids[~self.idle[ids]]
        if busy.size:
            raise ValueError(f"env_id {busy.tolist()}: not returned by recv() since their last send "
                             "(each env takes its next action only after recv() returned it)")
        return ids

    def sent(self, ids: np.ndarray) -> None:
        self.idle[ids] = False
        self.in_flight[ids] = True

    def answer(self, index: int, payload: Any) -> None:
        self.in_flight[index] = False
        self.answered.append((index, payload))

    def take(self, count: int) -> list[tuple[int, Any]]:
        """The first `count` answered envs (arrival order), now idle."""
        out = [self.answered.popleft() for _ in range(count)]
        for index, _ in out:
            self.idle[index] = True
        return out
