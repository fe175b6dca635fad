"""MainActivity (`activ_main`): the one activity of Pro Expense. A DrawerLayout (`dl_main`)
holds the fragment container (`fc_main`), the add FAB (`fb_main_add`) and the navigation
drawer (`nv_main`); the destinations of `main_nav.xml` are drawn into the container.

First run (`isFirstTime` unset) shows the onboarding (`frag_onboard_config`: language, then
currency; NEXT then CONTINUE), which writes the preference and restarts into Home. Home and
the logs re-read accounting.db whenever they are shown or the activity resumes, so rows seeded
through the shell appear as on the phone.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone

from mobile_gym.apps import expense as model

from ...system.activity import Activity
from ...ui.layouts import FrameLayout, LinearLayout, ViewGroup
from ...ui.lists import RecyclerView, ScrollView
from ...ui.units import MATCH_PARENT, WRAP_CONTENT, dp
from ...ui.view import View
from ...ui.widgets import (
    Button,
    CheckedTextView,
    EditText,
    ImageButton,
    ImageView,
    TextView,
)
from . import dialogs, theme
from .rows import IDLE, LOCK_START, LogRow, recent_row
from .storage import ExpenseStorage

HOME, LOGS, ENTRY, STATISTICS, BACKUP, SETTINGS, ONBOARD = (
    "dest_home", "dest_expense_logs", "dest_expense_entry", "dest_statistics", "dest_backup",
    "dest_settings", "dest_onboard")
DRAWER_ITEMS = (
    (HOME, "Home", "home_circle"), (LOGS, "Expense Logs", "format_list"),
    (STATISTICS, "Statistics", "sort"), (BACKUP, "Backup", "upload"),
    ("dest_feedback", "Feedback", "message"), ("dest_about", "About", "info"),
    (SETTINGS, "Settings", "settings"),
)
TITLES = {STATISTICS: "Statistics", BACKUP: "Backup", SETTINGS: "Settings"}
LANGUAGES = ("English", "Myanmar")
CURRENCIES = (("US Dollar", "$"), ("Euro", "€"), ("Myanmar Kyat", "Ks"), ("Japanese Yen", "¥"))
WEEK_DAYS = ("SU", "MO", "TU", "WE", "TH", "FR", "SAT")


def _menu_item(vid: str, title: str, icon: str, on_click: Callable[[], None]) -> ImageButton:
    """An ActionMenuItemView: dumps as a Button with the title as content-desc."""
    b = ImageButton(icon, id=vid, content_desc=title, icon_color=theme.ON_SURFACE,
                    width=theme.ICON_BUTTON, height=theme.ICON_BUTTON, on_click=lambda: on_click())
    b.a11y_class = "android.widget.Button"
    return b


def _toolbar(vid: str, title: str, nav_icon: str, nav_desc: str, on_nav: Callable[[], None],
             items: tuple[View, ...] = (), subtitle: str = "") -> ViewGroup:
    bar = LinearLayout("horizontal", id=vid, width=MATCH_PARENT, height=theme.TOOLBAR_HEIGHT,
                       gravity="center_vertical", background=theme.SURFACE)
    bar.a11y_class = "android.view.ViewGroup"
    titles = LinearLayout("vertical", width=0, weight=1, margin=(dp(16), 0, 0, 0))
    titles.add(TextView(title, text_size=theme.TITLE_TEXT, text_color=theme.ON_SURFACE,
                        font_weight="medium", max_lines=1))
    if subtitle:
        titles.add(TextView(subtitle, text_size=theme.SMALL_TEXT, text_color=theme.TEXT_SECONDARY,
                            max_lines=1))
    bar.add(ImageButton(nav_icon, content_desc=nav_desc, icon_color=theme.ON_SURFACE,
                        width=dp(56), height=dp(56), on_click=lambda: on_nav()),
            titles, *items)
    return bar


def _card(vid: str = "", **kw) -> LinearLayout:
    return LinearLayout("vertical", id=vid, width=MATCH_PARENT, background=theme.CARD,
                        corner_radius=dp(8), margin=(theme.GRID_3, theme.GRID_2), **kw)


class MainActivity(Activity):
    """com.arduia.expense.ui.MainActivity."""

    launch_mode = "singleTask"

    def on_create(self) -> None:
        self.store = ExpenseStorage(self.ctx)
        self.store.ensure_created()
        self.stack: list[str] = [ONBOARD if self.store.prefs.is_first_user() else HOME]
        self.drawer_open = False
        self.states: dict[int, int] = {}      # expense_id -> swipe state in the logs list
        self.editing: model.Expense | None = None
        self.entry_view: View | None = None
        self.container = FrameLayout(id="fc_main", width=MATCH_PARENT, height=MATCH_PARENT)
        self.fab = ImageButton("add", id="fb_main_add", content_desc="Add", icon_color=theme.ON_PRIMARY,
                               background=theme.PRIMARY, corner_radius=dp(28),
                               width=theme.FAB_SIZE, height=theme.FAB_SIZE, padding=dp(16),
                               layout_gravity="bottom|end", margin=(0, 0, dp(16), dp(16)),
                               on_click=self.new_entry)
        coordinator = ViewGroup(id="cl_main", width=MATCH_PARENT, height=MATCH_PARENT)
        coordinator.add(self.container, self.fab)
        self.drawer = FrameLayout(width=MATCH_PARENT, height=MATCH_PARENT, visibility="gone")
        self._build_drawer()
        root = ViewGroup(id="dl_main", width=MATCH_PARENT, height=MATCH_PARENT,
                         background=theme.SURFACE)
        root.add(coordinator, self.drawer)
        self.set_content(root)
        self.show()

    def on_resume(self) -> None:
        if self.current in (HOME, LOGS):
            self.show()

    @property
    def current(self) -> str:
        return self.stack[-1]

    # -- navigation ---------------------------------------------------------------------------
    def navigate(self, dest: str) -> None:
        """Go to a destination; drawer destinations replace everything above Home."""
        self.close_drawer()
        if dest == ENTRY:
            self.stack.append(ENTRY)
        elif dest == HOME:
            self.stack = [HOME]
        else:
            self.stack = [HOME, dest]
        self.states.clear()
        self.show()

    def show(self) -> None:
        """Draw the current destination into the container (re-reading the database)."""
        dest = self.current
        builders = {ONBOARD: self._onboarding, HOME: self._home, LOGS: self._logs,
                    ENTRY: self._entry}
        view = builders.get(dest, self._simple_screen)()
        self.container.clear()
        self.container.add(view)
        self.fab.visibility = "visible" if dest in (HOME, LOGS) and not self._selected() else "gone"

    def on_back(self) -> bool:
        if self.drawer_open:
            self.close_drawer()
        elif self.current == LOGS and self._selected():
            self.clear_selection()
        elif len(self.stack) > 1:
            self.stack.pop()
            self.states.clear()
            self.show()
        else:
            self.finish()
        return True

    # -- drawer -------------------------------------------------------------------------------
    def _build_drawer(self) -> None:
        scrim = View(width=MATCH_PARENT, height=MATCH_PARENT, background=theme.SCRIM,
                     clickable=True, on_click=self.close_drawer)
        panel = LinearLayout("vertical", id="nv_main", width=dp(300), height=MATCH_PARENT,
                             background=theme.SURFACE, clickable=True)
        header = LinearLayout("vertical", width=MATCH_PARENT, padding=(dp(16), dp(32), dp(16), dp(16)),
                              background=theme.CARD)
        header.add(ImageView("note", icon_color=theme.PRIMARY, icon_size=dp(48)),
                   TextView("Pro Expense", text_size=theme.TITLE_TEXT, text_color=theme.ON_SURFACE,
                            font_weight="medium", margin=(0, dp(8), 0, 0)))
        panel.add(header)
        menu = LinearLayout("vertical", id="design_navigation_view", width=MATCH_PARENT,
                            padding=(0, dp(8)))
        self.drawer_rows: dict[str, tuple[LinearLayout, CheckedTextView]] = {}
        for dest, title, icon in DRAWER_ITEMS:
            row = LinearLayout("horizontal", id=dest, width=MATCH_PARENT, height=dp(48),
                               gravity="center_vertical", clickable=True, focusable=True,
                               padding=(dp(16), 0), on_click=lambda d=dest: self._drawer_item(d))
            text = CheckedTextView(title, id="design_menu_item_text", check_mark=None,
                                   checkable=True, text_size=theme.SMALL_TEXT,
                                   text_color=theme.ON_SURFACE, width=0, weight=1,
                                   margin=(dp(32), 0, 0, 0))
            row.add(ImageView(icon, icon_color=theme.ON_SURFACE), text)
            self.drawer_rows[dest] = (row, text)
            menu.add(row)
        panel.add(menu)
        self.drawer.add(scrim, panel)

    def _drawer_item(self, dest: str) -> None:
        if dest in (HOME, LOGS, STATISTICS, BACKUP, SETTINGS):
            self.navigate(dest)
        else:
            self.close_drawer()

    def open_drawer(self) -> None:
        for dest, (row, text) in self.drawer_rows.items():
            text.checked = dest == self.current
            row.background = theme.CHECKED_ITEM if text.checked else None
        self.drawer_open = True
        self.drawer.visibility = "visible"

    def close_drawer(self) -> None:
        self.drawer_open = False
        self.drawer.visibility = "gone"

    # -- onboarding ---------------------------------------------------------------------------
    def _onboarding(self) -> View:
        root = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT,
                            background=theme.SURFACE, gravity="center_horizontal")
        root.add(ImageView("note", id="imv_app", icon_color=theme.PRIMARY, icon_size=dp(72),
                           margin=(0, dp(48), 0, 0)),
                 TextView("Hello! Welcome to Pro Expense", id="tv_welcome",
                          text_size=theme.TITLE_TEXT, text_color=theme.ON_SURFACE,
                          margin=(0, dp(16), 0, dp(16))))
        self.pager = FrameLayout(id="vp_config", width=MATCH_PARENT, height=0, weight=1)
        self.pager.add(self._choice_page("Choose Language", LANGUAGES))
        self.onboard_button = Button("Next", id="btn_continue", all_caps=True,
                                     background=theme.PRIMARY, corner_radius=dp(8),
                                     text_color=theme.ON_PRIMARY, width=MATCH_PARENT,
                                     margin=(dp(16), dp(8), dp(16), dp(24)),
                                     on_click=self._onboard_continue)
        root.add(self.pager, self.onboard_button)
        return root

    def _choice_page(self, title: str, labels: tuple[str, ...]) -> View:
        page = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT)
        page.add(TextView(title, text_size=theme.BODY_TEXT, text_color=theme.TEXT_SECONDARY,
                          margin=(dp(16), 0, dp(16), dp(8))))
        rows: list[CheckedTextView] = []

        def pick(v: View) -> None:
            for r in rows:
                r.checked = r is v

        for i, label in enumerate(labels):
            row = CheckedTextView(label, check_mark="radio", checked=i == 0,
                                  text_size=theme.BODY_TEXT, text_color=theme.ON_SURFACE,
                                  width=MATCH_PARENT, clickable=True, on_click=pick)
            rows.append(row)
            page.add(row)
        return page

    def _onboard_continue(self) -> None:
        if self.onboard_button.text == "Next":
            self.pager.clear()
            self.pager.add(self._choice_page(
                "Choose Currency", tuple(f"{name} ({sym})" for name, sym in CURRENCIES)))
            self.onboard_button.text = "Continue"
            return
        self.store.prefs.set_first_user(False)
        self.stack = [HOME]      # OnBoardingConfigViewModel.finishedConfig: restart the activity
        self.show()

    # -- home ---------------------------------------------------------------------------------
    def _now_ms(self) -> int:
        return int(self.ctx.now() * 1000)

    def _home(self) -> View:
        rows = self.store.db.all()
        now = datetime.fromtimestamp(self.ctx.now(), tz=timezone.utc)
        def this_month(e: model.Expense) -> bool:
            when = datetime.fromtimestamp(e.modified_date / 1000, tz=timezone.utc)
            return (when.year, when.month) == (now.year, now.month)

        month = [e for e in rows if this_month(e)]
        income = sum(e.amount for e in month if e.category == model.INCOME)
        outcome = sum(e.amount for e in month if e.category != model.INCOME)
        root = LinearLayout("vertical", id="ml_home", width=MATCH_PARENT, height=MATCH_PARENT,
                            background=theme.SURFACE)
        root.add(_toolbar("toolbar", "Home", "menu", "Open navigation drawer", self.open_drawer))
        totals = _card(padding=theme.GRID_3)
        head = LinearLayout("horizontal", width=MATCH_PARENT)
        head.add(TextView("Totals", id="tv_expense_in_out_title", text_size=theme.BODY_TEXT,
                          text_color=theme.ON_SURFACE, font_weight="medium", width=0, weight=1),
                 TextView(f"{now:%b %Y}", id="tv_date_range", text_size=theme.SMALL_TEXT,
                          text_color=theme.TEXT_SECONDARY))
        totals.add(head)
        for label, lid, vid, sid, value in (
                ("Income", "tv_income", "tv_income_value", "tv_income_symobol", income),
                ("Outcome", "tv_outcome", "tv_outcome_value", "tv_outcome_symbol", outcome)):
            line = LinearLayout("horizontal", width=MATCH_PARENT, margin=(0, dp(8), 0, 0))
            line.add(TextView(label, id=lid, text_size=theme.SMALL_TEXT,
                              text_color=theme.TEXT_SECONDARY, width=0, weight=1),
                     TextView(model.format_amount(value), id=vid, text_size=theme.BODY_TEXT,
                              text_color=theme.POSITIVE if lid == "tv_income" else theme.NEGATIVE),
                     TextView(model.CURRENCY_SYMBOL, id=sid, text_size=theme.SMALL_TEXT,
                              text_color=theme.TEXT_SECONDARY, margin=(dp(4), 0, 0, 0)))
            totals.add(line)
        graph = _card(padding=theme.GRID_3)
        graph.add(TextView("Expenses in this Week", text_size=theme.BODY_TEXT,
                           text_color=theme.ON_SURFACE, font_weight="medium"))
        days = LinearLayout("horizontal", width=MATCH_PARENT, margin=(0, dp(48), 0, 0))
        for d in WEEK_DAYS:
            days.add(TextView(d, text_size=theme.CAPTION_TEXT, text_color=theme.TEXT_SECONDARY,
                              width=0, weight=1, gravity="center"))
        graph.add(days)
        recent = _card(padding=(0, theme.GRID_3, 0, theme.GRID_2))
        recent.add(TextView("Recent", id="tv_recent_lists", text_size=theme.BODY_TEXT,
                            text_color=theme.ON_SURFACE, font_weight="medium",
                            margin=(theme.GRID_3, 0, 0, theme.GRID_2)))
        rv = RecyclerView(id="rv_recent_lists", width=MATCH_PARENT, height=WRAP_CONTENT)
        rv.set_items([recent_row(e, lambda e=e: self.show_detail(e)) for e in rows[:4]])
        more = Button("More", id="btn_more_logs", style="text", all_caps=True,
                      text_color=theme.PRIMARY, layout_gravity="end",
                      on_click=lambda: self.navigate(LOGS))
        recent.add(rv, more)
        body = RecyclerView(id="rv_home", width=MATCH_PARENT, height=0, weight=1)
        body.set_items([totals, graph, recent])
        root.add(body)
        return root

    # -- expense logs --------------------------------------------------------------------------
    def _selected(self) -> list[int]:
        return [i for i, s in self.states.items() if s == LOCK_START]

    def _logs_toolbar(self) -> View:
        selected = self._selected()
        delete = _menu_item("delete", "Delete", "delete", self.ask_delete_selected)
        filt = _menu_item("filter", "Filter", "filter", lambda: None)
        delete.visibility = "visible" if selected else "gone"
        filt.visibility = "gone" if selected else "visible"
        if selected:
            n = len(selected)
            return _toolbar("tb_expense", f"{n}{' item' if n <= 1 else ' items'}", "arrow_back",
                            "Navigate up", self.clear_selection, (delete, filt))
        return _toolbar("tb_expense", "Expense Logs", "menu", "Open navigation drawer",
                        self.open_drawer, (delete, filt))

    def _logs(self) -> View:
        rows = self.store.db.all()
        ids = {e.expense_id for e in rows}
        self.states = {i: s for i, s in self.states.items() if i in ids}
        root = LinearLayout("vertical", id="ml_expense", width=MATCH_PARENT, height=MATCH_PARENT,
                            background=theme.SURFACE)
        self.logs_app_bar = LinearLayout("vertical", id="app_bar", width=MATCH_PARENT)
        self.logs_app_bar.add(self._logs_toolbar())
        frame = FrameLayout(width=MATCH_PARENT, height=0, weight=1, background=theme.SURFACE)
        rv = RecyclerView(id="rv_expense", width=MATCH_PARENT, height=MATCH_PARENT,
                          padding=(0, 0, 0, dp(88)))   # clipToPadding=false: rows scroll above the FAB
        rv.set_items([LogRow(e, state=self.states.get(e.expense_id or 0, IDLE),
                             on_state=self._row_state, on_open=self.show_detail,
                             on_delete=self.ask_delete_one) for e in rows])
        frame.add(rv)
        if not rows:
            empty = LinearLayout("vertical", id="layout_no_data", width=MATCH_PARENT,
                                 height=MATCH_PARENT, gravity="center")
            empty.add(ImageView("format_list", icon_color=theme.TEXT_SECONDARY, icon_size=dp(64)),
                      TextView("No Items", text_size=theme.BODY_TEXT,
                               text_color=theme.TEXT_SECONDARY))
            frame.add(empty)
        root.add(self.logs_app_bar, frame)
        return root

    def _row_state(self, row: LogRow, state: int) -> None:
        """A row slid: the toolbar follows the selection (the list keeps its scroll place)."""
        self.states[row.expense.expense_id or 0] = state
        self.logs_app_bar.clear()
        self.logs_app_bar.add(self._logs_toolbar())
        self.fab.visibility = "gone" if self._selected() else "visible"

    def clear_selection(self) -> None:
        self.states.clear()
        self.show()

    def ask_delete_selected(self) -> None:
        ids = self._selected()
        if ids:
            self.show_dialog(dialogs.delete_confirm_dialog(len(ids), lambda: self._delete(ids)))

    def ask_delete_one(self, e: model.Expense) -> None:
        eid = e.expense_id or 0
        self.show_dialog(dialogs.delete_confirm_dialog(1, lambda: self._delete([eid])))

    def _delete(self, ids: list[int]) -> None:
        self.store.db.delete(ids)
        self.states.clear()
        self.show_toast("Item Deleted" if len(ids) == 1 else "Items Deleted")
        self.show()

    def show_detail(self, e: model.Expense) -> None:
        self.show_dialog(dialogs.detail_dialog(e, on_edit=lambda: self.edit_entry(e),
                                               on_delete=lambda: self.ask_delete_one(e)))

    # -- entry form ----------------------------------------------------------------------------
    def new_entry(self) -> None:
        self.editing = None
        self.entry_view = None
        self.navigate(ENTRY)

    def edit_entry(self, e: model.Expense) -> None:
        self.editing = self.store.db.get(e.expense_id or 0)
        self.entry_view = None
        if self.editing is not None:
            self.navigate(ENTRY)

    def _entry(self) -> View:
        if self.entry_view is not None:
            return self.entry_view
        e = self.editing
        self.locked = False
        self.category = e.category if e is not None else model.DEFAULT_CATEGORY
        title = "Update Data" if e is not None else "Expense Entry"
        root = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT,
                            background=theme.SURFACE)
        when = e.modified_date if e is not None else self._now_ms()
        root.add(_toolbar("toolbar", title, "arrow_back", "Navigate up", self.on_back,
                          subtitle=model.entry_date_label(when)))
        form = LinearLayout("vertical", width=MATCH_PARENT, padding=(0, theme.GRID_2))
        self.edt_name = EditText(e.name if e else "", id="edt_name", hint="Name", single_line=True,
                                 max_length=model.NAME_MAX_LENGTH, text_color=theme.ON_SURFACE,
                                 width=MATCH_PARENT)
        self.edt_amount = EditText(model.typed_amount(e.amount) if e else "", id="edt_amount",
                                   hint="Amount", single_line=True, input_type="numberDecimal",
                                   max_length=model.AMOUNT_MAX_LENGTH, text_color=theme.ON_SURFACE,
                                   width=MATCH_PARENT)
        self.amount_error = TextView("Cost is Empty", id="textinput_error",
                                     text_color=theme.NEGATIVE, text_size=theme.CAPTION_TEXT,
                                     visibility="gone", margin=(dp(4), 0, 0, 0))
        self.edt_note = EditText(e.note if e else "", id="edt_note", hint="Note",
                                 input_type="textMultiLine", max_length=model.NOTE_MAX_LENGTH,
                                 gravity="start|top", text_color=theme.ON_SURFACE,
                                 width=MATCH_PARENT, height=dp(100))
        for lid, edit in (("edl_name", self.edt_name), ("edl_amount", self.edt_amount)):
            box = LinearLayout("vertical", id=lid, width=MATCH_PARENT,
                               margin=(theme.GRID_3, theme.GRID_2))
            box.add(edit)
            if edit is self.edt_amount:
                box.add(self.amount_error)
            form.add(box)
        self.chips: dict[int, FrameLayout] = {}
        cats = RecyclerView(id="rv_category", orientation="horizontal", width=MATCH_PARENT,
                            height=WRAP_CONTENT, padding=(theme.GRID_3, 0))
        items: list[View] = []
        for cid in model.CATEGORY_GRID:
            chip = FrameLayout(id="cd_category", checkable=True, clickable=True, focusable=True,
                               corner_radius=dp(8), margin=(dp(4), theme.GRID_2),
                               on_click=lambda c=cid: self.select_category(c))
            chip.add(TextView(model.category_name(cid), id="tv_name", text_size=theme.BODY_TEXT,
                              margin=theme.GRID_2))
            self.chips[cid] = chip
            items.append(chip)
        cats.set_items(items)
        self.rv_category = cats
        self.select_category(self.category)
        note_box = LinearLayout("vertical", id="edl_description", width=MATCH_PARENT,
                                margin=(theme.GRID_3, theme.GRID_2))
        note_box.add(self.edt_note)
        self.btn_save = Button("Update" if e else "Save", id="btn_save", all_caps=True,
                               background=theme.PRIMARY, corner_radius=dp(8),
                               text_color=theme.ON_PRIMARY, width=0, weight=1,
                               on_click=self.save_entry)
        actions = LinearLayout("horizontal", width=MATCH_PARENT, gravity="center_vertical",
                               margin=(theme.GRID_3, theme.GRID_3))
        actions.add(self.btn_save)
        if e is None:
            self.lock_card = FrameLayout(id="cv_lock", width=dp(48), height=dp(48),
                                         corner_radius=dp(8), background=theme.SURFACE,
                                         clickable=True, focusable=True,
                                         margin=(theme.GRID_2, 0, 0, 0), on_click=self.invert_lock)
            self.lock_icon = ImageView("lock", id="imv_lock", icon_color=theme.TEXT_SECONDARY,
                                       width=MATCH_PARENT, height=MATCH_PARENT)
            self.lock_card.add(self.lock_icon)
            actions.add(self.lock_card)
        form.add(cats, note_box, actions)
        scroll = ScrollView(id="sv_entry", width=MATCH_PARENT, height=0, weight=1)
        scroll.add(form)
        root.add(scroll)
        self.entry_view = root
        self.edt_name.request_focus()
        return root

    def select_category(self, category: int) -> None:
        self.category = category
        for cid, chip in self.chips.items():
            on = cid == category
            chip.checked = on
            chip.background = theme.PRIMARY if on else theme.CHIP
            label = chip.children[0]
            assert isinstance(label, TextView)
            label.text_color = theme.ON_PRIMARY if on else theme.ON_SURFACE

    def invert_lock(self) -> None:
        """LockMode: when locked, saving keeps the form open for the next entry ("Next")."""
        self.locked = not self.locked
        self.lock_card.background = theme.PRIMARY if self.locked else theme.SURFACE
        self.lock_icon.icon_color = theme.ON_PRIMARY if self.locked else theme.TEXT_SECONDARY
        self.btn_save.text = "Next" if self.locked else "Save"

    def save_entry(self) -> None:
        try:
            amount = model.cents(self.edt_amount.text)
        except ValueError:
            self.amount_error.visibility = "visible"
            return
        self.amount_error.visibility = "gone"
        now = self._now_ms()
        e = self.editing
        if e is not None:
            self.store.db.update(e.with_(name=self.edt_name.text, amount=amount,
                                         category=self.category, note=self.edt_note.text))
            self.show_toast("Data Updated!")
        else:
            self.store.db.insert(model.Expense(
                name=self.edt_name.text, amount=amount, category=self.category,
                note=self.edt_note.text, created_date=now, modified_date=now))
            if self.locked:   # LockMode.LOCKED: a fresh form for the next entry
                self.edt_name.text = ""
                self.edt_amount.text = ""
                self.edt_note.text = ""
                self.select_category(model.DEFAULT_CATEGORY)
                self.edt_name.request_focus()
                return
        self.entry_view = None
        self.editing = None
        self.stack.pop()
        self.show()

    # -- the other drawer destinations ----------------------------------------------------------
    def _simple_screen(self) -> View:
        dest = self.current
        root = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT,
                            background=theme.SURFACE)
        root.add(_toolbar("toolbar", TITLES.get(dest, ""), "menu", "Open navigation drawer",
                          self.open_drawer))
        body = LinearLayout("vertical", width=MATCH_PARENT, height=0, weight=1, gravity="center")
        body.add(TextView("No Data", text_size=theme.BODY_TEXT, text_color=theme.TEXT_SECONDARY))
        root.add(body)
        return root
