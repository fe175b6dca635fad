"""The fast dump reader and the tree selectors agree with lxml and cssselect's XPath.

`UiTreeReader` must give every element lxml gives, with the same attribute values, or decline
(None) so the engine uses lxml; `TreeSelector` must select exactly what the XPath selects.
"""

from __future__ import annotations

from pathlib import Path

import cssselect
import pytest
from events_helpers import Driver, N, dump, from_text
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from lxml import etree

from mobile_gym.events import EventEngine, InputError
from mobile_gym.events.selector import compile_selector
from mobile_gym.events.tree_selector import tree_selector
from mobile_gym.events.ui_tree import UiTreeReader

DUMPS = sorted((Path(__file__).resolve().parents[1] / "fixtures" / "view_hierarchies").glob("*.xml"))

ELEMENTS = ["node", "n", "hierarchy"]
ATTRS = ["index", "text", "resource-id", "class", "id", "package", "bounds"]
VALUES = st.one_of(st.sampled_from(["a", "b", "a b", "a-b", "ab", "", "é", "1"]),
                   st.text(alphabet="ab -é=/>&<\"'\n\t\r", max_size=5))


def _escape(value: str, style: int) -> str:
    """XML-escape an attribute value three ways: minimal, everything, or with character references."""
    minimal = {"&": "&amp;", "<": "&lt;", '"': "&quot;"}
    table = [minimal,
             {**minimal, ">": "&gt;", "'": "&apos;", "\n": "&#10;", "\t": "&#x9;", "\r": "&#13;"},
             {**minimal, "a": "&#97;", "é": "&#xe9;"}][style]
    return "".join(table.get(ch, ch) for ch in value)


@st.composite
def elements(draw, depth: int = 0):
    name = draw(st.sampled_from(ELEMENTS))
    names = draw(st.lists(st.sampled_from(ATTRS), unique=True, max_size=4))
    attrs = [(n, draw(VALUES), draw(st.integers(0, 2))) for n in names]
    children = draw(st.lists(elements(depth + 1), max_size=3)) if depth < 3 else []
    return name, attrs, children, draw(st.booleans()), draw(st.sampled_from(["", "", "\n  "]))


def render(element, out: list[str], spaced: bool) -> None:
    name, attrs, children, self_close, ws = element
    sep = " = " if spaced else "="
    text = "".join(f' {n}{sep}"{_escape(v, style)}"' for n, v, style in attrs)
    if not children and self_close:
        out.append(f"<{name}{text} />{ws}")
        return
    out.append(f"<{name}{text}>{ws}")
    for child in children:
        render(child, out, spaced)
    out.append(f"</{name}>{ws}")


@st.composite
def documents(draw) -> str:
    out = ["<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"] if draw(st.booleans()) else []
    render(draw(elements()), out, draw(st.booleans()))
    return "".join(out)


def moved(element, new_bounds):
    """The same element tree with each `bounds` value replaced by the next of new_bounds."""
    name, attrs, children, self_close, ws = element
    attrs = [(n, next(new_bounds, v) if n == "bounds" else v, style) for n, v, style in attrs]
    return name, attrs, [moved(c, new_bounds) for c in children], self_close, ws


@st.composite
def moving_documents(draw) -> list[str]:
    """A screen and versions of it in which only `bounds` values changed (scrolling)."""
    tree = draw(elements())
    spaced = draw(st.booleans())
    out = []
    for _ in range(draw(st.integers(2, 4))):
        text: list[str] = []
        render(moved(tree, iter(draw(st.lists(VALUES, max_size=12)))), text, spaced)
        out.append("".join(text))
    return out


def _positions(root: etree._Element) -> dict[etree._Element, int]:
    return {el: i for i, el in enumerate(root.iter())}


def assert_same_tree(xml: str, reader: UiTreeReader | None = None) -> None:
    tree = (reader or UiTreeReader()).read(xml)
    assert tree is not None, xml
    root = etree.fromstring(xml.encode())
    elements_ = list(root.iter())
    where = _positions(root)
    assert len(tree) == len(elements_)
    for i, el in enumerate(elements_):
        assert tree.nodes[i].name == el.tag
        assert tree.nodes[i].attrib == dict(el.attrib)
        parent = el.getparent()
        assert tree.parents[i] == (-1 if parent is None else where[parent])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
def test_reader_gives_lxml_elements_and_values(xml):
    assert_same_tree(xml)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.lists(documents(), min_size=2, max_size=4), moving_documents()))
def test_a_reader_reused_across_dumps_gives_fresh_results(xmls):
    readers = [UiTreeReader(), UiTreeReader(cache_limit=4)]  # the second one keeps clearing its caches
    for xml in xmls + xmls[::-1]:
        for reader in readers:
            assert_same_tree(xml, reader)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(moving_documents(), st.lists(st.deferred(lambda: selector_groups()), min_size=1, max_size=3))
def test_selectors_stay_exact_while_the_screen_scrolls(xmls, groups):
    """Moved tags reuse verdicts only when no selector reads `bounds`; either way, exact."""
    pairs = [(css, s) for css, s in zip(groups, map(_tree_selector_or_none, groups)) if s is not None]
    assume(pairs)
    reader = UiTreeReader([c for _, s in pairs for c in s.compounds])
    for xml in xmls:
        tree = reader.read(xml)
        root = etree.fromstring(xml.encode())
        where = _positions(root)
        for css, selector in pairs:
            expected = [where[el] for el in _xpath(css)(root)]
            assert selector.select_indices(tree) == expected


def _xpath(css: str) -> etree.XPath:
    return etree.XPath(cssselect.GenericTranslator().css_to_xpath(css, prefix="descendant-or-self::"))


def _tree_selector_or_none(css: str):
    try:
        _xpath(css)
    except cssselect.SelectorError:
        return None
    return tree_selector(css)


@pytest.mark.parametrize("path", DUMPS, ids=lambda p: p.name)
def test_dump_fixtures_take_the_fast_path(path):
    """Generated sim dumps, the hand-written classic dump and the one with other dumpers' quirks."""
    assert_same_tree(path.read_text(encoding="utf-8"))


def test_real_dumps_take_the_fast_path():
    assert len(DUMPS) >= 7
    sim_device = pytest.importorskip("mobile_gym.device.sim_device")
    device = sim_device.SimDevice()
    try:
        assert_same_tree(device.view_hierarchy())
    finally:
        device.close()


IDENT = st.sampled_from(["a", "b", "ab", "é"])
SIMPLE = st.one_of(
    st.builds(lambda n, op, v: f"[{n}]" if not op else f'[{n}{op}"{v}"]', st.sampled_from(ATTRS),
              st.sampled_from(["", "=", "!=", "~=", "|=", "^=", "$=", "*="]),
              st.sampled_from(["a", "b", "a b", "a-b", "", "é", "=", "1", " a"])),
    IDENT.map(lambda i: f".{i}"), IDENT.map(lambda i: f"#{i}"),
    st.sampled_from([":first-child", ":last-child", ":only-child", ":root", ":first-of-type", ":last-of-type",
                     ":only-of-type"]))


@st.composite
def compounds(draw, negation: bool = True) -> str:
    element = draw(st.sampled_from(["", "*", "node", "n"]))
    parts = draw(st.lists(SIMPLE, max_size=3))
    if negation and draw(st.booleans()):
        parts.append(f":not({draw(compounds(negation=False))})")
    text = element + "".join(parts)
    return text or "*"


@st.composite
def selector_groups(draw) -> str:
    def one() -> str:
        out = draw(compounds())
        for _ in range(draw(st.integers(0, 2))):
            out += draw(st.sampled_from([" ", " > ", " + ", " ~ "])) + draw(compounds())
        return out
    return ", ".join(one() for _ in range(draw(st.integers(1, 2))))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents(), selector_groups())
def test_tree_selectors_select_what_the_xpath_selects(xml, css):
    try:
        xpath = etree.XPath(cssselect.GenericTranslator().css_to_xpath(css, prefix="descendant-or-self::"))
    except cssselect.SelectorError:
        assume(False)
        return
    selector = tree_selector(css)
    assume(selector is not None)
    root = etree.fromstring(xml.encode())
    where = _positions(root)
    expected = [where[el] for el in xpath(root)]
    registered = UiTreeReader(selector.compounds).read(xml)  # candidates from the read-time masks
    plain = UiTreeReader().read(xml)  # every node visited
    assert selector.select_indices(registered) == expected
    assert selector.select_indices(plain) == expected


@pytest.mark.parametrize("css", ["node:nth-child(2)", "node:empty", '[text="a" i]', "node:has(> n)", "ns|node",
                                 "*|node", "[ns|text]", ":is(node, n)", "node:contains('a')", "node::text"])
def test_unsupported_selectors_use_the_xpath_path(css):
    assert tree_selector(css) is None


VALID = dump(N(rid="app:id/root", children=[N(rid="app:id/ok", text="OK")]))


@pytest.mark.parametrize("xml,well_formed", [
    (VALID.replace("<hierarchy", "<!-- a comment --><hierarchy"), True),
    (VALID.replace('text="OK"', "text='OK'"), True),
    (VALID.replace("</hierarchy>", "<![CDATA[x]]></hierarchy>"), True),
    (VALID.replace("</hierarchy>", "text</hierarchy>"), True),
    (VALID.replace('<hierarchy rotation="0">', '<!DOCTYPE h><hierarchy rotation="0">'), True),
    (VALID.replace('<hierarchy rotation="0">', '<hierarchy xmlns:a="urn:x" rotation="0">'), True),
    (VALID.replace("</hierarchy>", ""), False),  # unclosed root
    (VALID.replace("</node></hierarchy>", "</n></hierarchy>"), False),  # mismatched end tag
    (VALID + "<hierarchy/>", False),  # two roots
    (VALID.replace('text="OK"', 'text="&bogus;"'), False),
    (VALID.replace('text="OK"', 'text="&#0;"'), False),
    (VALID.replace('text="OK"', 'text="O\x01K"'), False),
    (VALID.replace('text="OK"', 'text="OK" text="again"'), False),
    (VALID.replace('text="OK"', 'text="OK"class="x"'), False),
    (VALID.replace('text="OK"', "text=OK"), False),
])
def test_dumps_outside_the_subset_go_through_lxml(xml, well_formed):
    """The reader declines; lxml then matches well-formed XML and rejects the rest."""
    assert UiTreeReader().read(xml) is None
    driver = Driver(EventEngine(from_text(OK_TASK)))
    if well_formed:
        assert driver.step(xml=xml).reward == 1
    else:
        with pytest.raises(InputError):
            driver.step(xml=xml)


OK_TASK = """
event_sources { id: 1 view_hierarchy_event { selector: '#"app:id/ok"' properties { property_name: "text" pattern: "^OK$" } } }
event_slots { reward_listener { id: 2 events { id: 1 } transformation: "y = 1" } }
"""


def test_unchanged_tags_are_shared_between_dumps():
    reader = UiTreeReader()
    first = dump(N(children=[N(text="a"), N(text="b")]))
    second = dump(N(children=[N(text="a"), N(text="c")]))
    a1 = reader.read(first)
    b = reader.read(second)
    a2 = reader.read(first)
    assert a1 is not None and b is not None and a2 is not None
    assert [n.get("text") for n in b.nodes] == [None, "", "a", "c"]
    assert all(x is y for x, y in zip(a1.nodes, a2.nodes))
    assert a1.nodes[2] is b.nodes[2] and a1.nodes[3] is not b.nodes[3]


def test_text_after_the_last_tag_is_ignored_there_only():
    reader = UiTreeReader()
    for _ in range(2):  # the second time the tags come from the reader's caches
        assert reader.read('<hierarchy rotation="0" />trailing words') is not None  # as lxml's path: up to the last '>'
        assert reader.read('<h><hierarchy rotation="0" />trailing words</h>') is None
        assert reader.read('<h><node /><hierarchy rotation="0" />trailing words</h>') is None


def test_character_references_do_not_hide_a_match():
    xml = dump(N(children=[N(text="&#79;K", rid="app:id/ok")])).replace("&amp;#79;", "&#79;")
    assert 'text="&#79;K"' in xml
    selector = compile_selector('[text="OK"]')
    assert selector.may_match(xml)
    tree = UiTreeReader(selector.tree.compounds).read(xml)
    assert [n.get("text") for n in selector.select_tree(tree)] == ["OK"]
    assert Driver(EventEngine(from_text(OK_TASK))).step(xml=xml).reward == 1


def test_fast_and_xpath_selectors_share_one_step():
    task = """
    event_sources { id: 1 view_hierarchy_event { selector: '#"app:id/row" > node:nth-child(2)' properties { property_name: "text" } } }
    event_sources { id: 2 view_hierarchy_event { selector: '#"app:id/row" > #$"title"' properties { property_name: "text" pattern: "." } } }
    event_slots { reward_listener { type: AND id: 3 events { id: 1 } events { id: 2 } transformation: "y = 1 if x[0] == x[1] else 0" } }
    """
    xml = dump(N(rid="app:id/row", children=[N(rid="app:id/icon"), N(rid="app:id/title", text="Inbox")]))
    engine = EventEngine(from_text(task))
    assert engine.sources[1].source.selector.tree is None
    assert engine.sources[2].source.selector.tree is not None
    result = Driver(engine).step(xml=xml)
    assert result.reward == 1
    assert {k: v for k, v in result.fired.items() if k.startswith("source")} == {
        "source:1": [["Inbox"]], "source:2": [["Inbox"]]}


def test_sources_sharing_a_selector_keep_their_own_property_checks():
    task = """
    event_sources { id: 1 view_hierarchy_event { selector: '#$"title"' properties { property_name: "text" pattern: "^Inbox$" } } }
    event_sources { id: 2 view_hierarchy_event { selector: '#$"title"' properties { property_name: "text" pattern: "^Sent$" } } }
    event_slots { reward_listener { type: OR id: 3 events { event { id: 4 events { id: 1 } transformation: "y = 1" } }
                                            events { event { id: 5 events { id: 2 } transformation: "y = 10" } } } }
    """
    inbox = dump(N(children=[N(rid="app:id/title", text="Inbox")]))
    sent = dump(N(children=[N(rid="app:id/title", text="Sent")]))
    driver = Driver(EventEngine(from_text(task)))
    assert [driver.step(xml=xml).reward for xml in (inbox, sent)] == [1, 10]
