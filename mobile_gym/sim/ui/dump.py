"""The uiautomator XML dump (AccessibilityNodeInfoDumper + KXmlSerializer byte format).

One line: the single-quoted XML declaration, `<hierarchy rotation="0">`, one root `<node>` per
visible window (bottom to top), attributes in the real order with optional `NAF="true"`
first, self-closing leaves written `<node ... />`. Views that are not visible to the user
(invisible/gone, or scrolled/clipped entirely out of view) are skipped while `index` keeps
counting all children, so indices can have gaps. Bounds are clipped by every ancestor, the
window and the screen.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .geometry import Rect
from .view import View

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
    middle = (
        f'text="{xml_attr(text)}" '
        f'resource-id="{xml_attr(resource_id(view.id, package))}" '
        f'class="{xml_attr(view.a11y_class)}" package="{xml_attr(package)}" '
        f'content-desc="{xml_attr(desc)}" checkable="{_b(view.checkable)}" '
        f'checked="{_b(view.checked)}" clickable="{_b(clickable)}" enabled="{_b(enabled)}" '
        f'focusable="{_b(view.focusable)}" focused="{_b(view.focused)}" '
        f'scrollable="{_b(scrollable)}" long-clickable="{_b(view.long_clickable)}" '
        f'password="{_b(view.password)}" selected="{_b(view.selected)}" ')
    prefix = _NAF if naf else ""
    view._dump_static = (key, prefix, middle)
    return prefix, middle


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


def dump_windows(windows: Iterable[Window], screen: Rect, rotation: int = 0) -> str:
    """The dump of `windows` (bottom to top) on a screen of the given rect."""
    out = [HEADER, f'<hierarchy rotation="{rotation}">']
    for w in windows:
        if not w.visible or w.root.visibility != "visible":
            continue
        clip = w.frame.intersect(screen)
        vis = visible_rect(w.root, clip)
        if vis is None:
            continue
        out.append(_node(w.root, 0, w.package, vis))
    out.append("</hierarchy>")
    return "".join(out)
