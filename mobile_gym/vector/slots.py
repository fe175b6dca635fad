"""Shared-memory observation slots: where the workers write each step's observation arrays.

With `copy=False` every memory leaf of the observation has one slot, the live arrays the
next step overwrites. With `copy=True` each leaf has `HANDED_OUT` slots that are returned
to the caller as they are, plus one scratch slot: a step writes into a slot that nobody
holds any more, so the returned arrays are the caller's own (no later step writes into them
while any reference to them, a view or a buffer export is alive) without the main process
copying them out of shared memory. When every slot of a leaf is still held (a caller that
keeps many observations), the workers write into the scratch slot and the main process
copies it into a pooled private array, as before.

Whether a slot is held is read from reference counts: the slot array itself (a dict, a list
or a local name holding it) and its 1-D base array (every view of it, np.asarray, a
memoryview or a torch tensor over it refers to one of the two). The same test decides when a
pooled private copy is reused. A consumer that keeps only a raw address of the data (ctypes, a
C extension holding no Python reference) is not seen: copy the array, or hold it, instead.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from mobile_gym.vector.layout import SharedBlock, SpaceLayout

#: Slots per observation leaf that copy=True hands out (the caller usually holds the last
#: observation while the next step runs, and some loops keep one more).
HANDED_OUT = 3
#: Private copies of one leaf kept for reuse when every slot is held.
POOL_SIZE = 3
#: sys.getrefcount of a pooled copy that nobody else holds: the pool's list, the loop
#: variable and getrefcount's own argument.
_FREE_REFCOUNT = 3


def _free_buffer(shape: tuple[int, ...], dtype: np.dtype, pool: list[np.ndarray]) -> np.ndarray:
    """A pooled private array of `shape` and `dtype` that no one references any more, or a new one.

    A fresh multi-megabyte array is a fresh mapping for the allocator here: every page
    faults in again on each step (measured: ~950 faults and ~0.3 ms CPU per env-step for
    8 frames of 270x600). Any view, slice or buffer export of a returned array references
    it, so a buffer is only reused when the caller has truly let go of it.
    """
    for buf in pool:
        if sys.getrefcount(buf) == _FREE_REFCOUNT:
            return buf
    out = np.empty(shape, dtype)
    if len(pool) < POOL_SIZE:
        pool.append(out)
    return out


def holders(array: np.ndarray) -> tuple[int, int]:
    """The reference counts that say whether a shared array is held (module docstring):
    compare with the counts of the same array taken the same way while nobody held it."""
    return sys.getrefcount(array), sys.getrefcount(array.base)


def slot_count(copy: bool) -> int:
    """Slots per memory leaf: the live one (copy=False) or HANDED_OUT plus a scratch slot."""
    return HANDED_OUT + 1 if copy else 1


def slot_fields(layout: SpaceLayout, copy: bool) -> dict[str, tuple[tuple[int, ...], np.dtype]]:
    """The SharedBlock fields of every slot of the observation's memory leaves."""
    return {name: field for s in range(slot_count(copy)) for name, field in layout.fields(f"obs{s}_").items()}


def slot_arrays(views: dict[str, np.ndarray], layout: SpaceLayout, copy: bool) -> list[list[np.ndarray]]:
    """For each memory leaf (in leaf order), its slots' shared arrays (slot order)."""
    return [list(column) for column in zip(*(layout.arrays(views, f"obs{s}_") for s in range(slot_count(copy))))] \
        if layout.memory_leaves else []


class ObservationSlots:
    """The main process's side: which slot each leaf's next observation goes to, and what is
    returned for it."""

    def __init__(self, layout: SpaceLayout, block: SharedBlock, copy: bool) -> None:
        self.copy = copy
        self._slots = self._take(layout, block, copy)
        self._pools: list[list[np.ndarray]] = [[] for _ in self._slots]
        self._idle = self._holders(0, 0) if self._slots else (0, 0)
        self.scratch = HANDED_OUT
        #: pooled private copies of the rows the async mode returns, per (leaf, row count)
        self._row_pools: dict[tuple[int, int], list[np.ndarray]] = {}

    @staticmethod
    def _take(layout: SpaceLayout, block: SharedBlock, copy: bool) -> list[list[np.ndarray]]:
        # the views dict dies on return: afterwards only self._slots refers to the slot arrays
        return slot_arrays(block.views(), layout, copy)

    def _holders(self, leaf: int, slot: int) -> tuple[int, int]:
        return holders(self._slots[leaf][slot])

    def _free_slot(self, leaf: int) -> int | None:
        for slot in range(HANDED_OUT):
            if self._holders(leaf, slot) == self._idle:
                return slot
        return None

    def acquire(self) -> tuple[tuple[int, ...], list[np.ndarray]]:
        """The slot each memory leaf is written into next (for the workers) and the arrays the
        batch returns (slot arrays, or private copies of the scratch slot: `take_in`)."""
        if not self.copy:
            return (0,) * len(self._slots), [slots[0] for slots in self._slots]
        targets, outputs = [], []
        for leaf, slots in enumerate(self._slots):
            slot = self._free_slot(leaf)
            if slot is None:
                targets.append(self.scratch)
                scratch = slots[self.scratch]
                outputs.append(_free_buffer(scratch.shape, scratch.dtype, self._pools[leaf]))
            else:
                targets.append(slot)
                outputs.append(slots[slot])
        return tuple(targets), outputs

    def rows_targets(self) -> tuple[int, ...]:
        """The slot of each memory leaf that the async mode's workers write into: the scratch
        slot (copy=True) or the live one. An env's row there stays as written until that env
        is sent its next action, so `copy_rows` may read it at any time before."""
        slot = self.scratch if self.copy else 0
        return (slot,) * len(self._slots)

    def copy_rows(self, rows: np.ndarray) -> list[np.ndarray]:
        """Each memory leaf's `rows` (env indices, in that order) of the `rows_targets` slot,
        copied into private arrays of shape (len(rows), ...): pooled buffers the caller no
        longer holds, or new ones."""
        out = []
        for leaf, (slots, slot) in enumerate(zip(self._slots, self.rows_targets())):
            source = slots[slot]
            pool = self._row_pools.setdefault((leaf, len(rows)), [])
            buf = _free_buffer((len(rows), *source.shape[1:]), source.dtype, pool)
            np.take(source, rows, axis=0, out=buf, mode="clip")  # "raise" would buffer the output
            out.append(buf)
        return out

    def take_in(self, targets: tuple[int, ...], outputs: list[np.ndarray], rows: slice) -> None:
        """Copy rows `rows` of the leaves that went to the scratch slot into their outputs."""
        for leaf, (slot, out) in enumerate(zip(targets, outputs)):
            if slot == self.scratch and self.copy:
                np.copyto(out[rows], self._slots[leaf][slot][rows])


def worker_arrays(slots: list[list[np.ndarray]], targets: Any) -> list[np.ndarray]:
    """The worker's side: the arrays of the slots a command names, one per memory leaf."""
    return [leaf[slot] for leaf, slot in zip(slots, targets)]
