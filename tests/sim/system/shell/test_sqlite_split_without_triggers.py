"""`split_statements` where it splits at SQLite's own `sqlite3_complete` (statements that
start with neither CREATE nor EXPLAIN) agrees with the character-by-character reference
scanner: semicolons inside strings, names and comments (more than that split looks through),
comment-only and empty statements, NUL bytes, lone surrogates, non-ASCII white space, and
CREATE / EXPLAIN / TRIGGER words in any case (where the scanner takes over)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.sim.system.shell.sqlite_cmd import split_statements
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
