"""Task patterns: re syntax, run with a time limit, in the engine, the validators and steps."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from mobile_gym.events import EventEngine
from mobile_gym.events.errors import EventRuntimeError
from mobile_gym.tasks import patterns
from mobile_gym.tasks.patterns import PatternTimeout, TaskPattern

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "events"))
from events_helpers import Driver, from_text, log  # noqa: E402

SLOW = "(a|aa)+$"  # exponential backtracking on "aaa...ab"
SLOW_TEXT = "a" * 60 + "b"


def test_patterns_answer_like_re():
    for pattern, text, flags in [(r"Displayed (\S+): \+(\d+)ms", "Displayed a/.B: +345ms", 0),
                                 ("^b$", "a\nb", re.MULTILINE), ("HELLO", "hello", re.IGNORECASE),
                                 ("a.b", "a\nb", re.DOTALL), (r"(?P<n>\w+)@", "me@x", 0)]:
        ours, theirs = TaskPattern(pattern, flags).search(text), re.search(pattern, text, flags)
        assert ours.groups() == theirs.groups() and ours.span() == theirs.span()
    assert TaskPattern("a(b)(c)?").groups == 2


def test_invalid_syntax_is_re_error():
    with pytest.raises(re.error):
        TaskPattern("(")


def test_a_backtracking_pattern_is_stopped_and_named():
    with pytest.raises(PatternTimeout, match=re.escape(repr(SLOW))):
        TaskPattern(SLOW).search(SLOW_TEXT)
    with pytest.raises(PatternTimeout):
        patterns.search(SLOW, SLOW_TEXT)


def test_the_engine_names_the_source_whose_pattern_stalled():
    engine = EventEngine(from_text(
        f'event_sources {{ id: 7 log_event {{ filters: "app:V" pattern: "{SLOW}" }} }}\n'
        "event_slots { reward_listener { events { id: 7 } transformation: \"y = 1\" } }\n"))
    with pytest.raises(EventRuntimeError, match="took longer than") as exc:
        Driver(engine).step(logs=[log("app", SLOW_TEXT, "I")])
    assert "7" in str(exc.value)


def test_literal_patterns_take_the_direct_path_and_answer_the_same():
    for pattern, text in [("Done", "All Done"), (r"^Item 42 ", "Item 42 x"), (r"a\.b[cd]", "xa.bd"),
                          ("(a)+", "aa"), ("x|y", "y")]:
        ours = TaskPattern(pattern).search(text)
        assert ours is not None and ours.span() == re.search(pattern, text).span()
