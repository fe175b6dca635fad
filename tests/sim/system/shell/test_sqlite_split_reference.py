"""`split_statements` (regular-expression scanning) against a character-by-character reference
scanner on random scripts: quotes of every kind (closed, doubled, left open), comments,
semicolons inside strings and names, trigger bodies with BEGIN ... END, unusual white space."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.sim.system.shell.sqlite_cmd import split_statements


def _reference_is_trigger(heads: list[str]) -> bool:
    words = heads[1:] if heads[:1] == ["EXPLAIN"] else heads
    if words[:1] != ["CREATE"]:
        return False
    rest = words[2:3] if words[1:2] in (["TEMP"], ["TEMPORARY"]) else words[1:2]
    return rest == ["TRIGGER"]


def reference_split(sql: str) -> list[str]:
    """One character at a time: white space and comments are skipped, a quote runs to its
    closing quote (or the end), a word is letters, digits, `_`, `$` and non-ASCII characters;
    a `;` ends the statement unless it is a trigger whose last two tokens are not `;` END."""
    out: list[str] = []
    n = len(sql)
    start = i = 0
    heads: list[str] = []
    last = ("", "")
    while i < n:
        c = sql[i]
        if c.isspace():
            i += 1
            continue
        if sql.startswith("--", i):
            end = sql.find("\n", i)
            i = n if end < 0 else end + 1
            continue
        if sql.startswith("/*", i):
            end = sql.find("*/", i + 2)
            i = n if end < 0 else end + 2
            continue
        if c == ";" and (not _reference_is_trigger(heads) or last == (";", "END")):
            if heads:
                out.append(sql[start:i + 1])
            start, i, heads, last = i + 1, i + 1, [], ("", "")
            continue
        if c in "'\"`[":
            end = sql.find("]" if c == "[" else c, i + 1)
            i = n if end < 0 else end + 1
            token = "\0"
        elif c.isalnum() or c in "_$" or ord(c) > 127:
            j = i + 1
            while j < n and (sql[j].isalnum() or sql[j] in "_$" or ord(sql[j]) > 127):
                j += 1
            token, i = sql[i:j].upper(), j
        else:
            token, i = c, i + 1
        if len(heads) < 4:
            heads.append(token)
        last = (last[1], token)
    if heads:
        out.append(sql[start:])
    return out


_PIECES = ["SELECT", "1", "x", "INSERT INTO t VALUES", "(", ")", ",", "-1", "- 2", "a/b", "/",
           "-", ";", ";", ";", " ", "\n", "\t", "\xa0", "\x1c", "\u2003", "'a;b'", "'it''s;'",
           "''", "'", '"x;y"', '"', "`q;`", "`", "[a;b]", "[", "]", "-- c;\n", "-- end", "/* ; */",
           "/*/", "/*", "*/", "CREATE", "create", "TRIGGER", "trıgger", "TEMP", "temporary",
           "EXPLAIN", "BEGIN", "END", "end", "End;", "END2", "xEND", "CASE WHEN 1 THEN 2 END",
           "é", "ǅ", "\udc80", "$v", "_u", "0x1F", "ſ"]

_SCRIPTS = st.one_of(
    st.lists(st.sampled_from(_PIECES), max_size=30).map("".join),
    st.lists(st.sampled_from(_PIECES), max_size=30).map(" ".join),
    st.text(alphabet=st.sampled_from(list(";'\"`[]-/*\n \xa0aEND$_é\x85")), max_size=60),
    st.text(max_size=40),
)


@given(_SCRIPTS)
@settings(max_examples=700, deadline=None)
def test_split_statements_matches_the_reference_scanner(sql):
    assert list(split_statements(sql)) == reference_split(sql)


def test_trigger_bodies_and_open_quotes_split_like_the_reference():
    scripts = [
        "CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET a = 1; SELECT ';'; END; SELECT 2;",
        "EXPLAIN CREATE TEMP TRIGGER tr BEGIN SELECT 1; END ; SELECT 3",
        "CREATE TRIGGER; END; x;",
        "SELECT 'open; SELECT 2",
        "SELECT 1 /* open; SELECT 2",
        "SELECT 1 -- line; \n; SELECT [a;b]; ;;",
    ]
    for sql in scripts:
        assert list(split_statements(sql)) == reference_split(sql)
    assert list(split_statements(scripts[0])) == [
        "CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET a = 1; SELECT ';'; END;",
        " SELECT 2;"]
