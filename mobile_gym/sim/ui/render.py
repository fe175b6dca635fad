"""Drawing a view tree with Skia, and recording what text was painted where.

Every view keeps a display list (`skia.Picture`, view-local coordinates) of itself and its
subtree, re-recorded only when something in that subtree changed; while recording, strings
painted through `paint_text` are kept as view-local `TextBox`es. Frames are composed by
playing the root pictures back onto a numpy-backed surface at any scale, so a 270x600 frame
costs one raster pass and Python work only for the views that changed.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np
import skia

from mobile_gym.device.base import TextBox
from mobile_gym.pixels import convert_colour

from .geometry import Rect
from .text import draw_text, line_metrics, text_width
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
def rect_paint(color: int) -> skia.Paint:
    """A non-antialiased fill paint for axis-aligned rectangles (much cheaper to raster at
    fractional scales; edges snap to pixels)."""
    return _rect_paint(color & 0xFFFFFFFF)


@functools.lru_cache(maxsize=256)
def _rect_paint(color: int) -> skia.Paint:
    return skia.Paint(Color=color, AntiAlias=False)


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
        draw_text(canvas, text, left, y + lm.ascent, size, weight, fill_paint(color))
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
        canvas.drawRect(srect(b), rect_paint(bg))


def _nothing() -> skia.Picture:
    recorder = skia.PictureRecorder()
    recorder.beginRecording(skia.Rect.MakeWH(0, 0))
    return recorder.finishRecordingAsPicture()


#: The picture of a view that draws nothing (shared, never drawn: playing it back paints nothing).
NOTHING = _nothing()


def view_picture(view: View, stats: DrawContext) -> skia.Picture:
    """The cached display list of `view` and its subtree in view-local coordinates
    (like Android's RenderNode). Re-recorded only when something in the subtree changed or
    the view's size changed; clean children are replayed from their own cached pictures.
    Like Android's default clipChildren, everything a view draws is clipped to its bounds;
    children outside a view's bounds are not recorded at all."""
    b = view._bounds
    w = b.right - b.left
    h = b.bottom - b.top
    key = (view._sv, w, h)
    cached = view._pic
    if cached is not None and cached[0] == key:
        return cached[1]
    if not view.children and view.background is None and type(view).on_draw is View.on_draw:
        # draws nothing (a plain View: a clickable cell, a spacer): the shared empty picture,
        # which parents leave out
        stats.draws += 1
        view._pic = (key, NOTHING, ())
        return NOTHING
    rec = skia.PictureRecorder()
    canvas = rec.beginRecording(skia.Rect.MakeWH(max(w, 0), max(h, 0)))
    canvas.clipRect(skia.Rect.MakeWH(max(w, 0), max(h, 0)))
    canvas.translate(-b.left, -b.top)
    if view.background is not None:
        draw_background(canvas, view)
    ctx = DrawContext(clip=_HUGE)
    view._ctx = ctx
    try:
        view.on_draw(canvas)
    finally:
        view._ctx = None
    stats.draws += 1
    local = [TextBox(t.text, t.left - b.left, t.top - b.top, t.right - b.left, t.bottom - b.top)
             for t in ctx.boxes]
    for c in view.children:
        if c.visibility != "visible":
            continue
        cb = c._bounds
        if not cb.intersects(b):
            continue
        pic = view_picture(c, stats)
        if pic is not NOTHING:
            canvas.drawPicture(pic, skia.Matrix.Translate(cb.left, cb.top))
    pic = rec.finishRecordingAsPicture()
    view._pic = (key, pic, local)
    return pic


_HUGE = Rect(-(1 << 30), -(1 << 30), 1 << 30, 1 << 30)


def collect_text_boxes(view: View, clip: Rect, out: list[TextBox]) -> None:
    """Append the visible parts of the strings painted by `view`'s subtree (absolute px),
    clipped like the drawing: by the view's own bounds and all its ancestors'.
    Call after `view_picture` has recorded the tree. Cached per view while the subtree,
    its position and the clip are unchanged."""
    if view.visibility != "visible":
        return
    b = view._bounds
    if not b.intersects(clip):
        return
    key = (view._sv, b, clip)
    cached = view._box_cache
    if cached is not None and cached[0] == key:
        out.extend(cached[1])
        return
    mine: list[TextBox] = []
    pic = view._pic
    clip = clip.intersect(b)
    if pic is not None:
        for t in pic[2]:
            r = Rect(t.left + b.left, t.top + b.top, t.right + b.left, t.bottom + b.top).intersect(clip)
            if not r.is_empty:
                mine.append(TextBox(t.text, r.left, r.top, r.right, r.bottom))
    for c in view.children:
        collect_text_boxes(c, clip, mine)
    view._box_cache = (key, mine)
    out.extend(mine)


TILE_COLUMNS = 2
TILE_ROWS = 4


class FrameBuffer:
    """A reusable RGBA numpy surface of one size, split into a fixed grid of tiles.

    Every frame is drawn tile by tile, each tile clipped to its own rectangle, so a tile's
    pixels depend only on the content and never on which other tiles were redrawn: a
    partial redraw (only the tiles that changed) is byte-identical to a full one. `damage`
    lists the screen areas (device px) changed since the last draw; `full` means redraw all.
    """

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.rgba = np.zeros((height, width, 4), dtype=np.uint8)
        self._canvas: skia.Canvas | None = None
        self._surface: skia.Surface | None = None
        self.damage: list[Rect] = []
        self.full = True
        xs = [round(i * width / TILE_COLUMNS) for i in range(TILE_COLUMNS + 1)]
        ys = [round(j * height / TILE_ROWS) for j in range(TILE_ROWS + 1)]
        self.tiles = [Rect(xs[i], ys[j], xs[i + 1], ys[j + 1])
                      for j in range(TILE_ROWS) for i in range(TILE_COLUMNS)]

    def drawing_canvas(self, redraw_all: bool) -> skia.Canvas:
        """The canvas drawing into `rgba`, made at first use. A restored buffer's pixels are
        read-only (every restore shares them), so it first takes a writable copy of them; with
        `redraw_all` (every tile is about to be cleared and drawn again) new memory instead,
        since none of the old pixels would survive the draw."""
        if self._canvas is None:
            if not self.rgba.flags.writeable:
                self.rgba = np.empty_like(self.rgba) if redraw_all else self.rgba.copy()
            self._surface = skia.Surface(self.rgba)
            self._canvas = self._surface.getCanvas()
        return self._canvas

    def __getstate__(self) -> dict[str, Any]:
        """For a device snapshot: the pixels drawn so far (a read-only copy, which every restore
        shares) and the damage since they were drawn, so the first frame after a restore redraws
        only what changed since the snapshot instead of the whole screen (the tiles make that
        byte-identical). The skia surface is not copyable; it is made again at first use."""
        pixels = self.rgba.copy()
        pixels.flags.writeable = False
        return {"width": self.width, "height": self.height, "rgba": pixels, "damage": list(self.damage),
                "full": self.full, "tiles": self.tiles}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._canvas = None
        self._surface = None

    def add_damage(self, r: Rect) -> None:
        if self.full or r.right <= r.left or r.bottom <= r.top:
            return
        if len(self.damage) >= 64:
            self.full = True
            self.damage = []
            return
        self.damage.append(r)

    def dirty_tiles(self, screen_w: int, screen_h: int) -> list[Rect]:
        """The tiles touched by the damage since the last draw (all when `full`)."""
        if self.full:
            return list(self.tiles)
        sx, sy = self.width / screen_w, self.height / screen_h
        out = []
        px = [Rect(math.floor(d.left * sx) - 1, math.floor(d.top * sy) - 1,
                   math.ceil(d.right * sx) + 1, math.ceil(d.bottom * sy) + 1) for d in self.damage]
        for t in self.tiles:
            if any(t.intersects(p) for p in px):
                out.append(t)
        return out

    def rgb(self) -> np.ndarray:
        """A new RGB copy of the current pixels."""
        return convert_colour(self.rgba, cv2.COLOR_RGBA2RGB, 3)
