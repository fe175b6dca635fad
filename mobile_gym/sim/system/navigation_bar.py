"""SystemUI 3-button navigation bar: Back, Home, Overview (content-descs as on AOSP)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from mobile_gym.sim.ui.layouts import FrameLayout, LinearLayout
from mobile_gym.sim.ui.units import MATCH_PARENT
from mobile_gym.sim.ui.widgets import ImageView

if TYPE_CHECKING:
    from mobile_gym.sim.system.screen import ScreenLayout

SYSTEMUI = "com.android.systemui"
BACKGROUND = 0xFF000000
FOREGROUND = 0xFFFFFFFF


class NavigationBar:
    """The navigation bar window; `press(name)` is called with BACK, HOME or APP_SWITCH."""

    def __init__(self, screen: ScreenLayout, press: Callable[[str], None]) -> None:
        from mobile_gym.sim.ui.window import Window
        d = screen.dp
        self._press = press
        slot = screen.width // 3

        def button(icon: str, id_: str, desc: str, key: str) -> ImageView:
            return ImageView(icon, id=id_, content_desc=desc, icon_color=FOREGROUND, icon_size=d(24),
                             width=min(slot, d(96)), height=MATCH_PARENT, clickable=True,
                             long_clickable=key == "HOME", on_click=getattr(self, f"_on_{key.lower()}"))

        self.back = button("back_triangle", "back", "Back", "BACK")
        self.home = button("home_circle", "home", "Home", "HOME")
        self.recents = button("recents_square", "recent_apps", "Overview", "APP_SWITCH")
        row = LinearLayout("horizontal", id="ends_group", width=MATCH_PARENT, height=MATCH_PARENT,
                           gravity="center")
        spacer = max(0, (screen.width - 3 * min(slot, d(96))) // 4)
        self.back.margin = (spacer, 0, 0, 0)
        self.home.margin = (spacer, 0, spacer, 0)
        self.recents.margin = (0, 0, spacer, 0)
        row.add(self.back, self.home, self.recents)
        root = FrameLayout(id="navigation_bar_frame", width=MATCH_PARENT, height=MATCH_PARENT, background=BACKGROUND)
        root.add(row)
        self.window = Window(root, package=SYSTEMUI, kind="nav_bar", bounds=screen.nav_bar, focusable=False)
        self.window.title = "NavigationBar0"

    def _on_back(self) -> None:
        self._press("BACK")

    def _on_home(self) -> None:
        self._press("HOME")

    def _on_app_switch(self) -> None:
        self._press("APP_SWITCH")
