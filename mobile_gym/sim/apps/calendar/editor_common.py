"""What the event and task editors share: the toolbar's action menu, the rows' texts and
icons, and the reminder Disclaimer, shown once per install before the first reminder is set
or saved.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from mobile_gym.apps import calendar as model

from ...ui.layouts import LinearLayout
from ...ui.units import MATCH_PARENT, dp
from ...ui.widgets import ImageButton, ImageView, TextView
from . import dialogs, theme
from .flat_rows import group
from .prefs import Prefs

if TYPE_CHECKING:
    from ...system.activity import Activity

MenuItem = tuple[str, str, str, Callable[[], None]]  # view id, title, icon, on_click
# ActionMenuView (a LinearLayoutCompat) reports this class; its items (ActionMenuItemView) are
# Buttons, long-clickable for their tooltip
ACTION_MENU_CLASS = "androidx.appcompat.widget.LinearLayoutCompat"


def editor_menu(items: Sequence[MenuItem]) -> LinearLayout:
    """The toolbar's row of action buttons (Save, Delete, Duplicate, Share)."""
    menu = group("horizontal", a11y_class=ACTION_MENU_CLASS, height=MATCH_PARENT,
                 gravity="center_vertical")
    for vid, title, icon, cb in items:
        b = ImageButton(icon, id=vid, content_desc=title, icon_color=theme.TEXT,
                        width=theme.ICON_BUTTON, height=theme.ICON_BUTTON, long_clickable=True,
                        on_click=(lambda cb=cb: cb()))
        b.a11y_class = "android.widget.Button"
        menu.add(b)
    return menu


def row_text(text: str, vid: str, **kw: Any) -> TextView:
    """A clickable value in an editor row (a date, a time, a reminder, a repetition)."""
    kw.setdefault("padding", (0, dp(16), dp(16), dp(16)))
    return TextView(text, id=vid, clickable=True, focusable=True, text_size=theme.BIG_TEXT,
                    text_color=theme.TEXT, **kw)


def row_icon(name: str, vid: str) -> ImageView:
    """The icon at the start of an editor row."""
    return ImageView(name, id=vid, icon_color=theme.TEXT, padding=dp(8), margin=(dp(12), 0, dp(6), 0))


def after_reminder_disclaimer(activity: Activity, prefs: Prefs, then: Callable[[], None]) -> None:
    """Run `then` now if the Disclaimer was already shown, else after its OK (which
    records that it was shown)."""
    if prefs.was_alarm_warning_shown:
        then()
        return

    def confirmed() -> None:
        prefs.put(was_alarm_warning_shown=True)
        then()

    dialogs.show_reminder_warning(activity, confirmed)


def save_after_disclaimer(activity: Activity, prefs: Prefs, reminders: Sequence[int],
                          save: Callable[[], None]) -> None:
    """`saveCurrentEvent`: with any reminder set, the Disclaimer comes first (once)."""
    if all(r == model.REMINDER_OFF for r in reminders):
        save()
    else:
        after_reminder_disclaimer(activity, prefs, save)
