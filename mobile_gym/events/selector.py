"""Mobile-Env selectors -> CSS -> a compiled XPath, once per source.

Mobile-Env extends CSS with shorthands: a type character (`#` resource-id, `.` class, `$` package,
`@` index), an optional operator (`$` ends-with, `^` starts-with, `*` contains; none = equals) and a
double-quoted string or a run of digits: `#$"search_src_text"` is `[resource-id$="search_src_text"]`.
Mobile-Env rewrote them with a regular expression over the whole string, so shorthand characters
inside quoted values were rewritten too (`[text="version 1.5"]` broke). Here the selector is
tokenized: quoted strings and `[...]` attribute blocks are copied verbatim, shorthand strings may
contain `\\"` and `\\\\` escapes, and anything cssselect cannot parse raises `SelectorError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cssselect
from cssselect.xpath import XPathExpr
from lxml import etree

from mobile_gym.events.errors import SelectorError
from mobile_gym.events.tree_selector import TreeSelector, literal_tokens, tree_selector
from mobile_gym.events.ui_tree import UiNode, UiTree

__all__ = ["CompiledSelector", "compile_selector", "mobile_env_to_css"]

_TYPE_ATTR = {"#": "resource-id", ".": "class", "$": "package", "@": "index"}
_OPS = {"$": "$=", "^": "^=", "*": "*="}


def _css_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\a ") + '"'


def _read_quoted(text: str, start: int, where: str) -> tuple[str, int]:
    """Read a quoted string starting at `start` (the quote); return (value, index after it)."""
    quote = text[start]
    out = []
    i = start + 1
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            if i + 1 >= len(text):
                break
            out.append(text[i + 1])
            i += 2
            continue
        if ch == quote:
            return "".join(out), i + 1
        out.append(ch)
        i += 1
    raise SelectorError(f"{where}: unterminated string starting at column {start + 1} in selector {text!r}")


def mobile_env_to_css(selector: str, *, where: str = "selector") -> str:
    """Rewrite Mobile-Env shorthands to plain CSS, outside quoted strings and `[...]` blocks."""
    out: list[str] = []
    i = 0
    n = len(selector)
    bracket = 0
    while i < n:
        ch = selector[i]
        if ch in "\"'":
            _, end = _read_quoted(selector, i, where)
            out.append(selector[i:end])
            i = end
            continue
        if ch == "[":
            bracket += 1
        elif ch == "]":
            bracket -= 1
            if bracket < 0:
                raise SelectorError(f"{where}: unbalanced ']' at column {i + 1} in selector {selector!r}")
        elif bracket == 0 and ch in _TYPE_ATTR:
            j = i + 1
            op = "="
            if j < n and selector[j] in _OPS and j + 1 < n and (selector[j + 1] == '"' or selector[j + 1].isdigit()):
                op = _OPS[selector[j]]
                j += 1
            if j < n and selector[j] == '"':
                value, end = _read_quoted(selector, j, where)
                out.append(f"[{_TYPE_ATTR[ch]}{op}{_css_string(value)}]")
                i = end
                continue
            if j < n and selector[j].isdigit():
                end = j
                while end < n and selector[end].isdigit():
                    end += 1
                out.append(f"[{_TYPE_ATTR[ch]}{op}{_css_string(selector[j:end])}]")
                i = end
                continue
            if ch in "$@":
                raise SelectorError(
                    f"{where}: '{ch}' at column {i + 1} must be followed by an optional operator ($ ^ *) and a "
                    f"double-quoted string or digits, in selector {selector!r}")
        out.append(ch)
        i += 1
    if bracket:
        raise SelectorError(f"{where}: unbalanced '[' in selector {selector!r}")
    return "".join(out)


@dataclass(frozen=True)
class CompiledSelector:
    """A selector group compiled to one XPath (`select(root)` on an lxml tree) and, when it is
    in the supported subset, to a `TreeSelector` (`select_tree(tree)` on a `UiTree`, same result).

    `required` lists, per alternative of the group, string literals that must occur in the raw
    XML for that alternative to match (the space-separated pieces of attribute values of `=`,
    `^=`, `$=`, `*=`, `~=`, `|=` conditions outside `:not`, limited to characters XML never
    escapes). `may_match(xml)` is an exact pre-test: False means the selector cannot match, so
    parsing can be skipped. Character references (`&#...;`) in the dump disable it.
    """

    source: str
    css: str
    xpath: str
    _compiled: etree.XPath
    required: tuple[tuple[str, ...], ...] = ()
    tree: TreeSelector | None = None

    def select(self, root: etree._Element) -> list[etree._Element]:
        return self._compiled(root)  # type: ignore[return-value]

    def select_tree(self, tree: UiTree) -> list[UiNode]:
        if self.tree is None:
            raise ValueError(f"selector {self.source!r} needs the XPath path (select on an lxml tree)")
        return self.tree.select(tree)

    def may_match(self, xml: str) -> bool:
        if not self.required or ("&" in xml and "&#" in xml):
            return True
        for alternative in self.required:
            for literal in alternative:
                if literal not in xml:
                    break
            else:
                return True
        return False


def _literals(node: object, out: list[str]) -> None:
    """Collect literals a match requires, walking cssselect's parsed tree (skipping negations)."""
    from cssselect import parser as p

    if isinstance(node, p.Negation):
        _literals(node.selector, out)
        return
    if isinstance(node, p.Attrib):
        value = getattr(node.value, "value", node.value)
        if node.operator in ("=", "^=", "$=", "*=", "~=", "|=") and isinstance(value, str) and node.flag is None:
            out += literal_tokens(value)
        _literals(node.selector, out)
        return
    if isinstance(node, p.Class):
        out += literal_tokens(node.class_name)
        _literals(node.selector, out)
        return
    if isinstance(node, p.Hash):
        out += literal_tokens(node.id)
        _literals(node.selector, out)
        return
    if isinstance(node, p.CombinedSelector):
        _literals(node.selector, out)
        _literals(node.subselector, out)
        return
    if isinstance(node, (p.Function, p.Pseudo)):
        _literals(node.selector, out)


def _cost(condition: str) -> int:
    """Rough evaluation cost of one XPath condition (cheap tests go first in a conjunction)."""
    if "count(" in condition or "::" in condition:
        return 4
    if "substring(" in condition:
        return 3
    if "contains(" in condition:
        return 2
    if "starts-with(" in condition:
        return 1
    return 0


class _SortedExpr(XPathExpr):
    """An XPathExpr whose `and`-ed conditions are emitted cheapest first (same truth value:
    XPath 1.0 conditions have no side effects), so libxml2 short-circuits early."""

    def __init__(self, path: str = "", element: str = "*", condition: str = "", star_prefix: bool = False) -> None:
        self._conds: list[str] = []
        super().__init__(path, element, condition, star_prefix)

    @property  # type: ignore[override]
    def condition(self) -> str:
        if len(self._conds) <= 1:
            return self._conds[0] if self._conds else ""
        return " and ".join(f"({c})" for c in sorted(self._conds, key=_cost))

    @condition.setter
    def condition(self, value: str) -> None:
        self._conds = [value] if value else []

    def add_condition(self, condition: str, conjuction: str = "and") -> "_SortedExpr":
        if conjuction == "and":
            self._conds.append(condition)
        else:
            self._conds = [f"({self.condition}) {conjuction} ({condition})"]
        return self


class _Translator(cssselect.GenericTranslator):
    """cssselect's translator with cheaper XPath: a `contains()` pre-test for `$=` (libxml2
    evaluates it without building substrings) and cheapest-first conditions; same results."""

    xpathexpr_cls = _SortedExpr

    def xpath_attrib_suffixmatch(self, xpath, name, value):  # type: ignore[no-untyped-def]
        if value:
            lit = self.xpath_literal(value)
            xpath.add_condition(f"contains({name}, {lit}) and "
                                f"substring({name}, string-length({name})-{len(value) - 1}) = {lit}")
        else:
            xpath.add_condition("0")
        return xpath


_TRANSLATOR = _Translator()


def compile_selector(selectors: Sequence[str] | str, *, where: str = "selector") -> CompiledSelector:
    """Join Mobile-Env selector strings with ', ' (a selector group) and compile them."""
    parts = [selectors] if isinstance(selectors, str) else list(selectors)
    if not parts or not any(p.strip() for p in parts):
        raise SelectorError(f"{where}: empty selector")
    css = ", ".join(mobile_env_to_css(p, where=where) for p in parts)
    try:
        xpath = _TRANSLATOR.css_to_xpath(css, prefix="descendant-or-self::")
    except cssselect.SelectorError as exc:
        raise SelectorError(f"{where}: cannot parse selector {', '.join(parts)!r} (as CSS {css!r}): {exc}") from None
    required: list[tuple[str, ...]] = []
    for sel in cssselect.parse(css):
        lits: list[str] = []
        _literals(sel.parsed_tree, lits)
        if not lits:
            required = []
            break
        required.append(tuple(dict.fromkeys(lits)))
    try:
        compiled = etree.XPath(xpath, smart_strings=False)
    except etree.XPathSyntaxError as exc:  # pragma: no cover - cssselect emits valid XPath
        raise SelectorError(f"{where}: selector {css!r} gave invalid XPath {xpath!r}: {exc}") from None
    return CompiledSelector(", ".join(parts), css, xpath, compiled, tuple(required), tree_selector(css))
