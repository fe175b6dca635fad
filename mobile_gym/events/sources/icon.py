"""icon_recognize / icon_detect / icon_match / icon_detect_match sources (one code path each).

The region (normalised rect, whole screen when absent) is cropped from the step's screenshot and
handed to the IconModel. Raw inputs: recognize -> the recognised class; detect -> (class, box)
per detected icon; match -> whether the reference matches; detect_match -> the box of each
place the reference appears. The match value is True (as in Mobile-Env).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import numpy as np

from mobile_gym.events.errors import ModelUnavailableError, TaskCompileError
from mobile_gym.events.icon_model import IconModel, load_asset_image
from mobile_gym.events.matchers import NO_MATCH
from mobile_gym.events.sources.base import Context, Repeat, Source, SourceSpec, rect_to_box

__all__ = ["IconSource"]


class IconSource(Source):
    kinds = ("icon_recognize", "icon_detect", "icon_match", "icon_detect_match")
    needs = "icon"

    @classmethod
    def from_proto(cls, spec: SourceSpec) -> IconSource:
        ev, at, tools = spec.event, spec.where, spec.tools
        rect = tools.rect(ev, at)
        if spec.kind in ("icon_recognize", "icon_detect"):
            name = getattr(ev, "class")
            if not name:
                raise TaskCompileError(f"{at}: icon class is empty")
            model = tools.icon_model()
            if name not in model.classes():
                raise ModelUnavailableError(
                    f"{at}: the icon model has no templates for class {name!r} (known: "
                    f"{', '.join(sorted(model.classes())) or 'none'}); put images under "
                    f"<task dir>/icons/{name}/ or pass icon_model=TemplateIconModel(...)")
            return cls(spec.node_id, spec.repeat, at, kind=spec.kind, rect=rect, model=model,
                       class_name=name)
        if not ev.path:
            raise TaskCompileError(f"{at}: icon path is empty")
        return cls(spec.node_id, spec.repeat, at, kind=spec.kind, rect=rect, model=tools.icon_model(),
                   reference=load_asset_image(tools.assets, ev.path, where=at))

    def __init__(self, node_id: int, repeat: Repeat, where: str, *, kind: str,
                 rect: tuple[float, float, float, float], model: IconModel,
                 class_name: str = "", reference: np.ndarray | None = None) -> None:
        super().__init__(node_id, repeat, where)
        self.kind = kind
        self.rect = rect
        self.model = model
        self.class_name = class_name
        self.reference = reference

    def _crop(self, ctx: Context) -> tuple[tuple[int, int, int, int], np.ndarray]:
        box = rect_to_box(self.rect, ctx.screen_size())
        img = ctx.screenshot()
        h, w = img.shape[:2]
        sx, sy = w / ctx.screen_size()[0], h / ctx.screen_size()[1]
        l, t = max(0, int(box[0] * sx)), max(0, int(box[1] * sy))
        r, b = min(w, int(np.ceil(box[2] * sx))), min(h, int(np.ceil(box[3] * sy)))
        return (l, t, r, b), img[t:b, l:r]

    def raw_inputs(self, ctx: Context) -> list[Hashable]:
        if self.kind in ("icon_recognize", "icon_detect"):
            key = (self.kind, self.rect, id(self.model))
            cached = ctx.memo(key)
            if cached is None:
                (l, t, _, _), crop = self._crop(ctx)
                if crop.size == 0:
                    cached = []
                elif self.kind == "icon_recognize":
                    cached = [self.model.recognize(crop)]
                else:
                    cached = [(h.class_name, (h.box[0] + l, h.box[1] + t, h.box[2] + l, h.box[3] + t))
                              for h in self.model.detect(crop)]
                ctx.set_memo(key, cached)
            return cached
        (l, t, _, _), crop = self._crop(ctx)
        if crop.size == 0:
            return []
        assert self.reference is not None
        if self.kind == "icon_match":
            return [bool(self.model.match(crop, self.reference))]
        return [(h.box[0] + l, h.box[1] + t, h.box[2] + l, h.box[3] + t)
                for h in self.model.detect_match(crop, self.reference)]

    def match(self, raw: Any, ctx: Context) -> Any:
        if self.kind == "icon_recognize":
            return True if raw == self.class_name else NO_MATCH
        if self.kind == "icon_detect":
            return True if raw[0] == self.class_name else NO_MATCH
        if self.kind == "icon_match":
            return True if raw else NO_MATCH
        return True
