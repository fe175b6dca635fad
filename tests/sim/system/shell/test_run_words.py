"""`Shell.run_words` answers as `Shell.run` does for the command line that quotes the same
words (output, errors, exit codes, files), without parsing one."""

from __future__ import annotations

import shlex

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.device.sim_device import SimDevice
from mobile_gym.sim.system.shell.core import MAX_VALUE_BYTES


@pytest.fixture(scope="module")
def device():
    made = SimDevice()
    yield made
    made.close()


CASES = [
    ["sqlite3", "/data/local/tmp/w.db", "CREATE TABLE IF NOT EXISTS t(x); INSERT INTO t VALUES ('a''b'); SELECT x FROM t;"],
    ["sqlite3", "/data/local/tmp/w.db", "SELECT nope FROM t"],
    ["sqlite3", "/data/local/tmp/w.db", "ATTACH DATABASE '/tmp/outside.db' AS o"],
    ["sqlite3", "/data/no/such/folder/w.db", "SELECT 1"],
    ["sqlite3", "-header", "-csv", "/data/local/tmp/w.db", "SELECT x, 1 FROM t"],
    ["sqlite3"],
    ["echo", "a  b", "$HOME", "*"],
    ["no-such-command", "x"],
]


@pytest.mark.parametrize("argv", CASES)
def test_words_answer_as_their_quoted_line(device, argv) -> None:
    shell = device.android.shell_interpreter
    device.shell("rm -f /data/local/tmp/w.db")
    by_line = shell.run(shlex.join(argv)), _pulled(device)
    device.shell("rm -f /data/local/tmp/w.db")
    by_words = shell.run_words(argv), _pulled(device)
    assert by_words[0] == by_line[0]
    assert by_words[1] == by_line[1]
    device.shell("rm -f /data/local/tmp/w.db")
    by_package = shell.run_words(argv, from_package=True), _pulled(device)
    assert by_package == by_line  # (the guard's budget looked at less often, never other output)


def _pulled(device: SimDevice) -> bytes | None:
    try:
        return device.pull("/data/local/tmp/w.db")
    except FileNotFoundError:
        return None


@settings(max_examples=40, deadline=None)
@given(st.lists(st.text(max_size=12), min_size=1, max_size=4))
def test_echo_words_answer_as_their_quoted_line(words) -> None:
    device = SimDevice()
    try:
        shell = device.android.shell_interpreter
        argv = ["echo", *words]
        assert shell.run_words(argv) == shell.run(shlex.join(argv))
    finally:
        device.close()


def test_a_word_over_the_shells_bound_is_refused_as_the_line_is(device) -> None:
    shell = device.android.shell_interpreter
    argv = ["echo", "x" * (MAX_VALUE_BYTES + 1)]
    assert shell.run_words(argv) == shell.run(shlex.join(argv))
    assert "a word expands to over" in shell.run_words(argv)[2]


def test_words_must_be_strings(device) -> None:
    with pytest.raises(TypeError):
        device.android.shell_interpreter.run_words([])
    with pytest.raises(TypeError):
        device.android.shell_interpreter.run_words(["echo", b"x"])  # type: ignore[list-item]


def test_only_words_package_code_gives_run_as_package_words(device) -> None:
    """`Shell.package_words` holds while the words of `run_words(..., from_package=True)` run
    (a family's seed write through `write_database`), never for a command line or other words,
    and not after an error."""
    shell = device.android.shell_interpreter
    seen: list[bool] = []

    def probe(proc) -> int:
        seen.append(proc.shell.package_words)
        return 0

    shell.commands["probe"] = probe
    try:
        shell.run("probe; probe")
        shell.run_words(["probe"])
        shell.run_words(["probe"], from_package=True)
        shell.run("probe")
        shell.run_words(["no-such-command"], from_package=True)
        shell.run_words(["probe"])
    finally:
        del shell.commands["probe"]
    assert seen == [False, False, False, True, False, False]
    assert not shell.package_words
