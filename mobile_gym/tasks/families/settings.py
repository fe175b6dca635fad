"""Settings families (AndroidWorld's SystemWifi*/SystemBluetooth*/SystemBrightness*).

Each seed starts from the home screen with the target setting in the opposite state and the
other two settings drawn at random (noise the agent must leave alone is not checked, as in
AndroidWorld). Success reads the settings provider (`settings get`), AndroidWorld's check:
Wi-Fi on = `global wifi_on` in {1, 2}, off = 0; Bluetooth `global bluetooth_on` 1 / 0;
brightness max = `system screen_brightness` 255; min = at most 10, the lowest value the slider
can set on AOSP 13 (`config_screenBrightnessSettingMinimum`; AndroidWorld's emulator reaches 1).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mobile_gym.apps import settings as settings_app
from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.families.base import Progress, TaskFamily
from mobile_gym.tasks.families.common import (
    force_stop,
    press_home,
    setting_step,
    vh_source,
)
from mobile_gym.tasks.families.oracle import Sel, Tap

_NS = task_pb2.AdbCall.Settings
_VM = task_pb2.ValueMatch


def setting_check(namespace: task_pb2.AdbCall.Settings.Namespace, key: str,
                  match: task_pb2.ValueMatch) -> task_pb2.StateEvent:
    return task_pb2.StateEvent(setting=task_pb2.StateEvent.SettingCheck(
        namespace=namespace, key=key, value=match))


def page_reached(title: str) -> task_pb2.EventSource:
    """The Settings page titled `title` is shown (its collapsing toolbar's content-desc)."""
    return vh_source('#$"collapsing_toolbar"', "content-desc", f"^{title}$")


@dataclass(frozen=True)
class SettingsParams:
    """The start state: the three settings the families touch."""

    wifi_on: str
    bluetooth_on: str
    brightness: int


class _SettingsFamily(TaskFamily):
    app = "settings"
    complexity = 1.0
    key: str = ""                  # which setting the family changes: wifi | bluetooth | brightness
    target: str = ""               # "on" | "off" | "max" | "min"

    def sample(self, rng: np.random.Generator) -> SettingsParams:
        wifi = str(int(rng.integers(0, 2)))
        bt = str(int(rng.integers(0, 2)))
        level = int(rng.integers(30, 226))
        if self.key == "wifi":
            wifi = "0" if self.target == "on" else "1"
        elif self.key == "bluetooth":
            bt = "0" if self.target == "on" else "1"
        return SettingsParams(wifi, bt, level)

    def instruction(self, params: SettingsParams) -> str:
        return self.template

    def reset_steps(self, params: SettingsParams) -> list[task_pb2.SetupStep]:
        return [
            force_stop(settings_app.APP.package),
            setting_step(_NS.GLOBAL, "wifi_on", params.wifi_on),
            setting_step(_NS.GLOBAL, "bluetooth_on", params.bluetooth_on),
            setting_step(_NS.SYSTEM, "screen_brightness", str(params.brightness)),
            press_home(),
        ]


class SystemWifiTurnOn(_SettingsFamily):
    name = "SystemWifiTurnOn"
    tags = ("settings", "wifi", "easy")
    template = "Turn Wi-Fi on."
    key, target = "wifi", "on"

    def progress(self, params):
        return [Progress(page_reached("Internet"), 0.2)]

    def success_checks(self, params):
        return [setting_check(_NS.GLOBAL, "wifi_on", _VM(expected="^[12]$", mode=_VM.REGEX))]

    def plan(self, params):
        return [Tap(Sel(text="Settings")), Tap(Sel(text="Network & internet")),
                Tap(Sel(id="title", text="Internet")), Tap(Sel(id="switch_widget"))]


class SystemWifiTurnOff(SystemWifiTurnOn):
    name = "SystemWifiTurnOff"
    template = "Turn Wi-Fi off."
    key, target = "wifi", "off"

    def success_checks(self, params):
        return [setting_check(_NS.GLOBAL, "wifi_on", _VM(expected="0"))]


class SystemBluetoothTurnOn(_SettingsFamily):
    name = "SystemBluetoothTurnOn"
    tags = ("settings", "bluetooth", "easy")
    template = "Turn Bluetooth on."
    key, target = "bluetooth", "on"

    def progress(self, params):
        return [Progress(page_reached("Connection preferences"), 0.1),
                Progress(page_reached("Bluetooth"), 0.1, after=0)]

    def success_checks(self, params):
        return [setting_check(_NS.GLOBAL, "bluetooth_on", _VM(expected="1"))]

    def plan(self, params):
        return [Tap(Sel(text="Settings")), Tap(Sel(text="Connected devices")),
                Tap(Sel(text="Connection preferences")), Tap(Sel(id="title", text="Bluetooth")),
                Tap(Sel(id="switch_widget"))]


class SystemBluetoothTurnOff(SystemBluetoothTurnOn):
    name = "SystemBluetoothTurnOff"
    template = "Turn Bluetooth off."
    key, target = "bluetooth", "off"

    def success_checks(self, params):
        return [setting_check(_NS.GLOBAL, "bluetooth_on", _VM(expected="0"))]


class SystemBrightnessMax(_SettingsFamily):
    name = "SystemBrightnessMax"
    tags = ("settings", "brightness", "easy")
    template = "Turn brightness to the max value."
    key, target = "brightness", "max"
    slider_fx = 1.0                # where on the slider the oracle taps (its right end)

    def progress(self, params):
        return [Progress(page_reached("Display"), 0.1),
                Progress(vh_source('#$"slider"', "content-desc", "^Display brightness$"), 0.1,
                         after=0)]

    def success_checks(self, params):
        return [setting_check(_NS.SYSTEM, "screen_brightness",
                              _VM(expected="255", mode=_VM.NUMERIC, cmp=_VM.GE))]

    def plan(self, params):
        return [Tap(Sel(text="Settings")), Tap(Sel(text="Display")),
                Tap(Sel(text="Brightness level")), Tap(Sel(id="slider"), fx=self.slider_fx)]


class SystemBrightnessMin(SystemBrightnessMax):
    name = "SystemBrightnessMin"
    template = "Turn brightness to the min value."
    key, target = "brightness", "min"
    slider_fx = 0.0

    def success_checks(self, params):
        return [setting_check(_NS.SYSTEM, "screen_brightness",
                              _VM(expected="10", mode=_VM.NUMERIC, cmp=_VM.LE))]


FAMILIES: tuple[type[TaskFamily], ...] = (
    SystemWifiTurnOn, SystemWifiTurnOff, SystemBluetoothTurnOn, SystemBluetoothTurnOff,
    SystemBrightnessMax, SystemBrightnessMin,
)
