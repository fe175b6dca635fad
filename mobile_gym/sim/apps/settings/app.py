"""The Settings app declaration (`com.android.settings`, Android 13)."""

from __future__ import annotations

from typing import ClassVar

from mobile_gym.apps import settings as settings_app
from mobile_gym.sim.apps.settings.activities import (
    SettingsHomepageActivity,
    SubSettings,
)
from mobile_gym.sim.system.activity import Activity, IntentFilter
from mobile_gym.sim.system.packages import App


class SettingsAlias(SettingsHomepageActivity):
    """`.Settings`: the launcher activity-alias whose target is SettingsHomepageActivity."""

    intent_filters = (IntentFilter(("android.settings.SETTINGS",)),)


class _PageActivity(SubSettings):
    """A `Settings$…Activity` that shows one fixed page (the target of a settings intent action)."""

    page_name: ClassVar[str] = ""

    def build(self) -> None:
        self.intent.extras.setdefault("page", self.page_name)
        super().build()


class NetworkDashboardActivity(_PageActivity):
    page_name = "network"
    intent_filters = (IntentFilter(("android.settings.WIRELESS_SETTINGS",)),)


class NetworkProviderSettingsActivity(_PageActivity):
    page_name = "internet"
    intent_filters = (IntentFilter(("android.settings.WIFI_SETTINGS",)),)


class BluetoothDashboardActivity(_PageActivity):
    page_name = "bluetooth"
    intent_filters = (IntentFilter(("android.settings.BLUETOOTH_SETTINGS",)),)


class DisplaySettingsActivity(_PageActivity):
    page_name = "display"
    intent_filters = (IntentFilter(("android.settings.DISPLAY_SETTINGS",)),)


class SettingsApp(App):
    """AOSP Settings on a Pixel 6 running Android 13 (only the pages in `pages.py` have content)."""

    record = settings_app.APP
    icon: ClassVar[str] = "settings"
    icon_color: ClassVar[int] = 0xFF5C6BC0
    activities: ClassVar[dict[str, type[Activity]]] = {
        ".Settings": SettingsAlias,
        ".homepage.SettingsHomepageActivity": SettingsHomepageActivity,
        ".SubSettings": SubSettings,
        ".Settings$NetworkDashboardActivity": NetworkDashboardActivity,
        ".Settings$NetworkProviderSettingsActivity": NetworkProviderSettingsActivity,
        ".Settings$BluetoothDashboardActivity": BluetoothDashboardActivity,
        ".Settings$DisplaySettingsActivity": DisplaySettingsActivity,
    }
