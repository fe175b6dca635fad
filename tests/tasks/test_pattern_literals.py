"""A literal task pattern (an escaped text, perhaps between `^` and `$`) is compiled only once a
text contains its literal, and answers every search exactly as `re` does."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.tasks.patterns import TaskPattern

_TEXT = st.text(alphabet=st.sampled_from(list("ab .$^\\()+*?\n'#-")), max_size=12)


def _span(match):
    return None if match is None else (match.span(), match.group(0))


@settings(max_examples=400, deadline=None)
@given(core=_TEXT, start=st.booleans(), end=st.booleans(), texts=st.lists(_TEXT, max_size=6),
       mutate=st.booleans())
def test_literal_patterns_search_as_re_does(core, start, end, texts, mutate):
    pattern = ("^" if start else "") + re.escape(core) + ("$" if end else "")
    if mutate and pattern:  # some patterns that are not pure literals go the ordinary way
        pattern = pattern[:-1] + "." if not pattern.endswith("\\") else pattern + "+"
    task = TaskPattern(pattern)
    for text in [*texts, core, core + "\n", "x" + core, core + "y"]:
        assert _span(task.search(text)) == _span(re.search(pattern, text)), (pattern, text)
        assert task.call("findall", text) == re.findall(pattern, text)
    assert task.groups == re.compile(pattern).groups


def test_a_literal_is_compiled_on_its_first_possible_match_only():
    task = TaskPattern(r"^We\ will\ plan\ the\ budget\.$")
    assert task.search("We will review") is None
    assert task._linear is None  # noqa: SLF001 -- nothing compiled for a text without the literal
    assert task.search("We will plan the budget.").span() == (0, 24)
    assert task.search("We will plan the budget. Later") is None


def test_invalid_patterns_still_fail_when_built():
    for bad in ("(", "\\", "[a", "a)", "x\\"):
        try:
            TaskPattern(bad)
        except re.error:
            continue
        raise AssertionError(f"{bad!r} compiled")
