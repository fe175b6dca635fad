"""What the content providers share: a result table, bad-URI errors, and a database opened
through the phone's storage (created on first use, again after `pm clear` of the provider)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mobile_gym.sim.system.clock import Clock
    from mobile_gym.sim.system.storage import Storage

Value = str | int | float | bytes | None
#: `PRAGMA user_version` of a provider database whose schema is in place.
SCHEMA_VERSION = 1


class ProviderError(ValueError):
    """A request a provider refuses (unknown URI, bad column, bad value); the message is what
    the `content` command prints after `Error while accessing provider:`."""


@dataclass(frozen=True)
class QueryResult:
    """A cursor's columns and rows."""

    columns: tuple[str, ...]
    rows: tuple[tuple[Value, ...], ...]

    def dicts(self) -> list[dict[str, Value]]:
        return [dict(zip(self.columns, row)) for row in self.rows]


class ProviderDb:
    """One provider database at a device path, with its schema applied on every open."""

    def __init__(self, storage: Storage, clock: Clock, path: str, schema: Sequence[str]) -> None:
        self.storage = storage
        self.clock = clock
        self.path = path
        self.schema = tuple(schema)

    def connect(self) -> sqlite3.Connection:
        """A fresh connection (close it before the step ends)."""
        self.storage.mkdir(self.path.rsplit("/", 1)[0], parents=True)
        conn = sqlite3.connect(self.storage.host_path(self.path), isolation_level=None)
        # the phone's storage is a scratch folder: no fsync, journal in memory
        conn.execute("PRAGMA synchronous = OFF")
        conn.execute("PRAGMA journal_mode = MEMORY")
        if conn.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
            for statement in self.schema:
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        return conn

    def now_ms(self) -> int:
        return round(self.clock.now() * 1000)


def select(conn: sqlite3.Connection, sql: str, args: Sequence[Value] = ()) -> QueryResult:
    """Run a SELECT; sqlite errors become ProviderError (a bad --where or --projection)."""
    try:
        cur = conn.execute(sql, tuple(args))
    except sqlite3.Error as exc:
        raise ProviderError(f"{exc} (while compiling: {sql})") from None
    columns = tuple(d[0] for d in cur.description or ())
    return QueryResult(columns, tuple(tuple(r) for r in cur.fetchall()))


def projection_sql(projection: Sequence[str] | None, allowed: Sequence[str]) -> str:
    """The SELECT list: the requested columns (each one the provider has) or all of them."""
    if not projection:
        return ", ".join(allowed)
    for col in projection:
        if col not in allowed:
            raise ProviderError(f"no such column: {col}")
    return ", ".join(projection)
