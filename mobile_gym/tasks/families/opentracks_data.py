"""Track generation for the OpenTracks families: the categories, names and the random tracks
AndroidWorld-style seeding draws (stop = start + duration, totaltime = movingtime, speeds
derived from distance and time)."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone

import numpy as np

from mobile_gym.apps import opentracks as model
from mobile_gym.tasks.families.common import below, below_each, choice
from mobile_gym.tasks.families.records import RecordMaker

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
    minutes = 10 + below(rng, 171) if minutes is None else minutes  # integers(10, 181)
    meters = (60 + below(rng, 2941)) * 10 if meters is None else meters  # integers(60, 3001)
    ms = minutes * model.MINUTE_MS
    avg = meters / (minutes * 60)
    return _TRACKS.make(
        name=name, category=category, activity_type=category, starttime=start_ms,
        stoptime=start_ms + ms, totaldistance=float(meters), totaltime=ms, movingtime=ms,
        description=choice(rng, DESCRIPTIONS), numpoints=int(minutes * 6),
        avgspeed=avg, avgmovingspeed=avg, maxspeed=avg * (1.2 + float(rng.random())),
        minelevation=float(below(rng, 400)), elevationgain=float(below(rng, 400)),
        elevationloss=float(below(rng, 400)), uuid=bytes(below_each(rng, 256, 16)))


_TRACKS = RecordMaker(model.Track)


def random_start(rng: np.random.Generator, first: date = FIRST_DAY, last: date = TODAY) -> int:
    """A start between 06:00 and 14:59 of a day in [first, last] (before the device's 15:34, so
    every track has finished)."""
    day = first.toordinal() + below(rng, (last - first).days + 1)
    hour = 6 + below(rng, 9)  # integers(6, 15)
    minute = below(rng, 60)
    return ((day - _EPOCH_DAY) * 86400 + hour * 3600 + minute * 60) * 1000  # `at`, UTC


_EPOCH_DAY = date(1970, 1, 1).toordinal()


def random_track(rng: np.random.Generator, name: str) -> model.Track:
    return make_track(rng, name, choice(rng, CATEGORIES), random_start(rng))


def day_text(day: date) -> str:
    """How a question names a day: "October 12 2023"."""
    return f"{day:%B} {day.day} {day.year}"
