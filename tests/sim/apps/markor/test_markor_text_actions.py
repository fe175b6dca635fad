"""Markdown text-action edits."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mobile_gym.sim.apps.markor.text_actions import Edit, actions

ACT = actions("2023-10-15 15:34")


def run(name: str, text: str, start: int, end: int | None = None) -> Edit:
    return ACT[name](Edit(text, start, start if end is None else end))


def test_wrappers() -> None:
    assert run("Bold", "hello world", 0, 5) == Edit("**hello** world", 2, 7)
    assert run("Italic", "ab", 1) == Edit("a__b", 2, 2)
    assert run("Strike out", "x", 0, 1).text == "~~x~~"
    assert run("Inline code", "x", 0, 1).text == "`x`"


def test_line_prefix_toggles_and_replaces() -> None:
    assert run("Heading 1", "title\nbody", 2).text == "# title\nbody"
    assert run("Heading 2", "# title", 3).text == "## title"
    assert run("Heading 2", "## title", 4).text == "title"
    assert run("Unordered list", "a\nb", 0, 3).text == "- a\n- b"
    assert run("Check list", "- a", 2).text == "- [ ] a"
    assert run("Quote", "q", 0).text == "> q"


def test_lines_move_delete_indent() -> None:
    assert run("Move text one line up", "a\nb\nc", 2).text == "b\na\nc"
    assert run("Move text one line down", "a\nb\nc", 0).text == "b\na\nc"
    assert run("Move text one line up", "a\nb", 0).text == "a\nb"
    assert run("Delete lines", "a\nb\nc", 2).text == "a\nc"
    assert run("Delete lines", "a\nb", 2).text == "a"
    assert run("Delete lines", "only", 1).text == ""
    assert run("Indent", "x", 0).text == "    x"
    assert run("De-indent", "      x", 0).text == "  x"
    assert run("Start new line below", "ab\ncd", 1) == Edit("ab\n\ncd", 3, 3)
    assert run("Date and time", "ab", 1).text == "a2023-10-15 15:34b"


def test_bad_selection_named() -> None:
    with pytest.raises(ValueError, match="5..9"):
        Edit("abc", 5, 9)


@given(st.text(alphabet="ab \n#-", max_size=20), st.data())
def test_every_action_keeps_selection_valid(text: str, data) -> None:
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    for name, act in ACT.items():
        out = act(Edit(text, start, end))  # Edit validates the selection
        assert isinstance(out.text, str), name
