"""Selector and view-hierarchy defects from the audit, at the engine's level: pseudo-classes that
never match a uiautomator node are compile errors with a hint, a failing selector of a group is
named by its index, and a property without a value matches when the attribute exists."""

from __future__ import annotations

import cssselect
import pytest
from events_helpers import Driver, N, dump, from_text
from lxml import etree

from mobile_gym.events import EventEngine, SelectorError
from mobile_gym.events.selector import compile_selector
from mobile_gym.tasks.selector_syntax import NEVER_MATCHING_PSEUDO

SLOT = 'event_slots { reward_listener { events { id: 1 } transformation: "y = 1" } }'


def _generic_never_matching() -> list[str]:
    """Pseudo-classes cssselect's GenericTranslator implements as its never-matching stub."""
    stub = cssselect.GenericTranslator.pseudo_never_matches
    return sorted(name[len("xpath_"):-len("_pseudo")].replace("_", "-")
                  for name in dir(cssselect.GenericTranslator)
                  if name.endswith("_pseudo") and getattr(cssselect.GenericTranslator, name) is stub)


def test_every_never_matching_pseudo_class_of_cssselect_is_covered() -> None:
    names = _generic_never_matching()
    assert {"checked", "enabled", "disabled", "focus", "hover", "active", "visited", "link", "target"} <= set(names)
    assert set(names) <= set(NEVER_MATCHING_PSEUDO)


@pytest.mark.parametrize("selector,hint", [
    ("node:enabled", 'use [enabled="true"]'), (":checked", 'use [checked="true"]'),
    ("node:disabled", 'use [enabled="false"]'), ("node:focus", 'use [focused="true"]'),
    ("node:hover", "no such state"), ("node:active", "no such state"), ("node:visited", "no such state"),
    ("node:link", "no such state"), ("node:target", "no such state"),
    ('node:contains("x")', 'use [text*="x"]'), ("node:lang(en)", "no language"),
    ("node:nth-child(-n)", "no position"), ("node:nth-last-of-type(0)", "no position"),
    ("node:not(*)", "excludes every node"),
    ("node:not(:checked)", 'use [checked="true"]'), ("node:is(:focus)", 'use [focused="true"]'),
    ("node:has(> node:hover)", "no such state"),
])
def test_never_matching_pseudo_classes_are_compile_errors(selector: str, hint: str) -> None:
    with pytest.raises(SelectorError) as err:
        compile_selector(selector, where="task.textproto:4:5")
    message = str(err.value)
    assert message.startswith("task.textproto:4:5: ") and repr(selector) in message and hint in message


@pytest.mark.parametrize("selector", ["node:empty", ":root", "node:first-child", "node:only-of-type",
                                      "node:nth-child(2n+1)", "node:nth-child(-n+2)", "node:not([text=\"a\"])"])
def test_pseudo_classes_that_can_match_still_compile(selector: str) -> None:
    assert compile_selector(selector).xpath


def test_the_failing_selector_of_a_group_is_named_by_its_index() -> None:
    with pytest.raises(SelectorError) as err:
        compile_selector(["node", "node:bogus"], where="t.textproto:3:5: event source #0 (id 9) selector")
    assert str(err.value).startswith("t.textproto:3:5: event source #0 (id 9) selector[1]: ")
    assert "'node:bogus'" in str(err.value)
    with pytest.raises(SelectorError, match=r"^selector\[2\]: empty selector"):
        compile_selector(["node", "[text=\"a\"]", "  "], where="selector")


def test_engine_names_the_failing_selector_of_a_source() -> None:
    task = ('event_sources { id: 1 view_hierarchy_event { selector: "node" selector: "node:checked" } }\n' + SLOT)
    with pytest.raises(SelectorError, match=r"selector\[1\]: selector 'node:checked'"):
        EventEngine(from_text(task))


def test_a_group_selects_what_cssselect_selects_for_the_whole_group() -> None:
    group = ['#$"title"', '."android.widget.Button"[text="OK"]', "node:nth-child(2) > node"]
    compiled = compile_selector(group)
    assert compiled.xpath == " | ".join(compile_selector(p).xpath for p in group)
    root = etree.fromstring(dump(N(children=[
        N(rid="app:id/title", text="T"),
        N(children=[N(cls="android.widget.Button", text="OK"), N(text="inner")])])).encode())
    expected = etree.XPath(cssselect.GenericTranslator().css_to_xpath(compiled.css, prefix="descendant-or-self::"))
    assert [n.get("text") for n in compiled.select(root)] == [n.get("text") for n in expected(root)]
    assert [n.get("text") for n in compiled.select(root)] == ["T", "OK", "inner"]


def test_a_property_without_a_value_matches_when_the_attribute_exists() -> None:
    """End to end: no pattern and no number means only 'the attribute is there'; its value is reported."""
    task = ('event_sources { id: 1 repeatability: UNLIMITED view_hierarchy_event { selector: \'#"app:id/ok"\'\n'
            '  properties { property_name: "hint" } properties { property_name: "text" } } }\n'
            'event_slots { reward_listener { events { id: 1 } transformation: "y = 1" }\n'
            '              extra_listener { events { id: 1 } transformation: "y = {\'hint\': x[0]}" } }')
    driver = Driver(EventEngine(from_text(task)))
    with_hint = dump(N(children=[N(rid="app:id/ok", text="OK", extra={"hint": "Name"})]))
    without_hint = dump(N(children=[N(rid="app:id/ok", text="OK")]))
    empty_hint = dump(N(children=[N(rid="app:id/ok", text="", extra={"hint": ""})]))
    first = driver.step(xml=with_hint)
    assert first.reward == 1.0 and first.extras == {"hint": ["Name"]}
    assert driver.step(xml=without_hint).reward == 0.0  # the attribute is missing
    assert driver.step(xml=empty_hint).reward == 1.0  # present, though empty
