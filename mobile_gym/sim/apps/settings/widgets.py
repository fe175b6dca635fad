"""Settings' view pieces: preference rows (settingslib `preference.xml`), category headers, the
MainSwitchBar and the collapsing page header.

Ids follow AOSP: row titles `android:id/title`, summaries `android:id/summary`, icons
`android:id/icon` in `android:id/icon_frame`, switches `android:id/switch_widget` inside
`android:id/widget_frame`.
"""

from __future__ import annotations

from collections.abc import Callable

import skia

from mobile_gym.sim.ui.icons import register_icon
from mobile_gym.sim.ui.layouts import FrameLayout, LinearLayout
from mobile_gym.sim.ui.units import MATCH_PARENT, WRAP_CONTENT, dp, sp
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.widgets import ImageButton, ImageView, Switch, TextView

BACKGROUND = 0xFFF5F7FB  # Pixel light settings surface
TITLE_TEXT = 0xFF1B1B1F
SUMMARY_TEXT = 0xFF45464F
ACCENT = 0xFF3F5AA8
MAIN_SWITCH_ON = 0xFFD3E1FF
MAIN_SWITCH_OFF = 0xFFE3E2E6


def _fill(c: skia.Canvas, color: int):
    return skia.Paint(AntiAlias=True, Color=color)


def _stroke(color: int, width: float = 2.0):
    return skia.Paint(AntiAlias=True, Color=color, Style=skia.Paint.kStroke_Style, StrokeWidth=width)


def _icon_devices(c: skia.Canvas, color: int) -> None:
    c.drawRoundRect(skia.Rect.MakeLTRB(2, 5, 16, 16), 1.5, 1.5, _stroke(color))
    c.drawRect(skia.Rect.MakeLTRB(0, 17, 18, 19), _fill(c, color))
    c.drawRoundRect(skia.Rect.MakeLTRB(17, 8, 23, 19), 1, 1, _stroke(color))


def _icon_accessibility(c: skia.Canvas, color: int) -> None:
    c.drawCircle(12, 4, 2, _fill(c, color))
    c.drawRect(skia.Rect.MakeLTRB(4, 7, 20, 9), _fill(c, color))
    c.drawRect(skia.Rect.MakeLTRB(11, 8, 13, 15), _fill(c, color))
    c.drawLine(11, 14, 8, 21, _stroke(color, 2))
    c.drawLine(13, 14, 16, 21, _stroke(color, 2))


def _icon_emergency(c: skia.Canvas, color: int) -> None:
    c.drawRect(skia.Rect.MakeLTRB(10, 3, 14, 21), _fill(c, color))
    c.drawRect(skia.Rect.MakeLTRB(3, 10, 21, 14), _fill(c, color))


def _icon_key(c: skia.Canvas, color: int) -> None:
    c.drawCircle(7, 12, 4, _stroke(color))
    c.drawRect(skia.Rect.MakeLTRB(11, 11, 22, 13), _fill(c, color))
    c.drawRect(skia.Rect.MakeLTRB(18, 13, 20, 16), _fill(c, color))


def _icon_sim(c: skia.Canvas, color: int) -> None:
    path = skia.Path()
    path.moveTo(6, 2)
    for x, y in ((15, 2), (19, 6), (19, 22), (6, 22)):
        path.lineTo(x, y)
    path.close()
    c.drawPath(path, _stroke(color))
    c.drawRect(skia.Rect.MakeLTRB(9, 11, 16, 18), _fill(c, color))


def _icon_hotspot(c: skia.Canvas, color: int) -> None:
    c.drawCircle(12, 12, 2, _fill(c, color))
    c.drawCircle(12, 12, 6, _stroke(color))
    c.drawCircle(12, 12, 10, _stroke(color))


def _icon_ring(label: str):
    def paint(c: skia.Canvas, color: int) -> None:
        c.drawCircle(12, 12, 9, _stroke(color))
        from mobile_gym.sim.ui.text import font
        f = font(9.0, "bold")
        c.drawString(label, 12 - f.measureText(label) / 2, 15, f, _fill(c, color))
    return paint


def _icon_cast(c: skia.Canvas, color: int) -> None:
    c.drawRoundRect(skia.Rect.MakeLTRB(2, 4, 22, 19), 2, 2, _stroke(color))
    c.drawCircle(3, 20, 1.5, _fill(c, color))


def _icon_print(c: skia.Canvas, color: int) -> None:
    c.drawRoundRect(skia.Rect.MakeLTRB(2, 8, 22, 17), 2, 2, _fill(c, color))
    c.drawRect(skia.Rect.MakeLTRB(6, 3, 18, 8), _stroke(color))
    c.drawRect(skia.Rect.MakeLTRB(6, 15, 18, 21), _stroke(color))


def _icon_car(c: skia.Canvas, color: int) -> None:
    c.drawRoundRect(skia.Rect.MakeLTRB(3, 10, 21, 18), 2, 2, _fill(c, color))
    c.drawRect(skia.Rect.MakeLTRB(6, 5, 18, 10), _stroke(color))
    c.drawCircle(7, 19, 2, _fill(c, color))
    c.drawCircle(17, 19, 2, _fill(c, color))


for _name, _painter in (("st_devices", _icon_devices), ("st_accessibility", _icon_accessibility),
                        ("st_emergency", _icon_emergency), ("st_key", _icon_key), ("st_sim", _icon_sim),
                        ("st_hotspot", _icon_hotspot), ("st_data_saver", _icon_ring("+")),
                        ("st_vpn", _icon_key), ("st_cast", _icon_cast), ("st_print", _icon_print),
                        ("st_car", _icon_car)):
    register_icon(_name, _painter)


class PageHeader(FrameLayout):
    """CollapsingToolbarLayout `collapsing_toolbar`: the big title is painted (not a TextView) and
    the layout carries it as content-desc; the Toolbar `action_bar` holds "Navigate up"."""

    def __init__(self, title: str, on_up: Callable[[], None] | None) -> None:
        super().__init__(id="collapsing_toolbar", content_desc=title, width=MATCH_PARENT,
                         height=dp(184), background=BACKGROUND)
        self.title = title
        bar = LinearLayout("horizontal", id="action_bar", width=MATCH_PARENT, height=dp(64),
                           gravity="center_vertical", padding=(dp(4), 0))
        bar.a11y_class = "android.view.ViewGroup"
        if on_up is not None:
            bar.add(ImageButton("arrow_back", content_desc="Navigate up", width=dp(48), height=dp(48),
                                icon_color=TITLE_TEXT, on_click=lambda: on_up()))
        self.add(bar)

    def on_draw(self, canvas: skia.Canvas) -> None:
        b = self._bounds
        self.paint_text(canvas, self.title, b.left + dp(24), b.bottom - dp(72), size=sp(36),
                        color=TITLE_TEXT)


def category(title: str) -> View:
    """A PreferenceCategory header row."""
    row = LinearLayout("horizontal", width=MATCH_PARENT, height=WRAP_CONTENT,
                       padding=(dp(24), dp(24), dp(24), dp(8)))
    row.add(TextView(title, id="android:id/title", text_size=sp(14), text_color=ACCENT,
                     font_weight="medium"))
    return row


def preference_row(title: str, summary: str = "", *, icon: str = "", on_click: Callable[[], None] | None,
                   switch_checked: bool | None = None, enabled: bool = True) -> tuple[View, Switch | None]:
    """A settingslib preference row; with `switch_checked` not None it carries a Switch.

    The whole row is clickable (a tap toggles a switch row); the Switch itself is not separately
    clickable, as in SwitchPreference.
    """
    row = LinearLayout("horizontal", width=MATCH_PARENT, height=WRAP_CONTENT, min_height=dp(72),
                       gravity="center_vertical", padding=(dp(24) if not icon else dp(16), dp(16), dp(24), dp(16)),
                       clickable=on_click is not None, focusable=on_click is not None, enabled=enabled)
    if on_click is not None:
        row.on_click = lambda: on_click()
    if icon:
        frame = LinearLayout("horizontal", id="android:id/icon_frame", width=dp(56), height=WRAP_CONTENT,
                             gravity="start|center_vertical")
        frame.add(ImageView(icon, id="android:id/icon", icon_color=SUMMARY_TEXT, icon_size=dp(24)))
        row.add(frame)
    # RelativeLayout in preference.xml; a vertical LinearLayout reporting that class lays it out
    texts = LinearLayout("vertical", width=0, weight=1, height=WRAP_CONTENT)
    texts.a11y_class = "android.widget.RelativeLayout"
    texts.add(TextView(title, id="android:id/title", text_size=sp(20), text_color=TITLE_TEXT, max_lines=2,
                       width=MATCH_PARENT))
    if summary:
        texts.add(TextView(summary, id="android:id/summary", text_size=sp(14), text_color=SUMMARY_TEXT,
                           max_lines=4, width=MATCH_PARENT))
    row.add(texts)
    switch = None
    if switch_checked is not None:
        wf = LinearLayout("horizontal", id="android:id/widget_frame", width=WRAP_CONTENT, height=WRAP_CONTENT,
                          gravity="end|center_vertical", padding=(dp(16), 0, 0, 0))
        switch = Switch("", id="android:id/switch_widget", checked=switch_checked, clickable=False,
                        focusable=False)
        wf.add(switch)
        row.add(wf)
    return row, switch


def main_switch_bar(title: str, checked: bool, on_toggle: Callable[[], None]) -> tuple[View, Switch]:
    """settingslib MainSwitchBar: a rounded bar "Use Bluetooth" with the switch at its end."""
    outer = FrameLayout(width=MATCH_PARENT, height=WRAP_CONTENT, padding=(dp(16), dp(8)))
    bar = LinearLayout("horizontal", id="main_switch_bar", width=MATCH_PARENT, height=dp(72),
                       gravity="center_vertical", padding=(dp(24), 0), clickable=True, focusable=True,
                       background=MAIN_SWITCH_ON if checked else MAIN_SWITCH_OFF, corner_radius=dp(28),
                       on_click=lambda: on_toggle())
    bar.add(TextView(title, id="switch_text", text_size=sp(20), text_color=TITLE_TEXT, width=0, weight=1,
                     max_lines=2))
    switch = Switch("", id="android:id/switch_widget", checked=checked, clickable=False, focusable=False)
    bar.add(switch)
    outer.add(bar)
    return outer, switch
