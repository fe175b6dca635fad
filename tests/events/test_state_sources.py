"""state_event sources through a fake Device: SQLite queries, row integrity, files, settings."""

import sqlite3

from events_helpers import Driver, from_text

from mobile_gym.device.base import FileEntry
from mobile_gym.events import EventEngine

DB = "/data/data/com.simplemobiletools.calendar.pro/databases/events.db"


class FakeDevice:
    screen_size = (1080, 2400)

    def __init__(self, tmp_path):
        self.files: dict[str, bytes] = {}
        self.settings: dict[tuple[str, str], str] = {}
        self.local = tmp_path / "events.db"
        con = sqlite3.connect(self.local)
        con.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, title TEXT, start_ts INTEGER)")
        con.execute("INSERT INTO events (title, start_ts) VALUES ('noise', 1)")
        con.commit()
        con.close()
        self.sync()

    def sql(self, statement):
        con = sqlite3.connect(self.local)
        con.execute(statement)
        con.commit()
        con.close()
        self.sync()

    def sync(self):
        self.files[DB] = self.local.read_bytes()

    def pull(self, path):
        if path not in self.files:
            raise FileNotFoundError(path)
        return self.files[path]

    def state_version(self, paths=(), settings=()):
        return None  # cannot tell what changed: state checks read every step

    def list_dir(self, path):
        names = {p[len(path.rstrip("/")) + 1:].split("/")[0] for p in self.files if p.startswith(path.rstrip("/") + "/")}
        if not names:
            raise FileNotFoundError(path)
        return [FileEntry(n, False, 0, 0.0) for n in sorted(names)]

    def shell(self, cmd):
        parts = cmd.split()
        if parts[:2] == ["settings", "get"]:
            return 0, self.settings.get((parts[2], parts[3]), "null") + "\n", ""
        return 1, "", "unsupported"


TASK = f"""
event_sources {{ id: 1 state_event {{ sqlite_query {{ db_path: "{DB}" sql: "SELECT count(*) FROM events WHERE title = 'Dentist'"
  scalar {{ expected: "1" }} }} }} }}
event_sources {{ id: 2 state_event {{ rows_added {{ db_path: "{DB}" table: "events" compare_fields: ["title", "start_ts"]
  free_text_fields: "title" expected_rows {{ fields {{ key: "title" value {{ text: "Dentist" }} }}
  fields {{ key: "start_ts" value {{ integer: 100 }} }} }} }} }} }}
event_sources {{ id: 3 repeatability: UNLIMITED state_event {{ file {{ path: "/sdcard/Documents/note.md" fuzzy: "hello world" }} }} }}
event_sources {{ id: 4 state_event {{ setting {{ namespace: GLOBAL key: "wifi_on" value {{ expected: "1" }} }} }} }}
event_slots {{ reward_listener {{ type: OR
  events {{ event {{ events {{ id: 1 }} transformation: "y = 1" }} }}
  events {{ event {{ events {{ id: 2 }} transformation: "y = 10" }} }}
  events {{ event {{ events {{ id: 3 }} repeatability: NONE transformation: "y = 100" }} }}
  events {{ event {{ events {{ id: 4 }} transformation: "y = 1000" }} }} }} }}
"""


def test_state_sources(tmp_path):
    device = FakeDevice(tmp_path)
    e = EventEngine(from_text(TASK))
    e.reset(device=device)
    d = Driver(e)
    assert d.step(device=device).reward == 0.0
    device.sql("INSERT INTO events (title, start_ts) VALUES ('Dentist.', 100)")
    assert d.step(device=device).reward == 10.0  # the fuzzy title matches; the exact count query does not
    device.sql("UPDATE events SET title = 'Dentist' WHERE start_ts = 100")
    r = d.step(device=device)
    assert r.reward == 1.0  # the count query passes now; rows_added still reports the same state
    assert r.fired["source:1"] == [{"columns": ["count(*)"], "rows": [[1]]}]
    device.files["/sdcard/Documents/note.md"] = b"Hello world\r\n"
    device.settings[("global", "wifi_on")] = "1"
    assert d.step(device=device).reward == 1100.0
    device.sql("INSERT INTO events (title, start_ts) VALUES ('extra', 5)")
    assert d.step(device=device).reward == 0.0  # one row too many: rows_added fails; file slot is NONE


def test_rows_added_baseline_is_per_episode(tmp_path):
    device = FakeDevice(tmp_path)
    e = EventEngine(from_text(TASK))
    d = Driver(e)
    device.sql("INSERT INTO events (title, start_ts) VALUES ('Dentist', 100)")
    e.reset(device=device)  # the row existed before the episode: not an addition
    assert d.step(device=device).reward == 1.0


class CountingDevice(FakeDevice):
    """FakeDevice that counts reads, to show a step reads each folder and file once."""

    def __init__(self, tmp_path):
        super().__init__(tmp_path)
        self.reads: list[tuple[str, str]] = []

    def pull(self, path):
        self.reads.append(("pull", path))
        return super().pull(path)

    def list_dir(self, path):
        self.reads.append(("list_dir", path))
        return super().list_dir(path)


def test_state_checks_of_one_step_share_their_device_reads(tmp_path):
    notes = [f"/sdcard/Documents/n{i}.md" for i in range(4)]
    task = "".join(
        f'event_sources {{ id: {i + 1} repeatability: UNLIMITED state_event {{ file {{ path: "{p}" equals: "x" }} }} }}\n'
        for i, p in enumerate(notes)) + "event_slots { reward_listener { type: AND id: 9 " + "".join(
        f"events {{ id: {i + 1} }} " for i in range(4)) + 'transformation: "y = 1" } }'
    device = CountingDevice(tmp_path)
    for p in notes[:3]:
        device.files[p] = b"x"
    d = Driver(EventEngine(from_text(task)))
    assert d.step(device=device).reward == 0.0  # n3.md is missing
    assert device.reads.count(("list_dir", "/sdcard/Documents")) == 1
    assert len(device.reads) == len(set(device.reads))  # no path read twice in a step
    device.files[notes[3]] = b"x"
    device.reads.clear()
    assert d.step(device=device).reward == 1.0  # the next step reads the device afresh
    assert device.reads.count(("list_dir", "/sdcard/Documents")) == 1
