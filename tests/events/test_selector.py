"""Mobile-Env selectors: the shorthand table, quote-awareness, errors, and the exact pre-test."""

import pytest
from events_helpers import N, dump
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from mobile_gym.events import SelectorError
from mobile_gym.events.selector import compile_selector
from mobile_gym.tasks.selector_syntax import mobile_env_to_css


@pytest.mark.parametrize("selector,css", [
    ('#"com.wikihow.wikihowapp:id/search_src_text"', '[resource-id="com.wikihow.wikihowapp:id/search_src_text"]'),
    ('#$"search_plate">#$"search_src_text"', '[resource-id$="search_plate"]>[resource-id$="search_src_text"]'),
    ('."android.view.View"#"section_0" .$"TextView"', '[class="android.view.View"][resource-id="section_0"] [class$="TextView"]'),
    ('$"com.wikihow.wikihowapp"', '[package="com.wikihow.wikihowapp"]'),
    ("@2", '[index="2"]'),
    ('.^"android" .*"Text"', '[class^="android"] [class*="Text"]'),
    ('[text="version 1.5"]', '[text="version 1.5"]'),
    ('[content-desc="mail@2x"] > #"a"', '[content-desc="mail@2x"] > [resource-id="a"]'),
    ("node:nth-child(2)", "node:nth-child(2)"),
    ('#"a\\"b"', '[resource-id="a\\"b"]'),
])
def test_rewrite(selector, css):
    assert mobile_env_to_css(selector) == css


@pytest.mark.parametrize("bad", ['#"open', "[text='x'", "a]", "$foo", "@x", "node:unknown-pseudo(", "", "  "])
def test_errors_name_the_selector(bad):
    with pytest.raises(SelectorError):
        compile_selector(bad, where="task.textproto:9:3")


@pytest.mark.parametrize("bad", ['#"open', "[text='x'", ["node", "a]"], ""])
def test_an_error_names_each_place_the_selector_is_compiled_for(bad):
    for where in ("a.textproto:9:3", "b.textproto:4:1", "a.textproto:9:3"):
        with pytest.raises(SelectorError, match=where.replace(".", r"\.")):
            compile_selector(bad, where=where)


def test_one_compiled_selector_per_text_wherever_it_is_used():
    # sources with the same selector at different places share one, and so its compounds
    first = compile_selector(['#$"id/ok"', "node"], where="task.textproto:9:3")
    assert compile_selector(['#$"id/ok"', "node"], where="other.textproto:1:1") is first
    assert compile_selector('#$"id/ok"', where="task.textproto:9:3") is not first


def test_group_and_selection():
    xml = dump(N(rid="root", children=[N(cls="android.widget.TextView", text="a"),
                                       N(cls="android.widget.Button", text="b", rid="app:id/ok")]))
    root = etree.fromstring(xml.encode())
    sel = compile_selector(['.$"TextView"', '#$"id/ok"'])
    assert [n.get("text") for n in sel.select(root)] == ["a", "b"]
    assert sel.may_match(xml)
    assert not compile_selector('#"missing"').may_match(xml)


VALUES = st.text(alphabet='ab.#$@"\' <>&é1', max_size=6)


@settings(max_examples=200, deadline=None)
@given(st.lists(VALUES, min_size=1, max_size=4), VALUES, st.sampled_from(["", "$", "^", "*"]),
       st.sampled_from(["#", ".", "$"]))
def test_pretest_never_hides_a_match(texts, value, op, kind):
    xml = dump(N(children=[N(rid=t, cls=t, package=t, text=t) for t in texts]))
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    sel = compile_selector(f'{kind}{op}"{escaped}"')
    matches = sel.select(etree.fromstring(xml.encode()))
    if matches:
        assert sel.may_match(xml)
    attr = {"#": "resource-id", ".": "class", "$": "package"}[kind]
    check = {"": str.__eq__, "$": str.endswith, "^": str.startswith, "*": str.__contains__}[op]
    root_value = {"#": "", ".": "android.widget.FrameLayout", "$": "com.wikihow.wikihowapp"}[kind]
    candidates = [root_value, *texts]
    expected = [t for t in candidates if value and check(t, value)] if op else [t for t in candidates if t == value]
    assert [m.get(attr) for m in matches] == expected


TREE = dump(N(rid="app:id/root", children=[
    N(cls="android.widget.LinearLayout", rid="app:id/row", children=[
        N(cls="android.widget.TextView", text="OK", rid="app:id/title"),
        N(cls="android.widget.Button", text="OK", rid="app:id/action", clickable=True)]),
    N(cls="android.widget.LinearLayout", rid="app:id/row", children=[
        N(cls="android.widget.TextView", text="Open", rid="app:id/title"),
        N(cls="android.widget.Button", text="Open", rid="app:id/action")])]))


@pytest.mark.parametrize("css", [
    '[resource-id$="row"] > [class$="Button"][text="OK"]', '[class*="Text"][text^="O"]', "node:nth-child(2)",
    'node:not([text="OK"])[class$="Button"]', '[resource-id$="row"] [text="Open"], [clickable="true"]',
    '[class$="View"]:first-child', '[text="OK"] + [class*="Button"]', '[text="OK"] ~ node',
])
def test_reordered_xpath_selects_what_cssselect_selects(css):
    import cssselect

    root = etree.fromstring(TREE.encode())
    reference = etree.XPath(cssselect.GenericTranslator().css_to_xpath(css, prefix="descendant-or-self::"))(root)
    assert compile_selector(css).select(root) == reference
