"""Scrolling containers: ScrollView, HorizontalScrollView, RecyclerView, ListView, ViewPager.

Children are stacked along the scroll axis and measured without a limit on that axis; the
container clips them to its bounds. Scrolling moves the laid-out subtree (no new layout), so a
scroll step is cheap. Gestures (drag, fling, page snap) are driven by the window manager.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .geometry import Rect
from .units import MATCH_PARENT
from .view import (
    EXACTLY,
    UNSPECIFIED,
    ChoiceProp,
    Spec,
    View,
    _place,
    call_back,
    child_spec,
    parse_gravity,
    resolve_size,
)


class ScrollContainer(View):
    """Base of scrolling containers; `orientation` is the scroll axis."""

    orientation = ChoiceProp("vertical", ("vertical", "horizontal"))

    def __init__(self, orientation: str = "vertical", *, focusable: bool = True, **kw: Any) -> None:
        super().__init__(focusable=focusable, **kw)
        self.orientation = orientation
        self._scroll = 0
        self._drag_base = 0  # scroll offset when the current drag began
        self._extent = 0  # content length along the axis, padding included

    # ----- geometry -------------------------------------------------------------------
    @property
    def vertical(self) -> bool:
        return self.orientation == "vertical"

    def _viewport(self) -> int:
        b = self._bounds
        return b.height if self.vertical else b.width

    @property
    def max_scroll(self) -> int:
        """Largest scroll offset along the axis (0 when everything fits)."""
        host = self.window
        if host is not None:
            host.ensure_layout()
        return max(0, self._extent - self._viewport())

    @property
    def scroll_offset(self) -> int:
        """Current scroll offset along the axis in px."""
        return self._scroll

    @property
    def scroll_x(self) -> int:
        return 0 if self.vertical else self._scroll

    @property
    def scroll_y(self) -> int:
        return self._scroll if self.vertical else 0

    def can_scroll(self, direction: int) -> bool:
        """direction > 0: towards the end (content moves up/left); < 0: towards the start."""
        if direction > 0:
            return self._scroll < self.max_scroll
        return self._scroll > 0

    def a11y_scrollable(self) -> bool:
        """uiautomator's scrollable: true when there is something to scroll."""
        return self.scrollable or self.max_scroll > 0

    # ----- scrolling ------------------------------------------------------------------
    def scroll_by(self, delta: int) -> int:
        """Scroll along the axis by `delta` px (positive = towards the end), clamped;
        returns the distance actually scrolled."""
        host = self.window
        if host is not None:
            host.ensure_layout()
        new = max(0, min(self.max_scroll, self._scroll + int(delta)))
        d = new - self._scroll
        if d:
            self._scroll = new
            for c in self.children:
                if self.vertical:
                    c._translate(0, -d)
                else:
                    c._translate(-d, 0)
            self._invalidate(False)
            self.on_scrolled(d)
        return d

    def scroll_to(self, offset: int) -> int:
        """Scroll to an absolute offset (clamped); returns the distance moved."""
        return self.scroll_by(int(offset) - self._scroll)

    def scroll_to_child(self, child: View) -> int:
        """Scroll the least distance that shows `child` (a descendant) entirely, if it fits."""
        b = self.bounds
        cb = child.bounds
        if self.vertical:
            if cb.top < b.top:
                return self.scroll_by(cb.top - b.top)
            if cb.bottom > b.bottom:
                return self.scroll_by(min(cb.bottom - b.bottom, cb.top - b.top))
        else:
            if cb.left < b.left:
                return self.scroll_by(cb.left - b.left)
            if cb.right > b.right:
                return self.scroll_by(min(cb.right - b.right, cb.left - b.left))
        return 0

    def on_scrolled(self, delta: int) -> None:
        """Hook: the offset changed by `delta`."""

    # ----- measure / layout -----------------------------------------------------------
    def on_measure(self, wspec: Spec, hspec: Spec) -> tuple[int, int]:
        v = self.vertical
        pl, pt, pr, pb = self._padding
        cross_spec = wspec if v else hspec
        cross_pad = pl + pr if v else pt + pb
        total = 0
        cross = 0
        for c in self.children:
            if c.visibility == "gone":
                continue
            ml, mt, mr, mb = c._margin
            if v:
                c.measure(child_spec(cross_spec, cross_pad + ml + mr, c.width),
                          (UNSPECIFIED, 0) if c.height < 0 else (EXACTLY, c.height))
                total += c._mh + mt + mb
                cross = max(cross, c._mw + ml + mr)
            else:
                c.measure((UNSPECIFIED, 0) if c.width < 0 else (EXACTLY, c.width),
                          child_spec(cross_spec, cross_pad + mt + mb, c.height))
                total += c._mw + ml + mr
                cross = max(cross, c._mh + mt + mb)
        if v:
            w = resolve_size(max(cross + pl + pr, self.min_width), wspec)
            h = resolve_size(max(total + pt + pb, self.min_height), hspec)
        else:
            w = resolve_size(max(total + pl + pr, self.min_width), wspec)
            h = resolve_size(max(cross + pt + pb, self.min_height), hspec)
        self._extent = total + (pt + pb if v else pl + pr)
        return w, h

    def on_layout(self, b: Rect) -> None:
        v = self.vertical
        pl, pt, pr, pb = self._padding
        viewport = b.height if v else b.width
        self._scroll = max(0, min(self._scroll, self._extent - viewport))
        hg, vg = parse_gravity(self.gravity)
        pos = (b.top + pt if v else b.left + pl) - self._scroll
        for c in self.children:
            if c.visibility == "gone":
                continue
            ml, mt, mr, mb = c._margin
            if v:
                g = parse_gravity(c.layout_gravity)[0] if c.layout_gravity else hg
                x = _place(b.left + pl + ml, b.right - pr - mr, c._mw, g)
                y = pos + mt
                c.layout(x, y, x + c._mw, y + c._mh)
                pos = y + c._mh + mb
            else:
                g = parse_gravity(c.layout_gravity)[1] if c.layout_gravity else vg
                y = _place(b.top + pt + mt, b.bottom - pb - mb, c._mh, g)
                x = pos + ml
                c.layout(x, y, x + c._mw, y + c._mh)
                pos = x + c._mw + mr

    def dump_children(self) -> Iterator[tuple[int, View]]:
        """(index, child) pairs for the dump: position among all children."""
        return enumerate(self.children)


class ScrollView(ScrollContainer):
    """Vertical scrolling (also what NestedScrollView reports)."""

    a11y_class = "android.widget.ScrollView"

    def __init__(self, **kw: Any) -> None:
        super().__init__("vertical", **kw)


class HorizontalScrollView(ScrollContainer):
    a11y_class = "android.widget.HorizontalScrollView"

    def __init__(self, **kw: Any) -> None:
        super().__init__("horizontal", **kw)


class RecyclerView(ScrollContainer):
    """A scrolling list of item views. Every item is a child view (no recycling), but the dump
    lists only items on screen, so dump indices count from the first visible item, as on a device."""

    a11y_class = "androidx.recyclerview.widget.RecyclerView"

    def __init__(self, items: Sequence[View] = (), *, orientation: str = "vertical",
                 on_item_click: Callable | None = None, **kw: Any) -> None:
        super().__init__(orientation, **kw)
        self.on_item_click = on_item_click
        self.set_items(list(items))

    def set_items(self, items: Sequence[View]) -> None:
        """Replace all items (the scroll offset is kept, clamped at the next layout)."""
        self.clear()
        for it in items:
            self.add_item(it)

    def add_item(self, item: View) -> View:
        """Append one item; with `on_item_click` set the item becomes clickable and a tap
        calls `on_item_click(position, item)`."""
        if self.on_item_click is not None:
            item.clickable = True
            if item.on_click is None:
                item.on_click = lambda v, lst=self: lst._item_clicked(v)
        self.add(item)
        return item

    def _item_clicked(self, item: View) -> None:
        if self.on_item_click is not None and item in self.children:
            call_back(self.on_item_click, self.children.index(item), item)

    @property
    def items(self) -> list[View]:
        return list(self.children)

    def dump_children(self) -> Iterator[tuple[int, View]]:
        b = self._bounds
        i = 0
        for c in self.children:
            if c.visibility == "visible" and c._bounds.intersects(b):
                yield i, c
                i += 1


class ListView(RecyclerView):
    """android.widget.ListView: same behaviour as RecyclerView here."""

    a11y_class = "android.widget.ListView"


class ViewPager(ScrollContainer):
    """Full-size pages side by side; a horizontal drag snaps to a page on release."""

    a11y_class = "androidx.viewpager.widget.ViewPager"

    def __init__(self, pages: list[View] | tuple[View, ...] = (), *, current_item: int = 0,
                 on_page_selected: Callable | None = None, width: int = MATCH_PARENT,
                 height: int = MATCH_PARENT, **kw: Any) -> None:
        super().__init__("horizontal", width=width, height=height, **kw)
        self.on_page_selected = on_page_selected
        self.dragging = False  # set by the window manager while a finger drags the pages
        self._current = 0
        for p in pages:
            self.add(p)
        if pages:
            self._check_page(current_item)
        self._current = current_item

    @property
    def current_item(self) -> int:
        return self._current

    @property
    def page_count(self) -> int:
        return len([c for c in self.children if c.visibility != "gone"])

    def _check_page(self, index: int) -> None:
        n = self.page_count
        if not 0 <= index < n:
            raise IndexError(f"ViewPager page {index} out of range 0..{n - 1}")

    def set_current_item(self, index: int, *, notify: bool = True) -> None:
        """Show page `index` (IndexError naming it when out of range)."""
        self._check_page(index)
        changed = index != self._current
        self._current = index
        host = self.window
        if host is not None:
            host.ensure_layout()
            self.scroll_to(index * self._bounds.width)
        else:
            self._invalidate(True)
        if changed and notify and self.on_page_selected is not None:
            call_back(self.on_page_selected, self, index)

    def settle(self, velocity: float, delta: float, fling_distance: int,
               min_velocity: float) -> None:
        """Snap after a drag (ViewPager.determineTargetPage): `velocity` and `delta` are the
        finger's (positive = moving right, towards the previous page)."""
        w = max(1, self._bounds.width)
        page_f = self._scroll / w
        cur = int(page_f)
        off = page_f - cur
        if abs(delta) > fling_distance and abs(velocity) > min_velocity:
            target = cur if velocity > 0 else cur + 1
        else:
            trunc = 0.4 if cur >= self._current else 0.6
            target = cur + int(off + trunc)
        target = max(0, min(self.page_count - 1, target))
        self.dragging = False
        self.set_current_item(target)
        self.scroll_to(target * w)

    def on_measure(self, wspec: Spec, hspec: Spec) -> tuple[int, int]:
        w = resolve_size(self.min_width, wspec)
        h = resolve_size(self.min_height, hspec)
        pl, pt, pr, pb = self._padding
        n = 0
        for c in self.children:
            if c.visibility == "gone":
                continue
            c.measure((EXACTLY, max(0, w - pl - pr)), (EXACTLY, max(0, h - pt - pb)))
            n += 1
        self._extent = n * w
        return w, h

    def on_layout(self, b: Rect) -> None:
        w = b.width
        if not self.dragging:
            self._scroll = self._current * w
        self._scroll = max(0, min(self._scroll, self._extent - w))
        pl, pt, pr, pb = self._padding
        i = 0
        for c in self.children:
            if c.visibility == "gone":
                continue
            x = b.left + i * w - self._scroll + pl
            c.layout(x, b.top + pt, x + c._mw, b.top + pt + c._mh)
            i += 1

    def a11y_scrollable(self) -> bool:
        return self.scrollable or self.page_count > 1
