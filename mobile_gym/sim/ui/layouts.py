"""Layout containers: LinearLayout (with weights), FrameLayout, RelativeLayout, ViewGroup,
RadioGroup.

FrameLayout rules live in `View` itself (children stacked, placed by layout_gravity);
the classes here differ in how they arrange children and in the class name they report.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .geometry import Rect
from .units import MATCH_PARENT
from .view import EXACTLY, ChoiceProp, Spec, View, _place, child_spec, parse_gravity, resolve_size
from .widgets import RadioGroupMixin


class FrameLayout(View):
    """Children stacked on top of each other, placed by layout_gravity (or our gravity)."""

    a11y_class = "android.widget.FrameLayout"


class RelativeLayout(View):
    """Reports android.widget.RelativeLayout; lays out like FrameLayout with gravity
    (relative rules are expressed with nested layouts instead)."""

    a11y_class = "android.widget.RelativeLayout"


class ViewGroup(View):
    """A generic container that dumps as android.view.ViewGroup (CoordinatorLayout,
    ConstraintLayout, Toolbar, ...); lays out like FrameLayout."""

    a11y_class = "android.view.ViewGroup"


class LinearLayout(View):
    """Children in a row ("horizontal") or column ("vertical"); `weight` shares the space
    left over (a weighted child with size 0 gets exactly its share)."""

    a11y_class = "android.widget.LinearLayout"
    orientation = ChoiceProp("horizontal", ("horizontal", "vertical"))

    def __init__(self, orientation: str = "horizontal", **kw: Any) -> None:
        super().__init__(**kw)
        self.orientation = orientation

    def on_measure(self, wspec: Spec, hspec: Spec) -> tuple[int, int]:
        vertical = self.orientation == "vertical"
        pl, pt, pr, pb = self._padding
        main_spec, cross_spec = (hspec, wspec) if vertical else (wspec, hspec)
        main_pad, cross_pad = (pt + pb, pl + pr) if vertical else (pl + pr, pt + pb)
        kids = [c for c in self.children if c.visibility != "gone"]
        total = 0
        cross = 0
        total_weight = 0.0
        deferred: list[View] = []
        for c in kids:
            ml, mt, mr, mb = c._margin
            mm, cm = (mt + mb, ml + mr) if vertical else (ml + mr, mt + mb)
            cdim_main = c.height if vertical else c.width
            cdim_cross = c.width if vertical else c.height
            total_weight += c.weight
            if c.weight > 0 and cdim_main == 0 and main_spec[0] == EXACTLY:
                deferred.append(c)
                total += mm
                continue
            ms = child_spec(main_spec, main_pad + mm + (total if total_weight == 0 else 0), cdim_main)
            if c.weight > 0 and cdim_main == 0:
                ms = child_spec(main_spec, main_pad + mm, -2)
            cs = child_spec(cross_spec, cross_pad + cm, cdim_cross)
            if vertical:
                c.measure(cs, ms)
                total += c._mh + mm
                cross = max(cross, c._mw + cm)
            else:
                c.measure(ms, cs)
                total += c._mw + mm
                cross = max(cross, c._mh + cm)
        main_size = resolve_size(max(total + main_pad, self.min_height if vertical else self.min_width), main_spec)
        remaining = main_size - main_pad - total
        if total_weight > 0 and main_spec[0] == EXACTLY:
            # share what is left (may be negative when the fixed children overflow)
            total = 0
            left_weight = total_weight
            for c in kids:
                ml, mt, mr, mb = c._margin
                mm, cm = (mt + mb, ml + mr) if vertical else (ml + mr, mt + mb)
                cdim_cross = c.width if vertical else c.height
                cs = child_spec(cross_spec, cross_pad + cm, cdim_cross)
                if c.weight > 0:
                    share = int(remaining * c.weight / left_weight) if left_weight > 0 else 0
                    remaining -= share
                    left_weight -= c.weight
                    base = 0 if c in deferred else (c._mh if vertical else c._mw)
                    size = max(0, base + share)
                    if vertical:
                        c.measure(cs, (EXACTLY, size))
                    else:
                        c.measure((EXACTLY, size), cs)
                total += (c._mh if vertical else c._mw) + mm
                cross = max(cross, (c._mw if vertical else c._mh) + cm)
        cross_size = resolve_size(max(cross + cross_pad, self.min_width if vertical else self.min_height), cross_spec)
        if cross_spec[0] != EXACTLY:
            # children matching our cross size are measured again against the final size
            for c in kids:
                cdim_cross = c.width if vertical else c.height
                if cdim_cross == MATCH_PARENT:
                    ml, mt, mr, mb = c._margin
                    cm = ml + mr if vertical else mt + mb
                    cs = (EXACTLY, max(0, cross_size - cross_pad - cm))
                    if vertical:
                        c.measure(cs, (EXACTLY, c._mh))
                    else:
                        c.measure((EXACTLY, c._mw), cs)
        return (cross_size, main_size) if vertical else (main_size, cross_size)

    def on_layout(self, b: Rect) -> None:
        vertical = self.orientation == "vertical"
        pl, pt, pr, pb = self._padding
        inner = Rect(b.left + pl, b.top + pt, b.right - pr, b.bottom - pb)
        hg, vg = parse_gravity(self.gravity)
        kids = [c for c in self.children if c.visibility != "gone"]
        used = 0
        for c in kids:
            ml, mt, mr, mb = c._margin
            used += (c._mh + mt + mb) if vertical else (c._mw + ml + mr)
        if vertical:
            free = inner.height - used
            pos = inner.top + (free // 2 if vg == "center" else free if vg == "end" else 0)
        else:
            free = inner.width - used
            pos = inner.left + (free // 2 if hg == "center" else free if hg == "end" else 0)
        for c in kids:
            ml, mt, mr, mb = c._margin
            cg = parse_gravity(c.layout_gravity) if c.layout_gravity else (hg, vg)
            if vertical:
                y = pos + mt
                x = _place(inner.left + ml, inner.right - mr, c._mw, cg[0])
                c.layout(x, y, x + c._mw, y + c._mh)
                pos = y + c._mh + mb
            else:
                x = pos + ml
                y = _place(inner.top + mt, inner.bottom - mb, c._mh, cg[1])
                c.layout(x, y, x + c._mw, y + c._mh)
                pos = x + c._mw + mr


class RadioGroup(RadioGroupMixin, LinearLayout):
    """A vertical LinearLayout that keeps at most one child RadioButton checked;
    `on_checked_change(group, radio)` after a change."""

    a11y_class = "android.widget.RadioGroup"

    def __init__(self, orientation: str = "vertical", *,
                 on_checked_change: Callable | None = None, **kw: Any) -> None:
        super().__init__(orientation, **kw)
        self.on_checked_change = on_checked_change
