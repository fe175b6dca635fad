"""The text blocks the note viewer shows for a Markdown body: a heading without its `#`s, a list
item without its marker, a to-do item with its box state, paragraphs as written."""

from __future__ import annotations

import re
from dataclasses import dataclass

_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_CHECK = re.compile(r"^\s*[-*+]\s+\[([ xX])\]\s+(.*)$")
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(.*)$")


@dataclass(frozen=True)
class Block:
    """One rendered line: `kind` is "heading", "item", "check" or "text"; `level` is the
    heading level; `checked` the to-do item's box."""

    kind: str
    text: str
    level: int = 0
    checked: bool = False


def blocks(body: str) -> list[Block]:
    """The body's non-empty lines as rendered blocks, in order."""
    out: list[Block] = []
    for line in body.splitlines():
        if not line.strip():
            continue
        if m := _HEADING.match(line):
            out.append(Block("heading", m.group(2).strip(), level=len(m.group(1))))
        elif m := _CHECK.match(line):
            out.append(Block("check", m.group(2).strip(), checked=m.group(1) != " "))
        elif m := _BULLET.match(line):
            out.append(Block("item", m.group(1).strip()))
        else:
            out.append(Block("text", line.strip()))
    return out
