"""Track generation for the OpenTracks families: the categories, names and the random tracks
AndroidWorld-style seeding draws (stop = start + duration, totaltime = movingtime, speeds
derived from distance and time)."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone

import numpy as np

from mobile_gym.apps import opentracks as model
from mobile_gym.tasks.families.common import choice

NOW = datetime(2023, 10, 15, 15, 34, tzinfo=timezone.utc)   # the device clock
TODAY = NOW.date()
#: "This week": Monday to today (the ISO week holding the device's Sunday, October 15 2023).
WEEK_START = TODAY - timedelta(days=TODAY.weekday())
FIRST_DAY = date(2023, 9, 1)                                  # oldest distractor

CATEGORIES = ("running", "biking", "walking", "hiking", "skiing")
NAMES = ("Riverside", "City park loop", "Hill trail", "Lakeside", "Old town", "Forest path",
         "Harbour", "Commute", "Sunrise tour", "Ridge line", "Meadows", "Canal path",
         "Quarry", "Viewpoint", "Bridges", "Orchard lane")
DESCRIPTIONS = ("", "", "Nice weather", "Windy", "With friends", "Tired legs", "New route")


def at(day: date, hour: int, minute: int) -> int:
    """Epoch ms of `day` at hour:minute UTC."""
    return int(datetime.combine(day, time(hour, minute), tzinfo=timezone.utc).timestamp() * 1000)


def make_track(rng: np.random.Generator, name: str, category: str, start_ms: int,
               minutes: int | None = None, meters: int | None = None) -> model.Track:
    """A finished track: whole minutes, a distance in tens of metres (so the list's two decimals
    of km are exact), speeds from distance / time."""
    minutes = int(rng.integers(10, 181)) if minutes is None else minutes
    meters = int(rng.integers(60, 3001)) * 10 if meters is None else meters
    ms = minutes * model.MINUTE_MS
    avg = meters / (minutes * 60)
    return model.Track(
        name=name, category=category, activity_type=category, starttime=start_ms,
        stoptime=start_ms + ms, totaldistance=float(meters), totaltime=ms, movingtime=ms,
        description=choice(rng, DESCRIPTIONS), numpoints=int(minutes * 6),
        avgspeed=avg, avgmovingspeed=avg, maxspeed=avg * (1.2 + float(rng.random())),
        minelevation=float(rng.integers(0, 400)), elevationgain=float(rng.integers(0, 400)),
        elevationloss=float(rng.integers(0, 400)), uuid=bytes(rng.integers(0, 256, 16).tolist()))


def random_start(rng: np.random.Generator, first: date = FIRST_DAY, last: date = TODAY) -> int:
    """A start between 06:00 and 14:59 of a day in [first, last] (before the device's 15:34, so
    every track has finished)."""
    day = first + timedelta(days=int(rng.integers(0, (last - first).days + 1)))
    return at(day, int(rng.integers(6, 15)), int(rng.integers(0, 60)))


def random_track(rng: np.random.Generator, name: str) -> model.Track:
    return make_track(rng, name, choice(rng, CATEGORIES), random_start(rng))


def day_text(day: date) -> str:
    """How a question names a day: "October 12 2023"."""
    return f"{day:%B} {day.day} {day.year}"
