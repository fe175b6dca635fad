"""The main screen's view fragments: monthly grid, daily list and the simple event list.

Each fragment owns its root view and rebuilds its content from a list of events on
`show(...)`; the activity decides which one is in `fragments_holder`.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta

import skia

from mobile_gym.apps import calendar as model

from ...ui.geometry import Rect
from ...ui.layouts import LinearLayout, RelativeLayout
from ...ui.lists import RecyclerView, ScrollView, ViewPager
from ...ui.render import fill_paint
from ...ui.units import MATCH_PARENT, WRAP_CONTENT, dp
from ...ui.view import EXACTLY, Spec, View
from ...ui.widgets import ImageView, TextView
from . import dates, formatting, occurrences, theme
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


def _pager(vid: str, on_swipe: Callable[[int], None]) -> ViewPager:
    """A ViewPager holding the previous, current and next period; a swipe to a neighbour
    page reports -1 / +1 (the owner then rebuilds the pages around the new period)."""
    def selected(index: int) -> None:
        if index != 1:
            on_swipe(index - 1)

    return ViewPager(id=vid, on_page_selected=lambda v, i: selected(i))


def _set_pages(pager: ViewPager, pages: list[View]) -> None:
    pager.clear()
    for p in pages:
        pager.add(p)
    pager.set_current_item(1, notify=False)


def _event_color(types: dict[int, int], ev: model.Event) -> int:
    if ev.color:
        return theme.argb_to_color(ev.color)
    return theme.argb_to_color(types.get(ev.event_type, model.DEFAULT_PRIMARY_COLOR))


class MonthFragment:
    """`fragment_months_viewpager` with the previous, shown and next month pages, each a
    `month_calendar_holder`. The three pages are built once and refilled on `show`."""

    def __init__(self, on_prev, on_next, on_title, on_day: Callable[[date], None], *,
                 on_swipe: Callable[[int], None]) -> None:
        self.root = _pager("fragment_months_viewpager", on_swipe)
        self._titles: list[TextView] = []
        self._wrappers: list[MonthViewWrapper] = []
        blank = [GridDay(d, False, False) for d in dates.month_grid(2000, 1)]
        for _ in range(3):
            wrapper = MonthViewWrapper(blank, on_day)
            page = _nav("month_calendar_holder", "", on_prev, on_next, on_title, wrapper)
            self._titles.append(page.children[1])  # type: ignore[arg-type]
            self._wrappers.append(wrapper)
            self.root.add(page)

    def show(self, year: int, month: int, today: date, events: list[model.Event],
             types: dict[int, int]) -> None:
        first = date(year, month, 1)
        for k, title, wrapper in zip((-1, 0, 1), self._titles, self._wrappers):
            m = dates.add_months(first, k)
            grid = dates.month_grid(m.year, m.month)
            per_day = occurrences.by_day(events, grid)
            wrapper.set_days([GridDay(d, d.month == m.month, d == today,
                                      tuple(CellEvent(o.event.title, _event_color(types, o.event))
                                            for o in per_day[d]))
                              for d in grid])
            text = formatting.month_title(m.year, m.month, today)
            title.text = text
            title.content_desc = text
        self.root.set_current_item(1, notify=False)


class DayFragment:
    """`fragment_days_viewpager` > `day_holder` for one day: the day's event rows."""

    def __init__(self, on_prev, on_next, on_title, on_row_click: RowCallback,
                 on_row_long_click: RowCallback, *, on_swipe: Callable[[int], None]) -> None:
        self._on_prev, self._on_next, self._on_title = on_prev, on_next, on_title
        self._click, self._long = on_row_click, on_row_long_click
        self.root = _pager("fragment_days_viewpager", on_swipe)

    def _page(self, day: date, today: date, events: list[model.Event],
              types: dict[int, int]) -> View:
        rows: list[View] = [EventRow(o, list_view=False, on_click=self._click,
                                     on_long_click=self._long, color=_event_color(types, o.event))
                            for o in occurrences.on_day(events, day)]
        lst = RecyclerView(rows, id="day_events", width=MATCH_PARENT, height=MATCH_PARENT)
        return _nav("day_holder", formatting.day_title(day, today), self._on_prev,
                    self._on_next, self._on_title, lst)

    def show(self, day: date, today: date, events: list[model.Event], types: dict[int, int]) -> None:
        _set_pages(self.root, [self._page(day + timedelta(days=k), today, events, types)
                               for k in (-1, 0, 1)])


def list_items(occs: list[occurrences.Occurrence], today: date, types: dict[int, int],
               on_click: RowCallback, on_long_click: RowCallback) -> list[View]:
    """`getEventListItems`: a month header, a day header ("17 Tuesday"), then that day's rows."""
    items: list[View] = []
    last_month: tuple[int, int] | None = None
    last_day: date | None = None
    for o in occs:
        d = dates.to_datetime(o.start_ts).date()
        if (d.year, d.month) != last_month:
            last_month = (d.year, d.month)
            items.append(section_title(formatting.month_title(d.year, d.month, today), month=True))
        if d != last_day:
            last_day = d
            items.append(section_title(formatting.section_day_title(d), month=False))
        items.append(EventRow(o, list_view=True, on_click=on_click, on_long_click=on_long_click,
                              color=_event_color(types, o.event)))
    return items


class EventListFragment:
    """`fragment_event_list`: month and day headers, then rows, from now - 24 h onwards."""

    def __init__(self, on_row_click: RowCallback, on_row_long_click: RowCallback,
                 on_create: Callable[[], None]) -> None:
        self._click, self._long, self._create = on_row_click, on_row_long_click, on_create
        self.root = RelativeLayout(id="calendar_events_list_holder", width=MATCH_PARENT,
                                   height=MATCH_PARENT)

    def show(self, now_ts: int, today: date, events: list[model.Event],
             types: dict[int, int]) -> None:
        start = now_ts - 86400
        end = dates.to_ts(dates.to_datetime(now_ts).replace(hour=0, minute=0, second=0)) \
            + 3 * 31 * 86400
        items = list_items(occurrences.occurrences(events, start, end), today, types,
                           self._click, self._long)
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


class MonthDayFragment:
    """`fragment_month_day`: a month grid whose tapped day's events are listed below it."""

    def __init__(self, on_prev, on_next, on_title, on_day: Callable[[date], None],
                 on_row_click: RowCallback, on_row_long_click: RowCallback) -> None:
        self._on_prev, self._on_next, self._on_title = on_prev, on_next, on_title
        self._on_day, self._click, self._long = on_day, on_row_click, on_row_long_click
        self.root = ViewPager(id="fragment_months_days_viewpager")

    def show(self, month_first: date, selected: date, today: date, events: list[model.Event],
             types: dict[int, int]) -> None:
        grid = dates.month_grid(month_first.year, month_first.month)
        per_day = occurrences.by_day(events, grid)
        days = [GridDay(d, d.month == month_first.month, d == today,
                        tuple(CellEvent(o.event.title, _event_color(types, o.event))
                              for o in per_day[d]))
                for d in grid]
        wrapper = MonthViewWrapper(days, self._on_day)
        wrapper.id = "month_day_view_wrapper"
        wrapper.weight = 1
        wrapper.height = 0
        rows: list[View] = [EventRow(o, list_view=False, on_click=self._click,
                                     on_long_click=self._long, color=_event_color(types, o.event))
                            for o in occurrences.on_day(events, selected)]
        lower = LinearLayout("vertical", width=MATCH_PARENT, height=0, weight=1)
        lower.add(TextView(formatting.day_title(selected, today), id="month_day_selected_day_label",
                           text_size=theme.BIG_TEXT, font_weight="medium", width=MATCH_PARENT,
                           padding=(dp(16), dp(8), dp(16), dp(8))))
        if rows:
            lower.add(RecyclerView(rows, id="month_day_events_list", width=MATCH_PARENT,
                                   height=MATCH_PARENT))
        else:
            lower.add(TextView("No items found.", id="month_day_no_events_placeholder",
                               width=MATCH_PARENT, gravity="center", text_size=theme.BIG_TEXT,
                               text_color=theme.TEXT_SECONDARY, padding=dp(16)))
        body = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT)
        body.add(wrapper, lower)
        holder = _nav("month_day_calendar_holder",
                      formatting.month_title(month_first.year, month_first.month, today),
                      self._on_prev, self._on_next, self._on_title, body)
        self.root.clear()
        self.root.add(holder)
        self.root.set_current_item(0, notify=False)


class SmallMonthView(View):
    """`month_N` of the yearly view: the month's day numbers painted in a 7-column grid
    (Sunday first), days with events underlined by a dot, today in the accent colour."""

    def __init__(self, vid: str, year: int, month: int, today: date, busy: set[date]) -> None:
        super().__init__(id=vid, width=MATCH_PARENT, height=MATCH_PARENT)
        self.year, self.month, self.today, self.busy = year, month, today, busy

    def on_draw(self, canvas: skia.Canvas) -> None:
        b = self._bounds
        first = date(self.year, self.month, 1)
        offset = first.isoweekday() % 7
        days = (dates.add_months(first, 1) - first).days
        cw, rh = b.width / 7, min(b.height / 6, dp(20))
        for i in range(days):
            d = first + timedelta(days=i)
            row, col = divmod(i + offset, 7)
            x, y = b.left + (col + 0.5) * cw, b.top + row * rh
            color = theme.PRIMARY if d == self.today else theme.TEXT
            self.paint_text(canvas, str(d.day), x, y, size=theme.SMALLER_TEXT - dp(1),
                            color=color, align="center")
            if d in self.busy:
                canvas.drawCircle(x, y + rh - dp(3), dp(1.5), fill_paint(theme.REGULAR_EVENT_COLOR))


class YearFragment:
    """`fragment_year`: twelve month labels (`month_N_label`) and small months (`month_N`)."""

    def __init__(self, on_prev, on_next, on_month: Callable[[int], None]) -> None:
        self._on_prev, self._on_next, self._on_month = on_prev, on_next, on_month
        self.root = ViewPager(id="fragment_years_viewpager")

    def show(self, year: int, today: date, events: list[model.Event]) -> None:
        year_days = [date(year, 1, 1) + timedelta(days=i)
                     for i in range((date(year + 1, 1, 1) - date(year, 1, 1)).days)]
        busy = {d for d, occ in occurrences.by_day(events, year_days).items() if occ}
        grid = LinearLayout("vertical", id="calendar_holder", width=MATCH_PARENT,
                            height=MATCH_PARENT, padding=(dp(8), 0, dp(8), 0))
        row: LinearLayout | None = None
        for m in range(1, 13):
            if (m - 1) % 3 == 0:
                row = LinearLayout("horizontal", width=MATCH_PARENT, height=0, weight=1)
                grid.add(row)
            cell = LinearLayout("vertical", id=f"month_{m}_holder", width=0, weight=1,
                                height=MATCH_PARENT, clickable=True,
                                on_click=(lambda v, m=m: self._on_month(m)))
            cell.add(TextView(formatting.MONTHS[m - 1], id=f"month_{m}_label",
                              text_size=theme.NORMAL_TEXT, font_weight="medium",
                              text_color=theme.PRIMARY if (year, m) == (today.year, today.month)
                              else theme.TEXT, padding=(dp(4), dp(4), dp(4), dp(2))),
                     SmallMonthView(f"month_{m}", year, m, today, busy))
            assert row is not None
            row.add(cell)
        holder = _nav("year_calendar_holder", str(year), self._on_prev, self._on_next,
                      lambda: None, grid)
        self.root.clear()
        self.root.add(holder)
        self.root.set_current_item(0, notify=False)


HOUR_HEIGHT = dp(60)
HOURS_WIDTH = dp(48)


class WeekGrid(View):
    """The scrollable week body: hour lines and labels (painted) plus one `week_event_label`
    TextView per event occurrence, placed in its day column by time (content-desc = title)."""

    def __init__(self, days: list[date], events: list[model.Event], types: dict[int, int],
                 on_event: Callable[[occurrences.Occurrence], None]) -> None:
        super().__init__(id="week_events_holder", width=MATCH_PARENT, height=24 * HOUR_HEIGHT)
        self.a11y_class = "android.widget.RelativeLayout"
        self.days = days
        self.placed: list[tuple[View, int, float, float]] = []
        per_day = occurrences.by_day(events, days)
        for col, d in enumerate(days):
            for o in per_day[d]:
                if o.event.is_all_day:
                    continue
                day_start = dates.day_start_ts(d)
                top = max(0, o.start_ts - day_start) / 3600
                bottom = min(86400, o.end_ts - day_start) / 3600
                label = TextView(o.event.title, id="week_event_label", content_desc=o.event.title,
                                 clickable=True, text_size=theme.SMALL_TEXT,
                                 text_color=theme.WHITE, background=_event_color(types, o.event),
                                 padding=dp(2), corner_radius=dp(3),
                                 on_click=(lambda v, o=o: on_event(o)))
                self.add(label)
                self.placed.append((label, col, top, max(bottom, top + 0.5)))

    def on_measure(self, wspec: Spec, hspec: Spec) -> tuple[int, int]:
        w = wspec[1]
        col_w = (w - HOURS_WIDTH) // 7
        for label, _col, top, bottom in self.placed:
            label.measure((EXACTLY, col_w - dp(2)), (EXACTLY, int((bottom - top) * HOUR_HEIGHT) - dp(1)))
        return w, 24 * HOUR_HEIGHT

    def on_layout(self, b: Rect) -> None:
        col_w = (b.width - HOURS_WIDTH) // 7
        for label, col, top, _bottom in self.placed:
            x = b.left + HOURS_WIDTH + col * col_w + dp(1)
            y = b.top + int(top * HOUR_HEIGHT)
            label.layout(x, y, x + label.measured_width, y + label.measured_height)

    def on_draw(self, canvas: skia.Canvas) -> None:
        b = self._bounds
        for h in range(1, 24):
            y = b.top + h * HOUR_HEIGHT
            canvas.drawRect(skia.Rect.MakeLTRB(b.left + HOURS_WIDTH, y, b.right, y + 1),
                            fill_paint(theme.DIVIDER))
            self.paint_text(canvas, f"{h:02d}:00", b.left + HOURS_WIDTH - dp(4), y - dp(8),
                            size=theme.SMALLER_TEXT, color=theme.TEXT_SECONDARY, align="right")


class _StartAtScroll(ScrollView):
    """A ScrollView that opens scrolled to `start` px (the weekly view starts at 07:00,
    `config.startWeeklyAt`)."""

    def __init__(self, start: int, **kw) -> None:
        super().__init__(**kw)
        self._start: int | None = start

    def on_layout(self, b: Rect) -> None:
        if self._start is not None:
            self._scroll = self._start  # clamped by ScrollView.on_layout
            self._start = None
        super().on_layout(b)


class WeekFragment:
    """`fragment_week_holder`: month label, week number and the week's events by hour."""

    def __init__(self, on_event: Callable[[occurrences.Occurrence], None], *,
                 on_swipe: Callable[[int], None]) -> None:
        self._on_event = on_event
        self.root = RelativeLayout(id="week_view_holder", width=MATCH_PARENT, height=MATCH_PARENT)
        self.pager = _pager("week_view_view_pager", on_swipe)

    def _page(self, start: date, today: date, events: list[model.Event],
              types: dict[int, int]) -> View:
        days = [start + timedelta(days=i) for i in range(7)]
        letters = LinearLayout("horizontal", id="week_letters_holder", width=MATCH_PARENT,
                               height=WRAP_CONTENT, padding=(HOURS_WIDTH, 0, 0, 0))
        for d in days:
            letters.add(TextView(f"{formatting.WEEKDAYS[d.weekday()][0]}\n{d.day}", width=0,
                                 weight=1, gravity="center", text_size=theme.SMALL_TEXT,
                                 text_color=theme.PRIMARY if d == today else theme.TEXT))
        scroll = _StartAtScroll(7 * HOUR_HEIGHT, id="week_events_scrollview", width=MATCH_PARENT,
                                height=0, weight=1)
        scroll.add(WeekGrid(days, events, types, self._on_event))
        page = LinearLayout("vertical", id="week_holder", width=MATCH_PARENT, height=MATCH_PARENT)
        page.a11y_class = "android.widget.RelativeLayout"
        page.add(letters, scroll)
        return page

    def show(self, start: date, today: date, events: list[model.Event],
             types: dict[int, int]) -> None:
        mid = start + timedelta(days=3)
        header = LinearLayout("horizontal", width=MATCH_PARENT, height=dp(48),
                              gravity="center_vertical", padding=(dp(16), 0, dp(16), 0))
        header.add(TextView(formatting.month_title(start.year, start.month, today),
                            id="week_view_month_label", text_size=theme.BIG_TEXT,
                            font_weight="medium", width=0, weight=1),
                   TextView(f"Week {mid.isocalendar()[1]}", id="week_view_week_number",
                            text_size=theme.NORMAL_TEXT, text_color=theme.TEXT_SECONDARY))
        _set_pages(self.pager, [self._page(start + timedelta(days=7 * k), today, events, types)
                                for k in (-1, 0, 1)])
        body = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT)
        if self.pager.parent is not None:
            self.pager.parent.remove(self.pager)
        self.pager.height = MATCH_PARENT
        body.add(header, self.pager)
        self.root.clear()
        self.root.add(body)
