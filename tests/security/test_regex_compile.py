"""A task regex whose counted repeats multiply to a huge program is refused before anything
compiles it (the `regex` module unrolls counted repeats: 31 characters asked for 10^9 nodes), in
every field that takes a pattern, with the file and line; flags such as re.DEBUG are refused."""

from __future__ import annotations

import re
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mobile_gym.cli import main as cli_main
from mobile_gym.events import EventEngine
from mobile_gym.events.errors import TransformRuntimeError, TransformSyntaxError
from mobile_gym.events.transform import compile_transformation
from mobile_gym.tasks.errors import TaskFormatError
from mobile_gym.tasks.loader import load_task
from mobile_gym.tasks.patterns import (
    MAX_PATTERN_EXPANSION,
    TaskPattern,
    pattern_expansion,
    pattern_problem,
)

BOMB = "(?:(?:(?:a{1000}){1000}){1000})"
SLOT = 'event_slots { reward_listener { events { id: 1 } transformation: "y = 1" } }\n'

# one task per field that takes a pattern; the pattern is on line 3 of each
FIELDS = {
    "log_event": 'event_sources {\n  id: 1\n  log_event { pattern: "%s" }\n}\n',
    "text_detect": 'event_sources {\n  id: 1\n  text_detect { expect: "%s" mode: REGEX }\n}\n',
    "response_event": 'event_sources {\n  id: 1\n  response_event { pattern: "%s" mode: REGEX }\n}\n',
    "property": 'event_sources {\n  id: 1\n  view_hierarchy_event { selector: "#a" properties '
                '{ property_name: "text" pattern: "%s" } }\n}\n',
    "file_regex": 'event_sources {\n  id: 1\n  state_event { file { path: "/sdcard/a" regex: "%s" } }\n}\n',
    "wait_for_message": 'id: "w"\nsetup_steps {\n  success_condition { wait_for_message { '
                        'message: "%s" timeout_sec: 1 } }\n}\n',
}


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.textproto"
    path.write_text(text + ("" if name == "wait_for_message" else SLOT))
    return path


def test_the_expansion_is_the_product_of_nested_counts():
    assert pattern_expansion(r"\d{4}-\d{2}-\d{2}") == 10
    assert pattern_expansion("(?:a{10}){10}") == 100
    assert pattern_expansion("(?:ab|c){3}") == 9
    assert pattern_expansion("(?x) a{10}  # a{1000} in a comment counts nothing") == 10
    assert pattern_expansion("(?:a{2,1000})+") == 1000  # the upper count of a range
    assert pattern_expansion(BOMB) > MAX_PATTERN_EXPANSION  # counting stops early
    assert pattern_problem("(?:a{1000}){100}") is None  # at the limit
    assert "MAX_PATTERN_EXPANSION" in pattern_problem("(?:a{1000}){101}")


def test_task_pattern_refuses_the_bomb_at_once():
    start = time.monotonic()
    with pytest.raises(re.error, match="MAX_PATTERN_EXPANSION = 100,000"):
        TaskPattern(BOMB)
    assert time.monotonic() - start < 10


@pytest.mark.parametrize("field", sorted(FIELDS))
def test_every_pattern_field_refuses_the_bomb_with_its_line(tmp_path, field):
    path = write(tmp_path, field, FIELDS[field] % BOMB)
    with pytest.raises(TaskFormatError) as info:
        load_task(path)
    assert info.value.path == str(path) and info.value.line == 3
    assert "MAX_PATTERN_EXPANSION" in info.value.message


def test_check_refuses_the_bomb_within_a_memory_limit(tmp_path):
    """`mobile-gym check` in a process limited to 1.5 GB of address space: compiling the bomb
    would need far more, so a pass here means nothing compiled it."""
    path = write(tmp_path, "log_event", FIELDS["log_event"] % BOMB)

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1536 << 20, 1536 << 20))

    proc = subprocess.run([sys.executable, "-m", "mobile_gym.cli", "check", str(path)],
                          capture_output=True, text=True, timeout=120, preexec_fn=limit,
                          check=False)
    assert proc.returncode == 2, proc.stderr
    assert f"{path}:3:" in proc.stdout and "MAX_PATTERN_EXPANSION" in proc.stdout


def test_check_names_file_and_line_through_main(tmp_path, capsys):
    path = write(tmp_path, "text_detect", FIELDS["text_detect"] % BOMB)
    assert cli_main(["check", str(path)]) == 2
    assert f"{path}:3:" in capsys.readouterr().out


def test_a_literal_pattern_in_a_transformation_is_refused_when_the_task_loads(tmp_path, capsys):
    with pytest.raises(TransformSyntaxError, match="MAX_PATTERN_EXPANSION"):
        compile_transformation(["import re", f"y = re.search('{BOMB}', x)"])
    path = tmp_path / "t.textproto"
    path.write_text('event_sources { id: 1 log_event { pattern: "go" } }\n'
                    'event_slots { reward_listener {\n  events { id: 1 }\n'
                    f'  transformation: ["import re", "y = 1 if re.search(\'{BOMB}\', \'a\') else 0"]\n'
                    '} }\n')
    assert cli_main(["check", str(path)]) == 2
    out = capsys.readouterr().out
    assert f"{path}:4:" in out and "MAX_PATTERN_EXPANSION" in out


def test_a_pattern_built_at_run_time_is_refused_when_it_runs():
    t = compile_transformation(["import re", "y = re.search('(?:' + x + '){1000}', 'a')"])
    with pytest.raises(TransformRuntimeError, match="MAX_PATTERN_EXPANSION"):
        t("(?:a{1000})")


def test_re_debug_and_unknown_flags_are_refused(capfd):
    t = compile_transformation(["import re", "y = re.search('a+b', x, 128)"])  # re.DEBUG
    with pytest.raises(TransformRuntimeError, match="re.DEBUG are not allowed"):
        t("aab")
    assert capfd.readouterr().out == ""  # nothing printed
    with pytest.raises(TransformRuntimeError, match="not allowed"):
        compile_transformation(["import re", "y = re.search('a', x, 1 << 20)"])("a")
    ok = compile_transformation(["import re", "y = re.search('A+', x, re.IGNORECASE) is not None"])
    assert ok("aa") is True


def test_ordinary_patterns_still_load(tmp_path):
    path = write(tmp_path, "log_event", FIELDS["log_event"] % r"^ready: \\\\d{1,4} items$")
    EventEngine(load_task(path))
