"""Named vector icons drawn with Skia paths on a 24x24 grid (Material icon geometry).

`draw_icon(canvas, name, rect, color)` scales an icon into `rect`. The table is filled only
by definitions at import time: the built-ins below, and apps calling `register_icon` at the
top level of their own modules. `app_icon(color, glyph)` makes a launcher-style painter
(a coloured circle with a white glyph).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import skia

from .geometry import Rect
from .render import fill_paint, stroke_paint
from .text import font, text_width

Painter = Callable[[skia.Canvas, int], None]  # draws on a 24x24 grid in the given colour

_ICONS: dict[str, Painter] = {}
ICON_NAMES = _ICONS.keys()  # live view of every registered icon name


def register_icon(name: str, painter: Painter) -> Painter:
    """Add an icon (call at module import time only). Re-registering a name is an error."""
    if not name or not isinstance(name, str):
        raise ValueError(f"icon name must be a non-empty string; got {name!r}")
    if name in _ICONS:
        raise ValueError(f"icon {name!r} is already registered")
    _ICONS[name] = painter
    return painter


def icon(name: str) -> Callable[[Painter], Painter]:
    """Decorator form of register_icon."""
    def deco(fn: Painter) -> Painter:
        return register_icon(name, fn)
    return deco


def has_icon(name: str) -> bool:
    return name in _ICONS


def draw_icon(canvas: skia.Canvas, name: str, rect: Rect, color: int = 0xFF444746) -> None:
    """Draw icon `name` scaled into `rect`; KeyError naming the icon when it is unknown."""
    try:
        painter = _ICONS[name]
    except KeyError:
        raise KeyError(f"unknown icon {name!r} (register it with register_icon)") from None
    canvas.save()
    canvas.translate(rect.left, rect.top)
    canvas.scale(rect.width / 24.0, rect.height / 24.0)
    painter(canvas, color)
    canvas.restore()


# ----- helpers -----------------------------------------------------------------------
def _poly(*pts: tuple[float, float], close: bool = True) -> skia.Path:
    p = skia.Path()
    p.moveTo(*pts[0])
    for q in pts[1:]:
        p.lineTo(*q)
    if close:
        p.close()
    return p


def _stroke(c: skia.Canvas, color: int, w: float, *pts: tuple[float, float]) -> None:
    c.drawPath(_poly(*pts, close=False), stroke_paint(color, w))


def _fill(c: skia.Canvas, color: int, *pts: tuple[float, float]) -> None:
    c.drawPath(_poly(*pts), fill_paint(color))


def _rect(c: skia.Canvas, color: int, l: float, t: float, r: float, b: float, rad: float = 0) -> None:
    if rad:
        c.drawRoundRect(skia.Rect.MakeLTRB(l, t, r, b), rad, rad, fill_paint(color))
    else:
        c.drawRect(skia.Rect.MakeLTRB(l, t, r, b), fill_paint(color))


def _frame(c: skia.Canvas, color: int, l: float, t: float, r: float, b: float, w: float = 2,
           rad: float = 0) -> None:
    p = stroke_paint(color, w)
    if rad:
        c.drawRoundRect(skia.Rect.MakeLTRB(l, t, r, b), rad, rad, p)
    else:
        c.drawRect(skia.Rect.MakeLTRB(l, t, r, b), p)


def _circle(c: skia.Canvas, color: int, x: float, y: float, r: float) -> None:
    c.drawCircle(x, y, r, fill_paint(color))


def _ring(c: skia.Canvas, color: int, x: float, y: float, r: float, w: float = 2) -> None:
    c.drawCircle(x, y, r, stroke_paint(color, w))


def _arc(c: skia.Canvas, color: int, x: float, y: float, r: float, start: float, sweep: float,
         w: float = 2) -> None:
    c.drawArc(skia.Rect.MakeLTRB(x - r, y - r, x + r, y + r), start, sweep, False,
              stroke_paint(color, w))


def _glyph(c: skia.Canvas, color: int, text: str, size: float, cx: float, cy: float,
           weight: str = "medium") -> None:
    f = font(size, weight)
    m = f.getMetrics()
    w = text_width(text, size, weight)
    c.drawString(text, cx - w / 2, cy - (m.fAscent + m.fDescent) / 2, f, fill_paint(color))


# ----- navigation ----------------------------------------------------------------------
@icon("arrow_back")
def _arrow_back(c: skia.Canvas, k: int) -> None:
    _stroke(c, k, 2, (20, 12), (4.5, 12))
    _stroke(c, k, 2, (11, 5.5), (4.5, 12), (11, 18.5))


@icon("arrow_forward")
def _arrow_forward(c: skia.Canvas, k: int) -> None:
    _stroke(c, k, 2, (4, 12), (19.5, 12))
    _stroke(c, k, 2, (13, 5.5), (19.5, 12), (13, 18.5))


@icon("arrow_upward")
def _arrow_up(c: skia.Canvas, k: int) -> None:
    _stroke(c, k, 2, (12, 20), (12, 4.5))
    _stroke(c, k, 2, (5.5, 11), (12, 4.5), (18.5, 11))


@icon("arrow_downward")
def _arrow_down(c: skia.Canvas, k: int) -> None:
    _stroke(c, k, 2, (12, 4), (12, 19.5))
    _stroke(c, k, 2, (5.5, 13), (12, 19.5), (18.5, 13))


@icon("chevron_left")
def _chev_l(c: skia.Canvas, k: int) -> None:
    _stroke(c, k, 2, (14.5, 6), (8.5, 12), (14.5, 18))


@icon("chevron_right")
def _chev_r(c: skia.Canvas, k: int) -> None:
    _stroke(c, k, 2, (9.5, 6), (15.5, 12), (9.5, 18))


@icon("expand_more")
def _exp_more(c: skia.Canvas, k: int) -> None:
    _stroke(c, k, 2, (6, 9.5), (12, 15.5), (18, 9.5))


@icon("expand_less")
def _exp_less(c: skia.Canvas, k: int) -> None:
    _stroke(c, k, 2, (6, 14.5), (12, 8.5), (18, 14.5))


@icon("arrow_drop_down")
def _drop_down(c: skia.Canvas, k: int) -> None:
    _fill(c, k, (7, 10), (17, 10), (12, 15))


@icon("menu")
def _menu(c: skia.Canvas, k: int) -> None:
    for y in (6, 12, 18):
        _stroke(c, k, 2, (3.5, y), (20.5, y))


@icon("more_vert")
def _more_vert(c: skia.Canvas, k: int) -> None:
    for y in (5.5, 12, 18.5):
        _circle(c, k, 12, y, 2)


@icon("more_horiz")
def _more_horiz(c: skia.Canvas, k: int) -> None:
    for x in (5.5, 12, 18.5):
        _circle(c, k, x, 12, 2)


@icon("close")
def _close(c: skia.Canvas, k: int) -> None:
    _stroke(c, k, 2, (6, 6), (18, 18))
    _stroke(c, k, 2, (18, 6), (6, 18))


@icon("add")
def _add(c: skia.Canvas, k: int) -> None:
    _stroke(c, k, 2, (12, 5), (12, 19))
    _stroke(c, k, 2, (5, 12), (19, 12))


@icon("remove")
def _remove(c: skia.Canvas, k: int) -> None:
    _stroke(c, k, 2, (5, 12), (19, 12))


@icon("check")
def _check(c: skia.Canvas, k: int) -> None:
    _stroke(c, k, 2.2, (4.5, 12.5), (9.5, 17.5), (19.5, 7))


@icon("done_all")
def _done_all(c: skia.Canvas, k: int) -> None:
    _stroke(c, k, 2, (1.5, 12.5), (6.5, 17.5), (16.5, 7))
    _stroke(c, k, 2, (11, 17.5), (22, 7))


@icon("search")
def _search(c: skia.Canvas, k: int) -> None:
    _ring(c, k, 10, 10, 5.5, 2)
    _stroke(c, k, 2.2, (14.2, 14.2), (20, 20))


@icon("refresh")
def _refresh(c: skia.Canvas, k: int) -> None:
    _arc(c, k, 12, 12, 7, -30, 300)
    _fill(c, k, (20.5, 4), (20.5, 10.5), (14, 10.5))


@icon("sort")
def _sort(c: skia.Canvas, k: int) -> None:
    _stroke(c, k, 2, (3.5, 7), (20.5, 7))
    _stroke(c, k, 2, (3.5, 12), (14.5, 12))
    _stroke(c, k, 2, (3.5, 17), (8.5, 17))


@icon("filter")
def _filter(c: skia.Canvas, k: int) -> None:
    _fill(c, k, (3, 5), (21, 5), (14, 13), (14, 20), (10, 18), (10, 13))


@icon("tune")
def _tune(c: skia.Canvas, k: int) -> None:
    for y, x in ((6, 15), (12, 8), (18, 13)):
        _stroke(c, k, 2, (3.5, y), (20.5, y))
        _circle(c, k, x, y, 2.5)


@icon("drag_handle")
def _drag(c: skia.Canvas, k: int) -> None:
    _stroke(c, k, 2, (4, 9.5), (20, 9.5))
    _stroke(c, k, 2, (4, 14.5), (20, 14.5))


@icon("open_in_new")
def _open_new(c: skia.Canvas, k: int) -> None:
    _stroke(c, k, 2, (11, 4.5), (4.5, 4.5), (4.5, 19.5), (19.5, 19.5), (19.5, 13))
    _stroke(c, k, 2, (14, 4.5), (19.5, 4.5), (19.5, 10))
    _stroke(c, k, 2, (19.5, 4.5), (10, 14))


# ----- editing / files ------------------------------------------------------------------
@icon("edit")
def _edit(c: skia.Canvas, k: int) -> None:
    _fill(c, k, (3, 17.25), (3, 21), (6.75, 21), (17.8, 9.95), (14.05, 6.2))
    _fill(c, k, (15.5, 4.75), (17.6, 2.65), (21.35, 6.4), (19.25, 8.5))


@icon("delete")
def _delete(c: skia.Canvas, k: int) -> None:
    _rect(c, k, 6, 7, 18, 20.5, 1.5)
    _rect(c, k, 4.5, 4, 19.5, 6)
    _rect(c, k, 9, 2.5, 15, 4.5)


@icon("folder")
def _folder(c: skia.Canvas, k: int) -> None:
    _fill(c, k, (2.5, 5), (9.5, 5), (11.5, 7), (21.5, 7), (21.5, 19), (2.5, 19))


@icon("create_new_folder")
def _new_folder(c: skia.Canvas, k: int) -> None:
    _folder(c, k)
    _stroke(c, 0xFFFFFFFF, 1.8, (15, 10), (15, 16))
    _stroke(c, 0xFFFFFFFF, 1.8, (12, 13), (18, 13))


@icon("file")
def _file(c: skia.Canvas, k: int) -> None:
    _fill(c, k, (5, 2.5), (14, 2.5), (19, 7.5), (19, 21.5), (5, 21.5))


@icon("description")
def _description(c: skia.Canvas, k: int) -> None:
    _file(c, k)
    for y in (12, 15, 18):
        _stroke(c, 0xFFFFFFFF, 1.4, (8, y), (16, y))


@icon("note")
def _note(c: skia.Canvas, k: int) -> None:
    _fill(c, k, (3, 3), (21, 3), (21, 15), (15, 21), (3, 21))
    for y in (8, 12):
        _stroke(c, 0xFFFFFFFF, 1.4, (6.5, y), (17.5, y))
    _fill(c, 0xFFFFFFFF, (15, 21), (15, 15), (21, 15))


@icon("share")
def _share(c: skia.Canvas, k: int) -> None:
    _stroke(c, k, 1.6, (18, 5), (6, 12), (18, 19))
    for x, y in ((18, 5), (6, 12), (18, 19)):
        _circle(c, k, x, y, 3)


@icon("copy")
def _copy(c: skia.Canvas, k: int) -> None:
    _frame(c, k, 8.5, 7, 20, 21.5, 2, 1)
    _stroke(c, k, 2, (4.5, 17), (4.5, 2.5), (16, 2.5))


@icon("content_paste")
def _paste(c: skia.Canvas, k: int) -> None:
    _frame(c, k, 5, 4, 19, 21.5, 2, 1)
    _rect(c, k, 8.5, 2, 15.5, 6, 1)


@icon("move")
def _move(c: skia.Canvas, k: int) -> None:
    _folder(c, k)
    _stroke(c, 0xFFFFFFFF, 1.8, (8, 13), (15.5, 13))
    _stroke(c, 0xFFFFFFFF, 1.8, (13, 10.5), (15.5, 13), (13, 15.5))


@icon("cut")
def _cut(c: skia.Canvas, k: int) -> None:
    _ring(c, k, 6.5, 17.5, 2.8)
    _ring(c, k, 17.5, 17.5, 2.8)
    _stroke(c, k, 2, (8.5, 15.5), (18, 3))
    _stroke(c, k, 2, (15.5, 15.5), (6, 3))


@icon("save")
def _save(c: skia.Canvas, k: int) -> None:
    _fill(c, k, (3, 3), (17, 3), (21, 7), (21, 21), (3, 21))
    _rect(c, 0xFFFFFFFF, 6, 5, 15, 9)
    _circle(c, 0xFFFFFFFF, 12, 15, 3)


@icon("undo")
def _undo(c: skia.Canvas, k: int) -> None:
    _arc(c, k, 13, 15, 7, 180, 180)
    _fill(c, k, (3, 9), (9.5, 9), (3, 15.5))


@icon("redo")
def _redo(c: skia.Canvas, k: int) -> None:
    _arc(c, k, 11, 15, 7, 180, 180)
    _fill(c, k, (21, 9), (14.5, 9), (21, 15.5))


@icon("format_bold")
def _bold(c: skia.Canvas, k: int) -> None:
    _glyph(c, k, "B", 18, 12, 12, "bold")


@icon("format_italic")
def _italic(c: skia.Canvas, k: int) -> None:
    _stroke(c, k, 2, (10, 4.5), (18, 4.5))
    _stroke(c, k, 2, (6, 19.5), (14, 19.5))
    _stroke(c, k, 2, (14, 4.5), (10, 19.5))


@icon("format_list")
def _list(c: skia.Canvas, k: int) -> None:
    for y in (6, 12, 18):
        _circle(c, k, 4.5, y, 1.5)
        _stroke(c, k, 2, (8.5, y), (20.5, y))


@icon("link")
def _link(c: skia.Canvas, k: int) -> None:
    _frame(c, k, 2.5, 8, 12.5, 16, 2, 4)
    _frame(c, k, 11.5, 8, 21.5, 16, 2, 4)


@icon("attach")
def _attach(c: skia.Canvas, k: int) -> None:
    _frame(c, k, 8, 3, 16, 21, 2, 4)
    _stroke(c, k, 2, (12, 7), (12, 16))


@icon("visibility")
def _visibility(c: skia.Canvas, k: int) -> None:
    p = skia.Path()
    p.moveTo(1.5, 12)
    p.quadTo(12, 0, 22.5, 12)
    p.quadTo(12, 24, 1.5, 12)
    p.close()
    c.drawPath(p, stroke_paint(k, 2))
    _circle(c, k, 12, 12, 3.5)


@icon("star")
def _star(c: skia.Canvas, k: int) -> None:
    _fill(c, k, *_star_pts())


@icon("star_border")
def _star_border(c: skia.Canvas, k: int) -> None:
    c.drawPath(_poly(*_star_pts()), stroke_paint(k, 1.8))


def _star_pts() -> list[tuple[float, float]]:
    pts = []
    for i in range(10):
        r = 9.5 if i % 2 == 0 else 4.2
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((12 + r * math.cos(a), 12.8 + r * math.sin(a)))
    return pts


# ----- calendar / time ------------------------------------------------------------------
@icon("calendar")
def _calendar(c: skia.Canvas, k: int) -> None:
    _frame(c, k, 4, 5, 20, 20.5, 2, 1.5)
    _rect(c, k, 4, 5, 20, 9.5)
    _stroke(c, k, 2, (8, 2.5), (8, 6))
    _stroke(c, k, 2, (16, 2.5), (16, 6))


@icon("today")
def _today(c: skia.Canvas, k: int) -> None:
    _calendar(c, k)
    _rect(c, k, 7, 12, 11, 16)


@icon("event")
def _event(c: skia.Canvas, k: int) -> None:
    _calendar(c, k)
    _rect(c, k, 13, 13.5, 17, 17.5)


@icon("schedule")
def _schedule(c: skia.Canvas, k: int) -> None:
    _ring(c, k, 12, 12, 9)
    _stroke(c, k, 2, (12, 6.5), (12, 12), (16, 14.5))


@icon("alarm")
def _alarm(c: skia.Canvas, k: int) -> None:
    _ring(c, k, 12, 13, 8)
    _stroke(c, k, 2, (12, 8.5), (12, 13), (15, 15))
    _stroke(c, k, 2, (3, 6), (6.5, 3))
    _stroke(c, k, 2, (21, 6), (17.5, 3))


@icon("repeat")
def _repeat(c: skia.Canvas, k: int) -> None:
    _stroke(c, k, 2, (4, 11), (4, 7), (17, 7))
    _fill(c, k, (16, 3.5), (20, 7), (16, 10.5))
    _stroke(c, k, 2, (20, 13), (20, 17), (7, 17))
    _fill(c, k, (8, 13.5), (4, 17), (8, 20.5))


@icon("notifications")
def _bell(c: skia.Canvas, k: int) -> None:
    p = skia.Path()
    p.moveTo(5, 17)
    p.lineTo(6.5, 15)
    p.lineTo(6.5, 10.5)
    p.quadTo(6.5, 4.5, 12, 4.5)
    p.quadTo(17.5, 4.5, 17.5, 10.5)
    p.lineTo(17.5, 15)
    p.lineTo(19, 17)
    p.close()
    c.drawPath(p, fill_paint(k))
    _circle(c, k, 12, 19.5, 2)


@icon("location")
def _location(c: skia.Canvas, k: int) -> None:
    p = skia.Path()
    p.moveTo(12, 22)
    p.quadTo(4.5, 13.5, 5, 9)
    p.quadTo(5.5, 2, 12, 2)
    p.quadTo(18.5, 2, 19, 9)
    p.quadTo(19.5, 13.5, 12, 22)
    p.close()
    c.drawPath(p, fill_paint(k))
    _circle(c, 0xFFFFFFFF, 12, 9, 2.5)


@icon("person")
def _person(c: skia.Canvas, k: int) -> None:
    _circle(c, k, 12, 8, 4)
    c.drawRoundRect(skia.Rect.MakeLTRB(4, 14, 20, 20.5), 4, 4, fill_paint(k))


@icon("palette")
def _palette(c: skia.Canvas, k: int) -> None:
    _circle(c, k, 12, 12, 9.5)
    for x, y in ((7.5, 11), (10, 7), (14.5, 7), (17, 11)):
        _circle(c, 0xFFFFFFFF, x, y, 1.6)


@icon("info")
def _info(c: skia.Canvas, k: int) -> None:
    _circle(c, k, 12, 12, 10)
    _rect(c, 0xFFFFFFFF, 11, 10.5, 13, 17)
    _circle(c, 0xFFFFFFFF, 12, 7.5, 1.2)


@icon("help")
def _help(c: skia.Canvas, k: int) -> None:
    _circle(c, k, 12, 12, 10)
    _glyph(c, 0xFFFFFFFF, "?", 14, 12, 12.5, "bold")


@icon("lock")
def _lock(c: skia.Canvas, k: int) -> None:
    _rect(c, k, 5, 10, 19, 21, 1.5)
    _arc(c, k, 12, 9, 4.5, 180, 180)
    _stroke(c, k, 2, (7.5, 9), (7.5, 10.5))
    _stroke(c, k, 2, (16.5, 9), (16.5, 10.5))


# ----- settings / status ----------------------------------------------------------------
@icon("settings")
def _settings(c: skia.Canvas, k: int) -> None:
    pts = []
    for i in range(16):
        r = 10 if i % 2 == 0 else 7.5
        a = i * math.pi / 8 + math.pi / 16
        pts.append((12 + r * math.cos(a), 12 + r * math.sin(a)))
    _fill(c, k, *pts)
    _circle(c, 0xFFFFFFFF, 12, 12, 3.2)


@icon("wifi")
def _wifi(c: skia.Canvas, k: int) -> None:
    p = skia.Path()
    p.moveTo(12, 21)
    p.lineTo(0.8, 8.2)
    p.quadTo(12, -1.5, 23.2, 8.2)
    p.close()
    c.drawPath(p, fill_paint(k))


@icon("wifi_off")
def _wifi_off(c: skia.Canvas, k: int) -> None:
    p = skia.Path()
    p.moveTo(12, 21)
    p.lineTo(0.8, 8.2)
    p.quadTo(12, -1.5, 23.2, 8.2)
    p.close()
    c.drawPath(p, stroke_paint(k, 1.6))
    _stroke(c, k, 2, (3, 3), (21, 21))


@icon("bluetooth")
def _bluetooth(c: skia.Canvas, k: int) -> None:
    _stroke(c, k, 2, (6.5, 7), (17, 16.5), (12, 21), (12, 3), (17, 7.5), (6.5, 17))


@icon("bluetooth_off")
def _bluetooth_off(c: skia.Canvas, k: int) -> None:
    _bluetooth(c, k)
    _stroke(c, k, 2, (3.5, 3.5), (20.5, 20.5))


@icon("brightness")
def _brightness(c: skia.Canvas, k: int) -> None:
    _circle(c, k, 12, 12, 4.5)
    for i in range(8):
        a = i * math.pi / 4
        _stroke(c, k, 2, (12 + 7 * math.cos(a), 12 + 7 * math.sin(a)),
                (12 + 9.5 * math.cos(a), 12 + 9.5 * math.sin(a)))


@icon("battery")
def _battery(c: skia.Canvas, k: int) -> None:
    _rect(c, k, 9.5, 2, 14.5, 4)
    _rect(c, k, 7, 4, 17, 22, 1.5)


@icon("signal")
def _signal(c: skia.Canvas, k: int) -> None:
    _fill(c, k, (2, 22), (22, 22), (22, 2))


@icon("airplane")
def _airplane(c: skia.Canvas, k: int) -> None:
    _fill(c, k, (11, 2.5), (13, 2.5), (13, 9), (21.5, 14), (21.5, 16), (13, 13.5), (13, 18.5),
          (15.5, 20.5), (15.5, 22), (12, 21), (8.5, 22), (8.5, 20.5), (11, 18.5), (11, 13.5),
          (2.5, 16), (2.5, 14), (11, 9))


@icon("volume")
def _volume(c: skia.Canvas, k: int) -> None:
    _fill(c, k, (3, 9), (7, 9), (12, 4), (12, 20), (7, 15), (3, 15))
    _arc(c, k, 12, 12, 4.5, -50, 100)
    _arc(c, k, 12, 12, 8, -50, 100)


@icon("display")
def _display(c: skia.Canvas, k: int) -> None:
    _frame(c, k, 2.5, 4, 21.5, 17, 2, 1.5)
    _stroke(c, k, 2, (8, 20.5), (16, 20.5))


@icon("storage")
def _storage(c: skia.Canvas, k: int) -> None:
    for t in (3, 10, 17):
        _rect(c, k, 2.5, t, 21.5, t + 5, 1)


@icon("apps")
def _apps(c: skia.Canvas, k: int) -> None:
    for x in (5, 12, 19):
        for y in (5, 12, 19):
            _rect(c, k, x - 2.2, y - 2.2, x + 2.2, y + 2.2)


@icon("phone")
def _phone(c: skia.Canvas, k: int) -> None:
    _fill(c, k, (4, 4), (9, 3.5), (10.5, 8), (8, 10), (14, 16), (16, 13.5), (20.5, 15), (20, 20),
          (17, 21), (10, 18), (6, 14), (3, 7))


@icon("message")
def _message(c: skia.Canvas, k: int) -> None:
    _fill(c, k, (3, 3), (21, 3), (21, 17), (7, 17), (3, 21))


@icon("camera")
def _camera(c: skia.Canvas, k: int) -> None:
    _fill(c, k, (2, 7), (7, 7), (9, 4), (15, 4), (17, 7), (22, 7), (22, 20), (2, 20))
    _circle(c, 0xFFFFFFFF, 12, 13.5, 4)


@icon("image")
def _image(c: skia.Canvas, k: int) -> None:
    _frame(c, k, 3.5, 3.5, 20.5, 20.5, 2, 1.5)
    _fill(c, k, (5.5, 18), (10, 12), (13, 15.5), (15.5, 12.5), (18.5, 18))


@icon("play")
def _play(c: skia.Canvas, k: int) -> None:
    _fill(c, k, (8, 5), (19, 12), (8, 19))


@icon("pause")
def _pause(c: skia.Canvas, k: int) -> None:
    _rect(c, k, 6.5, 5, 10, 19)
    _rect(c, k, 14, 5, 17.5, 19)


@icon("mic")
def _mic(c: skia.Canvas, k: int) -> None:
    _rect(c, k, 9, 2.5, 15, 14.5, 3)
    _arc(c, k, 12, 11, 6, 0, 180)
    _stroke(c, k, 2, (12, 17), (12, 21))


@icon("emoji")
def _emoji(c: skia.Canvas, k: int) -> None:
    _ring(c, k, 12, 12, 9)
    _circle(c, k, 9, 10, 1.3)
    _circle(c, k, 15, 10, 1.3)
    _arc(c, k, 12, 12, 5, 30, 120, 1.8)


@icon("language")
def _language(c: skia.Canvas, k: int) -> None:
    _ring(c, k, 12, 12, 9, 1.8)
    c.drawOval(skia.Rect.MakeLTRB(8, 3, 16, 21), stroke_paint(k, 1.8))
    _stroke(c, k, 1.8, (3, 12), (21, 12))


@icon("download")
def _download(c: skia.Canvas, k: int) -> None:
    _stroke(c, k, 2, (12, 3.5), (12, 15))
    _stroke(c, k, 2, (7, 10.5), (12, 15.5), (17, 10.5))
    _stroke(c, k, 2, (5, 20), (19, 20))


@icon("upload")
def _upload(c: skia.Canvas, k: int) -> None:
    _stroke(c, k, 2, (12, 16), (12, 4.5))
    _stroke(c, k, 2, (7, 9), (12, 4), (17, 9))
    _stroke(c, k, 2, (5, 20), (19, 20))


@icon("check_box")
def _check_box(c: skia.Canvas, k: int) -> None:
    _rect(c, k, 3, 3, 21, 21, 2)
    _stroke(c, 0xFFFFFFFF, 2.2, (6.5, 12), (10, 15.5), (17.5, 8))


@icon("check_box_outline")
def _check_box_outline(c: skia.Canvas, k: int) -> None:
    _frame(c, k, 4, 4, 20, 20, 2, 1.5)


@icon("radio_on")
def _radio_on(c: skia.Canvas, k: int) -> None:
    _ring(c, k, 12, 12, 8.5)
    _circle(c, k, 12, 12, 5)


@icon("radio_off")
def _radio_off(c: skia.Canvas, k: int) -> None:
    _ring(c, k, 12, 12, 8.5)


# ----- system bar / keyboard -----------------------------------------------------------
@icon("back_triangle")
def _back_tri(c: skia.Canvas, k: int) -> None:
    c.drawPath(_poly((17, 4.5), (17, 19.5), (5, 12)), stroke_paint(k, 2))


@icon("home_circle")
def _home_circle(c: skia.Canvas, k: int) -> None:
    _ring(c, k, 12, 12, 7.5, 2)


@icon("recents_square")
def _recents(c: skia.Canvas, k: int) -> None:
    _frame(c, k, 5.5, 5.5, 18.5, 18.5, 2, 1)


@icon("backspace")
def _backspace(c: skia.Canvas, k: int) -> None:
    c.drawPath(_poly((8, 5), (21, 5), (21, 19), (8, 19), (2, 12)), stroke_paint(k, 1.8))
    _stroke(c, k, 1.8, (11, 9), (17, 15))
    _stroke(c, k, 1.8, (17, 9), (11, 15))


@icon("shift")
def _shift(c: skia.Canvas, k: int) -> None:
    c.drawPath(_poly((12, 3.5), (21, 12.5), (16, 12.5), (16, 20), (8, 20), (8, 12.5), (3, 12.5)),
               stroke_paint(k, 1.8))


@icon("shift_on")
def _shift_on(c: skia.Canvas, k: int) -> None:
    _fill(c, k, (12, 3.5), (21, 12.5), (16, 12.5), (16, 20), (8, 20), (8, 12.5), (3, 12.5))


@icon("enter")
def _enter(c: skia.Canvas, k: int) -> None:
    _stroke(c, k, 2, (19, 5), (19, 14), (5.5, 14))
    _stroke(c, k, 2, (9.5, 10), (5.5, 14), (9.5, 18))


@icon("keyboard_hide")
def _keyboard_hide(c: skia.Canvas, k: int) -> None:
    _frame(c, k, 3, 3, 21, 15, 2, 1.5)
    _stroke(c, k, 2, (7, 11), (17, 11))
    _fill(c, k, (8, 18), (16, 18), (12, 22))


# ----- app icons ------------------------------------------------------------------------
def app_icon(background: int, glyph: str, glyph_color: int = 0xFFFFFFFF) -> Painter:
    """A launcher icon painter: a filled circle in `background` with `glyph` inside; `glyph`
    is a registered icon name (looked up when drawn) or a short text such as "M"."""
    def paint(c: skia.Canvas, _color: int) -> None:
        _circle(c, background, 12, 12, 12)
        if glyph in _ICONS:
            c.save()
            c.translate(6, 6)
            c.scale(0.5, 0.5)
            _ICONS[glyph](c, glyph_color)
            c.restore()
        else:
            _glyph(c, glyph_color, glyph, 11, 12, 12, "medium")
    return paint


@icon("home")
def _home(c: skia.Canvas, k: int) -> None:
    # a house: roof from (2, 12) to (22, 12) peaking at (12, 3), walls with a door gap
    _fill(c, k, (12, 3), (22, 12), (19, 12), (19, 20), (14, 20), (14, 14), (10, 14), (10, 20),
          (5, 20), (5, 12), (2, 12))
