"""Builders the families share: setup steps (shell, settings, force-stop, home, first launch),
view-hierarchy sources, and the uniform random pick every family's sampling uses."""

from __future__ import annotations

import functools
import shlex
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

import numpy as np

from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.families.draws import Draws
from mobile_gym.tasks.loader import SeedWrite


def choice(rng: np.random.Generator, items: Sequence[Any]) -> Any:
    """One item of `items`, uniformly (one `rng.integers` draw, so seeds stay reproducible;
    `Draws.below` is that draw without its numpy scalar)."""
    if type(rng) is Draws:
        return items[rng.below(len(items))]
    return items[int(rng.integers(0, len(items)))]


def picker(rng: np.random.Generator) -> Callable[[Sequence[Any]], Any]:
    """`choice` bound to `rng` (`Draws.pick`), for a loop making many picks."""
    if type(rng) is Draws:
        return rng.pick
    return functools.partial(choice, rng)


def drawer(rng: np.random.Generator) -> Callable[[int], int]:
    """`below` bound to `rng` (`Draws.below`), for a loop making many draws."""
    if type(rng) is Draws:
        return rng.below
    return functools.partial(below, rng)


def below(rng: np.random.Generator, n: int) -> int:
    """`int(rng.integers(0, n))`: one draw in [0, n) as a Python int (`Draws.below` without the
    numpy scalar). `low + below(rng, high - low)` is the draw of `int(rng.integers(low, high))`."""
    if type(rng) is Draws:
        return rng.below(n)
    return int(rng.integers(0, n))


def below_each(rng: np.random.Generator, n: int, k: int) -> list[int]:
    """`rng.integers(0, n, size=k).tolist()`: k draws in [0, n) as Python ints."""
    if type(rng) is Draws:
        return rng.below_each(n, k)
    return rng.integers(0, n, size=k).tolist()


def shell_step(command: str) -> task_pb2.SetupStep:
    return task_pb2.SetupStep(adb_call=task_pb2.AdbCall(
        shell_command=task_pb2.AdbCall.Command(command=[command])))


def setting_step(namespace: task_pb2.AdbCall.Settings.Namespace, key: str,
                 value: str) -> task_pb2.SetupStep:
    return task_pb2.SetupStep(adb_call=task_pb2.AdbCall(
        settings=task_pb2.AdbCall.Settings(namespace=namespace, key=key, value=value)))


def force_stop(package: str) -> task_pb2.SetupStep:
    return task_pb2.SetupStep(adb_call=task_pb2.AdbCall(
        force_stop=task_pb2.AdbCall.ForceStop(package_name=package)))


def press_home() -> task_pb2.SetupStep:
    return task_pb2.SetupStep(adb_call=task_pb2.AdbCall(
        press_button=task_pb2.AdbCall.PressButton(button=task_pb2.AdbCall.PressButton.HOME)))


def launch_once(package: str, activity: str) -> list[task_pb2.SetupStep]:
    """Start `activity` and wait for its screen (so the app's first-launch setup runs),
    then stop the app and go home: the one-time setup of an app's families."""
    launch = task_pb2.SetupStep(adb_call=task_pb2.AdbCall(
        start_activity=task_pb2.AdbCall.StartActivity(full_activity=activity)))
    launch.success_condition.wait_for_app_screen.app_screen.activity = activity
    launch.success_condition.wait_for_app_screen.timeout_sec = 10.0
    return [launch, force_stop(package), press_home()]


def vh_source(selector: str, prop: str | None = None, pattern: str = ".") -> task_pb2.EventSource:
    """A view_hierarchy_event source: nodes matching `selector` (and `prop` ~ `pattern`)."""
    ev = task_pb2.EventSource.ViewHierarchyEvent(selector=[selector])
    if prop is not None:
        ev.properties.add(property_name=prop, pattern=pattern)
    return task_pb2.EventSource(view_hierarchy_event=ev)


class SqliteStep(NamedTuple):
    """A reset step running SQL on a device database with the shell's sqlite3, with the words
    it was built of: `TaskFamily.make_task` puts `step` into the task and hands `write` to the
    simulator (`LoadedTask.seed_writes`, keyed by `line`), so nothing reads the words back out
    of the command line. `write` is None when the shell would not split `line` into them."""

    step: task_pb2.SetupStep
    line: str
    write: SeedWrite | None


#: A step a family's `reset_steps` gives: a plain step, or a `sqlite_step` with its words.
ResetStep = task_pb2.SetupStep | SqliteStep


def sqlite_step(db_path: str, sql: str) -> SqliteStep:
    """Run `sql` on the device database `db_path` with the shell's sqlite3: the line
    `sqlite3 DB 'SQL'` (the SQL quoted by `shlex.quote`, so a shell splits it into exactly the
    words `sqlite3`, `db_path` and `sql` when `db_path` needs no quotes of its own)."""
    line = f"sqlite3 {db_path} {shlex.quote(sql)}"
    write = SeedWrite(db_path, sql) if db_path and shlex.quote(db_path) == db_path else None
    return SqliteStep(shell_step(line), line, write)


def split_seed_writes(steps: Iterable[ResetStep]) -> tuple[list[task_pb2.SetupStep], dict[str, SeedWrite]]:
    """The task's steps of a family's `reset_steps`, and the seed writes among them by command
    line (`LoadedTask.seed_writes`)."""
    plain: list[task_pb2.SetupStep] = []
    writes: dict[str, SeedWrite] = {}
    for step in steps:
        if type(step) is SqliteStep:
            if step.write is not None:
                writes[step.line] = step.write
            plain.append(step.step)
        else:
            plain.append(step)  # type: ignore[arg-type]
    return plain, writes


def sql_value(v: object) -> task_pb2.SqlValue:
    """A text or integer SqlValue of a Python value."""
    return task_pb2.SqlValue(text=v) if isinstance(v, str) else task_pb2.SqlValue(integer=int(v))  # type: ignore[arg-type]


def rows_added_check(db_path: str, table: str, rows: Sequence[dict[str, object]],
                     compare_fields: Sequence[str],
                     free_text_fields: Sequence[str]) -> task_pb2.StateEvent:
    """AndroidWorld's row-addition integrity check: each expected row (its `compare_fields`)
    paired with a distinct new row, free text fuzzily; nothing else changed."""
    check = task_pb2.StateEvent.RowsAdded(db_path=db_path, table=table,
                                          compare_fields=compare_fields,
                                          free_text_fields=free_text_fields)
    for values in rows:
        row = check.expected_rows.add()
        for f in compare_fields:
            row.fields[f].CopyFrom(sql_value(values[f]))
    return task_pb2.StateEvent(rows_added=check)


def last_inserted_ids_sql(table: str, key: str, n: int, offset: int = 0) -> str:
    """The keys of the `n` rows inserted last (skipping `offset`), as a query on the baseline
    (AndroidWorld's `before[-n:]`)."""
    return f"SELECT {key} FROM {table} ORDER BY {key} DESC LIMIT {n} OFFSET {offset}"


def rows_removed_check(db_path: str, table: str, id_field: str, ids_sql: str) -> task_pb2.StateEvent:
    """AndroidWorld's row-removal integrity check: exactly the ids `ids_sql` selects on the
    baseline are gone; every other row unchanged."""
    return task_pb2.StateEvent(rows_removed=task_pb2.StateEvent.RowsRemoved(
        db_path=db_path, table=table, id_field=id_field, ids_sql=ids_sql))
