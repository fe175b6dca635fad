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
        self._matches: dict[str, Any] = {}
        self._region: tuple[tuple[int, int], tuple[int, int, int, int]] | None = None  # (size, box)

    def region(self, ctx: Context) -> tuple[int, int, int, int]:
        size = ctx.screen_size()
        known = self._region
        if known is None or known[0] != size:
            known = self._region = (size, rect_to_box(self.rect, size))
        return known[1]

    def raw_inputs(self, ctx: Context) -> list[Hashable]:
        region = self.region(ctx)
        memo = ctx.text_memo()
        key = (self, region)
        raws = memo.get(key)
        if raws is None:
            inside = boxes_in(ctx.text_boxes(), region)
            if self.kind == "text_recognize":
                raws = [" ".join(b.text for b in inside)]
            else:
                raws = [b.text for b in inside]
            memo[key] = raws
        return raws

    def match(self, raw: Any, ctx: Context) -> Any:
        # a matcher is a pure function of the text and its values are immutable: the same
        # strings on screen step after step are matched once
        value = self._matches.get(raw, _UNMATCHED)
        if value is _UNMATCHED:
            value = self.matcher(raw)
            if len(self._matches) >= _MATCH_MEMO:
                self._matches.clear()
            self._matches[raw] = value
        return value


_UNMATCHED = object()
_MATCH_MEMO = 1024  # texts whose match value a source remembers
