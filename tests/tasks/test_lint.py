"""The task linter flags the known pitfalls of Mobile-Env task files, with file:line and id."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from mobile_gym.tasks.lint import Finding, lint_file, main

from .fakes import FIXTURES


def _lint(tmp_path: Path, text: str, name: str = "t.textproto") -> list[Finding]:
    f = tmp_path / name
    f.write_text(text)
    return lint_file(f)


def _codes(findings: list[Finding]) -> list[str]:
    return [f.code for f in findings]


def test_concatenation_in_fitness_log_fixture() -> None:
    findings = lint_file(FIXTURES / "fitness_log.add_workouts.textproto")
    concat = [f for f in findings if f.code == "string-concatenation"]
    assert len(concat) == 1 and len(findings) == 1
    assert (concat[0].line, concat[0].severity) == (487, "warning")
    assert "'yogaswimming'" in concat[0].message and "vocabulary[12]" in concat[0].message
    assert str(concat[0]).startswith(f"{FIXTURES / 'fitness_log.add_workouts.textproto'}:487:")


def test_falsy_episode_end_in_stopwatch_fixture() -> None:
    findings = lint_file(FIXTURES / "stopwatch_lap_log.m.textproto")
    falsy = [f for f in findings if f.code == "falsy-episode-end"]
    assert len(falsy) == 1 and falsy[0].node_id == 1 and falsy[0].line == 81
    assert "FAILURE" in falsy[0].message and "id 1:" in str(falsy[0])


def test_search_and_quiz_fixtures_are_clean() -> None:
    names = ("recipe_search-omelette.textproto", "recipe_search-lentil_soup-about.textproto",
             "recipe_search-pancakes-reviews.textproto", "recipe_search-flatbread-category.textproto",
             "flashcards_quiz.textproto")
    for name in names:
        assert lint_file(FIXTURES / name) == [], name


def test_broken_fixture_is_one_located_error() -> None:
    findings = lint_file(FIXTURES / "broken_reset_steps.m.textproto")
    assert len(findings) == 1
    assert (findings[0].severity, findings[0].line, findings[0].column) == ("error", 21, 71)


CRAFTED = """\
id: "crafted"
event_sources { text_detect { expect: "Hello" } id: 1 }
event_sources { text_recognize { expect: "World" rect { x0: 0.5 x1: 0.5 y1: 1 } } id: 2 }
event_sources { log_event { filters: "app:I" pattern: "done" } id: 3 }
event_sources { log_event { pattern: "unused (.*)" } id: 4 }
event_sources { view_hierarchy_event { selector: "#$\\"ok\\"" } id: 5 }
event_sources { response_event { pattern: "" } id: 6 }
event_sources { log_event { pattern: "gate" } id: 7 }
event_slots {
  reward_listener {
    type: OR
    events { id: 1 }
    events { id: 2 }
    events { event { events { id: 6 } prerequisite: 7 } }
  }
  episode_end_listener {
    type: OR
    events { id: 3 }
    events { event { events { id: 5 } } }
    events { event { events { id: 1 } transformation: "y = 0" } }
  }
}
vocabulary: ["a" "b", "c"]
"""


def test_crafted_file_flags_each_pitfall(tmp_path: Path) -> None:
    findings = _lint(tmp_path, CRAFTED)
    by_code: dict[str, list[Finding]] = {}
    for f in findings:
        by_code.setdefault(f.code, []).append(f)
    assert all(f.severity == "warning" for f in findings), [str(f) for f in findings]
    assert {(f.line, f.node_id) for f in by_code["missing-rect"]} == {(2, 1), (3, 2)}
    falsy = {(f.node_id, f.line) for f in by_code["falsy-episode-end"]}
    # log 3: group-less regex; VH 5: no properties -> []; inline y = 0
    assert (3, 4) in falsy and (5, 6) in falsy and any(line == 20 for _, line in falsy)
    assert [(f.line, f.node_id) for f in by_code["unused-source"]] == [(5, 4)]
    assert "unreachable" not in by_code  # the engine evaluates prerequisite 7 itself, so it can fire
    assert [f.line for f in by_code["empty-pattern"]] == [7]
    assert [f.line for f in by_code["string-concatenation"]] == [23]


def test_graph_errors_are_reported_by_the_linter(tmp_path: Path) -> None:
    text = """\
event_sources { log_event { pattern: "(a)" } id: 1 }
event_sources { log_event { pattern: "(b)" } id: 1 }
event_slots {
  reward_listener { type: OR events { id: 9 } events { event { id: 2 events { id: 2 } } } }
}
"""
    findings = _lint(tmp_path, text)
    errors = {(f.code, f.line) for f in findings if f.severity == "error"}
    assert ("duplicate-id", 2) in errors
    assert ("dangling-id", 4) in errors
    assert ("cycle", 4) in errors
    assert all(f.file.endswith("t.textproto") for f in findings)


def test_json_task_is_linted(tmp_path: Path) -> None:
    text = ('{\n "event_sources": [\n  {"id": 1, "text_detect": {"expect": "x"}}\n ],\n'
            ' "event_slots": {"reward_listener": {"events": [{"id": 1}]}}\n}')
    findings = _lint(tmp_path, text, "t.json")
    assert [(f.code, f.line) for f in findings] == [("missing-rect", 3)]


def test_yaml_task_is_linted_with_its_lines(tmp_path: Path) -> None:
    text = ("event_sources:\n"
            "  - id: 1\n"
            "    log_event: {pattern: 'done'}\n"
            "event_slots:\n"
            "  episode_end_listener: {type: SINGLE, events: [{id: 1}]}\n")
    findings = _lint(tmp_path, text, "t.yaml")
    assert [(f.code, f.line) for f in findings] == [("falsy-episode-end", 2)]


def test_files_the_loader_refuses_are_one_error_each(tmp_path: Path) -> None:
    """Lint agrees with load_task: a suffix with no format, bytes that are not UTF-8, no file."""
    (odd,) = _lint(tmp_path, 'id: "x"\n', "t.txt")
    assert (odd.severity, odd.code) == ("error", "syntax") and "suffix '.txt'" in odd.message
    bad = tmp_path / "bad.textproto"
    bad.write_bytes(b'id: "x"\nname: "\xff"\n')
    (undecodable,) = lint_file(bad)
    assert (undecodable.code, undecodable.line, undecodable.column) == ("syntax", 2, 8)
    (missing,) = lint_file(tmp_path / "none.textproto")
    assert (missing.severity, missing.code) == ("error", "unreadable")
    assert "none.textproto" in missing.message


def test_exit_status_and_cli(tmp_path: Path, capsys) -> None:
    clean = tmp_path / "clean.textproto"
    clean.write_text('event_sources { log_event { pattern: "(x)" } id: 1 }\n'
                     "event_slots { reward_listener { events { id: 1 } } }\n")
    assert main([str(clean)]) == 0
    assert main([str(FIXTURES / "fitness_log.add_workouts.textproto")]) == 1
    assert "string-concatenation" in capsys.readouterr().out
    assert main([str(FIXTURES / "broken_reset_steps.m.textproto")]) == 2
    proc = subprocess.run([sys.executable, "-m", "mobile_gym.tasks.lint", str(clean)],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0 and proc.stdout == ""
