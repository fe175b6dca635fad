"""Layouts that keep the real app's flat RelativeLayout / ConstraintLayout hierarchies.

The real editor and dialogs position many siblings with relative rules inside one parent, so
the accessibility tree has no extra row containers. `FlatRows` reproduces that: children
are all direct children, arranged in rows declared with `add_row`.
"""

from __future__ import annotations

from typing import Any

from ...ui.geometry import Rect
from ...ui.layouts import LinearLayout, RelativeLayout
from ...ui.units import MATCH_PARENT
from ...ui.view import AT_MOST, EXACTLY, UNSPECIFIED, Spec, View


class FlatRows(RelativeLayout):
    """A RelativeLayout (by default) whose children are laid out in rows, top to bottom.

    In a row, children with `weight > 0` share the width left by the others; children are
    vertically centred in the row; a row whose children are all gone takes no space.
    `indent` (px) shifts a row's first child right.
    """

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._rows: list[tuple[list[View], int]] = []

    def add_row(self, *views: View, indent: int = 0) -> FlatRows:
        for v in views:
            self.add(v)
        self._rows.append((list(views), indent))
        return self

    def on_measure(self, wspec: Spec, hspec: Spec) -> tuple[int, int]:
        pl, pt, pr, pb = self._padding
        width = wspec[1] if wspec[0] != UNSPECIFIED else 0
        inner_w = max(0, width - pl - pr)
        total_h = 0
        for views, indent in self._rows:
            shown = [v for v in views if v.visibility != "gone"]
            if not shown:
                continue
            used = indent
            weight = 0.0
            for v in shown:
                ml, mt, mr, mb = v.margin
                used += ml + mr
                if v.weight > 0:
                    weight += v.weight
                    continue
                if v.width >= 0:
                    ws = (EXACTLY, v.width)
                elif v.width == MATCH_PARENT:
                    ws = (EXACTLY, max(0, inner_w - used))
                else:
                    ws = (AT_MOST, max(0, inner_w - used))
                v.measure(ws, (UNSPECIFIED, 0) if v.height < 0 else (EXACTLY, v.height))
                used += v.measured_width
            left = max(0, inner_w - used)
            for v in shown:
                if v.weight > 0:
                    share = int(left * v.weight / weight)
                    v.measure((EXACTLY, share), (UNSPECIFIED, 0) if v.height < 0 else (EXACTLY, v.height))
            row_h = max(v.measured_height + v.margin[1] + v.margin[3] for v in shown)
            # MATCH_PARENT heights follow the row
            for v in shown:
                if v.height == MATCH_PARENT:
                    v.measure((EXACTLY, v.measured_width), (EXACTLY, max(0, row_h - v.margin[1] - v.margin[3])))
            total_h += row_h
        h = total_h + pt + pb
        if hspec[0] == EXACTLY:
            h = hspec[1]
        elif hspec[0] == AT_MOST:
            h = min(h, hspec[1])
        return width, h

    def on_layout(self, b: Rect) -> None:
        pl, pt, pr, pb = self._padding
        y = b.top + pt
        for views, indent in self._rows:
            shown = [v for v in views if v.visibility != "gone"]
            if not shown:
                continue
            row_h = max(v.measured_height + v.margin[1] + v.margin[3] for v in shown)
            x = b.left + pl + indent
            for v in shown:
                ml, mt, mr, mb = v.margin
                x += ml
                top = y + mt + (row_h - mt - mb - v.measured_height) // 2
                v.layout(x, top, x + v.measured_width, top + v.measured_height)
                x += v.measured_width + mr
            y += row_h


def group(orientation: str = "vertical", a11y_class: str = "android.view.ViewGroup", **kw: Any) -> LinearLayout:
    """A LinearLayout that reports another class (CoordinatorLayout, Toolbar, ... are
    `android.view.ViewGroup` in dumps)."""
    g = LinearLayout(orientation, **kw)
    g.a11y_class = a11y_class
    return g
