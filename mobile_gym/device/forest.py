"""The all-windows accessibility forest, built from what `uiautomator dump --windows` writes.

A real Android 13 device gives every accessibility window (the app or its dialog, the
keyboard, the status and navigation bars) only through `uiautomator dump --windows`, whose
format is `<displays><display id="0"><window ...><hierarchy rotation="0"><node .../>
</hierarchy></window>...`, top window first. The forest is the same trees in the classic
dialect that selectors and parsers already read: one `<hierarchy>` holding one root `<node>`
per window of display 0, top window first (the order uiautomator2's and AndroidWorld's forests
give). Both backends build it with `forest_from_windows_dump`, so the sim's forest and a real
device's are made by the same code from the same format.
"""

from __future__ import annotations

import re

HEADER = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"

# serialized attribute values never hold a raw '<' or '"' (KXmlSerializer escapes them), so
# the element boundaries can be found in the text without an XML parser
_DISPLAY = re.compile(r'<display id="(-?\d+)"(?: />|>)')
_HIERARCHY = re.compile(r'<hierarchy rotation="(-?\d+)">(.*?)</hierarchy>', re.DOTALL)
_EMPTY_HIERARCHY = re.compile(r'<hierarchy rotation="-?\d+" />')


class ForestFormatError(ValueError):
    """The text is not a `uiautomator dump --windows` file."""


def forest_from_windows_dump(xml: str, display: int = 0) -> str:
    """The forest (`<hierarchy>` with one root per window, top first) of `display` in a
    `uiautomator dump --windows` file; ForestFormatError naming what is missing."""
    start = xml.find("<displays")
    if start < 0:
        raise ForestFormatError(f"not a `uiautomator dump --windows` file (no <displays>): {xml[:80]!r}")
    body = xml[start:]
    section = ""
    marks = list(_DISPLAY.finditer(body))
    for i, m in enumerate(marks):
        if int(m.group(1)) == display:
            end = marks[i + 1].start() if i + 1 < len(marks) else len(body)
            section = body[m.end():end]
            break
    rotation = "0"
    roots: list[str] = []
    for m in _HIERARCHY.finditer(_EMPTY_HIERARCHY.sub("", section)):
        if not roots:
            rotation = m.group(1)
        roots.append(m.group(2))
    return f'{HEADER}<hierarchy rotation="{rotation}">{"".join(roots)}</hierarchy>'


__all__ = ["ForestFormatError", "forest_from_windows_dump"]
