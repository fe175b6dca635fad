"""SystemUI status bar: clock (from the device clock and time_12_24), Wi-Fi state, battery."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mobile_gym.sim.ui.layouts import FrameLayout, LinearLayout
from mobile_gym.sim.ui.units import MATCH_PARENT, sp
from mobile_gym.sim.ui.widgets import ImageView, TextView

if TYPE_CHECKING:
    from mobile_gym.sim.system.clock import Clock
    from mobile_gym.sim.system.screen import ScreenLayout
    from mobile_gym.sim.system.settings_provider import SettingsProvider

SYSTEMUI = "com.android.systemui"
FOREGROUND = 0xFF1F1F1F
BACKGROUND = 0xFFF8F9FA


def clock_text(hour: int, minute: int, twenty_four: bool) -> str:
    """What SystemUI's clock shows: `15:34` (24-hour) or `3:34` (12-hour, no AM/PM)."""
    if twenty_four:
        return f"{hour:02d}:{minute:02d}"
    h = hour % 12 or 12
    return f"{h}:{minute:02d}"


class StatusBar:
    """The status bar window's views; `update()` refreshes them from the clock and settings."""

    def __init__(self, screen: ScreenLayout, clock: Clock, settings: SettingsProvider) -> None:
        from mobile_gym.sim.ui.window import Window
        self._clock = clock
        self._settings = settings
        self._shown: tuple[float, bool, str] | None = None  # (minute, 24-hour, clock text)
        d = screen.dp
        icon = d(17)
        self.clock_view = TextView("", id="clock", text_size=float(sp(14, screen.density)), text_color=FOREGROUND,
                                   font_weight="medium", gravity="start|center_vertical",
                                   height=MATCH_PARENT)
        self.wifi = ImageView("wifi", id="wifi_signal", icon_color=FOREGROUND, icon_size=icon,
                              content_desc="Wifi signal full.", padding=(d(2), 0))
        self.mobile = ImageView("signal", id="mobile_signal", icon_color=FOREGROUND, icon_size=icon,
                                content_desc="Phone four bars.", padding=(d(2), 0))
        self.battery_icon = ImageView("battery", id="battery_icon", icon_color=FOREGROUND, icon_size=icon)
        self.battery = LinearLayout("horizontal", id="battery", content_desc="Battery 100 percent.",
                                    gravity="center_vertical", padding=(d(4), 0, 0, 0))
        self.battery.add(self.battery_icon)
        icons = LinearLayout("horizontal", id="system_icons", gravity="center_vertical", height=MATCH_PARENT)
        icons.add(self.wifi, self.mobile, self.battery)
        contents = LinearLayout("horizontal", id="status_bar_contents", width=MATCH_PARENT, height=MATCH_PARENT,
                                padding=(d(16), 0, d(16), 0), gravity="center_vertical")
        left = FrameLayout(id="status_bar_left_side", width=0, weight=1, height=MATCH_PARENT)
        left.add(self.clock_view)
        contents.add(left, icons)
        root = FrameLayout(id="status_bar_container", width=MATCH_PARENT, height=MATCH_PARENT,
                           background=BACKGROUND)
        root.add(contents)
        self.window = Window(root, package=SYSTEMUI, kind="status_bar", bounds=screen.status_bar, focusable=False)
        self.window.title = "StatusBar"
        self.update()
        settings.observe(self._on_setting)

    def _on_setting(self, namespace: str, key: str, value: str | None) -> None:
        if key in ("wifi_on", "time_12_24", "airplane_mode_on"):
            self.update()

    def update(self) -> None:
        """Refresh the clock text and icons; unchanged values cause no redraw."""
        self.tick()
        self._update_icons()

    def tick(self) -> None:
        """Device time moved: refresh the clock text. (The icons change only with their
        settings, whose every change reaches `_on_setting`.)"""
        twenty_four = self._settings.get("system", "time_12_24") != "12"
        seconds = self._clock.now()
        minute = seconds // 60
        # the text shown for this minute, unless the time is so near a minute's edge that the
        # clock's rounding to microseconds could put it in the next minute
        shown = self._shown
        if shown is not None and shown[:2] == (minute, twenty_four) \
                and 1e-3 < seconds - 60 * minute < 60 - 1e-3:
            text = shown[2]
        else:
            now = self._clock.datetime()
            text = clock_text(now.hour, now.minute, twenty_four)
            self._shown = (minute, twenty_four, text)
        if self.clock_view.text != text:
            self.clock_view.text = text
            self.clock_view.content_desc = text

    def _update_icons(self) -> None:
        wifi_on = self._settings.is_on("global", "wifi_on")
        airplane = self._settings.get("global", "airplane_mode_on") == "1"
        want = "visible" if wifi_on else "gone"
        if self.wifi.visibility != want:
            self.wifi.visibility = want
        mobile = "gone" if airplane else "visible"
        if self.mobile.visibility != mobile:
            self.mobile.visibility = mobile
