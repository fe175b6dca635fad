"""Gymnasium ids for mobile_gym tasks, registered on `import mobile_gym`.

- `MobileEnv/Task-v0`: any task file: `gym.make("MobileEnv/Task-v0", task_path="my.textproto")`.
- `MobileEnv/<Name>-v0` for every packaged task file (`task_defs/<name>.textproto`, CamelCase of
  the file stem: `calendar_open_editor.textproto` -> `MobileEnv/CalendarOpenEditor-v0`).
- Templated task families and their app aliases (`MobileEnv/Calendar-v0` = CalendarAddOneEvent):
  a new task per reset seed. A family replaces a task file of the same name.

The names and the id grammar come from the task catalogue (`mobile_gym.tasks.catalog`). Every
id accepts MobileEnv's keyword arguments (backend, serial, obs_size, obs_keys, step_seconds,
max_steps, max_seconds, render_mode, vocabulary, ...).
"""

from __future__ import annotations

import gymnasium as gym

ENTRY_POINT = "mobile_gym.env:MobileEnv"
#: gym.make_vec(id, num_envs=N) builds a BatchedVectorEnv (worker processes, shared memory).
VECTOR_ENTRY_POINT = "mobile_gym.vector.factory:vector_entry_point"


def register_envs() -> list[str]:
    """Register the generic id, one id per packaged task file and one per family or alias
    (idempotent: an id whose task changed is registered again); returns the ids."""
    from mobile_gym.tasks import catalog

    targets: dict[str, dict[str, str]] = {catalog.GENERIC_ID: {}}
    targets.update({catalog.env_id(n): {"task": str(p)} for n, p in catalog.task_files().items()})
    targets.update({catalog.env_id(n): {"task": f} for n, f in catalog.family_names().items()})
    for env_id, kwargs in targets.items():
        if env_id in gym.registry and gym.registry[env_id].kwargs != kwargs:
            del gym.registry[env_id]
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point=ENTRY_POINT, kwargs=kwargs, max_episode_steps=None,
                         vector_entry_point=VECTOR_ENTRY_POINT)
    return list(targets)
