"""Drawing a view tree with Skia, and recording what text was painted where.

A window's tree is recorded once per content version into an `skia.Picture` (device pixel
coordinates); while recording, every string painted through `paint_text` is collected as a
`TextBox` clipped to what is visible. Frames are then composed by playing the pictures back
onto a numpy-backed surface at any scale, so a 270x600 frame costs one raster pass and no
Python per view.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field

import numpy as np
import skia

from mobile_gym.device.base import TextBox

from .geometry import Rect
from .text import font, line_metrics, text_width
from .view import View


@dataclass
class DrawContext:
    """State of one recording pass: the current visible clip and the painted strings."""

    clip: Rect
    boxes: list[TextBox] = field(default_factory=list)
    draws: int = 0  # on_draw calls made during this pass


@functools.lru_cache(maxsize=256)
def fill_paint(color: int) -> skia.Paint:
    """An antialiased fill paint for an ARGB colour (shared; never mutated)."""
    return skia.Paint(Color=color & 0xFFFFFFFF, AntiAlias=True)


@functools.lru_cache(maxsize=256)
def stroke_paint(color: int, width: float) -> skia.Paint:
    """An antialiased stroke paint with round caps (shared; never mutated)."""
    return skia.Paint(Color=color & 0xFFFFFFFF, AntiAlias=True, Style=skia.Paint.kStroke_Style,
                      StrokeWidth=float(width), StrokeCap=skia.Paint.kRound_Cap,
                      StrokeJoin=skia.Paint.kRound_Join)


def srect(r: Rect) -> skia.Rect:
    return skia.Rect.MakeLTRB(r.left, r.top, r.right, r.bottom)


def paint_text(canvas: skia.Canvas, ctx: DrawContext | None, text: str, x: float, y: float, *,
               size: float, color: int = 0xFF1F1F1F, weight: str = "regular",
               align: str = "left") -> Rect:
    """Draw one line of `text` with its line box top at `y`; `x` is the left edge, centre or
    right edge for align "left" / "center" / "right". Records the visible part of the box in
    `ctx` (when given) and returns the full box."""
    if align not in ("left", "center", "right"):
        raise ValueError(f"align must be left, center or right; got {align!r}")
    w = text_width(text, size, weight)
    if align == "center":
        left = x - w / 2
    elif align == "right":
        left = x - w
    else:
        left = x
    lm = line_metrics(size, weight)
    box = Rect(int(math.floor(left)), int(math.floor(y)), int(math.ceil(left + w)),
               int(math.floor(y)) + lm.height)
    if text:
        canvas.drawString(text, left, y + lm.ascent, font(size, weight), fill_paint(color))
        if ctx is not None:
            vis = box.intersect(ctx.clip)
            if not vis.is_empty:
                ctx.boxes.append(TextBox(text, vis.left, vis.top, vis.right, vis.bottom))
    return box


def draw_background(canvas: skia.Canvas, view: View) -> None:
    bg = view.background
    if bg is None:
        return
    b = view._bounds
    r = view.corner_radius
    if r:
        canvas.drawRoundRect(srect(b), r, r, fill_paint(bg))
    else:
        canvas.drawRect(srect(b), fill_paint(bg))


def draw_tree(view: View, canvas: skia.Canvas, ctx: DrawContext) -> None:
    """Paint `view` and its visible descendants (clipped where containers clip)."""
    if view.visibility != "visible":
        return
    b = view._bounds
    clip = ctx.clip
    if not b.intersects(clip):
        return
    if view.background is not None:
        draw_background(canvas, view)
    view._ctx = ctx
    try:
        view.on_draw(canvas)
    finally:
        view._ctx = None
    ctx.draws += 1
    if view.children:
        if view.clips_children:
            canvas.save()
            canvas.clipRect(srect(b))
            ctx.clip = clip.intersect(b)
            for c in view.children:
                draw_tree(c, canvas, ctx)
            canvas.restore()
            ctx.clip = clip
        else:
            for c in view.children:
                draw_tree(c, canvas, ctx)


def record_tree(root: View, clip: Rect) -> tuple[skia.Picture, list[TextBox], int]:
    """Record `root` into a Picture in device pixels: (picture, painted text boxes, draws)."""
    rec = skia.PictureRecorder()
    canvas = rec.beginRecording(skia.Rect.MakeLTRB(clip.left, clip.top, clip.right, clip.bottom))
    ctx = DrawContext(clip=clip)
    canvas.save()
    canvas.clipRect(srect(clip))
    draw_tree(root, canvas, ctx)
    canvas.restore()
    return rec.finishRecordingAsPicture(), ctx.boxes, ctx.draws


class FrameBuffer:
    """A reusable RGBA numpy surface of one size."""

    def __init__(self, width: int, height: int) -> None:
        self.rgba = np.zeros((height, width, 4), dtype=np.uint8)
        self.surface = skia.Surface(self.rgba)
        self.canvas = self.surface.getCanvas()

    def rgb(self) -> np.ndarray:
        """A new RGB copy of the current pixels."""
        return np.ascontiguousarray(self.rgba[:, :, :3])
