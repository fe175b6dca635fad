"""state_event sources: app state checks (SQLite, files, settings) through the Device.

Each step the source observes the device state its check reads (query rows, file content,
setting value) and matches when the check passes; the raw input is that observation, so a NONE
source fires once per distinct passing state. Databases are pulled (with their -wal/-shm files
when present) into a temporary directory and opened read-only with the sqlite3 module.
RowsAdded/RowsRemoved compare with a baseline taken at `EventEngine.reset(device=...)` (or, if
no device was given there, at the episode's first step).
"""

from __future__ import annotations

import operator
import re
import sqlite3
import tempfile
from collections.abc import Hashable
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz

from mobile_gym.device.base import Device
from mobile_gym.events.errors import InputError, TaskCompileError
from mobile_gym.events.matchers import NO_MATCH
from mobile_gym.events.sources.base import Context, Repeat, Source

__all__ = ["StateSource", "value_matches"]

_CMP = {0: operator.eq, 1: operator.ne, 2: operator.lt, 3: operator.le, 4: operator.gt, 5: operator.ge}
_NAMESPACES = {0: "system", 1: "secure", 2: "global"}


def _fuzzy(expected: str, actual: str, threshold: float) -> bool:
    a, b = expected.lower(), actual.lower()
    if not a or not b:
        return a == b
    return fuzz.ratio(a, b) / 100.0 >= (threshold or 0.9)


def _text(v: Any) -> str | None:
    if v is None:
        return None
    if isinstance(v, bytes):
        return v.decode("utf-8", "replace")
    return str(v)


def value_matches(vm: Any, actual: Any) -> bool:
    """Apply a `ValueMatch` to an observed value (None = SQL NULL / unset never matches)."""
    text = _text(actual)
    if text is None:
        return False
    mode = vm.mode
    if mode == 0:
        return text == vm.expected
    if mode == 1:
        return re.search(vm.expected, text) is not None
    if mode == 2:
        return _fuzzy(vm.expected, text, vm.threshold)
    try:
        return bool(_CMP[vm.cmp](float(text), float(vm.expected)))
    except ValueError:
        return False


def _sql_value(v: Any) -> Any:
    kind = v.WhichOneof("kind")
    return None if kind in (None, "null") else getattr(v, kind)


class StateSource(Source):
    kind = "state_event"
    needs = "state"

    def __init__(self, node_id: int, repeat: Repeat, where: str, *, check: Any) -> None:
        self.check = check
        self.which = check.WhichOneof("check")
        if self.which is None:
            raise TaskCompileError(f"{where}: state_event has no check (sqlite_query, rows_added, rows_removed, file, setting)")
        c = getattr(check, self.which)
        if self.which == "sqlite_query":
            sql = c.sql.strip().lower()
            if not (sql.startswith("select") or sql.startswith("with")):
                raise TaskCompileError(f"{where}: sqlite_query.sql must be one SELECT statement, got {c.sql!r}")
        if self.which in ("rows_added", "rows_removed") and not c.table.replace("_", "").isalnum():
            raise TaskCompileError(f"{where}: invalid table name {c.table!r}")
        super().__init__(node_id, repeat, where)

    def reset(self) -> None:
        super().reset()
        self._baseline: list[tuple[Any, ...]] | None = None
        self._baseline_cols: list[str] = []
        self._baseline_ids: set[Any] = set()

    # -- device access -----------------------------------------------------------------------

    def _query(self, device: Device, db_path: str, sql: str) -> tuple[list[str], list[tuple[Any, ...]]]:
        with tempfile.TemporaryDirectory(prefix="mobile_gym_state_") as tmp:
            local = Path(tmp) / "db.sqlite"
            try:
                local.write_bytes(device.pull(db_path))
            except FileNotFoundError:
                return [], []
            for suffix in ("-wal", "-shm"):
                try:
                    (Path(tmp) / f"db.sqlite{suffix}").write_bytes(device.pull(db_path + suffix))
                except FileNotFoundError:
                    pass
            try:
                con = sqlite3.connect(f"file:{local}?mode=ro", uri=True)
                try:
                    cur = con.execute(sql)
                    cols = [d[0] for d in cur.description or ()]
                    return cols, [tuple(r) for r in cur.fetchall()]
                finally:
                    con.close()
            except sqlite3.Error as exc:
                raise InputError(f"{self.where}: query {sql!r} on {db_path} failed: {exc}") from None

    def begin_episode(self, device: Device | None) -> None:
        if device is not None and self.which in ("rows_added", "rows_removed"):
            self._take_baseline(device)

    def _take_baseline(self, device: Device) -> None:
        c = getattr(self.check, self.which)
        cols, rows = self._query(device, c.db_path, f'SELECT * FROM "{c.table}"')
        self._baseline_cols, self._baseline = cols, rows
        if self.which == "rows_removed":
            ids = {_sql_value(v) for v in c.ids}
            if c.ids_sql:
                ids |= {r[0] for r in self._query(device, c.db_path, c.ids_sql)[1]}
            self._baseline_ids = ids

    # -- observation ---------------------------------------------------------------------------

    def raw_inputs(self, ctx: Context) -> list[Hashable]:
        device = ctx.device
        if device is None:
            raise InputError(f"{self.where}: a state_event needs StepInputs.device")
        c = getattr(self.check, self.which)
        w = self.which
        if w == "sqlite_query":
            cols, rows = self._query(device, c.db_path, c.sql)
            return [("rows", tuple(rows))]
        if w in ("rows_added", "rows_removed"):
            if self._baseline is None:
                self._take_baseline(device)
            cols, rows = self._query(device, c.db_path, f'SELECT * FROM "{c.table}"')
            return [("table", tuple(cols), tuple(rows))]
        if w == "file":
            return [("file", self._file_state(device, c.path), self._file_state(device, c.moved_from) if c.moved_from else None)]
        code, out, err = device.shell(f"settings get {_NAMESPACES.get(c.namespace, 'system')} {c.key}")
        value = out.strip() if code == 0 else None
        return [("setting", None if value in (None, "null") else value)]

    @staticmethod
    def _file_state(device: Device, path: str) -> tuple[str, Any]:
        try:
            return ("file", device.pull(path))
        except FileNotFoundError:
            pass
        except IsADirectoryError:
            return ("dir", None)
        parent, _, name = path.rstrip("/").rpartition("/")
        try:
            for e in device.list_dir(parent or "/"):
                if e.name == name:
                    return ("dir", None) if e.is_dir else ("file", b"")
        except FileNotFoundError:
            pass
        return ("absent", None)

    def match(self, raw: Any, ctx: Context) -> Any:
        c = getattr(self.check, self.which)
        ok = getattr(self, f"_match_{self.which}")(c, raw)
        return True if ok else NO_MATCH

    def _match_sqlite_query(self, c: Any, raw: Any) -> bool:
        rows = raw[1]
        exp = c.WhichOneof("expectation")
        if exp == "scalar":
            return bool(rows) and len(rows[0]) > 0 and value_matches(c.scalar, rows[0][0])
        if exp == "row_count":
            return len(rows) == c.row_count
        if exp == "rows":
            want = list(c.rows.rows)
            mode = c.rows.mode
            if mode == 2:
                return len(rows) == len(want) and all(self._row_ok(w, r) for w, r in zip(want, rows))
            used: set[int] = set()

            def assign(i: int) -> bool:  # one-to-one pairing by backtracking (small row counts)
                if i == len(want):
                    return True
                for j, r in enumerate(rows):
                    if j not in used and self._row_ok(want[i], r):
                        used.add(j)
                        if assign(i + 1):
                            return True
                        used.discard(j)
                return False

            return assign(0) and (mode == 0 or len(rows) == len(want))
        return bool(rows)

    @staticmethod
    def _row_ok(want: Any, row: tuple[Any, ...]) -> bool:
        return len(want.cells) <= len(row) and all(value_matches(vm, row[k]) for k, vm in enumerate(want.cells))

    def _match_rows_added(self, c: Any, raw: Any) -> bool:
        cols, rows = list(raw[1]), list(raw[2])
        before = self._baseline or []
        if len(rows) != len(before) + len(c.expected_rows):
            return False
        remaining = list(rows)
        for b in before:
            if b not in remaining:
                return False
            remaining.remove(b)
        fields = list(c.compare_fields) or sorted({k for r in c.expected_rows for k in r.fields})
        free = set(c.free_text_fields)
        for exp in c.expected_rows:
            found = False
            for r in remaining:
                rec = dict(zip(cols, r))
                if all(self._field_ok(exp, f, rec, f in free, c.threshold) for f in fields):
                    remaining.remove(r)
                    found = True
                    break
            if not found:
                return False
        return True

    @staticmethod
    def _field_ok(exp: Any, field: str, rec: dict[str, Any], free: bool, threshold: float) -> bool:
        if field not in exp.fields or field not in rec:
            return False
        want = _sql_value(exp.fields[field])
        got = rec[field]
        if free:
            return want is not None and got is not None and _fuzzy(str(want), str(got), threshold)
        if isinstance(want, (int, float)) and isinstance(got, (int, float)) and not isinstance(want, bool):
            return float(want) == float(got)
        return want == got

    def _match_rows_removed(self, c: Any, raw: Any) -> bool:
        cols, rows = list(raw[1]), list(raw[2])
        if c.id_field not in cols:
            return False
        k = cols.index(c.id_field)
        before = self._baseline or []
        ids = self._baseline_ids
        if not ids or not all(any(b[k] == i for b in before) for i in ids):
            return False
        expected = [b for b in before if b[k] not in ids]
        return sorted(map(repr, rows)) == sorted(map(repr, expected))

    def _match_file(self, c: Any, raw: Any) -> bool:
        (kind, data), moved = raw[1], raw[2]
        if c.moved_from and moved is not None and moved[0] != "absent":
            return False
        if c.absent:
            return kind == "absent"
        if kind == "absent" or (c.is_dir and kind != "dir"):
            return False
        which = c.WhichOneof("content")
        if which is None:
            return True
        if kind != "file":
            return False
        text = data.decode("utf-8", "replace").replace("\r", "")
        if which == "equals":
            return text == c.equals
        if which == "contains":
            return c.contains in text
        if which == "regex":
            return re.search(c.regex, text) is not None
        return _fuzzy(c.fuzzy.strip(), text.strip(), c.threshold)

    def _match_setting(self, c: Any, raw: Any) -> bool:
        return value_matches(c.value, raw[1])
