"""Regular expressions from task files, with a time limit on every search.

A task's pattern meets text the task does not control (log lines, screen text, file contents),
so a pattern that backtracks catastrophically, such as `(a|aa)+$`, could stall a step for
minutes. Patterns keep Python's `re` syntax (they are validated with `re.compile`) and run on
the `regex` module, whose searches take a timeout: one longer than MATCH_SECONDS raises
PatternTimeout, naming the pattern.
"""

from __future__ import annotations

import functools
import re
from typing import Any

import regex

from mobile_gym.untrusted.bounded_regex import regex_flags as _regex_flags

__all__ = ["MATCH_SECONDS", "PatternTimeout", "TaskPattern", "compiled", "search"]

#: Longest time one search of one text may take.
MATCH_SECONDS = 0.5


class PatternTimeout(ValueError):
    """A task pattern took longer than MATCH_SECONDS on one text."""


class TaskPattern:
    """A compiled task regex; `search` answers like `re.Pattern.search` or raises PatternTimeout.

    `flags` are `re` flags (MULTILINE, IGNORECASE, DOTALL); invalid syntax raises `re.error`."""

    __slots__ = ("_compiled", "_linear", "groups", "pattern")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        plain = re.compile(pattern, flags)  # the syntax tasks are written in; raises re.error
        self.pattern = pattern
        self.groups: int = plain.groups
        # Without quantifiers, alternation or groups a search cannot backtrack badly: `re` runs
        # it directly (about 5x faster than a search with a timeout).
        self._linear = plain if _LINEAR.fullmatch(pattern) else None
        self._compiled = None
        if self._linear is None:
            try:
                self._compiled = regex.compile(pattern, _regex_flags(flags))
            except regex.error as exc:  # accepted by re, refused by regex: rare, reported alike
                raise re.error(str(exc), pattern) from None

    def search(self, text: str) -> Any:
        """The first match in `text` (a match object with `group`, `groups`, `span`) or None."""
        return self.call("search", text)

    def call(self, method: str, *args: Any, **kwargs: Any) -> Any:
        """`re.Pattern.<method>(*args)` (search, match, fullmatch, findall; sub takes the
        replacement first), stopped after MATCH_SECONDS."""
        if self._linear is not None:
            return getattr(self._linear, method)(*args, **kwargs)
        try:
            return getattr(self._compiled, method)(*args, timeout=MATCH_SECONDS, **kwargs)
        except TimeoutError:
            subject = args[1] if method == "sub" else args[0]
            raise PatternTimeout(
                f"pattern {self.pattern!r} took longer than {MATCH_SECONDS} s on a text of "
                f"{len(subject)} characters (it backtracks too much; make it more specific)") from None

    def __repr__(self) -> str:
        return f"TaskPattern({self.pattern!r})"


# A pattern made of literal characters, escapes, classes, `.` and anchors only.
_LINEAR = re.compile(r"(?:[^\\*+?{}()|\[]|\\.|\[(?:\\.|[^\]\\])*\])*", re.DOTALL)


@functools.lru_cache(maxsize=512)
def compiled(pattern: str, flags: int = 0) -> TaskPattern:
    """`TaskPattern(pattern, flags)`, shared: validators and transformations use the same few
    patterns every step (a TaskPattern never changes once built)."""
    return TaskPattern(pattern, flags)


def search(pattern: str, text: str, flags: int = 0) -> Any:
    """`compiled(pattern, flags).search(text)`, for the validators' regex checks."""
    return compiled(pattern, flags).search(text)
