"""`event_list_item.xml`: the event row used by the daily view, the event list and search.

ConstraintLayout `event_item_holder` (clickable + long-clickable) > ConstraintLayout >
colour bar, task image (tasks only), `event_item_title`, `event_item_time`,
`event_item_description` (gone when empty).
"""

from __future__ import annotations

from collections.abc import Callable

from ...ui.geometry import Rect
from ...ui.layouts import LinearLayout
from ...ui.units import MATCH_PARENT, WRAP_CONTENT, dp
from ...ui.view import EXACTLY, UNSPECIFIED, Spec, View
from ...ui.widgets import ImageView, TextView
from . import formatting, theme
from .occurrences import Occurrence

SELECTED_BG = 0x33445E91


class EventRow(LinearLayout):
    """One event row; `occurrence` says which event (and which repetition) it shows."""

    def __init__(self, occurrence: Occurrence, *, list_view: bool,
                 on_click: Callable[[EventRow], None],
                 on_long_click: Callable[[EventRow], None], color: int) -> None:
        super().__init__("horizontal", id="event_item_holder", width=MATCH_PARENT,
                         height=WRAP_CONTENT, clickable=True, long_clickable=True, focusable=True,
                         padding=(dp(4), dp(8), dp(16), dp(8)),
                         on_click=on_click, on_long_click=on_long_click)
        self.a11y_class = "android.view.ViewGroup"
        self.occurrence = occurrence
        ev = occurrence.event
        shown = ev.with_(start_ts=occurrence.start_ts, end_ts=occurrence.end_ts)
        inner = _RowInner(width=MATCH_PARENT, height=WRAP_CONTENT)
        bar = ImageView(id="event_item_color_bar", width=dp(4), background=color,
                        corner_radius=dp(2))
        self.task_image = ImageView("check_box_outline", id="event_item_task_image",
                                    content_desc="Task", width=dp(20), height=dp(20),
                                    visibility="visible" if ev.is_task else "gone")
        self.title = TextView(ev.title, id="event_item_title", text_size=theme.BIG_TEXT,
                              text_color=theme.TEXT, max_lines=1, font_weight="medium",
                              width=MATCH_PARENT)
        self.time = TextView(formatting.event_time_text(shown, list_view=list_view),
                             id="event_item_time", text_size=theme.NORMAL_TEXT,
                             text_color=theme.TEXT_SECONDARY, width=MATCH_PARENT)
        desc = formatting.description_text(ev)
        self.description = TextView(desc, id="event_item_description",
                                    text_size=theme.NORMAL_TEXT, text_color=theme.TEXT_SECONDARY,
                                    max_lines=1, width=MATCH_PARENT,
                                    visibility="visible" if desc else "gone")
        inner.add(bar, self.task_image, self.title, self.time, self.description)
        self.add(inner)

    def set_selected(self, selected: bool) -> None:
        """Selection mode highlight (the adapter sets `isSelected` on the row)."""
        self.selected = selected
        self.background = SELECTED_BG if selected else None


class _RowInner(View):
    """The inner ConstraintLayout: colour bar on the left over the full height, the task
    image, then title / time / description stacked (all direct children, as in the app)."""

    a11y_class = "android.view.ViewGroup"
    BAR_LEFT = dp(8)
    TEXT_LEFT = dp(24)

    def on_measure(self, wspec: Spec, hspec: Spec) -> tuple[int, int]:
        w = wspec[1]
        bar, task, *texts = self.children
        left = self.TEXT_LEFT
        if task.visibility != "gone":
            task.measure((EXACTLY, dp(20)), (EXACTLY, dp(20)))
            left += dp(24)
        h = 0
        for t in texts:
            if t.visibility != "gone":
                t.measure((EXACTLY, max(0, w - left)), (UNSPECIFIED, 0))
                h += t.measured_height
        h = max(h, dp(40))
        bar.measure((EXACTLY, dp(4)), (EXACTLY, h))
        return w, h

    def on_layout(self, b: Rect) -> None:
        bar, task, *texts = self.children
        bar.layout(b.left + self.BAR_LEFT, b.top, b.left + self.BAR_LEFT + dp(4), b.bottom)
        left = b.left + self.TEXT_LEFT
        if task.visibility != "gone":
            task.layout(left, b.top + dp(2), left + dp(20), b.top + dp(22))
            left += dp(24)
        y = b.top
        for t in texts:
            if t.visibility != "gone":
                t.layout(left, y, left + t.measured_width, y + t.measured_height)
                y += t.measured_height


def section_title(text: str, *, month: bool) -> View:
    """A header of the simple event list (`event_section_title`)."""
    return TextView(text, id="event_section_title", width=MATCH_PARENT,
                    text_size=theme.BIG_TEXT if month else theme.NORMAL_TEXT,
                    text_color=theme.PRIMARY if month else theme.TEXT_SECONDARY,
                    font_weight="medium",
                    padding=(dp(16), dp(16) if month else dp(12), dp(16), dp(4)))

