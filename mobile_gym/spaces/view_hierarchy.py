"""The view-hierarchy observation space: uiautomator dump XML as a string.

`contains` checks that a string is a real uiautomator dump (adb.md section 9): a
`<hierarchy>` root holding `<node>` elements that carry the classic attribute set with
well-formed booleans and `[l,t][r,b]` bounds. Extra attributes (androidx dumpers add
`drawing-order`, `hint`, ...), multiple roots, pretty-printing and index gaps are accepted,
because real devices produce them. `sample` draws a random but valid hierarchy.
"""

from __future__ import annotations

import multiprocessing as mp
import re
from collections.abc import Iterable, Sequence
from ctypes import c_uint8
from multiprocessing.sharedctypes import SynchronizedArray
from types import ModuleType
from typing import Any
from xml.sax.saxutils import quoteattr

import numpy as np
from gymnasium.spaces import Space
from gymnasium.vector.utils import shared_memory as _shm
from lxml import etree

from mobile_gym.spaces.text import SharedStrings

#: Attributes every node of a classic `uiautomator dump` carries, in dump order.
NODE_ATTRIBUTES: tuple[str, ...] = (
    "index", "text", "resource-id", "class", "package", "content-desc", "checkable",
    "checked", "clickable", "enabled", "focusable", "focused", "scrollable",
    "long-clickable", "password", "selected", "bounds",
)
BOOL_ATTRIBUTES: frozenset[str] = frozenset(
    ("checkable", "checked", "clickable", "enabled", "focusable", "focused", "scrollable",
     "long-clickable", "password", "selected")
)
BOUNDS_RE = re.compile(r"^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$")
XML_HEADER = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"

_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)


def parse_bounds(value: str) -> tuple[int, int, int, int]:
    """`"[l,t][r,b]"` -> (left, top, right, bottom); ValueError names a malformed value."""
    m = BOUNDS_RE.match(value)
    if not m:
        raise ValueError(f"malformed bounds {value!r} (expected '[left,top][right,bottom]')")
    left, top, right, bottom = (int(g) for g in m.groups())
    return left, top, right, bottom


def hierarchy_problem(xml: Any) -> str | None:
    """Why `xml` is not a valid uiautomator dump, or None when it is."""
    if not isinstance(xml, str):
        return f"expected a str, got {type(xml).__name__}"
    try:
        root = etree.fromstring(xml.encode("utf-8"), _PARSER)
    except etree.XMLSyntaxError as exc:
        return f"not well-formed XML: {exc}"
    if root.tag != "hierarchy":
        return f"root element is <{root.tag}>, expected <hierarchy>"
    rotation = root.get("rotation")
    if rotation is not None and rotation not in ("0", "1", "2", "3"):
        return f"<hierarchy rotation={rotation!r}> is not one of 0..3"
    for node in root.iter():
        if node is root or not isinstance(node.tag, str):
            continue  # comments / processing instructions
        line = node.sourceline
        if node.tag != "node":
            return f"line {line}: element <{node.tag}>, expected <node>"
        attrib = node.attrib
        for name in NODE_ATTRIBUTES:
            if name not in attrib:
                return f"line {line}: <node> lacks the {name!r} attribute"
        if not attrib["index"].isdigit():
            return f"line {line}: index={attrib['index']!r} is not a non-negative integer"
        for name in BOOL_ATTRIBUTES:
            if attrib[name] not in ("true", "false"):
                return f"line {line}: {name}={attrib[name]!r} is not 'true' or 'false'"
        m = BOUNDS_RE.match(attrib["bounds"])
        if not m:
            return f"line {line}: malformed bounds={attrib['bounds']!r}"
        left, top, right, bottom = (int(g) for g in m.groups())
        if right < left or bottom < top:
            return f"line {line}: bounds={attrib['bounds']!r} has negative size"
    return None


_ATTRIBUTE_VALUE = re.compile(r'(?<==")[^"]*(?=")')
_PARTIAL_ENTITY = re.compile(r"&[^;&]*$")
#: What a shortened attribute value ends with.
SHORTENED_MARK = "…"


def fit_hierarchy(xml: str, max_bytes: int) -> str:
    """`xml` itself when its UTF-8 form fits in `max_bytes`; otherwise the same hierarchy with
    its longest attribute values (a huge note's `text`) cut to one common length and ended with
    SHORTENED_MARK, so that it stays a valid dump inside a `ViewHierarchy(max_bytes=...)`
    space. ValueError when even empty values would not fit (a screen of millions of nodes)."""
    if len(xml) * 4 <= max_bytes:
        return xml
    size = len(xml.encode())
    if size <= max_bytes:
        return xml
    spans = [(m.start(), m.end(), len(m.group().encode())) for m in _ATTRIBUTE_VALUE.finditer(xml)]
    excess = size - max_bytes
    mark = len(SHORTENED_MARK.encode())

    def saved(cap: int) -> int:
        return sum(n - cap - mark for _, _, n in spans if n > cap + mark)

    if saved(0) < excess:
        raise ValueError(f"the view hierarchy has {size:,} bytes, more than max_bytes = "
                         f"{max_bytes:,} even with every attribute value emptied")
    low, high = 0, max((n for _, _, n in spans), default=0)
    while low < high:  # the longest cap (in bytes) that still saves enough
        mid = (low + high + 1) // 2
        if saved(mid) >= excess:
            low = mid
        else:
            high = mid - 1
    out: list[str] = []
    pos = 0
    for start, end, n in spans:
        if n > low + mark:
            head = xml[start:end].encode()[:low].decode("utf-8", "ignore")
            out += [xml[pos:start], _PARTIAL_ENTITY.sub("", head), SHORTENED_MARK]
            pos = end
    out.append(xml[pos:])
    return "".join(out)


def render_node(attrs: dict[str, str], children: Sequence[str] = ()) -> str:
    """One `<node>` in dump attribute order (helper for `sample` and tests)."""
    body = " ".join(f"{k}={quoteattr(attrs.get(k, ''))}" for k in NODE_ATTRIBUTES)
    if children:
        return f"<node {body}>{''.join(children)}</node>"
    return f"<node {body} />"


_SAMPLE_CLASSES = (
    "android.widget.TextView", "android.widget.Button", "android.widget.ImageView",
    "android.widget.EditText", "android.widget.CheckBox", "android.view.View",
    "android.widget.ImageButton",
)
_SAMPLE_CONTAINERS = ("android.widget.FrameLayout", "android.widget.LinearLayout",
                      "android.view.ViewGroup")


class ViewHierarchy(Space[str]):
    """uiautomator dump XML strings for a screen of `screen_size` = (width, height)."""

    def __init__(
        self,
        screen_size: tuple[int, int] = (1080, 2400),
        *,
        max_bytes: int = 1_000_000,
        seed: int | np.random.Generator | None = None,
    ) -> None:
        self.screen_size = (int(screen_size[0]), int(screen_size[1]))
        self.max_bytes = int(max_bytes)
        super().__init__(shape=None, dtype=None, seed=seed)

    @property
    def is_np_flattenable(self) -> bool:
        return False

    def contains(self, x: Any) -> bool:
        return self.why_not(x) is None

    def why_not(self, x: Any) -> str | None:
        """A short reason why `x` is not in the space, or None when it is."""
        if isinstance(x, str) and len(x) * 4 > self.max_bytes and len(x.encode()) > self.max_bytes:
            return f"{len(x.encode())} bytes exceed max_bytes {self.max_bytes}"
        return hierarchy_problem(x)

    def sample(self, mask: Any = None, probability: Any = None) -> str:
        """A random valid hierarchy: a full-screen root with up to 3 levels of children."""
        if mask is not None or probability is not None:
            raise NotImplementedError("ViewHierarchy.sample supports no mask or probability")
        rng = self.np_random
        width, height = self.screen_size

        def text() -> str:
            n = int(rng.integers(0, 12))
            return "".join(chr(int(c)) for c in rng.integers(97, 123, size=n))

        def node(index: int, box: tuple[int, int, int, int], depth: int) -> str:
            left, top, right, bottom = box
            leaf = depth >= 3 or rng.random() < 0.4 or bottom - top < 8
            cls = (_SAMPLE_CLASSES[int(rng.integers(len(_SAMPLE_CLASSES)))] if leaf
                   else _SAMPLE_CONTAINERS[int(rng.integers(len(_SAMPLE_CONTAINERS)))])
            flags = {k: "true" if rng.random() < 0.3 else "false" for k in BOOL_ATTRIBUTES}
            flags["enabled"] = "true"
            attrs = {
                "index": str(index), "text": text() if leaf else "",
                "resource-id": f"com.example:id/v{int(rng.integers(1000))}" if rng.random() < 0.5 else "",
                "class": cls, "package": "com.example", "content-desc": "",
                "bounds": f"[{left},{top}][{right},{bottom}]", **flags,
            }
            children: list[str] = []
            if not leaf:
                count = int(rng.integers(1, 5))
                step = (bottom - top) // count
                for i in range(count):
                    children.append(node(i, (left, top + i * step, right, top + (i + 1) * step), depth + 1))
            return render_node(attrs, children)

        return f'{XML_HEADER}<hierarchy rotation="0">{node(0, (0, 0, width, height), 0)}</hierarchy>'

    def to_jsonable(self, sample_n: Iterable[str]) -> list[str]:
        return list(sample_n)

    def from_jsonable(self, sample_n: list[str]) -> list[str]:
        return list(sample_n)

    def __repr__(self) -> str:
        return f"ViewHierarchy(screen_size={self.screen_size}, max_bytes={self.max_bytes})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, ViewHierarchy)
            and self.screen_size == other.screen_size
            and self.max_bytes == other.max_bytes
        )


# Shared memory (AsyncVectorEnv): per env a 4-byte little-endian length then UTF-8 bytes.
@_shm.create_shared_memory.register(ViewHierarchy)
def _create_vh_shared_memory(
    space: ViewHierarchy, n: int = 1, ctx: ModuleType = mp
) -> SynchronizedArray[c_uint8]:
    return ctx.Array(np.dtype(np.uint8).char, n * (4 + space.max_bytes))


@_shm.read_from_shared_memory.register(ViewHierarchy)
def _read_vh_from_shared_memory(
    space: ViewHierarchy, shared_memory: SynchronizedArray[c_uint8], n: int = 1
) -> SharedStrings:
    data = np.frombuffer(shared_memory.get_obj(), dtype=np.uint8).reshape((n, 4 + space.max_bytes))

    def decode(i: int) -> str:
        row = data[i]
        size = int.from_bytes(row[:4].tobytes(), "little")
        return row[4 : 4 + size].tobytes().decode("utf-8")

    return SharedStrings(n, decode)


@_shm.write_to_shared_memory.register(ViewHierarchy)
def _write_vh_to_shared_memory(
    space: ViewHierarchy, index: int, value: str, shared_memory: SynchronizedArray[c_uint8]
) -> None:
    raw = value.encode("utf-8")
    if len(raw) > space.max_bytes:
        raise ValueError(
            f"view hierarchy of {len(raw)} bytes does not fit the shared-memory slot of "
            f"{space.max_bytes} bytes; raise ViewHierarchy(max_bytes=...)"
        )
    stride = 4 + space.max_bytes
    dest = np.frombuffer(shared_memory.get_obj(), dtype=np.uint8)
    start = index * stride
    dest[start : start + 4] = np.frombuffer(len(raw).to_bytes(4, "little"), dtype=np.uint8)
    dest[start + 4 : start + 4 + len(raw)] = np.frombuffer(raw, dtype=np.uint8)
