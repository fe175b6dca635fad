"""Shared by the Calendar device tests: the app's paths, a UTC timestamp helper, an SQL shell
helper, and the `device` / `ui` fixtures (the app started on its main screen).

Import the plain helpers with `from tests.sim.apps.calendar.conftest import ...`.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from mobile_gym.device.sim_device import SimDevice
from mobile_gym.sim.apps.calendar import CalendarApp
from tests.sim.apps.conftest import UI

PKG = "com.simplemobiletools.calendar.pro"
DB = f"/data/data/{PKG}/databases/events.db"
MAIN = f"{PKG}/{PKG}.activities.MainActivity"


def ts(day: int, hour: int, minute: int = 0) -> int:
    """Epoch seconds of 2023-10-`day` `hour`:`minute` UTC (the simulated month)."""
    return int(datetime(2023, 10, day, hour, minute, tzinfo=timezone.utc).timestamp())


def sql(device: SimDevice, query: str) -> str:
    """Run `query` on events.db through the device shell; its output."""
    code, out, err = device.shell(f'sqlite3 {DB} "{query}"')
    assert code == 0, err
    return out


def insert_row(device: SimDevice, title: str, start: int, end: int, description: str = "") -> None:
    """Insert an imported event row (no reminders, no repetition) as a validator seeds it."""
    cols = ("start_ts,end_ts,title,location,description,reminder_1_minutes,reminder_2_minutes,"
            "reminder_3_minutes,reminder_1_type,reminder_2_type,reminder_3_type,repeat_interval,"
            "repeat_rule,repeat_limit,repetition_exceptions,attendees,import_id,time_zone,flags,"
            "event_type,parent_id,last_updated,source,availability,color,type")
    values = (f"{start},{end},'{title}','','{description}',-1,-1,-1,0,0,0,0,0,0,'[]','','','UTC',"
              f"0,1,0,0,'imported-ics',0,0,0")
    sql(device, f"INSERT INTO events ({cols}) VALUES ({values})")


@pytest.fixture
def device():
    """A SimDevice with the Calendar app started on its main screen."""
    d = SimDevice([CalendarApp])
    code, _, err = d.shell(f"am start -n {PKG}/.activities.MainActivity")
    assert code == 0, err
    d.advance(1.0)
    yield d
    d.close()


@pytest.fixture
def ui(device):
    return UI(device)
