"""`insert_rows_sql` writes a column shared by every row once (`INSERT ... SELECT ... FROM
(VALUES ...)`); the table it leaves must be the one the plain `VALUES` INSERT with every
value in every row leaves: same rows, same order (ids), same storage classes."""

from __future__ import annotations

import shlex
import sqlite3

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.apps.sql_text import insert_columns_sql, insert_rows_sql
from mobile_gym.tasks.families import calendar_data as cd
from tests.tasks.families.helpers import make_env, shell

COLUMNS = ("a", "b", "c", "d")


def plain_insert(table: str, columns, rows, literal) -> str:
    """The reference: every value of every row in one VALUES list."""
    values = ", ".join("(" + ", ".join(literal(v) for v in row) + ")" for row in rows)
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES {values};"


def _table_after(sql: str) -> list[tuple]:
    conn = sqlite3.connect(":memory:")
    try:
        conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, a INTEGER NOT NULL, "
                     "b TEXT, c, d INTEGER)")
        conn.executescript(sql)
        return conn.execute("SELECT id, a, typeof(a), b, typeof(b), c, typeof(c), d, typeof(d) "
                            "FROM t ORDER BY id").fetchall()
    finally:
        conn.close()


_TEXT = st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)), max_size=8)
_VALUE = st.one_of(st.integers(-2**63, 2**63 - 1), _TEXT,
                   st.sampled_from(["", "'", "it's", "0", "-1", "a;b", "(x)"]))


@given(st.lists(st.tuples(st.integers(-5, 5), _VALUE, _VALUE, st.sampled_from([0, 1, -1])),
                min_size=1, max_size=12))
@settings(max_examples=300, deadline=None)
def test_shared_columns_leave_the_same_table_as_plain_values(rows):
    new = insert_rows_sql("t", COLUMNS, rows, cd.sql_literal)
    assert _table_after(new) == _table_after(plain_insert("t", COLUMNS, rows, cd.sql_literal))


def _float_table_after(sql: str) -> list[tuple]:
    conn = sqlite3.connect(":memory:")
    try:
        conn.execute("CREATE TABLE t (a REAL, b, c INTEGER, d TEXT)")
        conn.executescript(sql)
        return conn.execute("SELECT rowid, a, typeof(a), quote(b), typeof(b), c, typeof(c), d "
                            "FROM t ORDER BY rowid").fetchall()
    finally:
        conn.close()


_NUMBER = st.one_of(st.sampled_from([0.0, -0.0, 0, 1, 1.0, -1.5, True, False, None, b"", b"\x00"]),
                    st.floats(allow_nan=False, allow_infinity=False))


@given(st.lists(st.tuples(_NUMBER, _NUMBER, _NUMBER, _NUMBER), min_size=1, max_size=8))
@settings(max_examples=300, deadline=None)
def test_floats_blobs_and_nulls_are_shared_only_when_their_literals_are(rows):
    from mobile_gym.apps import opentracks

    new = insert_rows_sql("t", COLUMNS, rows, opentracks.sql_literal)
    old = plain_insert("t", COLUMNS, rows, opentracks.sql_literal)
    assert _float_table_after(new) == _float_table_after(old)
    assert ("-0.0" in new) == ("-0.0" in old)


def test_edge_cases_keep_the_plain_form():
    assert insert_rows_sql("t", COLUMNS, [], cd.sql_literal) == ""
    one = [(1, "x", "y", 0)]
    assert insert_rows_sql("t", COLUMNS, one, cd.sql_literal) == plain_insert("t", COLUMNS, one, cd.sql_literal)
    same = [(1, "x", "y", 0)] * 3  # duplicate rows: nothing varies, VALUES as before
    assert insert_rows_sql("t", COLUMNS, same, cd.sql_literal) == plain_insert("t", COLUMNS, same, cd.sql_literal)
    shared = insert_rows_sql("t", COLUMNS, [(1, "x", "y", 0), (2, "x", "z", 0)], cd.sql_literal)
    assert shared == "INSERT INTO t (a, b, c, d) SELECT column1, 'x', column2, 0 FROM (VALUES (1, 'y'), (2, 'z'));"


def test_calendar_events_land_as_the_plain_insert_puts_them():
    """On the device's own events.db: 80 noise events (as the calendar families draw them,
    some repeating) through the shell's sqlite3, both ways."""
    env = make_env("MobileEnv/CalendarEventsOnDate-v0")
    try:
        env.reset(seed=0)
        rng = np.random.default_rng(7)
        events = cd.noise_events(rng, 80, lambda e: True)
        events[3] = cd.with_repeat(events[3], "weekly")
        rows = [tuple(getattr(e, c) for c in cd.COLUMNS) for e in events]
        dump = f"sqlite3 {cd.DB_PATH} 'SELECT *, typeof(start_ts), typeof(title) FROM events ORDER BY id'"
        tables = []
        for insert in (cd.insert_sql(events), plain_insert(cd.TABLE, cd.COLUMNS, rows, cd.sql_literal)):
            sql = (f"BEGIN; DELETE FROM events; DELETE FROM sqlite_sequence WHERE name = 'events'; "
                   f"{insert} COMMIT;")
            shell(env, f"sqlite3 {cd.DB_PATH} {shlex.quote(sql)}")
            tables.append(shell(env, dump))
        assert "SELECT column1" in cd.insert_sql(events)
        assert tables[0] == tables[1] and tables[0].count("\n") == 80
    finally:
        env.close()


def _per_row_inserts(table: str, columns, rows, literal) -> str:
    """The other reference: one INSERT statement a row (how these resets were written before)."""
    return "".join(plain_insert(table, columns, [row], literal) + " " for row in rows)


def _dump(schema: str, sql: str, table: str) -> list[tuple]:
    conn = sqlite3.connect(":memory:")
    try:
        conn.executescript(schema + ";" + sql)
        cols = [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]
        typed = ", ".join(f"`{c}`, typeof(`{c}`)" for c in cols)
        return conn.execute(f"SELECT {typed} FROM {table} ORDER BY rowid").fetchall()
    finally:
        conn.close()


@pytest.mark.parametrize("family", ["TasksDueOnDate", "TasksHighPriorityTasks",
                                    "SportsTrackerActivitiesOnDate", "SportsTrackerActivityDuration"])
def test_tasks_and_tracks_resets_leave_the_rows_per_row_inserts_leave(family):
    from mobile_gym.apps import opentracks, tasks
    from mobile_gym.tasks import registry

    fam = registry.get_family(f"MobileEnv/{family}-v0")
    model = tasks if family.startswith("Tasks") else opentracks
    schema = tasks.CREATE_TASKS if model is tasks else ";".join(opentracks.SCHEMA)
    table = "tasks" if model is tasks else opentracks.TABLE
    for seed in range(4):
        rows = list(fam.params(seed).rows)
        if model is tasks:
            cols = [f"`{c}`" for c in tasks.COLUMNS if c != "_id"]
            values = [tuple(v for k, v in r.as_row().items() if k != "_id") for r in rows]
        else:
            cols = [c for c in opentracks.COLUMNS if c != "_id"]
            values = [tuple(getattr(r, c) for c in cols) for r in rows]
        old = _per_row_inserts(table, cols, values, model.sql_literal)
        new = model.reset_sql(rows)
        assert "SELECT column1" in new
        assert _dump(schema, new, table) == _dump(schema, old, table) != []


@given(st.lists(st.tuples(st.integers(-5, 5), _VALUE, _VALUE, st.sampled_from([0, 1, -1])),
                max_size=12))
@settings(max_examples=200, deadline=None)
def test_columns_give_the_text_of_the_rows(rows):
    by_column = list(zip(*rows)) if rows else []
    assert insert_columns_sql("t", COLUMNS, by_column, cd.sql_literal) \
        == insert_rows_sql("t", COLUMNS, rows, cd.sql_literal)
