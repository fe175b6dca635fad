"""The shell's sqlite3 bounds the temp database only for SQL that names it (opening it costs
every command): TEMP tables still count against the free space however they are spelt and
wherever they appear, and a connection told that no statement names it refuses every use."""

from __future__ import annotations

import sqlite3

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.sim.android import SimAndroid
from mobile_gym.sim.system.shell.sqlite_cmd import _stdin_commands
from mobile_gym.untrusted import sqlite_guard

DB = "/data/local/tmp/t.db"
FILL = ("WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM r LIMIT 10000) "
        "INSERT INTO {table} SELECT randomblob(1000) FROM r")


@pytest.fixture
def small_phone():
    phone = SimAndroid(storage_quota_bytes=2 * 1024 * 1024)
    yield phone
    phone.close()


@pytest.mark.parametrize("create, table", [
    ("CREATE TEMP TABLE x(a)", "x"),
    ("create temporary table x(a)", "x"),
    ("CREATE TABLE temp.x(a)", "x"),
    ("create table TeMp.x(a)", "temp.x"),
    ('CREATE TABLE "temp".x(a)', "x"),
])
def test_temp_tables_fill_the_free_space_however_they_are_spelt(small_phone, create, table):
    code, _, err = small_phone.shell(f'sqlite3 {DB} "{create}; {FILL.format(table=table)}"')
    assert code == 1 and "database or disk is full" in err


def test_temp_named_in_a_later_argument_or_on_standard_input_is_bounded_too(small_phone):
    code, _, err = small_phone.shell(f'sqlite3 {DB} "SELECT 1" "CREATE TEMP TABLE x(a); '
                                     f'{FILL.format(table="x")}"')
    assert code == 1 and "database or disk is full" in err
    code, _, err = small_phone.shell(f'echo "CREATE TEMP TABLE y(a); {FILL.format(table="y")};" | sqlite3 {DB}')
    assert code == 1 and "database or disk is full" in err


def test_the_temp_bound_is_the_files_bound(small_phone):
    code, out, _ = small_phone.shell(f'sqlite3 {DB} "PRAGMA max_page_count" "PRAGMA temp.max_page_count"')
    assert code == 0
    main_pages, temp_pages = out.split()
    assert main_pages == temp_pages and int(main_pages) < 1000  # 2 MB of 4 KB pages at most


def test_a_connection_without_the_temp_database_refuses_every_use(tmp_path):
    limits = sqlite_guard.Limits(database_bytes=1 << 20, temp_database=False)
    conn, _ = sqlite_guard.connect(str(tmp_path / "t.db"), limits, isolation_level=None)
    try:
        conn.execute("CREATE TABLE t(a)")
        conn.execute("INSERT INTO t VALUES (1)")
        assert conn.execute("SELECT a FROM t").fetchall() == [(1,)]
        for sql in ("CREATE TEMP TABLE x(a)", "CREATE TABLE temp.x(a)", "PRAGMA temp.max_page_count",
                    "SELECT * FROM temp.sqlite_master", "CREATE TEMP VIEW v AS SELECT 1"):
            with pytest.raises(sqlite3.DatabaseError, match=f"{sqlite_guard.NOT_AUTHORIZED}|is prohibited"):
                conn.execute(sql)
    finally:
        conn.close()


def _reference_stdin_commands(text: str) -> list[str]:
    """How sqlite3's standard input was split before: SQL chunks and dot-command lines, a
    dot-command only where nothing but white space is pending."""
    commands: list[str] = []
    pending: list[str] = []
    for line in text.split("\n"):
        if line.lstrip().startswith(".") and not "".join(pending).strip():
            pending = []
            commands.append(line)
        else:
            pending.append(line)
    if "".join(pending).strip():
        commands.append("\n".join(pending))
    return commands


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["", " ", "\t", "\u2003", ".tables", " .schema t", "SELECT 1;",
                                 "SELECT", "2;", ". x", "\x1c"]), max_size=12))
def test_standard_input_splits_as_before(lines):
    text = "\n".join(lines)
    assert _stdin_commands(text) == _reference_stdin_commands(text)


def test_a_repeated_command_line_runs_afresh_each_time():
    phone = SimAndroid()
    try:
        line = "X=$((X + 1)); echo $X; cd /data; pwd"
        assert phone.shell(line) == phone.shell(line) == (0, "1\n/data\n", "")
        phone.shell("echo a > /data/local/tmp/f")
        assert phone.shell("cat /data/local/tmp/f") == (0, "a\n", "")
        phone.shell("echo b > /data/local/tmp/f")
        assert phone.shell("cat /data/local/tmp/f") == (0, "b\n", "")
    finally:
        phone.close()
