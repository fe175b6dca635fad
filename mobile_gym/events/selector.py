"""Mobile-Env selectors compiled once per source: an lxml XPath, a tree matcher for the fast
path and the literals a dump must contain. The syntax (shorthands, CSS, what is refused) is
`mobile_gym.tasks.selector_syntax`, shared with the task loader's checks."""

from __future__ import annotations

import functools
import threading
from collections.abc import Sequence
from dataclasses import dataclass

import cssselect
from lxml import etree

from mobile_gym.events.errors import SelectorError
from mobile_gym.events.tree_selector import TreeSelector, literal_tokens, tree_selector
from mobile_gym.events.ui_tree import UiNode, UiTree
from mobile_gym.tasks.selector_syntax import SelectorSyntaxError, at, mobile_env_to_css, translate

__all__ = ["CompiledSelector", "compile_selector"]

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


def compile_selector(selectors: Sequence[str] | str, *, where: str = "selector") -> CompiledSelector:
    """Join Mobile-Env selector strings with ', ' (a selector group) and compile them.

    Each string is checked on its own, so an error in a group names the failing string and its
    index (`where[k]`); an empty `where` leaves the message unprefixed. A compiled selector
    holds nothing that changes and nothing of `where`, so the last few hundred are kept and
    handed out again (a task family builds a new task per reset from the same selectors), by
    the strings alone: sources with the same selector anywhere in a task, or in another seed's
    task, share one, and so do the dump reader's flags for its compounds."""
    parts = (selectors,) if isinstance(selectors, str) else tuple(selectors)
    if not all(isinstance(p, str) for p in parts):
        return _compile(parts, where)
    try:
        return _compiled(parts, threading.get_ident())
    except SelectorError:
        return _compile(parts, where)  # raises again, naming `where`


@functools.lru_cache(maxsize=512)
def _compiled(parts: tuple[str, ...], thread: int) -> CompiledSelector:
    """`_compile` remembered by the selector strings, per thread (an lxml XPath object is used
    by one thread at a time); an error is not remembered."""
    return _compile(parts, "")


def _compile(parts: Sequence[str], where: str) -> CompiledSelector:
    if not parts or not any(p.strip() for p in parts):
        raise SelectorError(at(where, "empty selector"))
    css_parts: list[str] = []
    xpaths: list[str] = []
    for k, part in enumerate(parts):
        label = (f"{where}[{k}]" if where else f"selector[{k}]") if len(parts) > 1 else where
        if not part.strip():
            raise SelectorError(at(label, "empty selector"))
        try:
            part_css = mobile_env_to_css(part, where=label)
            xpaths.append(translate(part, part_css, label))
        except SelectorSyntaxError as exc:
            raise SelectorError(str(exc)) from None
        css_parts.append(part_css)
    css = ", ".join(css_parts)
    xpath = " | ".join(xpaths)  # what cssselect gives for the whole group
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
        raise SelectorError(at(where, f"selector {css!r} gave invalid XPath {xpath!r}: {exc}")) from None
    return CompiledSelector(", ".join(parts), css, xpath, compiled, tuple(required), tree_selector(css))
