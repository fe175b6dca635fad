"""Markor's shared view pieces: colours, the app-bar toolbar with action items, file-list rows.

Ids and accessibility classes follow reference/apps.md section B and the dump conventions of
section 0.2: toolbar action items are `android.widget.Button` with an empty text and the item
title as content-desc; the overflow button is an `android.widget.ImageView` "More options";
popup-menu rows are `LinearLayout`s in a `ListView` with a `<pkg>:id/title` TextView.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import skia

from mobile_gym.sim.apps.markor.files import Entry
from mobile_gym.sim.ui.dialogs import popup_menu
from mobile_gym.sim.ui.icons import register_icon
from mobile_gym.sim.ui.layouts import FrameLayout, LinearLayout
from mobile_gym.sim.ui.text import font
from mobile_gym.sim.ui.units import MATCH_PARENT, WRAP_CONTENT, dp, sp
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.widgets import EditText, ImageButton, ImageView, TextView

PRIMARY = 0xFF1E2135  # colors.xml primary (toolbar)
PRIMARY_DARK = 0xFF161828
ACCENT = 0xFFF04B4B
BACKGROUND = 0xFFFAFAFA
PRIMARY_TEXT = 0xDE000000
SECONDARY_TEXT = 0x99000000
FILE_ICON = 0xFF757575
ON_PRIMARY = 0xFFFFFFFF
SELECTED_ROW = 0x1FF04B4B
FAVOURITE = 0xFFE3B51B

TOOLBAR_HEIGHT = dp(56)


def _text_icon(label: str, strike: bool = False):
    """An icon painter drawing a short bold label on the 24x24 grid (heading/strike buttons)."""
    def paint(canvas: skia.Canvas, color: int) -> None:
        paint_ = skia.Paint(AntiAlias=True, Color=color)
        f = font(13.0 if len(label) > 1 else 16.0, "bold")
        width = f.measureText(label)
        canvas.drawString(label, 12 - width / 2, 17, f, paint_)
        if strike:
            canvas.drawRect(skia.Rect.MakeLTRB(4, 11, 20, 13), paint_)
    return paint


register_icon("mk_h1", _text_icon("H1"))
register_icon("mk_h2", _text_icon("H2"))
register_icon("mk_h3", _text_icon("H3"))
register_icon("mk_strike", _text_icon("S", strike=True))


@dataclass(frozen=True)
class MenuItem:
    """A toolbar menu item: resource id (short), title, icon; `overflow` puts it in "More options"."""

    id: str
    title: str
    icon: str = ""
    overflow: bool = False


def action_button(item: MenuItem, on_click: Callable[[], None]) -> View:
    """An always-shown toolbar action (ActionMenuItemView: Button, no text, desc = title)."""
    btn = ImageButton(item.icon, id=item.id, content_desc=item.title, icon_color=ON_PRIMARY,
                      width=dp(48), height=dp(48), padding=dp(12), long_clickable=True,
                      on_click=lambda: on_click())
    btn.a11y_class = "android.widget.Button"
    return btn


def overflow_button(on_click: Callable[[View], None]) -> View:
    """The "More options" overflow button (ImageView)."""
    btn = ImageView("more_vert", content_desc="More options", icon_color=ON_PRIMARY,
                    width=dp(40), height=dp(48), padding=(dp(8), dp(12)), clickable=True,
                    focusable=True, long_clickable=True)
    btn.on_click = lambda v: on_click(v)
    return btn


class Toolbar:
    """An AppBarLayout (`appbar`) holding an androidx Toolbar (`toolbar`): optional navigation
    button, a title TextView, action buttons and the overflow button."""

    def __init__(self, *, title_id: str = "", navigation: Callable[[], None] | None = None) -> None:
        self.appbar = LinearLayout("vertical", id="appbar", width=MATCH_PARENT, height=WRAP_CONTENT,
                                   background=PRIMARY)
        self.toolbar = LinearLayout("horizontal", id="toolbar", width=MATCH_PARENT,
                                    height=TOOLBAR_HEIGHT, gravity="center_vertical",
                                    padding=(dp(4), 0, dp(4), 0))
        self.toolbar.a11y_class = "android.view.ViewGroup"
        self.appbar.add(self.toolbar)
        self.nav: View | None = None
        if navigation is not None:
            self.nav = ImageButton("arrow_back", content_desc="Navigate up", icon_color=ON_PRIMARY,
                                   width=dp(48), height=dp(48), on_click=lambda: navigation())
        self.title = TextView("", id=title_id, text_size=sp(20), text_color=ON_PRIMARY,
                              font_weight="medium", max_lines=1, width=0, weight=1,
                              padding=(dp(12) if navigation is None else dp(20), 0, dp(4), 0))
        self.search: EditText | None = None
        self.actions = LinearLayout("horizontal", height=WRAP_CONTENT, gravity="center_vertical")
        self.actions.a11y_class = "androidx.appcompat.widget.LinearLayoutCompat"
        self._rebuild_frame()

    def _rebuild_frame(self) -> None:
        self.toolbar.clear()
        if self.nav is not None:
            self.toolbar.add(self.nav)
        self.toolbar.add(self.title, self.actions)

    def set_title(self, text: str) -> None:
        self.close_search()
        self.title.text = text

    def show_search(self, text: str, on_change: Callable[[str], None]) -> EditText:
        """Replace the title by a SearchView text field (`search_src_text`) that reports edits."""
        self.close_search()
        self.title.visibility = "gone"
        self.search = EditText(text, id="search_src_text", hint="Search", single_line=True,
                               width=0, weight=1, text_color=ON_PRIMARY, text_size=sp(18),
                               on_text_changed=lambda _v, t: on_change(t))
        self.search.hint_color = 0xB3FFFFFF
        index = self.toolbar.children.index(self.title)
        self.toolbar.insert(index + 1, self.search)
        self.search.request_focus()
        return self.search

    def close_search(self) -> None:
        search = getattr(self, "search", None)
        if search is not None and search.parent is self.toolbar:
            self.toolbar.remove(search)
        self.search = None
        self.title.visibility = "visible"

    def set_menu(self, items: list[MenuItem], on_item: Callable[[str], None],
                 show_overflow_menu: Callable[[View, list[MenuItem]], None]) -> None:
        """Show `items`: non-overflow ones as buttons, the rest behind "More options"."""
        self.actions.clear()
        for item in items:
            if not item.overflow:
                self.actions.add(action_button(item, lambda i=item.id: on_item(i)))
        extra = [i for i in items if i.overflow]
        if extra:
            self.actions.add(overflow_button(lambda v, e=extra: show_overflow_menu(v, e)))


def show_menu(activity, anchor_bounds, items: list[MenuItem], on_pick: Callable[[str], None]) -> None:
    """Show an overflow/sub-menu popup (ListView > LinearLayout > `<pkg>:id/title`) under an anchor."""
    menu = popup_menu([(item.title, partial(on_pick, item.id)) for item in items], width=dp(220))
    activity.show_popup(menu, anchor_bounds)


def file_row(entry: Entry, *, selected: bool, on_click: Callable[[Entry], None],
             on_long_click: Callable[[Entry], None] | None, favourite: bool = False) -> View:
    """`opoc_filesystem_item.xml`: root LinearLayout (content-desc), icon, title, description."""
    root = LinearLayout("horizontal", id="opoc_filesystem_item__root", width=MATCH_PARENT,
                        height=WRAP_CONTENT, gravity="center_vertical", padding=(dp(8), dp(6)),
                        clickable=True, long_clickable=on_long_click is not None, focusable=True,
                        content_desc=entry.content_desc(selected),
                        background=SELECTED_ROW if selected else None)
    root.on_click = lambda: on_click(entry)
    if on_long_click is not None:
        root.on_long_click = lambda: on_long_click(entry)
    icon = "check" if selected else ("folder" if entry.is_dir else "file")
    root.add(ImageView(icon, id="opoc_filesystem_item__image", width=dp(48), height=dp(48),
                       padding=dp(8), icon_size=dp(32),
                       icon_color=ACCENT if selected else (FAVOURITE if favourite else FILE_ICON)))
    texts = LinearLayout("vertical", width=0, weight=1, height=WRAP_CONTENT,
                         padding=(dp(8), 0, 0, 0))
    texts.add(TextView(entry.title, id="opoc_filesystem_item__title", text_size=sp(16),
                       text_color=PRIMARY_TEXT, max_lines=1, width=MATCH_PARENT))
    texts.add(TextView(entry.description, id="opoc_filesystem_item__description", text_size=sp(13),
                       text_color=SECONDARY_TEXT, max_lines=1, width=MATCH_PARENT))
    root.add(texts)
    return root


def snackbar(text: str, action: str, on_action: Callable[[], None]) -> View:
    """A Material snackbar (`snackbar_text`, `snackbar_action`) at the bottom of the content
    area: `Snackbar.make(android.R.id.content)` finds no CoordinatorLayout, so it sits over the
    bottom navigation (8 dp margins) and the FAB stays where it is."""
    bar = FrameLayout(width=MATCH_PARENT, height=WRAP_CONTENT, layout_gravity="bottom",
                      margin=(dp(8), 0, dp(8), dp(8)))
    inner = LinearLayout("horizontal", id="snackbar_layout", width=MATCH_PARENT, height=dp(48),
                         background=0xFF323232, gravity="center_vertical", padding=(dp(16), 0),
                         corner_radius=dp(4))
    inner.add(TextView(text, id="snackbar_text", text_size=sp(14), text_color=0xFFFFFFFF,
                       width=0, weight=1, max_lines=1))
    btn = TextView(action, id="snackbar_action", text_size=sp(14), text_color=ACCENT, all_caps=True,
                   font_weight="medium", clickable=True, focusable=True, padding=(dp(8), dp(12)),
                   on_click=lambda: on_action())
    btn.a11y_class = "android.widget.Button"
    inner.add(btn)
    bar.add(inner)
    return bar


__all__ = [
    "ACCENT",
    "BACKGROUND",
    "ON_PRIMARY",
    "PRIMARY",
    "PRIMARY_TEXT",
    "SECONDARY_TEXT",
    "MenuItem",
    "Toolbar",
    "file_row",
    "show_menu",
    "snackbar",
]
