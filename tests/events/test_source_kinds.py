"""The table of event-source kinds: the proto's oneof, the engine's classes and the checker's
static checks name the same kinds (events/sources/__init__.py, tasks/checks.py)."""

from __future__ import annotations

import pytest

from mobile_gym.events import EventEngine
from mobile_gym.events.sources import SOURCE_CLASSES, SOURCE_KINDS
from mobile_gym.events.sources.base import Source
from mobile_gym.tasks import load_task, task_pb2
from mobile_gym.tasks.checks import SOURCE_CHECKS

PROTO_KINDS = {f.name for f in task_pb2.EventSource.DESCRIPTOR.oneofs_by_name["event"].fields}


def test_every_proto_kind_has_one_source_class_and_one_static_check():
    assert set(SOURCE_KINDS) == PROTO_KINDS
    assert set(SOURCE_CHECKS) == PROTO_KINDS
    declared = [k for cls in SOURCE_CLASSES for k in cls.kinds]
    assert len(declared) == len(set(declared)), "a kind is declared by two classes"
    for cls in SOURCE_CLASSES:
        assert cls.from_proto.__func__ is not Source.from_proto.__func__, cls


@pytest.mark.parametrize("kind", sorted(PROTO_KINDS - {"icon_recognize", "icon_detect", "icon_match",
                                                        "icon_detect_match"}))
def test_each_kind_compiles_to_its_class(kind):
    bodies = {
        "text_recognize": 'text_recognize { expect: "x" }',
        "text_detect": 'text_detect { expect: "x" }',
        "view_hierarchy_event": 'view_hierarchy_event { selector: "TextView" }',
        "log_event": 'log_event { pattern: "x" }',
        "response_event": 'response_event { pattern: "x" }',
        "state_event": 'state_event { setting { namespace: GLOBAL key: "wifi_on" value { expected: "1" } } }',
    }
    task = load_task(f"id: 'k' event_sources {{ id: 1 {bodies[kind]} }} "
                     "event_slots { reward_listener { events { id: 1 } } }")
    engine = EventEngine(task)
    assert type(engine.sources[1].source) is SOURCE_KINDS[kind]
    assert engine.sources[1].source.kind == kind
