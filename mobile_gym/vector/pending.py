"""Where each sub-env stands in the asynchronous mode: in flight, answered, or idle.

An env is *in flight* from the `send` (or `async_reset`) that hands it work until its
worker's answer is read, then *answered* (queued by the ticket it took when it finished,
see `tickets`) until a `recv` returns it, then *idle* until the next `send` names it. Only idle envs may be sent an action, so
each env has at most one piece of work outstanding and its shared-memory rows (action,
observation, reward, flags) are never written while another party still reads them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np


class PendingEnvs:
    """The async mode's bookkeeping for `num_envs` sub-envs owned by workers `worker_of`
    (plain lists and sets: the batches are a few envs, where numpy calls cost more)."""

    def __init__(self, worker_of: Sequence[int]) -> None:
        self.worker_of = [int(w) for w in worker_of]
        self.num_envs = len(self.worker_of)
        self.in_flight: set[int] = set()
        self.idle: set[int] = set()
        #: answered envs by ticket: (index, the worker's answer)
        self.answered: dict[int, tuple[int, Any]] = {}
        self.next_ticket = 0  # the first ticket recv has not returned

    @property
    def in_flight_count(self) -> int:
        return len(self.in_flight)

    @property
    def tickets_possible(self) -> int:
        """One past the highest ticket the envs answered or in flight can hold."""
        return self.next_ticket + len(self.answered) + len(self.in_flight)

    def next_batch(self, size: int) -> int:
        return self.next_ticket // size

    def ready(self, size: int) -> bool:
        """Whether the next `size` tickets are all answered."""
        return all(t in self.answered for t in range(self.next_ticket, self.next_ticket + size))

    def workers_in_flight(self) -> list[int]:
        """The workers that owe at least one answer."""
        return sorted({self.worker_of[i] for i in self.in_flight})

    def start_all(self) -> None:
        """Every env in flight (async_reset), nothing answered or idle."""
        self.in_flight = set(range(self.num_envs))
        self.idle.clear()
        self.answered.clear()
        self.next_ticket = 0

    def clear(self) -> None:
        """Nothing in flight, answered or idle (back to lock-step)."""
        self.in_flight.clear()
        self.idle.clear()
        self.answered.clear()
        self.next_ticket = 0

    def check_send(self, env_id: Any) -> list[int]:
        """`env_id` as a list of distinct idle env indices; ValueError/TypeError name what is
        wrong with it."""
        ids = np.asarray(env_id)
        if ids.ndim != 1 or ids.size == 0 or ids.dtype.kind not in "iu":
            raise TypeError(f"env_id must be a non-empty 1-D integer array; got {ids.dtype} of shape {ids.shape}")
        out = ids.tolist()
        if not self.idle.issuperset(out) or len(set(out)) != len(out):
            outside = [i for i in out if not 0 <= i < self.num_envs]
            if outside:
                raise ValueError(f"env_id {outside} outside 0..{self.num_envs - 1}")
            if len(set(out)) != len(out):
                raise ValueError(f"env_id {out} names an env more than once")
            raise ValueError(f"env_id {[i for i in out if i not in self.idle]}: not returned by recv() since "
                             "their last send (each env takes its next action only after recv() returned it)")
        return out

    def sent(self, ids: list[int]) -> None:
        self.idle.difference_update(ids)
        self.in_flight.update(ids)

    def answer(self, ticket: int, index: int, payload: Any) -> None:
        self.in_flight.discard(index)
        self.answered[ticket] = (index, payload)

    def take(self, count: int) -> list[tuple[int, Any]]:
        """The envs of the next `count` tickets (all answered: `ready`), now idle."""
        out = [self.answered.pop(t) for t in range(self.next_ticket, self.next_ticket + count)]
        self.next_ticket += count
        self.idle.update(index for index, _ in out)
        return out
