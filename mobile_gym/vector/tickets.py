"""Zero-copy batches for the asynchronous mode: an env writes its observation straight into
the row of the batch it finishes in.

Every env that finishes takes the next *ticket* from a counter in shared memory (under a
lock). Ticket t is row t % batch_size of batch t // batch_size, so `recv()` returning batch
after batch in ticket order returns the envs in the order they finished. Each batch's
observation arrays are one of a few physical *blocks* of shared memory (batch_size rows per
memory leaf of the observation). The main process picks the block of a batch before it sends
any work that could finish in that batch, and writes it into a ring `table` in shared memory;
it picks only blocks that no returned batch still uses (the reference-count test of `slots`)
and that no pending batch was given. When every block is held it writes -1: that batch's envs
then write into their own rows of an observation slot, which `ObservationSlots.copy_rows`
copies out, as without blocks. The returned arrays are the caller's own either way: a block
is written again only once nothing references it.

Wake-ups: a worker counts every answer it sent (`done`, in shared memory under the same
lock); the main process, short of answers, writes the count it waits for (`wake_at`) and
sleeps; the worker whose answer reaches that count writes one byte to a wake pipe. So the
main process wakes about once per batch, not once per env (each wake-up costs it CPU time).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from mobile_gym.vector.layout import SharedBlock, SpaceLayout
from mobile_gym.vector.slots import HANDED_OUT, holders

#: Table entry of a batch without a block (its envs write into their own rows).
NO_BLOCK = -1


def block_count(num_envs: int, batch_size: int) -> int:
    """Blocks enough for the batches the caller holds (HANDED_OUT), every batch that can be
    pending at once (answered or in flight: at most num_envs envs, spread over at most
    ceil(num_envs / batch_size) + 1 batches)."""
    return HANDED_OUT + -(-num_envs // batch_size) + 1


def ticket_fields(layout: SpaceLayout, num_envs: int, batch_size: int,
                  blocks: int) -> dict[str, tuple[tuple[int, ...], np.dtype]]:
    """The SharedBlock fields: the ticket counter, the batch -> block table (a ring longer
    than the pending batches can span) and each block's memory leaves."""
    fields = {"ticket": ((1,), np.dtype(np.int64)), "table": ((num_envs + 2,), np.dtype(np.int64)),
              "done": ((1,), np.dtype(np.int64)), "wake_at": ((1,), np.dtype(np.int64))}
    for p in range(blocks):
        for j, leaf in layout.memory_leaves:
            fields[f"blk{p}_{j}"] = ((batch_size, *leaf.shape), leaf.dtype)
    return fields


def block_arrays(views: dict[str, np.ndarray], layout: SpaceLayout, blocks: int) -> list[list[np.ndarray]]:
    """For each block, its memory leaves' arrays (leaf order)."""
    return [[views[f"blk{p}_{j}"] for j, _ in layout.memory_leaves] for p in range(blocks)]


class TicketRows:
    """The worker's side: the ticket, block and row of an env that just finished."""

    def __init__(self, views: dict[str, np.ndarray], layout: SpaceLayout, blocks: int, batch_size: int,
                 lock: Any, wake: Any) -> None:
        self._ticket, self._table = views["ticket"], views["table"]
        self._done, self._wake_at = views["done"], views["wake_at"]
        self.blocks = block_arrays(views, layout, blocks)
        self._batch_size = batch_size
        self._lock = lock
        self._wake = wake

    def claim(self) -> tuple[int, int, int]:
        """(ticket, block or NO_BLOCK, row) for the env that finished now."""
        with self._lock:
            ticket = int(self._ticket[0])
            self._ticket[0] = ticket + 1
        batch, row = divmod(ticket, self._batch_size)
        return ticket, int(self._table[batch % len(self._table)]), row

    def answered(self) -> None:
        """Count an answer just sent; wake the main process if it waits for this count."""
        with self._lock:
            done = int(self._done[0]) + 1
            self._done[0] = done
            wake = done == self._wake_at[0]
        if wake:
            self.wake()

    def wake(self) -> None:
        self._wake.send_bytes(b"")


class BatchBlocks:
    """The main process's side: which block each batch goes to, and what recv returns."""

    def __init__(self, layout: SpaceLayout, block: SharedBlock, blocks: int, batch_size: int, lock: Any) -> None:
        views = block.views()
        self._ticket, self._table = views["ticket"], views["table"]
        self._done, self._wake_at = views["done"], views["wake_at"]
        self._lock = lock
        self._blocks = block_arrays(views, layout, blocks)
        del views  # afterwards only self._blocks refers to the block arrays
        self._batch_size = batch_size
        self._idle = holders(self._blocks[0][0]) if self._blocks and self._blocks[0] else (0, 0)
        #: pending batch number -> its block (or NO_BLOCK)
        self._assigned: dict[int, int] = {}
        self._next = 0  # the first batch number without a table entry

    def restart(self) -> None:
        """Tickets and answer counts from 0 again (nothing may be in flight)."""
        self._ticket[0] = 0
        self._done[0] = 0
        self._wake_at[0] = -1
        self._assigned.clear()
        self._next = 0

    def cover(self, tickets: int) -> None:
        """Give a block (or NO_BLOCK) to every batch that tickets 0..tickets-1 fall in."""
        last = -(-tickets // self._batch_size)
        while self._next < last:
            block = self._free_block()
            self._assigned[self._next] = block
            self._table[self._next % len(self._table)] = block
            self._next += 1

    def sleep_until(self, answers: int, lock_timeout: float) -> bool | None:
        """Ask to be woken when `answers` answers were sent; False if they already were, None
        if the lock was not free within `lock_timeout` seconds (a worker killed while holding
        it never frees it: the caller checks the workers and tries again)."""
        if not self._lock.acquire(timeout=lock_timeout):
            return None
        try:
            if self._done[0] >= answers:
                return False
            self._wake_at[0] = answers
            return True
        finally:
            self._lock.release()

    def take(self, batch: int) -> list[np.ndarray] | None:
        """The observation arrays of `batch` (its block's), or None when it had no block."""
        block = self._assigned.pop(batch)
        return None if block == NO_BLOCK else list(self._blocks[block])

    def _free_block(self) -> int:
        used = set(self._assigned.values())
        for p, arrays in enumerate(self._blocks):
            # arrays[k] passed as is: a loop variable would hold one more reference than _idle counts
            if p not in used and all(holders(arrays[k]) == self._idle for k in range(len(arrays))):
                return p
        return NO_BLOCK
