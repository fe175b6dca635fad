"""The View base class: properties that invalidate, the tree, measure/layout, painting hooks.

A view tree is laid out in absolute device pixels. Setting a visual property (declared with
`Prop`) tells the window hosting the tree that its content changed (and whether layout must
run again); the window turns that into version numbers that the renderer and dumper cache on.
Measurement follows Android's MeasureSpec model (EXACTLY / AT_MOST / UNSPECIFIED).
"""

from __future__ import annotations

import functools
import inspect
import types
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from .geometry import EMPTY_RECT, Rect
from .units import MATCH_PARENT, WRAP_CONTENT

if TYPE_CHECKING:  # pragma: no cover
    import skia

    from .render import DrawContext

EXACTLY = 0
AT_MOST = 1
UNSPECIFIED = 2
Spec = tuple[int, int]  # (mode, size)

VISIBILITIES = ("visible", "invisible", "gone")

_MISSING = object()


class Prop:
    """A view property; assigning a different value invalidates the hosting window.

    `layout=True` properties change sizes (text, padding, visibility, ...) and schedule a new
    layout pass; the others (colours, checked, enabled, ...) only need a redraw/re-dump.
    """

    __slots__ = ("name", "layout", "default")

    def __init__(self, default: Any = None, *, layout: bool = True) -> None:
        self.layout = layout
        self.default = default
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = "_p_" + name

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self
        return obj.__dict__.get(self.name, self.default)

    def __set__(self, obj: Any, value: Any) -> None:
        d = obj.__dict__
        old = d.get(self.name, _MISSING)
        if old is not _MISSING and (old is value or (type(old) is type(value) and old == value)):
            return
        d[self.name] = value
        obj._invalidate(self.layout)


class ChoiceProp(Prop):
    """A Prop restricted to a fixed set of values (a ValueError names the bad value)."""

    __slots__ = ("choices",)

    def __init__(self, default: Any, choices: tuple, *, layout: bool = True) -> None:
        super().__init__(default, layout=layout)
        self.choices = choices

    def __set__(self, obj: Any, value: Any) -> None:
        if value not in self.choices:
            raise ValueError(f"{self.name[3:]} must be one of {self.choices}; got {value!r}")
        super().__set__(obj, value)


def _insets(value: Any, what: str) -> tuple[int, int, int, int]:
    """Normalise margin/padding: an int, (horizontal, vertical) or (left, top, right, bottom)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        v = int(value)
        return (v, v, v, v)
    if isinstance(value, (tuple, list)):
        if len(value) == 2:
            h, v = (int(x) for x in value)
            return (h, v, h, v)
        if len(value) == 4:
            l, t, r, b = (int(x) for x in value)
            return (l, t, r, b)
    raise ValueError(f"{what} must be an int, (h, v) or (left, top, right, bottom); got {value!r}")


_H = {"start": "start", "left": "start", "end": "end", "right": "end",
      "center_horizontal": "center"}
_V = {"top": "start", "bottom": "end", "center_vertical": "center"}


@functools.lru_cache(maxsize=256)
def parse_gravity(gravity: str) -> tuple[str | None, str | None]:
    """"center_vertical|end" -> ("end", "center"): (horizontal, vertical) in start/center/end,
    None where the string says nothing about that axis."""
    h: str | None = None
    v: str | None = None
    for tok in gravity.replace(" ", "").split("|"):
        if not tok:
            continue
        if tok == "center":
            h = v = "center"
        elif tok in _H:
            h = _H[tok]
        elif tok in _V:
            v = _V[tok]
        elif tok in ("fill", "fill_horizontal", "fill_vertical"):
            continue
        else:
            raise ValueError(f"unknown gravity {tok!r} in {gravity!r}")
    return h, v


def resolve_size(desired: int, spec: Spec) -> int:
    """View.resolveSize: the size a view takes given what it wants and its parent's spec."""
    mode, size = spec
    if mode == EXACTLY:
        return size
    if mode == AT_MOST:
        return min(desired, size)
    return desired


def child_spec(spec: Spec, used: int, dim: int) -> Spec:
    """ViewGroup.getChildMeasureSpec for a child dimension (px, MATCH_PARENT or WRAP_CONTENT)."""
    mode, size = spec
    avail = max(0, size - used)
    if dim >= 0:
        return (EXACTLY, dim)
    if mode == UNSPECIFIED:
        return (UNSPECIFIED, 0)
    if dim == MATCH_PARENT:
        return (mode, avail)
    return (AT_MOST, avail)


def _plain_target(fn: Callable) -> tuple[Any, int] | None:
    """The plain Python function behind `fn` and how many of its parameters are already
    bound (a method's self, a callable object's self), or None when `inspect.signature`
    must decide (partials, builtins, wrapped functions, `__signature__` overrides)."""
    if isinstance(fn, types.FunctionType):
        target, bound = fn, 0
    elif isinstance(fn, types.MethodType) and isinstance(fn.__func__, types.FunctionType):
        target, bound = fn.__func__, 1
    elif callable(fn) and not isinstance(fn, type) and isinstance(type(fn).__call__, types.FunctionType):
        if hasattr(fn, "__signature__"):
            return None
        target, bound = type(fn).__call__, 1
    else:
        return None
    if hasattr(target, "__wrapped__") or hasattr(target, "__signature__"):
        return None
    if bound and not target.__code__.co_argcount and not target.__code__.co_flags & inspect.CO_VARARGS:
        return None  # a method without a self parameter: let inspect give its verdict
    return target, bound


def _arity(fn: Callable) -> int:
    """How many positional arguments a callback takes: its required positional parameters
    (parameters with defaults, as in `lambda i=i: ...`, are left alone).

    Read from the code object for plain functions, methods and callable objects, with no
    cache: a cache keyed on the callable would keep every callback (and through its closure
    or bound self, whole activities and devices of past episodes) alive."""
    plain = _plain_target(fn)
    if plain is not None:
        target, bound = plain
        code = target.__code__
        if code.co_flags & inspect.CO_VARARGS:
            return 99
        return max(0, code.co_argcount - bound - len(target.__defaults__ or ()))
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return 1
    n = 0
    for p in sig.parameters.values():
        if p.kind == p.VAR_POSITIONAL:
            return 99
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty:
            n += 1
    return n


def call_back(fn: Callable, *args: Any) -> Any:
    """Call `fn` with as many of `args` as it has required positional parameters, so
    `lambda: ...`, `def f(view)` and `def f(view, checked)` all work as callbacks."""
    return fn(*args[:_arity(fn)])


class View:
    """A rectangle on screen with accessibility properties; also a generic container whose
    children are stacked like a FrameLayout."""

    #: Attributes holding render and dump caches: immutable values keyed by content versions,
    #: which a device snapshot may share instead of copying (`sim/system/statecopy.py`).
    RENDER_CACHE_ATTRS: ClassVar[tuple[str, ...]] = ("_pic", "_dump_cache", "_box_cache")

    # the class dumps report; a class default, and views may set their own (a Button that
    # reports as "android.widget.Button", a layout shown as a RecyclerView)
    a11y_class: str = "android.view.View"
    # True for views that track raw touches themselves (sliders): they get on_touch_event
    wants_touch_events: ClassVar[bool] = False

    id = Prop("", layout=False)
    text = Prop("")
    content_desc = Prop("", layout=False)
    width = Prop(WRAP_CONTENT)
    height = Prop(WRAP_CONTENT)
    weight = Prop(0.0)
    gravity = Prop("start|top")
    layout_gravity = Prop(None)
    background = Prop(None, layout=False)
    visibility = ChoiceProp("visible", VISIBILITIES)
    min_width = Prop(0)
    min_height = Prop(0)
    clickable = Prop(False, layout=False)
    long_clickable = Prop(False, layout=False)
    focusable = Prop(False, layout=False)
    enabled = Prop(True, layout=False)
    checkable = Prop(False, layout=False)
    checked = Prop(False, layout=False)
    selected = Prop(False, layout=False)
    scrollable = Prop(False, layout=False)
    password = Prop(False)
    corner_radius = Prop(0, layout=False)

    def __init__(self, *, id: str = "", text: str = "", content_desc: str = "",
                 width: int = WRAP_CONTENT, height: int = WRAP_CONTENT, weight: float = 0,
                 margin: Any = 0, padding: Any = 0, gravity: str = "start|top",
                 background: int | None = None, visibility: str = "visible",
                 clickable: bool = False, long_clickable: bool = False, focusable: bool = False,
                 enabled: bool = True, checkable: bool = False, checked: bool = False,
                 selected: bool = False, scrollable: bool = False, password: bool = False,
                 on_click: Callable | None = None, on_long_click: Callable | None = None,
                 tag: Any = None, layout_gravity: str | None = None, min_width: int = 0,
                 min_height: int = 0, corner_radius: int = 0) -> None:
        self.parent: View | None = None
        self._host: Any = None  # the Window when this view is a window's root
        self._sv = 0            # subtree version: bumped on any change here or below
        self._ldirty = True     # needs measuring
        self._lpending = True   # measured anew, needs on_layout
        self._mspec: Any = None
        self._pic: Any = None   # (key, skia.Picture, local text boxes) from render.py
        self._dump_cache: Any = None
        self._box_cache: Any = None
        self._dump_static: Any = None
        self._lsink: list[Rect] | None = None  # where layout reports moved rects (damage)
        self.children: list[View] = []
        self._bounds = EMPTY_RECT
        self._mw = 0
        self._mh = 0
        self._ctx: DrawContext | None = None
        self.focusable_in_touch_mode = False
        self.last_touch: tuple[int, int] | None = None  # where the last tap that clicked landed
        self.last_press: tuple[int, int] | None = None  # where the last long press went down
        self.on_click = on_click
        self.on_long_click = on_long_click
        self.tag = tag
        if type(self)._props_plain:
            self._init_props(id, text, content_desc, width, height, weight, margin, padding, gravity,
                             layout_gravity, background, visibility, clickable, long_clickable, focusable,
                             enabled, checkable, checked, selected, scrollable, password, min_width,
                             min_height, corner_radius)
            return
        self.id = id
        self.text = text
        self.content_desc = content_desc
        self.width = width
        self.height = height
        self.weight = weight
        self.margin = margin
        self.padding = padding
        parse_gravity(gravity)
        self.gravity = gravity
        if layout_gravity is not None:
            parse_gravity(layout_gravity)
        self.layout_gravity = layout_gravity
        self.background = background
        self.visibility = visibility
        self.clickable = clickable
        self.long_clickable = long_clickable
        self.focusable = focusable
        self.enabled = enabled
        self.checkable = checkable
        self.checked = checked
        self.selected = selected
        self.scrollable = scrollable
        self.password = password
        self.min_width = min_width
        self.min_height = min_height
        self.corner_radius = corner_radius

    #: The properties `__init__` sets, in order (`margin` and `padding` are validated properties).
    _INIT_PROPS: ClassVar[tuple[str, ...]] = (
        "id", "text", "content_desc", "width", "height", "weight", "margin", "padding", "gravity",
        "layout_gravity", "background", "visibility", "clickable", "long_clickable", "focusable",
        "enabled", "checkable", "checked", "selected", "scrollable", "password", "min_width",
        "min_height", "corner_radius")
    #: Whether this class's init properties are View's own (no subclass overrides one of them,
    #: `__setattr__` or `_invalidate`), so `_init_props` may store them directly.
    _props_plain: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._props_plain = cls.__setattr__ is object.__setattr__ and all(
            _defined_by(cls, name) is View for name in (*View._INIT_PROPS, "_invalidate", "_init_props"))

    def _init_props(self, *values: Any) -> None:
        """Store the init properties of a new view at once: the same values, and the same
        subtree version, as assigning them one by one (a view without a parent or window has
        nothing else to tell), with the same validation in the same order."""
        (id, text, content_desc, width, height, weight, margin, padding, gravity, layout_gravity,
         background, visibility, clickable, long_clickable, focusable, enabled, checkable, checked,
         selected, scrollable, password, min_width, min_height, corner_radius) = values
        margin = _insets(margin, "margin")
        padding = _insets(padding, "padding")
        parse_gravity(gravity)
        if layout_gravity is not None:
            parse_gravity(layout_gravity)
        if visibility not in VISIBILITIES:
            self.visibility = visibility  # raises the ChoiceProp's error
        self.__dict__.update(
            _p_id=id, _p_text=text, _p_content_desc=content_desc, _p_width=width, _p_height=height,
            _p_weight=weight, _margin=margin, _padding=padding, _p_gravity=gravity,
            _p_layout_gravity=layout_gravity, _p_background=background, _p_visibility=visibility,
            _p_clickable=clickable, _p_long_clickable=long_clickable, _p_focusable=focusable,
            _p_enabled=enabled, _p_checkable=checkable, _p_checked=checked, _p_selected=selected,
            _p_scrollable=scrollable, _p_password=password, _p_min_width=min_width,
            _p_min_height=min_height, _p_corner_radius=corner_radius)
        self._sv += len(self._INIT_PROPS)  # one invalidation per property, as assignments make

    # ----- properties with validation -------------------------------------------------
    @property
    def margin(self) -> tuple[int, int, int, int]:
        """(left, top, right, bottom) margins in px."""
        return self._margin

    @margin.setter
    def margin(self, value: Any) -> None:
        m = _insets(value, "margin")
        if getattr(self, "_margin", None) != m:
            self._margin = m
            self._invalidate(True)

    @property
    def measured_width(self) -> int:
        """Width in px set by the last `measure` (what a parent lays the view out with)."""
        return self._mw

    @property
    def measured_height(self) -> int:
        """Height in px set by the last `measure`."""
        return self._mh

    @property
    def padding(self) -> tuple[int, int, int, int]:
        """(left, top, right, bottom) padding in px."""
        return self._padding

    @padding.setter
    def padding(self, value: Any) -> None:
        p = _insets(value, "padding")
        if getattr(self, "_padding", None) != p:
            self._padding = p
            self._invalidate(True)

    def __repr__(self) -> str:
        bits = [type(self).__name__]
        if self.id:
            bits.append(f"id={self.id!r}")
        if self.text:
            bits.append(f"text={self.text[:20]!r}")
        if self.content_desc:
            bits.append(f"desc={self.content_desc!r}")
        return "<" + " ".join(bits) + ">"

    # ----- invalidation ---------------------------------------------------------------
    def _invalidate(self, layout: bool = True) -> None:
        v = self
        while True:
            v._sv += 1
            if layout:
                v._ldirty = True
            p = v.parent
            if p is None:
                break
            v = p
        host = v._host
        if host is not None:
            host._on_view_change(layout, self)

    def invalidate(self) -> None:
        """Ask for a redraw (custom views whose on_draw output depends on plain attributes)."""
        self._invalidate(False)

    def request_layout(self) -> None:
        """Ask for a new layout pass (custom views whose size depends on plain attributes)."""
        self._invalidate(True)

    @property
    def window(self) -> Any:
        """The Window hosting this tree, or None when detached."""
        v = self
        while v.parent is not None:
            v = v.parent
        return v._host

    # ----- tree -----------------------------------------------------------------------
    def add(self, *children: View) -> View:
        """Append children (returns self for chaining)."""
        for c in children:
            if not isinstance(c, View):
                raise TypeError(f"can only add View instances to {self!r}; got {c!r}")
            if c.parent is not None:
                raise ValueError(f"{c!r} already has a parent {c.parent!r}; remove it first")
            c.parent = self
            self.children.append(c)
        self._invalidate(True)
        return self

    def insert(self, index: int, child: View) -> View:
        """Insert one child at `index` (returns self)."""
        if child.parent is not None:
            raise ValueError(f"{child!r} already has a parent {child.parent!r}; remove it first")
        child.parent = self
        self.children.insert(index, child)
        self._invalidate(True)
        return self

    def remove(self, child: View) -> None:
        """Detach one child; ValueError when it is not a child of this view."""
        if child.parent is not self:
            raise ValueError(f"{child!r} is not a child of {self!r}")
        self.children.remove(child)
        child.parent = None
        self._invalidate(True)

    def clear(self) -> None:
        """Detach all children."""
        for c in self.children:
            c.parent = None
        self.children = []
        self._invalidate(True)

    def iter_tree(self) -> Iterator[View]:
        """This view and all descendants, depth-first, in child order."""
        stack = [self]
        while stack:
            v = stack.pop()
            yield v
            stack.extend(reversed(v.children))

    def find(self, id: str) -> View | None:
        """First view (depth-first) whose id matches: the short name, or the full
        `pkg:id/name` form; visible or not."""
        short = id.split(":id/", 1)[1] if ":id/" in id else None
        for v in self.iter_tree():
            vid = v.id
            if vid and (vid == id or (short is not None and vid == short)
                        or (":id/" in vid and vid.split(":id/", 1)[1] == id)):
                return v
        return None

    def find_all(self, predicate: Callable[[View], bool]) -> list[View]:
        """All views in the subtree for which `predicate(view)` is true."""
        return [v for v in self.iter_tree() if predicate(v)]

    def find_text(self, text: str) -> View | None:
        """First view whose text (as shown) or content-desc equals `text`."""
        for v in self.iter_tree():
            if v.text == text or v.a11y_text() == text or (v.content_desc and v.content_desc == text):
                return v
        return None

    # ----- state ----------------------------------------------------------------------
    @property
    def bounds(self) -> Rect:
        """Absolute screen rectangle after layout (runs a pending layout first)."""
        host = self.window
        if host is not None:
            host.ensure_layout()
        return self._bounds

    @property
    def shown(self) -> bool:
        """Visible itself and all ancestors visible (does not consider clipping)."""
        v: View | None = self
        while v is not None:
            if v.visibility != "visible":
                return False
            v = v.parent
        return True

    @property
    def focused(self) -> bool:
        host = self.window
        return host is not None and host.focused_view is self

    @property
    def pressed(self) -> bool:
        host = self.window
        return host is not None and host._wm is not None and host._wm.pressed_view is self

    def request_focus(self) -> bool:
        """Take input focus in this window (focusable, shown views only)."""
        host = self.window
        if host is None or not self.focusable or not self.shown:
            return False
        host.set_focus(self)
        return True

    def clear_focus(self) -> None:
        host = self.window
        if host is not None and host.focused_view is self:
            host.set_focus(None)

    # ----- accessibility --------------------------------------------------------------
    def a11y_text(self) -> str:
        """The text uiautomator reports (TextView overrides it with transformed text)."""
        return self.text

    # ----- measure / layout -----------------------------------------------------------
    def measure(self, wspec: Spec, hspec: Spec) -> None:
        """Set the measured size for these specs (cached while nothing below changed)."""
        if not self._ldirty and self._mspec == (wspec, hspec):
            return
        w, h = self.on_measure(wspec, hspec)
        self._mw = w
        self._mh = h
        self._mspec = (wspec, hspec)
        self._ldirty = False
        self._lpending = True

    def content_size(self, wspec: Spec, hspec: Spec) -> tuple[int, int]:
        """Size of what the view paints itself, without padding (leaf views override)."""
        return (0, 0)

    def on_measure(self, wspec: Spec, hspec: Spec) -> tuple[int, int]:
        """Default: children stacked (FrameLayout rules), or `content_size` for a leaf."""
        pl, pt, pr, pb = self._padding
        if not self.children:
            inner_w = (wspec[0], max(0, wspec[1] - pl - pr))
            inner_h = (hspec[0], max(0, hspec[1] - pt - pb))
            cw, ch = self.content_size(inner_w, inner_h)
            w = resolve_size(max(cw + pl + pr, self.min_width), wspec)
            h = resolve_size(max(ch + pt + pb, self.min_height), hspec)
            return w, h
        mw = mh = 0
        for c in self.children:
            if c.visibility == "gone":
                continue
            ml, mt, mr, mb = c._margin
            c.measure(child_spec(wspec, pl + pr + ml + mr, c.width),
                      child_spec(hspec, pt + pb + mt + mb, c.height))
            mw = max(mw, c._mw + ml + mr)
            mh = max(mh, c._mh + mt + mb)
        w = resolve_size(max(mw + pl + pr, self.min_width), wspec)
        h = resolve_size(max(mh + pt + pb, self.min_height), hspec)
        if wspec[0] != EXACTLY or hspec[0] != EXACTLY:
            # FrameLayout measures MATCH_PARENT children again against its final size
            for c in self.children:
                if c.visibility == "gone":
                    continue
                if c.width == MATCH_PARENT or c.height == MATCH_PARENT:
                    ml, mt, mr, mb = c._margin
                    ws = ((EXACTLY, max(0, w - pl - pr - ml - mr)) if c.width == MATCH_PARENT
                          else child_spec((EXACTLY, w), pl + pr + ml + mr, c.width))
                    hs = ((EXACTLY, max(0, h - pt - pb - mt - mb)) if c.height == MATCH_PARENT
                          else child_spec((EXACTLY, h), pt + pb + mt + mb, c.height))
                    c.measure(ws, hs)
        return w, h

    def layout(self, left: int, top: int, right: int, bottom: int) -> None:
        """Place the view; an unchanged subtree of the same size is only moved. Rects that
        changed are reported to the window (damage for partial redraws)."""
        old = self._bounds
        p = self.parent
        sink = p._lsink if p is not None else (self._host._layout_moves if self._host is not None else None)
        self._lsink = sink
        moved = left != old.left or top != old.top or right != old.right or bottom != old.bottom
        if moved and sink is not None:
            sink.append(old)
            sink.append(Rect(left, top, right, bottom))
        if not self._lpending and right - left == old.right - old.left \
                and bottom - top == old.bottom - old.top:
            if moved:
                self._translate(left - old.left, top - old.top)
            return
        self._bounds = Rect(left, top, right, bottom)
        self._lpending = False
        self.on_layout(self._bounds)

    def __getstate__(self) -> dict[str, Any]:
        d = self.__dict__.copy()
        d["_pic"] = None        # skia objects are not copyable; rebuilt on demand
        d["_dump_cache"] = None
        d["_box_cache"] = None
        d["_dump_static"] = None
        d["_ctx"] = None
        return d

    def on_layout(self, b: Rect) -> None:
        """Default: place children inside the padding by their layout_gravity (else ours)."""
        if not self.children:
            return
        pl, pt, pr, pb = self._padding
        inner = Rect(b.left + pl, b.top + pt, b.right - pr, b.bottom - pb)
        pg = parse_gravity(self.gravity)
        for c in self.children:
            if c.visibility == "gone":
                continue
            ml, mt, mr, mb = c._margin
            g = parse_gravity(c.layout_gravity) if c.layout_gravity else pg
            x = _place(inner.left + ml, inner.right - mr, c._mw, g[0])
            y = _place(inner.top + mt, inner.bottom - mb, c._mh, g[1])
            c.layout(x, y, x + c._mw, y + c._mh)

    def _translate(self, dx: int, dy: int) -> None:
        """Move this subtree by (dx, dy) without measuring (scrolling)."""
        stack = [self]
        while stack:
            v = stack.pop()
            v._bounds = v._bounds.offset(dx, dy)
            stack.extend(v.children)

    # ----- drawing --------------------------------------------------------------------
    def on_draw(self, canvas: skia.Canvas) -> None:
        """Paint this view's own content (background is painted before; children after).
        Use `self.paint_text` for strings so they are reported by `text_boxes()`."""

    def paint_text(self, canvas: skia.Canvas, text: str, x: float, y: float, *,
                   size: float, color: int = 0xFF1F1F1F, weight: str = "regular",
                   align: str = "left") -> Rect:
        """Draw one line of text whose box top is `y` (x is the left edge, centre or right
        edge per `align`) and record its box for `text_boxes()`. Returns the box."""
        from .render import paint_text

        return paint_text(canvas, self._ctx, text, x, y, size=size, color=color,
                          weight=weight, align=align)

    # ----- events ---------------------------------------------------------------------
    @property
    def consumes_touch(self) -> bool:
        """Whether a touch landing here stops at this view (clickable, long-clickable, or a
        view that tracks raw touches)."""
        return self.clickable or self.long_clickable or self.wants_touch_events

    def on_touch_event(self, action: str, x: int, y: int) -> bool:
        """Raw pointer events for views with `wants_touch_events`: action is "down", "move",
        "up" or "cancel" (a scrolling parent took over). Coordinates are screen px."""
        return False

    def perform_click(self) -> bool:
        """Run the click action as a tap would; False when disabled or not clickable."""
        if not self.enabled or not self.clickable:
            return False
        if self.on_click is not None:
            call_back(self.on_click, self)
        return True

    def perform_long_click(self) -> bool:
        """Run the long-click action; False when disabled or not long-clickable."""
        if not self.enabled or not self.long_clickable:
            return False
        if self.on_long_click is not None:
            call_back(self.on_long_click, self)
        return True

    def on_key(self, name: str) -> bool:
        """A key for the focused view; True = consumed. Default: not consumed."""
        return False


def _defined_by(cls: type, name: str) -> type | None:
    """The class of `cls`'s MRO whose own namespace defines `name`."""
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass
    return None


def _place(lo: int, hi: int, size: int, g: str | None) -> int:
    if g == "center":
        return lo + (hi - lo - size) // 2
    if g == "end":
        return hi - size
    return lo
