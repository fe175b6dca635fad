"""Setup steps and validators on the real simulated phone (mobile_gym.device.sim_device)."""

from __future__ import annotations

import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from google.protobuf import text_format

from mobile_gym.tasks import TaskSetupError, run_steps, task_pb2
from mobile_gym.tasks.validators import (
    capture_baseline,
    evaluate_state,
    read_rows,
    validate_file_created,
    validate_file_deleted,
    validate_rows_added,
    validate_wifi,
)

sim_device = pytest.importorskip("mobile_gym.device.sim_device")

CAL = "com.simplemobiletools.calendar.pro"
MAIN = f"{CAL}/{CAL}.activities.MainActivity"
DB = f"/data/data/{CAL}/databases/events.db"


@pytest.fixture
def sim() -> Iterator[object]:
    device = sim_device.SimDevice()
    try:
        yield device
    finally:
        device.close()


def steps(text: str) -> list[task_pb2.SetupStep]:
    return list(text_format.Parse(text, task_pb2.Task()).reset_steps)


RESET = f"""
reset_steps {{ adb_call {{ force_stop {{ package_name: "{CAL}" }} }} }}
reset_steps {{ adb_call {{ clear_cache {{ package_name: "{CAL}" }} }} }}
reset_steps {{
  adb_call {{ start_activity {{ full_activity: "{CAL}/.activities.MainActivity" }} }}
  success_condition {{ num_retries: 3
    wait_for_app_screen {{ app_screen {{ activity: "{MAIN}" }} timeout_sec: 5 }} }}
}}
reset_steps {{ adb_call {{ install_apk {{ filesystem {{ path: "{CAL}_6.28.apk" }} }} }} }}
reset_steps {{ adb_call {{ rotate {{ }} }} }}
reset_steps {{ adb_call {{ grant_permissions {{ package_name: "{CAL}"
    permissions: "android.permission.READ_CALENDAR" }} }} }}
reset_steps {{ adb_call {{ settings {{ namespace: GLOBAL key: "wifi_on" value: "0" }} }} }}
"""


def test_calendar_reset_steps(sim) -> None:
    run_steps(steps(RESET), sim, label="reset step")
    assert sim.current_activity() == MAIN
    assert validate_wifi(sim, False)


@pytest.mark.parametrize("text,words,answer", [
    ("reset_steps { adb_call { rotate { orientation: LANDSCAPE_90 } } }", "not supported", ""),
    (f'reset_steps {{ adb_call {{ start_screen_pinning {{ full_activity: "{MAIN}" }} }} }}',
     "failed", "Unknown command"),
    ('reset_steps { adb_call { install_apk { filesystem { path: "com.nothere_1.apk" } } } }',
     "not installed", ""),
    ('reset_steps { adb_call { start_activity { full_activity: "com.nothere/.Main" } } }',
     "failed", ""),
])
def test_unsupported_on_sim_is_clear(sim, text: str, words: str, answer: str) -> None:
    if "pinning" in text:
        run_steps(steps(RESET), sim)
    with pytest.raises(TaskSetupError, match=words) as err:
        run_steps(steps(text), sim)
    assert answer in err.value.answer


def _insert(sim, title: str) -> None:
    """Write a row into the app's database the way a test harness would (pull, edit, push)."""
    with tempfile.TemporaryDirectory() as tmp:
        local = Path(tmp) / "events.db"
        local.write_bytes(sim.pull(DB))
        con = sqlite3.connect(local)
        cols = [r[1] for r in con.execute("PRAGMA table_info(events)") if r[1] != "id"]
        values = {c: 0 for c in cols}
        values.update({"title": title, "location": "", "description": "", "start_ts": 1697641200,
                       "end_ts": 1697644800, "repetition_exceptions": "[]", "attendees": "",
                       "import_id": "", "time_zone": "UTC", "source": "imported-ics"})
        values = {k: v for k, v in values.items() if k in cols}
        con.execute(f"INSERT INTO events ({', '.join(values)}) VALUES "
                    f"({', '.join('?' * len(values))})", list(values.values()))
        con.commit()
        con.close()
        sim.push(DB, local.read_bytes())


def test_sqlite_validators_on_the_sim_calendar(sim) -> None:
    run_steps(steps(RESET), sim)
    before = read_rows(sim, DB, "events")
    event = text_format.Parse(f"""rows_added {{ db_path: "{DB}" table: "events"
        compare_fields: ["title", "start_ts"] free_text_fields: "title"
        expected_rows {{ fields {{ key: "title" value {{ text: "Team sync" }} }}
                         fields {{ key: "start_ts" value {{ integer: 1697641200 }} }} }} }}""",
                              task_pb2.StateEvent())
    baseline = capture_baseline(event, sim)
    _insert(sim, "Team sync")
    after = read_rows(sim, DB, "events")
    expected = [{"title": "team sync", "start_ts": 1697641200}]
    assert validate_rows_added(before, after, expected, ["title", "start_ts"], ["title"])
    assert evaluate_state(event, sim, baseline) == {"added": 1}
    _insert(sim, "Team sync")  # a duplicate creation
    assert not validate_rows_added(before, read_rows(sim, DB, "events"), expected,
                                   ["title", "start_ts"], ["title"])


def test_file_validators_on_the_sim_storage(sim) -> None:
    note = "/storage/emulated/0/Documents/Markor/todo.md"
    sim.push(note, b"Buy milk\n")
    assert validate_file_created(sim, note, "buy milk")
    assert not validate_file_deleted(sim, note)
