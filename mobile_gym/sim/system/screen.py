"""Where system windows go on the Pixel 6 screen: status bar, navigation bar, IME, app area, dialogs."""

from __future__ import annotations

from dataclasses import dataclass, field

from mobile_gym.sim.ui.geometry import Rect
from mobile_gym.sim.ui.units import dp
from mobile_gym.sim.ui.view import AT_MOST, EXACTLY, View


@dataclass
class ScreenLayout:
    """Screen geometry in device pixels; `ime_height` > 0 while the keyboard is shown."""

    width: int = 1080
    height: int = 2400
    density: int = 420
    ime_height: int = 0
    # (width, height, density) -> (status bar, navigation bar, content): asked for at every
    # window sync, and Rects are immutable
    _bars: dict[tuple[int, int, int], tuple[Rect, Rect, Rect]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    def dp(self, v: float) -> int:
        return dp(v, self.density)

    def _system_bars(self) -> tuple[Rect, Rect, Rect]:
        key = (self.width, self.height, self.density)
        bars = self._bars.get(key)
        if bars is None:
            status = Rect(0, 0, self.width, self.dp(24))
            nav = Rect(0, self.height - self.dp(48), self.width, self.height)
            bars = self._bars[key] = (status, nav, Rect(0, status.bottom, self.width, nav.top))
        return bars

    @property
    def status_bar(self) -> Rect:
        return self._system_bars()[0]

    @property
    def nav_bar(self) -> Rect:
        return self._system_bars()[1]

    @property
    def full(self) -> Rect:
        return Rect(0, 0, self.width, self.height)

    @property
    def content(self) -> Rect:
        """Between the status bar and the navigation bar."""
        return self._system_bars()[2]

    def ime_bounds(self, height: int) -> Rect:
        bottom = self.nav_bar.top
        return Rect(0, bottom - height, self.width, bottom)

    def app_bounds(self, soft_input_mode: str = "adjustResize") -> Rect:
        c = self.content
        if self.ime_height and soft_input_mode == "adjustResize":
            return Rect(c.left, c.top, c.right, c.bottom - self.ime_height)
        return c

    def dialog_bounds(self, root: View) -> Rect:
        """AlertDialog window: screen width minus 2 x 24 dp, centred in the app area (above the IME)."""
        c = self.app_bounds()
        width = min(self.width - 2 * self.dp(24), self.dp(560))
        max_h = c.height - 2 * self.dp(24)
        root.measure((EXACTLY, width), (AT_MOST, max_h))
        h = min(max(root.measured_height, 1), max_h)
        left = (self.width - width) // 2
        top = c.top + (c.height - h) // 2
        return Rect(left, top, left + width, top + h)

    def above_ime(self, bounds: Rect) -> Rect:
        """`bounds` moved up just enough to end above the IME (adjustPan of a popup that holds
        the focused editor), never above the status bar; cut to that area when taller."""
        area = self.app_bounds()
        if bounds.bottom <= area.bottom:
            return bounds
        top = max(area.top, bounds.top - (bounds.bottom - area.bottom))
        return Rect(bounds.left, top, bounds.right, min(area.bottom, top + bounds.height))

    def toast_bounds(self, width: int, height: int) -> Rect:
        """Toast: centred horizontally, 64dp... above the navigation bar."""
        left = (self.width - width) // 2
        bottom = self.nav_bar.top - self.dp(64)
        return Rect(left, bottom - height, left + width, bottom)
