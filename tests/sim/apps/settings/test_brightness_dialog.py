"""Settings' "Brightness level" opens SystemUI's BrightnessDialog as on Android 13: an activity of
com.android.systemui started by the SHOW_BRIGHTNESS_DIALOG action (logged), its slider follows a
drag and writes `screen_brightness` when the finger lifts (the left end writes 1), and a touch
outside closes it without reaching Settings."""

from __future__ import annotations

import pytest

from mobile_gym.sim.apps.settings import brightness

DIALOG = "com.android.systemui/com.android.systemui.settings.brightness.BrightnessDialog"


@pytest.fixture
def ui(device, ui_factory):
    u = ui_factory(device)
    u.tap(desc="Settings")
    return u


def get(device, key: str) -> str:
    return device.shell(f"settings get system {key}")[1].strip()


def open_dialog(device, ui):
    ui.swipe(540, 1800, 540, 900)
    ui.tap(text="Display")
    device.logcat()
    ui.tap(text="Brightness level")
    return ui.find(cls="android.widget.SeekBar")


def drag(device, x0: int, x1: int, y: int, steps: int = 8) -> list[str]:
    """Drag the finger from x0 to x1; the setting seen at each step before the lift."""
    seen = []
    device.touch(x0, y, True)
    device.advance(0.05)
    for i in range(1, steps + 1):
        device.touch(x0 + (x1 - x0) * i // steps, y, True)
        device.advance(0.02)
        seen.append(get(device, "screen_brightness"))
    device.touch(x1, y, False)
    device.advance(0.3)
    return seen


def test_the_dialog_is_systemuis_activity(device, ui) -> None:
    slider = open_dialog(device, ui)
    assert device.current_activity() == DIALOG
    starts = [line.message for line in device.logcat() if line.message.startswith("START u0")]
    assert any("act=com.android.intent.action.SHOW_BRIGHTNESS_DIALOG" in m
               and "cmp=com.android.systemui/.settings.brightness.BrightnessDialog" in m
               for m in starts), starts
    assert slider["package"] == "com.android.systemui"
    assert slider["resource-id"] == "com.android.systemui:id/slider"
    assert slider["content-desc"] == "Display brightness"
    container = ui.find(id="com.android.systemui:id/brightness_mirror_container")
    assert container["package"] == "com.android.systemui"
    left, top, right, bottom = slider.bounds
    assert top < 600 and right - left > 900          # full width, at the top of the screen


def test_a_drag_to_the_left_end_writes_1_on_lift(device, ui) -> None:
    assert get(device, "screen_brightness") == "102"
    slider = open_dialog(device, ui)
    left, top, right, bottom = slider.bounds
    y = (top + bottom) // 2
    x0 = left + (right - left) * 83 // 100           # the thumb at 102 (83 %)
    during = drag(device, x0, left - 40, y)
    assert set(during) == {"102"}                     # tracking: temporary brightness only
    assert get(device, "screen_brightness") == str(brightness.MIN_BRIGHTNESS_INT) == "1"
    drag(device, left + 5, right + 40, y)
    assert get(device, "screen_brightness") == "255"


def test_a_touch_outside_closes_the_dialog_only(device, ui) -> None:
    open_dialog(device, ui)
    ui.tap_xy(540, 1500)
    assert device.current_activity() != DIALOG
    assert device.current_activity().startswith("com.android.settings/")
    assert ui.has(text="Brightness level")           # still on the Display page


def test_back_closes_it_and_the_summary_follows(device, ui) -> None:
    slider = open_dialog(device, ui)
    left, top, right, bottom = slider.bounds
    ui.tap_xy(right - 2, (top + bottom) // 2)
    ui.key("BACK")
    assert device.current_activity().startswith("com.android.settings/")
    assert ui.has(id="android:id/summary", text="100%")


def test_the_dialog_is_not_in_recents(device, ui) -> None:
    open_dialog(device, ui)
    code, out, _ = device.shell("dumpsys activity recents")
    assert code == 0 and "com.android.systemui" not in out
