"""The main screen's view fragments: monthly grid, daily list and the simple event list.

Each fragment owns its root view and rebuilds its content from a list of events on
`show(...)`; the activity decides which one is in `fragments_holder`.
"""

from __future__ import annotations

from datetime import date
from typing import Callable

from ...ui.geometry import Rect
from ...ui.layouts import LinearLayout, RelativeLayout
from ...ui.lists import RecyclerView, ViewPager
from ...ui.units import MATCH_PARENT, WRAP_CONTENT, dp
from ...ui.view import EXACTLY, Spec, View
from ...ui.widgets import ImageView, TextView
from . import dates, formatting, model, occurrences, theme
from .event_row import EventRow, section_title
from .month_view import CellEvent, GridDay, MonthViewWrapper

NAV_HEIGHT = dp(56)
RowCallback = Callable[[EventRow], None]


class TopNavHolder(RelativeLayout):
    """A RelativeLayout whose first three children (`top_left_arrow`, `top_value`,
    `top_right_arrow`) form the navigation row and whose other children fill the rest."""

    def on_measure(self, wspec: Spec, hspec: Spec) -> tuple[int, int]:
        w, h = wspec[1], hspec[1]
        left, title, right, *rest = self.children
        for arrow in (left, right):
            arrow.measure((EXACTLY, dp(56)), (EXACTLY, NAV_HEIGHT))
        title.measure((EXACTLY, max(0, w - 2 * dp(56))), (EXACTLY, NAV_HEIGHT))
        for c in rest:
            if c.visibility != "gone":
                c.measure((EXACTLY, w), (EXACTLY, max(0, h - NAV_HEIGHT)))
        return w, h

    def on_layout(self, b: Rect) -> None:
        left, title, right, *rest = self.children
        left.layout(b.left, b.top, b.left + dp(56), b.top + NAV_HEIGHT)
        title.layout(b.left + dp(56), b.top, b.right - dp(56), b.top + NAV_HEIGHT)
        right.layout(b.right - dp(56), b.top, b.right, b.top + NAV_HEIGHT)
        for c in rest:
            if c.visibility != "gone":
                c.layout(b.left, b.top + NAV_HEIGHT, b.right, b.bottom)


def _nav(holder_id: str, title: str, on_prev: Callable[[], None], on_next: Callable[[], None],
         on_title: Callable[[], None], content: View) -> TopNavHolder:
    holder = TopNavHolder(id=holder_id, width=MATCH_PARENT, height=MATCH_PARENT)
    holder.add(
        ImageView("chevron_left", id="top_left_arrow", clickable=True, focusable=True,
                  icon_color=theme.TEXT, on_click=lambda: on_prev()),
        TextView(title, id="top_value", content_desc=title, clickable=True, focusable=True,
                 gravity="center", text_size=theme.ACTIONBAR_TEXT, text_color=theme.TEXT,
                 font_weight="medium", on_click=lambda: on_title()),
        ImageView("chevron_right", id="top_right_arrow", clickable=True, focusable=True,
                  icon_color=theme.TEXT, on_click=lambda: on_next()),
        content)
    return holder


def _event_color(types: dict[int, int], ev: model.Event) -> int:
    if ev.color:
        return theme.argb_to_color(ev.color)
    return theme.argb_to_color(types.get(ev.event_type, model.DEFAULT_PRIMARY_COLOR))


class MonthFragment:
    """`fragment_months_viewpager` > `month_calendar_holder` for one month."""

    def __init__(self, on_prev, on_next, on_title, on_day: Callable[[date], None]) -> None:
        self._on_prev, self._on_next, self._on_title = on_prev, on_next, on_title
        self._on_day = on_day
        self.root = ViewPager(id="fragment_months_viewpager")
        self.wrapper: MonthViewWrapper | None = None

    def show(self, year: int, month: int, today: date, events: list[model.Event],
             types: dict[int, int]) -> None:
        grid = dates.month_grid(year, month)
        per_day = occurrences.by_day(events, grid)
        days = [GridDay(d, d.month == month, d == today,
                        tuple(CellEvent(o.event.title, _event_color(types, o.event))
                              for o in per_day[d]))
                for d in grid]
        self.wrapper = MonthViewWrapper(days, self._on_day)
        holder = _nav("month_calendar_holder", formatting.month_title(year, month, today),
                      self._on_prev, self._on_next, self._on_title, self.wrapper)
        self.root.clear()
        self.root.add(holder)
        self.root.set_current_item(0, notify=False)


class DayFragment:
    """`fragment_days_viewpager` > `day_holder` for one day: the day's event rows."""

    def __init__(self, on_prev, on_next, on_title, on_row_click: RowCallback,
                 on_row_long_click: RowCallback) -> None:
        self._on_prev, self._on_next, self._on_title = on_prev, on_next, on_title
        self._click, self._long = on_row_click, on_row_long_click
        self.root = ViewPager(id="fragment_days_viewpager")
        self.rows: list[EventRow] = []

    def show(self, day: date, today: date, events: list[model.Event], types: dict[int, int]) -> None:
        self.rows = [EventRow(o, list_view=False, on_click=self._click, on_long_click=self._long,
                              color=_event_color(types, o.event))
                     for o in occurrences.on_day(events, day)]
        lst = RecyclerView(self.rows, id="day_events", width=MATCH_PARENT, height=MATCH_PARENT)
        holder = _nav("day_holder", formatting.day_title(day, today), self._on_prev,
                      self._on_next, self._on_title, lst)
        self.root.clear()
        self.root.add(holder)
        self.root.set_current_item(0, notify=False)


class EventListFragment:
    """`fragment_event_list`: month and day headers, then rows, from now - 24 h onwards."""

    def __init__(self, on_row_click: RowCallback, on_row_long_click: RowCallback,
                 on_create: Callable[[], None]) -> None:
        self._click, self._long, self._create = on_row_click, on_row_long_click, on_create
        self.root = RelativeLayout(id="calendar_events_list_holder", width=MATCH_PARENT,
                                   height=MATCH_PARENT)
        self.rows: list[EventRow] = []

    def show(self, now_ts: int, today: date, events: list[model.Event],
             types: dict[int, int]) -> None:
        start = now_ts - 86400
        end = dates.to_ts(dates.to_datetime(now_ts).replace(hour=0, minute=0, second=0)) \
            + 3 * 31 * 86400
        items: list[View] = []
        self.rows = []
        last_month: tuple[int, int] | None = None
        last_day: date | None = None
        for o in occurrences.occurrences(events, start, end):
            d = dates.to_datetime(o.start_ts).date()
            if (d.year, d.month) != last_month:
                last_month = (d.year, d.month)
                items.append(section_title(formatting.month_title(d.year, d.month, today), month=True))
            if d != last_day:
                last_day = d
                items.append(section_title(formatting.section_day_title(d), month=False))
            row = EventRow(o, list_view=True, on_click=self._click, on_long_click=self._long,
                           color=_event_color(types, o.event))
            self.rows.append(row)
            items.append(row)
        self.root.clear()
        if items:
            self.root.add(RecyclerView(items, id="calendar_events_list", width=MATCH_PARENT,
                                       height=MATCH_PARENT))
        else:
            box = RelativeLayout(width=MATCH_PARENT, height=MATCH_PARENT)
            col = LinearLayout("vertical", width=MATCH_PARENT, height=WRAP_CONTENT,
                               layout_gravity="center")
            col.add(TextView("No upcoming events.", id="calendar_empty_list_placeholder",
                             width=MATCH_PARENT, gravity="center", text_size=theme.BIG_TEXT,
                             text_color=theme.TEXT_SECONDARY, padding=dp(8)))
            col.add(TextView("Create a new event", id="calendar_empty_list_placeholder_2",
                             clickable=True, gravity="center", width=MATCH_PARENT,
                             text_size=theme.BIG_TEXT, text_color=theme.PRIMARY, padding=dp(8),
                             on_click=lambda: self._create()))
            box.add(col)
            self.root.add(box)

