"""Which tasks a run covers, what is known about each, and the seed of every episode.

A task is a templated family (`MobileEnv/<Family>-v0`) or a registered task file. Selection:
ids, names or globs (`Calendar*`, matched against the short name and the id), a textproto
path, a named suite (`all`: every registered task; `android_world_sim`: the families that name
an AndroidWorld task, or every family while none does) and tags (a task must carry all of
them). The seed of episode i of task T in a run with seed S is
`sha256("S_T_i")` (31 bits): it depends on nothing else, so any worker count gives the same
episodes.
"""

from __future__ import annotations

import fnmatch
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

SUITES: tuple[str, ...] = ("all", "android_world_sim")


@dataclass(frozen=True)
class TaskSpec:
    """One task of a run: `id` (gym id or path), `name` (short), `family` (None for a task
    file), `source` (the task file), and its catalogue metadata."""

    id: str
    name: str
    family: str | None
    source: str | None
    app: str
    difficulty: str
    tags: tuple[str, ...]
    complexity: float
    step_limit: int
    android_world_name: str | None = None
    optimal_steps: int | None = None

    def aw_budget(self) -> int:
        """AndroidWorld's step budget: 10 x complexity (at least 1); a task file without a
        complexity gets its own step limit."""
        if self.complexity > 0:
            return max(1, int(10 * self.complexity))
        return self.step_limit or 50


def _difficulty(entry: dict) -> str:
    value = entry.get("difficulty")
    if value:
        return str(value)
    for tag in entry.get("tags", ()):
        if tag in ("easy", "medium", "hard"):
            return tag
    return ""


def catalogue() -> list[TaskSpec]:
    """Every registered task: the families (registry order), then the task files."""
    from mobile_gym.tasks.catalog import env_id, task_files
    from mobile_gym.tasks.registry import list_tasks

    out: list[TaskSpec] = []
    families = set()
    for entry in list_tasks():
        families.add(entry["name"])
        out.append(TaskSpec(
            id=entry["id"], name=entry["name"], family=entry["name"], source=None,
            app=str(entry.get("app", "")), difficulty=_difficulty(entry),
            tags=tuple(entry.get("tags", ())), complexity=float(entry.get("complexity", 0) or 0),
            step_limit=int(entry.get("step_limit", 0) or 0),
            android_world_name=entry.get("android_world_name") or None,
            optimal_steps=entry.get("optimal_steps")))
    for name, path in task_files().items():
        if name in families:
            continue
        out.append(_file_spec(env_id(name), name, path))
    return out


def _file_spec(task_id: str, name: str, path: Path) -> TaskSpec:
    from mobile_gym.tasks import load_task

    proto = load_task(path).proto
    app = path.stem.split("_", 1)[0]
    return TaskSpec(id=task_id, name=name, family=None, source=str(path), app=app, difficulty="",
                    tags=("task_file",), complexity=0.0, step_limit=int(proto.max_num_steps))


def suite(name: str, tasks: Sequence[TaskSpec] | None = None) -> list[TaskSpec]:
    """The tasks of a named suite; ValueError names the known suites."""
    tasks = list(catalogue() if tasks is None else tasks)
    if name == "all":
        return tasks
    if name == "android_world_sim":
        named = [t for t in tasks if t.family is not None and t.android_world_name]
        return named or [t for t in tasks if t.family is not None]
    raise ValueError(f"--suite {name!r}: unknown suite; known: {', '.join(SUITES)}")


def select(patterns: Sequence[str] = (), *, suite_name: str | None = None,
           tags: Sequence[str] = ()) -> list[TaskSpec]:
    """The tasks a run covers (catalogue order, no repeats); ValueError names a pattern that
    matches nothing, with the closest names."""
    tasks = catalogue()
    chosen: list[TaskSpec] = []
    if suite_name is not None:
        chosen += suite(suite_name, tasks)
    for pattern in patterns:
        chosen += _match(pattern, tasks)
    if not patterns and suite_name is None:
        chosen = list(tasks) if tags else []
    if tags:
        chosen = [t for t in chosen if all(tag in t.tags for tag in tags)]
        if not chosen:
            known = sorted({tag for t in tasks for tag in t.tags})
            raise ValueError(f"--tags {','.join(tags)}: no task has all of these tags; known tags: {', '.join(known)}")
    seen: set[str] = set()
    unique = []
    for t in chosen:
        if t.id not in seen:
            seen.add(t.id)
            unique.append(t)
    if not unique:
        raise ValueError("no tasks selected: give TASK (an id, name or glob), --suite or --tags")
    return unique


def _match(pattern: str, tasks: Sequence[TaskSpec]) -> list[TaskSpec]:
    from mobile_gym.tasks.registry import short_name

    if any(ch in pattern for ch in "*?["):
        hits = [t for t in tasks if fnmatch.fnmatchcase(t.name, pattern) or fnmatch.fnmatchcase(t.id, pattern)]
        if not hits:
            raise ValueError(f"task pattern {pattern!r} matches no registered task (`mobile-gym list` shows them)")
        return hits
    short = short_name(pattern)
    hits = [t for t in tasks if t.name == short or t.id == pattern]
    if hits:
        return hits[:1]
    path = Path(pattern)
    if path.suffix and path.is_file():
        resolved = str(path.resolve())
        return [_file_spec(resolved, path.stem, path)]
    if path.suffix and ("/" in pattern or path.suffix in (".textproto", ".json", ".yaml", ".yml")):
        raise FileNotFoundError(f"task file {pattern!r} does not exist (and it is not a registered id)")
    from mobile_gym.tasks.catalog import unknown_task_message

    raise ValueError(unknown_task_message(pattern))


def episode_seed(run_seed: int, task_name: str, index: int) -> int:
    """The seed of episode `index` of `task_name` in a run seeded `run_seed` (31 bits)."""
    digest = hashlib.sha256(f"{run_seed}_{task_name}_{index}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF
