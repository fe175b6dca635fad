"""Templated task families (AndroidWorld style): seeded parameters -> an ordinary LoadedTask.

See `base.TaskFamily`; the oracles are in `oracle.py`; `mobile_gym.tasks.registry` registers
every family in `FAMILIES`.
"""

from mobile_gym.tasks.families import (
    calendar,
    contacts,
    launcher,
    markor,
    multi_app,
    settings,
    sms,
)
from mobile_gym.tasks.families.base import FamilyInfo, Progress, TaskFamily
from mobile_gym.tasks.families.oracle import Oracle, OracleError

FAMILIES: tuple[type[TaskFamily], ...] = (
    *settings.FAMILIES,
    *launcher.FAMILIES,
    *calendar.FAMILIES,
    *markor.FAMILIES,
    *sms.FAMILIES,
    *contacts.FAMILIES,
    *multi_app.FAMILIES,
)

__all__ = ["FAMILIES", "FamilyInfo", "Oracle", "OracleError", "Progress", "TaskFamily"]
