"""The Joplin app declaration: one React Native activity; the database is created on install."""

from __future__ import annotations

from typing import ClassVar

from mobile_gym.apps import joplin as model
from mobile_gym.sim.apps.joplin.db import ensure_created
from mobile_gym.sim.apps.joplin.main_activity import MainActivity
from mobile_gym.sim.system.activity import Activity, AppContext
from mobile_gym.sim.system.packages import App


class JoplinApp(App):
    """`net.cozic.joplin` 3.0.1, launcher label "Joplin"."""

    record = model.APP
    icon: ClassVar[str] = "note"
    icon_color: ClassVar[int] = 0xFF1071D3
    activities: ClassVar[dict[str, type[Activity]]] = {".MainActivity": MainActivity}

    def on_install(self, ctx: AppContext) -> None:
        ensure_created(ctx)
