"""log_event sources: each source's own logcat `TAG:PRIORITY` filters, then a regex on the message.

Mobile-Env merged every log source's filters into one `adb logcat` command, so every log source
saw every line of every filtered tag. Here each source applies its own filters to each line,
with logcat's rules: a line passes if its tag's entry (or the `*` entry) allows its priority;
tags not listed are silent when any filter is given; `S` silences; no filters = every line.
The rule for a valid spec is `mobile_gym.tasks.logcat_filters`, which the task checker uses too,
so a file the checker accepts compiles here.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from mobile_gym.device.base import LogLine
from mobile_gym.events.errors import TaskCompileError
from mobile_gym.events.matchers import NO_MATCH
from mobile_gym.events.sources.base import Context, Repeat, Source, SourceSpec
from mobile_gym.tasks.logcat_filters import LEVELS as _LEVELS
from mobile_gym.tasks.logcat_filters import filter_spec_problem, split_spec
from mobile_gym.tasks.patterns import compiled

__all__ = ["LogFilter", "LogMatcher", "LogSource", "parse_filters"]



@dataclass(frozen=True)
class LogFilter:
    """Parsed filter specs: tag -> minimum level; `default` for other tags (None = no filtering)."""

    by_tag: tuple[tuple[str, int], ...]
    default: int | None

    def accepts(self, line: LogLine) -> bool:
        if self.default is None and not self.by_tag:
            return True
        level = _LEVELS.get(line.priority.upper()[:1], 0) if line.priority else 0
        for tag, minimum in self.by_tag:
            if tag == line.tag:
                return minimum < 6 and level >= minimum
        if self.default is None:
            return False
        return self.default < 6 and level >= self.default


def parse_filters(specs: Sequence[str], *, where: str) -> LogFilter:
    """Parse `TAG:P` specs (P in V D I W E F S; `TAG` alone = `TAG:V`; `*:P` for other tags)."""
    by_tag: dict[str, int] = {}
    default: int | None = None
    for spec in specs:
        for part in spec.split():
            split = split_spec(part)
            if split is None:
                raise TaskCompileError(f"{where}: {filter_spec_problem(spec)}")
            tag, prio = split
            if tag == "*":
                default = _LEVELS[prio]
            else:
                by_tag[tag] = _LEVELS[prio]
    if by_tag and default is None:
        default = 6  # like Mobile-Env's trailing `*:S`
    return LogFilter(tuple(by_tag.items()), default)


class LogMatcher:
    """Filter + regex (MULTILINE `re.search` on the message); value = tuple of groups."""

    def __init__(self, filters: Sequence[str], pattern: str, *, where: str) -> None:
        self.filter = parse_filters(filters, where=where)
        try:
            self.regex = compiled(pattern, re.MULTILINE)  # shared: a TaskPattern never changes
        except re.error as exc:
            raise TaskCompileError(f"{where}: invalid regular expression {pattern!r}: {exc}") from None

    def raw_inputs(self, lines: Sequence[LogLine]) -> list[str]:
        accepts = self.filter.accepts
        return [line.message for line in lines if accepts(line)]

    def match(self, message: str) -> Any:
        m = self.regex.search(message)
        return m.groups() if m is not None else NO_MATCH


class LogSource(Source):
    """A log_event source: this step's new lines that pass its filters, regex on the message."""

    kinds = ("log_event",)
    kind = "log_event"
    needs = "log"
    stream = True

    @classmethod
    def from_proto(cls, spec: SourceSpec) -> LogSource:
        return cls(spec.node_id, spec.repeat, spec.where, filters=list(spec.event.filters),
                   pattern=spec.event.pattern)

    def __init__(self, node_id: int, repeat: Repeat, where: str, *, filters: Sequence[str], pattern: str) -> None:
        super().__init__(node_id, repeat, where)
        self.matcher = LogMatcher(filters, pattern, where=where)

    def raw_inputs(self, ctx: Context) -> list[Hashable]:
        return self.matcher.raw_inputs(ctx.log_lines)  # type: ignore[return-value]

    def match(self, raw: Any, ctx: Context) -> Any:
        return self.matcher.match(raw)
