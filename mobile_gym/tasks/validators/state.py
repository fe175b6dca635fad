"""`state_event` sources: evaluate a `task_pb2.StateEvent` on a Device with the validators.

The event engine calls `capture_baseline` when an episode starts (after reset steps; needed by
rows_added / rows_removed, which compare with the table as it was) and `evaluate_state` each
time the source is polled, unless `Device.state_version` of what `state_reads` names is
unchanged. A match returns a non-empty dict (always truthy, so it can end an
episode as a success); no match returns None.

Values handed to transformations:
* sqlite_query -> {"columns": [...], "rows": [[...], ...]}
* rows_added -> {"added": <number of expected rows>}; rows_removed -> {"removed": [ids]}
* file -> {"path": path} (+ "content" when a content check ran); setting -> {"value": value}
"""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass
from typing import Any

from mobile_gym.device.base import Device
from mobile_gym.tasks import patterns, task_pb2
from mobile_gym.tasks.validators import files, settings, sqlite
from mobile_gym.tasks.validators.common import DEFAULT_THRESHOLD, fuzzy_match

_VM = task_pb2.ValueMatch
_CMP = {_VM.EQ: operator.eq, _VM.NE: operator.ne, _VM.LT: operator.lt, _VM.LE: operator.le,
        _VM.GT: operator.gt, _VM.GE: operator.ge}


def _text(value: Any) -> str:
    """A SQLite / settings value as text (how `sqlite3` and `settings get` print it)."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return repr(value)
    if isinstance(value, bytes):
        return value.decode("utf-8", errors="replace")
    return str(value)


def match_value(vm: task_pb2.ValueMatch, actual: Any) -> bool:
    """Whether `actual` satisfies the ValueMatch (see task.proto)."""
    text = _text(actual)
    threshold = vm.threshold or DEFAULT_THRESHOLD
    if vm.mode == _VM.EXACT:
        return text == vm.expected
    if vm.mode == _VM.REGEX:
        return patterns.search(vm.expected, text) is not None
    if vm.mode == _VM.FUZZY:
        return fuzzy_match(vm.expected, text, threshold)
    if vm.mode == _VM.NUMERIC:
        try:
            a, b = float(text), float(vm.expected)
        except ValueError:
            return False
        if math.isnan(a) or math.isnan(b):
            return False
        return bool(_CMP[vm.cmp](a, b))
    raise ValueError(f"unknown ValueMatch mode {vm.mode}")


def sql_value(v: task_pb2.SqlValue) -> Any:
    """A typed SqlValue as the Python value sqlite3 returns."""
    kind = v.WhichOneof("kind")
    if kind is None or kind == "null":
        return None
    return getattr(v, kind)


@dataclass(frozen=True)
class Baseline:
    """What a state check remembers from the start of the episode."""

    rows: tuple[dict[str, Any], ...] = ()
    ids: tuple[Any, ...] = ()


def capture_baseline(event: task_pb2.StateEvent, device: Device) -> Baseline | None:
    """Read what `evaluate_state` compares against later (None for stateless checks)."""
    kind = event.WhichOneof("check")
    if kind == "rows_added":
        c = event.rows_added
        return Baseline(tuple(sqlite.read_rows(device, c.db_path, c.table)))
    if kind == "rows_removed":
        c = event.rows_removed
        rows = tuple(sqlite.read_rows(device, c.db_path, c.table))
        ids = [sql_value(v) for v in c.ids]
        if c.ids_sql:
            ids += [r[0] for r in sqlite.query(device, c.db_path, c.ids_sql).rows]
        return Baseline(rows, tuple(ids))
    return None


@dataclass(frozen=True)
class StateReads:
    """The device state one check reads: device paths (files or folders, with what is in
    them) and settings as (namespace, key). While `Device.state_version` of these stays
    equal, `evaluate_state` gives the same answer, so a caller polling every step can keep it."""

    paths: tuple[str, ...] = ()
    settings: tuple[tuple[str, str], ...] = ()


def state_reads(event: task_pb2.StateEvent) -> StateReads:
    """What `evaluate_state(event, ...)` reads (the baseline aside, which is taken once)."""
    kind = event.WhichOneof("check")
    if kind in ("sqlite_query", "rows_added", "rows_removed"):
        db_path = getattr(event, kind).db_path
        return StateReads(paths=tuple(db_path + suffix for suffix in sqlite.COMPANIONS))
    if kind == "file":
        c = event.file
        return StateReads(paths=(c.path, c.moved_from) if c.moved_from else (c.path,))
    if kind == "setting":
        c = event.setting
        ns = task_pb2.AdbCall.Settings.Namespace.Name(c.namespace).lower()
        return StateReads(settings=((ns, c.key),))
    return StateReads()


def _rows_match(spec: task_pb2.StateEvent.SqliteQuery.Rows, rows: list[tuple]) -> bool:
    mode = spec.mode
    Rows = task_pb2.StateEvent.SqliteQuery.Rows
    expected = list(spec.rows)

    def fits(exp, row: tuple) -> bool:
        return len(exp.cells) == len(row) and all(
            match_value(c, v) for c, v in zip(exp.cells, row))

    if mode == Rows.ORDERED:
        return len(expected) == len(rows) and all(fits(e, r) for e, r in zip(expected, rows))
    if mode == Rows.EXACT and len(expected) != len(rows):
        return False
    adj = [[j for j, r in enumerate(rows) if fits(e, r)] for e in expected]
    match = sqlite.max_matching(adj, len(rows))
    return len({u for u in match if u != -1}) == len(expected)


def evaluate_state(event: task_pb2.StateEvent, device: Device,
                   baseline: Baseline | None = None) -> dict[str, Any] | None:
    """The match value (a non-empty dict) if the device state satisfies `event`, else None.

    A missing database or file is a non-match, not an error (the app may not have created it
    yet); a malformed query raises ValueError naming the database and the SQL.
    """
    kind = event.WhichOneof("check")
    if kind == "sqlite_query":
        c = event.sqlite_query
        try:
            result = sqlite.query(device, c.db_path, c.sql)
        except FileNotFoundError:
            return None
        rows = [list(r) for r in result.rows]
        value = {"columns": list(result.columns), "rows": rows}
        exp = c.WhichOneof("expectation")
        if exp == "scalar":
            ok = bool(result.rows) and bool(result.rows[0]) and match_value(c.scalar,
                                                                             result.rows[0][0])
        elif exp == "rows":
            ok = _rows_match(c.rows, [tuple(r) for r in result.rows])
        else:
            ok = len(result.rows) == c.row_count
        return value if ok else None
    if kind in ("rows_added", "rows_removed"):
        if baseline is None:
            raise ValueError(f"{kind} needs the baseline captured when the episode started")
        c = getattr(event, kind)  # both name the table to read now
        try:
            after = sqlite.read_rows(device, c.db_path, c.table)
        except FileNotFoundError:
            return None
        if kind == "rows_added":
            expected = [{k: sql_value(v) for k, v in row.fields.items()}
                        for row in c.expected_rows]
            verdict = sqlite.validate_rows_added(
                baseline.rows, after, expected, list(c.compare_fields), list(c.free_text_fields),
                threshold=c.threshold or DEFAULT_THRESHOLD)
            return {"added": len(expected)} if verdict else None
        verdict = sqlite.validate_rows_removed(baseline.rows, after, list(baseline.ids),
                                               c.id_field)
        return {"removed": list(baseline.ids)} if verdict else None
    if kind == "file":
        c = event.file
        if c.absent:
            return {"path": c.path} if not files.file_exists(device, c.path, kind="any") else None
        if c.moved_from and files.file_exists(device, c.moved_from, kind="any"):
            return None
        if not files.file_exists(device, c.path, kind="dir" if c.is_dir else "file"):
            return None
        content_kind = c.WhichOneof("content")
        if content_kind is None:
            return {"path": c.path}
        content = files.read_text(device, c.path)
        mode = {"equals": "exact", "contains": "contains", "regex": "regex",
                "fuzzy": "fuzzy"}[content_kind]
        ok = files.content_matches(content, getattr(c, content_kind), mode,  # type: ignore[arg-type]
                                   c.threshold or DEFAULT_THRESHOLD)
        return {"path": c.path, "content": content} if ok else None
    if kind == "setting":
        c = event.setting
        ns = task_pb2.AdbCall.Settings.Namespace.Name(c.namespace).lower()
        current = settings.get_setting(device, ns, c.key)
        ok = current is not None and match_value(c.value, current)
        return {"value": current} if ok else None
    raise ValueError("state_event has no check")
