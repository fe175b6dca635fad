"""A served device: its serial, transport id, lock, and how device time passes between requests.

The simulated phone's clock only moves through `advance()`. adb-serve moves it before every
device service (a shell/exec command or a sync session), in one of two modes:

* `clock="real"`: by the real time elapsed since the previous device service on that device
  ended, so the phone's clock keeps pace with the wall clock while served, like a real phone
  (AdbDevice's `advance()` sleeps, and the sleep then shows up as device time: long presses,
  toasts and timers behave as on hardware). Not reproducible to the millisecond.
* `clock=<seconds>` (a number >= 0): by that fixed amount per device service, so the same
  request sequence gives the same device times, frames and logs (tests use this).

Commands that take time on a phone also take it on the sim in both modes: `input swipe`
advances by its duration, `sleep N` by N seconds (the device shell does that itself).
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeVar

from mobile_gym.device.base import DeviceError

if TYPE_CHECKING:
    from mobile_gym.device.sim_device import SimDevice
    from mobile_gym.sim.android import SimAndroid

T = TypeVar("T")
ClockMode = str | float  # "real" or seconds per device service

PRODUCT = "sdk_gphone64_x86_64"
MODEL = "Pixel_6"
DEVICE = "emu64xa"


def check_clock(clock: ClockMode) -> ClockMode:
    """`clock` validated: "real" or a finite number of seconds >= 0."""
    if clock == "real":
        return clock
    if isinstance(clock, bool) or not isinstance(clock, (int, float)) or not math.isfinite(clock) or clock < 0:
        raise ValueError(f"clock={clock!r}: expected 'real' or a number of seconds >= 0 per device service")
    return float(clock)


@dataclass
class DeviceSlot:
    """One device as the server sees it; `run()` is the only way services touch the phone."""

    serial: str
    device: SimDevice
    transport_id: int
    clock: ClockMode
    lock: threading.Lock = field(default_factory=threading.Lock)
    _last: float | None = None

    @property
    def state(self) -> str:
        """adb connection state: "device" (booted and authorized), or "offline" once closed."""
        try:
            self.device.android  # noqa: B018 - raises DeviceError when the SimDevice is closed
        except DeviceError:
            return "offline"
        return "device"

    def run(self, fn: Callable[[SimAndroid], T], step: bool = True) -> T:
        """Let device time pass per the clock mode, then call `fn(android)`, all under the lock.

        `step=False`: no fixed per-service step (polls that are not commands, e.g. log follow)."""
        with self.lock:
            android = self.device.android
            if self.clock == "real":
                now = time.monotonic()
                if self._last is not None and now > self._last:
                    android.advance(now - self._last)
                try:
                    return fn(android)
                finally:
                    # Only the gaps between services count: a command's own duration (a swipe,
                    # `sleep`) is already device time, and host CPU time is not the phone's.
                    self._last = time.monotonic()
            if self.clock and step:
                android.advance(float(self.clock))
            return fn(android)
