"""The monthly grid: `MonthView` paints weekday letters, day numbers and event titles;
`MonthViewWrapper` lays 42 clickable `month_view_background` cells over it.

As on the real app, nothing the grid paints is in the accessibility tree: event titles are
only pixels (and `text_boxes()`), the cells are bare `android.view.View`s.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

import skia

from ...ui.geometry import Rect
from ...ui.render import fill_paint, srect
from ...ui.text import ellipsize, line_metrics
from ...ui.units import MATCH_PARENT, dp, sp
from ...ui.view import EXACTLY, View
from . import theme
from .formatting import WEEKDAY_LETTERS_SUNDAY_FIRST

ROWS = 6
COLS = 7


@dataclass(frozen=True)
class CellEvent:
    """An event title painted in a day cell, with its bar colour (ARGB)."""

    title: str
    color: int


@dataclass(frozen=True)
class GridDay:
    """One of the 42 cells: the date, whether it belongs to the shown month, is today."""

    day: date
    in_month: bool
    is_today: bool
    events: tuple[CellEvent, ...] = ()


def letters_height() -> int:
    """Height of the weekday-letter row (`2 * normal text size` as MonthView does)."""
    return 2 * sp(14)


class MonthView(View):
    """The custom-drawn month (class android.view.View, id month_view, not clickable)."""

    def __init__(self, days: list[GridDay]) -> None:
        super().__init__(id="month_view", width=MATCH_PARENT, height=MATCH_PARENT)
        if len(days) != ROWS * COLS:
            raise ValueError(f"a month grid has {ROWS * COLS} days, got {len(days)}")
        self.days = days

    def set_days(self, days: list[GridDay]) -> None:
        if len(days) != ROWS * COLS:
            raise ValueError(f"a month grid has {ROWS * COLS} days, got {len(days)}")
        self.days = days
        self.invalidate()

    def cell_rects(self) -> list[Rect]:
        """Absolute rects of the 42 cells under the letter row, row by row."""
        b = self._bounds
        top = b.top + letters_height()
        cw = b.width / COLS
        ch = (b.bottom - top) / ROWS
        lefts = [int(b.left + col * cw) for col in range(COLS + 1)]
        tops = [int(top + row * ch) for row in range(ROWS + 1)]
        return [Rect(lefts[col], tops[row], lefts[col + 1], tops[row + 1])
                for row in range(ROWS) for col in range(COLS)]

    def on_draw(self, canvas: skia.Canvas) -> None:
        b = self._bounds
        lh = letters_height()
        size = sp(14)
        lm = line_metrics(size)
        cw = b.width / COLS
        for col, letter in enumerate(WEEKDAY_LETTERS_SUNDAY_FIRST):
            self.paint_text(canvas, letter, b.left + (col + 0.5) * cw, b.top + (lh - lm.height) / 2,
                            size=size, color=theme.TEXT_SECONDARY, align="center")
        ev_size = sp(11)
        ev_lm = line_metrics(ev_size)
        bar_h = ev_lm.height + dp(2)
        for gd, r in zip(self.days, self.cell_rects()):
            cx = (r.left + r.right) / 2
            num_top = r.top + dp(4)
            color = theme.TEXT if gd.in_month else theme.TEXT_DISABLED
            if gd.is_today:
                radius = lm.height * 0.62
                canvas.drawCircle(cx, num_top + lm.height / 2, radius, fill_paint(theme.PRIMARY))
                color = theme.ON_PRIMARY
            self.paint_text(canvas, str(gd.day.day), cx, num_top, size=size, color=color,
                            align="center")
            y = num_top + lm.height + dp(6)
            for ev in gd.events:
                if y + bar_h > r.bottom - dp(1):
                    break
                bar = Rect(r.left + dp(2), int(y), r.right - dp(2), int(y + bar_h))
                bar_color = ev.color if gd.in_month else (ev.color & 0x00FFFFFF) | 0x66000000
                canvas.drawRoundRect(srect(bar), dp(3), dp(3), fill_paint(bar_color))
                title = ellipsize(ev.title, ev_size, "regular", bar.width - dp(4))
                if title:
                    canvas.save()
                    canvas.clipRect(srect(bar))
                    self.paint_text(canvas, title, bar.left + dp(2), bar.top + dp(1), size=ev_size,
                                    color=theme.WHITE)
                    canvas.restore()
                y += bar_h + dp(2)


class MonthViewWrapper(View):
    """FrameLayout `month_view_wrapper`: the MonthView plus 42 clickable backgrounds."""

    a11y_class = "android.widget.FrameLayout"

    def __init__(self, days: list[GridDay], on_day: Callable[[date], None]) -> None:
        super().__init__(id="month_view_wrapper", width=MATCH_PARENT, height=MATCH_PARENT)
        self.month_view = MonthView(days)
        self.add(self.month_view)
        self._on_day = on_day
        self.cells: list[View] = []
        for i in range(ROWS * COLS):
            cell = View(id="month_view_background", clickable=True,
                        on_click=(lambda v, i=i: self._on_day(self.month_view.days[i].day)))
            self.cells.append(cell)
            self.add(cell)

    def set_days(self, days: list[GridDay]) -> None:
        self.month_view.set_days(days)

    def on_measure(self, wspec, hspec):
        w, h = wspec[1], hspec[1]
        self.month_view.measure((EXACTLY, w), (EXACTLY, h))
        cell_w, cell_h = (EXACTLY, w // COLS), (EXACTLY, h // ROWS)
        for c in self.cells:
            c.measure(cell_w, cell_h)
        return w, h

    def on_layout(self, b: Rect) -> None:
        self.month_view.layout(b.left, b.top, b.right, b.bottom)
        for c, r in zip(self.cells, self.month_view.cell_rects()):
            c.layout(r.left, r.top, r.right, r.bottom)
