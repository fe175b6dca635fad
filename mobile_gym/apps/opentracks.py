"""OpenTracks 4.11.3: its catalogue record, the `tracks` row (the columns AndroidWorld's
`SportsActivity` maps onto) and the app's display formats, shared by the simulated app and the
OpenTracks task families.

Units are the app's: timestamps and times in ms, distances in m, speeds in m/s, elevations in m.
The formats follow `StringUtils`, `ListItemUtils` and `DistanceFormatter` of v4.11.3 (metric
units, the English locale, two decimals, km above 0.5 km).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import date, datetime, timezone
from operator import attrgetter

from mobile_gym.apps import AppRecord
from mobile_gym.apps.sql_text import insert_rows_sql

APP = AppRecord(
    key="opentracks",
    package="de.dennisguse.opentracks",
    label="OpenTracks",
    main_activity="de.dennisguse.opentracks.TrackListActivity",
    version="4.11.3",
    version_code=5705,
    aliases=("open tracks", "sports tracker"),
    databases=("database.db",),
)

PACKAGE = APP.package
DB_PATH = APP.database_path("database.db")
TABLE = "tracks"
#: The runtime permissions AndroidWorld's setup answers (location and notifications by
#: `pm grant`, nearby devices by tapping "Allow"); the simulator keeps them in this file.
PERMISSIONS_PATH = f"{APP.data_dir}/shared_prefs/permissions.xml"
PERMISSION_KEYS = ("android.permission.ACCESS_FINE_LOCATION",
                   "android.permission.POST_NOTIFICATIONS",
                   "android.permission.BLUETOOTH_CONNECT")
TRACK_ACTIVITY = "de.dennisguse.opentracks.TrackRecordedActivity"
AGGREGATED_ACTIVITY = "de.dennisguse.opentracks.AggregatedStatisticsActivity"

#: The `tracks` table as the app's migrated `CustomSQLiteOpenHelper` leaves it (the columns
#: AndroidWorld's `SportsActivity` selects, plus the marker count the list query reads).
CREATE_TRACKS = (
    "CREATE TABLE IF NOT EXISTS tracks (_id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT, "
    "description TEXT, category TEXT, starttime INTEGER, stoptime INTEGER, numpoints INTEGER, "
    "totaldistance FLOAT, totaltime INTEGER, movingtime INTEGER, avgspeed FLOAT, "
    "avgmovingspeed FLOAT, maxspeed FLOAT, minelevation FLOAT, maxelevation FLOAT, "
    "elevationgain FLOAT, icon TEXT, uuid BLOB, elevationloss FLOAT, starttime_offset INTEGER, "
    "activity_type TEXT, activity_type_localized TEXT)")
CREATE_MARKERS = (
    "CREATE TABLE IF NOT EXISTS markers (_id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT, "
    "trackid INTEGER)")
SCHEMA = (CREATE_TRACKS, CREATE_MARKERS)
DB_VERSION = 36

MINUTE_MS = 60_000


@dataclass(frozen=True)
class Track:
    """One `tracks` row; `_id` is None until inserted. AndroidWorld seeds `activity_type` =
    `category`, stop = start + duration, totaltime = movingtime."""

    name: str
    category: str
    starttime: int
    stoptime: int
    totaldistance: float
    totaltime: int
    movingtime: int
    description: str = ""
    numpoints: int = 0
    avgspeed: float = 0.0
    avgmovingspeed: float = 0.0
    maxspeed: float = 0.0
    minelevation: float = 0.0
    maxelevation: float = 0.0
    elevationgain: float = 0.0
    elevationloss: float = 0.0
    icon: str = ""
    uuid: bytes = b""
    starttime_offset: int = 0
    activity_type: str = ""
    activity_type_localized: str = ""
    _id: int | None = None

    @property
    def start(self) -> datetime:
        return datetime.fromtimestamp(self.starttime / 1000, tz=timezone.utc)

    @property
    def duration_mins(self) -> int:
        return self.totaltime // MINUTE_MS

    def as_row(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


COLUMNS: tuple[str, ...] = tuple(f.name for f in fields(Track))


def sql_literal(v: object) -> str:
    kind = type(v)
    if kind is float or kind is int:  # the common cases first, by exact type
        return repr(v)
    if kind is str:
        return "'" + v.replace("'", "''") + "'"  # type: ignore[attr-defined]
    if v is None:
        return "NULL"
    if isinstance(v, bytes):
        return f"X'{v.hex()}'"
    if isinstance(v, (int, float)):
        return repr(v)
    return "'" + str(v).replace("'", "''") + "'"


def reset_sql(tracks: list[Track]) -> str:
    """Empty `tracks` (and its AUTOINCREMENT counter), insert `tracks` in order, one transaction."""
    cols = [c for c in COLUMNS if c != "_id"]
    insert = insert_rows_sql(TABLE, cols, list(map(attrgetter(*cols), tracks)), sql_literal)
    return (f"PRAGMA synchronous = OFF; BEGIN; DELETE FROM {TABLE}; "
            f"DELETE FROM sqlite_sequence WHERE name = '{TABLE}'; {insert} COMMIT;")


# -- the app's display formats -------------------------------------------------------------------

def format_elapsed(ms: int) -> str:
    """`DateUtils.formatElapsedTime`: "MM:SS" under an hour, else "H:MM:SS"."""
    s = int(ms) // 1000
    h, m, sec = s // 3600, s // 60 % 60, s % 60
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m:02d}:{sec:02d}"


def format_decimal(value: float, places: int = 2) -> str:
    """`StringUtils.formatDecimal`: fixed places (HALF_EVEN), grouping, trailing zeros cut."""
    text = f"{round(value, places):,.{places}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


def distance_parts(meters: float) -> tuple[str, str]:
    """`DistanceFormatter.getDistanceParts` (metric): km above 0.5 km, else m."""
    if meters > 500:
        return format_decimal(meters / 1000), "km"
    return format_decimal(meters), "m"


def format_distance(meters: float) -> str:
    return "%s %s" % distance_parts(meters)


def speed_parts(mps: float) -> tuple[str, str]:
    """Speed in km/h with one decimal (the metric `SpeedFormatter`)."""
    return format_decimal(mps * 3.6, 1), "km/h"


def date_today_relative(day: date, today: date) -> str:
    """`StringUtils.formatDateTodayRelative`: Today, Yesterday, a weekday name within a week,
    "d MMM" this year, else "d MMM y"."""
    days = (today - day).days
    if days == 0:
        return "Today"
    if days == 1:
        return "Yesterday"
    if 0 < days < 7:
        return f"{day:%A}"
    if day.year == today.year:
        return f"{day.day} {day:%b}"
    return f"{day.day} {day:%b} {day.year}"


def time_distance(totaltime_ms: int, meters: float) -> str:
    """`ListItemUtils.getTimeDistanceText`: "1:02:03 (5.2 km)"."""
    return f"{format_elapsed(totaltime_ms)} ({format_distance(meters)})"


def granted_permissions_xml() -> str:
    """The permissions file as AndroidWorld's setup leaves it: location and notifications granted
    (`pm grant`), nearby devices allowed on the prompt, every prompt answered."""
    lines = ["<?xml version='1.0' encoding='utf-8' standalone='yes' ?>", "<map>"]
    for name in sorted(PERMISSION_KEYS + tuple(k + ".asked" for k in PERMISSION_KEYS)):
        lines.append(f'    <boolean name="{name}" value="true" />')
    lines.append("</map>")
    return "\n".join(lines) + "\n"
