"""Recents reopened over the same tasks is not drawn again, and shows a task started since it
was last open; the status bar's clock text follows the device clock across minute edges."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timezone

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.sim.android import SimAndroid
from mobile_gym.sim.apps.demo import NotesDemoApp
from mobile_gym.sim.system.status_bar import clock_text

SIZE = (270, 600)
NOTES = "com.example.notesdemo/.MainActivity"


@pytest.fixture(scope="module")
def phone() -> Iterator[SimAndroid]:
    a = SimAndroid([NotesDemoApp], seed=3)
    yield a
    a.close()


def _titles(phone: SimAndroid) -> list[str]:
    return [v.text for v in phone.wm.windows[0].root.find_all(lambda v: v.id == "title")]


def test_reopened_recents_comes_from_the_frame_cache(android: SimAndroid) -> None:
    android.shell(f"am start -n {NOTES}")
    android.key("APP_SWITCH")
    recents_frame, recents_dump = android.screenshot(SIZE), android.view_hierarchy()
    android.key("BACK")
    android.screenshot(SIZE)
    drawn = android.wm.stats.frames_drawn
    android.key("APP_SWITCH")
    assert np.array_equal(android.screenshot(SIZE), recents_frame)
    assert android.view_hierarchy() == recents_dump
    assert android.wm.stats.frames_drawn == drawn  # the same tasks: the same cards, not drawn again


def test_recents_shows_a_task_started_since_it_was_last_open(android: SimAndroid) -> None:
    android.key("APP_SWITCH")
    assert _titles(android) == []
    android.key("HOME")
    android.shell(f"am start -n {NOTES}")
    android.key("APP_SWITCH")
    assert _titles(android) == ["Notes demo"]
    assert "Dismiss Notes demo" in android.view_hierarchy()
    android.key("APP_SWITCH")  # back to the app
    android.shell("am force-stop com.example.notesdemo")
    android.key("APP_SWITCH")
    assert _titles(android) == []


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 3 * 24 * 3600), st.sampled_from([0.0, 1e-7, 4e-7, 5e-7, 6e-7, 1e-4, 0.5, 59.9995, 59.9999996]),
       st.booleans())
def test_status_bar_clock_is_the_clock_time(phone: SimAndroid, whole: int, fraction: float,
                                            twelve_hour: bool) -> None:
    android = phone
    android.settings.put("system", "time_12_24", "12" if twelve_hour else "24")
    start = android.clock.now()
    for seconds in (whole + fraction, whole + fraction + 0.25, whole + 60 - 1e-7):
        android.clock.set(start + seconds)
        android.advance(0.0)
        now = datetime.fromtimestamp(android.clock.now(), tz=timezone.utc)
        assert android.wm.find("clock").text == clock_text(now.hour, now.minute, not twelve_hour)
    android.clock.set(start)
