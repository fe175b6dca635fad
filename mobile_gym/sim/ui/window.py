"""A window: one view tree with a package, a kind (z-layer) and a frame on screen.

The window owns its tree's layout state and version: views report changes here; layout runs
lazily (`ensure_layout`) and the recorded picture (with its painted text boxes) is cached per
content version.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import skia

from mobile_gym.device.base import TextBox

from .geometry import Rect
from .render import DrawContext, collect_text_boxes, view_picture
from .units import MATCH_PARENT, dp
from .view import AT_MOST, EXACTLY, View

if TYPE_CHECKING:  # pragma: no cover
    from .window_manager import WindowManager

KINDS = ("app", "dialog", "popup", "toast", "ime", "status_bar", "nav_bar")
Z_ORDER = {k: i for i, k in enumerate(KINDS)}
MODAL_KINDS = ("dialog", "popup")


class Window:
    """A top-level view tree shown by the WindowManager.

    bounds=None places the window by kind: app full screen; status_bar at the top and
    ime/nav_bar at the bottom (full width, wrapped height); dialog centred, screen width
    minus 24 dp insets unless the root has a fixed width; toast centred near the bottom;
    popup at the top-right corner (pass bounds, see `popup_bounds`, to anchor it).
    """

    def __init__(self, root: View, *, package: str, kind: str, bounds: Rect | None = None,
                 dim_behind: bool = False, focusable: bool = True,
                 on_outside_touch: Callable | None = None, title: str = "",
                 touch_modal: bool = True, parent_window: Window | None = None) -> None:
        if kind not in KINDS:
            raise ValueError(f"window kind must be one of {KINDS}; got {kind!r}")
        if not isinstance(root, View):
            raise TypeError(f"window root must be a View; got {root!r}")
        if root.parent is not None or root._host is not None:
            raise ValueError(f"{root!r} is already attached to a parent or window")
        if not package:
            raise ValueError("window package must be a non-empty package name")
        self.root = root
        self.package = package
        self.kind = kind
        self.title = title
        self._bounds = bounds
        self.focusable = focusable and kind not in ("toast", "ime", "status_bar", "nav_bar")
        self.on_outside_touch = on_outside_touch
        # a dialog or popup swallows touches outside it unless it is not touch-modal
        # (FLAG_NOT_TOUCH_MODAL, as the floating text toolbar): those reach the windows below
        self.touch_modal = touch_modal
        # a sub-window (a PopupWindow's panel) leaves the screen with the window it belongs to
        self.parent_window = parent_window
        self.focused_view: View | None = None
        self.version = 0
        self._layout_dirty = True
        self._frame = Rect(0, 0, 0, 0)
        self._visible = True
        self._wm: WindowManager | None = None
        self.serial = 0  # set by the window manager on add
        # set by the window manager on the first add and kept: which window this is, for
        # caches of what it shows (`version` counts its changes whether it is shown or not)
        self.uid = 0
        self._boxes: tuple[int, list[TextBox]] | None = None
        self._layout_moves: list[Rect] = []   # rects changed by layout (damage)
        self._relaid: list[View] = []         # views changed in a way that needs layout
        self._dim_behind = dim_behind
        root._host = self

    # ----- state ----------------------------------------------------------------------
    @property
    def manager(self) -> WindowManager | None:
        """The window manager showing this window (None while it is not added)."""
        return self._wm

    @property
    def visible(self) -> bool:
        return self._visible

    @visible.setter
    def visible(self, value: bool) -> None:
        if bool(value) != self._visible:
            self._visible = bool(value)
            self._on_view_change(False)
            self._full_damage()

    @property
    def dim_behind(self) -> bool:
        """Darken the windows below this one (dialogs)."""
        return self._dim_behind

    @dim_behind.setter
    def dim_behind(self, value: bool) -> None:
        if bool(value) != self._dim_behind:
            self._dim_behind = bool(value)
            self._on_view_change(False)
            self._full_damage()

    def _full_damage(self) -> None:
        if self._wm is not None:
            self._wm._add_damage(self._wm.screen)

    @property
    def bounds(self) -> Rect | None:
        """Requested bounds (None = placed by kind)."""
        return self._bounds

    @bounds.setter
    def bounds(self, value: Rect | None) -> None:
        self._bounds = value
        self._on_view_change(True)
        self._full_damage()

    @property
    def frame(self) -> Rect:
        """Where the window is on screen (after layout)."""
        self.ensure_layout()
        return self._frame

    @property
    def touchable(self) -> bool:
        return self.kind != "toast"

    def __repr__(self) -> str:
        return f"<Window {self.kind} {self.package} {self.title or type(self.root).__name__}>"

    def __getstate__(self) -> dict[str, Any]:
        d = self.__dict__.copy()
        d["_boxes"] = None
        return d

    def _on_view_change(self, layout: bool, origin: View | None = None) -> None:
        self.version += 1
        if layout:
            self._layout_dirty = True
        wm = self._wm
        if wm is not None:
            wm._window_changed(self)
            if origin is not None:
                # the view is redrawn where it was; after a layout also where it ends up
                wm._add_damage(origin._bounds)
                if layout:
                    if len(self._relaid) < 256:
                        self._relaid.append(origin)
                    else:
                        wm._add_damage(wm.screen)

    def set_focus(self, view: View | None) -> None:
        """Give input focus to `view` (a view of this window) or to nobody."""
        if view is not None and view.window is not self:
            raise ValueError(f"{view!r} is not in {self!r}")
        old = self.focused_view
        if view is not old:
            self.focused_view = view
            if old is not None:
                old._invalidate(False)   # redraw without cursor, re-dump focused="false"
            if view is not None:
                view._invalidate(False)
            self._on_view_change(False)
            if self._wm is not None:
                self._wm._sync_editor()

    # ----- layout ---------------------------------------------------------------------
    def _screen(self) -> tuple[int, int, int]:
        wm = self._wm
        if wm is None:
            from .units import DEFAULT_DENSITY, DEFAULT_HEIGHT, DEFAULT_WIDTH
            return DEFAULT_WIDTH, DEFAULT_HEIGHT, DEFAULT_DENSITY
        return wm.width, wm.height, wm.density

    def _place(self) -> Rect:
        W, H, density = self._screen()
        if self._bounds is not None:
            return self._bounds
        root = self.root
        k = self.kind
        if k == "app":
            return Rect(0, 0, W, H)
        if k in ("status_bar", "ime", "nav_bar"):
            if root.height >= 0:
                h = root.height
            else:
                root.measure((EXACTLY, W), (AT_MOST, H))
                h = root._mh
            return Rect(0, 0, W, h) if k == "status_bar" else Rect(0, H - h, W, H)
        if k == "dialog":
            inset = dp(24, density)
            if root.width >= 0:
                w = min(root.width, W)
            else:
                w = W - 2 * inset
            root.measure((EXACTLY, w), (AT_MOST, H - 2 * inset))
            h = root._mh if root.height != MATCH_PARENT else H - 2 * inset
            left = (W - w) // 2
            top = (H - h) // 2
            return Rect(left, top, left + w, top + h)
        # popup / toast: wrap content
        root.measure((AT_MOST, W), (AT_MOST, H))
        w, h = root._mw, root._mh
        if k == "toast":
            left = (W - w) // 2
            top = H - dp(96, density) - h
            return Rect(left, top, left + w, top + h)
        left = W - w - dp(8, density)
        top = dp(32, density)
        return Rect(left, top, left + w, top + h)

    def ensure_layout(self) -> None:
        """Run a pending measure/layout pass over the tree."""
        if not self._layout_dirty:
            return
        self._layout_dirty = False
        frame = self._place()
        self._frame = frame
        root = self.root
        root.measure((EXACTLY, frame.width), (EXACTLY, frame.height))
        root.layout(frame.left, frame.top, frame.right, frame.bottom)
        wm = self._wm
        if wm is not None:
            for r in self._layout_moves:
                wm._add_damage(r)
            for v in self._relaid:
                wm._add_damage(v._bounds)
        self._layout_moves.clear()
        self._relaid.clear()
        # focus can only stay on a view that is still attached and shown
        fv = self.focused_view
        if fv is not None and (fv.window is not self or not fv.shown):
            self.focused_view = None
            fv._invalidate(False)
            self.version += 1
            if self._wm is not None:
                self._wm._sync_editor()
        if self._wm is not None:
            self._wm._layouts += 1

    # ----- drawing --------------------------------------------------------------------
    def picture(self) -> skia.Picture:
        """The display list of the tree in coordinates relative to the root's top-left
        (only changed subtrees are re-recorded)."""
        self.ensure_layout()
        stats = DrawContext(clip=self._frame)
        pic = view_picture(self.root, stats)
        if self._wm is not None and stats.draws:
            self._wm._recordings += 1
            self._wm._view_draws += stats.draws
        return pic

    def text_boxes(self) -> list[TextBox]:
        """Strings painted in this window with their visible boxes (cached per version)."""
        self.picture()
        cached = self._boxes
        if cached is not None and cached[0] == self.version:
            return cached[1]
        W, H, _ = self._screen()
        out: list[TextBox] = []
        collect_text_boxes(self.root, self._frame.intersect(Rect(0, 0, W, H)), out)
        self._boxes = (self.version, out)
        return out


def popup_bounds(root: View, anchor: Rect, screen_width: int, screen_height: int,
                 density: int = 420) -> Rect:
    """Bounds for a popup menu anchored at `anchor` (overflow-menu style): width rounded up
    to a multiple of 56 dp (at least 112 dp), right edges aligned, overlapping the anchor's
    top, kept on screen."""
    unit = dp(56, density)
    root.measure((AT_MOST, screen_width), (AT_MOST, screen_height))
    w = max(2 * unit, -(-root._mw // unit) * unit)
    w = min(w, screen_width - 2 * dp(8, density))
    h = min(root._mh, screen_height - 2 * dp(8, density))
    right = min(screen_width - dp(8, density), max(anchor.right, w))
    left = right - w
    top = max(0, min(anchor.top, screen_height - h))
    return Rect(left, top, right, top + h)
