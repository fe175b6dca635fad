"""Toasts: one at a time, queued, shown for 2 s (short) or 3.5 s (long) of device time."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mobile_gym.sim.ui.layouts import LinearLayout
from mobile_gym.sim.ui.units import sp
from mobile_gym.sim.ui.view import AT_MOST
from mobile_gym.sim.ui.widgets import TextView

if TYPE_CHECKING:
    from mobile_gym.sim.system.clock import Clock
    from mobile_gym.sim.system.screen import ScreenLayout

SHORT_DELAY = 2.0   # NotificationManagerService SHORT_DELAY
LONG_DELAY = 3.5    # NotificationManagerService LONG_DELAY
SYSTEMUI = "com.android.systemui"  # Android 11+ text toasts are drawn by SystemUI


@dataclass
class _Toast:
    package: str
    text: str
    duration: float
    window: Any = None
    hide_at: float = 0.0


class Toasts:
    """The toast queue and its window; `tick()` hides expired toasts and shows the next."""

    def __init__(self, wm: Any, clock: Clock, screen: ScreenLayout) -> None:
        self._wm = wm
        self._clock = clock
        self._screen = screen
        self.current: _Toast | None = None
        self.queue: list[_Toast] = []

    def show(self, package: str, text: str, long: bool = False) -> None:
        self.queue.append(_Toast(package, str(text), LONG_DELAY if long else SHORT_DELAY))
        if self.current is None:
            self._next()

    def _next(self) -> None:
        from mobile_gym.sim.ui.window import Window
        if not self.queue:
            self.current = None
            return
        toast = self.queue.pop(0)
        d = self._screen.dp
        msg = TextView(toast.text, id="android:id/message", text_size=float(sp(14, self._screen.density)),
                       text_color=0xFF1F1F1F, max_lines=2)
        root = LinearLayout("horizontal", background=0xFFF1F3F4, padding=(d(16), d(12)), corner_radius=d(24),
                            gravity="center_vertical")
        root.add(msg)
        max_w = self._screen.width - 2 * d(24)
        root.measure((AT_MOST, max_w), (AT_MOST, self._screen.height))
        bounds = self._screen.toast_bounds(min(root.measured_width, max_w), root.measured_height)
        toast.window = Window(root, package=SYSTEMUI, kind="toast", bounds=bounds, focusable=False)
        toast.window.title = "Toast"
        toast.hide_at = self._clock.now() + toast.duration
        self._wm.add(toast.window)
        self.current = toast

    def tick(self) -> None:
        now = self._clock.now()
        while self.current is not None and now >= self.current.hide_at - 1e-9:
            if self.current.window in self._wm.windows:
                self._wm.remove(self.current.window)
            self._next()

    def remove_package(self, package: str) -> None:
        """The app was force-stopped: its queued toasts go (a shown one stays until it expires)."""
        self.queue = [t for t in self.queue if t.package != package]

