"""The apps installed on the simulated phone.

`default_apps()` is the explicit list a fresh `SimAndroid()` installs (the launcher is always
added by the device itself). Each app package appends its `App` subclass here with one import
line; the launcher shows them in this order. The demo app (`apps/demo.py`) is for tests and is
not installed by default.
"""

from __future__ import annotations

from mobile_gym.sim.system.packages import App


def default_apps() -> list[type[App]]:
    """App classes installed by default, in launcher order."""
    apps: list[type[App]] = []
    from mobile_gym.sim.apps.calendar import CalendarApp; apps.append(CalendarApp)  # noqa: E702
    from mobile_gym.sim.apps.markor import MarkorApp; apps.append(MarkorApp)  # noqa: E702
    from mobile_gym.sim.apps.settings import SettingsApp; apps.append(SettingsApp)  # noqa: E702
    return apps
