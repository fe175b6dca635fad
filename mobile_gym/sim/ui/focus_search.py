"""Where focus goes next: the framework's FocusFinder rules for `focusSearch(FOCUS_DOWN)` (the
nearest focusable below, preferring views in the source's vertical beam) and
`focusSearch(FOCUS_FORWARD)` (the next focusable in reading order: each group's children in
rows top to bottom, left to right).

TextView uses them for Enter in a single-line field: a hardware ENTER searches down (the key
also takes the window out of touch mode, so every focusable view counts), the IME's Next key
searches forward among the views focusable in touch mode.
"""

from __future__ import annotations

from .geometry import Rect
from .view import View


def _takes_focus(v: View, touch_mode: bool) -> bool:
    """View.canTakeFocus over the whole branch: focusable (in touch mode when it applies),
    enabled, shown and with a size."""
    if not v.focusable or not v.enabled or not v.shown:
        return False
    if touch_mode and not getattr(v, "focusable_in_touch_mode", False):
        return False
    b = v.bounds
    return b.width > 0 and b.height > 0


def _rows_order(children: list[View]) -> list[View]:
    """FocusFinder.sort: by top, then grouped into rows of vertically overlapping views, each
    row left to right."""
    by_top = sorted(children, key=lambda c: (c.bounds.top, c.bounds.bottom))
    out: list[View] = []
    row: list[View] = []
    row_bottom: int | None = None
    for c in by_top:
        b = c.bounds
        if row_bottom is None or b.top >= row_bottom:
            out += sorted(row, key=lambda v: (v.bounds.left, v.bounds.right))
            row, row_bottom = [c], b.bottom
        else:
            row.append(c)
            row_bottom = max(row_bottom, b.bottom)
    out += sorted(row, key=lambda v: (v.bounds.left, v.bounds.right))
    return out


def focusables_in_order(root: View, touch_mode: bool) -> list[View]:
    """ViewGroup.addFocusables for FOCUS_FORWARD: a view before its descendants, children in
    rows order."""
    out: list[View] = []
    _add_focusables(root, touch_mode, out)
    return out


def _add_focusables(v: View, touch_mode: bool, out: list[View]) -> None:
    """`focusables_in_order` from `v` into `out` (module-level: a nested function calling itself
    is a reference cycle, left to the cycle collector)."""
    if v.visibility != "visible":
        return
    if _takes_focus(v, touch_mode):
        out.append(v)
    visible = [c for c in v.children if c.visibility == "visible"]
    for c in _rows_order(visible):
        _add_focusables(c, touch_mode, out)


def _candidate_below(src: Rect, dest: Rect) -> bool:
    return (src.top < dest.top or src.bottom <= dest.top) and src.bottom < dest.bottom


def _beams_overlap(src: Rect, r: Rect) -> bool:
    return r.right >= src.left and r.left <= src.right


def _major(src: Rect, dest: Rect) -> int:
    return max(0, dest.top - src.bottom)


def _major_far(src: Rect, dest: Rect) -> int:
    return max(1, dest.bottom - src.bottom)


def _minor(src: Rect, dest: Rect) -> int:
    return abs((src.left + src.width // 2) - (dest.left + dest.width // 2))


def _weighted(src: Rect, dest: Rect) -> int:
    major, minor = _major(src, dest), _minor(src, dest)
    return 13 * major * major + minor * minor


def _beam_beats(src: Rect, r1: Rect, r2: Rect) -> bool:
    in1, in2 = _beams_overlap(src, r1), _beams_overlap(src, r2)
    if in2 or not in1:
        return False
    if not src.bottom <= r2.top:
        return True
    return _major(src, r1) < _major_far(src, r2)


def _better(src: Rect, r1: Rect, r2: Rect) -> bool:
    if not _candidate_below(src, r1):
        return False
    if not _candidate_below(src, r2):
        return True
    if _beam_beats(src, r1, r2):
        return True
    if _beam_beats(src, r2, r1):
        return False
    return _weighted(src, r1) < _weighted(src, r2)


def focus_down(root: View, focused: View, *, touch_mode: bool) -> View | None:
    """FocusFinder.findNextFocus(FOCUS_DOWN): the best focusable below `focused`, or None."""
    src = focused.bounds
    best: View | None = None
    best_rect = Rect(src.left, src.top - src.height - 1, src.right, src.bottom - src.height - 1)
    for v in root.iter_tree():
        if v is focused or not _takes_focus(v, touch_mode):
            continue
        r = v.bounds
        if _better(src, r, best_rect):
            best, best_rect = v, r
    return best


def focus_forward(root: View, focused: View, *, touch_mode: bool) -> View | None:
    """FocusFinder.findNextFocus(FOCUS_FORWARD): the focusable after `focused` in reading order,
    wrapping to the first (None when `focused` is the only one)."""
    order = focusables_in_order(root, touch_mode)
    if focused in order:
        i = order.index(focused)
        if i + 1 < len(order):
            return order[i + 1]
    first = order[0] if order else None
    return None if first is focused else first
