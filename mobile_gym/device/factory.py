"""make_device: the Device an env's backend setting names (sim, adb, or a callable)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from mobile_gym.device.base import Device


def make_device(backend: str | Callable[[], Device], *, serial: str | None = None,
                device_kwargs: Mapping[str, Any] | None = None, seed: int = 0) -> Device:
    """A new device: the simulated phone (seeded with `seed` unless `device_kwargs` has one),
    an adb device (`serial`), or what the callable returns (checked to be a Device)."""
    kwargs = dict(device_kwargs or {})
    if callable(backend):
        device = backend()
    elif backend == "sim":
        from mobile_gym.device.sim_device import SimDevice

        device = SimDevice(**{"seed": seed, **kwargs})
    elif backend == "adb":
        from mobile_gym.device.adb_device import AdbDevice

        device = AdbDevice(serial, **kwargs)
    else:
        raise ValueError(f"backend={backend!r}: expected 'sim', 'adb' or a callable returning a Device")
    if not isinstance(device, Device):
        raise TypeError(f"backend returned {type(device).__name__}, which does not implement Device")
    return device
