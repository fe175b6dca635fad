"""The apps installed on the simulated phone.

`default_apps()` gives the `App` classes a fresh `SimAndroid()` installs (the launcher is always
added by the device itself): one per catalogue record installed by default
(`mobile_gym.apps`), found in the module `mobile_gym.sim.apps.<record.key>`, in the catalogue's
launcher order. The demo app (`apps/demo/`) is for tests and is not installed by default.
"""

from __future__ import annotations

import importlib

from mobile_gym import apps
from mobile_gym.sim.system.packages import App


def app_class(record: apps.AppRecord) -> type[App]:
    """The simulated app of a catalogue record: the `App` subclass in `sim/apps/<key>` whose
    `record` is it."""
    module = importlib.import_module(f"{__name__}.{record.key}")
    found = [v for v in vars(module).values()
             if isinstance(v, type) and issubclass(v, App) and v.__dict__.get("record") is record]
    if len(found) != 1:
        raise RuntimeError(f"{module.__name__} must export exactly one App subclass with "
                           f"record = {record.key} (found {len(found)})")
    return found[0]


def default_apps() -> list[type[App]]:
    """App classes installed by default, in launcher order."""
    return [app_class(record) for record in apps.installed_by_default()]
