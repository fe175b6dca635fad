"""view_hierarchy_event sources: a compiled selector over the step's parsed hierarchy.

For each node the selector matches and every property check passes, the raw input is the
tuple of the requested properties (attribute strings; `left/top/right/bottom` are floats
normalised from `bounds` by the screen size). A `pattern` property is a search of the attribute
(`tasks.patterns`, time-limited); a numeric property compares `actual <sign> reference` with numeric coercion
(`"true"/"false"` -> 1/0, numbers parsed); a property with neither only needs the attribute.
A missing or non-numeric attribute is a non-match (Mobile-Env raised TypeError and skipped every
later VH source of the step).
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from mobile_gym.events.errors import TaskCompileError
from mobile_gym.events.selector import CompiledSelector, compile_selector
from mobile_gym.events.sources.base import Context, Repeat, Source, SourceSpec
from mobile_gym.tasks.patterns import compiled

__all__ = ["PropertyCheck", "ViewHierarchySource", "parse_bounds"]

# Sign enum value -> comparison (EQ, LE, LT, GE, GT, NE)
_SIGNS: dict[int, Callable[[Any, Any], bool]] = {
    0: operator.eq, 1: operator.le, 2: operator.lt, 3: operator.ge, 4: operator.gt, 5: operator.ne,
}
_BOUNDS = re.compile(r"\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]")
VIRTUAL = ("left", "top", "right", "bottom")


def parse_bounds(text: str) -> tuple[int, int, int, int] | None:
    m = _BOUNDS.match(text)
    return tuple(int(g) for g in m.groups()) if m else None  # type: ignore[return-value]


def _number(value: Any) -> float | None:
    if isinstance(value, (int, float)):
        return float(value)
    if not isinstance(value, str):
        return None
    low = value.strip().lower()
    if low == "true":
        return 1.0
    if low == "false":
        return 0.0
    try:
        return float(low)
    except ValueError:
        return None


class PropertyCheck:
    """One `Property` of the source: a regex, a numeric comparison, or (neither) presence."""

    def __init__(self, name: str, *, pattern: str | None = None, reference: float | None = None,
                 sign: int = 0, reference_on_left: bool = False, where: str) -> None:
        self.name = name
        self.regex = None
        if pattern is not None:
            try:
                self.regex = compiled(pattern)  # shared: a TaskPattern never changes
            except re.error as exc:
                raise TaskCompileError(f"{where}: invalid regular expression {pattern!r} for property {name!r}: {exc}") from None
        if sign not in _SIGNS:
            raise TaskCompileError(f"{where}: unknown sign {sign} for property {name!r}")
        self.op = _SIGNS[sign]
        self.reference = reference
        self.reference_on_left = reference_on_left

    def check(self, actual: Any) -> bool:
        if actual is None:
            return False
        if self.regex is not None:
            return self.regex.search(actual if isinstance(actual, str) else str(actual)) is not None
        if self.reference is None:
            return True  # a property without a value asks only that the attribute exists
        num = _number(actual)
        if num is None:
            return False
        if self.reference_on_left:
            return bool(self.op(self.reference, num))
        return bool(self.op(num, self.reference))


class ViewHierarchySource(Source):
    kinds = ("view_hierarchy_event",)
    kind = "view_hierarchy_event"
    needs = "hierarchy"

    @classmethod
    def from_proto(cls, spec: SourceSpec) -> ViewHierarchySource:
        ev = spec.event
        selector = compile_selector(list(ev.selector), where=spec.locate(("selector",), "selector"))
        checks = []
        for j, p in enumerate(ev.properties):
            at = spec.locate(("properties", j), f"property #{j}")
            which = p.WhichOneof("property_value")
            if not p.property_name:
                raise TaskCompileError(f"{at}: property_name is empty")
            if which == "pattern":
                checks.append(PropertyCheck(p.property_name, pattern=p.pattern, where=at))
            elif which in ("integer", "floating"):
                checks.append(PropertyCheck(p.property_name, reference=float(getattr(p, which)), sign=p.sign,
                                            reference_on_left=spec.tools.options.vh_reference_on_left,
                                            where=at))
            else:  # present = match, value reported
                checks.append(PropertyCheck(p.property_name, where=at))
        return cls(spec.node_id, spec.repeat, spec.where, selector=selector, properties=checks)

    def __init__(self, node_id: int, repeat: Repeat, where: str, *, selector: CompiledSelector,
                 properties: Sequence[PropertyCheck]) -> None:
        super().__init__(node_id, repeat, where)
        self.selector = selector
        self.properties = tuple(properties)
        self._names = tuple(p.name for p in self.properties)
        self._virtual = any(n in VIRTUAL for n in self._names)

    def raw_inputs(self, ctx: Context) -> list[Hashable]:
        """The property tuples of the matched nodes that pass every property check. Filtering
        here instead of in `match` gives the same values under every repeatability (`match`
        depends on the tuple alone) and lets a node that the fast reader shares between dumps
        keep its verdict."""
        results = ctx.hierarchy_memo()  # reads the dump first
        cached = results.get(self)
        if cached is not None:
            return cached
        out: list[Hashable] = []
        size = ctx.screen_size() if self._virtual else (1, 1)
        tree = ctx.ui_tree() if self.selector.tree is not None else None
        if tree is not None:
            memo_key = (self, size)
            for node in self.selector.select_tree(tree):
                memo = node.memo
                if memo is None:
                    memo = node.memo = {}
                if memo_key in memo:
                    raw = memo[memo_key]
                else:
                    raw = memo[memo_key] = self._passing(node, size)
                if raw is not None:
                    out.append(raw)
        elif self.selector.may_match(ctx.hierarchy_text()):  # a cheap way to skip the lxml parse
            for element in self.selector.select(ctx.hierarchy()):
                raw = self._passing(element, size)
                if raw is not None:
                    out.append(raw)
        results[self] = out
        return out

    def _passing(self, node: Any, size: tuple[int, int]) -> tuple[Any, ...] | None:
        """The node's property tuple, or None if a property check fails."""
        get = node.get
        if self._virtual:
            bounds = parse_bounds(get("bounds") or "")
            vals: list[Any] = []
            for n in self._names:
                if n in VIRTUAL:
                    if bounds is None:
                        vals.append(None)
                    else:
                        i = VIRTUAL.index(n)
                        vals.append(bounds[i] / (size[0] if i % 2 == 0 else size[1]))
                else:
                    vals.append(get(n))
            raw = tuple(vals)
        else:
            raw = tuple(get(n) for n in self._names)
        for prop, actual in zip(self.properties, raw):
            if not prop.check(actual):
                return None
        return raw

    def match(self, raw: Any, ctx: Context) -> Any:
        return list(raw)
