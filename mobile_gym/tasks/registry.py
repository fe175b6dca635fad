"""The registry of templated task families: names, metadata and per-seed tasks.

`make_task(name, seed)` builds a family's task for one seed (the environment calls the same
`TaskFamily.make_task` at every reset of `MobileEnv/<Name>-v0`);
`list_tasks()` (re-exported as `mobile_gym.list_tasks`) lists every family with its app,
complexity, tags and step limit. `ALIASES` names each app's flagship family
(`MobileEnv/Calendar-v0` is CalendarAddOneEvent, `Markor-v0` MarkorCreateNote, `Settings-v0`
SystemWifiTurnOff).
"""

from __future__ import annotations

from typing import Any

from mobile_gym.tasks.families import FAMILIES
from mobile_gym.tasks.families.base import FamilyInfo, SuccessCheck, TaskFamily
from mobile_gym.tasks.loader import LoadedTask

#: Short id -> family name: each app's flagship task.
ALIASES: dict[str, str] = {"Calendar": "CalendarAddOneEvent", "Markor": "MarkorCreateNote",
                           "Settings": "SystemWifiTurnOff"}

_BY_NAME: dict[str, type[TaskFamily]] = {cls.name: cls for cls in FAMILIES}
if len(_BY_NAME) != len(FAMILIES):
    raise RuntimeError("two task families share a name")


def short_name(name: str) -> str:
    """`MobileEnv/<Name>-v0`, `<Name>-v0` or `<Name>` -> `<Name>` (aliases resolved)."""
    from mobile_gym.tasks.catalog import id_name

    short = id_name(name) or name
    return ALIASES.get(short, short)


def family_names() -> list[str]:
    """Registered family names (registry order)."""
    return list(_BY_NAME)


def is_family(name: Any) -> bool:
    return isinstance(name, str) and short_name(name) in _BY_NAME


def get_family(name: str, *, success_check: SuccessCheck = "every_step") -> TaskFamily:
    """A family instance by (short, aliased or full) name; KeyError listing the names if unknown."""
    short = short_name(name)
    cls = _BY_NAME.get(short)
    if cls is None:
        raise KeyError(f"no task family {name!r}; known: {', '.join(_BY_NAME)}")
    return cls(success_check=success_check)


def make_task(name: str, seed: int, *, success_check: SuccessCheck = "every_step") -> LoadedTask:
    """The task of family `name` for `seed`."""
    return get_family(name, success_check=success_check).make_task(seed)


def as_family(task: Any, *, success_check: SuccessCheck | None = None) -> TaskFamily | None:
    """What MobileEnv uses: a TaskFamily instance, or a registered family name, else None;
    `success_check` (None: the family's own) picks the family's success protocol."""
    if isinstance(task, TaskFamily):
        if success_check is None or success_check == task.success_check:
            return task
        return type(task)(success_check=success_check)
    if is_family(task):
        return get_family(task, success_check=success_check or "every_step")
    return None


def list_tasks() -> list[dict[str, Any]]:
    """One dict per family: id, name, app, apps, complexity, tags, step_limit, step_limit_unit,
    template, android_world_name, difficulty, optimal_steps.

    `step_limit` counts raw MobileEnv steps (`step_limit_unit` is always "env_steps"): a
    TapGrid tap or an ElementActions click takes two or more of them, so an agent at a wrapper
    level gets fewer of its own steps; wrappers report both (`info["env_steps"]`,
    `info["agent_steps"]`)."""
    from mobile_gym.tasks.catalog import env_id

    out = []
    for name in _BY_NAME:
        info: FamilyInfo = get_family(name).info()
        out.append({"id": env_id(name), "name": info.name, "app": info.app,
                    "apps": list(info.apps), "complexity": info.complexity,
                    "tags": list(info.tags), "step_limit": info.step_limit,
                    "step_limit_unit": "env_steps",
                    "template": info.template, "android_world_name": info.android_world_name,
                    "difficulty": info.difficulty, "optimal_steps": info.optimal_steps})
    return out
