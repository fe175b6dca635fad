"""State validators: positive cases and tampering (AndroidWorld semantics, made strict)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from google.protobuf import text_format

from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.validators import (
    capture_baseline,
    content_matches,
    evaluate_state,
    file_exists,
    fuzzy_match,
    query,
    read_rows,
    validate_bluetooth,
    validate_brightness,
    validate_file_content,
    validate_file_created,
    validate_file_deleted,
    validate_file_moved,
    validate_folder_created,
    validate_rows_added,
    validate_rows_removed,
    validate_setting,
    validate_wifi,
)

from ..fakes import FakeDevice

DB = "/data/data/com.simplemobiletools.calendar.pro/databases/events.db"
SCHEMA = """CREATE TABLE `events` (`id` INTEGER PRIMARY KEY AUTOINCREMENT,
  `start_ts` INTEGER NOT NULL, `end_ts` INTEGER NOT NULL, `title` TEXT NOT NULL,
  `location` TEXT NOT NULL, `description` TEXT NOT NULL, `repeat_interval` INTEGER NOT NULL,
  `repeat_rule` INTEGER NOT NULL, `time_zone` TEXT NOT NULL)"""
COMPARE = ["start_ts", "end_ts", "title", "location", "description"]
FREE = ["title", "location", "description"]
NOISE = [
    (1697382000, 1697385600, "Dentist", "Main St", "Bring card", 0, 0, "UTC"),
    (1697468400, 1697472000, "Review", "", "", 0, 0, "UTC"),
    (1697554800, 1697558400, "Gym", "Club", "Leg day", 0, 0, "UTC"),
]
TARGET = {"start_ts": 1697641200, "end_ts": 1697644800, "title": "Meeting with Bob",
          "location": "Room 4", "description": "Quarterly numbers"}


def _row(**kw):
    base = {"start_ts": 0, "end_ts": 0, "title": "", "location": "", "description": "",
            "repeat_interval": 0, "repeat_rule": 0, "time_zone": "UTC"}
    base.update(kw)
    return base


class Calendar:
    """A real SQLite events.db kept on a host path and mirrored onto the fake device."""

    def __init__(self, device: FakeDevice, tmp: Path, wal: bool = False) -> None:
        self.device, self.path, self.wal = device, tmp / "events.db", wal
        self.conn = sqlite3.connect(self.path)
        if wal:
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute("PRAGMA wal_autocheckpoint=0")
        self.conn.execute(SCHEMA)
        self.conn.executemany(
            "INSERT INTO events (start_ts, end_ts, title, location, description, "
            "repeat_interval, repeat_rule, time_zone) VALUES (?,?,?,?,?,?,?,?)", NOISE)
        self.conn.commit()
        self.sync()

    def run(self, sql: str, *args) -> None:
        self.conn.execute(sql, args)
        self.conn.commit()
        self.sync()

    def add(self, **fields) -> None:
        row = _row(**fields)
        cols = ", ".join(row)
        self.run(f"INSERT INTO events ({cols}) VALUES ({', '.join('?' * len(row))})",
                 *row.values())

    def sync(self) -> None:
        for suffix in ("", "-wal", "-shm"):
            p = Path(str(self.path) + suffix)
            if p.exists():
                self.device.push(DB + suffix, p.read_bytes())

    def rows(self):
        return read_rows(self.device, DB, "events")


@pytest.fixture
def cal(device: FakeDevice, tmp_path: Path):
    c = Calendar(device, tmp_path)
    yield c
    c.conn.close()


# -- rows added ------------------------------------------------------------------------------

def test_rows_added_positive_with_fuzzy_free_text(cal: Calendar) -> None:
    before = cal.rows()
    cal.add(**{**TARGET, "title": "meeting with bob", "description": "Quarterly numbers."})
    verdict = validate_rows_added(before, cal.rows(), [TARGET], COMPARE, FREE)
    assert verdict and "1 expected row" in verdict.reason


@pytest.mark.parametrize("tamper,words", [
    (lambda c: c.add(**{**TARGET, "start_ts": TARGET["start_ts"] + 3600}), "no distinct"),
    (lambda c: c.add(**{**TARGET, "title": "Lunch with Bob"}), "no distinct"),
    (lambda c: (c.add(**TARGET), c.add(title="extra", start_ts=1, end_ts=2)), "2 row(s) added"),
    (lambda c: (c.add(**TARGET), c.run("DELETE FROM events WHERE title = 'Gym'")),
     "changed or removed"),
    (lambda c: (c.add(**TARGET), c.add(**TARGET)), "2 row(s) added"),
    (lambda c: (c.add(**TARGET), c.run("UPDATE events SET location = 'X' WHERE id = 1")),
     "changed or removed"),
    (lambda c: None, "0 row(s) added"),
])
def test_rows_added_tampering_fails(cal: Calendar, tamper, words: str) -> None:
    before = cal.rows()
    tamper(cal)
    verdict = validate_rows_added(before, cal.rows(), [TARGET], COMPARE, FREE)
    assert not verdict and words in verdict.reason


def test_expected_rows_pair_with_distinct_new_rows(cal: Calendar) -> None:
    before = cal.rows()
    second = {**TARGET, "title": "Meeting with Rob"}  # fuzzy-matches the first target too
    cal.add(**TARGET)
    cal.add(**{**TARGET, "title": "Something else entirely"})
    # AndroidWorld accepts this (both expectations satisfied by the same row, count 2 == 2)
    assert not validate_rows_added(before, cal.rows(), [TARGET, second], COMPARE, FREE)
    cal2_before = cal.rows()
    cal.add(**second)
    assert not validate_rows_added(cal2_before, cal.rows(), [TARGET, second], COMPARE, FREE)


def test_a_pre_existing_row_never_counts_as_new(cal: Calendar) -> None:
    cal.add(**TARGET)  # already there before the episode
    before = cal.rows()
    cal.add(**{**TARGET, "title": "Different", "start_ts": 5})
    assert not validate_rows_added(before, cal.rows(), [TARGET], COMPARE, FREE)


def test_empty_expected_text_only_matches_empty(cal: Calendar) -> None:
    before = cal.rows()
    target = {**TARGET, "location": ""}
    cal.add(**{**TARGET, "location": "Somewhere"})
    assert not validate_rows_added(before, cal.rows(), [target], COMPARE, FREE)
    assert fuzzy_match("", "") and not fuzzy_match("", "x") and not fuzzy_match("x", "")
    assert fuzzy_match(None, None) and not fuzzy_match(None, "")


def test_exact_fields_are_type_sensitive_for_text() -> None:
    before: list[dict] = []
    after = [{"id": 1, "title": "5", "n": 5}]
    assert validate_rows_added(before, after, [{"title": "5", "n": 5}], ["title", "n"])
    assert not validate_rows_added(before, after, [{"title": 5, "n": 5}], ["title", "n"])
    assert not validate_rows_added(before, after, [{"title": "5", "n": "5"}], ["title", "n"])


def test_rows_added_misuse_raises() -> None:
    with pytest.raises(ValueError, match="compare_fields"):
        validate_rows_added([], [], [], [])
    with pytest.raises(ValueError, match="lacks compare"):
        validate_rows_added([], [{"a": 1}], [{"b": 1}], ["a"])
    with pytest.raises(ValueError, match="free_text"):
        validate_rows_added([], [], [], ["a"], ["b"])


def test_dataclass_rows_are_accepted() -> None:
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Expense:
        name: str
        amount: int
        expense_id: int = -1

    before = [Expense("Lunch", 1200, 1)]
    after = before + [Expense("Taxi", 3000, 2)]
    assert validate_rows_added(before, after, [Expense("taxi", 3000)], ["name", "amount"],
                               ["name"])


# -- rows removed ----------------------------------------------------------------------------

def test_rows_removed(cal: Calendar) -> None:
    before = cal.rows()
    cal.run("DELETE FROM events WHERE id = 2")
    assert validate_rows_removed(before, cal.rows(), [2], "id")


@pytest.mark.parametrize("tamper,words", [
    (lambda c: c.run("DELETE FROM events WHERE id = 1"), "not removed"),
    (lambda c: c.run("DELETE FROM events WHERE id IN (2, 3)"), "should have stayed"),
    (lambda c: (c.run("DELETE FROM events WHERE id = 2"), c.add(title="new")), "unexpected row"),
    (lambda c: c.run("UPDATE events SET title = 'Renamed' WHERE id = 2"), "not removed"),
    (lambda c: (c.run("DELETE FROM events WHERE id = 2"),
                c.run("UPDATE events SET title = 'X' WHERE id = 3")), "should have stayed"),
])
def test_rows_removed_tampering_fails(cal: Calendar, tamper, words: str) -> None:
    before = cal.rows()
    tamper(cal)
    verdict = validate_rows_removed(before, cal.rows(), [2], "id")
    assert not verdict and words in verdict.reason


def test_rows_removed_unknown_id_raises(cal: Calendar) -> None:
    with pytest.raises(ValueError, match="not in the rows before"):
        validate_rows_removed(cal.rows(), cal.rows(), [99], "id")


# -- reading databases -------------------------------------------------------------------------

def test_read_rows_pulls_the_wal_companion(device: FakeDevice, tmp_path: Path) -> None:
    c = Calendar(device, tmp_path, wal=True)
    try:
        c.add(**TARGET)
        assert DB + "-wal" in device.files
        assert [r["title"] for r in read_rows(device, DB, "events")][-1] == "Meeting with Bob"
        result = query(device, DB, "SELECT count(*) FROM events")
        assert result.rows == ((4,),) and result.columns == ("count(*)",)
    finally:
        c.conn.close()


def test_reading_errors_name_the_database(cal: Calendar, device: FakeDevice) -> None:
    with pytest.raises(ValueError, match="table 'nope' not in"):
        read_rows(device, DB, "nope")
    with pytest.raises(FileNotFoundError, match="missing.db"):
        read_rows(device, "/data/data/com.simplemobiletools.calendar.pro/databases/missing.db",
                  "events")
    with pytest.raises(ValueError, match="query on"):
        query(device, DB, "SELECT nothing FROM events")
    with pytest.raises(ValueError):
        query(device, DB, "DELETE FROM events")  # query_only


# -- files -----------------------------------------------------------------------------------

NOTES = "/storage/emulated/0/Documents/Markor"


@pytest.fixture
def notes(device: FakeDevice) -> FakeDevice:
    device.push(f"{NOTES}/noise_1.md", b"alpha")
    device.push(f"{NOTES}/noise_2.md", b"beta")
    device.push(f"{NOTES}/target.md", b"Buy milk\n")
    device.mkdir(f"{NOTES}/Archive")
    device.mkdir(f"{NOTES}/Other")
    return device


def test_file_created_and_content(notes: FakeDevice) -> None:
    notes.push(f"{NOTES}/todo.md", b"Call Alice about the report\r\n")
    assert validate_file_created(notes, f"{NOTES}/todo.md", "call alice about the report")
    assert validate_file_content(notes, f"{NOTES}/todo.md", "Call Alice about the report\n",
                                 mode="exact")
    assert not validate_file_content(notes, f"{NOTES}/todo.md", "Call Alice", mode="exact")
    assert not validate_file_created(notes, f"{NOTES}/todo.md", "Call Bob about the budget")
    assert not validate_file_created(notes, f"{NOTES}/missing.md")
    verdict = validate_file_created(notes, f"{NOTES}/Archive")
    assert not verdict and "is a folder" in verdict.reason
    assert validate_folder_created(notes, f"{NOTES}/Archive")
    assert not validate_folder_created(notes, f"{NOTES}/target.md")
    assert content_matches("a\nb\n", r"^b$", "contains") is False
    assert content_matches("a\nb\n", "b\n", "contains") and content_matches("x42", r"\d+", "regex")
    with pytest.raises(ValueError):
        content_matches("a", "a", "nope")  # type: ignore[arg-type]


def test_file_moved(notes: FakeDevice) -> None:
    keep = [f"{NOTES}/noise_1.md", f"{NOTES}/noise_2.md"]
    notes.remove(f"{NOTES}/target.md")
    notes.push(f"{NOTES}/Archive/target.md", b"Buy milk\n")
    assert validate_file_moved(notes, "target.md", NOTES, f"{NOTES}/Archive", keep=keep,
                               content="Buy milk\n")


def test_file_moved_tampering(notes: FakeDevice) -> None:
    keep = [f"{NOTES}/noise_1.md", f"{NOTES}/noise_2.md"]
    # a file in the wrong folder
    notes.remove(f"{NOTES}/target.md")
    notes.push(f"{NOTES}/Other/target.md", b"Buy milk\n")
    verdict = validate_file_moved(notes, "target.md", NOTES, f"{NOTES}/Archive", keep=keep)
    assert not verdict and "does not exist" in verdict.reason
    # copied instead of moved
    notes.push(f"{NOTES}/target.md", b"Buy milk\n")
    notes.push(f"{NOTES}/Archive/target.md", b"Buy milk\n")
    assert "still exists" in validate_file_moved(notes, "target.md", NOTES,
                                                 f"{NOTES}/Archive").reason
    # moved together with a noise file
    notes.remove(f"{NOTES}/target.md")
    notes.remove(f"{NOTES}/noise_2.md")
    assert "should still exist" in validate_file_moved(notes, "target.md", NOTES,
                                                       f"{NOTES}/Archive", keep=keep).reason
    # a new file with the same name instead of the original
    notes.push(f"{NOTES}/noise_2.md", b"beta")
    notes.push(f"{NOTES}/Archive/target.md", b"")
    assert not validate_file_moved(notes, "target.md", NOTES, f"{NOTES}/Archive", keep=keep,
                                   content="Buy milk\n")


def test_file_deleted(notes: FakeDevice) -> None:
    keep = [f"{NOTES}/noise_1.md", f"{NOTES}/noise_2.md"]
    assert not validate_file_deleted(notes, f"{NOTES}/target.md", keep=keep)
    notes.remove(f"{NOTES}/target.md")
    assert validate_file_deleted(notes, f"{NOTES}/target.md", keep=keep)
    notes.remove(f"{NOTES}/noise_1.md")  # deleted a noise file as well
    verdict = validate_file_deleted(notes, f"{NOTES}/target.md", keep=keep)
    assert not verdict and "noise_1.md" in verdict.reason


def test_file_exists_kinds(notes: FakeDevice) -> None:
    assert file_exists(notes, f"{NOTES}/target.md")
    assert not file_exists(notes, f"{NOTES}/Archive")
    assert file_exists(notes, f"{NOTES}/Archive", kind="dir")
    assert file_exists(notes, f"{NOTES}/Archive", kind="any")
    assert not file_exists(notes, "/nowhere/at/all.md")
    assert file_exists(notes, "/", kind="dir")


# -- settings --------------------------------------------------------------------------------

def test_settings_validators(device: FakeDevice) -> None:
    device.settings.update({("global", "wifi_on"): "2", ("global", "bluetooth_on"): "0",
                            ("system", "screen_brightness"): "255"})
    assert validate_wifi(device, True) and not validate_wifi(device, False)
    assert validate_bluetooth(device, False) and not validate_bluetooth(device, True)
    assert validate_brightness(device, "max") and not validate_brightness(device, "min")
    device.settings[("system", "screen_brightness")] = "1"
    assert validate_brightness(device, "min") and validate_brightness(device, 1)
    assert validate_setting(device, "global", "wifi_on", {"1", "2"})
    assert validate_setting(device, "secure", "unset_key", None)
    assert not validate_setting(device, "global", "wifi_on", "1")
    with pytest.raises(ValueError, match="namespace"):
        validate_setting(device, "sys", "x", "1")


# -- state events ----------------------------------------------------------------------------

def state(text: str) -> task_pb2.StateEvent:
    return text_format.Parse(text, task_pb2.StateEvent())


def test_state_event_rows_added(cal: Calendar, device: FakeDevice) -> None:
    ev = state(f"""rows_added {{ db_path: "{DB}" table: "events"
        compare_fields: ["title", "start_ts"] free_text_fields: "title"
        expected_rows {{ fields {{ key: "title" value {{ text: "Meeting with Bob" }} }}
                         fields {{ key: "start_ts" value {{ integer: 1697641200 }} }} }} }}""")
    baseline = capture_baseline(ev, device)
    assert evaluate_state(ev, device, baseline) is None
    cal.add(**TARGET)
    assert evaluate_state(ev, device, baseline) == {"added": 1}
    cal.add(**TARGET)  # a duplicate creation
    assert evaluate_state(ev, device, baseline) is None
    with pytest.raises(ValueError, match="baseline"):
        evaluate_state(ev, device, None)


def test_state_event_rows_removed_by_query(cal: Calendar, device: FakeDevice) -> None:
    ev = state(f"""rows_removed {{ db_path: "{DB}" table: "events" id_field: "id"
        ids_sql: "SELECT id FROM events WHERE title = 'Gym'" }}""")
    baseline = capture_baseline(ev, device)
    assert baseline is not None and baseline.ids == (3,)
    cal.run("DELETE FROM events WHERE id = 3")
    assert evaluate_state(ev, device, baseline) == {"removed": [3]}


def test_state_event_sqlite_query(cal: Calendar, device: FakeDevice) -> None:
    scalar = state(f"""sqlite_query {{ db_path: "{DB}"
        sql: "SELECT count(*) FROM events WHERE title LIKE 'Meet%'"
        scalar {{ mode: NUMERIC cmp: GE expected: "1" }} }}""")
    rows = state(f"""sqlite_query {{ db_path: "{DB}" sql: "SELECT title, location FROM events"
        rows {{ rows {{ cells {{ expected: "Gym" }} cells {{ mode: FUZZY expected: "club" }} }}
                rows {{ cells {{ mode: REGEX expected: "^Dent" }} cells {{ expected: "Main St" }} }}
        }} }}""")
    exact = state(f"""sqlite_query {{ db_path: "{DB}" sql: "SELECT title FROM events"
        rows {{ mode: EXACT rows {{ cells {{ expected: "Gym" }} }} }} }}""")
    count = state(f"""sqlite_query {{ db_path: "{DB}" sql: "SELECT * FROM events" row_count: 3 }}""")
    assert evaluate_state(scalar, device) is None
    value = evaluate_state(rows, device)
    assert value is not None and value["columns"] == ["title", "location"]
    assert evaluate_state(exact, device) is None
    assert evaluate_state(count, device) is not None
    cal.add(**TARGET)
    assert evaluate_state(scalar, device) is not None
    assert evaluate_state(count, device) is None
    missing = state('sqlite_query { db_path: "/data/data/x/databases/none.db" sql: "SELECT 1" '
                    "row_count: 1 }")
    assert evaluate_state(missing, device) is None


def test_state_event_files_and_settings(notes: FakeDevice) -> None:
    moved = state(f'file {{ path: "{NOTES}/Archive/target.md" moved_from: "{NOTES}/target.md" }}')
    gone = state(f'file {{ path: "{NOTES}/noise_1.md" absent: true }}')
    content = state(f'file {{ path: "{NOTES}/target.md" fuzzy: "buy milk" }}')
    folder = state(f'file {{ path: "{NOTES}/Archive" is_dir: true }}')
    assert evaluate_state(moved, notes) is None
    assert evaluate_state(gone, notes) is None
    assert evaluate_state(content, notes) == {"path": f"{NOTES}/target.md",
                                              "content": "Buy milk\n"}
    assert evaluate_state(folder, notes) is not None
    notes.remove(f"{NOTES}/target.md")
    notes.push(f"{NOTES}/Archive/target.md", b"Buy milk\n")
    notes.remove(f"{NOTES}/noise_1.md")
    assert evaluate_state(moved, notes) is not None
    assert evaluate_state(gone, notes) is not None
    assert evaluate_state(content, notes) is None
    wifi = state('setting { namespace: GLOBAL key: "wifi_on" value { mode: REGEX '
                 'expected: "^[12]$" } }')
    assert evaluate_state(wifi, notes) is None  # unset
    notes.settings[("global", "wifi_on")] = "1"
    assert evaluate_state(wifi, notes) == {"value": "1"}
    notes.settings[("global", "wifi_on")] = "0"
    assert evaluate_state(wifi, notes) is None


def test_state_events_in_a_task_file_load(tmp_path: Path) -> None:
    from mobile_gym.tasks import load_task

    f = tmp_path / "calendar.textproto"
    f.write_text(f"""
id: "calendar_add_one_event"
event_sources {{
  state_event {{ rows_added {{ db_path: "{DB}" table: "events"
    compare_fields: ["title"] expected_rows {{ fields {{ key: "title"
    value {{ text: "Meeting" }} }} }} }} }}
  id: 1
}}
event_slots {{ episode_end_listener {{ events {{ id: 1 }} }} }}
""")
    task = load_task(f)
    assert task.proto.event_sources[0].WhichOneof("event") == "state_event"
