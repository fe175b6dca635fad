"""Tasks.org 13.6.3 as an installed app: package, activities, first-launch database."""

from __future__ import annotations

from typing import ClassVar

from mobile_gym.apps import tasks as model

from ...system.activity import Activity, AppContext
from ...system.packages import App
from . import storage
from .edit_activity import TaskEditActivity
from .main_activity import MainActivity


class TasksApp(App):
    """org.tasks, launcher label "Tasks"."""

    record = model.APP
    icon: ClassVar[str] = "check_box"
    icon_color: ClassVar[int] = 0xFF4285F4
    activities: ClassVar[dict[str, type[Activity]]] = {
        "com.todoroo.astrid.activity.MainActivity": MainActivity,
        "org.tasks.activities.TaskEditActivity": TaskEditActivity,
    }

    def on_install(self, ctx: AppContext) -> None:
        """First launch (and after `pm clear`): Room creates `database`."""
        storage.ensure_created(ctx)
