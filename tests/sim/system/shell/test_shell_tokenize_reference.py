"""The shell tokenizer (runs of plain characters and of quoted pieces read in one match each)
against a character-by-character reference on random command lines: quotes of both kinds,
`'"'"'` as shlex.quote writes it, backslashes, expansions, comments, operators, redirections."""

from __future__ import annotations

import shlex

from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.sim.system.shell.parser import (
    OPERATORS,
    Part,
    ShellSyntaxError,
    Word,
    parse,
    tokenize,
)
from mobile_gym.sim.system.shell.parser import _read_dollar as read_dollar  # unchanged: shared


def reference_tokens(src: str) -> list[tuple[str, object, int | None]]:
    """(kind, value, io_number) of each token, reading one character at a time (expansions
    `$...` are read by the tokenizer's own `_read_dollar`, which the fast paths do not touch)."""
    toks: list[tuple[str, object, int | None]] = []
    parts: list[Part] = []
    lit: list[str] = []
    state = {"quoted": False, "word": False}

    def flush() -> None:
        if lit:
            parts.append(Part("lit", "".join(lit), state["quoted"]))
            lit.clear()

    def add(ch: str, quoted: bool) -> None:
        if lit and state["quoted"] != quoted:
            flush()
        state["quoted"] = quoted
        lit.append(ch)
        state["word"] = True

    def dollar(pos: int, quoted: bool) -> int:
        part, end = read_dollar(src, pos, quoted)
        if part is None:
            add("$", quoted)
        else:
            flush()
            parts.append(part)
            state["word"] = True
        return end

    def end_word() -> None:
        flush()
        if state["word"]:
            toks.append(("word", Word(tuple(parts) or (Part("lit", "", True),)), None))
        parts.clear()
        state["word"] = False

    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if c == "\\":
            if i + 1 < n and src[i + 1] != "\n":
                add(src[i + 1], True)
            i += 2
        elif c == "'":
            end = src.find("'", i + 1)
            if end < 0:
                raise ShellSyntaxError("no closing quote")
            state["word"] = True
            for ch in src[i + 1:end]:
                add(ch, True)
            i = end + 1
        elif c == '"':
            j = i + 1
            state["word"] = True
            while True:
                if j >= n:
                    raise ShellSyntaxError("no closing quote")
                d = src[j]
                if d == '"':
                    break
                if d == "\\" and j + 1 < n and src[j + 1] in '$`"\\\n':
                    if src[j + 1] != "\n":
                        add(src[j + 1], True)
                    j += 2
                elif d == "$":
                    j = dollar(j, True)
                elif d == "`":
                    raise ShellSyntaxError("syntax error: backquote substitution is not supported; use $(...)")
                else:
                    add(d, True)
                    j += 1
            i = j + 1
        elif c == "$":
            i = dollar(i, False)
        elif c == "`":
            raise ShellSyntaxError("syntax error: backquote substitution is not supported; use $(...)")
        elif c == "#" and not state["word"]:
            while i < n and src[i] != "\n":
                i += 1
        elif c in " \t":
            end_word()
            i += 1
        elif c in "<>":
            io_number = None
            if state["word"] and not parts and lit and not state["quoted"] and "".join(lit).isdigit():
                io_number = int("".join(lit))
                lit.clear()
                state["word"] = False
            else:
                end_word()
            for op, real in ((">>", ">>"), (">&", ">&"), ("<&", "<&"), (">|", ">")):
                if src.startswith(op, i):
                    toks.append(("redir", real, io_number))
                    i += 2
                    break
            else:
                if src.startswith("<<", i):
                    raise ShellSyntaxError("syntax error: here-documents are not supported")
                toks.append(("redir", c, io_number))
                i += 1
        elif c in ";&|\n()":
            end_word()
            op = c if c in "()" else next(o for o in OPERATORS if src.startswith(o, i))
            toks.append(("op", op, None))
            i += len(op)
        else:
            add(c, False)
            i += 1
    end_word()
    return toks


def _outcome(fn, src: str):
    try:
        return fn(src)
    except ShellSyntaxError as exc:
        return f"ShellSyntaxError: {exc}"


def _new_tokens(src: str) -> list[tuple[str, object, int | None]]:
    return [(t.kind, t.value, t.io_number) for t in tokenize(src)]


_PIECES = ["sqlite3", "/data/x.db", "echo", " ", "  ", "\t", "\n", ";", ";;", "&&", "||", "|", "&",
           "(", ")", "{", "}", "<", ">", ">>", "2>", "2>&1", ">&", "<&", ">|", "<<", "#c", "a#b",
           "'", "''", "'a b'", "'\"'\"'", '"', '""', '"a $x b"', '"\\$"', '"\\q"', "\\", "\\\n",
           "\\'", "$", "$x", "${y}", "${", "$?", "$1", "$(echo a)", "$((1+2))", "`", "x=1",
           "é", "*", "[a]", "=", "if", "then", "fi", "-1", "0", "12"]

_LINES = st.one_of(
    st.lists(st.sampled_from(_PIECES), max_size=25).map("".join),
    st.text(alphabet=st.sampled_from(list("ab ;&|<>'\"$?()\\#\n{}\t=12")), max_size=40),
    st.lists(st.text(max_size=12), max_size=4).map(lambda ws: "sqlite3 db " + " ".join(map(shlex.quote, ws))),
)


@given(_LINES)
@settings(max_examples=700, deadline=None)
def test_tokenize_matches_the_reference(src):
    assert _outcome(_new_tokens, src) == _outcome(reference_tokens, src)


def test_shlex_quoted_sql_is_one_word_with_its_quotes_back():
    sql = "INSERT INTO t VALUES ('it''s', \"q\", 'a;b'); SELECT '\"'"
    script = parse(f"sqlite3 /data/t.db {shlex.quote(sql)}")
    words = script.items[0].first.commands[0].words
    assert [w.literal for w in words] == ["sqlite3", "/data/t.db", sql]
    assert _new_tokens(f"x {shlex.quote(sql)}'tail'\"more\"") == \
        reference_tokens(f"x {shlex.quote(sql)}'tail'\"more\"")
