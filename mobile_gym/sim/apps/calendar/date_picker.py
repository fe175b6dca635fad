"""The framework DatePickerDialog (calendar mode) the editor and "Go to date" open.

`android:id/datePicker` > header (`date_picker_header_year` "2023", `date_picker_header_date`
"Sun, Oct 15") and the day picker: `android:id/month_view` paints the month title, weekday
letters and day numbers; each day of the month is a virtual `android.view.View` node with
text "23" and content-desc "23 October 2023" (`SimpleMonthView`, pattern "dd MMMM yyyy");
`android:id/prev` / `next` change the month; OK = `android:id/button1`, Cancel = `button2`.
Weeks start on Sunday (en-US `isSundayFirst`).
"""

from __future__ import annotations

import calendar as _cal
from collections.abc import Callable, Sequence
from datetime import date
from typing import TYPE_CHECKING

import skia

from ...ui.dialogs import alert_dialog
from ...ui.geometry import Rect
from ...ui.layouts import FrameLayout, LinearLayout
from ...ui.lists import RecyclerView
from ...ui.render import fill_paint
from ...ui.text import line_metrics
from ...ui.units import MATCH_PARENT, WRAP_CONTENT, dp, sp
from ...ui.view import EXACTLY, Spec, View
from ...ui.widgets import ImageButton, TextView
from . import dates, formatting, theme
from .dialogs import _Dialog

if TYPE_CHECKING:
    from ...system.activity import Activity

MONTH_HEIGHT = dp(56)
DOW_HEIGHT = dp(40)
DAY_HEIGHT = dp(40)


class SimpleMonthView(View):
    """`android:id/month_view`: paints one month; its day nodes are children (virtual views)."""

    def __init__(self, year: int, month: int, selected: date, today: date,
                 on_day: Callable[[date], None]) -> None:
        super().__init__(id="android:id/month_view", width=MATCH_PARENT,
                         height=MONTH_HEIGHT + DOW_HEIGHT + 6 * DAY_HEIGHT, focusable=True)
        self.year, self.month, self.picked, self.today = year, month, selected, today
        self.offset = date(year, month, 1).isoweekday() % 7  # Sunday first
        for day in range(1, _cal.monthrange(year, month)[1] + 1):
            d = date(year, month, day)
            self.add(View(text=str(day), content_desc=formatting.long_date_desc(d), clickable=True,
                          checkable=False, checked=(d == selected),
                          on_click=(lambda v, d=d: on_day(d))))

    def on_measure(self, wspec: Spec, hspec: Spec) -> tuple[int, int]:
        w = wspec[1]
        h = MONTH_HEIGHT + DOW_HEIGHT + 6 * DAY_HEIGHT
        for c in self.children:
            c.measure((EXACTLY, w // 7), (EXACTLY, DAY_HEIGHT))
        return w, h

    def _cell(self, index: int) -> Rect:
        b = self._bounds
        cw = b.width / 7
        row, col = divmod(index, 7)
        top = b.top + MONTH_HEIGHT + DOW_HEIGHT + row * DAY_HEIGHT
        return Rect(int(b.left + col * cw), top, int(b.left + (col + 1) * cw), top + DAY_HEIGHT)

    def on_layout(self, b: Rect) -> None:
        for i, c in enumerate(self.children):
            r = self._cell(i + self.offset)
            c.layout(r.left, r.top, r.right, r.bottom)

    def on_draw(self, canvas: skia.Canvas) -> None:
        b = self._bounds
        title = f"{formatting.MONTHS[self.month - 1]} {self.year}"
        tm = line_metrics(sp(14), "medium")
        self.paint_text(canvas, title, (b.left + b.right) / 2, b.top + (MONTH_HEIGHT - tm.height) / 2,
                        size=sp(14), color=theme.TEXT, weight="medium", align="center")
        cw = b.width / 7
        dm = line_metrics(sp(12))
        for col, letter in enumerate(formatting.WEEKDAY_LETTERS_SUNDAY_FIRST):
            self.paint_text(canvas, letter, b.left + (col + 0.5) * cw,
                            b.top + MONTH_HEIGHT + (DOW_HEIGHT - dm.height) / 2, size=sp(12),
                            color=theme.TEXT_SECONDARY, align="center")
        nm = line_metrics(sp(14))
        for i in range(len(self.children)):
            r = self._cell(i + self.offset)
            d = date(self.year, self.month, i + 1)
            cx, cy = (r.left + r.right) / 2, (r.top + r.bottom) / 2
            color = theme.TEXT
            if d == self.picked:
                canvas.drawCircle(cx, cy, dp(20), fill_paint(theme.PRIMARY))
                color = theme.ON_PRIMARY
            elif d == self.today:
                color = theme.PRIMARY
            self.paint_text(canvas, str(i + 1), cx, cy - nm.height / 2, size=sp(14), color=color,
                            align="center")


FIRST_YEAR = 1900
LAST_YEAR = 2100
YEAR_ROW = dp(48)


class _CenteredList(RecyclerView):
    """A list that opens scrolled to `start` px (YearPickerView centres the picked year)."""

    def __init__(self, start: int, items: Sequence[View], **kw) -> None:
        super().__init__(items, **kw)
        self._start: int | None = start

    def on_layout(self, b: Rect) -> None:
        if self._start is not None:
            self._scroll = max(0, self._start)  # clamped by the list's own layout
            self._start = None
        super().on_layout(b)


class DatePickerView(LinearLayout):
    """`android:id/datePicker` (class android.widget.DatePicker) with its state."""

    def __init__(self, initial: date, today: date) -> None:
        super().__init__("vertical", id="android:id/datePicker", width=MATCH_PARENT,
                         height=WRAP_CONTENT)
        self.a11y_class = "android.widget.DatePicker"
        self.picked = initial
        self.shown_month = (initial.year, initial.month)
        self.today = today
        header = LinearLayout("vertical", id="android:id/date_picker_header", width=MATCH_PARENT,
                              height=WRAP_CONTENT, background=theme.PRIMARY,
                              padding=(dp(24), dp(16), dp(24), dp(16)))
        self.mode = "day"
        self.year_text = TextView("", id="android:id/date_picker_header_year", clickable=True,
                                  text_size=sp(16), text_color=0xB3FFFFFF,
                                  on_click=lambda: self._set_mode("year"))
        self.date_text = TextView("", id="android:id/date_picker_header_date", clickable=True,
                                  text_size=sp(34), text_color=theme.ON_PRIMARY,
                                  on_click=lambda: self._set_mode("day"))
        header.add(self.year_text, self.date_text)
        self.animator = FrameLayout(id="android:id/animator", width=MATCH_PARENT, height=WRAP_CONTENT)
        self.animator.a11y_class = "android.widget.ViewAnimator"
        self.add(header, self.animator)
        self._render()

    def _set_mode(self, mode: str) -> None:
        self.mode = mode
        self._render()

    def _render(self) -> None:
        self.year_text.text = str(self.picked.year)
        self.date_text.text = formatting.picker_header_date(self.picked)
        self.year_text.text_color = theme.ON_PRIMARY if self.mode == "year" else 0xB3FFFFFF
        self.date_text.text_color = theme.ON_PRIMARY if self.mode == "day" else 0xB3FFFFFF
        self.animator.clear()
        if self.mode == "year":
            self.animator.add(self._year_list())
            return
        year, month = self.shown_month
        day_picker = FrameLayout(id="android:id/date_picker_day_picker", width=MATCH_PARENT,
                                 height=WRAP_CONTENT)
        day_picker.a11y_class = "android.view.ViewGroup"
        pager = FrameLayout(id="android:id/day_picker_view_pager", width=MATCH_PARENT,
                            height=WRAP_CONTENT, padding=(dp(8), 0, dp(8), 0))
        pager.a11y_class = "com.android.internal.widget.ViewPager"
        pager.add(SimpleMonthView(year, month, self.picked, self.today, self._pick))
        prev = ImageButton("chevron_left", id="android:id/prev", content_desc="Previous month",
                           layout_gravity="start|top", on_click=lambda: self._move(-1))
        nxt = ImageButton("chevron_right", id="android:id/next", content_desc="Next month",
                          layout_gravity="end|top", on_click=lambda: self._move(1))
        day_picker.add(pager, prev, nxt)
        self.animator.add(day_picker)

    def _year_list(self) -> View:
        """`android:id/date_picker_year_picker`: years 1900-2100, the picked one centred."""
        rows = []
        for y in range(FIRST_YEAR, LAST_YEAR + 1):
            picked = y == self.picked.year
            rows.append(TextView(str(y), id="android:id/text1", clickable=True, checked=picked,
                                 gravity="center", width=MATCH_PARENT, height=YEAR_ROW,
                                 text_size=sp(24) if picked else sp(16),
                                 text_color=theme.PRIMARY if picked else theme.TEXT,
                                 on_click=(lambda v, y=y: self._pick_year(y))))
        height = MONTH_HEIGHT + DOW_HEIGHT + 6 * DAY_HEIGHT
        start = (self.picked.year - FIRST_YEAR) * YEAR_ROW - (height - YEAR_ROW) // 2
        lst = _CenteredList(start, rows, id="android:id/date_picker_year_picker",
                            width=MATCH_PARENT, height=height)
        lst.a11y_class = "android.widget.ListView"
        return lst

    def _pick_year(self, year: int) -> None:
        """Choosing a year keeps month and day (29 Feb -> 28 Feb) and shows the days again."""
        p = self.picked
        self.picked = date(year, p.month, min(p.day, _cal.monthrange(year, p.month)[1]))
        self.shown_month = (year, p.month)
        self._set_mode("day")

    def _pick(self, d: date) -> None:
        self.picked = d
        self._render()

    def _move(self, months: int) -> None:
        y, m = self.shown_month
        first = dates.add_months(date(y, m, 1), months)
        self.shown_month = (first.year, first.month)
        self._render()


def show_date_picker(activity: Activity, initial: date, on_set: Callable[[date], None]) -> _Dialog:
    """Open the picker on `initial`; OK calls `on_set(selected date)`."""
    today = dates.to_datetime(int(activity.ctx.now())).date()
    picker = DatePickerView(initial, today)
    d = _Dialog(activity)
    root = alert_dialog(None, None, [("OK", lambda: on_set(picker.picked)), ("Cancel", None)],
                        view=picker)
    return d.show(root)

