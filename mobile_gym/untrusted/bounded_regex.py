"""Regular expressions from untrusted text (a shell user's `grep` pattern), searched under a
deadline.

Python's `re` cannot be stopped once a search starts, and `(a|aa)+$` backtracks for minutes on
55 characters. `BoundedPattern` keeps `re` syntax but searches with the `regex` module, which
takes a timeout and releases the GIL while it searches (other threads, such as adb-serve's
other connections, keep running). Every search of one pattern shares one deadline, so many
fast lines cannot add up to a stall either. (One search is stopped by the `regex` module, which
measures its timeout in process CPU time: on a loaded host it ends later by the wall clock.) The `regex` module expands counted repeats when it
compiles, so `(?:(?:a{1000}){1000}){1000}` would exhaust memory: patterns whose expansion is
over MAX_EXPANSION are refused before compiling.
"""

from __future__ import annotations

import re
import re._parser as _sre_parse  # the parse tree `re` itself builds (no compilation)
import time
from collections.abc import Iterator
from typing import Any

import regex

__all__ = ["MAX_EXPANSION", "BoundedPattern", "PatternTooLarge", "SearchTimeout", "expansion", "regex_flags"]

#: Most pattern items a pattern may stand for once its counted repeats are written out.
MAX_EXPANSION = 100_000


class SearchTimeout(ValueError):
    """A pattern's searches ran past their deadline."""


class PatternTooLarge(ValueError):
    """A pattern's counted repeats expand past MAX_EXPANSION items."""


def expansion(pattern: str, flags: int = 0) -> int:
    """How many items `pattern` stands for with its counted repeats written out (`a{3}` is 3,
    `(?:ab){2}{3}` is 12; an unbounded repeat counts its minimum, at least once). Raises
    re.error for invalid syntax."""
    return _weight(_sre_parse.parse(pattern, flags))


def _weight(items: Any) -> int:
    total = 0
    for op, arg in items:
        name = str(op)
        if name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            low, high, sub = arg
            count = low if high == _sre_parse.MAXREPEAT else high
            total += max(1, count) * _weight(sub)
        elif name == "SUBPATTERN":
            total += _weight(arg[-1])
        elif name == "BRANCH":
            total += sum(_weight(branch) for branch in arg[1])
        elif name in ("ASSERT", "ASSERT_NOT"):
            total += _weight(arg[1])
        elif name == "ATOMIC_GROUP":
            total += _weight(arg)
        elif name == "GROUPREF_EXISTS":
            total += _weight(arg[1]) + (_weight(arg[2]) if arg[2] else 0)
        else:
            total += 1
        if total > MAX_EXPANSION:
            return total
    return total


class BoundedPattern:
    """`re`-syntax pattern whose searches all end by one deadline (`time.monotonic()` value).

    Raises re.error for invalid syntax and PatternTooLarge before compiling a pattern that
    expands too far; `search`, `match` and `finditer` raise SearchTimeout past the deadline."""

    def __init__(self, pattern: str, flags: int = 0, *, deadline: float) -> None:
        size = expansion(pattern, flags)
        if size > MAX_EXPANSION:
            raise PatternTooLarge(f"pattern expands to over {MAX_EXPANSION:,} items once its "
                                  "counted repeats are written out")
        self.pattern = pattern
        self.deadline = deadline
        try:
            self._compiled = regex.compile(pattern, regex_flags(flags))
        except regex.error as exc:  # accepted by re, refused by regex: rare
            raise re.error(str(exc), pattern) from None

    def _timeout(self) -> float:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise self._expired()
        return left

    def _expired(self) -> SearchTimeout:
        return SearchTimeout(f"pattern {self.pattern!r} ran out of time (it backtracks too much)")

    def search(self, text: str) -> Any:
        try:
            return self._compiled.search(text, timeout=self._timeout(), concurrent=True)
        except TimeoutError:
            raise self._expired() from None

    def match(self, text: str) -> Any:
        try:
            return self._compiled.match(text, timeout=self._timeout(), concurrent=True)
        except TimeoutError:
            raise self._expired() from None

    def finditer(self, text: str) -> Iterator[Any]:
        try:
            yield from self._compiled.finditer(text, timeout=self._timeout(), concurrent=True)
        except TimeoutError:
            raise self._expired() from None


def regex_flags(flags: int) -> int:
    """The `regex` module's flags for `re` flags (their values differ)."""
    out = 0
    for re_flag, regex_flag in ((re.IGNORECASE, regex.IGNORECASE), (re.MULTILINE, regex.MULTILINE),
                                (re.DOTALL, regex.DOTALL), (re.VERBOSE, regex.VERBOSE),
                                (re.ASCII, regex.ASCII)):
        if flags & re_flag:
            out |= regex_flag
    return out
