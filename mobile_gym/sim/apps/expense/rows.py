"""Rows of Pro Expense's lists: `item_expense_log` (a swipeable row of the logs list) and
`item_expense_recent` (a row of the home screen's Recent card).

A log row slides like the app's SwipeFrameLayout: a drag to the right past half the lock
distance selects it (start-locked: the check mark shows at its start), a drag to the left shows
the red delete button at its end (end-locked); a drag back returns it to idle; a plain tap opens
the expense's detail dialog.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone

from mobile_gym.apps import expense as model

from ...ui.layouts import FrameLayout, LinearLayout, RelativeLayout
from ...ui.units import MATCH_PARENT, dp
from ...ui.widgets import ImageView, TextView
from . import theme

IDLE, LOCK_START, LOCK_END = -1, 1, 2
CATEGORY_ICONS = {
    model.OTHERS: "more_horiz", model.INCOME: "arrow_downward", model.FOOD: "star",
    model.HOUSING: "home_circle", model.SOCIAL: "person", model.ENTERTAINMENT: "play",
    model.TRANSPORTATION: "location", model.CLOTHES: "palette", model.HEALTH_CARE: "notifications",
    model.EDUCATION: "description", model.DONATION: "share",
}


def date_label(ms: int) -> str:
    """How a row shows its date (ExpenseDateFormatter: day, month, year and time)."""
    when = datetime.fromtimestamp(ms / 1000, tz=timezone.utc)
    return f"{when.day} {when:%b %Y}, {when:%I:%M %p}".replace(", 0", ", ")


def category_card(category: int) -> FrameLayout:
    card = FrameLayout(id="cv_category", width=dp(40), height=dp(40), corner_radius=dp(8),
                       background=theme.CATEGORY_BG, margin=(theme.GRID_3, 0, theme.GRID_3, 0),
                       layout_gravity="center_vertical")
    card.add(ImageView(CATEGORY_ICONS.get(category, "more_horiz"), id="imv_category",
                       icon_color=theme.ON_PRIMARY, icon_size=dp(24), width=MATCH_PARENT,
                       height=MATCH_PARENT))
    return card


def _texts(e: model.Expense, name_max: int | None = None) -> tuple[LinearLayout, LinearLayout]:
    name = e.name if name_max is None else e.name[:name_max]
    middle = LinearLayout("vertical", width=0, weight=1, layout_gravity="center_vertical")
    middle.add(TextView(name, id="tv_name", text_size=theme.BODY_TEXT, text_color=theme.ON_SURFACE,
                        max_lines=1),
               TextView(date_label(e.modified_date), id="tv_date", text_size=theme.CAPTION_TEXT,
                        text_color=theme.TEXT_SECONDARY, max_lines=1))
    amount = LinearLayout("horizontal", id="linear_amount", layout_gravity="center_vertical",
                          margin=(theme.GRID_2, 0, theme.GRID_3, 0))
    amount.add(TextView(model.format_amount(e.amount), id="tv_amount", text_size=theme.BODY_TEXT,
                        text_color=theme.ON_SURFACE, font_weight="medium"),
               TextView(model.CURRENCY_SYMBOL, id="tv_currency_symbol", text_size=theme.SMALL_TEXT,
                        text_color=theme.TEXT_SECONDARY, margin=(dp(4), 0, 0, 0)))
    return middle, amount


def recent_row(e: model.Expense, on_click: Callable[[], None]) -> RelativeLayout:
    row = RelativeLayout(id="cd_expense", width=MATCH_PARENT, height=theme.ROW_HEIGHT,
                         clickable=True, focusable=True, on_click=lambda: on_click())
    line = LinearLayout("horizontal", width=MATCH_PARENT, height=MATCH_PARENT,
                        gravity="center_vertical")
    middle, amount = _texts(e, model.NAME_MAX_LENGTH)
    line.add(category_card(e.category), middle, amount)
    row.add(line)
    return row


class LogRow(FrameLayout):
    """`item_expense_log` (SwipeFrameLayout): back layer with the delete button, the check
    mark, and the sliding card `cd_expense`."""

    wants_touch_events = True

    def __init__(self, e: model.Expense, *, state: int, on_state: Callable[[LogRow, int], None],
                 on_open: Callable[[model.Expense], None],
                 on_delete: Callable[[model.Expense], None]) -> None:
        super().__init__(width=MATCH_PARENT, height=theme.ROW_HEIGHT, clickable=True,
                         focusable=True, background=theme.SURFACE)
        self.expense = e
        self.state = IDLE
        self._on_state = on_state
        self._on_open = on_open
        self._down_x: int | None = None
        self._swiped = False
        self.back = FrameLayout(id="fl_back", width=MATCH_PARENT, height=MATCH_PARENT,
                                background=theme.RED_BACK, visibility="invisible")
        holder = LinearLayout("vertical", width=theme.LOCK_END, height=MATCH_PARENT,
                              layout_gravity="end", gravity="center")
        holder.add(ImageView("delete", id="imv_delete_icon", icon_color=0xFFFFFFFF,
                             clickable=True, focusable=True, width=dp(40), height=dp(40),
                             padding=dp(8), on_click=lambda: on_delete(self.expense)),
                   TextView("Delete", id="tv_undo", text_color=0xFFFFFFFF,
                            text_size=theme.CAPTION_TEXT))
        self.back.add(holder)
        self.check = ImageView("check", id="imv_check", icon_color=theme.PRIMARY,
                               width=theme.LOCK_START, height=MATCH_PARENT, visibility="invisible")
        self.card = RelativeLayout(id="cd_expense", width=MATCH_PARENT, height=MATCH_PARENT,
                                   background=theme.SURFACE)
        line = LinearLayout("horizontal", width=MATCH_PARENT, height=MATCH_PARENT,
                            gravity="center_vertical")
        middle, amount = _texts(e)
        line.add(category_card(e.category), middle, amount)
        self.card.add(line)
        self.add(self.back, self.check, self.card)
        self.set_state(state)

    def set_state(self, state: int) -> None:
        self.state = state
        self.back.visibility = "visible" if state == LOCK_END else "invisible"
        self.check.visibility = "visible" if state == LOCK_START else "invisible"
        if state == LOCK_START:
            self.card.margin = (theme.LOCK_START, 0, -theme.LOCK_START, 0)
        elif state == LOCK_END:
            self.card.margin = (-theme.LOCK_END, 0, theme.LOCK_END, 0)
        else:
            self.card.margin = 0

    def on_touch_event(self, action: str, x: int, y: int) -> bool:
        if action == "down":
            self._down_x, self._swiped = x, False
        elif action == "up" and self._down_x is not None:
            dx = x - self._down_x
            self._down_x = None
            if dx >= theme.MIN_START or -dx >= theme.MIN_END:
                self._swiped = True
                self._slide(dx)
        elif action == "cancel":
            self._down_x = None
        return True

    def _slide(self, dx: int) -> None:
        if self.state == IDLE:
            new = LOCK_START if dx > 0 else LOCK_END
        elif (self.state == LOCK_START and dx < 0) or (self.state == LOCK_END and dx > 0):
            new = IDLE
        else:
            return
        self.set_state(new)
        self._on_state(self, new)

    def perform_click(self) -> bool:
        if self._swiped:      # the lift that ended a swipe is no click
            self._swiped = False
            return True
        if self.state == LOCK_END:
            self.set_state(IDLE)
            self._on_state(self, IDLE)
            return True
        self._on_open(self.expense)
        return True
