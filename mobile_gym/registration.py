"""Gymnasium ids for mobile_gym tasks, registered on `import mobile_gym`.

- `MobileEnv/Task-v0`: any task file: `gym.make("MobileEnv/Task-v0", task_path="my.textproto")`.
- `MobileEnv/<Name>-v0` for every `mobile_gym/task_defs/<name>.textproto` (CamelCase of the file stem,
  e.g. `calendar_open_editor.textproto` -> `MobileEnv/CalendarOpenEditor-v0`).
- Templated task families (mobile_gym.tasks.registry): `MobileEnv/<Family>-v0` plus their
  aliases (`MobileEnv/Calendar-v0` = CalendarAddOneEvent); a new task per reset seed.

Every id accepts MobileEnv's keyword arguments (backend, serial, obs_size, obs_keys,
step_seconds, max_steps, max_seconds, render_mode, vocabulary, ...).
The task directory is the package's `task_defs/` (installed with it), or `$MOBILE_GYM_TASK_DIR`
when set.
"""

from __future__ import annotations

import os
from pathlib import Path

import gymnasium as gym

NAMESPACE = "MobileEnv"
ENTRY_POINT = "mobile_gym.env:MobileEnv"
GENERIC_ID = f"{NAMESPACE}/Task-v0"

def task_dir() -> Path:
    """Where registered task files live."""
    override = os.environ.get("MOBILE_GYM_TASK_DIR")
    if override:
        return Path(override)
    return Path(__file__).resolve().parent / "task_defs"


def env_name(stem: str) -> str:
    """`calendar_open_editor` -> `CalendarOpenEditor`."""
    return "".join(part[:1].upper() + part[1:] for part in stem.replace("-", "_").split("_") if part)


def registered_tasks() -> dict[str, Path]:
    """Registered name (without namespace/version) -> task file. App aliases such as
    `MobileEnv/Calendar-v0` belong to the templated families (mobile_gym.tasks.registry.ALIASES)."""
    directory = task_dir()
    files = sorted(directory.glob("*.textproto")) if directory.is_dir() else []
    return {env_name(p.stem): p for p in files}


def task_path_for(name: str) -> Path | None:
    """The task file of `MobileEnv/<Name>-v0`, `<Name>-v0` or `<Name>`; None if not registered."""
    short = name
    if short.startswith(NAMESPACE + "/"):
        short = short[len(NAMESPACE) + 1:]
    if short.endswith("-v0"):
        short = short[:-3]
    if not short or "/" in short or "." in short:
        return None
    return registered_tasks().get(short)


def register_envs() -> list[str]:
    """Register the generic id and one id per task file (idempotent); returns the ids."""
    ids = [GENERIC_ID]
    if GENERIC_ID not in gym.registry:
        gym.register(id=GENERIC_ID, entry_point=ENTRY_POINT)
    for name, path in registered_tasks().items():
        env_id = f"{NAMESPACE}/{name}-v0"
        ids.append(env_id)
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point=ENTRY_POINT, kwargs={"task": str(path)})
    ids += register_families()
    return ids


def register_families() -> list[str]:
    """One id per templated task family (mobile_gym.tasks.registry), plus its aliases; a family
    id replaces a task-file id of the same name. The env draws a new task per reset seed."""
    from mobile_gym.tasks import registry

    ids = []
    names = {name: name for name in registry.family_names()}
    names.update({alias: name for alias, name in registry.ALIASES.items() if name in names})
    for short, name in names.items():
        env_id = f"{NAMESPACE}/{short}-v0"
        ids.append(env_id)
        if env_id in gym.registry and gym.registry[env_id].kwargs.get("task") != name:
            del gym.registry[env_id]
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point=ENTRY_POINT, kwargs={"task": name},
                         max_episode_steps=None)
    return ids
