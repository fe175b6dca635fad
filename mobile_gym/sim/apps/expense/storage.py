"""accounting.db and the default SharedPreferences of Pro Expense, as the app writes them.

The database is created as Room (schema version 6) creates it on first open; a connection is
opened per operation (a task may replace the file between steps). Rows seeded through the shell
are read like the app's own; values SQLite stores loosely typed are coerced on read.
The preferences file is Android's SharedPreferences XML (`isFirstTime` false ends the
onboarding).
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING

from mobile_gym.apps import expense as model

from ...system.room import create_room_database, open_or_recreate
from ...system.shared_prefs import SharedPreferences

if TYPE_CHECKING:
    from ...system.activity import AppContext

_COLS = ", ".join(f"`{c}`" for c in model.EXPENSE_COLUMNS)
_INSERT_COLS = [c for c in model.EXPENSE_COLUMNS if c != "expense_id"]


def _int(v: object) -> int:
    try:
        return int(float(v))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return 0


def _row(r: tuple) -> model.Expense:
    eid, name, amount, category, note, created, modified = r
    return model.Expense(name="" if name is None else str(name), amount=_int(amount),
                         category=_int(category), note="" if note is None else str(note),
                         created_date=_int(created), modified_date=_int(modified),
                         expense_id=_int(eid))


class ExpenseDb:
    """accounting.db at a host path (the file behind model.DB_PATH)."""

    def __init__(self, host_path: str | Path) -> None:
        self.path = Path(host_path)

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, isolation_level=None)

    def ensure_created(self) -> bool:
        """Create the schema as Room does on first open; True if created now. A file that
        already has the `expense` table is left as it is."""
        return create_room_database(self.path, model.EXPENSE_TABLE, model.SCHEMA,
                                    model.ROOM_VERSION)

    def insert(self, e: model.Expense) -> int:
        """ExpenseDao.insertExpense (the id left to AUTOINCREMENT); returns the new id."""
        row = e.as_row()
        with closing(self._connect()) as con:
            cur = con.execute(f"INSERT INTO expense ({', '.join(_INSERT_COLS)}) VALUES "
                              f"({', '.join('?' * len(_INSERT_COLS))})",
                              [row[c] for c in _INSERT_COLS])
            return int(cur.lastrowid or 0)

    def update(self, e: model.Expense) -> None:
        """ExpenseDao.updateExpense: the row with the same expense_id."""
        if e.expense_id is None:
            raise ValueError("update() needs an expense with an id")
        row = e.as_row()
        with closing(self._connect()) as con:
            con.execute(f"UPDATE expense SET {', '.join(f'{c} = ?' for c in _INSERT_COLS)} "
                        "WHERE expense_id = ?", [row[c] for c in _INSERT_COLS] + [e.expense_id])

    def delete(self, ids: list[int]) -> None:
        """ExpenseDao.deleteExpenseByIDs."""
        if not ids:
            return
        with closing(self._connect()) as con:
            con.execute(f"DELETE FROM expense WHERE expense_id IN ({','.join('?' * len(ids))})",
                        ids)

    def all(self) -> list[model.Expense]:
        """`SELECT * FROM expense ORDER BY modified_date DESC` (the logs list)."""
        with closing(self._connect()) as con:
            rows = con.execute(f"SELECT {_COLS} FROM expense "
                               "ORDER BY modified_date DESC, expense_id DESC").fetchall()
        return [_row(r) for r in rows]

    def get(self, expense_id: int) -> model.Expense | None:
        with closing(self._connect()) as con:
            r = con.execute(f"SELECT {_COLS} FROM expense WHERE expense_id = ?",
                            (expense_id,)).fetchone()
        return _row(r) if r else None


class Preferences(SharedPreferences):
    """The app's default SharedPreferences (`<package>_preferences.xml`)."""

    def is_first_user(self) -> bool:
        return self.get_bool(model.KEY_FIRST_USER, True)

    def set_first_user(self, first: bool) -> None:
        self.put(**{model.KEY_FIRST_USER: first})


class ExpenseStorage:
    """accounting.db + the preferences of one device, resolved through the device storage."""

    def __init__(self, ctx: AppContext) -> None:
        self._ctx = ctx
        self.db = ExpenseDb(ctx.database_path("accounting.db"))
        ctx.storage.mkdir(f"{ctx.data_dir}/shared_prefs", parents=True)
        self.prefs = Preferences(ctx.storage.host_path(model.PREFS_PATH))

    def ensure_created(self) -> None:
        """Open the database (creating it); a corrupt file is deleted and created again."""
        open_or_recreate(self._ctx, model.DB_PATH, self.db.ensure_created)
