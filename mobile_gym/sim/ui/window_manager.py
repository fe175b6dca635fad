"""The window stack of one screen: z-order, touch dispatch and gestures over device time,
key dispatch, focus, rendering with caches, the uiautomator dump and painted text boxes.

Times are passed in (`now`, device seconds); nothing here reads a clock.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import skia

from mobile_gym.device.base import InvalidInputError, TextBox

from . import theme
from .dump import dump_active_window, dump_all_windows
from .geometry import Rect
from .gestures import LONG_PRESS_TIMEOUT, Fling, GestureConfig, VelocityTracker
from .lists import ScrollContainer, ViewPager
from .render import FrameBuffer, rect_paint, srect
from .units import DEFAULT_DENSITY, DEFAULT_HEIGHT, DEFAULT_WIDTH
from .view import View, call_back
from .window import MODAL_KINDS, Z_ORDER, Window

_FRAME_CACHE = 6
_DUMP_CACHE = 8  # dumps kept by content (of every kind), oldest evicted


@dataclass(frozen=True)
class RenderStats:
    """Counters for tests and benchmarks: how much work the caches saved."""

    frames_drawn: int      # frames rasterised (cache misses of render())
    partial_frames: int    # of those, frames that redrew only the changed area
    frames_cached: int     # render() calls served from the cache
    recordings: int        # window pictures recorded (tree walks that call on_draw)
    view_draws: int        # on_draw calls made while recording
    layouts: int           # layout passes
    dumps_built: int       # dump() cache misses


class _Gesture:
    """One pointer from down to up."""

    __slots__ = ("window", "outside", "x0", "y0", "t0", "x", "y", "target", "chain",
                 "long_fired", "scroller", "scroll_origin", "tracker", "cancelled")

    def __init__(self, window: Window | None, outside: Window | None, x: int, y: int, t: float,
                 target: View | None, chain: list[View]) -> None:
        self.window = window
        self.outside = outside
        self.x0, self.y0, self.t0 = x, y, t
        self.x, self.y = x, y
        self.target = target
        self.chain = chain            # views containing the down point, root first
        self.long_fired = False
        self.scroller: ScrollContainer | None = None
        self.scroll_origin = 0        # finger coordinate along the axis when scrolling began
        self.tracker = VelocityTracker()
        self.tracker.add(t, x, y)
        self.cancelled = False        # click cancelled (finger left the view / scrolling)


def _touch_chain(view: View, x: int, y: int) -> tuple[View | None, list[View]]:
    """(consumer, path): the view a touch at (x, y) is delivered to (deepest clickable or
    long-clickable view, children tried top-most first), and the views containing the point
    on the way to it, root first (when nobody consumes, the path to the top-most deepest view
    under the point)."""
    if view.visibility != "visible" or not view._bounds.contains(x, y):
        return None, []
    fallback: list[View] = []
    for c in reversed(view.children):
        t, path = _touch_chain(c, x, y)
        if t is not None:
            return t, [view] + path
        if path and not fallback:
            fallback = path
    if view.consumes_touch:
        return view, [view]
    return None, [view] + fallback


class WindowManager:
    """Windows of one display, ordered by kind (app < dialog < popup < toast < ime <
    status_bar < nav_bar) then by insertion."""

    def __init__(self, width: int = DEFAULT_WIDTH, height: int = DEFAULT_HEIGHT,
                 density: int = DEFAULT_DENSITY) -> None:
        if width <= 0 or height <= 0 or density <= 0:
            raise ValueError(f"bad display {width}x{height} density {density}")
        self.width = width
        self.height = height
        self.density = density
        self.config = GestureConfig.for_density(density)
        self.on_editor_focus: Callable[[View | None], None] | None = None
        # hides the soft keyboard (InputMethodManager.hideSoftInputFromWindow): the IME's Done
        self.on_hide_soft_input: Callable[[], None] | None = None
        # the phone's primary clip (an object with get_text/set_text), for cut/copy/paste
        self.clipboard: Any = None
        self._windows: list[Window] = []
        self._serial = 0
        self._version = 0
        self._gesture: _Gesture | None = None
        self._fling: Fling | None = None
        self._pressed: View | None = None
        self._editor: View | None = None
        self._now = 0.0
        self._reset_caches()
        self._frames_drawn = self._frames_cached = 0
        self._recordings = self._view_draws = self._layouts = self._dumps_built = 0
        self._partial_frames = 0

    def _reset_caches(self) -> None:
        self._frames: OrderedDict[tuple, np.ndarray] = OrderedDict()
        self._buffers: dict[tuple[int, int], FrameBuffer] = {}
        self._dumps: OrderedDict[tuple, str] = OrderedDict()  # (kind, compressed, content) -> XML
        self._boxes: tuple[tuple, list[TextBox]] | None = None
        self._settled: tuple[int, tuple] | None = None  # (version, content key), see _settled_key

    def __getstate__(self) -> dict[str, Any]:
        """State for a copy (snapshot/restore): the dump and the finished frames come along,
        since they are keyed by the windows' content versions, which a copy shares with this
        object and which only grow from there (frames drawn with a pressed view are keyed by that
        view's identity and stay behind); so do the frame buffers' pixels and damage
        (`FrameBuffer.__getstate__`: a restored screen redraws only what changes after it)."""
        d = self.__dict__.copy()
        d["_frames"] = [(k, f) for k, f in self._frames.items() if k[1] == 0]
        d["_dumps"] = dict(self._dumps)
        d["_buffers"] = dict(self._buffers)
        d.pop("_settled", None)
        return d

    def __setstate__(self, d: dict[str, Any]) -> None:
        frames, dumps, buffers = d.pop("_frames", None), d.pop("_dumps", None), d.pop("_buffers", None)
        self.__dict__.update(d)
        self._reset_caches()
        if frames is not None:
            self._frames = OrderedDict(frames)
        if dumps is not None:
            self._dumps = OrderedDict(dumps)
        if buffers is not None:
            self._buffers = buffers

    # ----- windows --------------------------------------------------------------------
    @property
    def windows(self) -> list[Window]:
        """All windows, bottom to top."""
        return list(self._windows)

    @property
    def screen(self) -> Rect:
        return Rect(0, 0, self.width, self.height)

    def add(self, window: Window) -> Window:
        """Show a window above the others of its kind (and below higher kinds)."""
        if window._wm is not None:
            raise ValueError(f"{window!r} is already shown")
        z = Z_ORDER[window.kind]
        i = len(self._windows)
        while i > 0 and Z_ORDER[self._windows[i - 1].kind] > z:
            i -= 1
        self._serial += 1
        window.serial = self._serial
        if not window.uid:
            window.uid = self._serial
        window._wm = self
        window._layout_dirty = True
        self._windows.insert(i, window)
        self._version += 1
        self._full_damage()
        self._sync_editor()
        return window

    def remove(self, window: Window) -> None:
        """Take a window off screen; ValueError when it is not shown here."""
        if window not in self._windows:
            raise ValueError(f"{window!r} is not shown by this window manager")
        self._windows.remove(window)
        window._wm = None
        for sub in [w for w in self._windows if getattr(w, "parent_window", None) is window]:
            self.remove(sub)
        self._version += 1 + window.version
        self._full_damage()
        g = self._gesture
        if g is not None and (g.window is window or g.outside is window):
            self._cancel_gesture()
        if self._fling is not None and getattr(self._fling.target, "window", None) is window:
            self._fling = None
        if self._pressed is not None and self._pressed.window is window:
            self._pressed = None
        self._sync_editor()

    @property
    def focused_window(self) -> Window | None:
        """The top-most visible window that takes input focus (app, dialog or popup)."""
        for w in reversed(self._windows):
            if w.focusable and w.visible and w.root.visibility == "visible":
                return w
        return None

    @property
    def focused_editor(self) -> View | None:
        """The EditText that typing goes to: the focused window's focused editable view."""
        w = self.focused_window
        if w is None:
            return None
        w.ensure_layout()
        v = w.focused_view
        if v is not None and hasattr(v, "commit_text") and v.shown and v.window is w:
            return v
        return None

    def _sync_editor(self) -> None:
        ed = self.focused_editor
        if ed is not self._editor:
            self._editor = ed
            if self.on_editor_focus is not None:
                self.on_editor_focus(ed)

    def _window_changed(self, window: Window) -> None:
        self._version += 1

    def _add_damage(self, r: Rect) -> None:
        """Screen area whose pixels may have changed (for partial redraws)."""
        for fb in self._buffers.values():
            fb.add_damage(r)

    def _full_damage(self) -> None:
        for fb in self._buffers.values():
            fb.full = True

    @property
    def version(self) -> int:
        """Increases on every visible change (content, windows, pressed state)."""
        return self._version

    @property
    def pressed_view(self) -> View | None:
        return self._pressed

    def _set_pressed(self, v: View | None) -> None:
        old = self._pressed
        if v is not old:
            self._pressed = v
            self._version += 1
            for p in (old, v):
                if p is not None:
                    self._add_damage(p._bounds)

    def _settled_key(self) -> tuple:
        """Lay out every window, then `_content_key()`. Kept while `version` stays: a shown
        window changes its layout, version or visibility, and the window list changes, only
        with a `version` bump (Window._on_view_change, add, remove); a pass that bumped it is
        not kept (what it changed may need another pass)."""
        version = self._version
        settled = self._settled
        if settled is not None and settled[0] == version:
            return settled[1]
        for w in self._windows:
            w.ensure_layout()
        key = self._content_key()
        if self._version == version:
            self._settled = (version, key)
        return key

    def _content_key(self) -> tuple:
        """Equal while the screen shows the same: the same windows (a window taken off and
        shown again is the same window) in the same order, each at the same version."""
        return tuple([(w.uid, w.version, w.visible) for w in self._windows])

    # ----- input ----------------------------------------------------------------------
    def _check_point(self, x: Any, y: Any) -> tuple[int, int]:
        if type(x) is int and type(y) is int and 0 <= x < self.width and 0 <= y < self.height:
            return x, y  # (what the env passes)
        if isinstance(x, bool) or isinstance(y, bool) or not isinstance(x, (int, float, np.integer, np.floating)) \
                or not isinstance(y, (int, float, np.integer, np.floating)):
            raise InvalidInputError(f"touch coordinates must be numbers; got ({x!r}, {y!r})")
        if not (math.isfinite(float(x)) and math.isfinite(float(y))):
            raise InvalidInputError(f"touch coordinates must be finite; got ({x!r}, {y!r})")
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise InvalidInputError(
                f"touch at ({x}, {y}) is outside the {self.width}x{self.height} screen")
        return int(x), int(y)

    def touch(self, x: int, y: int, down: bool, now: float) -> None:
        """Raw pointer: down=True presses (or moves while pressed), down=False lifts.
        A lift with no finger down is ignored."""
        x, y = self._check_point(x, y)
        self.tick(now)
        g = self._gesture
        if down:
            if g is None:
                self._down(x, y, now)
            else:
                self._move(g, x, y, now)
        elif g is not None:
            self._move(g, x, y, now)
            self._up(g, x, y, now)
        self._sync_editor()

    def _window_at(self, x: int, y: int) -> tuple[Window | None, Window | None]:
        """(window receiving a touch at (x, y), modal window it fell outside of)."""
        for w in reversed(self._windows):
            if not w.visible or not w.touchable or w.root.visibility != "visible":
                continue
            if w.frame.contains(x, y):
                return w, None
            if w.kind in MODAL_KINDS and getattr(w, "touch_modal", True):
                return None, w
        return None, None

    def _down(self, x: int, y: int, now: float) -> None:
        self._fling = None
        win, outside = self._window_at(x, y)
        if outside is not None:
            self._gesture = _Gesture(None, outside, x, y, now, None, [])
            if outside.kind == "popup" and outside.on_outside_touch is not None:
                call_back(outside.on_outside_touch, outside)
            return
        target: View | None = None
        chain: list[View] = []
        if win is not None:
            win.ensure_layout()
            target, chain = _touch_chain(win.root, x, y)
        g = _Gesture(win, None, x, y, now, target, chain)
        self._gesture = g
        if target is not None and target.enabled:
            if target.clickable or target.long_clickable:
                self._set_pressed(target)
            if target.wants_touch_events:
                target.on_touch_event("down", x, y)

    def _scroll_candidates(self, g: _Gesture) -> list[ScrollContainer]:
        path = g.chain
        return [v for v in path if isinstance(v, ScrollContainer)]

    def _move(self, g: _Gesture, x: int, y: int, now: float) -> None:
        if x == g.x and y == g.y:
            g.tracker.add(now, x, y)
            return
        g.x, g.y = x, y
        g.tracker.add(now, x, y)
        if g.window is None:
            return
        slop = self.config.touch_slop
        if g.scroller is not None:
            self._drag(g)
            return
        dx, dy = x - g.x0, y - g.y0
        if abs(dx) > slop or abs(dy) > slop:
            # outer containers get the first chance to intercept (onInterceptTouchEvent)
            for sc in self._scroll_candidates(g):
                if isinstance(sc, ViewPager):
                    ok = abs(dx) > slop and abs(dx) * 0.5 > abs(dy) and sc.page_count > 1
                elif sc.vertical:
                    ok = abs(dy) > slop and sc.max_scroll > 0
                else:
                    ok = abs(dx) > slop and sc.max_scroll > 0
                if ok:
                    g.scroller = sc
                    g.cancelled = True
                    self._set_pressed(None)
                    if g.target is not None and g.target.wants_touch_events and g.target.enabled:
                        g.target.on_touch_event("cancel", x, y)
                    along = dy if sc.vertical else dx
                    # like ScrollView, the first drag step gives up the slop distance
                    g.scroll_origin = (g.y0 if sc.vertical else g.x0) + (slop if along > 0 else -slop)
                    sc._drag_base = sc.scroll_offset
                    if isinstance(sc, ViewPager):
                        sc.dragging = True
                    self._drag(g)
                    return
        t = g.target
        if t is not None and not g.cancelled and t.wants_touch_events:
            if t.enabled:
                t.on_touch_event("move", x, y)   # raw-touch views keep tracking outside
            return
        if t is not None and not g.cancelled:
            b = t._bounds
            if not (b.left - slop <= x < b.right + slop and b.top - slop <= y < b.bottom + slop):
                g.cancelled = True
                self._set_pressed(None)

    def _drag(self, g: _Gesture) -> None:
        sc = g.scroller
        assert sc is not None
        finger = g.y if sc.vertical else g.x
        base = sc._drag_base
        want = base - (finger - g.scroll_origin)
        sc.scroll_to(want)

    def _up(self, g: _Gesture, x: int, y: int, now: float) -> None:
        self._gesture = None
        self._set_pressed(None)
        if g.outside is not None:
            if g.outside.kind == "dialog" and g.outside.on_outside_touch is not None \
                    and not g.outside.frame.contains(x, y):
                call_back(g.outside.on_outside_touch, g.outside)
            return
        sc = g.scroller
        if sc is not None:
            vx, vy = g.tracker.velocity(now)
            if isinstance(sc, ViewPager):
                cfg = self.config
                sc.settle(vx, x - g.x0, cfg.pager_fling_distance, cfg.pager_min_velocity)
                return
            v = vy if sc.vertical else vx
            cfg = self.config
            if abs(v) >= cfg.min_fling_velocity:
                v = max(-cfg.max_fling_velocity, min(cfg.max_fling_velocity, v))
                self._fling = Fling(sc, -v, now)
            return
        t = g.target
        if t is not None and t.wants_touch_events and not g.cancelled and t.enabled:
            t.on_touch_event("up", x, y)
        if t is None or g.cancelled or g.long_fired or not t.enabled:
            return
        if t.long_clickable and now - g.t0 >= LONG_PRESS_TIMEOUT:
            g.long_fired = True
            t.last_press = (g.x0, g.y0)
            t.perform_long_click()
            return
        if t.clickable:
            t.last_touch = (x, y)
            t.perform_click()

    def _cancel_gesture(self) -> None:
        g = self._gesture
        self._gesture = None
        self._set_pressed(None)
        if g is not None and g.target is not None and g.target.wants_touch_events \
                and not g.cancelled and g.target.window is not None:
            g.target.on_touch_event("cancel", g.x, g.y)
        if g is not None and isinstance(g.scroller, ViewPager):
            g.scroller.settle(0.0, 0.0, 1 << 30, float("inf"))

    def tick(self, now: float) -> None:
        """Device time advanced to `now`: fire a due long press, advance a fling."""
        self._now = now
        g = self._gesture
        if g is not None and g.target is not None and not g.long_fired and not g.cancelled \
                and g.scroller is None and g.target.long_clickable and g.target.enabled \
                and now - g.t0 >= LONG_PRESS_TIMEOUT:
            g.long_fired = True
            g.target.last_press = (g.x0, g.y0)
            g.target.perform_long_click()
            self._sync_editor()
        f = self._fling
        if f is not None:
            target = f.target
            off = f.offset_at(now)
            step = off - f.applied
            moved = target.scroll_by(step) if step else 0  # type: ignore[attr-defined]
            f.applied += moved
            if f.finished(now) or (step and moved != step):
                self._fling = None

    @property
    def fling_active(self) -> bool:
        return self._fling is not None

    def key(self, name: str) -> bool:
        """Deliver a key to the focused window's focused view, then its ancestors;
        False when nobody consumed it."""
        w = self.focused_window
        if w is None:
            return False
        w.ensure_layout()
        v = w.focused_view
        handled = False
        while v is not None:
            if v.on_key(name):
                handled = True
                break
            v = v.parent
        self._sync_editor()
        return handled

    # ----- output ---------------------------------------------------------------------
    def render(self, size: tuple[int, int] | None = None) -> np.ndarray:
        """The screen as RGB uint8 (H, W, 3), drawn at `size` = (width, height) directly.
        Frames are cached by content; the returned array is read-only."""
        if size is None:
            size = (self.width, self.height)
        try:
            sw, sh = int(size[0]), int(size[1])
        except (TypeError, ValueError, IndexError):
            raise InvalidInputError(f"render size must be (width, height); got {size!r}") from None
        if sw <= 0 or sh <= 0 or sw > 4 * self.width or sh > 4 * self.height:
            raise InvalidInputError(f"render size {size!r} must be positive and at most 4x the screen")
        content = self._settled_key()
        p = self._pressed
        key = (content, id(p) if p is not None else 0,
               p._bounds if p is not None else None, sw, sh)
        frame = self._frames.get(key)
        if frame is not None:
            self._frames.move_to_end(key)
            self._frames_cached += 1
            return frame
        fb = self._buffers.get((sw, sh))
        if fb is None:
            fb = self._buffers[(sw, sh)] = FrameBuffer(sw, sh)
        tiles = fb.dirty_tiles(self.width, self.height)
        if not tiles:
            # a new version with no visible change (e.g. a content-desc): same pixels
            self._frames_cached += 1
            return self._remember_frame(key, fb)
        c = fb.drawing_canvas(redraw_all=len(tiles) == len(fb.tiles))
        if len(tiles) < len(fb.tiles):
            self._partial_frames += 1
        sx, sy = sw / self.width, sh / self.height
        full = skia.Rect.MakeWH(self.width, self.height)
        layers = []
        for w in self._windows:
            if not w.visible or w.root.visibility != "visible":
                continue
            rb = w.root._bounds
            vis = self._visible_part(p, w) if p is not None and p.window is w and p.shown else None
            layers.append((w.dim_behind, w.picture(), skia.Matrix.Translate(rb.left, rb.top), vis))
        for t in tiles:
            c.save()
            c.clipRect(skia.Rect.MakeLTRB(t.left, t.top, t.right, t.bottom))
            c.clear(theme.BLACK)
            c.scale(sx, sy)
            for dim, pic, matrix, vis in layers:
                if dim:
                    c.drawRect(full, rect_paint(theme.DIM))
                c.drawPicture(pic, matrix)
                if vis is not None:
                    c.drawRect(srect(vis), rect_paint(theme.PRESSED_OVERLAY))
            c.restore()
        fb.damage = []
        fb.full = False
        self._frames_drawn += 1
        return self._remember_frame(key, fb)

    def _remember_frame(self, key: tuple, fb: FrameBuffer) -> np.ndarray:
        """The buffer's pixels as a read-only frame, cached under `key` (oldest evicted)."""
        frame = fb.rgb()
        frame.flags.writeable = False
        self._frames[key] = frame
        if len(self._frames) > _FRAME_CACHE:
            self._frames.popitem(last=False)
        return frame

    def _visible_part(self, v: View, w: Window) -> Rect | None:
        """The part of `v` not clipped away by its ancestors and window."""
        r = v._bounds.intersect(w.frame)
        a = v.parent
        while a is not None:
            r = r.intersect(a._bounds)
            a = a.parent
        return None if r.is_empty else r

    def dump(self, *, compressed: bool = False) -> str:
        """What `uiautomator dump` writes: the active (focused) window's tree only -- just
        the dialog while one is open; no bars, keyboard or toast. Cached by content."""
        return self._cached_dump("active", compressed)

    def dump_all_windows(self, *, compressed: bool = False) -> str:
        """What `uiautomator dump --windows` writes: every accessibility window, top first,
        in the `<displays><display><window>` format. Cached by content."""
        return self._cached_dump("windows", compressed)

    def _cached_dump(self, kind: str, compressed: bool) -> str:
        content = self._settled_key()
        active = self.focused_window
        key = (kind, compressed, content, active.uid if active is not None else 0)
        if kind == "windows":  # that dump names each window by its serial
            key += (tuple(w.serial for w in self._windows),)
        xml = self._dumps.get(key)
        if xml is not None:
            self._dumps.move_to_end(key)
            return xml
        if kind == "active":
            xml = dump_active_window(active, self.screen, compressed=compressed)
        else:
            xml = dump_all_windows(self._windows, active, self.screen, compressed=compressed)
        self._dumps[key] = xml
        if len(self._dumps) > _DUMP_CACHE:
            self._dumps.popitem(last=False)
        self._dumps_built += 1
        return xml

    def text_boxes(self) -> list[TextBox]:
        """Every string painted on screen with its visible box, bottom window first. Cached by
        content (a new list of the same boxes while nothing on screen changed)."""
        key = self._settled_key()
        cached = self._boxes
        if cached is None or cached[0] != key:
            out: list[TextBox] = []
            for w in self._windows:
                if not w.visible or w.root.visibility != "visible":
                    continue
                out.extend(w.text_boxes())
            cached = self._boxes = (key, out)
        return list(cached[1])

    @property
    def stats(self) -> RenderStats:
        return RenderStats(self._frames_drawn, self._partial_frames, self._frames_cached, self._recordings,
                           self._view_draws, self._layouts, self._dumps_built)

    # ----- helpers for callers --------------------------------------------------------
    def find(self, id: str) -> View | None:
        """First view with this id in any window, top-most window first."""
        for w in reversed(self._windows):
            v = w.root.find(id)
            if v is not None:
                return v
        return None

    def find_text(self, text: str) -> View | None:
        """First view showing `text` (or with that content-desc), top-most window first."""
        for w in reversed(self._windows):
            v = w.root.find_text(text)
            if v is not None:
                return v
        return None

    def tap(self, view_or_point: View | tuple[int, int], now: float) -> None:
        """Press and release at a view's centre (or a point) at time `now`."""
        if isinstance(view_or_point, View):
            x, y = view_or_point.bounds.center
        else:
            x, y = view_or_point
        self.touch(x, y, True, now)
        self.touch(x, y, False, now)
