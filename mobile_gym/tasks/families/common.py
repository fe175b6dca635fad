"""Builders the families share: setup steps (shell, settings, force-stop, home, first launch),
view-hierarchy sources, and the uniform random pick every family's sampling uses."""

from __future__ import annotations

import functools
import shlex
from collections.abc import Callable, Iterable, Sequence
from typing import Any

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


def sqlite_step(db_path: str, sql: str) -> task_pb2.SetupStep:
    """Run `sql` on the device database `db_path` with the shell's sqlite3."""
    return shell_step(f"sqlite3 {db_path} {shlex.quote(sql)}")


def seed_writes(steps: Iterable[task_pb2.SetupStep]) -> dict[str, SeedWrite]:
    """The `sqlite_step` lines among `steps`, with their words (`LoadedTask.seed_writes`)."""
    found: dict[str, SeedWrite] = {}
    for step in steps:
        if step.WhichOneof("step") == "adb_call" and step.adb_call.WhichOneof("command") == "shell_command":
            words = step.adb_call.shell_command.command
            if len(words) == 1:
                write = seed_write(words[0])
                if write is not None:
                    found[words[0]] = write
    return found


#: What `shlex.quote` puts for each `'` inside the quotes it adds.
_QUOTED_APOSTROPHE = "'\"'\"'"


def seed_write(command: str) -> SeedWrite | None:
    """The database path and SQL `sqlite_step` made `command` of, when `command` is exactly
    `sqlite_step`'s text for them (so a shell splits it into the words `sqlite3`, the path and
    the SQL, nothing expanded); None for any other line. The SQL is read back from its quotes
    and proved to quote back to it: every `'` inside the quotes belongs to a quoted apostrophe
    (quoting the SQL again costs twice as much as counting them)."""
    if not command.startswith("sqlite3 "):
        return None
    db_path, space, quoted = command[len("sqlite3 "):].partition(" ")
    if not space or not db_path or shlex.quote(db_path) != db_path:
        return None
    if len(quoted) < 2 or quoted[0] != "'" or quoted[-1] != "'":
        # SQL that `shlex.quote` leaves bare (no statement is without a space)
        return SeedWrite(db_path, quoted) if quoted and shlex.quote(quoted) == quoted else None
    inner = quoted[1:-1]
    sql = inner.replace(_QUOTED_APOSTROPHE, "'")
    apostrophes = (len(inner) - len(sql)) // (len(_QUOTED_APOSTROPHE) - 1)
    if inner.count("'") != 3 * apostrophes:
        return None  # an apostrophe of its own: the quotes end inside
    if not apostrophes and shlex.quote(sql) != quoted:
        return None  # SQL that `shlex.quote` would have left bare
    return SeedWrite(db_path, sql)


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
