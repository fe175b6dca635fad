"""Table-driven: each key Settings screen shows the resource-ids, classes and texts of AOSP
Android 13 Settings."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.sim.apps.conftest import check_key_screen


def _settings(ui) -> None:
    ui.tap(desc="Settings")


def _internet(ui) -> None:
    _settings(ui)
    ui.tap(text="Network & internet")
    ui.tap(text="Internet")


def _bluetooth(ui) -> None:
    _settings(ui)
    ui.tap(text="Connected devices")
    ui.tap(text="Connection preferences")
    ui.tap(text="Bluetooth")


def _display(ui) -> None:
    _settings(ui)
    ui.swipe(540, 1800, 540, 900)
    ui.tap(text="Display")


# (screen, how to get there, activity, [(criteria, expected class or None)])
SCREENS: list[tuple[str, Callable, str, list[tuple[dict, str | None]]]] = [
    ("settings main", _settings, "com.android.settings/com.android.settings.Settings", [
        ({"id": "com.android.settings:id/search_action_bar_title", "text": "Search settings"},
         "android.widget.TextView"),
        ({"id": "com.android.settings:id/main_content_scrollable_container"}, "android.widget.ScrollView"),
        ({"id": "com.android.settings:id/recycler_view"}, "androidx.recyclerview.widget.RecyclerView"),
        ({"id": "android:id/title", "text": "Network & internet"}, "android.widget.TextView"),
        ({"id": "android:id/summary", "text": "Mobile, Wi\u2011Fi, hotspot"}, "android.widget.TextView"),
        ({"id": "android:id/title", "text": "Connected devices"}, "android.widget.TextView"),
        ({"id": "android:id/title", "text": "Apps"}, "android.widget.TextView"),
        ({"id": "android:id/title", "text": "Notifications"}, "android.widget.TextView"),
        ({"id": "android:id/title", "text": "Battery"}, "android.widget.TextView"),
        ({"id": "android:id/icon"}, "android.widget.ImageView"),
    ]),
    ("settings internet", _internet, "com.android.settings/com.android.settings.SubSettings", [
        ({"id": "com.android.settings:id/collapsing_toolbar", "desc": "Internet"}, "android.widget.FrameLayout"),
        ({"desc": "Navigate up"}, "android.widget.ImageButton"),
        ({"id": "android:id/title", "text": "Wi\u2011Fi"}, "android.widget.TextView"),
        ({"id": "android:id/switch_widget"}, "android.widget.Switch"),
        ({"id": "android:id/title", "text": "AndroidWifi"}, "android.widget.TextView"),
        ({"id": "android:id/summary", "text": "Connected"}, "android.widget.TextView"),
    ]),
    ("settings bluetooth", _bluetooth, "com.android.settings/com.android.settings.SubSettings", [
        ({"id": "com.android.settings:id/collapsing_toolbar", "desc": "Bluetooth"}, "android.widget.FrameLayout"),
        ({"id": "com.android.settings:id/switch_text", "text": "Use Bluetooth"}, "android.widget.TextView"),
        ({"id": "android:id/switch_widget"}, "android.widget.Switch"),
    ]),
    ("settings display", _display, "com.android.settings/com.android.settings.SubSettings", [
        ({"id": "com.android.settings:id/collapsing_toolbar", "desc": "Display"}, "android.widget.FrameLayout"),
        ({"id": "android:id/title", "text": "Brightness level"}, "android.widget.TextView"),
        ({"id": "android:id/summary", "text": "83%"}, "android.widget.TextView"),
        ({"id": "android:id/title", "text": "Adaptive brightness"}, "android.widget.TextView"),
        ({"id": "android:id/switch_widget"}, "android.widget.Switch"),
    ]),
]


@pytest.mark.parametrize("name,goto,activity,expected", SCREENS, ids=[s[0] for s in SCREENS])
def test_key_screen(name, goto, activity, expected) -> None:
    check_key_screen(name, goto, activity, expected)
