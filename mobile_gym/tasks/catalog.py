"""The task catalogue: what a task spec names, and the `MobileEnv/<Name>-v0` id grammar.

`resolve(spec)` turns whatever a user hands `gym.make`, the CLI or the harness — a registered
id or name (a templated family, an app alias, a packaged task file), a task file path, textproto
or JSON text, a `LoadedTask`, a `Task` proto or a `TaskFamily` — into a `TaskSource`.
`ids()` lists every registered id; Gymnasium registration (`mobile_gym.registration`), the
CLI, `MobileEnv` and `list_tasks()` all go through here, so the grammar is written once.

Packaged task files live in `task_defs/` (shipped as `mobile_gym.task_defs`), or in
`$MOBILE_GYM_TASK_DIR` when that is set; `calendar_open_editor.textproto` registers as
`MobileEnv/CalendarOpenEditor-v0`.
"""

from __future__ import annotations

import difflib
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.families.base import SuccessCheck, TaskFamily
from mobile_gym.tasks.loader import LoadedTask, is_existing_path, load_task

NAMESPACE = "MobileEnv"
VERSION_SUFFIX = "-v0"
#: The id that runs any task file: gym.make(GENERIC_ID, task_path="my_task.textproto").
GENERIC_NAME = "Task"

_NAME_RE = re.compile(r"[A-Za-z][\w-]*")


def env_id(name: str) -> str:
    """`CalendarOpenEditor` -> `MobileEnv/CalendarOpenEditor-v0`."""
    return f"{NAMESPACE}/{name}{VERSION_SUFFIX}"


GENERIC_ID = env_id(GENERIC_NAME)


def id_name(spec: str) -> str | None:
    """The name inside `MobileEnv/<Name>-v0`, `<Name>-v0` or `<Name>`; None when `spec` is not
    shaped like an id (a path, task text, another namespace)."""
    name = spec.strip()
    if name.startswith(NAMESPACE + "/"):
        name = name[len(NAMESPACE) + 1:]
    name = name.removesuffix(VERSION_SUFFIX)
    return name if _NAME_RE.fullmatch(name) else None


def file_env_name(stem: str) -> str:
    """A task file's registered name: `calendar_open_editor` -> `CalendarOpenEditor`."""
    return "".join(part[:1].upper() + part[1:] for part in stem.replace("-", "_").split("_") if part)


def task_dir() -> Path:
    """Where packaged task files live."""
    override = os.environ.get("MOBILE_GYM_TASK_DIR")
    if override:
        return Path(override)
    from mobile_gym import task_defs

    return Path(task_defs.__file__).resolve().parent


def task_files() -> dict[str, Path]:
    """Registered name -> packaged task file."""
    directory = task_dir()
    files = sorted(directory.glob("*.textproto")) if directory.is_dir() else []
    return {file_env_name(p.stem): p for p in files}


def family_names() -> dict[str, str]:
    """Registered name -> family name: every templated family and each app alias."""
    from mobile_gym.tasks import registry

    names = {name: name for name in registry.family_names()}
    names.update({alias: name for alias, name in registry.ALIASES.items() if name in names})
    return names


def ids() -> list[str]:
    """Every registered id: the generic one, packaged task files, families and aliases (a family
    replaces a task file of the same name)."""
    return [GENERIC_ID, *(env_id(n) for n in {**task_files(), **family_names()})]


@dataclass(frozen=True)
class TaskSource:
    """What a spec resolved to. A family gives a new task per reset seed (`task` is its seed-0
    task, for the spaces); otherwise `task` is the one task. `source` is the registered id or
    absolute path it came from (None for in-memory tasks), for recording and replay."""

    task: LoadedTask
    source: str | None
    family: TaskFamily | None = None


def resolve(spec: Any, *, is_path: bool = False,
            success_check: SuccessCheck | None = None) -> TaskSource:
    """The TaskSource of `spec` (see the module docstring). `is_path` (the `task_path=`
    argument): a string is a file path or id, never task text. `success_check` picks a
    family's success protocol; it is refused for anything that is not a family."""
    family = _as_family(spec, success_check)
    if family is not None:
        return TaskSource(family.make_task(0), env_id(family.name), family)
    if success_check is not None:
        raise ValueError(f"success_check={success_check!r} only applies to templated task families, "
                         f"not to {spec!r}")
    if is_path:
        if not isinstance(spec, (str, Path)):
            raise TypeError(f"task_path={spec!r}: expected a file path (str or Path)")
        if str(spec).strip() == "":
            raise ValueError("task_path is empty: give the path of a task file")
    if isinstance(spec, LoadedTask) or hasattr(spec, "proto"):
        path = getattr(spec, "path", None)
        return TaskSource(spec, str(path) if path else None)
    if isinstance(spec, Path):
        return TaskSource(load_task(spec), os.path.abspath(spec))
    if isinstance(spec, str):
        return _resolve_string(spec, is_path=is_path)
    if isinstance(spec, task_pb2.Task):
        return TaskSource(LoadedTask(proto=spec, path=None, directory=None), None)
    raise TypeError(f"task={spec!r}: expected a registered id, a textproto path, a LoadedTask or a Task proto")


def _as_family(spec: Any, success_check: SuccessCheck | None) -> TaskFamily | None:
    from mobile_gym.tasks import registry

    return registry.as_family(spec, success_check=success_check)


def _resolve_string(spec: str, *, is_path: bool) -> TaskSource:
    name = id_name(spec)
    if name is not None:
        registered = task_files().get(name)
        if registered is not None:
            return TaskSource(load_task(registered), str(registered))
        if name == GENERIC_NAME:
            raise ValueError(f"{GENERIC_ID} runs a task file: gym.make({GENERIC_ID!r}, "
                             "task_path='my_task.textproto') (on the command line, give the file's path)")
    if is_existing_path(spec):
        return TaskSource(load_task(spec), os.path.abspath(spec))
    looks_like_path = spec.startswith(("/", "./", "../", "~")) or (
        bool(Path(spec).suffix) and "\n" not in spec and "{" not in spec)
    if is_path or looks_like_path:
        raise FileNotFoundError(f"task file {spec!r} does not exist (and it is not a registered id)")
    if re.fullmatch(r"[A-Za-z][\w-]*(/[\w-]+)?", spec.strip()) and ":" not in spec:
        raise ValueError(unknown_task_message(spec.strip()))
    return TaskSource(load_task(spec), None)  # textproto / JSON text


def unknown_task_message(name: str) -> str:
    """An error text naming the closest registered ids."""
    known = ids()[1:]
    by_name = {id_name(i): i for i in known}
    wanted = id_name(name) or name
    close = [by_name[n] for n in difflib.get_close_matches(wanted, list(by_name), n=5, cutoff=0.5)]
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    return (f"{name!r} is neither a task file nor one of the {len(known)} registered tasks{hint} "
            "(`mobile-gym list` shows them all)")
