"""Pixel Launcher home screen: every installed app as an icon with its label, in a 4-column grid."""

from __future__ import annotations

from typing import Any, ClassVar

import skia

from mobile_gym.sim.system.activity import (
    ACTION_MAIN,
    CATEGORY_LAUNCHER,
    Activity,
    Intent,
)
from mobile_gym.sim.system.packages import App
from mobile_gym.sim.ui.geometry import Rect
from mobile_gym.sim.ui.icons import draw_icon
from mobile_gym.sim.ui.layouts import FrameLayout, LinearLayout, ViewGroup
from mobile_gym.sim.ui.units import MATCH_PARENT, WRAP_CONTENT, dp, sp
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.widgets import TextView

PACKAGE = "com.google.android.apps.nexuslauncher"
WALLPAPER = 0xFF263238
COLUMNS = 4
ICON_SIZE = dp(56)


class LauncherIcon(TextView):
    """A BubbleTextView: the app icon painted above the label; dumps as a TextView."""

    def __init__(self, label: str, icon: str, color: int, on_click: Any) -> None:
        super().__init__(label, id="", content_desc=label, text_size=float(sp(12)), text_color=0xFFFFFFFF,
                         max_lines=1, gravity="center_horizontal|top", clickable=True, long_clickable=True,
                         focusable=True, width=0, weight=1, height=WRAP_CONTENT,
                         padding=(dp(4), dp(8) + ICON_SIZE + dp(8), dp(4), dp(8)), on_click=on_click)
        self.icon_name = icon
        self.icon_color = color

    def icon_rect(self) -> Rect:
        b = self.bounds
        cx = (b.left + b.right) // 2
        top = b.top + dp(8)
        return Rect(cx - ICON_SIZE // 2, top, cx - ICON_SIZE // 2 + ICON_SIZE, top + ICON_SIZE)

    def on_draw(self, canvas: skia.Canvas) -> None:
        r = self.icon_rect()
        paint = skia.Paint(Color=self.icon_color & 0xFFFFFFFF, AntiAlias=True)
        canvas.drawCircle(r.center[0], r.center[1], ICON_SIZE / 2, paint)
        inset = ICON_SIZE // 4
        draw_icon(canvas, self.icon_name, Rect(r.left + inset, r.top + inset, r.right - inset, r.bottom - inset),
                  0xFFFFFFFF)
        super().on_draw(canvas)


class _Launch:
    """An icon's click: start the app's launcher activity as the real launcher does."""

    def __init__(self, activity: NexusLauncherActivity, component: str, icon: LauncherIcon | None = None) -> None:
        self.activity = activity
        self.component = component
        self.icon = icon

    def __call__(self) -> None:
        bounds = self.icon.bounds if self.icon is not None else None
        self.activity.start_intent(Intent(component=self.component, action=ACTION_MAIN,
                                          categories=(CATEGORY_LAUNCHER,), flags=0x10200000,
                                          source_bounds=bounds))


class NexusLauncherActivity(Activity):
    """The home screen. Back does nothing; the grid lists apps in install order."""

    launch_mode = "singleTask"

    def on_create(self) -> None:
        self.date = TextView("", id="date", text_size=float(sp(22)), text_color=0xFFFFFFFF,
                             margin=(dp(24), dp(32), dp(24), dp(24)))
        grid = LinearLayout("vertical", id="workspace", width=MATCH_PARENT, height=WRAP_CONTENT,
                            padding=(dp(8), 0))
        apps = self.ctx.launchable_apps()
        for start in range(0, len(apps), COLUMNS):
            row = ViewGroup(width=MATCH_PARENT, height=WRAP_CONTENT)
            row_layout = LinearLayout("horizontal", width=MATCH_PARENT, height=WRAP_CONTENT)
            for info in apps[start:start + COLUMNS]:
                app = info.app_class
                launch = _Launch(self, info.launcher_component or "")
                icon = LauncherIcon(app.label, app.icon, app.icon_color, launch)
                launch.icon = icon
                row_layout.add(icon)
            for _ in range(COLUMNS - len(apps[start:start + COLUMNS])):
                row_layout.add(View(width=0, weight=1, height=1))
            row.add(row_layout)
            grid.add(row)
        column = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT)
        column.add(self.date, grid)
        root = FrameLayout(id="launcher", width=MATCH_PARENT, height=MATCH_PARENT, background=WALLPAPER)
        root.add(column)
        self.set_content(root)

    def on_resume(self) -> None:
        now = self.ctx.clock.datetime()
        text = now.strftime("%a, %b ") + str(now.day)
        if self.date.text != text:
            self.date.text = text

    def on_back(self) -> bool:
        return True


class LauncherApp(App):
    package = PACKAGE
    label = "Pixel Launcher"
    icon = "home_circle"
    launcher_activity = ".NexusLauncherActivity"
    show_in_launcher = False
    activities: ClassVar[dict[str, type[Activity]]] = {".NexusLauncherActivity": NexusLauncherActivity}
    version_name = "13"
    version_code = 33
