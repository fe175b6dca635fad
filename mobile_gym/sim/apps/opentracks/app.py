"""OpenTracks as an installed app: package, activities, first launch creates `database.db`."""

from __future__ import annotations

from typing import ClassVar

from mobile_gym.apps import opentracks as model

from ...system.activity import Activity, AppContext
from ...system.packages import App
from .storage import TrackDb
from .track_list import TrackListActivity
from .track_recorded import TrackRecordedActivity


class OpenTracksApp(App):
    """`de.dennisguse.opentracks`, launcher label "OpenTracks"."""

    record = model.APP
    icon: ClassVar[str] = "location"
    icon_color: ClassVar[int] = 0xFF1565C0
    activities: ClassVar[dict[str, type[Activity]]] = {
        ".TrackListActivity": TrackListActivity,
        ".TrackRecordedActivity": TrackRecordedActivity,
    }

    def on_install(self, ctx: AppContext) -> None:
        TrackDb(ctx.database_path("database.db")).ensure_created()
