"""Loading task files: Mobile-Env-format fixtures, formats, located errors, semantic validation."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mobile_gym.tasks import (
    TaskFormatError,
    load_task,
    loads,
    task_pb2,
    to_json,
    to_textproto,
)

from .fakes import FIXTURES

PARSEABLE = sorted(p for p in FIXTURES.glob("*.textproto") if not p.name.startswith("broken_"))
BROKEN = FIXTURES / "broken_reset_steps.m.textproto"


def test_fixture_set_is_there() -> None:
    assert len(PARSEABLE) == 7 and BROKEN.exists()


@pytest.mark.parametrize("path", PARSEABLE, ids=lambda p: p.name)
def test_every_parseable_fixture_loads(path: Path) -> None:
    task = load_task(path)
    assert task.path == path and task.directory == path.parent
    assert task.proto.id and task.proto.event_sources
    # the source map knows where every event source was written
    for i, _ in enumerate(task.proto.event_sources):
        assert re.match(rf"{re.escape(str(path))}:\d+:\d+$", task.where(("event_sources", i)))


def test_fixture_details_survive_parsing() -> None:
    fit = load_task(FIXTURES / "fitness_log.add_workouts.textproto").proto
    assert "yogaswimming" in fit.vocabulary  # textproto concatenation, flagged by the linter
    assert len(fit.event_sources) == 33 and len(fit.command) == 2
    assert fit.event_sources[-4].text_detect.expect == "\\+60 *min"  # the unknown escape is kept
    assert list(fit.event_slots.reward_listener.events[3].event.prerequisite) == [42, 43, 44, 45]
    watch = load_task(FIXTURES / "stopwatch_lap_log.m.textproto").proto
    assert list(watch.event_slots.extra_listener.transformation) == [
        "import ast", "y = {x[0]: ast.literal_eval(x[1])}"]
    assert watch.extras_spec[0].dtype == task_pb2.ArraySpec.STRING_U250
    assert [s.WhichOneof("step") for s in watch.setup_steps] == ["adb_call", "sleep", "adb_call", "sleep", "adb_call"]
    assert watch.setup_steps[0].success_condition.check_install.package_name == "org.example.a11ylogger"
    search = load_task(FIXTURES / "recipe_search-omelette.textproto").proto
    assert search.setup_steps[1].adb_call.HasField("rotate")  # `rotate: {}`
    assert search.event_slots.reward_listener.events[0].event.id == 4
    quiz = load_task(FIXTURES / "flashcards_quiz.textproto").proto
    assert [s.WhichOneof("event") for s in quiz.event_sources] == [
        "icon_detect", "icon_match", "view_hierarchy_event", "log_event", "response_event", "log_event"]
    assert list(quiz.event_slots.reward_listener.events[0].event.events[0].event.cache_until) == [14]


def test_broken_fixture_names_file_line_and_column() -> None:
    with pytest.raises(TaskFormatError) as err:
        load_task(BROKEN)
    e = err.value
    assert (e.path, e.line, e.column) == (str(BROKEN), 21, 71)
    assert e.field == "reset_steps"
    assert str(e).startswith(f"{BROKEN}:21:71: field 'reset_steps': ")


def test_broken_fixture_after_brace_fix_names_the_deepmind_field(tmp_path: Path) -> None:
    fixed = tmp_path / "fixed.textproto"
    fixed.write_text(BROKEN.read_text().replace("} } } },", "} } },", 1))
    with pytest.raises(TaskFormatError) as err:
        load_task(fixed)
    assert err.value.field == "max_episode_sec"
    assert err.value.line is not None and "max_duration_sec" in str(err.value)


@pytest.mark.parametrize("path", PARSEABLE, ids=lambda p: p.name)
def test_round_trip_textproto_json_yaml(path: Path, tmp_path: Path) -> None:
    task = load_task(path).proto
    as_json = to_json(task)
    assert load_task(as_json).proto == task  # a string starting with "{" is JSON
    if (path.parent / "icons").is_dir():  # assets are read from the task file's own folder
        shutil.copytree(path.parent / "icons", tmp_path / "icons")
    json_file = tmp_path / "t.json"
    json_file.write_text(as_json)
    assert load_task(json_file).proto == task
    yaml_file = tmp_path / "t.yaml"
    yaml_file.write_text(yaml.safe_dump(json.loads(as_json)))
    assert load_task(yaml_file).proto == task
    assert loads(to_textproto(task)).proto == task


def _err(text: str, fmt: str = "textproto") -> TaskFormatError:
    with pytest.raises(TaskFormatError) as err:
        loads(text, fmt=fmt)
    return err.value


SCOOTER_LIKE = """\
id: "t"
event_sources {
  log_event { filters: "jd:D" pattern: "mUrl is: (.*)" }
  id: 1
}
event_sources {
  text_detect { expect: "How to" rect { x1: 1 y1: 1 } }
  id: 2
}
event_slots {
  reward_listener {
    type: OR
    events { id: 1 }
    events { event { id: 3 events { id: 2 } transformation: "y = 1" } }
  }
  episode_end_listener { events { id: 3 } transformation: "y = True" }
}
"""


def test_valid_graph_loads_and_keeps_forward_references() -> None:
    task = loads(SCOOTER_LIKE)
    assert task.path is None and task.where(("event_sources", 1, "text_detect")) == "<string>:7:3"


@pytest.mark.parametrize("old,new,line,field,words", [
    ('events { id: 2 }', 'events { id: 9 }', 14, ("event_slots.reward_listener.events[1].event"
     ".events[0].id"), "unknown id 9"),
    ("  id: 2\n}", "  id: 1\n}", 8, "event_sources[1].id", "duplicate id 1"),
    ('pattern: "mUrl is: (.*)"', 'pattern: "mUrl is: (.*"', 3,
     "event_sources[0].log_event.pattern", "invalid regular expression"),
    ('transformation: "y = 1"', 'transformation: "y = = 1"', 14,
     "event_slots.reward_listener.events[1].event.transformation[0]", "not a valid statement"),
    ('filters: "jd:D"', 'filters: "jd:X"', 3, "event_sources[0].log_event.filters[0]",
     "TAG:PRIORITY"),
    ('rect { x1: 1 y1: 1 }', 'rect { x1: 1.5 y1: 1 }', 7, "event_sources[1].text_detect.rect.x1",
     "outside [0, 1]"),
    ('events { event { id: 3 events { id: 2 }', ('events { event { id: 3 events { id: 2 } '
     'prerequisite: 7'), 14, "event_slots.reward_listener.events[1].event.prerequisite[0]",
     "unknown id 7"),
])
def test_semantic_errors_are_located(old: str, new: str, line: int, field: str,
                                     words: str) -> None:
    assert old in SCOOTER_LIKE
    e = _err(SCOOTER_LIKE.replace(old, new, 1))
    assert (e.line, e.field) == (line, field), str(e)
    assert words in e.message


def test_cycle_is_an_error() -> None:
    text = """
event_sources { log_event { pattern: "a" } id: 1 }
event_slots {
  reward_listener { events { event { id: 2 type: OR events { id: 1 } events { id: 3 } } } }
  null_listener { events { event { id: 3 events { id: 2 } } } }
}
"""
    e = _err(text)
    assert "cycle" in e.message and e.line in (4, 5)


def test_prerequisite_cycle_is_an_error() -> None:
    text = """
event_sources { log_event { pattern: "a" } id: 1 }
event_slots {
  reward_listener { events { event { id: 2 events { id: 1 } prerequisite: 3 } } }
  null_listener { events { event { id: 3 events { id: 2 } } } }
}
"""
    assert "cycle" in _err(text).message


@pytest.mark.parametrize("text,words", [
    ("event_sources { id: 1 }", "no event kind"),
    (('event_sources { view_hierarchy_event { properties { property_name: "text" pattern: "a" } }'
     ' id: 1 }'), "'selector'"),
    ('event_sources { view_hierarchy_event { selector: "#\\"abc" } id: 1 }', "unterminated"),
    ('event_sources { view_hierarchy_event { selector: "[text=\'a\'" } id: 1 }', "unclosed"),
    ('event_sources { icon_match { rect { x1: 1 y1: 1 } } id: 1 }', "'path'"),
    ("setup_steps { adb_call { } }", "no command"),
    ("setup_steps { adb_call { start_activity { } } }", "'full_activity'"),
    ("reset_steps { success_condition { num_retries: 3 } }", "no check"),
    (('event_sources { state_event { sqlite_query { db_path: "/d.db" sql: "DELETE FROM t" '
     "row_count: 1 } } id: 1 }"), "read-only SELECT"),
    (('event_sources { state_event { rows_added { db_path: "d.db" table: "t" compare_fields: "a" '
     'expected_rows { fields { key: "a" value { text: "x" } } } } } id: 1 }'), "absolute"),
    (('event_sources { state_event { rows_added { db_path: "/d.db" table: "t" compare_fields: "a"'
     ' expected_rows { fields { key: "b" value { text: "x" } } } } } id: 1 }'),
     "lacks compare field"),
    ('event_sources { state_event { file { path: "/sdcard/a" absent: true equals: "x" } } id: 1 }',
     "absent"),
    (('event_sources { state_event { setting { key: "wifi_on" value { mode: REGEX expected: "(" } }'
     " } id: 1 }"), "invalid regular expression"),
    ('extras_spec { name: "a" } extras_spec { name: "a" }', "duplicate extra"),
    ('event_slots { reward_listener { events { } } }', "neither 'id' nor 'event'"),
])
def test_missing_or_invalid_fields(text: str, words: str) -> None:
    assert words in _err(text).message


def test_several_problems_are_all_reported() -> None:
    e = _err('event_sources { id: 1 }\nevent_sources { id: 1 log_event { pattern: "(" } }')
    assert len(e.more) >= 2 and "more problems" in str(e)


def test_syntax_errors_name_the_field() -> None:
    e = _err('id: "x"\nevent_sources {\n  text_detect { mode: BAD }\n}\n')
    assert (e.line, e.field) == (3, "event_sources[0].text_detect.mode")
    e = _err('id: "x"\nfoo: 3\n')
    assert (e.line, e.column, e.field) == (2, 1, "foo")


def test_json_errors_are_located() -> None:
    text = '{\n  "id": "x",\n  "eventSources": [\n    {"logEvent": {"patern": "a"}, "id": 1}\n  ]\n}'
    e = _err(text, "json")
    assert (e.line, e.column) == (4, 19) and "patern" in (e.field or "")
    e = _err('{\n "id": "x",\n "eventSources": [{"id": 1, "logEvent": {"pattern": "(a"}}]\n}',
             "json")
    assert e.line == 3 and e.field == "event_sources[0].log_event.pattern"
    e = _err('{"id": "x",, }', "json")
    assert e.line == 1 and "invalid JSON" in e.message


def test_yaml_aliases_are_refused_before_they_expand() -> None:
    """Nine levels of nine aliases would be 387 million values: refused at the first alias."""
    levels = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"] + [
        f"a{k}: &a{k} [{', '.join([f'*a{k - 1}'] * 9)}]" for k in range(1, 10)]
    e = _err("\n".join(levels) + "\n", fmt="yaml")
    assert (e.line, e.column) == (2, 10) and "YAML alias *a0 is not allowed" in e.message


def test_yaml_errors_are_located() -> None:
    e = _err("id: x\nevent_sources:\n  - id: 1\n    log_event:\n      pattern: '('\n", "yaml")
    assert e.line == 5 and e.field == "event_sources[0].log_event.pattern"
    e = _err("id: [x\n", "yaml")
    assert e.line is not None and "invalid YAML" in e.message
    e = _err("- 1\n- 2\n", "yaml")
    assert "mapping" in e.message


def test_file_errors(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        load_task(tmp_path / "nope.textproto")
    bad = tmp_path / "bad.textproto"
    bad.write_bytes(b'id: "x"\nname: "\xff"\n')
    with pytest.raises(TaskFormatError) as err:
        load_task(bad)
    assert err.value.line == 2 and "UTF-8" in err.value.message
    odd = tmp_path / "task.txt"
    odd.write_text('id: "x"')
    with pytest.raises(TaskFormatError):
        load_task(odd)
    assert load_task(odd, fmt="textproto").proto.id == "x"
    with pytest.raises(ValueError):
        load_task(odd, fmt="toml")


@pytest.mark.parametrize("step,field,value", [
    ("sleep { time_sec: 1e12 }", "reset_steps[0].sleep.time_sec", "1e+12"),
    ("sleep { time_sec: -1 }", "reset_steps[0].sleep.time_sec", "-1"),
    ("sleep { time_sec: inf }", "reset_steps[0].sleep.time_sec", "inf"),
    ('success_condition { wait_for_message { message: "x" timeout_sec: 90000 } }',
     "reset_steps[0].success_condition.wait_for_message.timeout_sec", "90000"),
    ('adb_call { start_random_activity { activity_list: "a/.B" timeout_sec: nan } }',
     "reset_steps[0].adb_call.start_random_activity.timeout_sec", "nan"),
])
def test_step_durations_are_bounded(step: str, field: str, value: str) -> None:
    e = _err(f"reset_steps {{ {step} }}")
    assert e.field == field and e.line == 1
    assert f"={value}: a duration must be from 0 to 86400 seconds" in e.message


def test_each_dangling_reference_is_reported_in_file_order() -> None:
    e = _err('event_slots { reward_listener { type: OR events { id: 5 } events { id: 6 } } }')
    assert [(m.line, m.column) for m in (e,) + e.more] == [(1, 51), (1, 68)]
    assert "unknown id 5" in e.message and "unknown id 6" in e.more[0].message


# -- property tests --------------------------------------------------------------------------

_words = st.text(alphabet="abcdefghij XYZ_-.'\"\\", min_size=1, max_size=12)


@st.composite
def tasks(draw) -> task_pb2.Task:
    """Random valid tasks: sources of every kind, slot trees with valid references."""
    # Any text, except the line separators PyYAML's emitter writes raw inside quotes (NEL, LS,
    # PS), which every YAML reader then folds into spaces: the dumper's defect, not the loader's.
    task_id = st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\x85\u2028\u2029"), max_size=8)
    t = task_pb2.Task(id=draw(task_id), name=draw(_words))
    n_src = draw(st.integers(1, 6))
    for i in range(n_src):
        s = t.event_sources.add(id=i + 1)
        kind = draw(st.sampled_from(["text_detect", "text_recognize", "log_event",
                                     "view_hierarchy_event", "response_event", "icon_match",
                                     "state_event"]))
        word = draw(_words)
        if kind in ("text_detect", "text_recognize"):
            ev = getattr(s, kind)
            ev.expect = re.escape(word)
            ev.rect.x1, ev.rect.y1 = 1.0, draw(st.floats(0.25, 1.0, width=32))
            ev.mode = draw(st.sampled_from([0, 1, 2]))
        elif kind == "log_event":
            s.log_event.pattern = "(" + re.escape(word) + ")"
            s.log_event.filters.append(draw(st.sampled_from(["jd:D", "AndroidRLTask:V", "*:S"])))
        elif kind == "view_hierarchy_event":
            s.view_hierarchy_event.selector.append(
                '#$"' + word.replace('"', "").replace("\\", "") + '"')
            p = s.view_hierarchy_event.properties.add(property_name="text")
            p.pattern = re.escape(word)
        elif kind == "response_event":
            s.response_event.pattern = re.escape(word)
        elif kind == "icon_match":
            s.icon_match.path = "icons/" + word
        else:
            s.state_event.file.path = "/sdcard/" + word.replace("/", "")
            if draw(st.booleans()):
                s.state_event.file.contains = word
        s.repeatability = draw(st.sampled_from([0, 1, 2]))
    next_id = [n_src + 1]

    def fill(slot: task_pb2.EventSlot, depth: int) -> None:
        slot.type = draw(st.sampled_from([0, 1, 2]))
        n = 1 if slot.type == 0 else draw(st.integers(0, 3))
        for _ in range(n):
            if depth < 3 and draw(st.booleans()):
                child = slot.events.add().event
                if draw(st.booleans()):
                    child.id = next_id[0]
                    next_id[0] += 1
                fill(child, depth + 1)
            else:
                slot.events.add(id=draw(st.integers(1, n_src)))
        if draw(st.booleans()):
            slot.transformation.append(draw(st.sampled_from(
                ["y = x", "y = 1", "y = True", "y = x[0]", "y = ['a \"b\" c']"])))
        slot.repeatability = draw(st.sampled_from([0, 1, 2]))
        if draw(st.booleans()):
            slot.prerequisite.append(draw(st.integers(1, n_src)))

    for name in draw(st.lists(st.sampled_from(["reward_listener", "score_listener",
                                                "episode_end_listener", "null_listener"]),
                              unique=True, max_size=4)):
        fill(getattr(t.event_slots, name), 0)
    for word in draw(st.lists(_words, max_size=3)):
        t.vocabulary.append(word)
    if draw(st.booleans()):
        step = t.reset_steps.add()
        step.adb_call.start_activity.full_activity = "com.example/.Main"
        step.success_condition.wait_for_app_screen.app_screen.activity = "com.example/.Main"
        step.success_condition.wait_for_app_screen.timeout_sec = 2.0
    return t


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tasks(), st.sampled_from(["textproto", "json", "yaml"]))
def test_random_valid_tasks_round_trip(task: task_pb2.Task, fmt: str) -> None:
    if fmt == "textproto":
        text = to_textproto(task)
    elif fmt == "json":
        text = to_json(task)
    else:
        text = yaml.safe_dump(json.loads(to_json(task)), allow_unicode=True)
    assert loads(text, fmt=fmt).proto == task


_SEED_TEXT = (FIXTURES / "recipe_search-omelette.textproto").read_text()
_SEED_JSON = to_json(loads(_SEED_TEXT).proto)


@st.composite
def corrupted(draw, base: str) -> str:
    text = base
    for _ in range(draw(st.integers(1, 4))):
        pos = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["delete", "insert", "replace", "duplicate"]))
        span = draw(st.integers(1, 30))
        junk = draw(st.text(alphabet='{}[]:,"\'\\#<>-.0123456789abcxyz_ \n\t\x00é', max_size=8))
        if op == "delete":
            text = text[:pos] + text[pos + span:]
        elif op == "insert":
            text = text[:pos] + junk + text[pos:]
        elif op == "replace":
            text = text[:pos] + junk + text[pos + span:]
        else:
            text = text[:pos] + text[pos:pos + span] + text[pos:]
    return text


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corrupted(_SEED_TEXT))
def test_corrupted_textproto_raises_only_task_format_error(text: str) -> None:
    try:
        loads(text)
    except TaskFormatError as e:
        assert e.message
        assert e.line is None or e.line >= 1


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["json", "yaml"]), st.data())
def test_corrupted_json_and_yaml_raise_only_task_format_error(fmt: str, data) -> None:
    base = _SEED_JSON if fmt == "json" else yaml.safe_dump(json.loads(_SEED_JSON))
    text = data.draw(corrupted(base))
    try:
        loads(text, fmt=fmt)
    except TaskFormatError as e:
        assert e.message


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text_raises_only_task_format_error(text: str) -> None:
    for fmt in ("textproto", "json", "yaml"):
        try:
            loads(text, fmt=fmt)
        except TaskFormatError:
            pass
    try:
        load_task(text)  # decides between a path and task text
    except (TaskFormatError, FileNotFoundError):
        pass


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300), st.integers(1, 20), st.integers(0, 40))
def test_source_scanner_never_raises(text: str, line: int, col: int) -> None:
    from mobile_gym.tasks._textproto import scan

    smap, context = scan(text, task_pb2.Task.DESCRIPTOR, stop=(line, col))
    assert isinstance(context, tuple)
    smap, _ = scan(text, None)
    assert all(pos[0] >= 1 and pos[1] >= 1 for pos in smap.locations.values())
