"""Markor's Markdown text-action bar as pure edits on (text, selection start, selection end).

Each action takes the editor text and selection and returns the new text and selection, as the
buttons of `MarkdownActionButtons` do: line-prefix toggles (lists, quote, headings), inline
wrappers (bold, italic, code, strike), line moves, indent and inserts. Kept free of views so the
edits are easy to test.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

INDENT = "    "  # Markor's default tab width is 4 spaces


@dataclass(frozen=True)
class Edit:
    """Editor text plus selection (start <= end; equal means a cursor)."""

    text: str
    start: int
    end: int

    def __post_init__(self) -> None:
        if not 0 <= self.start <= self.end <= len(self.text):
            raise ValueError(f"selection {self.start}..{self.end} outside text of length {len(self.text)}")


def _line_span(text: str, start: int, end: int) -> tuple[int, int]:
    """Start of the first selected line and end (before newline) of the last selected line."""
    ls = text.rfind("\n", 0, start) + 1
    le = text.find("\n", end)
    return ls, (len(text) if le < 0 else le)


def _map_lines(e: Edit, fn: Callable[[str], str]) -> Edit:
    ls, le = _line_span(e.text, e.start, e.end)
    lines = e.text[ls:le].split("\n")
    new_block = "\n".join(fn(line) for line in lines)
    text = e.text[:ls] + new_block + e.text[le:]
    delta = len(new_block) - (le - ls)
    if len(lines) == 1:
        first_delta = delta
        start = max(ls, e.start + first_delta)
        end = max(ls, e.end + delta)
    else:
        start, end = ls, le + delta
    return Edit(text, min(start, len(text)), min(end, len(text)))




def _toggle_prefix(prefix: str, family: re.Pattern[str]) -> Callable[[str], str]:
    def fn(line: str) -> str:
        m = family.match(line)
        indent, current = (m.group(1), m.group(2)) if m else ("", None)
        body = line[len(indent) + (len(current) if current else 0):]
        if current == prefix:
            return indent + body
        return indent + prefix + body
    return fn


_HEADING = re.compile(r"^(\s*)(#{1,6} )?")
_LISTS = re.compile(r"^(\s*)(- \[[ xX]\] |[-*+] |\d+[.)] )?")
_QUOTE = re.compile(r"^(\s*)(> )?")


def line_prefix(prefix: str, family: re.Pattern[str]) -> Callable[[Edit], Edit]:
    """Toggle `prefix` on the selected lines, replacing another prefix of the same family."""
    return lambda e: _map_lines(e, _toggle_prefix(prefix, family))


def wrap(marker: str) -> Callable[[Edit], Edit]:
    """Surround the selection with `marker` (or insert a pair and put the cursor between)."""
    def act(e: Edit) -> Edit:
        sel = e.text[e.start:e.end]
        text = e.text[:e.start] + marker + sel + marker + e.text[e.end:]
        return Edit(text, e.start + len(marker), e.end + len(marker))
    return act


def insert(snippet: str) -> Callable[[Edit], Edit]:
    """Replace the selection with `snippet`, cursor after it."""
    def act(e: Edit) -> Edit:
        text = e.text[:e.start] + snippet + e.text[e.end:]
        pos = e.start + len(snippet)
        return Edit(text, pos, pos)
    return act


def indent(e: Edit) -> Edit:
    return _map_lines(e, lambda line: INDENT + line)


def deindent(e: Edit) -> Edit:
    def fn(line: str) -> str:
        n = len(line) - len(line.lstrip(" "))
        return line[min(n, len(INDENT)):]
    return _map_lines(e, fn)


def delete_lines(e: Edit) -> Edit:
    """Remove the selected lines (with one adjacent newline)."""
    ls, le = _line_span(e.text, e.start, e.end)
    if le < len(e.text):
        text = e.text[:ls] + e.text[le + 1:]
    elif ls > 0:
        text = e.text[:ls - 1]
        ls -= 1
        ls = e.text.rfind("\n", 0, ls) + 1
    else:
        text = ""
    pos = min(ls, len(text))
    return Edit(text, pos, pos)


def new_line_below(e: Edit) -> Edit:
    """Start a new empty line after the current one and put the cursor there."""
    _ls, le = _line_span(e.text, e.start, e.end)
    text = e.text[:le] + "\n" + e.text[le:]
    return Edit(text, le + 1, le + 1)


def _move(e: Edit, up: bool) -> Edit:
    ls, le = _line_span(e.text, e.start, e.end)
    if up:
        if ls == 0:
            return e
        ps = e.text.rfind("\n", 0, ls - 1) + 1
        prev = e.text[ps:ls - 1]
        block = e.text[ls:le]
        text = e.text[:ps] + block + "\n" + prev + e.text[le:]
        shift = -(len(prev) + 1)
    else:
        if le >= len(e.text):
            return e
        ne = e.text.find("\n", le + 1)
        ne = len(e.text) if ne < 0 else ne
        nxt = e.text[le + 1:ne]
        block = e.text[ls:le]
        text = e.text[:ls] + nxt + "\n" + block + e.text[ne:]
        shift = len(nxt) + 1
    return Edit(text, e.start + shift, e.end + shift)


def move_up(e: Edit) -> Edit:
    return _move(e, up=True)


def move_down(e: Edit) -> Edit:
    return _move(e, up=False)


TABLE_SNIPPET = "| Column 1 | Column 2 |\n|---|---|\n|  |  |\n"
ACCORDION_SNIPPET = "<details markdown='1'><summary>Click to expand</summary>\n\n</details>\n"


def actions(datetime_text: str) -> dict[str, Callable[[Edit], Edit]]:
    """Content-desc of each text-action button -> its edit, in the bar's order.

    `datetime_text` is what "Date and time" inserts (device time, formatted by the caller).
    """
    return {
        "Check list": line_prefix("- [ ] ", _LISTS),
        "Unordered list": line_prefix("- ", _LISTS),
        "Bold": wrap("**"),
        "Italic": wrap("_"),
        "Delete lines": delete_lines,
        "Date and time": insert(datetime_text),
        "Inline code": wrap("`"),
        "Ordered list": line_prefix("1. ", _LISTS),
        "Table": insert(TABLE_SNIPPET),
        "Quote": line_prefix("> ", _QUOTE),
        "Heading 1": line_prefix("# ", _HEADING),
        "Heading 2": line_prefix("## ", _HEADING),
        "Heading 3": line_prefix("### ", _HEADING),
        "Horizontal line": insert("\n----\n"),
        "Strike out": wrap("~~"),
        "Accordion": insert(ACCORDION_SNIPPET),
        "Indent": indent,
        "De-indent": deindent,
        "Start new line below": new_line_below,
        "Move text one line up": move_up,
        "Move text one line down": move_down,
    }
