"""Event slots: SINGLE / AND / OR nodes with prerequisites, repeatability and cache_until.

Evaluation is memoised once per step (`step` counter). Semantics (Mobile-Env's, with the defects
of reference section 7 fixed):

1. A slot held by `cache_until` stays set; if its child condition holds again its value is
   recomputed, otherwise the previous value is kept.
2. Children are evaluated every step the slot is live, even while its prerequisites are unmet
   (Mobile-Env skipped them, so LAST edges and cache_until notifications were lost, defect 13),
   unless nothing could observe that evaluation: a blocked slot that is not held and whose
   children keep no history (`stateless`) skips them.
3. Prerequisites not satisfied (every listed node must have been set at some point in the
   episode; sticky; a prerequisite set in the same step counts): not set, "held last step" off.
4. Child condition holds (SINGLE: the child is set; OR: any child; AND: all children, an empty AND
   is false): the slot fires if its repeatability allows -- UNLIMITED always, LAST only on a
   rising edge, NONE only once per episode -- on every slot type (Mobile-Env's AND ignored it,
   defect 1).
5. A transformation that fails at run time makes the slot not fire this step and is reported
   (`errors`), instead of escaping `step()` (defect 3).

Values: SINGLE transforms each value of its child, OR each value of each set child, AND once
with x = the list of the children's value lists; the listener's wrap is applied to each result
and the results are reduced (sum for rewards, last for most); the slot's value is [reduced].
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mobile_gym.events.errors import (
    EventRuntimeError,
    TransformRuntimeError,
    cap_text,
    exception_text,
)
from mobile_gym.events.listeners import NESTED, ListenerKind
from mobile_gym.events.sources.base import Context, Repeat, Source
from mobile_gym.events.transform import Transformation
from mobile_gym.tasks.patterns import PatternTimeout

__all__ = ["Node", "Slot", "SlotType", "StepState"]


class SlotType:
    SINGLE = 0
    AND = 1
    OR = 2
    NAMES = {0: "SINGLE", 1: "AND", 2: "OR"}


NEVER = -1  # cache_until id meaning "never released"

# The repeatabilities as plain module constants: a class attribute of an Enum goes through
# EnumType.__getattr__ on Python 3.11, several times slower than a global on every step.
_UNLIMITED, _LAST, _NONE = Repeat.UNLIMITED, Repeat.LAST, Repeat.NONE
_AND, _OR = SlotType.AND, SlotType.OR


class StepState:
    """Per-step bookkeeping shared by all nodes: the step number, fired values, errors, and
    whether any slot's `ever_set`, `held` or `prereq_ok` changed (`status_changed`: only then
    can a slot become dead or the live set change; the engine clears it)."""

    def __init__(self) -> None:
        self.step = 0
        self.fired: dict[str, object] = {}
        self.errors: list[str] = []
        self.strict = False
        self.ctx: Context | None = None
        self.status_changed = False


class SourceNode:
    """Adapter giving a Source the node interface (memoised per step)."""

    __slots__ = ("dead", "memo", "set", "source", "values")

    def __init__(self, source: Source) -> None:
        self.source = source
        self.memo = -1
        self.set = False
        self.values: list[Any] = []
        self.dead = False

    @property
    def id(self) -> int:
        return self.source.id

    @property
    def ever_set(self) -> bool:
        return self.source.ever_set

    def reset(self) -> None:
        self.source.reset()
        self.memo = -1
        self.set = False
        self.values = []

    def evaluate(self, st: StepState) -> None:
        if self.memo == st.step:
            return
        self.memo = st.step
        assert st.ctx is not None
        try:
            vals = self.source.evaluate(st.ctx)
        except PatternTimeout as exc:
            raise EventRuntimeError(f"{self.source.where}: {exc}") from None
        self.values = vals
        self.set = bool(vals)
        if vals:
            st.fired[f"source:{self.source.id}"] = list(vals)


class Slot:
    """An inner node. Built by the engine's graph compiler; runtime state is reset per episode."""

    def __init__(self, node_id: int, slot_type: int, repeat: Repeat, transform: Transformation,
                 where: str, label: str) -> None:
        self.id = node_id
        self.type = slot_type
        self.repeat = repeat
        self.transform = transform
        self.where = where
        self.label = label  # "slot:<id>" or "listener:<name>" (for `fired`)
        self.children: list[Node] = []
        self.prerequisites: list[Node] = []
        self.cache_until: list[Node] = []
        self.never_release = False
        self.kind: ListenerKind = NESTED
        self.children_stateless = False  # set by the engine: see `stateless`
        self.reset()

    @property
    def empty(self) -> bool:
        return not self.children

    def reset(self) -> None:
        self.memo = -1
        self.set = False
        self.values: list[Any] = []
        self.ever_set = False
        self.prereq_ok = not self.prerequisites
        self.cond_last = False  # the child condition held (with prerequisites met) last step
        self.held = False  # kept set by cache_until into the current step
        self.dead = self.empty

    # -- evaluation ------------------------------------------------------------------------

    def evaluate(self, st: StepState) -> None:
        if self.memo == st.step:
            return
        self.memo = st.step
        if self.dead:
            self.set = False
            self.values = []
            return
        if not self.prereq_ok:
            ok = True
            for p in self.prerequisites:
                p.evaluate(st)
                if not (p.ever_set or p.set):
                    ok = False
            if ok:
                self.prereq_ok = True  # sticky: it never turns False within an episode
                st.status_changed = True
            elif not self.held and self.children_stateless:
                # Blocked, and nothing below keeps history: evaluating the children could not
                # change any later step, so skip them (no OCR / hierarchy for them).
                self.set = False
                self.values = []
                self.cond_last = False
                return
        children = self.children
        n_set = 0
        for c in children:
            c.evaluate(st)
            n_set += c.set
        if self.type == _AND:
            cond = n_set == len(children)
        elif self.type == _OR:
            cond = n_set > 0
        else:
            cond = children[0].set
        if self.held:
            if cond and self.prereq_ok:
                value = self._compute(st)
                if value is not None:
                    self.values = value
            self.set = True
            self.cond_last = cond and self.prereq_ok
            self._record(st)
            return
        if not self.prereq_ok or not cond:
            self.set = False
            self.values = []
            self.cond_last = False
            return
        rep = self.repeat
        fire = rep is _UNLIMITED or (rep is _LAST and not self.cond_last) or \
            (rep is _NONE and not self.ever_set)
        self.cond_last = True
        if not fire:
            self.set = False
            self.values = []
            return
        value = self._compute(st)
        if value is None:
            self.set = False
            self.values = []
            return
        self.set = True
        self.values = value
        if not self.ever_set:
            self.ever_set = True
            st.status_changed = True
        if self.cache_until or self.never_release:
            self.held = True
            st.status_changed = True
        self._record(st)

    def _record(self, st: StepState) -> None:
        if self.values:
            st.fired[self.label] = self.values[0]

    def _compute(self, st: StepState) -> list[Any] | None:
        """The slot's value list ([reduced]) or None when the transformation/wrap failed."""
        t = self.transform
        wrap = self.kind.wrap
        try:
            if self.type == _AND:
                results = [wrap(t([c.values for c in self.children]))]
            else:
                results = []
                for c in self.children:
                    if c.set:
                        for v in c.values:
                            results.append(wrap(t(v)))
            if not results:
                return None
            return [self.kind.reduce(results)]
        except TransformRuntimeError as exc:
            msg = str(exc)
        except (ArithmeticError, LookupError, TypeError, ValueError) as exc:
            msg = f"{self.where}: {self.kind.name} cannot use the value: {exception_text(exc)}"
        msg = cap_text(msg)
        if st.strict:
            raise TransformRuntimeError(msg)
        st.errors.append(msg)
        return None

    # -- end of step --------------------------------------------------------------------------

    def end_step(self, st: StepState) -> None:
        """cache_until: a held slot is released at the end of a step in which every slot it
        waits for is set (`-1` never releases). Waited-for slots are evaluated here, so their
        notification does not depend on whether anyone else asked (defect 13)."""
        if not self.held:
            return
        if self.never_release:
            return
        if self.memo != st.step or self.dead:
            return
        ready = True
        for w in self.cache_until:
            w.evaluate(st)
            if not w.set:
                ready = False
        if ready:
            self.held = False
            st.status_changed = True

    def update_dead(self) -> bool:
        """Whether the slot can never be set again this episode (monotone). Returns the flag."""
        if self.dead or self.held:
            return self.dead
        if self.repeat is _NONE and self.ever_set:
            self.dead = True
        else:
            n_dead = 0
            for c in self.children:
                n_dead += c.dead
            # OR: dead when every child is (an empty OR too); SINGLE/AND: when any child is
            self.dead = n_dead == len(self.children) if self.type == _OR else n_dead > 0
        if not self.dead and not self.prereq_ok:
            for p in self.prerequisites:
                if p.dead and not p.ever_set:
                    self.dead = True
                    break
        return self.dead

    def __repr__(self) -> str:
        return f"<{SlotType.NAMES[self.type]} {self.label} {self.where}>"


Node = Slot | SourceNode


def stateless(node: Node, memo: dict[int, bool]) -> bool:
    """Whether a node's output is a pure function of the current step's inputs: an UNLIMITED
    source, or an UNLIMITED slot without prerequisites or cache_until over such nodes. Skipping
    such a subtree while its parent is blocked changes nothing later (defects 7 and 13)."""
    key = id(node)
    if key in memo:
        return memo[key]
    memo[key] = False  # cycles are rejected elsewhere; be safe while recursing
    if isinstance(node, SourceNode):
        result = node.source.repeat is Repeat.UNLIMITED
    else:
        result = (node.repeat is Repeat.UNLIMITED and not node.prerequisites and not node.cache_until
                  and not node.never_release and all(stateless(c, memo) for c in node.children))
    memo[key] = result
    return result


def topological(nodes: Sequence[Node]) -> list[Slot]:
    """Slots ordered children-first (for the dead-node pass)."""
    order: list[Slot] = []
    seen: set[int] = set()
    for n in nodes:
        _visit(n, seen, order)
    return order


def _visit(n: Node, seen: set[int], order: list[Slot]) -> None:
    """Put `n`'s slot descendants, then `n`, into `order` (a module-level function: a nested
    one calling itself would be a reference cycle keeping `order`, so the whole old engine,
    alive until the cycle collector runs)."""
    if id(n) in seen or not isinstance(n, Slot):
        return
    seen.add(id(n))
    for c in (*n.children, *n.prerequisites):
        _visit(c, seen, order)
    order.append(n)
