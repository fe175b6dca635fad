"""Simple Calendar Pro 6.22.2 as an installed app: package, activities, first-launch setup."""

from __future__ import annotations

from typing import ClassVar

from mobile_gym.apps import calendar as model

from ...system.activity import Activity, AppContext
from ...system.packages import App
from ...ui.lists import ScrollView
from ...ui.units import MATCH_PARENT, WRAP_CONTENT, dp
from ...ui.widgets import ImageButton, TextView
from . import theme
from .event_activity import EventActivity
from .flat_rows import group
from .main_activity import MainActivity
from .storage import CalendarStorage
from .task_activity import TaskActivity


class SplashActivity(Activity):
    """The launcher entry (`SplashActivity` and its colour aliases): opens MainActivity."""

    action_mode_overlay = True  # Simple Commons' theme sets windowActionModeOverlay

    def on_create(self) -> None:
        self.start_activity(".activities.MainActivity")
        self.finish()


class SettingsActivity(Activity):
    """Settings screen: the toolbar and the section titles (options are not simulated)."""

    action_mode_overlay = True  # Simple Commons' theme sets windowActionModeOverlay

    def on_create(self) -> None:
        toolbar = group("horizontal", id="settings_toolbar", width=MATCH_PARENT,
                        height=theme.TOOLBAR_HEIGHT, gravity="center_vertical")
        toolbar.add(ImageButton("arrow_back", content_desc="Navigate up", icon_color=theme.TEXT,
                                width=dp(56), height=dp(56), on_click=self.finish),
                    TextView("Settings", text_size=theme.ACTIONBAR_TEXT, text_color=theme.TEXT,
                             padding=(dp(16), 0, 0, 0)))
        body = group("vertical", a11y_class="android.widget.LinearLayout",
                     id="settings_holder", width=MATCH_PARENT, height=WRAP_CONTENT)
        for section in ("Color customization", "General", "Reminders", "CalDAV", "New events",
                        "Weekly view", "Monthly view", "Event lists", "Widgets", "Events",
                        "Migrating"):
            body.add(TextView(section, text_size=theme.NORMAL_TEXT, text_color=theme.PRIMARY,
                              font_weight="medium", width=MATCH_PARENT,
                              padding=(dp(16), dp(20), dp(16), dp(8))))
        scroll = ScrollView(id="settings_nested_scrollview", width=MATCH_PARENT, height=0,
                            weight=1)
        scroll.add(body)
        root = group("vertical", id="settings_coordinator", width=MATCH_PARENT,
                     height=MATCH_PARENT, background=theme.BACKGROUND)
        root.add(toolbar, scroll)
        self.set_content(root)


class CalendarApp(App):
    """com.simplemobiletools.calendar.pro, launcher label "Calendar"."""

    record = model.APP
    icon: ClassVar[str] = "calendar"
    icon_color: ClassVar[int] = 0xFFF57C00
    activities: ClassVar[dict[str, type[Activity]]] = {
        ".activities.SplashActivity": SplashActivity,
        ".activities.MainActivity": MainActivity,
        ".activities.EventActivity": EventActivity,
        ".activities.TaskActivity": TaskActivity,
        ".activities.SettingsActivity": SettingsActivity,
    }

    def on_install(self, ctx: AppContext) -> None:
        """First launch (and after `pm clear`): Room creates events.db with "Regular event"."""
        CalendarStorage(ctx).ensure_created()
