"""notebooks/02_writing_a_task.ipynb: the task written from scratch lints, traces and runs."""

from __future__ import annotations

import re

import pytest

from tests.notebooks.run_notebook import execute_notebook


@pytest.fixture(scope="module")
def executed(tmp_path_factory):
    return execute_notebook("02_writing_a_task", tmp_path_factory)


def test_task_file_is_written(executed):
    assert re.fullmatch(r"wifi_on_from_scratch\.textproto \d+ lines\n", executed.stdout("write"))


def test_check_accepts_the_task(executed):
    assert executed.stdout("check") == "wifi_on_from_scratch.textproto: ok\n[exit status 0]\n"


def test_check_names_the_broken_line(executed):
    out = executed.stdout("check_broken")
    assert re.search(r"^broken\.textproto:\d+:\d+: error: \[dangling-id\] .*unknown id 3$", out, re.MULTILINE), out
    assert out.rstrip().endswith("[exit status 2]")


def test_trace_of_the_script_shows_both_events_and_success(executed):
    out = executed.stdout("trace")
    rewards = re.findall(r"^ +(\d+) +\+(\d\.\d+) .*source:(\d)=", out, re.MULTILINE)
    assert [(float(r), s) for _, r, s in rewards] == [(0.2, "1"), (1.0, "2")]
    assert "episode end: success" in out
    assert re.search(r"^outcome: success after \d+ steps, total reward 1\.200$", out, re.MULTILINE)
    assert re.search(r"source:1 +view_hierarchy_event +1 .* wifi_on_from_scratch\.textproto:\d+:1$", out, re.MULTILINE)
    assert "never fired: none" in out


def test_trace_of_random_lists_what_never_fired(executed):
    out = executed.stdout("trace_random")
    assert "outcome: not finished after 10 steps" in out
    never = out.split("never fired:", 1)[1]
    assert "source:2 (state_event): live for 10 steps, never matched" in never
    assert out.rstrip().endswith("[exit status 0]")


def test_running_the_file_as_an_env_succeeds(executed):
    out = executed.stdout("run")
    assert "instruction: Turn Wi-Fi on.\n" in out
    assert re.search(r'^click "Internet" +reward \+0\.20  terminated False$', out, re.MULTILINE)
    assert re.search(r"^click id=switch_widget +reward \+1\.00  terminated True$", out, re.MULTILINE)
    assert out.endswith("total reward 1.20  success True\n")
    print(f"02_writing_a_task run: {executed.seconds:.1f} s")
