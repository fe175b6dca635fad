"""Mobile-Env compatibility decisions, tested against Mobile-Env's documented semantics
(mobile_env_engine.md 2.2 and 2.8):

* extras: each name's values of a step (plain and JSON extras concatenated) are `np.stack`ed on
  read, each value shaped by `extras_spec`; `EngineOptions(extras_as_lists=True)` keeps
  mobile_gym's per-occurrence lists;
* LAST on screen sources: Mobile-Env skips an input equal to the input just before it, node by
  node, and keeps that input over steps without any (so two matching nodes re-fire every step,
  and a node that comes back after an empty step does not). mobile_gym's default compares with
  the previous observation instead; `EngineOptions(mobile_env_last=True)` gives Mobile-Env's.
"""

from __future__ import annotations

import numpy as np
from events_helpers import Driver, N, box, dump, from_text, log

from mobile_gym.events import EventEngine
from mobile_gym.events.engine import EngineOptions

EXTRAS = """
event_sources { id: 1 repeatability: UNLIMITED log_event { filters: "app:V" pattern: "^grid: (.*)$" } }
event_sources { id: 2 repeatability: UNLIMITED log_event { filters: "app:V" pattern: "^json: (.*)$" } }
event_slots {
  extra_listener { events { id: 1 } transformation: ["import ast", "y = {'grid': ast.literal_eval(x[0])}"] }
  json_extra_listener { events { id: 2 } transformation: "y = x[0]" }
}
extras_spec { name: "grid" shape: [2, 2] dtype: INT32 }
"""


def driver(text: str, **options) -> Driver:
    return Driver(EventEngine(from_text(text), options=EngineOptions(**options)))


def logs(*messages: str):
    return [log("app", m, "I") for m in messages]


def test_extras_are_concatenated_and_stacked_to_the_spec_shape():
    d = driver(EXTRAS)
    r = d.step(logs=logs("grid: [1, 2, 3, 4]", "json: {\"grid\": [[5, 6], [7, 8]]}"))
    grid = r.extras["grid"]
    assert isinstance(grid, np.ndarray) and grid.dtype == np.int32 and grid.shape == (2, 2, 2)
    assert grid.tolist() == [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]
    assert r.errors == []


def test_extras_without_a_spec_are_stacked_as_they_come():
    d = driver(EXTRAS.replace('extras_spec { name: "grid" shape: [2, 2] dtype: INT32 }', ""))
    r = d.step(logs=logs("grid: [1, 2]", "grid: [3, 4]"))
    assert r.extras["grid"].shape == (2, 2) and r.extras["grid"].tolist() == [[1, 2], [3, 4]]


def test_a_value_that_does_not_fit_the_spec_is_reported_and_kept():
    d = driver(EXTRAS)
    r = d.step(logs=logs("grid: [1, 2, 3]"))
    assert r.extras["grid"] == [[1, 2, 3]]
    assert len(r.errors) == 1 and "extras_spec shape [2, 2]" in r.errors[0]


def test_the_switch_keeps_per_occurrence_lists():
    d = driver(EXTRAS, extras_as_lists=True)
    r = d.step(logs=logs("grid: [1, 2, 3, 4]", "json: {\"grid\": [0]}"))
    assert r.extras == {"grid": [[1, 2, 3, 4], [0]]}


VH_LAST = """
event_sources { id: 1 repeatability: LAST view_hierarchy_event {
  selector: "node[resource-id=\\"item\\"]" properties { property_name: "text" pattern: "^Item (.*)$" } } }
event_slots { reward_listener { events { id: 1 } transformation: "y = 1" } }
"""


def items(*names: str) -> str:
    return dump(N(children=[N(cls="android.widget.TextView", rid="item", text=f"Item {n}",
                              bounds=(0, 100 * i, 1080, 100 * i + 90)) for i, n in enumerate(names)]))


def rewards(d: Driver, screens) -> list[float]:
    return [d.step(xml=xml).reward if isinstance(xml, str) else d.step(boxes=xml).reward
            for xml in screens]


def test_view_hierarchy_last_with_two_matching_nodes():
    screens = [items("A", "B")] * 3
    assert rewards(driver(VH_LAST, mobile_env_last=True), screens) == [2, 2, 2]  # A,B,A,B,...
    assert rewards(driver(VH_LAST), screens) == [2, 0, 0]  # ours: what is new on the screen


def test_view_hierarchy_last_over_a_step_without_the_node():
    screens = [items("A"), items(), items("A")]
    assert rewards(driver(VH_LAST, mobile_env_last=True), screens) == [1, 0, 0]  # no reset
    assert rewards(driver(VH_LAST), screens) == [1, 0, 1]  # ours: it came back


TEXT_LAST = """
event_sources { id: 1 repeatability: LAST text_detect {
  expect: "^Item (.*)$" mode: REGEX rect { x0: 0 y0: 0 x1: 1 y1: 1 } } }
event_slots { reward_listener { events { id: 1 } transformation: "y = 1" } }
"""


def test_text_detect_last_follows_the_same_rules():
    two = [box("Item A", (0.0, 0.0, 0.5, 0.1)), box("Item B", (0.0, 0.5, 0.5, 0.6))]
    one = [box("Item A", (0.0, 0.0, 0.5, 0.1))]
    assert rewards(driver(TEXT_LAST, mobile_env_last=True), [two, two]) == [2, 2]
    assert rewards(driver(TEXT_LAST), [two, two]) == [2, 0]
    assert rewards(driver(TEXT_LAST, mobile_env_last=True), [one, [], one]) == [1, 0, 0]
    assert rewards(driver(TEXT_LAST), [one, [], one]) == [1, 0, 1]


def test_log_sources_compare_with_the_previous_line_either_way():
    text = VH_LAST.split("event_sources")[0] + (
        'event_sources { id: 1 repeatability: LAST log_event { filters: "app:V" pattern: "^Item (.*)$" } }\n'
        'event_slots { reward_listener { events { id: 1 } transformation: "y = 1" } }\n')
    for options in ({}, {"mobile_env_last": True}):
        d = driver(text, **options)
        got = [d.step(logs=logs(*batch)).reward for batch in (["Item A", "Item A"], [], ["Item A"])]
        assert got == [1, 0, 0]
