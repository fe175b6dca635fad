"""Tasks.org 13.6.3: its catalogue record and the `tasks` row (Room schema 88, the 22 columns
AndroidWorld's `Task` dataclass maps plus `_id`), shared by the simulated app and the Tasks
information-retrieval families.

Values are the app's own: timestamps in milliseconds (0 = unset), `importance` 0 = high,
1 = medium, 2 = low, 3 = none (`Task.Priority`); a due date without a time is stored at 12:00.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import date, datetime, timezone
from operator import attrgetter
from typing import Any

from mobile_gym.apps import AppRecord
from mobile_gym.apps.sql_text import insert_rows_sql

APP = AppRecord(
    key="tasks",
    package="org.tasks",
    label="Tasks",
    main_activity="com.todoroo.astrid.activity.MainActivity",
    version="13.6.3",
    version_code=130605,
    aliases=("tasks.org", "tasks app"),
    databases=("database",),
)

DB_PATH = APP.database_path("database")
TABLE = "tasks"

HIGH, MEDIUM, LOW, NONE = 0, 1, 2, 3
PRIORITY_NAMES = {HIGH: "High", MEDIUM: "Medium", LOW: "Low", NONE: "None"}
#: The complete box's colour per importance (colors.xml red_500, orange_500, blue_500, grey).
PRIORITY_COLORS = {HIGH: 0xFFF44336, MEDIUM: 0xFFFF9800, LOW: 0xFF2196F3, NONE: 0xFF9E9E9E}
HOUR_MS = 3_600_000

CREATE_TASKS = (
    "CREATE TABLE IF NOT EXISTS `tasks` (`_id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, "
    "`title` TEXT, `importance` INTEGER NOT NULL, `dueDate` INTEGER NOT NULL, "
    "`hideUntil` INTEGER NOT NULL, `created` INTEGER NOT NULL, `modified` INTEGER NOT NULL, "
    "`completed` INTEGER NOT NULL, `deleted` INTEGER NOT NULL, `notes` TEXT, "
    "`estimatedSeconds` INTEGER NOT NULL, `elapsedSeconds` INTEGER NOT NULL, "
    "`timerStart` INTEGER NOT NULL, `notificationFlags` INTEGER NOT NULL, "
    "`lastNotified` INTEGER NOT NULL, `recurrence` TEXT, `repeat_from` INTEGER NOT NULL "
    "DEFAULT 0, `calendarUri` TEXT, `remoteId` TEXT, `collapsed` INTEGER NOT NULL, "
    "`parent` INTEGER NOT NULL, `order` INTEGER, `read_only` INTEGER NOT NULL DEFAULT 0)")
CREATE_STATEMENTS = (CREATE_TASKS,)


@dataclass(frozen=True)
class Task:
    """One row of `tasks`; `_id` is None until inserted."""

    title: str
    importance: int = LOW
    dueDate: int = 0
    hideUntil: int = 0
    created: int = 0
    modified: int = 0
    completed: int = 0
    deleted: int = 0
    notes: str | None = None
    estimatedSeconds: int = 0
    elapsedSeconds: int = 0
    timerStart: int = 0
    notificationFlags: int = 0
    lastNotified: int = 0
    recurrence: str | None = None
    repeat_from: int = 0
    calendarUri: str | None = None
    remoteId: str | None = None
    collapsed: int = 0
    parent: int = 0
    order: int | None = None
    read_only: int = 0
    _id: int | None = None

    @property
    def due_day(self) -> date | None:
        """The due date's calendar day (UTC, the device's zone), None when unset."""
        if not self.dueDate:
            return None
        return datetime.fromtimestamp(self.dueDate / 1000, tz=timezone.utc).date()

    @property
    def is_completed(self) -> bool:
        return self.completed > 0

    def as_row(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


COLUMNS: tuple[str, ...] = tuple(f.name for f in fields(Task))


def due_at_noon(day: date) -> int:
    """The `dueDate` of a date without a time (the app stores those at 12:00, ms)."""
    return int(datetime(day.year, day.month, day.day, 12, tzinfo=timezone.utc).timestamp()) * 1000


def seeded(title: str, due: int, importance: int = LOW, completed: int = 0,
           notes: str | None = None) -> Task:
    """A task as AndroidWorld seeds it: created = modified = due - 7 h."""
    return Task(**seeded_fields(title, due, importance, completed, notes))


def seeded_fields(title: str, due: int, importance: int = LOW, completed: int = 0,
                  notes: str | None = None) -> dict[str, Any]:
    """The fields `seeded` gives its Task (for makers that build many of them at once)."""
    created = due - 7 * HOUR_MS
    return {"title": title, "importance": importance, "dueDate": due, "created": created,
            "modified": created, "completed": completed, "notes": notes}


# Due dates as the app writes them (`DateUtilities.getRelativeDateTime`, en-US, device zone
# UTC): within six days of today a relative day, else the date with the current year stripped.


def _day(ms: int) -> date:
    return datetime.fromtimestamp(ms / 1000, tz=timezone.utc).date()


def relative_due(due_ms: int, today: date, *, full: bool = False) -> str:
    """The list row's text (MEDIUM style: "Tmrw", "Fri", "Oct 20"; `full`: the edit screen's
    FULL style: "Tomorrow", "Friday", "Friday, October 20")."""
    day = _day(due_ms)
    delta = (day - today).days
    if delta == 0:
        return "Today"
    if delta == 1:
        return "Tomorrow" if full else "Tmrw"
    if delta == -1:
        return "Yesterday" if full else "Yest"
    if abs(delta) <= 6:
        return day.strftime("%A" if full else "%a")
    text = (f"{day:%A}, {day:%B} {day.day}, {day.year}" if full
            else f"{day:%b} {day.day}, {day.year}")
    return text.replace(f", {today.year}", "")


def sql_literal(v: object) -> str:
    if v is None:
        return "NULL"
    if isinstance(v, int):
        return str(v)
    return "'" + str(v).replace("'", "''") + "'"


_INSERT_COLUMNS = tuple(c for c in COLUMNS if c != "_id")


def reset_sql(tasks: list[Task]) -> str:
    """Empty `tasks` and insert `tasks` in order, in one transaction."""
    cols = [f"`{c}`" for c in _INSERT_COLUMNS]
    rows = list(map(attrgetter(*_INSERT_COLUMNS), tasks))
    return (f"{CREATE_TASKS}; BEGIN; DELETE FROM tasks; "
            f"DELETE FROM sqlite_sequence WHERE name = 'tasks'; "
            f"{insert_rows_sql('tasks', cols, rows, sql_literal)} COMMIT;")
