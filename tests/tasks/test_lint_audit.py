"""The linter agrees with the engine: `unreachable` only for nodes that can really never fire, and
`falsy-episode-end` states the outcome the engine's episode-end rule gives (None is no end)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mobile_gym.device.base import LogLine
from mobile_gym.events import EventEngine, StepInputs, StepResult
from mobile_gym.tasks.lint import Finding, lint_file
from mobile_gym.tasks.loader import load_task


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "t.textproto"
    path.write_text(text)
    return path


def _lint(tmp_path: Path, text: str, code: str) -> list[Finding]:
    return [f for f in lint_file(_write(tmp_path, text)) if f.code == code]


def _run(tmp_path: Path, text: str, steps: list[list[tuple[str, str]]]) -> tuple[EventEngine, list[StepResult]]:
    """Runs the task's engine over steps of (tag, message) log lines."""
    engine = EventEngine(load_task(_write(tmp_path, text)))
    results = []
    for frame, lines in enumerate(steps, 1):
        logs = [LogLine(0.0, 1, 1, "I", tag, message) for tag, message in lines]
        results.append(engine.step(StepInputs(
            frame_id=frame, screenshot=lambda: np.zeros((2400, 1080, 3), np.uint8),
            view_hierarchy=lambda: "<hierarchy/>", text_boxes=list, log_lines=logs,
            screen_size=(1080, 2400))))
    return engine, results


# -- defect 7: unreachable ----------------------------------------------------------------------

D10 = """\
event_sources: { id: 1 log_event: { filters: "P:V" pattern: "p" } }
event_sources: { id: 2 log_event: { filters: "Q:V" pattern: "q" } repeatability: UNLIMITED }
event_slots: {
  reward_listener: { events: { id: 2 } prerequisite: 1 transformation: "y = 1" }
}
"""


def test_prerequisite_on_a_source_only_used_as_prerequisite_is_reachable(tmp_path: Path) -> None:
    """The audit repro d10_unreach: the engine evaluates prerequisite 1 itself and pays on q, p, q."""
    assert _lint(tmp_path, D10, "unreachable") == []
    _, results = _run(tmp_path, D10, [[("Q", "q")], [("P", "p")], [("Q", "q")]])
    assert [r.reward for r in results] == [0.0, 0.0, 1.0]


def test_prerequisite_chain_through_prerequisites_only_is_reachable(tmp_path: Path) -> None:
    """Source 1 gates slot 5 (evaluated only as a prerequisite), which gates the reward."""
    text = """\
event_sources: { id: 1 log_event: { filters: "P:V" pattern: "p" } }
event_sources: { id: 2 log_event: { filters: "Q:V" pattern: "q" } repeatability: UNLIMITED }
event_slots: {
  reward_listener: { events: { id: 2 } prerequisite: 5 transformation: "y = 1" }
  null_listener: { events: { event: { id: 5 events: { id: 2 } prerequisite: 1 } } }
}
"""
    assert _lint(tmp_path, text, "unreachable") == []
    _, results = _run(tmp_path, text, [[("Q", "q")], [("P", "p")], [("Q", "q")]])
    assert [r.reward for r in results] == [0.0, 0.0, 1.0]


NEVER = """\
event_sources: { id: 1 log_event: { filters: "P:V" pattern: "p" } repeatability: UNLIMITED }
event_slots: {
  reward_listener: { type: OR
    events: { event: { id: 20 events: { id: 1 } prerequisite: %(pre)d transformation: "y = 1" } }
    events: { event: { id: 21 events: { id: 1 } cache_until: %(cache)d transformation: "y = 2" } } }
  null_listener: { type: OR
    events: { event: { id: 9 } }
    events: { event: { id: 10 type: AND events: { id: 1 } events: { id: 9 } } }
    events: { event: { id: 11 type: OR events: { id: 1 } events: { id: 9 } } }
    events: { event: { id: 12 events: { id: 1 } prerequisite: 9 } } }
}
"""


@pytest.mark.parametrize("target, dead", [(9, True), (10, True), (11, False), (12, True)])
def test_unreachable_only_for_nodes_the_engine_finds_dead(tmp_path: Path, target: int, dead: bool) -> None:
    """9 is empty, 10 ANDs with it, 12 waits on it: they never fire; 11 (an OR) can."""
    text = NEVER % {"pre": target, "cache": target}
    findings = [f for f in _lint(tmp_path, text, "unreachable") if f.line in (4, 5)]  # slots 20, 21
    engine, _ = _run(tmp_path, text, [])
    assert engine.slots[target].dead is dead  # the engine's own verdict, at the episode start
    if not dead:
        assert findings == []
        return
    assert sorted((f.node_id, f.line) for f in findings) == [(target, 4), (target, 5)]
    pre, cache = sorted(findings, key=lambda f: f.line or 0)
    assert "can never fire" in pre.message and "so slot 20 can never fire" in pre.message
    assert "so once slot 21 fires it is never released" in cache.message
    assert engine.slots[20].dead


def test_unreachable_names_why(tmp_path: Path) -> None:
    """The message names the root cause, the empty slot 9."""
    findings = _lint(tmp_path, NEVER % {"pre": 12, "cache": 12}, "unreachable")
    assert [(f.line, f.node_id) for f in findings] == [(4, 12), (5, 12), (10, 9)]
    assert "node 12, which can never fire (it depends on slot 9, which has no events)" in findings[0].message
    assert findings[2].message == ("prerequisite refers to node 9, which can never fire (slot 9 has no "
                                   "events), so slot 12 can never fire")


# slot 10 waits on 11, ... 1509 on 1510: deeper than Python's recursion limit
_CHAIN_10_TO_1510 = " ".join(f"events: {{ event: {{ id: {i} events: {{ id: {i + 1} }} }} }}" for i in range(10, 1510))


def test_long_chains_of_ids_do_not_exhaust_the_stack(tmp_path: Path) -> None:
    """1500 slots, each waiting on the next, down to an empty one: one warning, no RecursionError."""
    chain = _CHAIN_10_TO_1510
    text = ('event_sources: { id: 1 log_event: { pattern: "(a)" } }\n'
            f"event_slots: {{ null_listener: {{ type: OR {chain} events: {{ event: {{ id: 1510 }} }} }}\n"
            "  reward_listener: { events: { id: 1 } prerequisite: 10 } }\n")
    (finding,) = _lint(tmp_path, text, "unreachable")
    assert finding.message == ("prerequisite refers to node 10, which can never fire (it depends on slot 1510, "
                               "which has no events), so the slot at event_slots.reward_listener can never fire")


# -- defect 8: falsy-episode-end ------------------------------------------------------------------


def test_long_identity_chain_to_the_end_listener(tmp_path: Path) -> None:
    """1500 identity slots between a group-less log source and the end listener: one finding."""
    chain = _CHAIN_10_TO_1510
    text = ('event_sources: { id: 1 log_event: { pattern: "end" } }\n'
            f"event_slots: {{ null_listener: {{ type: OR {chain} events: {{ event: {{ id: 1510 events: {{ id: 1 }} }} }} }}\n"
            "  episode_end_listener: { events: { id: 10 } } }\n")
    (finding,) = _lint(tmp_path, text, "falsy-episode-end")
    assert finding.node_id == 1 and "always ends as a FAILURE" in finding.message

UNIT = """\
event_sources: { id: 1 log_event: { filters: "T:V" pattern: "reset" } }
event_slots: {
  %(reward)s
  episode_end_listener: { events: { id: 1 } }
}
"""


def test_unit_end_with_a_reward_is_a_success_and_the_warning_says_so(tmp_path: Path) -> None:
    """The audit repro d11_unit: () ends as a success when the return is > 0; lint states the rule."""
    text = UNIT % {"reward": 'reward_listener: { events: { id: 1 } transformation: "y = 1" }'}
    (finding,) = _lint(tmp_path, text, "falsy-episode-end")
    assert "would end as a FAILURE" not in finding.message
    assert ("ends the episode as a SUCCESS if the episode's return so far (this step's reward "
            "included) is > 0, and as a FAILURE otherwise") in finding.message
    _, results = _run(tmp_path, text, [[("T", "reset")]])
    assert (results[0].reward, results[0].episode_end) == (1.0, "success")


def test_unit_end_without_any_reward_is_always_a_failure(tmp_path: Path) -> None:
    """With no score or reward listener that can fire, the return stays 0: lint says FAILURE."""
    text = UNIT % {"reward": "reward_listener: { type: OR events: { event: {} } events: { event: {} } }"}
    (finding,) = _lint(tmp_path, text, "falsy-episode-end")
    assert "no score or reward listener here can fire, so it always ends as a FAILURE" in finding.message
    _, results = _run(tmp_path, text, [[("T", "reset")]])
    assert results[0].episode_end == "failure"


def test_unit_constant_follows_the_same_rule(tmp_path: Path) -> None:
    """`y = ()` is the unit value too, not a plain falsy constant."""
    text = """\
event_sources: { id: 1 log_event: { filters: "T:V" pattern: "(reset)" } }
event_slots: {
  reward_listener: { events: { id: 1 } transformation: "y = 1" }
  episode_end_listener: { events: { id: 1 } transformation: "y = ()" }
}
"""
    (finding,) = _lint(tmp_path, text, "falsy-episode-end")
    assert "assigns () to y" in finding.message and "SUCCESS if the episode's return" in finding.message
    _, results = _run(tmp_path, text, [[("T", "reset")]])
    assert results[0].episode_end == "success"


@pytest.mark.parametrize("listener", [
    'episode_end_listener: { events: { id: 1 } transformation: "y = None" }',
    'episode_end_listener: { type: OR events: { event: { events: { id: 1 } transformation: "y = None" } } }',
])
def test_none_end_is_no_end_and_not_flagged(tmp_path: Path, listener: str) -> None:
    """The audit repro d11_none: None means the episode goes on, so there is nothing to warn about."""
    text = ('event_sources: { id: 1 log_event: { filters: "T:V" pattern: "tick" } repeatability: UNLIMITED }\n'
            "event_slots: { " + listener + " }\n")
    assert _lint(tmp_path, text, "falsy-episode-end") == []
    _, results = _run(tmp_path, text, [[("T", "tick")], [("T", "tick")]])
    assert [r.episode_end for r in results] == [None, None]


def test_falsy_constant_is_still_a_failure(tmp_path: Path) -> None:
    """`y = 0` is falsy but not None or (): the engine ends the episode as a failure."""
    text = """\
event_sources: { id: 1 log_event: { filters: "T:V" pattern: "(end)" } }
event_slots: {
  reward_listener: { events: { id: 1 } transformation: "y = 1" }
  episode_end_listener: { events: { id: 1 } transformation: "y = 0" }
}
"""
    (finding,) = _lint(tmp_path, text, "falsy-episode-end")
    assert "assigns 0 to y, which is falsy: the engine ends the episode as a FAILURE" in finding.message
    _, results = _run(tmp_path, text, [[("T", "end")]])
    assert results[0].episode_end == "failure"
