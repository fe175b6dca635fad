"""Templated task families (AndroidWorld style): seeded parameters -> an ordinary LoadedTask.

See `base.TaskFamily`; the oracles are in `oracle.py`; `mobile_gym.tasks.registry` registers
every family in `FAMILIES`: the `FAMILIES` tuples of this package's modules, found by scanning
it (in module-name order), so a new app's families module is picked up without editing a list.
"""

from __future__ import annotations

import importlib
import pkgutil

from mobile_gym.tasks.families.base import FamilyInfo, Progress, TaskFamily
from mobile_gym.tasks.families.oracle import Oracle, OracleError


def _discover() -> tuple[type[TaskFamily], ...]:
    found: list[type[TaskFamily]] = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        found.extend(getattr(module, "FAMILIES", ()))
    return tuple(found)


FAMILIES: tuple[type[TaskFamily], ...] = _discover()

__all__ = ["FAMILIES", "FamilyInfo", "Oracle", "OracleError", "Progress", "TaskFamily"]
