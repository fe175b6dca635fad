"""SQLite attacks on the simulator: the shell's sqlite3, the apps' databases, the state-check
SQL, a task's shell step (`mobile-gym run`) and an adb-serve client never create, write or read
a host file, nor change every connection of the process."""

from __future__ import annotations

import re
import sqlite3
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym import cli
from mobile_gym.device.sim_device import SimDevice
from mobile_gym.sim.system.shell.sqlite_cmd import split_statements
from mobile_gym.tasks.catalog import task_files
from mobile_gym.tasks.validators import sqlite as state_sql
from mobile_gym.untrusted import sqlite_guard

from .conftest import SECRET, Client, host_root_shown

DB = "/data/local/tmp/t.db"
DENIED = "Error: in prepare, not authorized (23)\n"


def _attacks(c) -> dict[str, str]:
    return {
        "attach_create": f"ATTACH '{c.missing}' AS c; CREATE TABLE c.t(x)",
        "attach_uri_rwc": f"ATTACH 'file:{c.missing}?mode=rwc' AS c; CREATE TABLE c.t(x)",
        "attach_read": f"ATTACH '{c.existing}' AS s; SELECT secret FROM s.t",
        "attach_expression": f"ATTACH '{c.folder}' || '/canary.db' AS c",
        "temp_store_directory": f"PRAGMA temp_store_directory = '{c.folder}'",
        "data_store_directory": f"PRAGMA data_store_directory = '{c.folder}'",
        "database_list": "PRAGMA database_list",
        "database_list_function": "SELECT file FROM pragma_database_list",
        "writable_schema": "PRAGMA writable_schema = ON",
        "raise_max_page_count": "PRAGMA max_page_count = 2147483647",
        "detach": "DETACH main",
    }


ATTACKS = list(_attacks(type("C", (), {"missing": "", "existing": "", "folder": ""})()))


@pytest.mark.parametrize("name", ATTACKS)
def test_shell_sqlite3_refuses(name, android, canaries):
    sql = _attacks(canaries)[name]
    code, out, err = android.shell(f'sqlite3 {DB} "{sql}"')
    assert (code, err) == (1, DENIED)
    assert SECRET not in out and not host_root_shown(out + err, android)
    assert canaries.untouched()
    assert sqlite3.connect(":memory:").execute("PRAGMA temp_store_directory").fetchone() in (None, ("",))


def test_shell_sqlite3_vacuum_into_a_host_file_is_refused(android, canaries):
    code, _, err = android.shell(f"sqlite3 {DB} \"CREATE TABLE q(x); VACUUM INTO '{canaries.missing}'\"")
    assert code == 1 and "authoriz" in err and canaries.untouched()


def test_shell_sqlite3_still_runs_what_a_device_user_needs(android):
    script = ("CREATE TABLE q(x); INSERT INTO q VALUES (1); VACUUM; PRAGMA table_info(q); "
              "PRAGMA user_version = 3; PRAGMA user_version; PRAGMA journal_mode = WAL; "
              "SELECT name FROM pragma_table_info('q'); SELECT printf('%5c|%d|%s', 'x', 3, 'abc')")
    assert android.shell(f'sqlite3 {DB} "{script}"') == (0, "0|x||0||0\n3\nwal\nx\n    x|3|abc\n", "")


def test_shell_sqlite3_huge_printf_char_ends_at_once(android):
    t0 = time.monotonic()
    code, out, _ = android.shell(f"sqlite3 {DB} \"SELECT printf('%.*c', 1000000000, 'x') IS NULL\"")
    assert (code, out) == (0, "1\n") and time.monotonic() - t0 < 10


def test_an_apps_database_connection_is_guarded(android, canaries):
    android.shell("am start -n com.example.notesdemo/.MainActivity")
    conn = android.storage.open_database(DB)
    with pytest.raises(sqlite3.DatabaseError, match="not authorized"):
        conn.execute(f"ATTACH '{canaries.missing}' AS c")
    conn.close()
    assert canaries.untouched()


def _device_with_db(tmp_path: Path) -> SimDevice:
    local = tmp_path / "state.db"
    with sqlite3.connect(local) as conn:
        conn.execute("CREATE TABLE t(x)")
    conn.close()
    device = SimDevice()
    device.push(DB, local.read_bytes())
    return device


@pytest.mark.parametrize("sql", ["ATTACH '{missing}' AS c", "VACUUM INTO '{missing}'",
                                 "PRAGMA temp_store_directory = '{folder}'", "SELECT file FROM pragma_database_list"])
def test_state_check_sql_refuses(sql, tmp_path, canaries):
    device = _device_with_db(tmp_path)
    try:
        with pytest.raises(ValueError, match="query on /data/local/tmp/t.db failed") as info:
            state_sql.query(device, DB, sql.format(missing=canaries.missing, folder=canaries.folder))
        assert not host_root_shown(str(info.value), device)
    finally:
        device.close()
    assert canaries.untouched()


def test_state_check_sql_time_limit_holds_on_one_slow_function(tmp_path):
    device = _device_with_db(tmp_path)
    try:
        t0 = time.monotonic()
        for sql in ("SELECT printf('%.*c', 1000000000, 'x')", "SELECT printf('%1000000000c', 'x')",
                    "SELECT zeroblob(1000000000)", "SELECT randomblob(1000000000)"):
            try:
                state_sql.query(device, DB, sql)
            except ValueError as exc:
                assert "too big" in str(exc)
        assert time.monotonic() - t0 < 10
    finally:
        device.close()


TASK = task_files()["CalendarOpenEditor"]


def test_a_task_shell_step_through_mobile_gym_run(tmp_path, canaries, capsys):
    step = (f"setup_steps: {{ adb_call: {{ shell_command: {{ command: "
            f"[\"sqlite3 {DB} \\\"ATTACH '{canaries.missing}' AS c; CREATE TABLE c.t(x); "
            f"ATTACH '{canaries.existing}' AS s; SELECT * FROM s.t\\\"\"] }} }} }}\n")
    text = TASK.read_text()
    task = tmp_path / "hostile.textproto"
    task.write_text(text.replace("setup_steps:", step + "setup_steps:", 1))
    cli.main(["run", str(task), "--steps", "2", "--quiet"])
    captured = capsys.readouterr()
    assert SECRET not in captured.out + captured.err
    assert canaries.untouched()


def test_an_adb_serve_client(served, canaries):
    server, _sim = served
    client = Client(server.port)
    try:
        out = client.shell("emulator-5554", f"sqlite3 {DB} \"ATTACH '{canaries.missing}' AS c; "
                                            "CREATE TABLE c.t(x)\"; "
                                            f"sqlite3 {DB} \"ATTACH '{canaries.existing}' AS s; SELECT * FROM s.t\"")
    finally:
        client.close()
    assert out.count("not authorized") == 2 and SECRET not in out
    assert canaries.untouched()


@pytest.mark.parametrize("sql", [
    "SELECT 1; SELECT 2", "SELECT ';'; SELECT \"a;b\"", "-- c;\nSELECT 1; /* ; */ SELECT 2;",
    "CREATE TRIGGER tr AFTER INSERT ON q BEGIN SELECT 1; SELECT 2; END; SELECT 3",
    "CREATE TEMP TRIGGER tr AFTER INSERT ON q BEGIN UPDATE q SET x = CASE WHEN 1 THEN 2 END; END; SELECT 3",
    "SELECT [a;b] FROM x; SELECT 1", "SELECT 1", ";;; SELECT 1 ;", "SELECT 'unterminated; SELECT 2",
])
def test_statement_splitting_agrees_with_sqlite3_complete(sql):
    pieces = list(split_statements(sql))
    assert "".join(pieces).strip(" ;") in sql
    for piece in pieces[:-1]:
        assert sqlite3.complete_statement(piece)
        cuts = [k for k, ch in enumerate(piece[:-1]) if ch == ";"]
        assert not any(sqlite3.complete_statement(piece[:k + 1]) and piece[:k + 1].strip(" ;\n")
                       for k in cuts)


def test_statement_splitting_is_linear():
    sql = "SELECT 1;" * 200_000
    t0 = time.monotonic()
    assert sum(1 for _ in split_statements(sql)) == 200_000
    assert time.monotonic() - t0 < 10


def test_the_guard_leaves_plain_vacuum_and_refuses_a_named_one(tmp_path):
    conn, budget = sqlite_guard.connect(str(tmp_path / "x.db"), isolation_level=None)
    conn.execute("CREATE TABLE t(x)")
    with pytest.raises(sqlite3.DatabaseError):
        conn.execute("VACUUM")  # the caller has not vouched for it
    budget.vacuum = sqlite_guard.is_plain_vacuum("VACUUM")
    conn.execute("VACUUM")
    budget.vacuum = sqlite_guard.is_plain_vacuum(f"VACUUM INTO '{tmp_path / 'copy.db'}'")
    with pytest.raises(sqlite3.DatabaseError):
        conn.execute(f"VACUUM INTO '{tmp_path / 'copy.db'}'")
    conn.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.db"]


def test_a_connection_whose_size_bound_cannot_be_set_is_refused(tmp_path):
    """A file locked by another connection cannot take `max_page_count`: the guard refuses the
    connection rather than hand it out without its size bound."""
    path = str(tmp_path / "x.db")
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("CREATE TABLE t(x)")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("INSERT INTO t VALUES (1)")
    limits = sqlite_guard.Limits(database_bytes=1 << 20)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        sqlite_guard.connect(path, limits, timeout=0)
    holder.execute("COMMIT")
    conn, _budget = sqlite_guard.connect(path, limits, timeout=0)
    assert conn.execute("PRAGMA max_page_count").fetchone()[0] == (1 << 20) // 4096
    conn.close()
    holder.close()


def test_a_kept_connection_takes_the_new_size_bound(tmp_path):
    """`rebudget` gives a kept connection the bound a fresh one would get (the previous
    budget's authorizer refused the pragma, so the first bound used to stay)."""
    conn, _budget = sqlite_guard.connect(str(tmp_path / "x.db"), sqlite_guard.Limits(database_bytes=1 << 20),
                                         isolation_level=None)
    conn.execute("CREATE TABLE t(x)")
    sqlite_guard.rebudget(conn, sqlite_guard.Limits(database_bytes=1 << 19))
    conn.set_authorizer(None)  # to read the pragma back
    assert conn.execute("PRAGMA max_page_count").fetchone()[0] == (1 << 19) // 4096
    conn.close()


def test_a_renewed_budget_bounds_the_kept_connection_as_a_new_one_would(tmp_path):
    """`rebudget` with the installed budget keeps its authorizer (the cached statements stay
    prepared) and still sets the new size bound and a whole new work budget."""
    path = str(tmp_path / "x.db")
    conn, budget = sqlite_guard.connect(path, sqlite_guard.Limits(database_bytes=1 << 20, temp_database=False),
                                        isolation_level=None)
    conn.execute("CREATE TABLE t(x)")
    conn.execute("INSERT INTO t VALUES (1)")
    limits = sqlite_guard.Limits(database_bytes=1 << 19, instructions=2000, progress_interval=100,
                                 temp_database=False)
    assert sqlite_guard.rebudget(conn, limits, budget) is budget
    assert budget.instructions == 0 and budget.tripped is None
    with pytest.raises(sqlite3.OperationalError, match="interrupted"):
        conn.execute("WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c) SELECT count(*) FROM c")
    assert budget.tripped is not None
    sqlite_guard.rebudget(conn, sqlite_guard.Limits(database_bytes=1 << 19, temp_database=False), budget)
    assert budget.tripped is None
    assert conn.execute("INSERT INTO t VALUES (2)").rowcount == 1  # the cached statement runs on
    conn.set_authorizer(None)  # to read the pragma back
    assert conn.execute("PRAGMA max_page_count").fetchone()[0] == (1 << 19) // 4096
    conn.close()


def test_the_guards_own_bound_leaves_no_authorized_statement_behind(tmp_path):
    """The bound a renewed budget sets goes through the installed authorizer: the same text
    from a caller is still refused (no authorized copy of it in the statement cache), and the
    authorizer still refuses every other pragma it refused."""
    path = str(tmp_path / "x.db")
    conn, budget = sqlite_guard.connect(path, sqlite_guard.Limits(database_bytes=1 << 20, temp_database=False),
                                        isolation_level=None)
    conn.execute("CREATE TABLE t(x)")
    pages = (1 << 19) // 4096
    for _ in range(2):
        sqlite_guard.rebudget(conn, sqlite_guard.Limits(database_bytes=1 << 19, temp_database=False), budget)
        for sql in (f"PRAGMA max_page_count = {pages}", f"PRAGMA max_page_count = {pages};",
                    "PRAGMA max_page_count = 100000", f"PRAGMA main.max_page_count = {pages}",
                    "ATTACH DATABASE ':memory:' AS x", "PRAGMA writable_schema = 1"):
            with pytest.raises(sqlite3.DatabaseError, match=sqlite_guard.NOT_AUTHORIZED):
                conn.execute(sql)
    conn.close()


def test_a_budget_whose_decisions_change_is_replaced(tmp_path):
    """A kept connection that may use the temp database now (or no longer) gets a new budget."""
    conn, budget = sqlite_guard.connect(str(tmp_path / "x.db"), sqlite_guard.Limits(temp_database=False),
                                        isolation_level=None)
    renewed = sqlite_guard.rebudget(conn, sqlite_guard.Limits(temp_database=True), budget)
    assert renewed is not budget
    conn.execute("CREATE TEMP TABLE t(x)")
    conn.close()


def test_a_file_that_is_no_database_still_connects_and_fails_as_sqlite_says(tmp_path):
    path = tmp_path / "bad.db"
    path.write_bytes(b"not a database" * 64)
    conn, _budget = sqlite_guard.connect(str(path), sqlite_guard.Limits(database_bytes=1 << 20))
    with pytest.raises(sqlite3.DatabaseError, match="file is not a database"):
        conn.execute("SELECT * FROM sqlite_schema")
    conn.close()


_FRAGMENTS = ["SELECT 1", ";", " ", "\n", "'a;b'", "'it''s;'", '"x;y"', "`q;`", "[a;b]", "-- c;\n",
              "/* ; */", "/* open", "CREATE TRIGGER tr AFTER INSERT ON q BEGIN", "CREATE TEMP TRIGGER",
              "EXPLAIN", "END", "CASE WHEN 1 THEN 2 END", "INSERT INTO q VALUES (1)", "x", "'open"]


@given(st.lists(st.sampled_from(_FRAGMENTS), max_size=14).map(" ".join))
@settings(max_examples=300, deadline=None)
def test_statement_splitting_matches_sqlite3_complete_on_random_scripts(sql):
    pieces = list(split_statements(sql))
    for k, piece in enumerate(pieces):
        assert piece in sql
        if k < len(pieces) - 1:
            assert sqlite3.complete_statement(piece), piece
        for cut in (j for j, ch in enumerate(piece[:-1]) if ch == ";"):
            assert not sqlite3.complete_statement(piece[:cut + 1]), (piece, cut)


def test_attach_of_a_private_temporary_database_is_refused_too(android):
    assert android.shell(f"sqlite3 {DB} \"ATTACH '' AS v; CREATE TABLE v.t(x)\"") == (1, "", DENIED)
    assert android.shell(f"sqlite3 {DB} \"ATTACH ':memory:' AS v\"") == (1, "", DENIED)


def test_temporary_tables_count_against_the_free_space():
    from mobile_gym.sim.android import SimAndroid
    phone = SimAndroid(storage_quota_bytes=2 * 1024 * 1024)
    try:
        code, _, err = phone.shell(f"sqlite3 {DB} \"CREATE TEMP TABLE x(a); WITH RECURSIVE r(i) AS "
                                   "(SELECT 1 UNION ALL SELECT i+1 FROM r LIMIT 10000) "
                                   "INSERT INTO x SELECT randomblob(1000) FROM r\"")
        assert code == 1 and "database or disk is full" in err
    finally:
        phone.close()


def test_functions_that_load_code_are_refused(android):
    for call in ("load_extension('/tmp/x.so')", "fts3_tokenizer('simple', x'4141414141414141')"):
        code, _, err = android.shell(f'sqlite3 {DB} "SELECT {call}"')
        assert code == 1 and "not authorized to use function" in err


def test_a_kept_connection_bounded_with_the_headers_page_size_gets_the_same_bound(tmp_path):
    """`rebudget(..., page_size=)` (the page size read from the file's header) sets the bound a
    fresh connection would get, without asking SQLite for the page size."""
    path = str(tmp_path / "x.db")
    conn = sqlite3.connect(path, isolation_level=None)
    conn.executescript("PRAGMA page_size = 1024; CREATE TABLE t(x);")
    conn.close()
    limits = sqlite_guard.Limits(database_bytes=1 << 19, temp_database=False)
    conn, budget = sqlite_guard.connect(path, limits, isolation_level=None)
    for renewed in (budget, None):
        sqlite_guard.rebudget(conn, sqlite_guard.Limits(database_bytes=1 << 18, temp_database=False), renewed,
                              page_size=1024)
        conn.set_authorizer(None)  # to read the pragma back
        assert conn.execute("PRAGMA max_page_count").fetchone()[0] == (1 << 18) // 1024
        assert conn.execute("PRAGMA page_size").fetchone()[0] == 1024
    conn.close()


_VACUUM_PIECES = ["VACUUM", "vacuum", "Vacuum", " ", "  ", "\t", "\n", "\xa0", "\x1c", ";", "main", "INTO",
                  "into 'x'", "x", "v", "V", "(", "'", "é", "ſ", "\udc80", "BEGIN", "SELECT 1"]


@given(st.lists(st.sampled_from(_VACUUM_PIECES), max_size=8).map("".join))
@settings(max_examples=500, deadline=None)
def test_is_plain_vacuum_with_its_quick_refusal_matches_the_full_check(statement):
    """`is_plain_vacuum` refuses a statement whose first word starts with another character
    without a regular expression; it answers as the full check does."""
    lead = re.match(r"[\s;]*", statement).end()  # the reference: what `str.split` skips
    words = statement.upper().replace(";", " ").split(maxsplit=2)
    expected = (statement[lead:lead + 6].upper().startswith("VACUUM") and bool(words) and words[0] == "VACUUM"
                and len(words) <= 2 and "INTO" not in statement.upper())
    assert sqlite_guard.is_plain_vacuum(statement) == expected
