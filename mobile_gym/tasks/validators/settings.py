"""Settings-provider validators (`settings get <namespace> <key>` through the Device).

The AndroidWorld checks: Wi-Fi on = `global wifi_on` in {1, 2}; Bluetooth on = `global
bluetooth_on` = 1; brightness = `system screen_brightness` (max 255, min 1).
"""

from __future__ import annotations

import shlex
from collections.abc import Collection
from typing import Literal

from mobile_gym.device.base import Device
from mobile_gym.tasks.validators.common import Verdict

NAMESPACES = ("system", "secure", "global")
BRIGHTNESS_MAX = 255
BRIGHTNESS_MIN = 1


def get_setting(device: Device, namespace: str, key: str) -> str | None:
    """The value of a setting, or None when it is unset (`settings get` prints "null")."""
    if namespace not in NAMESPACES:
        raise ValueError(f"unknown settings namespace {namespace!r}; expected one of "
                         f"{', '.join(NAMESPACES)}")
    cmd = f"settings get {namespace} {shlex.quote(key)}"
    code, out, err = device.shell(cmd)
    if code != 0:
        raise RuntimeError(f"`{cmd}` failed: exit {code}: {(out + err).strip()!r}")
    value = out.strip()
    return None if value == "null" else value


def validate_setting(device: Device, namespace: str, key: str,
                     expected: str | Collection[str] | None) -> Verdict:
    """The setting equals `expected` (a string, one of several strings, or None = unset)."""
    value = get_setting(device, namespace, key)
    if expected is None or isinstance(expected, str):
        ok = value == expected
    else:
        ok = value in set(expected)
    return Verdict(ok, f"{namespace} {key} = {value!r}" + ("" if ok else
                   f", expected {expected!r}"))


def wifi_enabled(device: Device) -> bool:
    return get_setting(device, "global", "wifi_on") in ("1", "2")


def bluetooth_enabled(device: Device) -> bool:
    return get_setting(device, "global", "bluetooth_on") == "1"


def screen_brightness(device: Device) -> int | None:
    value = get_setting(device, "system", "screen_brightness")
    try:
        return None if value is None else int(value)
    except ValueError:
        raise RuntimeError(f"system screen_brightness is not a number: {value!r}") from None


def validate_wifi(device: Device, on: bool) -> Verdict:
    state = wifi_enabled(device)
    return Verdict(state == on, f"Wi-Fi is {'on' if state else 'off'}")


def validate_bluetooth(device: Device, on: bool) -> Verdict:
    state = bluetooth_enabled(device)
    return Verdict(state == on, f"Bluetooth is {'on' if state else 'off'}")


def validate_brightness(device: Device, level: Literal["max", "min"] | int) -> Verdict:
    """Brightness at "max" (255), "min" (1) or an exact level."""
    want = {"max": BRIGHTNESS_MAX, "min": BRIGHTNESS_MIN}.get(level, level) \
        if isinstance(level, str) else level
    if not isinstance(want, int):
        raise TypeError(f"brightness level must be 'max', 'min' or an int, got {level!r}")
    value = screen_brightness(device)
    return Verdict(value == want, f"screen_brightness = {value}, expected {want}")
