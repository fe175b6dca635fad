"""accounting.db and the default SharedPreferences of Pro Expense, as the app writes them.

The database is created as Room (schema version 6) creates it on first open; a connection is
opened per operation (a task may replace the file between steps). Rows seeded through the shell
are read like the app's own; values SQLite stores loosely typed are coerced on read.
The preferences file is Android's SharedPreferences XML (`isFirstTime` ends the onboarding).
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING
from xml.etree import ElementTree as ET
from xml.sax.saxutils import escape, quoteattr

from mobile_gym.apps import expense as model

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
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with closing(self._connect()) as con:
            if con.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='expense'"
                           ).fetchone():
                return False
            con.execute("PRAGMA journal_mode=WAL")
            con.execute("BEGIN")
            con.execute("CREATE TABLE IF NOT EXISTS android_metadata (locale TEXT)")
            if not con.execute("SELECT 1 FROM android_metadata").fetchone():
                con.execute("INSERT INTO android_metadata VALUES ('en_US')")
            for stmt in model.SCHEMA:
                con.execute(stmt)
            con.execute(f"PRAGMA user_version = {model.ROOM_VERSION}")
            con.execute("COMMIT")
        return True

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


class Preferences:
    """The app's default SharedPreferences (`<package>_preferences.xml`)."""

    def __init__(self, host_path: str | Path) -> None:
        self.path = Path(host_path)

    def _load(self) -> dict[str, tuple[str, str]]:
        if not self.path.exists():
            return {}
        try:
            root = ET.fromstring(self.path.read_bytes())
        except ET.ParseError:
            return {}
        return {el.get("name", ""): (el.tag, el.get("value", el.text or "")) for el in root}

    def is_first_user(self) -> bool:
        tag, value = self._load().get(model.KEY_FIRST_USER, ("boolean", "true"))
        return not (tag == "boolean" and value == "false")

    def set_first_user(self, first: bool) -> None:
        entries = self._load()
        entries[model.KEY_FIRST_USER] = ("boolean", "true" if first else "false")
        lines = ["<?xml version='1.0' encoding='utf-8' standalone='yes' ?>", "<map>"]
        for name in sorted(entries):
            tag, value = entries[name]
            if tag == "string":
                lines.append(f"    <string name={quoteattr(name)}>{escape(value)}</string>")
            else:
                lines.append(f"    <{tag} name={quoteattr(name)} value={quoteattr(value)} />")
        lines.append("</map>")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text("\n".join(lines) + "\n", encoding="utf-8")


class ExpenseStorage:
    """accounting.db + the preferences of one device, resolved through the device storage."""

    def __init__(self, ctx: AppContext) -> None:
        self._ctx = ctx
        self.db = ExpenseDb(ctx.database_path("accounting.db"))
        ctx.storage.mkdir(f"{ctx.data_dir}/shared_prefs", parents=True)
        self.prefs = Preferences(ctx.storage.host_path(model.PREFS_PATH))

    def ensure_created(self) -> None:
        """Open the database (creating it); a corrupt file is deleted and created again, as
        Android's DefaultDatabaseErrorHandler does."""
        try:
            self.db.ensure_created()
        except sqlite3.DatabaseError:
            path = model.DB_PATH
            self._ctx.log("E", "SQLiteDatabase", f"Corruption reported by sqlite on database: {path}")
            for suffix in ("", "-wal", "-shm", "-journal"):
                if self._ctx.storage.exists(path + suffix):
                    self._ctx.storage.remove(path + suffix)
            self.db.ensure_created()
