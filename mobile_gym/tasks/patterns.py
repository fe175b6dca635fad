r"""Regular expressions from task files, with a time limit on every search.

A task's pattern meets text the task does not control (log lines, screen text, file contents),
so a pattern that backtracks catastrophically, such as `(a|aa)+$`, could stall a step for
minutes. Patterns keep Python's `re` syntax (they are validated with `re.compile`) and run on
the `regex` module, whose searches take a timeout: one longer than MATCH_SECONDS raises
PatternTimeout, naming the pattern.

Before anything is compiled, a pattern is refused (`re.error`) when

* its bounded repeats, written out, would exceed MAX_PATTERN_EXPANSION items: the `regex`
  module unrolls counted repeats when it compiles, so the 31 characters
  `(?:(?:(?:a{1000}){1000}){1000})` would ask for 10^9 nodes and exhaust memory. The size is
  counted on the parsed pattern (`pattern_expansion`): every literal, class or other atom counts
  1 times the product of the counts of the repeats around it (`{m,n}` counts n, `{m,}`, `*`,
  `+` count max(m, 1)), alternatives add up. Ordinary patterns are far below the limit
  (`\d{4}-\d{2}-\d{2}` is 10);
* its flags are not among IGNORECASE, MULTILINE, DOTALL, VERBOSE, ASCII and UNICODE (`re.DEBUG`
  would print the compiled program to stdout every time).
"""

from __future__ import annotations

import functools
import re
from typing import Any

import regex

from mobile_gym.untrusted.bounded_regex import MAX_EXPANSION, expansion
from mobile_gym.untrusted.bounded_regex import regex_flags as _regex_flags

__all__ = ["MATCH_SECONDS", "MAX_PATTERN_EXPANSION", "PatternTimeout", "TaskPattern", "compiled",
           "pattern_expansion", "pattern_problem", "search"]

#: Longest time one search of one text may take.
MATCH_SECONDS = 0.5

#: Most atoms a pattern may have once its counted repeats are written out (see the module
#: docstring); `regex` compiles 100 000 in about 20 ms.
MAX_PATTERN_EXPANSION = MAX_EXPANSION

#: The `re` flags a task pattern may use.
ALLOWED_FLAGS = int(re.IGNORECASE | re.MULTILINE | re.DOTALL | re.VERBOSE | re.ASCII | re.UNICODE)


class PatternTimeout(ValueError):
    """A task pattern took longer than MATCH_SECONDS on one text."""


class TaskPattern:
    """A compiled task regex; `search` answers like `re.Pattern.search` or raises PatternTimeout.

    `flags` are `re` flags (MULTILINE, IGNORECASE, DOTALL); invalid syntax raises `re.error`."""

    __slots__ = ("_compiled", "_linear", "_literal", "groups", "pattern")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        problem = pattern_problem(pattern, flags)
        if problem is not None:
            raise re.error(problem)
        # A literal text, perhaps between anchors (`^...$` of an escaped text: what the task
        # families write for "this field shows this text"), is valid and group-less as it is:
        # it is compiled only once a text contains the literal (before, no search can match),
        # so a task whose texts change every seed does not compile patterns it never meets.
        literal = _LITERAL.fullmatch(pattern) if flags == 0 and isinstance(pattern, str) else None
        self._literal: str | None = None
        if literal is not None:
            self.pattern = pattern
            self.groups = 0
            self._literal = _UNESCAPE.sub(r"\1", literal.group(1))
            self._linear = self._compiled = None
            return
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
        if self._literal is not None and self._literal not in text:
            return None  # every match contains the literal
        return self.call("search", text)

    def call(self, method: str, *args: Any, seconds: float = MATCH_SECONDS, **kwargs: Any) -> Any:
        """`re.Pattern.<method>(*args)` (search, match, fullmatch, findall; sub takes the
        replacement first), stopped after `seconds` (at most MATCH_SECONDS)."""
        if self._linear is None and self._literal is not None:  # a literal's first use
            self._linear = re.compile(self.pattern)
        if self._linear is not None:
            return getattr(self._linear, method)(*args, **kwargs)
        limit = min(seconds, MATCH_SECONDS)
        try:
            return getattr(self._compiled, method)(*args, timeout=max(limit, 1e-3), **kwargs)
        except TimeoutError:
            subject = args[1] if method == "sub" else args[0]
            raise PatternTimeout(
                f"pattern {self.pattern!r} took longer than {limit:g} s on a text of "
                f"{len(subject)} characters (it backtracks too much; make it more specific)") from None

    def __repr__(self) -> str:
        return f"TaskPattern({self.pattern!r})"


# A literal: characters without a meaning in a pattern and escaped punctuation (what
# `re.escape` writes), perhaps after `^` and before `$`; group 1 is the escaped text.
_LITERAL = re.compile(r"\^?((?:[^.^$*+?{}\[\]\\|()]|\\[ -/:-@\[-`{-~])*)\$?", re.DOTALL)
_UNESCAPE = re.compile(r"\\(.)", re.DOTALL)

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


def pattern_problem(pattern: str, flags: int = 0) -> str | None:
    """Why `pattern` (with `re` flags `flags`) may not be compiled, or None: flags outside
    ALLOWED_FLAGS, or an expansion over MAX_PATTERN_EXPANSION. Syntax errors are left to
    `re.compile` (None is returned for them)."""
    if not isinstance(flags, int):
        return f"regex flags must be re flag values, got {type(flags).__name__} {flags!r}"
    if flags & ~ALLOWED_FLAGS:
        try:
            bad = repr(re.RegexFlag(flags & ~ALLOWED_FLAGS))
        except ValueError:
            bad = hex(flags & ~ALLOWED_FLAGS)
        return (f"regex flags {bad} are not allowed in a task pattern (allowed: IGNORECASE, "
                "MULTILINE, DOTALL, VERBOSE, ASCII, UNICODE)")
    if isinstance(pattern, str) and len(pattern) <= MAX_PATTERN_EXPANSION \
            and _LINEAR.fullmatch(pattern):
        return None  # no repeat: at most one item per character (and no parse needed)
    try:
        size = pattern_expansion(pattern, flags)
    except (re.error, RecursionError, OverflowError, ValueError, TypeError):
        return None
    if size > MAX_PATTERN_EXPANSION:
        shown = pattern if len(pattern) <= 200 else pattern[:200] + "…"
        return (f"pattern {shown!r} is too large once its counted repeats are written out (more "
                f"than MAX_PATTERN_EXPANSION = {MAX_PATTERN_EXPANSION:,} items; a repeat inside "
                "a repeat multiplies: (?:a{1000}){1000} is 1,000,000); use fewer or smaller "
                "counts, or * and +")
    return None


def pattern_expansion(pattern: str, flags: int = 0) -> int:
    """How many atoms `pattern` has with its counted repeats written out (counting stops past
    MAX_PATTERN_EXPANSION); `untrusted.bounded_regex.expansion`, shared with the simulator's
    grep. Raises re.error for invalid syntax."""
    return expansion(pattern, flags)
