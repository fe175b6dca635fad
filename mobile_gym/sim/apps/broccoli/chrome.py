"""Broccoli's shared view pieces: its icons, the app-bar toolbar with action items and the
overflow menu, text-input fields (TextInputLayout + TextInputEditText) and empty pages.

Dump conventions as on a device: toolbar actions are ActionMenuItemViews (`android.widget.Button`,
no text, content-desc = title) with the menu item's id; the overflow button is an ImageView
"More options"; overflow rows are LinearLayouts in a ListView with a `title` TextView; the
navigation button is an ImageButton ("Open navigation drawer", "Navigate up", "Collapse").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import skia

from ...ui.dialogs import alert_dialog, popup_menu
from ...ui.icons import register_icon
from ...ui.layouts import FrameLayout, LinearLayout, ViewGroup
from ...ui.render import fill_paint, stroke_paint
from ...ui.units import MATCH_PARENT, WRAP_CONTENT, dp, sp
from ...ui.view import View
from ...ui.widgets import EditText, ImageButton, ImageView, TextView
from . import theme


def _path(*pts: tuple[float, float], close: bool = True) -> skia.Path:
    p = skia.Path()
    p.moveTo(*pts[0])
    for pt in pts[1:]:
        p.lineTo(*pt)
    if close:
        p.close()
    return p


def _heart(filled: bool):
    def paint(c: skia.Canvas, k: int) -> None:
        p = skia.Path()
        p.moveTo(12, 20.5)
        p.cubicTo(4, 14.5, 2, 11.5, 2, 8.5)
        p.cubicTo(2, 5.5, 4.5, 3.5, 7, 3.5)
        p.cubicTo(9, 3.5, 11, 4.8, 12, 6.5)
        p.cubicTo(13, 4.8, 15, 3.5, 17, 3.5)
        p.cubicTo(19.5, 3.5, 22, 5.5, 22, 8.5)
        p.cubicTo(22, 11.5, 20, 14.5, 12, 20.5)
        p.close()
        c.drawPath(p, fill_paint(k) if filled else stroke_paint(k, 2))
    return paint


def _leaf(c: skia.Canvas, k: int) -> None:
    p = skia.Path()
    p.moveTo(5, 19)
    p.cubicTo(4, 10, 10, 4, 20, 4)
    p.cubicTo(20, 14, 14, 20, 5, 19)
    p.close()
    c.drawPath(p, fill_paint(k))
    c.drawPath(_path((3, 21), (13, 11), close=False), stroke_paint(0xFFFFFFFF, 1.5))


def _cutlery(c: skia.Canvas, k: int) -> None:
    for x in (6, 8, 10):
        c.drawPath(_path((x, 3), (x, 9), close=False), stroke_paint(k, 1.5))
    c.drawPath(_path((6, 9), (10, 9), (8, 11), close=True), fill_paint(k))
    c.drawPath(_path((8, 11), (8, 21), close=False), stroke_paint(k, 2))
    p = skia.Path()
    p.moveTo(16, 21)
    p.lineTo(16, 3)
    p.cubicTo(19, 5, 19, 11, 16, 13)
    c.drawPath(p, stroke_paint(k, 2))


def _book(c: skia.Canvas, k: int) -> None:
    c.drawRoundRect(skia.Rect.MakeLTRB(5, 3, 19, 21), 1.5, 1.5, stroke_paint(k, 2))
    c.drawPath(_path((9, 3), (9, 21), close=False), stroke_paint(k, 2))


def _label(c: skia.Canvas, k: int) -> None:
    c.drawPath(_path((3, 7), (15, 7), (21, 12), (15, 17), (3, 17)), fill_paint(k))


def _title_t(c: skia.Canvas, k: int) -> None:
    c.drawRect(skia.Rect.MakeLTRB(5, 4, 19, 7), fill_paint(k))
    c.drawRect(skia.Rect.MakeLTRB(10.5, 7, 13.5, 20), fill_paint(k))


def _numbered(c: skia.Canvas, k: int) -> None:
    for y in (6, 12, 18):
        c.drawRect(skia.Rect.MakeLTRB(8, y - 1, 21, y + 1), fill_paint(k))
        c.drawRect(skia.Rect.MakeLTRB(3, y - 2, 5, y + 2), fill_paint(k))


def _import_export(c: skia.Canvas, k: int) -> None:
    c.drawPath(_path((9, 3), (4, 8), (7.5, 8), (7.5, 15), (10.5, 15), (10.5, 8), (14, 8)),
               fill_paint(k))
    c.drawPath(_path((15, 21), (20, 16), (16.5, 16), (16.5, 9), (13.5, 9), (13.5, 16), (10, 16)),
               fill_paint(k))


def _photo_placeholder(c: skia.Canvas, k: int) -> None:
    """The recipe photo placeholder: a plate with cutlery."""
    c.drawCircle(12, 12, 7, stroke_paint(k, 1.6))
    c.drawCircle(12, 12, 4, stroke_paint(k, 1.0))
    c.drawPath(_path((3, 5), (3, 19), close=False), stroke_paint(k, 1.4))
    c.drawPath(_path((21, 5), (21, 19), close=False), stroke_paint(k, 1.4))


register_icon("bro_favorite", _heart(True))
register_icon("bro_favorite_border", _heart(False))
register_icon("bro_eco", _leaf)
register_icon("bro_restaurant", _cutlery)
register_icon("bro_recipes", _book)
register_icon("bro_categories", _label)
register_icon("bro_title", _title_t)
register_icon("bro_list_numbered", _numbered)
register_icon("bro_import_export", _import_export)
register_icon("bro_placeholder", _photo_placeholder)


@dataclass(frozen=True)
class MenuItem:
    """A menu item: id (short), title, icon; `overflow` puts it behind "More options"."""

    id: str
    title: str
    icon: str = ""
    overflow: bool = False


class Toolbar:
    """An androidx Toolbar (`android.view.ViewGroup`): navigation button, title, actions."""

    def __init__(self, *, id: str = "toolbar", background: int = theme.PRIMARY,
                 nav_icon: str | None = None, nav_desc: str = "",
                 on_nav: Callable[[], None] | None = None) -> None:
        self.view = LinearLayout("horizontal", id=id, width=MATCH_PARENT,
                                 height=theme.TOOLBAR_HEIGHT, gravity="center_vertical",
                                 background=background, padding=(dp(4), 0, dp(4), 0))
        self.view.a11y_class = "android.view.ViewGroup"
        self.nav: ImageButton | None = None
        if nav_icon is not None:
            self.nav = ImageButton(nav_icon, content_desc=nav_desc, icon_color=theme.ON_PRIMARY,
                                   width=dp(48), height=dp(48),
                                   on_click=lambda: on_nav() if on_nav else None)
        self.title = TextView("", text_size=theme.TITLE_TEXT, text_color=theme.ON_PRIMARY,
                              font_weight="medium", max_lines=1, width=0, weight=1,
                              padding=(dp(20) if nav_icon else dp(12), 0, dp(4), 0))
        self.custom = LinearLayout("horizontal", width=0, weight=1, height=MATCH_PARENT,
                                   gravity="center_vertical")
        self.custom.a11y_class = "android.widget.LinearLayout"
        self.actions = LinearLayout("horizontal", gravity="center_vertical")
        self.actions.a11y_class = "androidx.appcompat.widget.LinearLayoutCompat"
        self._rebuild(use_custom=False)

    def _rebuild(self, *, use_custom: bool) -> None:
        self.view.clear()
        if self.nav is not None:
            self.view.add(self.nav)
        self.view.add(self.custom if use_custom else self.title, self.actions)

    def set_title(self, text: str) -> None:
        self.title.text = text

    def set_custom(self, *views: View) -> None:
        """Children of the toolbar in place of the title (a spinner, a search field)."""
        self.custom.clear()
        self.custom.add(*views)
        self._rebuild(use_custom=True)

    def set_menu(self, activity, items: list[MenuItem], on_item: Callable[[str], None]) -> None:
        """Non-overflow items as action buttons, the rest behind "More options"."""
        self.actions.clear()
        for item in items:
            if not item.overflow:
                btn = ImageButton(item.icon, id=item.id, content_desc=item.title,
                                  icon_color=theme.ON_PRIMARY, width=dp(48), height=dp(48),
                                  long_clickable=True, on_click=partial(on_item, item.id))
                btn.a11y_class = "android.widget.Button"
                self.actions.add(btn)
        extra = [i for i in items if i.overflow]
        if extra:
            more = ImageView("more_vert", content_desc="More options", icon_color=theme.ON_PRIMARY,
                             width=dp(40), height=dp(48), padding=(dp(8), dp(12)), clickable=True,
                             focusable=True, long_clickable=True)
            more.on_click = lambda v: show_menu(activity, v.bounds, extra, on_item)
            self.actions.add(more)


def show_menu(activity, anchor, items: list[MenuItem], on_pick: Callable[[str], None]) -> None:
    """The overflow popup under `anchor` (a Rect)."""
    menu = popup_menu([(item.title, partial(on_pick, item.id)) for item in items], width=dp(196))
    activity.show_popup(menu, anchor)


def dialog(*args, **kw) -> View:
    """`ui.dialogs.alert_dialog` in the app's MaterialComponents theme: AppCompat ids, buttons
    in capitals and colorPrimary, the 4 dp corners of Theme.MaterialComponents dialogs."""
    root = alert_dialog(*args, appcompat=True, all_caps_buttons=True, **kw)
    root.corner_radius = dp(4)
    for bid in ("android:id/button1", "android:id/button2", "android:id/button3"):
        button = root.find(bid)
        if button is not None:
            button.text_color = theme.PRIMARY
    return root


def app_bar(*children: View) -> LinearLayout:
    """An AppBarLayout (`android.widget.LinearLayout`) around toolbars."""
    bar = LinearLayout("vertical", width=MATCH_PARENT, background=theme.PRIMARY)
    bar.add(*children)
    return bar


@dataclass
class TextField:
    """A TextInputLayout (outlined box, start icon, hint) around a TextInputEditText."""

    layout: LinearLayout
    edit: EditText


def text_field(edit_id: str, hint: str, icon: str, *, multi_line: bool = False,
               focusable: bool = True, on_click: Callable | None = None,
               end_icon: str | None = None, on_text_changed: Callable | None = None) -> TextField:
    layout = LinearLayout("horizontal", width=MATCH_PARENT, gravity="center_vertical",
                          padding=(theme.TEXT_MARGIN, 0, theme.TEXT_MARGIN, theme.TEXT_MARGIN))
    box = LinearLayout("horizontal", width=MATCH_PARENT, gravity="center_vertical",
                       background=None, padding=(dp(12), 0, dp(8), 0), corner_radius=dp(4))
    box.a11y_class = "android.widget.FrameLayout"
    box.add(ImageButton(icon, icon_color=theme.CONTROL_NORMAL, width=dp(40), height=dp(48),
                        padding=(dp(8), dp(12)), clickable=False, focusable=False))
    edit = EditText("", id=edit_id, hint=hint, single_line=not multi_line,
                    input_type="textCapSentences|textMultiLine" if multi_line else "textCapSentences",
                    width=0, weight=1, text_size=sp(16), text_color=theme.TEXT,
                    focusable=focusable, clickable=True, on_text_changed=on_text_changed,
                    padding=(dp(8), dp(16)), min_height=dp(56))
    edit.underline = False
    edit.hint_color = theme.CONTROL_NORMAL
    if on_click is not None:
        edit.on_click = on_click
    box.add(edit)
    if end_icon is not None:
        box.add(ImageButton(end_icon, icon_color=theme.CONTROL_NORMAL, width=dp(40),
                            height=dp(48), padding=(dp(8), dp(12)), clickable=False,
                            focusable=False))
    outline = OutlinedBox(width=MATCH_PARENT)
    outline.add(box)
    layout.add(outline)
    return TextField(layout, edit)


class OutlinedBox(FrameLayout):
    """The outlined box of Widget.MaterialComponents.TextInputLayout.OutlinedBox."""

    a11y_class = "android.widget.FrameLayout"

    def on_draw(self, canvas: skia.Canvas) -> None:
        b = self.bounds
        r = skia.Rect.MakeLTRB(b.left + 1, b.top + 1, b.right - 1, b.bottom - 1)
        canvas.drawRoundRect(r, dp(4), dp(4), stroke_paint(theme.CONTROL_NORMAL, dp(1)))


def fab(id: str, desc: str, icon: str, on_click: Callable[[], None]) -> ImageButton:
    """A FloatingActionButton at the bottom end (colorSecondary green, white icon)."""
    return ImageButton(icon, id=id, content_desc=desc, width=dp(56), height=dp(56),
                       padding=dp(16), icon_color=theme.ON_PRIMARY, background=theme.PRIMARY,
                       corner_radius=dp(28), layout_gravity="bottom|end",
                       margin=(0, 0, theme.FAB_MARGIN, theme.FAB_MARGIN),
                       on_click=lambda: on_click())


def page(*children: View, id: str = "") -> ViewGroup:
    """A fragment's root: a CoordinatorLayout (`android.view.ViewGroup`) filling the host."""
    root = ViewGroup(id=id, width=MATCH_PARENT, height=MATCH_PARENT, background=theme.BACKGROUND)
    root.add(*children)
    return root


def centered_text(text: str, id: str = "") -> TextView:
    return TextView(text, id=id, text_size=theme.LARGE_TEXT, text_color=theme.TEXT,
                    gravity="center", width=MATCH_PARENT, layout_gravity="center",
                    padding=dp(32))


__all__ = [
    "WRAP_CONTENT",
    "MenuItem",
    "TextField",
    "Toolbar",
    "app_bar",
    "centered_text",
    "fab",
    "page",
    "show_menu",
    "text_field",
]
