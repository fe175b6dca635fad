"""text_recognize / text_detect sources.

text_recognize: the strings of all text boxes fully inside the region, in reading order, joined
with one space, give one input per step (possibly ""). text_detect: every box inside the region
is one input. Both match with the source's mode (REGEX / DIFFLIB / FUZZ / SBERT). A source
without `rect` looks at the whole screen (Mobile-Env: a zero-area region that never fires).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from mobile_gym.events.matchers import Matcher, make_matcher
from mobile_gym.events.sources.base import Context, Repeat, Source, SourceSpec, rect_to_box
from mobile_gym.events.text_model import boxes_in

__all__ = ["FULL_SCREEN", "TextSource"]

FULL_SCREEN = (0.0, 0.0, 1.0, 1.0)


class TextSource(Source):
    kinds = ("text_recognize", "text_detect")
    needs = "text"

    @classmethod
    def from_proto(cls, spec: SourceSpec) -> TextSource:
        ev = spec.event
        matcher = make_matcher(ev.mode, ev.expect, ev.threshold, where=spec.where,
                               encoder=spec.tools.sentence_encoder)
        return cls(spec.node_id, spec.repeat, spec.where, kind=spec.kind,
                   rect=spec.tools.rect(ev, spec.where), matcher=matcher)

    def __init__(self, node_id: int, repeat: Repeat, where: str, *, kind: str,
                 rect: tuple[float, float, float, float], matcher: Matcher) -> None:
        super().__init__(node_id, repeat, where)
        self.kind = kind
        self.rect = rect
        self.matcher = matcher

    def region(self, ctx: Context) -> tuple[int, int, int, int]:
        return rect_to_box(self.rect, ctx.screen_size())

    def raw_inputs(self, ctx: Context) -> list[Hashable]:
        inside = boxes_in(ctx.text_boxes(), self.region(ctx))
        if self.kind == "text_recognize":
            return [" ".join(b.text for b in inside)]
        return [b.text for b in inside]

    def match(self, raw: Any, ctx: Context) -> Any:
        return self.matcher(raw)
