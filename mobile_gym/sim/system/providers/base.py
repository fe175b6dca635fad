"""What the content providers share: a result table, bad-URI errors, and a database opened
through the phone's storage (created on first use, again after `pm clear` of the provider),
whose connection is kept open across commands while it is as good as a fresh one
(`mobile_gym.sim.system.kept_connections`)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mobile_gym.sim.system.kept_connections import KeptConnections

if TYPE_CHECKING:
    from mobile_gym.sim.system.clock import Clock
    from mobile_gym.sim.system.storage import Storage

Value = str | int | float | bytes | None
#: `PRAGMA user_version` of a provider database whose schema is in place.
SCHEMA_VERSION = 1
#: The providers' kept connections (one pool per phone, shared by its states).
ProviderConnections = KeptConnections


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

    def __init__(self, storage: Storage, clock: Clock, path: str, schema: Sequence[str],
                 connections: ProviderConnections) -> None:
        self.storage = storage
        self.clock = clock
        self.path = path
        self.schema = tuple(schema)
        self.connections = connections

    @contextmanager
    def session(self) -> Iterator[sqlite3.Connection]:
        """A connection for one command: the kept one when still valid, else a new one. It is
        kept afterwards only when the command ended normally with no transaction open; else it
        is closed (rolling back, as closing did when every command had its own connection)."""
        taken = self.connections.take(self.storage, self.path)
        if taken is None:
            host = self.host()
            conn = self._open(host)
        else:
            conn, unchanged, host = taken
            if not unchanged:
                try:
                    self._ensure_schema(conn)
                except BaseException:
                    conn.close()
                    raise
        try:
            yield conn
        except BaseException:
            conn.close()
            raise
        if conn.in_transaction:
            conn.close()
        else:
            self.connections.keep(self.storage, self.path, host, conn)

    def _open(self, host: str) -> sqlite3.Connection:
        """A fresh connection to the database at `host` (its schema in place)."""
        conn = sqlite3.connect(host, isolation_level=None)
        # the phone's storage is a scratch folder: no fsync, journal in memory
        conn.execute("PRAGMA synchronous = OFF")
        conn.execute("PRAGMA journal_mode = MEMORY")
        self._ensure_schema(conn)
        return conn

    def host(self) -> str:
        """The database's host path, its folder made first (the file may not exist yet)."""
        self.storage.mkdir(self.path.rsplit("/", 1)[0], parents=True)
        return self.storage.host_path(self.path)

    def _ensure_schema(self, conn: sqlite3.Connection) -> None:
        if conn.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
            for statement in self.schema:
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

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
