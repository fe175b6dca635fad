"""Templated task families (AndroidWorld style): seeded parameters -> an ordinary LoadedTask.

See `base.TaskFamily`; the oracles are in `oracle.py`; `mobile_gym.tasks.registry` registers
every family in `FAMILIES`.
"""

from mobile_gym.tasks.families import calendar
from mobile_gym.tasks.families import calendar_ir
from mobile_gym.tasks.families import expense
from mobile_gym.tasks.families import launcher
from mobile_gym.tasks.families import markor
from mobile_gym.tasks.families import settings
from mobile_gym.tasks.families.base import FamilyInfo, Progress, TaskFamily
from mobile_gym.tasks.families.oracle import Oracle, OracleError

FAMILIES: tuple[type[TaskFamily], ...] = (
    *settings.FAMILIES,
    *launcher.FAMILIES,
    *calendar.FAMILIES,
    *calendar_ir.FAMILIES,
    *markor.FAMILIES,
    *expense.FAMILIES,
)

__all__ = ["FAMILIES", "FamilyInfo", "Oracle", "OracleError", "Progress", "TaskFamily"]
