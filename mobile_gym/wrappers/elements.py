"""UI elements of a uiautomator dump: the list LLM agents index and feature wrappers encode.

An element is a node with a non-empty on-screen box that is interactive (clickable,
long-clickable, checkable, scrollable, or an EditText) or shows text / a content-desc.
Order is document order, so indices are stable for an unchanged screen. With the default
observation (the device dump) these are the active window's elements only (a dialog's while
one is open); with EnvConfig(hierarchy="forest") every window's, top window first (the
navigation bar, the keyboard's keys, then the app).
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from mobile_gym.spaces.view_hierarchy import BOUNDS_RE

_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)


@dataclass(frozen=True)
class Element:
    """One actionable or readable node of the screen (bounds in device pixels)."""

    index: int
    class_name: str
    text: str
    content_desc: str
    resource_id: str
    package: str
    bounds: tuple[int, int, int, int]
    depth: int
    clickable: bool = False
    long_clickable: bool = False
    checkable: bool = False
    checked: bool = False
    focusable: bool = False
    focused: bool = False
    scrollable: bool = False
    enabled: bool = True
    selected: bool = False
    password: bool = False

    @property
    def short_class(self) -> str:
        return self.class_name.rsplit(".", 1)[-1]

    @property
    def short_id(self) -> str:
        return self.resource_id.split(":id/", 1)[-1]

    @property
    def editable(self) -> bool:
        return self.short_class in ("EditText", "AutoCompleteTextView", "MultiAutoCompleteTextView")

    @property
    def center(self) -> tuple[int, int]:
        left, top, right, bottom = self.bounds
        return (left + right) // 2, (top + bottom) // 2

    def describe(self) -> str:
        """Compact one-line form: `[3] Button "Save" id=save clickable`."""
        parts = [f"[{self.index}]", self.short_class]
        if self.text:
            parts.append(_quote(self.text))
        if self.content_desc:
            parts.append("desc=" + _quote(self.content_desc))
        if self.resource_id:
            parts.append("id=" + self.short_id)
        flags = [name for name, on in (
            ("editable", self.editable), ("clickable", self.clickable),
            ("long-clickable", self.long_clickable), ("scrollable", self.scrollable),
            ("focused", self.focused), ("selected", self.selected),
        ) if on]
        if self.checkable:
            flags.append("checked" if self.checked else "unchecked")
        if not self.enabled:
            flags.append("disabled")
        parts.extend(flags)
        return " ".join(parts)


def _quote(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return '"' + text.replace('"', "'") + '"'


def _flag(node: etree._Element, name: str) -> bool:
    return node.get(name) == "true"


def extract_elements(xml: str, *, limit: int | None = None) -> list[Element]:
    """The elements of a uiautomator dump; ValueError names malformed XML."""
    try:
        root = etree.fromstring(xml.encode("utf-8"), _PARSER)
    except etree.XMLSyntaxError as exc:
        raise ValueError(f"view hierarchy is not well-formed XML: {exc}") from None
    out: list[Element] = []
    _visit(root, 0, out, limit)
    return out


def _visit(node: etree._Element, depth: int, out: list[Element], limit: int | None) -> None:
    """Put the elements under `node` into `out` (a module-level function: a nested one calling
    itself would be a reference cycle, freed by the cycle collector only)."""
    for child in node:
        if not isinstance(child.tag, str):
            continue
        if limit is not None and len(out) >= limit:
            return
        m = BOUNDS_RE.match(child.get("bounds", ""))
        cls = child.get("class", "")
        if m:
            box = tuple(int(g) for g in m.groups())
            text = child.get("text", "")
            desc = child.get("content-desc", "")
            interactive = (_flag(child, "clickable") or _flag(child, "long-clickable")
                           or _flag(child, "checkable") or _flag(child, "scrollable")
                           or cls.endswith("EditText"))
            if box[2] > box[0] and box[3] > box[1] and (interactive or text or desc):
                out.append(Element(
                    index=len(out), class_name=cls, text=text, content_desc=desc,
                    resource_id=child.get("resource-id", ""), package=child.get("package", ""),
                    bounds=box, depth=depth,  # type: ignore[arg-type]
                    clickable=_flag(child, "clickable"),
                    long_clickable=_flag(child, "long-clickable"),
                    checkable=_flag(child, "checkable"), checked=_flag(child, "checked"),
                    focusable=_flag(child, "focusable"), focused=_flag(child, "focused"),
                    scrollable=_flag(child, "scrollable"),
                    enabled=child.get("enabled", "true") == "true",
                    selected=_flag(child, "selected"), password=_flag(child, "password"),
                ))
        _visit(child, depth + 1, out, limit)


def describe_elements(elements: list[Element]) -> str:
    """All elements, one compact line each."""
    return "\n".join(e.describe() for e in elements)
