"""The Markor app declaration: package, activities, first-launch setup."""

from __future__ import annotations

from typing import ClassVar

from mobile_gym.apps import markor as markor_app
from mobile_gym.sim.apps.markor.browser import MainActivity
from mobile_gym.sim.apps.markor.dialogs import MarkorPrefs
from mobile_gym.sim.apps.markor.editor import DocumentActivity
from mobile_gym.sim.apps.markor.files import MarkorFiles
from mobile_gym.sim.system.activity import Activity, AppContext
from mobile_gym.sim.system.packages import App


class MarkorApp(App):
    """`net.gsantner.markor` 2.10.9 with its intro and storage permission already done (as
    AndroidWorld's setup leaves it)."""

    record = markor_app.APP
    icon: ClassVar[str] = "note"
    icon_color: ClassVar[int] = 0xFF1E2135
    activities: ClassVar[dict[str, type[Activity]]] = {
        ".activity.MainActivity": MainActivity,
        ".activity.DocumentActivity": DocumentActivity,
    }

    def __init__(self) -> None:
        super().__init__()
        self.prefs = MarkorPrefs()

    def on_install(self, ctx: AppContext) -> None:
        MarkorFiles(ctx.storage).ensure_notebook()

    def on_create(self, ctx: AppContext) -> None:
        self.ctx = ctx
