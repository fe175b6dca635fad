"""The uiautomator XML dumps (AOSP DumpCommand + AccessibilityNodeInfoDumper, KXmlSerializer bytes).

`dump_active_window`: what `uiautomator dump` writes on Android 13 -- one line, the
single-quoted XML declaration, `<hierarchy rotation="0">` and the root `<node>` of the active
window only (`getRootInActiveWindow()`: the dialog while a dialog is open; never the bars, the
keyboard or a toast). `dump_all_windows`: what `uiautomator dump --windows` writes
(`dumpWindowsToFile`): `<displays><display id="0">`, then one `<window>` per accessibility
window, top window first, each holding its own `<hierarchy>`. Toasts are not accessibility
windows (not touchable), so they are in neither.

Nodes: attributes in the real order with optional `NAF="true"` first, self-closing leaves
written `<node ... />`. Views that are not visible to the user (invisible/gone, or
scrolled/clipped entirely out of view) are skipped while `index` keeps counting all children,
so indices can have gaps. Bounds are clipped by every ancestor, the window and the screen.
`compressed=True` (`--compressed`, the service without FLAG_INCLUDE_NOT_IMPORTANT_VIEWS) keeps
only the window root and the views important for accessibility; the children of a dropped
view take its place under the nearest kept ancestor (ViewGroup.addChildrenForAccessibility).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .geometry import Rect
from .lists import ScrollContainer
from .view import View
from .widgets import TextView

if TYPE_CHECKING:  # pragma: no cover
    from .window import Window

HEADER = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"

# AccessibilityNodeInfoDumper.stripInvalidXMLChars (XML 1.1 restricted/discouraged chars),
# plus NUL and lone surrogates, which the serializer would refuse.
_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufdd0-\ufddf"
                      "\ud800-\udfff\ufffe\uffff]")
_NEEDS_ESCAPE = re.compile("[&<>\"\t\n\r\U00010000-\U0010ffff]")


def _nonchar(m: re.Match[str]) -> str:
    return "."


def xml_attr(value: str) -> str:
    """A value as KXmlSerializer writes it inside double quotes, after uiautomator's
    invalid-character stripping (each invalid character becomes '.')."""
    if _INVALID.search(value):
        value = _INVALID.sub(_nonchar, value)
    if not _NEEDS_ESCAPE.search(value):
        return value
    out = []
    for ch in value:
        o = ord(ch)
        if ch == "&":
            out.append("&amp;")
        elif ch == "<":
            out.append("&lt;")
        elif ch == ">":
            out.append("&gt;")
        elif ch == '"':
            out.append("&quot;")
        elif ch in "\t\n\r" or o > 0xFFFF:
            out.append(f"&#{o};")
        else:
            out.append(ch)
    return "".join(out)


def resource_id(view_id: str, package: str) -> str:
    """Short ids become `<package>:id/<name>`; ids containing ':' are used as they are."""
    if not view_id:
        return ""
    if ":" in view_id:
        return view_id
    return f"{package}:id/{view_id}"


_NAF = 'NAF="true" '


def _b(v: bool) -> str:
    return "true" if v else "false"


def _has_label(view: View) -> bool:
    return bool(view.a11y_text()) or bool(view.content_desc)


def _child_has_label(view: View) -> bool:
    """uiautomator childNafCheck: some shown descendant has text or a content-desc."""
    for c in view.children:
        if c.visibility != "visible":
            continue
        if _has_label(c) or _child_has_label(c):
            return True
    return False


def _children(view: View) -> Iterable[tuple[int, View]]:
    dc = getattr(view, "dump_children", None)
    if dc is not None:
        return dc()
    return enumerate(view.children)


def visible_rect(view: View, clip: Rect) -> Rect | None:
    """The part of `view` visible inside `clip`, or None when it is not visible to the user.
    A zero-size view counts as visible when its position lies inside the clip."""
    b = view._bounds
    if b.right <= b.left or b.bottom <= b.top:
        if clip.left <= b.left <= clip.right and clip.top <= b.top <= clip.bottom:
            return b.intersect(clip)
        return None
    if not b.intersects(clip):
        return None
    return b.intersect(clip)


def _static_attrs(view: View, package: str) -> tuple[str, str]:
    """(NAF prefix, the attributes from text to selected): everything but index and bounds,
    cached while nothing in the view's subtree changed and its size is the same (a scroll
    only moves bounds; a resized scroll container may start or stop being scrollable)."""
    b = view._bounds
    key = (view._sv, package, b.right - b.left, b.bottom - b.top)
    cached = view._dump_static
    if cached is not None and cached[0] == key:
        return cached[1], cached[2]
    text = view.a11y_text()
    desc = view.content_desc
    clickable = view.clickable
    enabled = view.enabled
    naf = (clickable and enabled and not text and not desc
           and view.a11y_class not in _NAF_EXCLUDED and not _child_has_label(view))
    scrollable = view.a11y_scrollable() if hasattr(view, "a11y_scrollable") else view.scrollable
    values = (text, view.id, view.a11y_class, package, desc, bool(view.checkable), bool(view.checked),
              bool(clickable), bool(enabled), bool(view.focusable), bool(view.focused), bool(scrollable),
              bool(view.long_clickable), bool(view.password), bool(view.selected))
    short = len(text) + len(desc) <= _MEMO_TEXT_CHARS
    middle = _memo_middle_attrs(*values) if short else _middle_attrs(*values)
    prefix = _NAF if naf else ""
    view._dump_static = (key, prefix, middle)
    return prefix, middle


#: Longest text + content-desc whose attribute text is memoised (labels, rows, titles; not a
#: note being typed, whose every version would stay in the memo).
_MEMO_TEXT_CHARS = 200


def _middle_attrs(text: str, view_id: str, a11y_class: str, package: str, desc: str, checkable: bool,
                  checked: bool, clickable: bool, enabled: bool, focusable: bool, focused: bool,
                  scrollable: bool, long_clickable: bool, password: bool, selected: bool) -> str:
    """The attributes from text to selected, as written."""
    return (
        f'text="{xml_attr(text)}" '
        f'resource-id="{xml_attr(resource_id(view_id, package))}" '
        f'class="{xml_attr(a11y_class)}" package="{xml_attr(package)}" '
        f'content-desc="{xml_attr(desc)}" checkable="{_b(checkable)}" '
        f'checked="{_b(checked)}" clickable="{_b(clickable)}" enabled="{_b(enabled)}" '
        f'focusable="{_b(focusable)}" focused="{_b(focused)}" '
        f'scrollable="{_b(scrollable)}" long-clickable="{_b(long_clickable)}" '
        f'password="{_b(password)}" selected="{_b(selected)}" ')


#: `_middle_attrs` memoised (a pure function of its values): every launch of an app dumps the
#: same screens again, and most nodes of a screen keep their attributes while others change.
_memo_middle_attrs = functools.lru_cache(maxsize=8192)(_middle_attrs)


def _node(view: View, index: int, package: str, vis: Rect) -> str:
    """The XML of `view`'s subtree, cached on the view while nothing in it changed."""
    key = (view._sv, index, vis, view._bounds, package)
    cached = view._dump_cache
    if cached is not None and cached[0] == key:
        return cached[1]
    prefix, middle = _static_attrs(view, package)
    head = (f'<node {prefix}index="{index}" {middle}'
            f'bounds="[{vis.left},{vis.top}][{vis.right},{vis.bottom}]"')
    parts: list[str] = []
    if view.children:
        for i, c in _children(view):
            if c.visibility != "visible":
                continue
            cv = visible_rect(c, vis)
            if cv is None:
                continue
            parts.append(_node(c, i, package, cv))
    s = head + ">" + "".join(parts) + "</node>" if parts else head + " />"
    view._dump_cache = (key, s)
    return s


# AccessibilityNodeInfoDumper.NAF_EXCLUDED_CLASSES
_NAF_EXCLUDED = frozenset({"android.widget.GridView", "android.widget.GridLayout",
                           "android.widget.ListView", "android.widget.TableLayout"})


def important_for_accessibility(view: View) -> bool:
    """View.isImportantForAccessibility with importantForAccessibility="auto": actionable
    (clickable, long-clickable, focusable), touch listeners (views tracking raw touches), or
    set to "yes" by the framework: every TextView (its constructor), a view given a
    content description (setContentDescription), RecyclerView and ViewPager (their
    constructors); ScrollView is focusable."""
    return (view.clickable or view.long_clickable or view.focusable or bool(view.content_desc)
            or view.wants_touch_events or isinstance(view, (TextView, ScrollContainer)))


def _flat_children(view: View, clip: Rect | None) -> Iterable[tuple[View, Rect | None]]:
    """The accessibility children of `view` without not-important views: (child, clip of
    its parent's visible part, None when an ancestor is not visible to the user)."""
    for _, c in _children(view):
        if c.visibility != "visible":
            continue
        if important_for_accessibility(c):
            yield c, clip
        else:
            yield from _flat_children(c, None if clip is None else visible_rect(c, clip))


def _compressed_node(view: View, index: int, package: str, vis: Rect) -> str:
    """`_node` for the compressed dump (not cached: a kept node's children depend on the
    importance of every view below it)."""
    prefix, middle = _static_attrs(view, package)
    head = (f'<node {prefix}index="{index}" {middle}'
            f'bounds="[{vis.left},{vis.top}][{vis.right},{vis.bottom}]"')
    parts: list[str] = []
    for i, (c, clip) in enumerate(_flat_children(view, vis)):
        cv = None if clip is None else visible_rect(c, clip)
        if cv is not None:
            parts.append(_compressed_node(c, i, package, cv))
    return head + ">" + "".join(parts) + "</node>" if parts else head + " />"


def _window_root(w: Window, screen: Rect, compressed: bool) -> str | None:
    """The `<node>` tree of one window, or None when it is not shown."""
    if not w.visible or w.root.visibility != "visible":
        return None
    vis = visible_rect(w.root, w.frame.intersect(screen))
    if vis is None:
        return None
    return (_compressed_node if compressed else _node)(w.root, 0, w.package, vis)


def dump_windows(windows: Iterable[Window], screen: Rect, rotation: int = 0) -> str:
    """A `<hierarchy>` with one root per window of `windows`, in the order given (the old
    every-window dump; kept for callers that draw their own forest)."""
    out = [HEADER, f'<hierarchy rotation="{rotation}">']
    for w in windows:
        node = _window_root(w, screen, False)
        if node is not None:
            out.append(node)
    out.append("</hierarchy>")
    return "".join(out)


def dump_active_window(window: Window | None, screen: Rect, rotation: int = 0, *,
                       compressed: bool = False) -> str:
    """`uiautomator dump`: the active window's tree; an empty `<hierarchy>` when there is no
    active window (the real command then prints its "null root node" error instead)."""
    node = None if window is None else _window_root(window, screen, compressed)
    return f'{HEADER}<hierarchy rotation="{rotation}">{node or ""}</hierarchy>'


#: AccessibilityWindowInfo.typeToString of the window kinds that are accessibility windows.
WINDOW_TYPES = {"app": "TYPE_APPLICATION", "dialog": "TYPE_APPLICATION", "popup": "TYPE_APPLICATION",
                "ime": "TYPE_INPUT_METHOD", "status_bar": "TYPE_SYSTEM", "nav_bar": "TYPE_SYSTEM"}


def accessibility_windows(windows: Iterable[Window]) -> list[Window]:
    """The windows an accessibility service sees, top first: shown and touchable ones (a
    toast is neither focusable nor touchable, so the framework does not report it)."""
    return [w for w in reversed(list(windows))
            if w.kind in WINDOW_TYPES and w.visible and w.root.visibility == "visible" and w.touchable]


def dump_all_windows(windows: Iterable[Window], active: Window | None, screen: Rect,
                     rotation: int = 0, *, compressed: bool = False) -> str:
    """`uiautomator dump --windows`: the accessibility windows of display 0, top first,
    each a `<window>` (index, title, bounds, active, focused, accessibility-focused, id,
    layer, type) with its `<hierarchy>`."""
    shown = accessibility_windows(windows)
    out = [HEADER, "<displays>", '<display id="0">']
    n = len(shown)
    for i, w in enumerate(shown):
        b = w.frame.intersect(screen)
        on = _b(w is active)
        out.append(f'<window index="{i}" title="{xml_attr(w.title)}" '
                   f'bounds="[{b.left},{b.top}][{b.right},{b.bottom}]" active="{on}" focused="{on}" '
                   f'accessibility-focused="false" id="{w.serial}" layer="{n - 1 - i}" '
                   f'type="{WINDOW_TYPES[w.kind]}"')
        node = _window_root(w, screen, compressed)
        if node is None:
            out.append(" />")
        else:
            out.append(f'><hierarchy rotation="{rotation}">{node}</hierarchy></window>')
    out.append("</display></displays>")
    return "".join(out)
