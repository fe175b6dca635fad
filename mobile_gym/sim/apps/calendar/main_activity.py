"""MainActivity (`activity_main.xml`): search bar + toolbar, the current view fragment, the
FAB with its Event/Task labels, search results and the selection action mode (CAB).

Screens re-read events.db on every resume and after every change, so rows a task seeds
through the shell show up on the next refresh, as on the real app.
"""

from __future__ import annotations

from datetime import date, timedelta

from mobile_gym.apps import calendar as model

from ...system.activity import Activity
from ...ui.dialogs import popup_menu
from ...ui.layouts import FrameLayout, LinearLayout, RelativeLayout, ViewGroup
from ...ui.lists import RecyclerView, ViewPager
from ...ui.units import MATCH_PARENT, WRAP_CONTENT, dp
from ...ui.view import View
from ...ui.widgets import EditText, ImageButton, ImageView, TextView
from . import dates, dialogs, occurrences, theme
from . import prefs as P
from .date_picker import show_date_picker
from .editor_common import ACTION_MENU_CLASS
from .event_activity import (
    EXTRA_EVENT_ID,
    EXTRA_NEW_EVENT_START_TS,
    EXTRA_OCCURRENCE_TS,
)
from .event_row import EventRow
from .flat_rows import FlatRows, group
from .fragments import (
    DayFragment,
    EventListFragment,
    MonthDayFragment,
    MonthFragment,
    WeekFragment,
    YearFragment,
    list_items,
)
from .storage import CalendarStorage

OVERFLOW_ITEMS = ("Print", "Add holidays", "Add contact birthdays", "Add contact anniversaries",
                  "Import events from an .ics file", "Export events to an .ics file", "About",
                  "More apps from us")


def _menu_button(vid: str, title: str, icon: str, on_click) -> ImageButton:
    """An ActionMenuItemView: a Button in dumps, no text, content-desc = title."""
    b = ImageButton(icon, id=vid, content_desc=title, icon_color=theme.TEXT,
                    width=theme.ICON_BUTTON, height=theme.ICON_BUTTON, long_clickable=True,
                    on_click=lambda: on_click())
    b.a11y_class = "android.widget.Button"
    return b


class MainActivity(Activity):
    """The calendar's main screen."""

    action_mode_overlay = True  # Simple Commons' theme sets windowActionModeOverlay

    launch_mode = "singleTask"

    # -- lifecycle ------------------------------------------------------------------------
    def on_create(self) -> None:
        self.store = CalendarStorage(self.ctx)
        self.store.ensure_created()
        today = self.today
        self.shown_month = date(today.year, today.month, 1)
        self.shown_day = today            # daily view / monthly+daily selection
        self.pushed_day: date | None = None  # a day opened from the monthly view
        self.pushed_month = False              # a month opened from the yearly view
        self.fab_expanded = False
        self.search_open = False
        self.selected: list[EventRow] = []
        self.events: list[model.Event] = []
        self.types: dict[int, int] = {}
        self._build()  # the data is read in on_resume, which always follows

    def on_resume(self) -> None:
        self.refresh()

    @property
    def today(self) -> date:
        return dates.to_datetime(int(self.ctx.now())).date()

    @property
    def view_type(self) -> int:
        """The stored view (Prefs `view`)."""
        v = self.store.prefs.view
        return v if v in (1, 2, 3, 4, 5, 7) else P.MONTHLY_VIEW

    @property
    def shown_view(self) -> int:
        """What is on screen: a pushed day or month, else the stored view."""
        if self.pushed_day is not None:
            return P.DAILY_VIEW
        if self.pushed_month:
            return P.MONTHLY_VIEW
        return self.view_type

    # -- building -------------------------------------------------------------------------
    def _build(self) -> None:
        # search bar + toolbar (MySearchMenu)
        self.search_icon = ImageView("search", id="top_toolbar_search_icon", clickable=True,
                                     focusable=True, icon_color=theme.TEXT, padding=dp(12),
                                     width=dp(48), height=dp(48), margin=(dp(4), 0, 0, 0),
                                     on_click=self._search_icon_clicked)
        self.search_edit = EditText("", id="top_toolbar_search", hint="Search", single_line=True,
                                    text_size=theme.BIG_TEXT, width=0, weight=1,
                                    ime_action="search",
                                    on_text_changed=lambda v, t: self._search_changed(t),
                                    on_click=self._open_search)
        self.search_edit.underline = False
        self.menu = group("horizontal", a11y_class=ACTION_MENU_CLASS,
                          height=dp(48), gravity="center_vertical")
        self.toolbar = group("horizontal", id="top_toolbar", height=dp(56),
                             gravity="center_vertical")
        self.toolbar.add(self.menu)
        holder = FlatRows(id="top_toolbar_holder", width=MATCH_PARENT, height=WRAP_CONTENT,
                          background=theme.SURFACE_VARIANT, corner_radius=dp(28),
                          margin=(dp(12), dp(8), dp(12), dp(8)))
        holder.add_row(self.search_icon, self.search_edit, self.toolbar)
        app_bar = LinearLayout("vertical", id="top_app_bar_layout", width=MATCH_PARENT,
                               height=WRAP_CONTENT)
        app_bar.add(holder)
        main_menu = LinearLayout("vertical", id="main_menu", width=MATCH_PARENT, height=WRAP_CONTENT)
        main_menu.add(app_bar)

        # fragments + FAB
        self.fragments_holder = FrameLayout(id="fragments_holder", width=MATCH_PARENT,
                                            height=MATCH_PARENT)
        swipe = ViewGroup(id="swipe_refresh_layout", width=MATCH_PARENT, height=MATCH_PARENT)
        swipe.add(self.fragments_holder)
        self.overlay = RelativeLayout(id="fab_extended_overlay", width=MATCH_PARENT,
                                      height=MATCH_PARENT, background=0xB3FEFBFF,
                                      visibility="gone", clickable=True,
                                      on_click=self._collapse_fab)
        fab_margin = dp(16)
        self.fab = ImageButton("add", id="calendar_fab", content_desc="New Event",
                               icon_color=theme.ON_PRIMARY, background=theme.PRIMARY,
                               corner_radius=dp(16), width=theme.FAB_SIZE, height=theme.FAB_SIZE,
                               padding=dp(16), layout_gravity="bottom|end",
                               margin=(0, 0, fab_margin, fab_margin), on_click=self._fab_clicked)
        self.fab_event_label = TextView("Event", id="fab_event_label", clickable=True,
                                        text_size=theme.BIG_TEXT, text_color=theme.TEXT,
                                        font_weight="medium", visibility="gone",
                                        layout_gravity="bottom|end", padding=dp(8),
                                        margin=(0, 0, fab_margin + theme.FAB_SIZE + dp(8),
                                                fab_margin + dp(8)),
                                        on_click=self._new_event)
        self.fab_task_icon = ImageView("check_box", id="fab_task_icon", clickable=True,
                                       icon_color=theme.TEXT, background=theme.PRIMARY_CONTAINER,
                                       corner_radius=dp(12), width=dp(40), height=dp(40),
                                       padding=dp(8), visibility="gone", layout_gravity="bottom|end",
                                       margin=(0, 0, fab_margin + dp(8),
                                               fab_margin + theme.FAB_SIZE + dp(16)),
                                       on_click=self._new_task)
        self.fab_task_label = TextView("Task", id="fab_task_label", clickable=True,
                                       text_size=theme.BIG_TEXT, text_color=theme.TEXT,
                                       font_weight="medium", visibility="gone",
                                       layout_gravity="bottom|end", padding=dp(8),
                                       margin=(0, 0, fab_margin + theme.FAB_SIZE + dp(8),
                                               fab_margin + theme.FAB_SIZE + dp(20)),
                                       on_click=self._new_task)
        self.quick_filter = RecyclerView([], id="quick_event_type_filter", orientation="horizontal",
                                         width=MATCH_PARENT, height=dp(48), visibility="gone",
                                         layout_gravity="bottom|start")
        main_holder = ViewGroup(id="main_holder", width=MATCH_PARENT, height=MATCH_PARENT)
        main_holder.add(swipe, self.overlay, self.fab_event_label, self.fab_task_icon,
                        self.fab_task_label, self.fab, self.quick_filter)

        # search
        self.search_placeholder = TextView("No items found.", id="search_placeholder",
                                           width=MATCH_PARENT, gravity="center",
                                           text_size=theme.BIG_TEXT, text_color=theme.TEXT_SECONDARY,
                                           padding=dp(16), layout_gravity="top")
        self.search_placeholder_2 = TextView(
            "Type in at least 2 characters to start the search.", id="search_placeholder_2",
            width=MATCH_PARENT, gravity="center", text_size=theme.NORMAL_TEXT,
            text_color=theme.TEXT_SECONDARY, padding=dp(16), visibility="gone",
            margin=(0, dp(48), 0, 0))
        self.search_results = RecyclerView([], id="search_results_list", width=MATCH_PARENT,
                                           height=MATCH_PARENT, visibility="gone")
        self.search_holder = RelativeLayout(id="search_holder", width=MATCH_PARENT,
                                            height=MATCH_PARENT, background=theme.BACKGROUND,
                                            visibility="gone")
        self.search_holder.add(self.search_placeholder, self.search_placeholder_2,
                               self.search_results)
        calendar_coordinator = ViewGroup(id="calendar_coordinator", width=MATCH_PARENT,
                                         height=0, weight=1)
        calendar_coordinator.add(main_holder, self.search_holder)
        coordinator = group("vertical", id="main_coordinator", width=MATCH_PARENT,
                            height=MATCH_PARENT, background=theme.BACKGROUND)
        coordinator.add(main_menu, calendar_coordinator)

        # action mode (CAB) overlaying the search bar
        self.cab_title = TextView("", clickable=True, text_size=theme.ACTIONBAR_TEXT,
                                  text_color=theme.TEXT, width=0, weight=1,
                                  on_click=self._cab_title_clicked)
        cab_menu = group("horizontal", a11y_class=ACTION_MENU_CLASS, height=dp(48))
        cab_menu.add(_menu_button("cab_share", "Share", "share", lambda: None),
                     _menu_button("cab_delete", "Delete", "delete", self._cab_delete))
        self.cab = group("horizontal", id="action_mode_bar", width=MATCH_PARENT,
                         height=dp(72), gravity="center_vertical", background=theme.PRIMARY_CONTAINER,
                         visibility="gone", layout_gravity="top")
        self.cab.add(ImageView("close", id="action_mode_close_button", content_desc="Done",
                               clickable=True, focusable=True, icon_color=theme.TEXT,
                               padding=dp(12), width=dp(56), height=dp(56),
                               on_click=self._finish_cab),
                     self.cab_title, cab_menu)
        # the decor's action_bar_root holds android:id/content and (windowActionModeOverlay)
        # the action mode bar over it
        self.set_content(coordinator)
        self.set_action_mode_bar(self.cab)

        self.month_fragment = MonthFragment(lambda: self._move(-1), lambda: self._move(1),
                                            self._go_to_date, self._open_day,
                                            on_swipe=self._swiped)
        self.day_fragment = DayFragment(lambda: self._move(-1), lambda: self._move(1),
                                        self._go_to_date, self._row_clicked, self._row_long_clicked,
                                        on_swipe=self._swiped)
        self.list_fragment = EventListFragment(self._row_clicked, self._row_long_clicked,
                                               self._new_event)
        self.month_day_fragment = MonthDayFragment(lambda: self._move(-1), lambda: self._move(1),
                                                   self._go_to_date, self._select_month_day,
                                                   self._row_clicked, self._row_long_clicked)
        self.week_fragment = WeekFragment(self._open_occurrence, on_swipe=self._swiped)
        self.year_fragment = YearFragment(lambda: self._move(-1), lambda: self._move(1),
                                          self._open_month_from_year)

    def _set_menu(self) -> None:
        items: list[View] = []
        if not self._showing_current_period():
            items.append(_menu_button("go_to_today", "Go to today", "today", self._go_to_today))
        items.append(_menu_button("change_view", "Change view", "calendar", self._change_view))
        items.append(_menu_button("settings", "Settings", "settings", self._open_settings))
        overflow = ImageView("more_vert", content_desc="More options", clickable=True,
                             focusable=True, long_clickable=True, icon_color=theme.TEXT, padding=dp(12),
                             width=dp(48), height=dp(48), on_click=self._overflow)
        items.append(overflow)
        self.overflow_button = overflow
        self.menu.clear()
        self.menu.add(*items)

    # -- data / refresh -------------------------------------------------------------------
    def _load(self) -> None:
        self.store.ensure_created()
        self.events, types = self.store.db.events_and_types()
        self.types = {t.id: t.color for t in types}

    def refresh(self) -> None:
        """Re-read the database and rebuild the current fragment."""
        self._load()
        self._finish_cab()
        view = self.shown_view
        today = self.today
        frag: View
        if view == P.DAILY_VIEW:
            day = self.pushed_day or self.shown_day
            self.day_fragment.show(day, today, self.events, self.types)
            frag = self.day_fragment.root
        elif view == P.EVENTS_LIST_VIEW:
            self.list_fragment.show(int(self.ctx.now()), today, self.events, self.types)
            frag = self.list_fragment.root
        elif view == P.MONTHLY_DAILY_VIEW:
            self.month_day_fragment.show(self.shown_month, self.shown_day, today, self.events,
                                         self.types)
            frag = self.month_day_fragment.root
        elif view == P.YEARLY_VIEW:
            self.year_fragment.show(self.shown_month.year, today, self.events)
            frag = self.year_fragment.root
        elif view == P.WEEKLY_VIEW:
            start = self.shown_day - timedelta(days=self.shown_day.isoweekday() % 7)
            self.week_fragment.show(start, today, self.events, self.types)
            frag = self.week_fragment.root
        else:
            self.month_fragment.show(self.shown_month.year, self.shown_month.month, today,
                                     self.events, self.types)
            frag = self.month_fragment.root
        if frag.parent is not self.fragments_holder:
            self.fragments_holder.clear()
            self.fragments_holder.add(frag)
        hide_fab = view in (P.WEEKLY_VIEW, P.YEARLY_VIEW)
        self.fab.visibility = "gone" if hide_fab or self.search_open else "visible"
        pushed = self.pushed_day is not None or self.pushed_month
        self.search_icon.icon = "arrow_back" if (pushed or self.search_open) else "search"
        self._set_menu()
        if self.search_open:
            self._search_changed(self.search_edit.text)

    def _showing_current_period(self) -> bool:
        today = self.today
        view = self.shown_view
        if view == P.WEEKLY_VIEW:
            def week(d: date) -> date:
                return d - timedelta(days=d.isoweekday() % 7)
            return week(self.shown_day) == week(today)
        if view == P.DAILY_VIEW:
            return (self.pushed_day or self.shown_day) == today
        if view == P.EVENTS_LIST_VIEW:
            return True
        if view == P.YEARLY_VIEW:
            return self.shown_month.year == today.year
        return (self.shown_month.year, self.shown_month.month) == (today.year, today.month)

    # -- navigation -----------------------------------------------------------------------
    def _move(self, step: int) -> None:
        view = self.shown_view
        if self.pushed_day is not None:
            self.pushed_day += timedelta(days=step)
        elif view in (P.DAILY_VIEW, P.WEEKLY_VIEW):
            self.shown_day += timedelta(days=step * (7 if view == P.WEEKLY_VIEW else 1))
        elif view == P.YEARLY_VIEW:
            self.shown_month = date(self.shown_month.year + step, 1, 1)
        else:
            self.shown_month = dates.add_months(self.shown_month, step)
        self.refresh()

    def _swiped(self, step: int) -> None:
        """A swipe settled on a neighbour page: move once the pager has finished settling."""
        self.ctx.post_delayed(0.0, lambda: self._move(step))

    def _open_day(self, d: date) -> None:
        """A month cell tapped: push the daily view for that date."""
        self.pushed_day = d
        self.refresh()

    def _select_month_day(self, d: date) -> None:
        self.shown_day = d
        if (d.year, d.month) != (self.shown_month.year, self.shown_month.month):
            self.shown_month = date(d.year, d.month, 1)
        self.refresh()

    def _open_month_from_year(self, month: int) -> None:
        """A month tapped in the yearly view: push that month's monthly view."""
        self.shown_month = date(self.shown_month.year, month, 1)
        self.pushed_month = True
        self.refresh()

    def _go_to_today(self) -> None:
        today = self.today
        self.shown_month = date(today.year, today.month, 1)
        self.shown_day = today
        if self.pushed_day is not None:
            self.pushed_day = today
        self.refresh()

    def _go_to_date(self) -> None:
        if self.pushed_day is not None:
            current = self.pushed_day
        elif self.shown_view in (P.DAILY_VIEW, P.WEEKLY_VIEW, P.MONTHLY_DAILY_VIEW):
            current = self.shown_day
        else:
            current = self.shown_month if self.shown_month.month != self.today.month else self.today

        def chosen(d: date) -> None:
            self.shown_month = date(d.year, d.month, 1)
            self.shown_day = d
            if self.pushed_day is not None:
                self.pushed_day = d
            self.refresh()

        show_date_picker(self, current, chosen)

    def _change_view(self) -> None:
        def picked(view: int) -> None:
            self.pushed_day = None
            self.pushed_month = False
            self.store.prefs.put(view=view)
            self.refresh()

        dialogs.show_view_dialog(self, self.view_type, picked)

    def _open_settings(self) -> None:
        self.start_activity(".activities.SettingsActivity")

    def _overflow(self) -> None:
        labels = list(OVERFLOW_ITEMS)
        if self.view_type != P.EVENTS_LIST_VIEW:
            labels.insert(0, "Go to date")

        def chosen(index: int, label: str) -> None:
            if label == "Go to date":
                self._go_to_date()

        menu = popup_menu(labels, on_item=chosen, width=dp(260))
        handle = self.show_popup(menu, self.overflow_button.bounds)
        menu.request_dismiss = handle.dismiss

    # -- FAB ------------------------------------------------------------------------------
    def _fab_clicked(self) -> None:
        if self.fab_expanded:
            self._new_event()
        else:
            self.fab_expanded = True
            for v in (self.overlay, self.fab_event_label, self.fab_task_icon, self.fab_task_label):
                v.visibility = "visible"
            self.fab.icon = "event"

    def _collapse_fab(self) -> None:
        self.fab_expanded = False
        for v in (self.overlay, self.fab_event_label, self.fab_task_icon, self.fab_task_label):
            v.visibility = "gone"
        self.fab.icon = "add"

    def _new_event_day(self) -> date:
        """`getNewEventDayCode` of the shown fragment."""
        if self.pushed_day is not None:
            return self.pushed_day
        view = self.shown_view
        if view in (P.DAILY_VIEW, P.MONTHLY_DAILY_VIEW):
            return self.shown_day
        if view == P.MONTHLY_VIEW and not self._showing_current_period():
            return self.shown_month
        return self.today

    def _new_event(self) -> None:
        self._start_new(".activities.EventActivity")

    def _new_task(self) -> None:
        self._start_new(".activities.TaskActivity")

    def _start_new(self, activity: str) -> None:
        """Open the event or task editor for a new item starting on the shown day."""
        self._collapse_fab()
        now = dates.to_datetime(int(self.ctx.now()))
        start = dates.new_event_start(self._new_event_day(), now)
        self.start_activity(activity, **{EXTRA_NEW_EVENT_START_TS: dates.to_ts(start)})

    # -- rows and selection ---------------------------------------------------------------
    def _row_clicked(self, row: EventRow) -> None:
        if self.selected:
            self._toggle(row)
            return
        self._open_occurrence(row.occurrence)

    def _open_occurrence(self, occ: occurrences.Occurrence) -> None:
        activity = ".activities.TaskActivity" if occ.event.is_task else ".activities.EventActivity"
        self.start_activity(activity, **{EXTRA_EVENT_ID: occ.event.id,
                                         EXTRA_OCCURRENCE_TS: occ.start_ts})

    def _row_long_clicked(self, row: EventRow) -> None:
        if row not in self.selected:
            self._toggle(row)

    def _visible_rows(self) -> list[EventRow]:
        """Rows of the page on screen (pagers keep the neighbour periods built)."""
        root: View = self.fragments_holder
        if self.search_open:
            root = self.search_results
        elif root.children and isinstance(root.children[0], ViewPager):
            pager = root.children[0]
            root = pager.children[pager.current_item]
        return [v for v in root.iter_tree() if isinstance(v, EventRow)]

    def _toggle(self, row: EventRow) -> None:
        if row in self.selected:
            self.selected.remove(row)
            row.set_selected(False)
        else:
            self.selected.append(row)
            row.set_selected(True)
        if not self.selected:
            self._finish_cab()
            return
        self.cab.visibility = "visible"
        self.cab_title.text = f"{len(self.selected)} / {len(self._visible_rows())}"

    def _cab_title_clicked(self) -> None:
        rows = self._visible_rows()
        if len(self.selected) == len(rows):
            self._finish_cab()
            return
        for r in rows:
            if r not in self.selected:
                self.selected.append(r)
                r.set_selected(True)
        self.cab_title.text = f"{len(self.selected)} / {len(rows)}"

    def _finish_cab(self) -> None:
        for r in self.selected:
            r.set_selected(False)
        self.selected = []
        self.cab.visibility = "gone"

    def _cab_delete(self) -> None:
        chosen = list(self.selected)
        if not chosen:
            return
        repeating = any(r.occurrence.event.repeat_interval > 0 for r in chosen)

        def confirmed(mode: int) -> None:
            plain = [r.occurrence.event.id for r in chosen if not r.occurrence.event.repeat_interval]
            self.store.db.delete([i for i in plain if i is not None])
            for r in chosen:
                ev, occ_ts = r.occurrence.event, r.occurrence.start_ts
                if not ev.repeat_interval or ev.id is None:
                    continue
                if mode == model.DELETE_SELECTED_OCCURRENCE:
                    self.store.add_repetition_exception(ev.id, occ_ts)
                elif mode == model.DELETE_FUTURE_OCCURRENCES:
                    self.store.add_repeat_limit(ev.id, occ_ts)
                else:
                    self.store.db.delete([ev.id])
            self._finish_cab()
            self.refresh()

        dialogs.show_delete_event_dialog(self, repeating, confirmed)

    # -- search ---------------------------------------------------------------------------
    def _open_search(self) -> None:
        if self.search_open:
            return
        self.search_open = True
        self._collapse_fab()
        self.search_holder.visibility = "visible"
        self.fab.visibility = "gone"
        self.search_icon.icon = "arrow_back"
        self._search_changed(self.search_edit.text)

    def _close_search(self) -> None:
        self.search_open = False
        self.search_edit.set_text("", notify=False)
        self.search_edit.clear_focus()
        self.search_holder.visibility = "gone"
        self.refresh()

    def _search_icon_clicked(self) -> None:
        if self.search_open:
            self._close_search()
        elif self.pushed_day is not None or self.pushed_month:
            self._pop_pushed()
        else:
            self.search_edit.request_focus()
            self._open_search()

    def _search_changed(self, text: str) -> None:
        if not self.search_open:
            self._open_search()
            return
        self.search_placeholder_2.visibility = "visible" if len(text) == 1 else "gone"
        if len(text) < 2:
            self.search_placeholder.visibility = "visible"
            self.search_results.visibility = "gone"
            return
        self.store.ensure_created()
        self.types = self.store.event_type_colors()  # the search needs the colours, not every event
        found = self.store.db.search(text)
        occs = [occurrences.Occurrence(ev, ev.start_ts, ev.end_ts) for ev in found
                if occurrences.displayable(ev)]
        items = list_items(occs, self.today, self.types, self._row_clicked, self._row_long_clicked)
        self.search_results.set_items(items)
        self.search_results.visibility = "visible" if items else "gone"
        self.search_placeholder.visibility = "gone" if items else "visible"

    def _pop_pushed(self) -> None:
        """Back from a pushed day (to its month) or a pushed month (to the year)."""
        if self.pushed_day is not None:
            self.pushed_day = None
        else:
            self.pushed_month = False
        self.refresh()

    # -- back -----------------------------------------------------------------------------
    def on_back(self) -> bool:
        """Closes, in order: selection, search, the expanded FAB, a pushed day; else exits."""
        if self.selected:
            self._finish_cab()
            return True
        if self.search_open:
            self._close_search()
            return True
        if self.fab_expanded:
            self._collapse_fab()
            return True
        if self.pushed_day is not None or self.pushed_month:
            self._pop_pushed()
            return True
        self.finish()
        return True

