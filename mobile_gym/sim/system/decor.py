"""The window decor every activity gets: DecorView > LinearLayout > FrameLayout >
action_bar_root > android:id/content > the app's views, plus android:id/statusBarBackground,
as a real uiautomator dump of an AppCompat app shows it. The content frame sits between the
status bar and the navigation bar (and above the keyboard when the activity uses adjustResize).
A theme with `windowActionModeOverlay` (Simple Commons) gets AppCompat's
abc_screen_simple_overlay_action_mode sub-decor: action_bar_root is a FrameLayout and the
action mode bar, once shown, overlays the content as its sibling.
"""

from __future__ import annotations

from dataclasses import dataclass

from mobile_gym.sim.system.screen import ScreenLayout
from mobile_gym.sim.ui.layouts import FrameLayout, LinearLayout
from mobile_gym.sim.ui.units import MATCH_PARENT, WRAP_CONTENT
from mobile_gym.sim.ui.view import View


@dataclass(eq=False)
class Decor:
    root: FrameLayout        # DecorView (window root, full screen)
    frame: FrameLayout       # inset between the system bars (and the IME)
    content: FrameLayout     # android:id/content, holds the app's root view
    bar_root: View | None = None  # action_bar_root (holds content and an action mode bar)
    floating: bool = False        # a floating window: sized to its content, no insets

    def set_view(self, view: View) -> None:
        if self.content.children == [view]:
            return
        self.content.clear()
        self.content.add(view)

    def set_action_mode_bar(self, bar: View) -> None:
        """Put the app's action mode bar (`action_mode_bar`) over the content, in action_bar_root
        after android:id/content, where AppCompat inflates its ViewStub."""
        host = self.bar_root
        if host is None:
            raise RuntimeError("the decor has no action_bar_root")
        if bar.parent is not host:
            host.add(bar)

    def fit(self, screen: ScreenLayout, soft_input_mode: str) -> None:
        """Inset the content frame for the status bar, the navigation bar and the IME."""
        if self.floating:
            return
        app = screen.app_bounds(soft_input_mode)
        margin = (0, app.top, 0, screen.height - app.bottom)
        if self.frame.margin != margin:
            self.frame.margin = margin


def build_decor(screen: ScreenLayout, soft_input_mode: str, *, action_mode_overlay: bool = False,
                floating: bool = False) -> Decor:
    if floating:
        return _floating_decor()
    content = FrameLayout(id="android:id/content", width=MATCH_PARENT, height=MATCH_PARENT)
    bar_root: View
    if action_mode_overlay:  # FitWindowsFrameLayout
        bar_root = FrameLayout(id="action_bar_root", width=MATCH_PARENT, height=MATCH_PARENT)
    else:                    # FitWindowsLinearLayout
        bar_root = LinearLayout("vertical", id="action_bar_root", width=MATCH_PARENT, height=MATCH_PARENT)
    bar_root.add(content)
    frame = FrameLayout(width=MATCH_PARENT, height=MATCH_PARENT)
    frame.add(bar_root)
    column = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT)
    column.add(frame)
    status_bg = View(id="android:id/statusBarBackground", width=MATCH_PARENT, height=screen.status_bar.height)
    root = FrameLayout(width=MATCH_PARENT, height=MATCH_PARENT)
    root.add(column, status_bg)
    decor = Decor(root, frame, content, bar_root)
    decor.fit(screen, soft_input_mode)
    return decor


def _floating_decor() -> Decor:
    """A floating (dialog-themed) platform Activity's decor, screen_simple: DecorView >
    LinearLayout > android:id/content, all wrapping the content's height; no system-bar insets."""
    content = FrameLayout(id="android:id/content", width=MATCH_PARENT, height=WRAP_CONTENT)
    column = LinearLayout("vertical", width=MATCH_PARENT, height=WRAP_CONTENT)
    column.add(content)
    root = FrameLayout(width=MATCH_PARENT, height=WRAP_CONTENT)
    root.add(column)
    return Decor(root, column, content, None, floating=True)
