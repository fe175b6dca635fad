"""A command line runs the same whether it is new, run again (its parse kept from its second run
on) or pushed out of the kept parses by many other lines."""

from __future__ import annotations

from mobile_gym.sim.system.shell.core import PARSED_LINES


def test_a_line_runs_the_same_on_each_run_and_after_many_other_lines(sh):
    line = "i=0; for x in a b; do i=$((i + 1)); echo $x$i; done; echo ${i}"
    expected = (0, "a1\nb2\n2\n", "")
    assert [sh(line) for _ in range(3)] == [expected] * 3
    # more distinct lines than the shell keeps, each run once or twice
    for n in range(2 * PARSED_LINES + 3):
        assert sh(f"echo {n} | wc -c") == (0, f"{len(str(n)) + 1}\n", "")
        if n % 2:
            assert sh(f"echo {n} | wc -c")[1] == f"{len(str(n)) + 1}\n"
    assert sh(line) == expected
    assert sh("if false; then echo a; else echo b; fi") == (0, "b\n", "")
    assert sh("if false; then echo a; else echo b; fi") == (0, "b\n", "")
