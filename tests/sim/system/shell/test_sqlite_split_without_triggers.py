"""`split_statements` where it splits at SQLite's own `sqlite3_complete` (statements that
start with neither CREATE nor EXPLAIN) agrees with the character-by-character reference
scanner: semicolons inside strings, names and comments (more than that split looks through),
comment-only and empty statements, NUL bytes, lone surrogates, non-ASCII white space, and
CREATE / EXPLAIN / TRIGGER words in any case (where the scanner takes over)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.sim.system.shell.sqlite_cmd import (
    _GAPS,
    _PLAIN_STARTS,
    _SYNCHRONOUS_SET,
    _is_plain,
    _split_at_complete,
    split_statements,
)
from tests.sim.system.shell.test_sqlite_split_reference import reference_split

_PIECES = ["SELECT 1", "INSERT INTO t VALUES (1, 'a')", "x", ";", ";", ";", " ", "\n", "\t",
           "\xa0", "\x1c", "\x00", "\udc80", "é", "'a;b'", "'it''s;'", "'", '"x;y"', '"',
           "`q;`", "[a;b]", "[", "-- c;\n", "-- end", "/* ; */", "/*/", "/*", "*/", "-", "/",
           "';;;;;;;;;;'", "CREATE", "create", "\xa0EXPLAIN", "TEMP", "END", "trıgger", "TRIGGER",
           "CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1;", "crEate temp trigger t BEGIN", "éCREATE"]


@given(st.lists(st.sampled_from(_PIECES), max_size=40).map("".join))
@settings(max_examples=700, deadline=None)
def test_split_without_triggers_matches_the_reference_scanner(sql):
    assert list(split_statements(sql)) == reference_split(sql)


def test_split_of_a_reset_script_keeps_each_statement_whole():
    sql = ("PRAGMA synchronous = OFF; BEGIN; DELETE FROM t; "
           "INSERT INTO t (a, b) VALUES ('x;y', 'it''s'), ('[;]', '-- ;'); ;  -- done;\nCOMMIT;")
    assert list(split_statements(sql)) == [
        "PRAGMA synchronous = OFF;", " BEGIN;", " DELETE FROM t;",
        " INSERT INTO t (a, b) VALUES ('x;y', 'it''s'), ('[;]', '-- ;');", "  -- done;\nCOMMIT;"]
    assert list(split_statements(sql)) == reference_split(sql)


def test_many_semicolons_inside_one_string_split_like_the_reference():
    sql = "SELECT '" + ";" * 5000 + "'; SELECT 2; /* open ;;;;;;;;;;;; SELECT 3"
    assert list(split_statements(sql)) == reference_split(sql) == [
        "SELECT '" + ";" * 5000 + "';", " SELECT 2;"]


_CREATE_PIECES = ["CREATE", "create", "CREATE TABLE t (a);", "create index i on t(a)", "CREATE TEMP",
                  "TEMPORARY", "TABLE", "trıgger", "TRIGGER", " ", "\xa0", "\x1c", "/* c */", "-- c\n",
                  ";", "'a;b'", '"t"', "`q;`", "[a;b]", "END", "EXPLAIN", "x", "SELECT 1", "BEGIN"]


@given(st.lists(st.sampled_from(_CREATE_PIECES), max_size=30).map("".join))
@settings(max_examples=700, deadline=None)
def test_create_statements_that_are_no_trigger_split_like_the_reference(sql):
    """CREATE TABLE / INDEX (a second word other than TEMP, TEMPORARY or TRIGGER) stays with
    `sqlite3_complete`; the reference scanner agrees whatever follows."""
    assert list(split_statements(sql)) == reference_split(sql)


def test_a_create_table_script_splits_at_sqlite3_complete():
    sql = "CREATE TABLE IF NOT EXISTS `t` (`a;` TEXT); BEGIN; INSERT INTO t VALUES ('x;'); COMMIT;"
    assert _split_at_complete(sql) == list(split_statements(sql)) == reference_split(sql) == [
        "CREATE TABLE IF NOT EXISTS `t` (`a;` TEXT);", " BEGIN;", " INSERT INTO t VALUES ('x;');", " COMMIT;"]
    assert _split_at_complete("CREATE TEMP TABLE t (a); SELECT 1;") is None  # the scanner's turn
    assert _split_at_complete("create trigger t after insert on x begin select 1; end;") is None


_STATEMENT_PIECES = ["SELECT 1", "select", "PRAGMA synchronous = OFF", "pragma synchronous=1;", "PRAGMA cache_size",
                     " ", "\n", "\xa0", "\x1c", "-- c\n", "/* c */", "/*", ";", "x", "é", "1", "_", "WITH",
                     "VACUUM", "ATTACH 'x' AS y", "changes()", "TEMP", "Insert", "(", "'", "BEGIN", "END"]


def _is_plain_reference(statements: list[str]) -> bool:
    """`_is_plain` as it read each statement's first word before: white space and comments
    (`_GAPS`), then ASCII letters."""
    for stmt in statements:
        lead = _GAPS.match(stmt).end()
        word = re.compile(r"[A-Za-z]+").match(stmt, lead)
        if word is None or (word.group().upper() not in _PLAIN_STARTS and not _SYNCHRONOUS_SET.match(stmt, lead)):
            return False
    return True


@given(st.lists(st.lists(st.sampled_from(_STATEMENT_PIECES), max_size=5).map("".join), max_size=4))
@settings(max_examples=500, deadline=None)
def test_plain_statements_are_told_by_their_first_word_as_before(statements):
    """`_is_plain` reads gaps and first word with one regular expression; it tells the same
    statements plain as the two it used before."""
    assert _is_plain([], [statements]) == _is_plain_reference(statements)
