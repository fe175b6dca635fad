"""The shell's control flow (if, while/until, for, case, !, break/continue), `read` and a
shared standard input, `$((...))` and seq."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mobile_gym.sim.system.shell import core
from mobile_gym.sim.system.shell.parser import ShellSyntaxError, parse

SH = "/system/bin/sh"


def test_if_elif_else(sh):
    assert sh("if true; then echo a; fi") == (0, "a\n", "")
    assert sh("if false; then echo a; elif true; then echo b; else echo c; fi")[1] == "b\n"
    assert sh("if false; then echo a; elif false; then echo b; else echo c; fi")[1] == "c\n"
    assert sh("if false; then echo a; fi; echo $?")[1] == "0\n"  # no branch taken: status 0
    assert sh("if true; then false; fi; echo $?")[1] == "1\n"
    assert sh("if [ -d /sdcard ] && [ ! -e /sdcard/none ]\nthen\n  echo both\nfi")[1] == "both\n"
    assert sh("if cat /nope; then :; fi 2>/dev/null; echo $?") == (0, "0\n", "")


def test_for_loops(sh, android):
    assert sh("for x in a 'b c' d; do echo \"[$x]\"; done")[1] == "[a]\n[b c]\n[d]\n"
    android.storage.write("/sdcard/Download/one.md", b"1")
    android.storage.write("/sdcard/Download/two.md", b"22")
    assert sh("for f in /sdcard/Download/*.md; do wc -c < $f; done")[1] == "1\n2\n"
    assert sh("for i in $(seq 3); do echo n$i; done | sort -r")[1] == "n3\nn2\nn1\n"
    assert sh("for x; do echo never; done; echo $?")[1] == "0\n"
    assert sh("for x in; do echo never; done; echo $?")[1] == "0\n"
    assert sh("for x in a b; do echo $x; done > /sdcard/o.txt") == (0, "", "")
    assert android.storage.read("/sdcard/o.txt") == b"a\nb\n"
    assert sh("for x in 1 2; do false; done; echo $?")[1] == "1\n"  # the last body's status


def test_while_and_until_with_arithmetic(sh):
    assert sh("i=0; while [ $i -lt 3 ]; do echo $i; i=$((i + 1)); done")[1] == "0\n1\n2\n"
    assert sh("i=3; until [ $i -eq 0 ]; do i=$((i - 1)); done; echo $i")[1] == "0\n"
    assert sh("while false; do echo never; done; echo $?")[1] == "0\n"
    code, out, _ = sh("until [ -e /sdcard/flag ]; do touch /sdcard/flag; echo made; done; ls /sdcard/flag")
    assert (code, out) == (0, "made\n/sdcard/flag\n")


def test_break_and_continue(sh):
    script = ("for i in 1 2 3; do for j in a b c; do [ $j = b ] && continue; "
              "[ $i = 2 ] && break 2; echo $i$j; done; done; echo status=$?")
    assert sh(script)[1] == "1a\n1c\nstatus=0\n"
    assert sh("for i in 1 2; do for j in x; do break 9; done; echo $i; done; echo end")[1] == "end\n"
    assert sh("i=0; while :; do i=$((i+1)); [ $i -ge 4 ] && break; done; echo $i")[1] == "4\n"
    assert sh("break; echo after") == (0, "after\n", f"{SH}: break: can't break\n")
    assert sh("for i in 1; do break x; done; echo $?")[2] == f"{SH}: break: x: bad number\n"
    # a subshell cannot leave its parent's loops
    code, out, err = sh("for i in 1 2; do (break); echo $i; done")
    assert (code, out, err.count("can't break")) == (0, "1\n2\n", 2)


def test_case(sh):
    script = "case {} in a|b) echo ab;; c*) echo c-word;; (*) echo other;; esac"
    assert sh(script.format("b"))[1] == "ab\n"
    assert sh(script.format("cat"))[1] == "c-word\n"
    assert sh(script.format("zz"))[1] == "other\n"
    assert sh("case x in y) echo no;; esac; echo $?")[1] == "0\n"
    assert sh('case "a*" in "a*") echo literal;; esac')[1] == "literal\n"
    assert sh('case ab in "a*") echo no;; a*) echo glob;; esac')[1] == "glob\n"
    assert sh("v=/sdcard/x.md; case $v in *.md) echo markdown;; esac")[1] == "markdown\n"
    assert sh("case a in\n  a)\n    echo one\n    echo two\n    ;;\nesac")[1] == "one\ntwo\n"
    assert sh("case a in a) ;; esac; echo $?")[1] == "0\n"


def test_negation(sh):
    assert sh("! false && echo yes")[1] == "yes\n"
    assert sh("! true; echo $?")[1] == "1\n"
    assert sh("! echo a | grep -q b && echo no-b")[1] == "no-b\n"


def test_read_lines_from_a_pipe_or_a_file(sh, android):
    assert sh("printf 'a b c\\nd e\\n' | while read x y; do echo \"x=$x y=$y\"; done")[1] == \
        "x=a y=b c\nx=d y=e\n"
    android.storage.write("/sdcard/names.txt", b"one\ntwo\n")
    assert sh("while read n; do echo \"<$n>\"; done < /sdcard/names.txt")[1] == "<one>\n<two>\n"
    assert sh("ls /sdcard/names.txt | while read f; do wc -l < $f; done")[1] == "2\n"
    assert sh("printf 'no newline' | while read x; do echo got; done; echo $?")[1] == "0\n"
    assert sh("printf 'partial' | { read x; echo \"$? $x\"; }")[1] == "1 partial\n"
    assert sh("printf '  pad  me  \\n' | { read v; echo \"[$v]\"; }")[1] == "[pad  me]\n"
    assert sh("printf 'q\\n' | { read; echo \"[$REPLY]\"; }")[1] == "[q]\n"
    assert sh("echo kept | read v; echo $v")[1] == "kept\n"  # mksh runs a pipeline's last part here
    android.storage.write("/sdcard/cont.txt", b"a\\\nb\nc\\d\n")  # a backslash-newline, then c\d
    assert sh("{ read x; read y; echo \"$x|$y\"; } < /sdcard/cont.txt")[1] == "ab|cd\n"
    assert sh("{ read -r x; echo \"$x\"; } < /sdcard/cont.txt")[1] == "a\\\n"
    assert sh("echo x | read 1bad") == (2, "", f"{SH}: read: 1bad: invalid identifier\n")


def test_a_list_shares_its_standard_input(sh):
    """Commands that do not read their input leave it to the next one; `read` takes a line."""
    assert sh("printf '1\\n2\\n3\\n' | { read a; read b; cat; echo $a$b; }")[1] == "3\n12\n"
    assert sh("printf 'x\\n' | { echo first; cat; }")[1] == "first\nx\n"
    assert sh("printf 'x\\n' | { cat; cat; echo end; }")[1] == "x\nend\n"


def test_arithmetic_expansion(sh):
    assert sh("echo $((1 + 2 * 3)) $(((1 + 2) * 3)) $((7 / 2)) $((-7 / 2)) $((-7 % 2))")[1] == \
        "7 9 3 -3 -1\n"
    assert sh("echo $((2147483647 + 1)) $((0x10)) $((1 << 4)) $((5 & 3)) $((5 | 3)) $((~0))")[1] == \
        "-2147483648 16 16 1 7 -1\n"
    assert sh("a=3; echo $((a > 2 ? a : 0)) $(($a * 2)) $((${a} + 1)) $((a++)) $a $((++a))")[1] == \
        "3 6 4 3 4 5\n"
    assert sh("echo $((x = 5, x * 2)) $x; echo $((y += 2)) $y")[1] == "10 5\n2 2\n"
    assert sh("echo $((0 && (z = 1))) $((1 || (z = 1))) z=$z")[1] == "0 1 z=\n"  # short-circuit
    assert sh("b=2; a=b+1; echo $((a * 2)); u=; echo $((u + 1)) $((unset_name))")[1] == "6\n1 0\n"
    assert sh('echo "$((6 * 7))"')[1] == "42\n"


@pytest.mark.parametrize("expr,message", [
    ("1/0", "1/0: zero divisor"),
    ("5 % 0", "5 % 0: zero divisor"),
    ("1 +", "1 +: unexpected end of expression"),
    ("2 @ 3", "2 @ 3: unexpected '@'"),
    ("1 2", "1 2: unexpected '2'"),
    ("x", "x: expression recurses on parameter 'x'"),
    ("(" * 40 + "1" + ")" * 40, "expression too deeply nested"),
    ("+".join(["1"] * 300), "expression too long"),
    ("$(echo 1)", "command substitution inside $((...)) is not supported"),
])
def test_arithmetic_errors_are_reported_and_the_line_goes_on(sh, expr, message):
    code, out, err = sh(f"x=x; echo $(({expr})); echo next $?")
    assert out == "next 1\n" and err.startswith(f"{SH}: ") and message in err


def test_seq(sh):
    assert sh("seq 3")[1] == "1\n2\n3\n"
    assert sh("seq 2 4")[1] == "2\n3\n4\n"
    assert sh("seq 5 -2 1")[1] == "5\n3\n1\n"
    assert sh("seq -s , 1 0.5 2")[1] == "1.0,1.5,2.0\n"
    assert sh("seq -w 9 11")[1] == "09\n10\n11\n"
    assert sh("seq 3 1") == (0, "", "")
    assert sh("seq one")[:1] == (1,) and "seq:" in sh("seq one")[2]


@pytest.mark.parametrize("line,message", [
    ("if true; then echo a", "syntax error: 'if' unmatched"),
    ("if true; echo a; fi", "syntax error: 'fi' unexpected"),
    ("echo a; fi", "syntax error: 'fi' unexpected"),
    ("while true; do echo", "syntax error: 'while' unmatched"),
    ("for 1x in a; do :; done", "syntax error: '1x' unexpected"),
    ("for x in a b do :; done", "syntax error: 'done' unexpected"),
    ("case a in a) echo", "syntax error: 'case' unmatched"),
    ("case a b) :;; esac", "syntax error: 'b' unexpected"),
    ("done", "syntax error: 'done' unexpected"),
])
def test_syntax_errors_name_the_word(sh, line, message):
    with pytest.raises(ShellSyntaxError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse(line)
    code, out, err = sh(line)
    assert code != 0 and out == "" and err == f"{SH}: {message}\n"


def test_reserved_words_are_plain_words_as_arguments(sh):
    assert sh("echo if then fi do done case esac")[1] == "if then fi do done case esac\n"
    assert sh("for in in in; do echo $in; done")[1] == "in\n"


def test_endless_loops_stop_at_the_limit_and_the_device_goes_on(sh, android, monkeypatch):
    monkeypatch.setattr(core, "LOOP_LIMIT", 500)
    code, out, err = sh("echo start; while :; do :; done; echo never")
    assert (code, out) == (1, "start\n")
    assert err == f"{SH}: stopped after 500 loop iterations (the simulated shell's limit; a device would run on)\n"
    assert sh("for i in 1 2; do echo $i; done") == (0, "1\n2\n", "")  # the count is per command line


_TOKENS = ["if", "then", "elif", "else", "fi", "for", "x", "in", "do", "done", "while", "until",
           "case", "esac", "a)", "*)", ";;", ";", "\n", "(", ")", "|", "!", "{", "}", "&&", "||",
           "true", "false", "break", "continue", "echo", "$x", "$((1+x))", "$((", "))", "2"]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(_TOKENS), max_size=14))
def test_any_token_soup_parses_or_fails_cleanly(sh, monkeypatch, tokens):
    monkeypatch.setattr(core, "LOOP_LIMIT", 50)
    line = " ".join(tokens)
    try:
        parse(line)
    except ShellSyntaxError as exc:
        assert str(exc).startswith("syntax error") or "$((" in line
    code, out, err = sh(line)  # must never raise or hang
    assert 0 <= code <= 255 and isinstance(out, str) and isinstance(err, str)


@pytest.mark.parametrize("line,message", [
    ("printf '%999999999d' 1", "printf: width or precision in '%999999999d' is over 1000000"),
    ("seq 1 1000000000", "seq: more than 1000000 numbers"),
    ("sleep 99999999999d", "sleep: 8.64e+15 s is over"),
])
def test_commands_that_would_take_gigabytes_or_ages_are_refused(sh, line, message):
    code, out, err = sh(line)
    assert (code, out) == (1, "") and err.startswith(message)


def test_gestures_and_monkey_runs_with_huge_counts_finish(sh, android):
    t0 = android.clock.now()
    assert sh("input swipe 10 10 20 20 86400000") == (0, "", "")  # a day-long swipe: big steps
    assert android.clock.now() - t0 >= 86400
    code, out, _ = sh("monkey -p com.example.notesdemo -c android.intent.category.LAUNCHER 100000000")
    assert code == 0 and "Events injected: 100\n" in out


def test_sqlite3_statements_are_bounded(sh):
    endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c)"
    assert sh(f"sqlite3 /data/local/tmp/t.db '{endless} SELECT count(*) FROM c'") == \
        (1, "", "Error: stepping, interrupted (9)\n")
    code, out, err = sh(f"sqlite3 /data/local/tmp/t.db '{endless} SELECT x FROM c LIMIT 200000'")
    assert (code, out) == (1, "") and "more than 100000 rows" in err
