"""CSS selectors evaluated over a `UiTree` in Python, with cssselect's XPath semantics.

`tree_selector(css)` turns a parsed selector group into a `TreeSelector` when every part is
in the supported subset: type and universal selectors, attribute selectors (`[a]`, `=`, `!=`,
`~=`, `|=`, `^=`, `$=`, `*=`), classes, ids, the four combinators, `:not()` of a compound,
`:root`, `:first-child`, `:last-child`, `:only-child` and the `-of-type` forms. Anything else
(namespaces, case flags, functional pseudo-classes, `:empty`, `:has()`, ...) returns None and
the engine runs the compiled XPath on an lxml tree instead. Results are the nodes, in document
order, that `etree.XPath(GenericTranslator().css_to_xpath(css, prefix="descendant-or-self::"))`
selects from the root; a property test checks the two agree.

The attribute-only part of each compound runs once per distinct tag, not once per step: a
reader that registered the compounds keeps the verdicts in each node's mask, computed when the
tag is first read; other compounds are memoised on the `UiNode`, which the reader shares
between dumps.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cssselect import parser as css

from mobile_gym.events.ui_tree import UiNode, UiTree

__all__ = ["Compound", "TreeSelector", "literal_tokens", "tree_selector"]

_XML_SPACE = re.compile("[ \t\r\n]+")
_CSS_SPACE = re.compile("[ \t\r\n\f]")
_UNSAFE_LITERAL = set('&<>"\'') | {chr(c) for c in range(32)}
_POSITIONAL = ("root", "first-child", "last-child", "only-child", "first-of-type", "last-of-type", "only-of-type")

AttrTest = Callable[[UiNode], bool]


class Unsupported(Exception):
    """The selector uses something only the XPath path handles."""


def _includes(value: str) -> Callable[[str], bool]:
    if not value or _CSS_SPACE.search(value):
        return lambda actual: False
    return lambda actual: value in actual and value in _XML_SPACE.split(actual)


def _attr_test(name: str, operator: str, value: str | None) -> AttrTest:
    """The cssselect meaning of `[name operator value]` as a predicate on a node."""
    get = UiNode.get
    if operator == "exists":
        return lambda node: get(node, name) is not None
    assert value is not None
    check: Callable[[str], bool]
    if operator == "=":
        check = value.__eq__
    elif operator == "!=":
        if value:
            return lambda node: get(node, name) != value
        return lambda node: get(node, name) not in (None, "")
    elif operator == "~=":
        check = _includes(value)
    elif operator == "|=":
        dashed = value + "-"
        check = lambda actual: actual == value or actual.startswith(dashed)
    elif operator in ("^=", "$=", "*="):
        if not value:
            return lambda node: False
        check = {"^=": lambda a: a.startswith(value), "$=": lambda a: a.endswith(value),
                 "*=": lambda a: value in a}[operator]
    else:
        raise Unsupported(f"attribute operator {operator}")

    def test(node: UiNode) -> bool:
        actual = get(node, name)
        return actual is not None and check(actual)
    return test


def literal_tokens(value: str) -> list[str]:
    """Pieces of `value` that must occur verbatim in the raw tag of a node that matches."""
    if set(value) & _UNSAFE_LITERAL:
        return []
    return [t for t in value.split(" ") if t]


class Compound:
    """One compound selector: an element name, attribute tests, positional pseudo-classes and
    negations. `node_test` is the part that depends on attributes alone (a reader that
    registered the compound keeps it in each node's mask); `matches_at` adds the positional
    parts."""

    has_position: bool
    attributes: frozenset[str]

    def __init__(self, element: str | None, tests: list[AttrTest], positional: list[str],
                 negations: list[Compound], literals: list[str], attributes: list[str]) -> None:
        self.element = element
        self.tests = tuple(tests)
        # every attribute name the compound reads, its negations included
        self.attributes = frozenset(attributes).union(*(n.attributes for n in negations))
        self.positional = tuple(positional)
        self.negations = tuple(n for n in negations if not n.has_position)
        self.positional_negations = tuple(n for n in negations if n.has_position)
        self.has_position = bool(self.positional or self.positional_negations)
        self.literals = tuple(dict.fromkeys(literals))

    def node_test(self, node: UiNode) -> bool:
        """The attribute-only part of the compound, evaluated afresh."""
        if self.element is not None and node.name != self.element:
            return False
        for test in self.tests:
            if not test(node):
                return False
        for negation in self.negations:
            if negation.node_matches(node):
                return False
        return True

    def node_matches(self, node: UiNode) -> bool:
        """`node_test`, memoised on the node."""
        memo = node.memo
        if memo is None:
            memo = node.memo = {}
        hit = memo.get(self)
        if hit is None:
            hit = memo[self] = self.node_test(node)
        return hit

    def matches_at(self, tree: UiTree, i: int) -> bool:
        bit = tree.bits.get(id(self))
        node = tree.nodes[i]
        if not (node.mask & bit if bit is not None else self.node_matches(node)):
            return False
        for name in self.positional:
            if not _positional(name, tree, i):
                return False
        for negation in self.positional_negations:
            if negation.matches_at(tree, i):
                return False
        return True


def _positional(name: str, tree: UiTree, i: int) -> bool:
    if name == "root":
        return tree.parents[i] < 0
    siblings = tree.siblings(i)
    if name.endswith("-of-type"):
        own = tree.nodes[i].name
        siblings = [s for s in siblings if tree.nodes[s].name == own]
    first, last = siblings[0] == i, siblings[-1] == i
    kind = name.split("-")[0]
    return first if kind == "first" else last if kind == "last" else first and last


def _compound(tree: object) -> Compound:
    tests: list[AttrTest] = []
    positional: list[str] = []
    negations: list[Compound] = []
    literals: list[str] = []
    attributes: list[str] = []
    node = tree
    while not isinstance(node, css.Element):
        if isinstance(node, css.Attrib):
            if node.namespace is not None or node.flag is not None:
                raise Unsupported("namespaced or flagged attribute selector")
            value = None if node.value is None else node.value.value
            tests.append(_attr_test(node.attrib, node.operator, value))
            attributes.append(node.attrib)
            if value and node.operator in ("=", "^=", "$=", "*=", "~=", "|="):
                literals += literal_tokens(value)
        elif isinstance(node, css.Class):
            tests.append(_attr_test("class", "~=", node.class_name))
            attributes.append("class")
            literals += literal_tokens(node.class_name)
        elif isinstance(node, css.Hash):
            tests.append(_attr_test("id", "=", node.id))
            attributes.append("id")
            literals += literal_tokens(node.id)
        elif isinstance(node, css.Pseudo) and node.ident.lower() in _POSITIONAL:
            positional.append(node.ident.lower())
        elif isinstance(node, css.Negation):
            negations.append(_compound(node.subselector))
        else:
            raise Unsupported(type(node).__name__)
        node = node.selector
    if node.namespace is not None:
        raise Unsupported("namespaced element")
    if any(p.endswith("-of-type") for p in positional) and not node.element:
        raise Unsupported("-of-type on '*'")
    return Compound(node.element or None, tests, positional, negations, literals, attributes)


class TreeSelector:
    """A selector group over UiTrees. Each selector is a chain of compounds, rightmost first,
    with the combinator that links each compound to the next one to the left."""

    def __init__(self, chains: list[tuple[tuple[Compound, ...], tuple[str, ...]]]) -> None:
        self.chains = tuple(chains)
        self.compounds = tuple(c for chain in self.chains for c in chain[0])

    def select(self, tree: UiTree) -> list[UiNode]:
        nodes = tree.nodes
        return [nodes[i] for i in self.select_indices(tree)]

    def select_indices(self, tree: UiTree) -> list[int]:
        """Document-order positions of the matching elements (a node object may occur at
        several positions, so positions are what identify an element)."""
        nodes = tree.nodes
        found: list[int] = []
        bits = tree.bits
        for compounds, combinators in self.chains:
            if any(id(c) in bits and not bits[id(c)] & tree.present for c in compounds):
                continue  # a compound no node of this dump passes
            subject = compounds[0]
            bit = bits.get(id(subject))
            if bit is not None:
                candidates = [i for i in tree.flagged if nodes[i].mask & bit]
            else:
                candidates = [i for i, node in enumerate(nodes) if subject.node_matches(node)]
            memo: dict[tuple[int, int], bool] = {}
            for i in candidates:
                if (not subject.has_position or subject.matches_at(tree, i)) and (
                        not combinators or _chain(tree, compounds, combinators, 1, i, memo)):
                    found.append(i)
        if len(self.chains) > 1:
            found = sorted(set(found))
        return found


def _chain(tree: UiTree, compounds: tuple[Compound, ...], combinators: tuple[str, ...], k: int, i: int,
           memo: dict[tuple[int, int], bool]) -> bool:
    """Whether compounds[k:] match to the left of node i (which matched compounds[k - 1])."""
    key = (k, i)
    hit = memo.get(key)
    if hit is not None:
        return hit
    compound = compounds[k]
    combinator = combinators[k - 1]
    more = k + 1 < len(compounds)
    parents = tree.parents

    def ok(j: int) -> bool:
        return compound.matches_at(tree, j) and (not more or _chain(tree, compounds, combinators, k + 1, j, memo))

    hit = False
    if combinator == ">":
        p = parents[i]
        hit = p >= 0 and ok(p)
    elif combinator == " ":
        p = parents[i]
        while p >= 0 and not hit:
            hit = ok(p)
            p = parents[p]
    else:
        position = tree.position(i)
        siblings = tree.siblings(i)
        if combinator == "+":
            hit = position > 0 and ok(siblings[position - 1])
        else:
            hit = any(ok(j) for j in siblings[:position])
    memo[key] = hit
    return hit


def tree_selector(css_text: str) -> TreeSelector | None:
    """A TreeSelector for a CSS selector group, or None if it needs the XPath path."""
    try:
        chains = []
        for selector in css.parse(css_text):
            if selector.pseudo_element is not None:
                return None
            compounds: list[Compound] = []
            combinators: list[str] = []
            node = selector.parsed_tree
            while isinstance(node, css.CombinedSelector):
                compounds.append(_compound(node.subselector))
                combinators.append(node.combinator)
                node = node.selector
            compounds.append(_compound(node))
            chains.append((tuple(compounds), tuple(combinators)))
    except Unsupported:
        return None
    return TreeSelector(chains)
