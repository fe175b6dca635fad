"""A fast reader for uiautomator dumps that reuses the work of the previous dump.

Consecutive dumps of one screen share most of their start tags. `UiTreeReader.read(xml)` splits
the dump at `<`, looks every tag up in a cache of the tags it has seen recently and only parses
the new ones, so a step costs one pass over the tag list plus the changed tags. The result is a
`UiTree`: the elements in document order (`UiNode`, one object per distinct start tag, shared
between positions and dumps) and each element's parent index.

The reader accepts a strict subset of XML, the one uiautomator writes: elements with
double-quoted attributes, the five predefined entities and character references, an optional
XML declaration, whitespace between tags. Anything else (comments, CDATA, DOCTYPE, namespaces,
single quotes, text content, malformed markup) makes `read` return None, and the caller parses
the dump with lxml instead, which gives the same attribute values and the same errors.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol

__all__ = ["NodeTest", "UiNode", "UiTree", "UiTreeReader"]

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*")
_ATTR_NAME_SEGMENT = re.compile(r"[ \t\r\n]+([A-Za-z_][A-Za-z0-9_.\-]*)[ \t\r\n]*=[ \t\r\n]*")
_SPACE = " \t\r\n"


_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_REFERENCE = re.compile(r"&(?:(amp|lt|gt|quot|apos)|#([0-9]+)|#x([0-9a-fA-F]+));")
_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}


def _xml_char_ok(code: int) -> bool:
    return code in (0x9, 0xA, 0xD) or 0x20 <= code <= 0xD7FF or 0xE000 <= code <= 0xFFFD or 0x10000 <= code <= 0x10FFFF


_NEVER = re.compile(r"(?!)")
# An attribute value that needs no normalisation, expansion or rejection.
_PLAIN_VALUE = '"[^"&\x00-\x1f]*"'


def _fast_pattern(name: str, layout: dict[str, int]) -> re.Pattern[str]:
    """Matches a start tag (without `<` and `>`) with exactly this name and these attributes in
    this order, single spaces and plain values free of ASCII controls, optionally ending in `/`
    or ` /`. Non-ASCII tags also need `_FORBIDDEN` checked."""
    attrs = "".join(f" {re.escape(a)}={_PLAIN_VALUE}" for a in layout)
    return re.compile(f"{re.escape(name)}{attrs}(?: ?/)?")


def _check_references(raw: str) -> bool:
    """True when every `&` in `raw` starts a well-formed reference to an allowed character."""
    pos = raw.find("&")
    while pos >= 0:
        m = _REFERENCE.match(raw, pos)
        if m is None:
            return False
        if m.group(1) is None:
            code = int(m.group(2)) if m.group(2) is not None else int(m.group(3), 16)
            if not _xml_char_ok(code):
                return False
        pos = raw.find("&", m.end())
    return True


def _attribute_value(raw: str) -> str:
    """An attribute value as an XML parser reports it: line ends and whitespace normalised to
    spaces first, then references expanded (so `&#10;` stays a newline)."""
    if "\r" in raw:
        raw = raw.replace("\r\n", "\n").replace("\r", "\n")
    if "\n" in raw or "\t" in raw:
        raw = raw.replace("\n", " ").replace("\t", " ")
    if "&" in raw:
        def expand(m: re.Match[str]) -> str:
            if m.group(1) is not None:
                return _NAMED[m.group(1)]
            return chr(int(m.group(2)) if m.group(2) is not None else int(m.group(3), 16))
        raw = _REFERENCE.sub(expand, raw)
    return raw


class NodeTest(Protocol):
    """What the reader needs of a selector compound to flag the nodes that pass it."""

    literals: tuple[str, ...]  # strings a passing tag's raw text contains
    attributes: frozenset[str]  # the attribute names the test reads

    def node_test(self, node: UiNode) -> bool: ...


class UiNode:
    """One distinct start tag: element name and attributes plus a memo for selector tests that
    depend on the attributes alone. Acts like an lxml element for `get`. `values` None means
    the tag was checked against its layout and its values are split out of `raw` on first use."""

    __slots__ = ("_careful", "_layout", "_values", "mask", "memo", "name", "raw")

    def __init__(self, raw: str, name: str, layout: dict[str, int], values: Sequence[str] | None,
                 careful: bool) -> None:
        self.raw = raw
        self.name = name
        self.mask = 0
        self.memo: dict[object, Any] | None = None
        self._layout = layout
        self._values = values
        self._careful = careful

    @property
    def tag(self) -> str:
        return self.name

    def get(self, key: str, default: str | None = None) -> str | None:
        i = self._layout.get(key)
        if i is None:
            return default
        values = self._values
        if values is None:
            values = self._values = self.raw.split('"')[1::2]
        value = values[i]
        if self._careful:
            value = _attribute_value(value)
        return value

    @property
    def attrib(self) -> dict[str, str]:
        return {k: self.get(k) for k in self._layout}  # type: ignore[misc]

    def __repr__(self) -> str:
        return f"<UiNode {self.name} {self.attrib}>"


class UiTree:
    """Elements of one dump in document order, their parents (-1 for the root), the indices of
    nodes some registered test flagged, and the union of their masks (`present`)."""

    __slots__ = ("_children", "_position", "bits", "flagged", "nodes", "parents", "present")

    def __init__(self, nodes: list[UiNode], parents: list[int], flagged: list[int], present: int,
                 bits: dict[int, int]) -> None:
        self.nodes = nodes
        self.parents = parents
        self.flagged = flagged
        self.present = present
        self.bits = bits
        self._children: list[list[int]] | None = None
        self._position: list[int] | None = None

    def __len__(self) -> int:
        return len(self.nodes)

    def children(self, i: int) -> list[int]:
        self._index_siblings()
        return self._children[i]  # type: ignore[index]

    def siblings(self, i: int) -> list[int]:
        """The element children of i's parent, i included ([i] for the root)."""
        p = self.parents[i]
        return [i] if p < 0 else self.children(p)

    def position(self, i: int) -> int:
        """i's index among its parent's element children (0 for the root)."""
        self._index_siblings()
        return self._position[i]  # type: ignore[index]

    def _index_siblings(self) -> None:
        if self._children is not None:
            return
        children: list[list[int]] = [[] for _ in self.nodes]
        position = [0] * len(self.nodes)
        for i, p in enumerate(self.parents):
            if p >= 0:
                position[i] = len(children[p])
                children[p].append(i)
        self._children = children
        self._position = position


_OPEN, _SELF_CLOSING, _CLOSE, _DECLARATION_KIND = range(4)
_UNMATCHABLE: Any = object()
_IGNORED = (_DECLARATION_KIND, None, 0)
_DECLARATION = re.compile(r"""\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])1\.[0-9]+\1"""
                          r"""(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])(?i:utf-8)\2)?"""
                          r"""(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(["'])(?:yes|no)\3)?[ \t\r\n]*\?""")


class UiTreeReader:
    """Reads dumps into `UiTree`s, reusing the tags of recent dumps.

    `tests` are the compounds of the selectors that will run over the trees: each new node gets
    a bit mask of the tests it passes, `UiTree.flagged` lists the nodes with any bit set (so a
    selector visits its candidates instead of every node) and `UiTree.present` tells which
    tests some node passes (so a selector with a compound nothing passes is skipped).
    """

    def __init__(self, tests: Sequence[NodeTest] = (), *, cache_limit: int = 8192) -> None:
        self.tests = tuple(dict.fromkeys(tests))
        self.bits = {id(t): 1 << i for i, t in enumerate(self.tests)}
        # One literal per test (the longest) is enough for a cheap pre-test.
        self._pretests = [(1 << i, t, max(t.literals, key=len, default="")) for i, t in enumerate(self.tests)]
        self.cache_limit = cache_limit
        self._tags: dict[str, tuple[int, Any, int]] = {}
        self._layouts: dict[tuple[str, ...], dict[str, int] | None] = {}
        self._fast: re.Pattern[str] = _NEVER
        self._fast_name = ""
        self._fast_layout: dict[str, int] = {}
        # Tags that differ from a known tag only in `bounds` (scrolling, animation) reuse its
        # verdicts when no test reads `bounds`.
        self._moves_reusable = all("bounds" not in getattr(t, "attributes", ("bounds",)) for t in self.tests)
        self._after_bounds = -1
        self._skeletons: dict[str, tuple[int, Any, int]] = {}
        self._previous: list[Any] = []
        self._previous_entries: list[tuple[int, Any, int]] = []

    def read(self, xml: str) -> UiTree | None:
        """The dump as a UiTree, or None when it is outside the subset this reader handles."""
        pieces = xml.split("<")
        count = len(pieces)
        if count < 2:
            return None
        tags = self._tags
        if len(tags) > self.cache_limit:
            tags.clear()
            self._skeletons.clear()
        lookup = tags.get
        # A tag at the same position as in the previous dump is compared instead of hashed.
        previous, previous_entries = self._previous, self._previous_entries
        aligned = min(count, len(previous))
        entries: list[tuple[int, Any, int]] = [_IGNORED] * count
        nodes: list[UiNode] = []
        parents: list[int] = []
        flagged: list[int] = []
        stack: list[int] = []
        present = 0
        top = -1
        for k in range(1, count):
            piece = pieces[k]
            if k < aligned and piece == previous[k]:
                entry = previous_entries[k]
            else:
                known = lookup(piece)
                if known is None:
                    known = self._intern(piece, first=k == 1, last=k == count - 1)
                    if known is None:
                        return None
                    if k != count - 1:  # the last piece may end in text that is ignored only there
                        tags[piece] = known
                entry = known
            entries[k] = entry
            kind, node, mask = entry
            if kind == _SELF_CLOSING:
                if top < 0 and nodes:
                    return None  # a second root
                if mask:
                    flagged.append(len(nodes))
                    present |= mask
                nodes.append(node)
                parents.append(top)
            elif kind == _OPEN:
                if top < 0 and nodes:
                    return None
                if mask:
                    flagged.append(len(nodes))
                    present |= mask
                stack.append(top)
                parents.append(top)
                top = len(nodes)
                nodes.append(node)
            elif kind == _CLOSE:
                if top < 0 or nodes[top].name != node:
                    return None
                top = stack.pop()
            elif k != 1:  # the XML declaration may only come first
                return None
        if top >= 0 or not nodes:
            return None
        pieces[-1] = _UNMATCHABLE  # (see above) never reused by position either
        self._previous, self._previous_entries = pieces, entries
        return UiTree(nodes, parents, flagged, present, self.bits)

    def _intern(self, piece: str, *, first: bool, last: bool) -> tuple[int, Any, int] | None:
        end = piece.rfind(">")
        if end < 0:
            return None
        if end + 1 < len(piece) and piece[end + 1:].strip(_SPACE) and not last:
            return None  # text content; after the last tag it is ignored like the lxml path does
        body = piece[:end]
        skeleton = None
        if self._moves_reusable:
            skeleton, value = self._without_bounds(body)
            template = self._skeletons.get(skeleton) if skeleton is not None else None
            if template is not None and "&" not in value and value.isprintable():
                # a known tag that only moved: same attributes but bounds, same verdicts
                kind, known, mask = template
                node = UiNode(piece, known.name, known._layout, None, False)
                node.mask = mask
                return (kind, node, mask)
        fast = self._fast.fullmatch(body)
        if fast is not None and (body.isascii() or _FORBIDDEN.search(body) is None):
            # the same element name and attribute names as the last new tag, plain values
            node = UiNode(piece, self._fast_name, self._fast_layout, None, False)
            entry = (_SELF_CLOSING if body[-1] == "/" else _OPEN, node, self._mask(node, body, False))
            if skeleton is not None:
                self._skeletons[skeleton] = entry
            return entry
        if body[:1] == "?":
            if first and _DECLARATION.fullmatch(body):
                return (_DECLARATION_KIND, None, 0)
            return None
        if body[:1] == "/":
            name = body[1:].rstrip(_SPACE)
            return (_CLOSE, name, 0) if _NAME.fullmatch(name) else None
        m = _NAME.match(body)
        if m is None:
            return None
        name = m.group()
        rest = body[m.end():]
        self_closing = rest[-1:] == "/"
        if self_closing:
            rest = rest[:-1]
        if rest and rest[0] not in _SPACE:
            return None
        careful = "&" in rest or not rest.isprintable()
        if careful and (_FORBIDDEN.search(rest) is not None or not _check_references(rest)):
            return None
        parts = rest.split('"')
        if len(parts) % 2 == 0 or parts[-1].strip(_SPACE):
            return None
        key = tuple(parts[0:-1:2])
        if key in self._layouts:
            layout = self._layouts[key]
        else:
            layout = self._layouts[key] = self._layout(key)
        if layout is None:
            return None
        self._fast = _fast_pattern(name, layout)
        self._fast_name, self._fast_layout = name, layout
        self._after_bounds = len(layout) - 1 - layout["bounds"] if "bounds" in layout else -1
        node = UiNode(piece, name, layout, parts[1::2], careful)
        return (_SELF_CLOSING if self_closing else _OPEN, node, self._mask(node, rest, careful))

    def _without_bounds(self, body: str) -> tuple[str | None, str]:
        """(tag text without the value of `bounds`, that value), reading the tag with the
        current fast layout; (None, "") when that layout has no `bounds`. Two tags with the same
        skeleton differ only in that value (the value is found by counting quotes from the end,
        so equal skeletons split at the same place)."""
        after = self._after_bounds
        if after < 0:
            return None, ""
        j = len(body)
        for _ in range(2 * after + 1):
            j = body.rfind('"', 0, j)
            if j < 0:
                return None, ""
        i = body.rfind('"', 0, j) + 1
        if i <= 0:
            return None, ""
        return body[:i] + body[j:], body[i:j]

    def _mask(self, node: UiNode, raw: str, careful: bool) -> int:
        """Bit i set when node passes tests[i]; `raw` is the tag text, for the literal pre-test
        (not valid when the tag has references or normalised whitespace: `careful`)."""
        mask = 0
        for bit, test, literal in self._pretests:
            if (careful or literal in raw) and test.node_test(node):
                mask |= bit
        node.mask = mask
        return mask

    @staticmethod
    def _layout(segments: tuple[str, ...]) -> dict[str, int] | None:
        """Attribute name -> value index for one sequence of `name=` segments, or None if a
        segment is not exactly whitespace, a plain name and `=` (or a name repeats)."""
        layout: dict[str, int] = {}
        for i, segment in enumerate(segments):
            m = _ATTR_NAME_SEGMENT.fullmatch(segment)
            if m is None:
                return None
            name = m.group(1)
            if name in layout or name.startswith("xmlns"):
                return None
            layout[name] = i
        return layout
