"""The shell language: operators, quoting, $?, exit, redirects, syntax errors (mksh wording)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mobile_gym.sim.system.shell.parser import ShellSyntaxError, parse

SH = "/system/bin/sh"


def quote(s: str) -> str:
    """POSIX single-quote quoting."""
    return "'" + s.replace("'", "'\\''") + "'"


def test_sequences_and_conditionals(sh):
    assert sh("echo a; echo b") == (0, "a\nb\n", "")
    assert sh("true && echo yes || echo no") == (0, "yes\n", "")
    assert sh("false && echo yes || echo no") == (0, "no\n", "")
    assert sh("false; echo $?") == (0, "1\n", "")
    assert sh("nosuch; echo $?")[1] == "127\n"
    assert sh("exit 5; echo not reached") == (5, "", "")
    assert sh("exit 300")[0] == 300 & 0xFF
    assert sh("echo x && exit 2")[:2] == (2, "x\n")


def test_quotes_and_expansion(sh):
    assert sh("echo \"a  b\" 'c  d' e\\ f")[1] == "a  b c  d e f\n"
    assert sh("echo \"status $?\"; false; echo '$?' \"$?\"")[1] == "status 0\n$? 1\n"
    assert sh("X=hello; echo $X ${X}world")[1] == "hello helloworld\n"
    assert sh("echo $(echo inner) after")[1] == "inner after\n"
    assert sh("echo ''")[1] == "\n"
    assert sh("echo a#b # comment")[1] == "a#b\n"


def test_pipes(sh):
    assert sh("printf 'a\\nb\\nab\\n' | grep a") == (0, "a\nab\n", "")
    assert sh("printf 'a\\nb\\nc\\n' | head -n 2") == (0, "a\nb\n", "")
    assert sh("printf 'a\\nb\\nc\\n' | tail -1") == (0, "c\n", "")
    assert sh("printf 'a\\nb\\n' | wc -l")[1].strip() == "2"
    assert sh("echo abc | grep -q x")[0] == 1
    assert sh("printf 'b\\na\\n' | sort")[1] == "a\nb\n"


def test_redirections(sh, android):
    assert sh("echo hi > /sdcard/r.txt") == (0, "", "")
    assert android.storage.read("/sdcard/r.txt") == b"hi\n"
    sh("echo more >> /sdcard/r.txt")
    assert sh("cat /sdcard/r.txt")[1] == "hi\nmore\n"
    assert sh("cat /nope 2>/dev/null") == (1, "", "")
    code, out, err = sh("cat /nope 2>&1")
    assert (code, out, err) == (1, "cat: /nope: No such file or directory\n", "")
    assert sh("cat /nope > /sdcard/o.txt 2>&1")[:2] == (1, "")
    assert android.storage.read("/sdcard/o.txt") == b"cat: /nope: No such file or directory\n"
    assert sh("echo x >&2") == (0, "", "x\n")
    assert sh("cat < /sdcard/r.txt")[1] == "hi\nmore\n"
    assert sh("echo a > /system/x")[2] == f"{SH}: can't create /system/x: Read-only file system\n"


def test_subshells_and_brace_groups(sh, android):
    assert sh("(echo a; echo b)") == (0, "a\nb\n", "")
    assert sh("()") == (0, "", "")
    assert sh("cd /sdcard; (cd /system; pwd); pwd")[1] == "/system\n/sdcard\n"
    assert sh("X=1; (X=2; echo $X); echo $X")[1] == "2\n1\n"
    assert sh("(exit 3); echo $?") == (0, "3\n", "")
    assert sh("(true && false) || echo alternative")[1] == "alternative\n"
    assert sh("{ X=2; cd /sdcard; }; echo $X; pwd")[1] == "2\n/sdcard\n"
    assert sh("{\necho one\necho two\n}")[1] == "one\ntwo\n"
    assert sh("{ exit 4; }; echo not reached") == (4, "", "")
    assert sh("(echo out; echo err >&2) > /sdcard/g.txt") == (0, "", "err\n")
    assert android.storage.read("/sdcard/g.txt") == b"out\n"
    assert sh("{ echo a; cat /nope; } 2>/dev/null | wc -l")[1].strip() == "1"
    assert sh("echo piped | (cat; echo end)")[1] == "piped\nend\n"
    assert sh("echo $(cd /sdcard && (pwd))")[1] == "/sdcard\n"


def test_groups_keep_stdout_and_stderr_in_write_order(android):
    code, out, err = android.shell_bytes("(echo a; cat /nope; echo b)", merge_stderr=True)
    assert (code, out, err) == (0, b"a\ncat: /nope: No such file or directory\nb\n", b"")


def test_unknown_command(sh):
    assert sh("foo") == (127, "", f"{SH}: foo: inaccessible or not found\n")
    assert sh("echo out; foo")[:2] == (127, "out\n")
    assert sh("/system/bin/echo via path")[1] == "via path\n"


@pytest.mark.parametrize("line,message", [
    ("echo &&", "syntax error: unexpected EOF"),
    ("&& echo", "syntax error: '&&' unexpected"),
    ("echo a ;; b", "syntax error: ';;' unexpected"),
    ("echo a | | b", "syntax error: '|' unexpected"),
    ("echo 'abc", "no closing quote"),
    ('echo "abc', "no closing quote"),
    ("echo >", "syntax error: unexpected EOF"),
    ("echo (", "syntax error: '(' unexpected"),
    (")", "syntax error: ')' unexpected"),
    ("(echo a", "syntax error: '(' unmatched"),
    ("{ echo a }", "syntax error: '{' unmatched"),
    ("(echo a) b", "syntax error: 'b' unexpected"),
    ("(echo a) $X", "syntax error: '${X}' unexpected"),
])
def test_syntax_errors_use_mksh_wording(sh, line, message):
    code, out, err = sh(line)
    assert code in (1, 2) and out == ""
    assert err == f"{SH}: {message}\n"


def test_glob(sh):
    sh("touch /sdcard/Download/a.md /sdcard/Download/b.md /sdcard/Download/c.txt")
    assert sh("ls /sdcard/Download/*.md")[1] == "/sdcard/Download/a.md\n/sdcard/Download/b.md\n"
    assert sh("echo '/sdcard/Download/*.md'")[1] == "/sdcard/Download/*.md\n"
    assert sh("echo /sdcard/Download/*.none")[1] == "/sdcard/Download/*.none\n"
    sh("rm -rf /sdcard/Download/*")
    assert sh("ls /sdcard/Download")[1] == ""


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=30))
def test_single_quoted_strings_come_back_verbatim(sh, s):
    code, out, _ = sh(f"echo {quote(s)}")
    assert code == 0 and out == s + "\n"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet="ab ;&|<>'\"$?()\\#\n", max_size=20))
def test_any_line_parses_or_fails_cleanly(sh, line):
    try:
        parse(line)
    except ShellSyntaxError as exc:
        assert str(exc)
    code, out, err = sh(line)  # must never raise
    assert isinstance(code, int) and 0 <= code <= 255
    assert isinstance(out, str) and isinstance(err, str)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(["true", "false"]), min_size=1, max_size=5),
       st.lists(st.sampled_from(["&&", "||", ";"]), min_size=4, max_size=4))
def test_and_or_semantics_match_posix(sh, cmds, ops):
    line = cmds[0]
    status = 0 if cmds[0] == "true" else 1
    for op, cmd in zip(ops, cmds[1:]):
        line += f" {op} {cmd}"
        if op == ";" or (op == "&&" and status == 0) or (op == "||" and status != 0):
            status = 0 if cmd == "true" else 1
    assert sh(line + "; echo $?")[1] == f"{status}\n"


def test_empty_quoted_arguments_are_kept(sh):
    assert sh('printf "[%s]" a "" b') == (0, "[a][][b]", "")
    assert sh("printf '[%s]' ''") == (0, "[]", "")
    assert sh('x=""; printf "[%s]" $x') == (0, "[]", "")
