"""response_event sources: the agent's textual answer of this step, matched by mode."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from mobile_gym.events.matchers import AnswerMatcher, Matcher, make_matcher
from mobile_gym.events.sources.base import Context, Repeat, Source, SourceSpec

__all__ = ["ResponseSource"]


class ResponseSource(Source):
    kinds = ("response_event",)
    kind = "response_event"
    needs = "response"
    stream = True

    @classmethod
    def from_proto(cls, spec: SourceSpec) -> ResponseSource:
        ev = spec.event
        if ev.HasField("answer"):  # a typed answer check (tasks/answers.py)
            matcher: Matcher = AnswerMatcher.from_proto(ev.answer, where=spec.where)
        else:
            matcher = make_matcher(ev.mode, ev.pattern, ev.threshold, where=spec.where,
                                   encoder=spec.tools.sentence_encoder)
        return cls(spec.node_id, spec.repeat, spec.where, matcher=matcher)

    def __init__(self, node_id: int, repeat: Repeat, where: str, *, matcher: Matcher) -> None:
        super().__init__(node_id, repeat, where)
        self.matcher = matcher

    def raw_inputs(self, ctx: Context) -> list[Hashable]:
        return [] if ctx.response is None else [ctx.response]

    def match(self, raw: Any, ctx: Context) -> Any:
        return self.matcher(raw)
