"""Task-file validation defects from the audit: unknown enum numbers, value-less properties, log
filter specs (checker and engine agree), pseudo-classes that never match, the failing selector's
own line, and a cap on success_condition.num_retries."""

from __future__ import annotations

from pathlib import Path

import gymnasium as gym
import pytest
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

import mobile_gym  # noqa: F401  (registers MobileEnv/Task-v0)
from mobile_gym.cli import main as cli_main
from mobile_gym.device.base import LogLine
from mobile_gym.events import EventEngine, TaskCompileError
from mobile_gym.events.sources.log import parse_filters
from mobile_gym.tasks import TaskFormatError, loads, task_pb2
from mobile_gym.tasks.checks import MAX_NUM_RETRIES, check_task
from mobile_gym.tasks.lint import lint_file
from mobile_gym.tasks.loader import LoadedTask

SLOT = 'event_slots { reward_listener { events { id: 1 } transformation: "y = 1" } }\n'


def _err(text: str) -> TaskFormatError:
    with pytest.raises(TaskFormatError) as err:
        loads(text)
    return err.value


def _all_errors(text: str) -> list[TaskFormatError]:
    e = _err(text)
    return [e, *e.more]


# -- defect 5: enum fields holding numbers their enum does not define ------------------------

def _enum_fields() -> list[tuple[tuple[FieldDescriptor, ...], FieldDescriptor]]:
    """(path of message fields from Task, enum field) for every enum field reachable from Task."""
    out: list[tuple[tuple[FieldDescriptor, ...], FieldDescriptor]] = []
    seen: set[str] = set()
    todo: list[tuple[tuple[FieldDescriptor, ...], Descriptor]] = [((), task_pb2.Task.DESCRIPTOR)]
    while todo:
        path, desc = todo.pop(0)
        if desc.full_name in seen:
            continue
        seen.add(desc.full_name)
        for fd in desc.fields:
            if fd.enum_type is not None:
                out.append((path, fd))
            elif fd.message_type is not None and not fd.message_type.GetOptions().map_entry:
                todo.append((path + (fd,), fd.message_type))
    return out


ENUM_FIELDS = [pytest.param(path, fd, id=fd.full_name) for path, fd in _enum_fields()]


def _task_with_bad_enum(path: tuple[FieldDescriptor, ...], fd: FieldDescriptor) -> tuple[task_pb2.Task, tuple]:
    """A Task whose enum field `fd` (reached through `path`) holds one more than its largest number."""
    task = task_pb2.Task()
    msg: Message = task
    field_path: tuple = ()
    for step in path:
        if step.is_repeated:
            msg = getattr(msg, step.name).add()
            field_path += (step.name, 0)
        else:
            msg = getattr(msg, step.name)
            field_path += (step.name,)
    bad = max(v.number for v in fd.enum_type.values) + 1
    if fd.is_repeated:
        getattr(msg, fd.name).append(bad)
        field_path += (fd.name, 0)
    else:
        setattr(msg, fd.name, bad)
        field_path += (fd.name,)
    return task, field_path


def test_the_task_schema_has_the_enums_the_audit_named() -> None:
    names = {f"{fd.containing_type.name}.{fd.name}" for _, fd in _enum_fields()}
    assert {"EventSource.repeatability", "EventSlot.repeatability", "EventSlot.type", "TextEvent.mode",
            "Property.sign", "ResponseEvent.mode", "ArraySpec.dtype"} <= names


@pytest.mark.parametrize("path,fd", ENUM_FIELDS)
def test_every_enum_field_with_an_unknown_number_is_an_error(path, fd) -> None:
    task, field_path = _task_with_bad_enum(path, fd)
    bad = [i for i in check_task(task) if i.code == "bad-enum"]
    assert [i.path for i in bad] == [field_path]
    for v in fd.enum_type.values:
        assert f"{v.name}={v.number}" in bad[0].message
    assert f"{fd.name} = " in bad[0].message


@pytest.mark.parametrize("text,line,field,words", [
    ('event_sources { id: 1 log_event { pattern: "a" }\n  repeatability: 5 }\n' + SLOT, 2,
     "event_sources[0].repeatability", "NONE=0, LAST=1, UNLIMITED=2"),
    (('event_sources { id: 1 log_event { pattern: "a" } }\nevent_slots { reward_listener {\n'
      '  events { id: 1 }\n  repeatability: 9 } }\n'), 4,
     "event_slots.reward_listener.repeatability", "UNLIMITED=0, LAST=1, NONE=2"),
    (('event_sources { id: 1 log_event { pattern: "a" } }\nevent_slots { reward_listener { events { event {\n'
      '  events { id: 1 }\n  type: 7 } } } }\n'), 4,
     "event_slots.reward_listener.events[0].event.type", "SINGLE=0, AND=1, OR=2"),
    (('event_sources { id: 1 view_hierarchy_event { selector: "node"\n'
      '  properties { property_name: "index" sign: 8 integer: 0 } } }\n') + SLOT, 2,
     "event_sources[0].view_hierarchy_event.properties[0].sign", "EQ=0"),
    ('setup_steps { adb_call { press_button {\n  button: 4 } } }\n', 2,
     "setup_steps[0].adb_call.press_button.button", "HOME=0, BACK=1"),
])
def test_unknown_enum_numbers_are_located(text: str, line: int, field: str, words: str) -> None:
    e = _err(text)
    assert (e.line, e.field) == (line, field), str(e)
    assert words in e.message


AUDIT_ENUM = 'event_sources: { id: 1 log_event: { pattern: "a" } repeatability: 5 }\n' \
             "event_slots: { reward_listener: { events: { id: 1 } } }\n"


def test_unknown_enum_is_a_located_error_in_gym_make_and_check(tmp_path: Path, capsys) -> None:
    path = tmp_path / "enum.textproto"
    path.write_text(AUDIT_ENUM)
    with pytest.raises(TaskFormatError) as err:  # was a bare KeyError 5
        gym.make("MobileEnv/Task-v0", task_path=str(path))
    assert (err.value.line, err.value.field) == (1, "event_sources[0].repeatability")
    assert cli_main(["check", str(path)]) != 0  # was an uncaught KeyError
    out = capsys.readouterr()
    assert f"{path}:1:" in out.out + out.err and "repeatability = 5" in out.out + out.err


def test_every_enum_error_is_reported_not_just_the_first() -> None:
    errors = _all_errors('event_sources { id: 1 repeatability: 5 text_detect { expect: "a" mode: 7 } }\n'
                         'event_slots { reward_listener { events { id: 1 } repeatability: 9 } }\n')
    assert {e.field for e in errors} >= {"event_sources[0].repeatability", "event_sources[0].text_detect.mode",
                                         "event_slots.reward_listener.repeatability"}


# -- defect 6: a property without a value asks only that the attribute exists ---------------

def test_a_property_without_a_value_loads_and_lints_clean(tmp_path: Path) -> None:
    text = ('event_sources { id: 1 view_hierarchy_event {\n  selector: "[content-desc=\\"Settings\\"]"\n'
            '  properties { property_name: "text" } } }\n' + SLOT)
    task = loads(text)
    assert not task.proto.event_sources[0].view_hierarchy_event.properties[0].WhichOneof("property_value")
    path = tmp_path / "prop.textproto"
    path.write_text(text)
    assert [f for f in lint_file(path) if f.severity == "error"] == []


# -- defect 11: the checker and the engine accept the same log filter specs -----------------

FILTER_SPECS = [
    ("jd", True),  # bare TAG = TAG:V
    ("jd:V", True), ("jd:D", True), ("jd:I", True), ("jd:W", True), ("jd:E", True), ("jd:F", True),
    ("jd:S", True), ("jd:A", True), ("jd:d", True), ("*:S", True), ("*:W", True), ("*", True),
    ("jd:I *:S", True), ("a:b:V", True), ("", True),
    ("jd:*", False), ("jd:", False), (":V", False), ("jd:X", False), ("jd:VV", False), ("jd:I x:", False),
    ("jd:1", False),
]


def _engine_accepts(spec: str) -> bool:
    proto = task_pb2.Task()
    src = proto.event_sources.add(id=1)
    src.log_event.pattern = "a"
    src.log_event.filters.append(spec)
    proto.event_slots.reward_listener.events.add(id=1)
    try:
        EventEngine(LoadedTask(proto=proto, path=None, directory=None))
    except TaskCompileError:
        return False
    return True


@pytest.mark.parametrize("spec,valid", FILTER_SPECS)
def test_checker_and_engine_agree_on_log_filters(spec: str, valid: bool) -> None:
    text = f'event_sources {{ id: 1 log_event {{\n  filters: "{spec}" pattern: "a" }} }}\n' + SLOT
    try:
        loads(text)
        checker = True
    except TaskFormatError as e:
        assert (e.line, e.field) == (2, "event_sources[0].log_event.filters[0]"), str(e)
        assert "TAG:PRIORITY" in e.message and repr(spec.split()[-1] if spec.split() else spec) in e.message
        checker = False
    assert (checker, _engine_accepts(spec)) == (valid, valid)


def test_a_bare_tag_means_every_priority_of_that_tag_only() -> None:
    flt = parse_filters(["jd"], where="t")
    assert flt.accepts(LogLine(0.0, 1, 1, "V", "jd", "a")) and flt.accepts(LogLine(0.0, 1, 1, "F", "jd", "a"))
    assert not flt.accepts(LogLine(0.0, 1, 1, "F", "other", "a"))


# -- defects 9 and 13: selectors are compiled one string at a time, at their own line -------

def test_a_bad_selector_is_reported_at_its_own_line() -> None:
    text = ("event_sources { id: 9\n  view_hierarchy_event {\n    selector: \"node\"\n"
            "    selector: \"node:bogus\"\n  }\n}\n"
            'event_slots { reward_listener { events { id: 9 } transformation: "y = 1" } }\n')
    e = _err(text)
    assert (e.line, e.column, e.field) == (4, 5, "event_sources[0].view_hierarchy_event.selector[1]"), str(e)
    assert "node:bogus" in e.message and ":bogus is unknown" in e.message


@pytest.mark.parametrize("selector,hint", [
    ("node:enabled", '[enabled=\\"true\\"]'), (":checked", '[checked=\\"true\\"]'),
    ("node:disabled", '[enabled=\\"false\\"]'), ("node:focus", '[focused=\\"true\\"]'),
    ("node:hover", "state attributes"), ("node:active", "state attributes"), ("node:visited", "state attributes"),
    ("node:link", "state attributes"), ("node:target", "state attributes"),
    ('node:contains(\\"x\\")', '[text*=\\"x\\"]'), ("node:lang(en)", "no language"),
    ("node:nth-child(-n)", "no position"), ("node:not(*)", "never matches"),
    ("node:not(:checked)", '[checked=\\"true\\"]'),
])
def test_pseudo_classes_that_never_match_are_refused_at_their_line(selector: str, hint: str) -> None:
    text = (f'event_sources {{ id: 1 repeatability: UNLIMITED view_hierarchy_event {{\n'
            f'  selector: "node"\n  selector: "{selector}" }} }}\n' + SLOT)
    e = _err(text)
    assert (e.line, e.field) == (3, "event_sources[0].view_hierarchy_event.selector[1]"), str(e)
    assert selector.replace("\\", "") in e.message and hint.replace("\\", "") in e.message


@pytest.mark.parametrize("selector", ['node[enabled=\\"true\\"]', "node:empty", "node:root", "node:first-child",
                                      "node:nth-child(-n+1)", "node:not(node)"])
def test_meaningful_pseudo_classes_still_load(selector: str) -> None:
    loads(f'event_sources {{ id: 1 view_hierarchy_event {{ selector: "{selector}" }} }}\n' + SLOT)


# -- audit item 4: num_retries is capped ------------------------------------------------------

@pytest.mark.parametrize("retries,ok", [(0, True), (3, True), (MAX_NUM_RETRIES, True),
                                        (MAX_NUM_RETRIES + 1, False), (2000000000, False), (-1, False)])
def test_num_retries_is_capped(retries: int, ok: bool) -> None:
    text = ("setup_steps {\n  success_condition {\n"
            f'    num_retries: {retries}\n    check_install {{ package_name: "com.nope" }} }} }}\n')
    if ok:
        loads(text)
        return
    e = _err(text)
    assert (e.line, e.field) == (3, "setup_steps[0].success_condition.num_retries"), str(e)
    assert f"num_retries={retries}" in e.message and str(MAX_NUM_RETRIES) in e.message
