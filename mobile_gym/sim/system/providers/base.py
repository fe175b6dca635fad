"""What the content providers share: a result table, bad-URI errors, and a database opened
through the phone's storage (created on first use, again after `pm clear` of the provider),
whose connection is kept open across commands while nothing else changes the file."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Hashable, Iterator, Sequence
from contextlib import contextmanager
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


#: What a kept connection's file looked like when it was put back: (inode, header bytes 18-19:
#: the read/write format versions, 1 = rollback journal; bytes 24-39: the file change counter,
#: page count and freelist, which SQLite compares before each read to drop a stale page cache).
_Seen = tuple[int, bytes, bytes]


def _seen(host: str) -> _Seen | None:
    """`_Seen` of the database file at `host`; None when it is missing or no database yet."""
    try:
        fd = os.open(host, os.O_RDONLY)  # no buffered file object: 40 bytes are wanted
    except OSError:
        return None
    try:
        inode = os.fstat(fd).st_ino
        head = os.pread(fd, 40, 0)
    except OSError:
        return None
    finally:
        os.close(fd)
    return (inode, head[18:20], head[24:40]) if len(head) == 40 else None


class ProviderConnections:
    """The open connections of a phone's provider databases, by device path, kept between
    commands: opening one costs more than most commands (SQLite parses the schema with its
    triggers again), and every `content insert` of a reset would pay it.

    A kept connection is handed out again as it is while `Storage.version` of its file is what
    it was when the connection was put back: nothing but that connection changed the file. When
    something did (a storage restore, a removal or rename, another connection's write: the apps',
    the `sqlite3` command's), it is handed out again only when SQLite sees the change by itself
    (the same inode, in rollback-journal mode, with another change counter / page count in the
    header, so SQLite drops its page cache on the next read, as it does for any other writer)
    and the caller checks the schema again; otherwise it is closed and a new one opened, as
    every command did before. The device shares this object between its states (it is no part
    of a snapshot) and closes it with itself."""

    def __init__(self) -> None:
        # device path -> (connection, Storage.version, host path, _Seen) when put back
        self._kept: dict[str, tuple[sqlite3.Connection, Hashable, str, _Seen | None]] = {}

    def take(self, storage: Storage, path: str) -> tuple[sqlite3.Connection, bool, str] | None:
        """The kept connection to `path`, whether the file is as it left it, and its host path
        (it is then no longer kept until `keep`); None when there is none or it was stale (it is
        closed)."""
        found = self._kept.pop(path, None)
        if found is None:
            return None
        conn, version, host, seen = found
        if storage.version(path) == version:
            return conn, True, host
        try:
            host = storage.host_path(path)
            now = _seen(host)
        except BaseException:
            conn.close()
            raise
        if seen is not None and now is not None and now[0] == seen[0] and now[1] == seen[1] == b"\x01\x01" \
                and now[2] != seen[2]:
            return conn, False, host
        conn.close()
        return None

    def keep(self, storage: Storage, path: str, host: str, conn: sqlite3.Connection) -> None:
        """Keep `conn` (idle: no transaction open) to `path` (at `host`, as `Storage.host_path`
        gave it) with the file's version and header now."""
        previous = self._kept.pop(path, None)
        if previous is not None:  # a nested session's connection: one is enough
            previous[0].close()
        self._kept[path] = (conn, storage.version(path), host, _seen(host))

    def close(self) -> None:
        for found in self._kept.values():
            found[0].close()
        self._kept.clear()


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
