"""Untrusted task input: state_event SQL runs within limits, and JSON task files refuse duplicate
keys with the line, column and field of the repeat."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import numpy as np
import pytest

from mobile_gym.device.base import FileEntry
from mobile_gym.events import EventEngine
from mobile_gym.events.errors import InputError
from mobile_gym.events.inputs import StepInputs
from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.errors import TaskFormatError
from mobile_gym.tasks.loader import load_task, to_json
from mobile_gym.tasks.validators import sqlite as sq
from mobile_gym.tasks.validators.state import capture_baseline, evaluate_state

DB = "/data/data/com.example/databases/events.db"
ENDLESS = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c"
MANY_ROWS = ("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 20000000) "
             "SELECT x, 'padding-padding-padding' FROM c")
needs_setlimit = pytest.mark.skipif(not hasattr(sqlite3.Connection, "setlimit"),
                                    reason="sqlite3.Connection.setlimit needs Python 3.11")


class DbDevice:
    """Just enough of a Device for the SQLite validators: one database file."""

    screen_size = (1080, 2400)

    def __init__(self, tmp_path: Path, rows: int = 3) -> None:
        self.local = tmp_path / "events.db"
        con = sqlite3.connect(self.local)
        con.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, title TEXT)")
        con.executemany("INSERT INTO events (title) VALUES (?)", [(f"t{i}",) for i in range(rows)])
        con.commit()
        con.close()

    def state_version(self, paths=(), settings=()) -> None:
        return None  # cannot tell what changed: state checks read every step

    def list_dir(self, path: str) -> list[FileEntry]:
        return [FileEntry("events.db", False, 0, 0.0)]

    def pull(self, path: str) -> bytes:
        if not path.endswith("/events.db"):
            raise FileNotFoundError(path)
        return self.local.read_bytes()


@pytest.fixture
def device(tmp_path: Path) -> DbDevice:
    return DbDevice(tmp_path)


@pytest.fixture(autouse=True)
def _count_limits_before_the_clock(monkeypatch):
    """These tests are about the counted limits (instructions, rows, bytes): the wall-clock net
    is raised so a loaded machine cannot trip it first (its own test sets it back)."""
    monkeypatch.setattr(sq, "MAX_QUERY_SECONDS", 120.0)


# -- SQLite limits ------------------------------------------------------------------------------

def test_ordinary_queries_are_unchanged(device):
    assert sq.query(device, DB, "SELECT count(*) FROM events").rows == ((3,),)
    assert [r["title"] for r in sq.read_rows(device, DB, "events")] == ["t0", "t1", "t2"]


def test_an_endless_recursive_query_stops_at_the_instruction_limit(device):
    with pytest.raises(ValueError, match="MAX_VM_INSTRUCTIONS = 10,000,000") as info:
        sq.query(device, DB, ENDLESS)
    assert DB in str(info.value) and ENDLESS in str(info.value)


def test_a_query_returning_millions_of_rows_stops_at_the_row_limit(device):
    with pytest.raises(ValueError, match=r"more than MAX_ROWS = 20,000 rows") as info:
        sq.query(device, DB, MANY_ROWS)
    assert "padding-padding" in str(info.value)


def test_the_result_size_is_bounded(device, monkeypatch):
    monkeypatch.setattr(sq, "MAX_RESULT_BYTES", 10_000)
    sql = ("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 1000) "
           "SELECT printf('%.*c', 100, 'x') FROM c")
    with pytest.raises(ValueError, match="exceeds MAX_RESULT_BYTES = 10,000 bytes"):
        sq.query(device, DB, sql)


def test_the_wall_clock_safety_net(device, monkeypatch):
    monkeypatch.setattr(sq, "MAX_QUERY_SECONDS", -1.0)  # every progress check is too late
    with pytest.raises(ValueError, match="longer than MAX_QUERY_SECONDS"):
        sq.query(device, DB, "SELECT count(*) FROM events")


@needs_setlimit
def test_huge_values_and_wide_rows_are_refused_by_sqlite(device):
    with pytest.raises(ValueError, match="MAX_VALUE_BYTES = 262,144"):
        sq.query(device, DB, f"SELECT zeroblob({sq.MAX_VALUE_BYTES + 1})")
    with pytest.raises(ValueError, match="MAX_COLUMNS = 128"):
        sq.query(device, DB, "SELECT " + ", ".join(["1"] * (sq.MAX_COLUMNS + 1)))
    long_sql = "SELECT " + "+".join(["1"] * sq.MAX_SQL_LENGTH)
    with pytest.raises(ValueError, match="MAX_SQL_LENGTH") as info:
        sq.query(device, DB, long_sql)
    assert len(str(info.value)) < 1000  # the SQL is quoted shortened


def test_read_rows_and_ids_sql_run_within_the_same_limits(tmp_path, monkeypatch):
    device = DbDevice(tmp_path, rows=30)
    monkeypatch.setattr(sq, "MAX_ROWS", 20)
    with pytest.raises(ValueError, match="MAX_ROWS = 20 rows"):
        sq.read_rows(device, DB, "events")
    monkeypatch.setattr(sq, "MAX_ROWS", 100)
    event = task_pb2.StateEvent()
    event.rows_removed.db_path = DB
    event.rows_removed.table = "events"
    event.rows_removed.id_field = "id"
    event.rows_removed.ids_sql = ENDLESS
    with pytest.raises(ValueError, match="MAX_VM_INSTRUCTIONS"):
        capture_baseline(event, device)


def test_evaluate_state_reports_a_tripped_limit_as_a_bad_query(device):
    event = task_pb2.StateEvent()
    event.sqlite_query.db_path = DB
    event.sqlite_query.sql = MANY_ROWS
    event.sqlite_query.row_count = 1
    with pytest.raises(ValueError, match="MAX_ROWS"):
        evaluate_state(event, device)


def test_the_engine_names_the_task_line_when_a_query_trips_a_limit(device, tmp_path):
    task_file = tmp_path / "cte.textproto"
    task_file.write_text(
        "event_sources: { id: 1 state_event: { sqlite_query: {\n"
        f'  db_path: "{DB}"\n'
        f'  sql: "{ENDLESS}"\n'
        "  row_count: 1 } } }\n"
        'event_slots: { reward_listener: { events: { id: 1 } transformation: "y = 1" } }\n')
    engine = EventEngine(load_task(task_file))
    engine.reset(device=device)
    inputs = StepInputs(frame_id=1, screenshot=lambda: np.zeros((2400, 1080, 3), np.uint8),
                        view_hierarchy=lambda: "", text_boxes=list, log_lines=[],
                        device=device, screen_size=(1080, 2400))
    with pytest.raises(InputError, match="MAX_VM_INSTRUCTIONS") as info:
        engine.step(inputs)
    assert str(info.value).startswith(f"{task_file}:1:")


# -- JSON duplicate keys ------------------------------------------------------------------------

D15 = """{"event_sources": [{"id": 1, "log_event": {"pattern": "a"}}],
 "event_slots": {"reward_listener": {"events": [{"id": 1}], "transformation": ["y = 1"]}},
 "event_slots": {"score_listener": {"events": [{"id": 1}], "transformation": ["y = 5"]}}}"""


def _error(text: str, tmp_path: Path) -> TaskFormatError:
    path = tmp_path / "task.json"
    path.write_text(text)
    with pytest.raises(TaskFormatError) as info:
        load_task(path)
    return info.value


def test_a_repeated_top_level_key_is_refused_with_its_position(tmp_path):
    err = _error(D15, tmp_path)
    assert (err.line, err.column, err.field) == (3, 2, "event_slots")
    assert 'duplicate key "event_slots"' in err.message
    assert "line 2, column 2" in err.message
    assert str(err).startswith(f"{tmp_path / 'task.json'}:3:2:")


def test_the_same_field_under_its_json_name_is_a_duplicate(tmp_path):
    err = _error(D15.replace('"event_slots": {"score', '"eventSlots": {"score'), tmp_path)
    assert (err.line, err.column, err.field) == (3, 2, "event_slots")
    assert '"eventSlots"' in err.message and '"event_slots"' in err.message


@pytest.mark.parametrize(("text", "line", "column", "field"), [
    (('{"event_sources": [{"id": 1},\n  {"id": 2, "log_event": {"pattern": "a",\n'
      '   "pattern": "b"}}]}'), 3, 4, "event_sources[1].log_event.pattern"),
    ('{"event_sources": [], "event\\u005fsources": []}', 1, 23, "event_sources"),
    (('{"event_sources": [{"id": 1, "state_event": {"rows_added": {"expected_rows": [{"fields":'
      ' {"title": {"text": "a"}, "title": {"text": "b"}}}]}}}]}'), 1, 115,
     "event_sources[0].state_event.rows_added.expected_rows[0].fields.title"),
    ('{"event_sources": [{"id": 1, "id": 2}]}', 1, 30, "event_sources[0].id"),
])
def test_duplicates_at_any_depth(tmp_path, text, line, column, field):
    json.loads(text)  # valid JSON: the stdlib would keep the last value
    err = _error(text, tmp_path)
    assert (err.line, err.column, err.field) == (line, column, field)
    assert "duplicate key" in err.message


def test_equal_keys_in_different_objects_and_inside_strings_are_fine(tmp_path):
    text = ('{"event_sources": [{"id": 1, "log_event": {"pattern": "\\"id\\": {}, \\"id\\""}},\n'
            ' {"id": 2, "log_event": {"pattern": "b"}}],\n'
            ' "event_slots": {"reward_listener": {"type": "OR", "events": [{"id": 1}, {"id": 2}],'
            ' "transformation": ["y = 1"]}}}')
    path = tmp_path / "ok.json"
    path.write_text(text)
    task = load_task(path)
    assert [s.id for s in task.proto.event_sources] == [1, 2]
    again = tmp_path / "again.json"
    again.write_text(to_json(task.proto))
    assert load_task(again).proto == task.proto


def test_map_keys_are_compared_as_written(tmp_path):
    text = ('{"event_sources": [{"id": 1, "state_event": {"rows_added": {"db_path": "/d.db",'
            ' "table": "t", "compare_fields": ["db_path"], "expected_rows": [{"fields":'
            ' {"db_path": {"text": "a"}, "dbPath": {"text": "b"}}}]}}}],'
            ' "event_slots": {"reward_listener": {"events": [{"id": 1}],'
            ' "transformation": ["y = 1"]}}}')
    path = tmp_path / "map.json"
    path.write_text(text)
    fields = load_task(path).proto.event_sources[0].state_event.rows_added.expected_rows[0].fields
    assert sorted(fields) == ["dbPath", "db_path"]
