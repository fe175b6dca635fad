"""Settings end to end through SimDevice with touches only; state read back with `settings get`."""

from __future__ import annotations

import pytest

from mobile_gym.sim.apps.settings import brightness

WIFI = "Wi\u2011Fi"


@pytest.fixture
def ui(device, ui_factory):
    u = ui_factory(device)
    u.tap(desc="Settings")
    assert device.current_activity() == "com.android.settings/com.android.settings.Settings"
    assert u.has(id="search_action_bar_title", text="Search settings")
    return u


def get(device, namespace: str, key: str) -> str:
    code, out, err = device.shell(f"settings get {namespace} {key}")
    assert code == 0, err
    return out.strip()


def test_toggle_wifi(device, ui) -> None:
    assert get(device, "global", "wifi_on") == "1"
    assert ui.has(id="wifi_signal")  # status bar icon
    ui.tap(id="android:id/title", text="Network & internet")
    assert device.current_activity() == "com.android.settings/com.android.settings.SubSettings"
    assert ui.find(id="collapsing_toolbar")["content-desc"] == "Network & internet"
    ui.tap(id="android:id/title", text="Internet")
    switch = ui.find(id="android:id/switch_widget")
    assert switch["class"] == "android.widget.Switch" and switch["checked"] == "true"
    ui.tap(id="android:id/title", text=WIFI)
    assert get(device, "global", "wifi_on") == "0"
    assert ui.find(id="android:id/switch_widget")["checked"] == "false"
    assert not ui.has(text="AndroidWifi")
    assert not ui.has(id="wifi_signal")
    ui.tap(id="android:id/switch_widget")  # tapping the switch itself toggles the row too
    assert get(device, "global", "wifi_on") == "1"
    assert ui.has(id="wifi_signal")
    ui.tap(desc="Navigate up")
    assert ui.find(id="android:id/summary", text="AndroidWifi")


def test_toggle_bluetooth(device, ui) -> None:
    assert get(device, "global", "bluetooth_on") == "0"
    ui.tap(text="Connected devices")
    ui.tap(text="Connection preferences")
    assert ui.find(text="Bluetooth")
    ui.tap(text="Bluetooth")
    assert ui.find(id="collapsing_toolbar")["content-desc"] == "Bluetooth"
    assert ui.find(id="switch_text")["text"] == "Use Bluetooth"
    assert not ui.has(text="Pair new device")
    ui.tap(text="Use Bluetooth")
    assert get(device, "global", "bluetooth_on") == "1"
    assert ui.find(id="android:id/switch_widget")["checked"] == "true"
    assert ui.has(text="Pair new device")
    ui.key("BACK")
    assert ui.find(id="android:id/summary", text="On")
    ui.tap(text="Bluetooth")
    ui.tap(text="Use Bluetooth")
    assert get(device, "global", "bluetooth_on") == "0"


def test_set_brightness(device, ui) -> None:
    assert get(device, "system", "screen_brightness") == "102"
    ui.swipe(540, 1800, 540, 900)
    ui.tap(text="Display")
    assert ui.find(text="Brightness level")
    assert ui.has(id="android:id/summary", text=brightness.percent_text(102))
    ui.tap(text="Brightness level")
    slider = ui.find(cls="android.widget.SeekBar")
    assert slider["content-desc"] == "Display brightness"
    left, top, right, bottom = slider.bounds
    ui.tap_xy(right - 2, (top + bottom) // 2)
    assert get(device, "system", "screen_brightness") == "255"
    ui.tap_xy(left + 2, (top + bottom) // 2)
    assert get(device, "system", "screen_brightness") == str(brightness.MIN_BRIGHTNESS_INT)
    ui.tap_xy((left + right) // 2, (top + bottom) // 2)
    mid = int(get(device, "system", "screen_brightness"))
    assert brightness.MIN_BRIGHTNESS_INT < mid < 102  # the gamma curve: mid-slider is dim
    ui.key("BACK")  # closes the dialog
    assert ui.has(id="android:id/summary", text=brightness.percent_text(mid))
    # adaptive brightness switch row
    ui.tap(text="Adaptive brightness")
    assert get(device, "system", "screen_brightness_mode") == "1"


def test_setting_changed_by_shell_shows_on_page(device, ui) -> None:
    ui.tap(text="Network & internet")
    ui.tap(text="Internet")
    code, _, _ = device.shell("settings put global wifi_on 0")
    assert code == 0
    assert ui.find(id="android:id/switch_widget")["checked"] == "false"
    ui.key("HOME")  # changed while in the background: the page catches up when it is back
    device.shell("settings put global wifi_on 1")
    ui.key("APP_SWITCH")
    ui.tap(id="snapshot", desc="Settings")
    assert device.current_activity() == "com.android.settings/com.android.settings.SubSettings"
    assert ui.find(id="android:id/switch_widget")["checked"] == "true"


def test_deleted_wifi_key_reads_as_off_everywhere(device, ui) -> None:
    ui.tap(text="Network & internet")
    ui.tap(text="Internet")
    assert device.shell("settings delete global wifi_on")[0] == 0
    assert ui.find(id="android:id/switch_widget")["checked"] == "false"
    assert not ui.has(text="AndroidWifi") and not ui.has(id="wifi_signal")
    assert "Wi-Fi is disabled" in device.shell("dumpsys wifi")[1]
    ui.tap(text=WIFI)
    assert get(device, "global", "wifi_on") == "1" and ui.has(text="AndroidWifi")


@pytest.mark.parametrize("action,title", [
    ("android.settings.WIFI_SETTINGS", "Internet"),
    ("android.settings.BLUETOOTH_SETTINGS", "Bluetooth"),
    ("android.settings.DISPLAY_SETTINGS", "Display"),
    ("android.settings.WIRELESS_SETTINGS", "Network & internet"),
    ("android.settings.SETTINGS", None),
])
def test_settings_intent_actions(device, ui_factory, action: str, title: str | None) -> None:
    code, out, err = device.shell(f"am start -a {action}")
    assert code == 0, (out, err)
    device.advance(0.5)
    ui = ui_factory(device)
    if title is None:
        assert ui.has(text="Search settings")
    else:
        assert ui.find(id="collapsing_toolbar")["content-desc"] == title
