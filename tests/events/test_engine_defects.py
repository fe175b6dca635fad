"""One test per defect of mobile_env_engine.md section 7; each fails on Mobile-Env 4.1's behaviour."""

import subprocess
import sys

import numpy as np
import pytest
from events_helpers import SIZE, Driver, N, box, dump, from_text, log

from mobile_gym.device.base import TextBox
from mobile_gym.events import (
    EngineOptions,
    EventEngine,
    EventGraphError,
    InputError,
    ModelUnavailableError,
    SelectorError,
    TaskCompileError,
    TransformRuntimeError,
    TransformSyntaxError,
)


def engine(text, **kw):
    e = EventEngine(from_text(text), **kw)
    return e, Driver(e)


def logsrc(i, pattern, repeat="UNLIMITED", filters="app:V"):
    return f'event_sources {{ id: {i} repeatability: {repeat} log_event {{ filters: "{filters}" pattern: "{pattern}" }} }}\n'


def lines(*msgs, tag="app", prio="I"):
    return [log(tag, m, prio) for m in msgs]


def test_1_and_honours_repeatability():
    e, d = engine(logsrc(1, "a") + logsrc(2, "b") + """
event_slots { reward_listener { type: AND events { id: 1 } events { id: 2 } repeatability: NONE transformation: "y = 7" } }""")
    assert [d.step(logs=lines("a", "b")).reward for _ in range(3)] == [7, 0, 0]  # Mobile-Env: 7, 7, 7


def test_1_and_last_is_a_rising_edge():
    e, d = engine(logsrc(1, "a") + logsrc(2, "b") + """
event_slots { reward_listener { type: AND events { id: 1 } events { id: 2 } repeatability: LAST transformation: "y = 1" } }""")
    assert [d.step(logs=lines(*m)).reward for m in (["a", "b"], ["a", "b"], ["a"], ["a", "b"])] == [1, 0, 0, 1]


def test_2_groupless_end_value_is_not_a_failure_when_rewarded():
    e, d = engine(logsrc(1, "done") + """
event_slots { reward_listener { events { id: 1 } transformation: "y = 1" } episode_end_listener { events { id: 1 } } }""")
    assert d.step(logs=lines("done")).episode_end == "success"  # Mobile-Env: failure
    e2, d2 = engine(logsrc(1, "done") + "event_slots { episode_end_listener { events { id: 1 } } }")
    assert d2.step(logs=lines("done")).episode_end == "failure"  # no reward at all: failure


def test_2_policy_is_overridable():
    def always_success(value, *, episode_return, score):
        return None if value is None else "success"

    e, d = engine(logsrc(1, "done") + 'event_slots { episode_end_listener { events { id: 1 } transformation: "y = False" } }',
                  options=EngineOptions(episode_end=always_success))
    assert d.step(logs=lines("done")).episode_end == "success"


def test_3_one_namespace_for_comprehensions():
    e, d = engine(logsrc(1, "(\\\\d)") + """
event_slots { reward_listener { events { id: 1 } transformation: ["k = 2", "y = [int(v) * k for v in x][0]"] } }""")
    assert d.step(logs=lines("3")).reward == 6.0  # Mobile-Env: NameError escaping step()


def test_3_runtime_errors_are_reported_with_the_node_not_raised():
    text = logsrc(1, "(\\\\w+)") + """
event_slots { reward_listener { id: 5 events { id: 1 } transformation: "y = int(x[0])" } }"""
    e, d = engine(text)
    r = d.step(logs=lines("seven"))
    assert r.reward == 0.0 and len(r.errors) == 1
    assert "slot id 5" in r.errors[0] and "ValueError" in r.errors[0]
    assert d.step(logs=lines("7")).reward == 7.0
    strict, ds = engine(text, options=EngineOptions(strict=True))
    with pytest.raises(TransformRuntimeError, match="slot id 5"):
        ds.step(logs=lines("seven"))


def test_3_code_execution_is_rejected_when_the_task_loads():
    with pytest.raises(TransformSyntaxError, match="reward_listener.*attribute access"):
        EventEngine(from_text(logsrc(1, "a") + """
event_slots { reward_listener { events { id: 1 } transformation: "y = ().__class__.__base__.__subclasses__()" } }"""))
    with pytest.raises(TransformSyntaxError, match="import of 'os'"):
        EventEngine(from_text(logsrc(1, "a") + """
event_slots { reward_listener { events { id: 1 } transformation: ["import os", "y = 1"] } }"""))


def vh_source(selector, props=""):
    return f"""event_sources {{ id: 1 repeatability: UNLIMITED view_hierarchy_event {{ selector: '{selector}' {props} }} }}
event_slots {{ reward_listener {{ events {{ id: 1 }} transformation: "y = 1" }} }}"""


@pytest.mark.parametrize("selector,text", [
    ('[text="version 1.5"]', "version 1.5"),
    ('[content-desc="mail@2x"]', None),
    ('#"com.app:id/a" [text="a#b.c$d@1"]', "a#b.c$d@1"),
    ('#"com.app:id/a">."android.widget.TextView"', "anything"),
    ('#$"id/a" *[text^="ver"]', "version 1.5"),
    ('#"com.app:id/a" @1', "second"),
])
def test_4_selectors_are_quote_aware(selector, text):
    kids = [N(cls="android.widget.TextView", text="first"),
            N(cls="android.widget.TextView", text=text or "x", desc="mail@2x" if text is None else "")]
    if text in ("version 1.5", "a#b.c$d@1", "anything"):
        kids = [N(cls="android.widget.TextView", text=text)]
    xml = dump(N(rid="com.app:id/a", children=kids))
    e, d = engine(vh_source(selector))
    assert d.step(xml=xml).reward == 1.0  # Mobile-Env rewrote inside the quotes and matched nothing


def test_4_escaped_quotes_and_clear_errors():
    e, d = engine(vh_source(r'#"say \\"hi\\""'))  # the selector is #"say \"hi\""
    assert d.step(xml=dump(N(rid='say "hi"'))).reward == 1.0
    with pytest.raises(SelectorError, match="selector"):
        EventEngine(from_text(vh_source('#"unterminated')))
    with pytest.raises(SelectorError):
        EventEngine(from_text(vh_source("node[[")))


def test_5_missing_attribute_is_a_non_match_and_later_sources_still_run():
    e, d = engine("""
event_sources { id: 1 repeatability: UNLIMITED view_hierarchy_event { selector: "node" properties { property_name: "hint" pattern: "x" } } }
event_sources { id: 2 repeatability: UNLIMITED view_hierarchy_event { selector: '#"b"' properties { property_name: "text" pattern: "B" } } }
event_slots { reward_listener { type: OR events { event { events { id: 1 } transformation: "y = 100" } }
                                         events { event { events { id: 2 } transformation: "y = 1" } } } }""")
    assert d.step(xml=dump(N(rid="b", text="B"))).reward == 1.0  # Mobile-Env: TypeError, source 2 skipped


def test_5_numeric_properties_are_coerced_and_actual_is_the_left_operand():
    xml = dump(N(children=[N(rid="b", bounds=(810, 0, 1080, 100))]))
    for props, expected in [('properties { property_name: "index" integer: 0 }', 1.0),  # Mobile-Env: 0 == "0" False
                            ('properties { property_name: "clickable" sign: EQ integer: 0 }', 1.0),  # false -> 0
                            ('properties { property_name: "left" sign: GT floating: 0.5 }', 1.0),  # 0.75 > 0.5
                            ('properties { property_name: "left" sign: LT floating: 0.5 }', 0.0),
                            ('properties { property_name: "text" sign: GT integer: 1 }', 0.0)]:  # "" not numeric
        e, d = engine(vh_source('#"b"', props))
        assert d.step(xml=xml).reward == expected, props
    e, d = engine(vh_source('#"b"', 'properties { property_name: "left" sign: GT floating: 0.5 }'),
                  options=EngineOptions(vh_reference_on_left=True))
    assert d.step(xml=xml).reward == 0.0  # Mobile-Env's order, on request


def test_6_results_belong_to_the_step_that_produced_them():
    e, d = engine(vh_source('#"b"'))
    assert [d.step(xml=x).reward for x in (dump(N()), dump(N(rid="b")), dump(N()))] == [0, 1, 0]


TEXT_TASK = """
event_sources { id: 1 repeatability: UNLIMITED text_detect { expect: "alpha" rect { x1: 1 y1: 0.5 } } }
event_sources { id: 2 repeatability: UNLIMITED text_recognize { expect: "beta" rect { y0: 0.5 x1: 1 y1: 1 } } }
event_sources { id: 3 log_event { filters: "app:V" pattern: "stop" } }
event_slots { reward_listener { type: OR repeatability: NONE events { id: 1 } events { id: 2 } transformation: "y = 1" }
              null_listener { events { id: 3 } } }
"""


class CountingTextModel:
    def __init__(self, boxes):
        self.boxes = boxes
        self.calls = []

    def read(self, frame_id, screenshot, region):
        self.calls.append((frame_id, region))
        return [b for b in self.boxes if b.left >= region[0] and b.top >= region[1]
                and b.right <= region[2] and b.bottom <= region[3]]


def test_7_one_text_pass_per_frame_and_none_once_fired():
    model = CountingTextModel([box("alpha", (0, 0.1, 1, 0.2)), box("beta", (0, 0.6, 1, 0.7))])
    e, d = engine(TEXT_TASK, text_model=model)
    r = d.step(boxes=None)  # the backend has no exact boxes: OCR
    assert r.reward == 2.0  # OR: one value per set child, summed by the reward listener
    assert model.calls == [(1, (0, 0, 1080, 2400))]  # one pass for both kinds, over the union of regions
    d.step(boxes=None)
    assert len(model.calls) == 1  # the NONE slot fired: no text source is live, no OCR, no screenshot
    assert d.calls["screenshot"] == 1


def test_7_exact_text_boxes_skip_ocr():
    model = CountingTextModel([])
    e, d = engine(TEXT_TASK, text_model=model)
    assert d.step(boxes=[box("beta", (0, 0.6, 1, 0.7))]).reward == 1.0
    assert model.calls == []and d.calls["screenshot"] == 0


def test_8_nothing_carries_over_a_reset():
    e, d = engine(logsrc(1, "x", repeat="NONE") + logsrc(2, "s") + """
event_slots { reward_listener { events { id: 1 } repeatability: NONE transformation: "y = 1" }
              score_listener { events { id: 2 } transformation: "y = 10" } }""")
    r = d.step(logs=lines("x", "s"))
    assert (r.reward, r.score) == (11.0, 10.0)
    e.reset()
    r = d.step()
    assert (r.reward, r.score, r.episode_end, r.fired) == (0.0, 0.0, None, {})
    r = d.step(logs=lines("x", "s"))
    assert (r.reward, r.score) == (11.0, 10.0)  # history, NONE flags and the score restarted


def test_9_no_silent_stub_models(tmp_path):
    with pytest.raises(ModelUnavailableError, match="icons/star"):
        EventEngine(from_text("""
event_sources { id: 1 icon_recognize { class: "star" rect { x1: 1 y1: 1 } } }
event_slots { reward_listener { events { id: 1 } } }"""))


def test_10_icon_match_results_reach_icon_match_sources(tmp_path):
    import cv2

    icon = np.zeros((40, 40, 3), np.uint8)
    cv2.circle(icon, (20, 20), 12, (255, 255, 255), -1)
    cv2.rectangle(icon, (5, 5), (14, 14), (128, 128, 128), -1)
    cv2.imwrite(str(tmp_path / "ref.png"), icon)
    other = np.zeros((40, 40, 3), np.uint8)
    cv2.line(other, (0, 0), (39, 39), (255, 255, 255), 3)
    (tmp_path / "icons" / "cross").mkdir(parents=True)
    cv2.imwrite(str(tmp_path / "icons" / "cross" / "a.png"), other)
    from google.protobuf import text_format

    from mobile_gym.tasks import task_pb2
    from mobile_gym.tasks.loader import LoadedTask

    proto = text_format.Parse("""
event_sources { id: 1 repeatability: UNLIMITED icon_recognize { class: "cross" rect { x1: 0.5 y1: 0.5 } } }
event_sources { id: 2 repeatability: UNLIMITED icon_match { path: "ref.png" rect { x1: 0.5 y1: 0.5 } } }
event_sources { id: 3 repeatability: UNLIMITED icon_detect_match { path: "ref.png" } }
event_slots { reward_listener { type: OR events { event { events { id: 1 } transformation: "y = 100" } }
                                         events { event { events { id: 2 } transformation: "y = 1" } }
                                         events { event { events { id: 3 } transformation: "y = 10" } } } }""", task_pb2.Task())
    e = EventEngine(LoadedTask(proto, tmp_path / "t.textproto", tmp_path))
    d = Driver(e)
    shot = np.full((SIZE[1], SIZE[0], 3), 0, np.uint8)
    shot[300:340, 300:340] = icon
    r = d.step(shot=shot)
    assert r.reward == 11.0 and "source:1" not in r.fired  # Mobile-Env routed match results to source 1
    assert d.step().reward == 0.0


def test_11_log_filters_are_per_source():
    e, d = engine(logsrc(1, "hit", filters="a:I") + logsrc(2, "hit", filters="b:W") + """
event_slots { reward_listener { type: OR events { event { events { id: 1 } transformation: "y = 1" } }
                                         events { event { events { id: 2 } transformation: "y = 10" } } } }""")
    assert d.step(logs=[log("a", "hit", "I")]).reward == 1.0  # Mobile-Env: 11 (both saw both tags)
    assert d.step(logs=[log("b", "hit", "I")]).reward == 0.0  # below b's W
    assert d.step(logs=[log("b", "hit", "E")]).reward == 10.0
    assert d.step(logs=[log("c", "hit", "F")]).reward == 0.0
    with pytest.raises(TaskCompileError, match="invalid logcat filter"):
        EventEngine(from_text(logsrc(1, "x", filters="tag:Q") + "event_slots { reward_listener { events { id: 1 } } }"))


def test_12_repeatability_enums_and_defaults():
    # sources default to NONE, slots to UNLIMITED; wire value 2 means UNLIMITED for a source, NONE for a slot
    e, d = engine("""
event_sources { id: 1 log_event { filters: "app:V" pattern: "a" } }
event_sources { id: 2 repeatability: 2 log_event { filters: "app:V" pattern: "b" } }
event_slots { reward_listener { type: OR
  events { event { events { id: 1 } transformation: "y = 1" } }
  events { event { events { id: 2 } transformation: "y = 10" } }
  events { event { events { id: 2 } repeatability: 2 transformation: "y = 100" } } } }""")
    assert [d.step(logs=lines("a", "b")).reward for _ in range(2)] == [111, 10]


def test_13_blocked_subtrees_still_advance():
    # L is a LAST slot under a slot blocked by a prerequisite. Its rising edge happens while blocked;
    # Mobile-Env did not evaluate it then, so L fired again in step 2 and A paid.
    e, d = engine(logsrc(1, "s") + logsrc(2, "p") + """
event_slots { reward_listener { type: OR
  events { event { id: 20 events { id: 2 } transformation: "y = 0" } }
  events { event { id: 21 prerequisite: 20 events { event { id: 22 events { id: 1 } repeatability: LAST } } transformation: "y = 1" } } } }""")
    r1 = d.step(logs=lines("s"))
    assert "slot:22" in r1.fired and r1.reward == 0.0  # L's edge is seen although 21 is blocked
    assert d.step(logs=lines("s", "p")).reward == 0.0  # no new edge: Mobile-Env paid 1 here
    d.step(logs=lines("p"))
    assert d.step(logs=lines("s")).reward == 1.0


def test_13_cache_until_waits_are_evaluated_even_if_nobody_else_asks():
    # 11 lives under a slot blocked by a prerequisite that never happens. Mobile-Env did not
    # evaluate it, so A (10) got no notification, counted as "ready" and was never held.
    e, d = engine(logsrc(1, "a") + logsrc(2, "b") + logsrc(3, "c") + logsrc(4, "never") + """
event_slots {
  reward_listener { type: AND events { event { id: 10 events { id: 1 } cache_until: 11 } } events { id: 3 }
                    transformation: "y = 1" }
  null_listener { prerequisite: 4 events { event { id: 11 events { id: 2 } } } }
}""")
    assert [d.step(logs=lines(*m)).reward for m in (["a"], [], ["c"], ["b"], ["c"])] == [0, 0, 1, 0, 0]


def test_14_data_quality_checks():
    with pytest.raises(TaskCompileError, match="zero area"):
        EventEngine(from_text('event_sources { id: 1 text_detect { expect: "x" rect { } } }'))
    with pytest.raises(EventGraphError, match="refers to id 9"):
        EventEngine(from_text(logsrc(1, "a") + "event_slots { reward_listener { events { id: 9 } } }"))
    with pytest.raises(EventGraphError, match="defined twice|already used"):
        EventEngine(from_text(logsrc(1, "a") + "event_slots { reward_listener { id: 1 events { id: 1 } } }"))
    with pytest.raises(EventGraphError, match="cycle"):
        EventEngine(from_text(logsrc(1, "a") + """event_slots {
            reward_listener { id: 5 type: OR events { id: 1 } events { event { id: 6 events { id: 5 } } } } }"""))
    # a text source without rect watches the whole screen (Mobile-Env: zero-area, never fires)
    e, d = engine('event_sources { id: 1 text_detect { expect: "x" } } '
                  'event_slots { reward_listener { events { id: 1 } transformation: "y = 1" } }')
    assert d.step(boxes=[TextBox("x", 1000, 2300, 1070, 2390)]).reward == 1.0


def test_16_importing_the_engine_is_light():
    code = ("import sys, mobile_gym.events; "
            "print(sorted(m for m in ('torch', 'sentence_transformers', 'rapidocr_onnxruntime') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_3_rejection_names_file_and_line(tmp_path):
    from mobile_gym.tasks.loader import load_task

    path = tmp_path / "bad.textproto"
    path.write_text('event_sources { id: 1 log_event { filters: "a:V" pattern: "x" } }\n'
                    "event_slots {\n  reward_listener {\n    events { id: 1 }\n"
                    '    transformation: "y = 1"\n    transformation: "y = x.__class__"\n  }\n}\n')
    with pytest.raises(TransformSyntaxError) as info:
        EventEngine(load_task(path))
    assert f"{path}:6:5" in str(info.value) and "__class__" in str(info.value)


def test_15_the_engine_does_not_talk_to_the_device_for_screen_sources():
    # Mobile-Env ran uiautomator dumps on the agent's adb shell. The engine only reads the
    # step's lazy inputs; the Device is used by state_event sources alone.
    class Untouchable:
        def __getattr__(self, name):
            raise AssertionError(f"the engine used device.{name}")

    e, d = engine(vh_source('#"b"'))
    assert d.step(xml=dump(N(rid="b")), device=Untouchable()).reward == 1.0


BLOCKED_TEXT = """
event_sources {{ id: 1 repeatability: {rep} text_detect {{ expect: "alpha" }} }}
event_sources {{ id: 2 repeatability: UNLIMITED log_event {{ filters: "app:V" pattern: "unlock" }} }}
event_slots {{ reward_listener {{ type: OR
  events {{ event {{ id: 10 events {{ id: 2 }} transformation: "y = 0" }} }}
  events {{ event {{ prerequisite: 10 events {{ id: 1 }} transformation: "y = 1" }} }} }} }}
"""


def test_7_13_blocked_history_free_subtrees_need_no_ocr():
    model = CountingTextModel([box("alpha", (0, 0.1, 1, 0.2))])
    e, d = engine(BLOCKED_TEXT.format(rep="UNLIMITED"), text_model=model)
    assert d.step(boxes=None).reward == 0.0
    assert model.calls == [] and d.calls["screenshot"] == 0  # blocked and stateless: skipped
    assert d.step(boxes=None, logs=lines("unlock")).reward == 1.0  # prerequisite in the same step
    assert len(model.calls) == 1


def test_7_13_blocked_subtrees_with_history_are_still_observed():
    model = CountingTextModel([box("alpha", (0, 0.1, 1, 0.2))])
    e, d = engine(BLOCKED_TEXT.format(rep="NONE"), text_model=model)
    assert d.step(boxes=None).reward == 0.0
    assert len(model.calls) == 1  # source 1 keeps a history: it must see every step
    assert d.step(boxes=None, logs=lines("unlock")).reward == 0.0  # "alpha" already activated it


_SLOT = 'event_slots { reward_listener { id: 9 events { id: 1 } transformation: "y = 1" } }'
_RECT = "rect { x0: 0 y0: 0 x1: 1 y1: 1 }"


@pytest.mark.parametrize("sources,message", [
    ('event_sources { id: 1 text_recognize { expect: "a" rect { x0: 0 y0: 0 x1: 1.5 y1: 1 } } }',
     "text_recognize: rect (0.0, 0.0, 1.5, 1.0) must use normalised coordinates in [0, 1]"),
    ("event_sources { id: 1 }", "has no event kind"),
    (f'event_sources {{ id: 1 icon_match {{ path: "" {_RECT} }} }}', "icon_match: icon path is empty"),
    (f'event_sources {{ id: 1 icon_match {{ path: "x.png" {_RECT} }} }}',
     "icon image 'x.png' not found in the task's folder"),
    (f'event_sources {{ id: 1 icon_match {{ path: "/nonexistent/x.png" {_RECT} }} }}',
     "icon image '/nonexistent/x.png' not found in the task's folder"),
    ('event_sources { id: 1 view_hierarchy_event { selector: "#a" properties { pattern: "x" } } }',
     "property #0: property_name is empty"),
    ('event_sources { id: 1 state_event { sqlite_query { db_path: "/d.db" sql: "DELETE FROM t" } } }',
     "sqlite_query.sql must be one SELECT statement, got 'DELETE FROM t'"),
    ("event_sources { id: 1 state_event { } }", "state_event has no check"),
])
def test_bad_sources_fail_when_the_task_loads_naming_the_source(sources, message):
    with pytest.raises(TaskCompileError) as err:
        EventEngine(from_text(sources + _SLOT))
    assert "event source #0 (id 1)" in str(err.value) and message in str(err.value)


def test_unknown_repeatability_numbers_are_compile_errors_without_the_loader():
    """A Task proto built in code skips the loader's enum check; the engine names the node."""
    from mobile_gym.tasks import task_pb2
    from mobile_gym.tasks.loader import LoadedTask

    task = task_pb2.Task()
    task.event_sources.add(id=1, response_event=task_pb2.EventSource.ResponseEvent(pattern="a"))
    task.event_sources[0].repeatability = 5  # type: ignore[assignment]
    task.event_slots.reward_listener.events.add().id = 1
    with pytest.raises(TaskCompileError, match=r"event source #0 \(id 1\): unknown repeatability 5"):
        EventEngine(LoadedTask(task, None, None))
    task.event_sources[0].repeatability = 0
    task.event_slots.reward_listener.repeatability = 9  # type: ignore[assignment]
    with pytest.raises(TaskCompileError, match="unknown repeatability 9"):
        EventEngine(LoadedTask(task, None, None))


def test_a_single_slot_with_several_events_is_refused():
    task = ('event_sources { id: 1 response_event { pattern: "a" } } event_sources { id: 2 response_event { pattern: "b" } }'
            ' event_slots { reward_listener { id: 9 events { id: 1 } events { id: 2 } transformation: "y = 1" } }')
    with pytest.raises(TaskCompileError, match=r"reward_listener \(slot id 9\): a SINGLE slot has 2 events; use OR or AND"):
        EventEngine(from_text(task))


@pytest.mark.parametrize("xml,message", [
    ("nothing here", "frame 1: view hierarchy is not XML: 'nothing here'"),
    (b"<hierarchy/>", "frame 1: view_hierarchy() must return XML text, got bytes"),
    ('<hierarchy><node id="a"', "frame 1: view hierarchy XML does not parse"),
])
def test_a_bad_dump_is_an_input_error_naming_the_frame(xml, message):
    engine = EventEngine(from_text('event_sources { id: 1 view_hierarchy_event { selector: "#a" } }' + _SLOT))
    with pytest.raises(InputError) as err:
        Driver(engine).step(xml=xml)
    assert message in str(err.value)


def test_a_state_source_without_a_device_is_an_input_error():
    engine = EventEngine(from_text('event_sources { id: 1 state_event { file { path: "/sdcard/x" } } }' + _SLOT))
    with pytest.raises(InputError, match="state_event needs StepInputs.device"):
        Driver(engine).step()


def test_ocr_without_the_extra_names_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "rapidocr_onnxruntime", None)  # as if not installed
    engine = EventEngine(from_text('event_sources { id: 1 text_recognize { expect: "a" '
                                   'rect { x0: 0 y0: 0 x1: 1 y1: 1 } } }' + _SLOT))
    with pytest.raises(ModelUnavailableError, match=r"'ocr' extra: pip install 'mobile-gym\[ocr\]'"):
        Driver(engine).step(boxes=None)  # no exact text boxes: OCR is needed
