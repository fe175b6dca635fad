"""`mobile-gym trace`: per-step event traces, the per-node summary, JSON, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.cli import main
from mobile_gym.tracing import (
    NodeTrace,
    StepTrace,
    Trace,
    format_trace,
    trace_replay,
    trace_task,
)

ROOT = Path(__file__).resolve().parents[1]
CALENDAR = ROOT / "task_defs" / "calendar_open_editor.textproto"

# A task whose source 1 waits for a log line nothing prints and whose source 3 no slot uses.
NEVER_TASK = """\
id: "never_fires"
max_num_steps: 4
event_sources: {
  id: 1
  log_event: { filters: "ActivityTaskManager:I" pattern: "Displayed no\\\\.such\\\\.package/\\\\.Nothing" }
}
event_sources: {
  id: 2
  view_hierarchy_event: { selector: "node" }
}
event_sources: {
  id: 3
  log_event: { filters: "ActivityTaskManager:I" pattern: "Displayed" }
}
event_slots: {
  reward_listener: {
    type: OR
    events: { event: { id: 10 events: { id: 1 } transformation: "y = 1" repeatability: NONE } }
    events: { event: { id: 11 events: { id: 2 } transformation: "y = 0" repeatability: NONE } }
  }
  episode_end_listener: { events: { id: 10 } transformation: "y = True" }
}
command: "Do nothing in particular."
"""


@pytest.fixture(scope="module")
def oracle_trace() -> Trace:
    return trace_task(str(CALENDAR), policy="oracle", seed=0)


def _node(trace: Trace, key: str):
    [node] = [n for n in trace.nodes if n.key == key]
    return node


def test_oracle_trace_shows_both_sources_firing_in_order(oracle_trace: Trace) -> None:
    steps = oracle_trace.steps
    log_steps = [s.step for s in steps if "source:1" in s.fired]
    vh_steps = [s.step for s in steps if "source:2" in s.fired]
    assert len(log_steps) == 1 and len(vh_steps) == 1
    assert log_steps[0] < vh_steps[0] == steps[-1].step  # the title fires last and ends the episode
    # The log source's step carries the first reward, the instruction and slot 10.
    opened = steps[log_steps[0] - 1]
    assert opened.reward == 1.0 and "slot:10" in opened.fired
    assert opened.instructions == ["Now type the title Meeting into the Title field."]
    last = steps[-1]
    assert last.terminated and last.episode_end == "success" and "slot:11" in last.fired
    assert oracle_trace.outcome == "success" and oracle_trace.total_reward == 2.0
    # Summary: kind, place in the file, count and first step.
    log, vh = _node(oracle_trace, "source:1"), _node(oracle_trace, "source:2")
    assert (log.kind, log.fired_steps, log.first_step) == ("log_event", 1, log_steps[0])
    assert (vh.kind, vh.fired_steps, vh.first_step) == ("view_hierarchy_event", 1, vh_steps[0])
    lines = CALENDAR.read_text().splitlines()
    for node, source_id in ((log, 1), (vh, 2)):
        file, line, _col = node.where.rsplit(":", 2)
        assert Path(file) == CALENDAR
        assert lines[int(line) - 1].startswith("event_sources")
        assert lines[int(line)].strip() == f"id: {source_id}"
    assert [n.key for n in oracle_trace.never_fired] == []


def test_table_lists_only_eventful_steps(oracle_trace: Trace) -> None:
    text = format_trace(oracle_trace)
    rows = [line.split()[0] for line in text.splitlines()[2:] if line[:5].strip().isdigit()]
    eventful = [str(s.step) for s in oracle_trace.steps if s.fired or s.reward]
    assert rows == eventful and len(rows) < len(oracle_trace.steps)
    assert "episode end: success" in text
    assert "never fired: none" in text


def test_never_firing_sources_are_named_with_file_and_line(tmp_path: Path) -> None:
    task = tmp_path / "never.textproto"
    task.write_text(NEVER_TASK)
    trace = trace_task(str(task), policy="random", seed=1, steps=4)
    assert trace.outcome == "truncated" and len(trace.steps) == 4
    never = {n.key: n for n in trace.never_fired if n.is_source}
    assert set(never) == {"source:1", "source:3"}
    assert never["source:1"].where == f"{task}:3:1" and never["source:1"].live_steps == 4
    assert never["source:3"].where == f"{task}:11:1" and never["source:3"].live_steps == 0
    assert _node(trace, "source:2").fired_steps >= 1
    text = format_trace(trace)
    section = text.split("never fired:")[1]
    assert f"{task}:3:1: source:1 (log_event): live for 4 steps, never matched" in section
    assert f"{task}:11:1: source:3 (log_event): never live" in section
    assert "source:2" not in section.split("slots that never fired")[0]


def test_json_round_trips_through_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          oracle_trace: Trace) -> None:
    out = tmp_path / "sub" / "trace.json"
    assert main(["trace", str(CALENDAR), "--policy", "oracle", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    data = json.loads(out.read_text())
    loaded = Trace.from_json(data)
    assert loaded == oracle_trace  # the full trace, every step, deterministic
    assert json.loads(json.dumps(loaded.to_json())) == data
    assert len(data["steps"]) == len(oracle_trace.steps)
    assert not list(out.parent.glob("*.tmp"))
    # The CLI printed the table and the summary.
    assert printed.startswith(f"task: {CALENDAR}  policy: oracle")
    assert "source:1" in printed and "view_hierarchy_event" in printed and "summary:" in printed
    with pytest.raises(ValueError, match="format"):
        Trace.from_json({**data, "format": 99})


def test_replay_of_a_recording_gives_the_same_events(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                     oracle_trace: Trace) -> None:
    assert main(["run", str(CALENDAR), "--policy", "oracle", "--record", str(tmp_path), "--quiet"]) == 0
    capsys.readouterr()
    replayed = trace_replay(tmp_path / "episode_000000")
    assert [s.fired for s in replayed.steps] == [s.fired for s in oracle_trace.steps]
    assert [(n.key, n.fired_steps, n.first_step) for n in replayed.nodes] == \
        [(n.key, n.fired_steps, n.first_step) for n in oracle_trace.nodes]
    assert main(["trace", "--replay", str(tmp_path / "episode_000000")]) == 0
    assert "episode end: success" in capsys.readouterr().out


def test_cli_errors_name_the_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["trace", str(tmp_path / "missing.textproto")]) == 2
    assert "missing.textproto" in capsys.readouterr().err
    assert main(["trace", str(CALENDAR), "--policy", str(tmp_path / "no_script")]) == 2
    assert "no_script" in capsys.readouterr().err
    assert main(["trace"]) == 2
    assert "--replay" in capsys.readouterr().err
    assert main(["trace", str(CALENDAR), "--steps", "0"]) == 2
    assert "steps=0" in capsys.readouterr().err


_text = st.text(max_size=20)
_step = st.builds(
    StepTrace, step=st.integers(1, 500), action=_text, reward=st.floats(-5, 5, allow_nan=False),
    score=st.floats(-5, 5, allow_nan=False), fired=st.dictionaries(_text, _text, max_size=4),
    live_sources=st.lists(st.integers(0, 50), max_size=4), instructions=st.lists(_text, max_size=2),
    extras=st.dictionaries(_text, _text, max_size=2), engine_errors=st.lists(_text, max_size=2),
    note=_text, terminated=st.booleans(), truncated=st.booleans(),
    episode_end=st.sampled_from([None, "success", "failure"]))
_node_st = st.builds(NodeTrace, key=_text, kind=_text, where=_text, fired_steps=st.integers(0, 9),
                     first_step=st.none() | st.integers(1, 9), live_steps=st.none() | st.integers(0, 9))
_trace = st.builds(Trace, task=_text, policy=_text, seed=st.integers(0, 2**31), steps=st.lists(_step, max_size=6),
                   nodes=st.lists(_node_st, max_size=5), outcome=_text, total_reward=st.floats(-9, 9, allow_nan=False))


@settings(max_examples=60, deadline=None)
@given(_trace)
def test_any_trace_round_trips_and_formats(trace: Trace) -> None:
    assert Trace.from_json(json.loads(json.dumps(trace.to_json()))) == trace
    text = format_trace(trace)
    assert text.count("\n") >= len([s for s in trace.steps if s.interesting]) + 3
    assert len(format_trace(trace, all_steps=True).splitlines()) >= len(trace.steps)
