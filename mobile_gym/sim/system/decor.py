"""The window decor every activity gets: DecorView > LinearLayout > FrameLayout >
action_bar_root > android:id/content > the app's views, plus android:id/statusBarBackground,
as a real uiautomator dump of an AppCompat app shows it. The content frame sits between the
status bar and the navigation bar (and above the keyboard when the activity uses adjustResize).
"""

from __future__ import annotations

from dataclasses import dataclass

from mobile_gym.sim.system.screen import ScreenLayout
from mobile_gym.sim.ui.layouts import FrameLayout, LinearLayout
from mobile_gym.sim.ui.units import MATCH_PARENT
from mobile_gym.sim.ui.view import View


@dataclass(eq=False)
class Decor:
    root: FrameLayout        # DecorView (window root, full screen)
    frame: FrameLayout       # inset between the system bars (and the IME)
    content: FrameLayout     # android:id/content, holds the app's root view

    def set_view(self, view: View) -> None:
        if self.content.children == [view]:
            return
        self.content.clear()
        self.content.add(view)

    def fit(self, screen: ScreenLayout, soft_input_mode: str) -> None:
        """Inset the content frame for the status bar, the navigation bar and the IME."""
        app = screen.app_bounds(soft_input_mode)
        margin = (0, app.top, 0, screen.height - app.bottom)
        if self.frame.margin != margin:
            self.frame.margin = margin


def build_decor(screen: ScreenLayout, soft_input_mode: str) -> Decor:
    content = FrameLayout(id="android:id/content", width=MATCH_PARENT, height=MATCH_PARENT)
    bar_root = LinearLayout("vertical", id="action_bar_root", width=MATCH_PARENT, height=MATCH_PARENT)
    bar_root.add(content)
    frame = FrameLayout(width=MATCH_PARENT, height=MATCH_PARENT)
    frame.add(bar_root)
    column = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT)
    column.add(frame)
    status_bg = View(id="android:id/statusBarBackground", width=MATCH_PARENT, height=screen.status_bar.height)
    root = FrameLayout(width=MATCH_PARENT, height=MATCH_PARENT)
    root.add(column, status_bg)
    decor = Decor(root, frame, content)
    decor.fit(screen, soft_input_mode)
    return decor
