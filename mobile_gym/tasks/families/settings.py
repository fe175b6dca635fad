"""Settings families (AndroidWorld's SystemWifi*/SystemBluetooth*/SystemBrightness*).

Each seed starts from the home screen with the target setting in the opposite state and the
other two settings drawn at random (noise the agent must leave alone is not checked, as in
AndroidWorld). Success reads the settings provider (`settings get`), AndroidWorld's check:
Wi-Fi on = `global wifi_on` in {1, 2}, off = 0; Bluetooth `global bluetooth_on` 1 / 0;
brightness max = `system screen_brightness` 255; min = exactly 1, what the Android 13 slider's
left end writes (its range is the display's BrightnessInfo range 0.0..1.0, see
`mobile_gym.sim.apps.settings.brightness`), as AndroidWorld checks.

Verify families (`System*Verify`) start in the target state. AndroidWorld's pass with no action
(its issue #315); ours end only when the agent answers (any non-empty response, e.g. "done"),
and succeed iff at that step the setting still holds and the setting's page (Internet,
Bluetooth or the brightness dialog) has been on screen during the episode: the agent must look
and report. TurnOffWifiAndTurnOnBluetooth scores 0.5 per part (`info["score"]`, the reward is
the score's change) and succeeds only with both.
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
from mobile_gym.tasks.families.oracle import Key, Sel, Tap

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
    verify: bool = False           # a Verify family: start in the target state

    def sample(self, rng: np.random.Generator) -> SettingsParams:
        wifi = str(int(rng.integers(0, 2)))
        bt = str(int(rng.integers(0, 2)))
        level = int(rng.integers(30, 226))
        reached = (self.target == "on") == self.verify   # start "on" for TurnOn Verify / TurnOff
        if self.key == "wifi":
            wifi = "1" if reached else "0"
        elif self.key == "bluetooth":
            bt = "1" if reached else "0"
        elif self.key == "brightness" and self.verify:
            level = 255 if self.target == "max" else 1
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
    tags = ('settings', 'data_edit', 'wifi', 'screen_reading')
    android_world_name = 'SystemWifiTurnOn'
    difficulty = 'easy'
    optimal_steps = 3
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
    tags = ('settings', 'data_edit', 'wifi', 'screen_reading')
    android_world_name = 'SystemWifiTurnOff'
    difficulty = 'easy'
    optimal_steps = 3
    template = "Turn Wi-Fi off."
    key, target = "wifi", "off"

    def success_checks(self, params):
        return [setting_check(_NS.GLOBAL, "wifi_on", _VM(expected="0"))]


class SystemBluetoothTurnOn(_SettingsFamily):
    name = "SystemBluetoothTurnOn"
    tags = ('settings', 'data_edit', 'bluetooth', 'screen_reading')
    android_world_name = 'SystemBluetoothTurnOn'
    difficulty = 'easy'
    optimal_steps = 2
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
    tags = ('settings', 'data_edit', 'bluetooth')
    android_world_name = 'SystemBluetoothTurnOff'
    difficulty = 'easy'
    optimal_steps = 2
    template = "Turn Bluetooth off."
    key, target = "bluetooth", "off"

    def success_checks(self, params):
        return [setting_check(_NS.GLOBAL, "bluetooth_on", _VM(expected="0"))]


class SystemBrightnessMax(_SettingsFamily):
    name = "SystemBrightnessMax"
    tags = ('settings', 'data_edit', 'brightness')
    android_world_name = 'SystemBrightnessMax'
    difficulty = 'easy'
    optimal_steps = 3
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
    tags = ('settings', 'data_edit', 'brightness')
    android_world_name = 'SystemBrightnessMin'
    difficulty = 'easy'
    optimal_steps = 3
    template = "Turn brightness to the min value."
    key, target = "brightness", "min"
    slider_fx = 0.0

    def success_checks(self, params):
        return [setting_check(_NS.SYSTEM, "screen_brightness", _VM(expected="1"))]


# -- Verify families: the setting already holds; the agent must look and report --------------

class _Verify:
    """Mixin: start in the target state, end on the answer, succeed only after the page showed
    (the last progress item) and while the setting holds; the oracle opens the page, changes
    nothing and answers "done"."""

    verify = True
    ends_on_answer = True


    def plan(self, params):
        return super().plan(params)[:-1]  # type: ignore[misc]  # all but the final tap


class SystemWifiTurnOnVerify(_Verify, SystemWifiTurnOn):
    name = "SystemWifiTurnOnVerify"
    tags = ('settings', 'wifi', 'verification')
    android_world_name = 'SystemWifiTurnOnVerify'
    difficulty = 'easy'
    optimal_steps = 3
    confirm_after = 0  # the page (or dialog) the last progress item sees


class SystemWifiTurnOffVerify(_Verify, SystemWifiTurnOff):
    name = "SystemWifiTurnOffVerify"
    tags = ('settings', 'wifi', 'verification')
    android_world_name = 'SystemWifiTurnOffVerify'
    difficulty = 'easy'
    optimal_steps = 3
    confirm_after = 0  # the page (or dialog) the last progress item sees


class SystemBluetoothTurnOnVerify(_Verify, SystemBluetoothTurnOn):
    name = "SystemBluetoothTurnOnVerify"
    tags = ('settings', 'bluetooth', 'verification')
    android_world_name = 'SystemBluetoothTurnOnVerify'
    difficulty = 'easy'
    optimal_steps = 2
    confirm_after = 1  # the page (or dialog) the last progress item sees


class SystemBluetoothTurnOffVerify(_Verify, SystemBluetoothTurnOff):
    name = "SystemBluetoothTurnOffVerify"
    tags = ('settings', 'bluetooth', 'verification')
    android_world_name = 'SystemBluetoothTurnOffVerify'
    difficulty = 'easy'
    optimal_steps = 2
    confirm_after = 1  # the page (or dialog) the last progress item sees


class SystemBrightnessMaxVerify(_Verify, SystemBrightnessMax):
    name = "SystemBrightnessMaxVerify"
    tags = ('settings', 'brightness', 'verification')
    android_world_name = 'SystemBrightnessMaxVerify'
    difficulty = 'easy'
    optimal_steps = 2
    confirm_after = 1  # the page (or dialog) the last progress item sees


class SystemBrightnessMinVerify(_Verify, SystemBrightnessMin):
    name = "SystemBrightnessMinVerify"
    tags = ('settings', 'brightness', 'verification')
    android_world_name = 'SystemBrightnessMinVerify'
    difficulty = 'easy'
    optimal_steps = 3
    confirm_after = 1  # the page (or dialog) the last progress item sees


# -- composite ---------------------------------------------------------------------------------

class TurnOffWifiAndTurnOnBluetooth(_SettingsFamily):
    """Two settings, 0.5 each (AndroidWorld averages the two checks); success needs both."""

    name = "TurnOffWifiAndTurnOnBluetooth"
    tags = ('settings', 'wifi', 'bluetooth', 'composite')
    android_world_name = 'TurnOffWifiAndTurnOnBluetooth'
    difficulty = 'medium'
    optimal_steps = 5
    complexity = 2.0
    template = "Turn off WiFi, then enable bluetooth"
    key, target = "wifi+bluetooth", "off+on"

    def sample(self, rng: np.random.Generator) -> SettingsParams:
        level = int(rng.integers(30, 226))
        return SettingsParams("1", "0", level)

    def _wifi_off(self) -> task_pb2.StateEvent:
        return setting_check(_NS.GLOBAL, "wifi_on", _VM(expected="0"))

    def _bt_on(self) -> task_pb2.StateEvent:
        return setting_check(_NS.GLOBAL, "bluetooth_on", _VM(expected="1"))

    def parts(self, params):
        return [(self._wifi_off(),
                 setting_check(_NS.GLOBAL, "wifi_on", _VM(expected="^(?!0$)", mode=_VM.REGEX))),
                (self._bt_on(),
                 setting_check(_NS.GLOBAL, "bluetooth_on",
                               _VM(expected="^(?!1$)", mode=_VM.REGEX)))]

    def success_checks(self, params):
        return [self._wifi_off(), self._bt_on()]

    def plan(self, params):
        return [*SystemWifiTurnOff().plan(params), Key("BACK", times=2),
                *SystemBluetoothTurnOn().plan(params)[1:]]


FAMILIES: tuple[type[TaskFamily], ...] = (
    SystemWifiTurnOn, SystemWifiTurnOff, SystemBluetoothTurnOn, SystemBluetoothTurnOff,
    SystemBrightnessMax, SystemBrightnessMin,
    SystemWifiTurnOnVerify, SystemWifiTurnOffVerify, SystemBluetoothTurnOnVerify,
    SystemBluetoothTurnOffVerify, SystemBrightnessMaxVerify, SystemBrightnessMinVerify,
    TurnOffWifiAndTurnOnBluetooth,
)
