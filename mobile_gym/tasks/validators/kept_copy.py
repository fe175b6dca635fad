"""A private copy of a device database with one guarded connection kept open between reads.

The SQLite state checks read a copy of an app's database, never the live file. A new copy for
every span of reads (one reset's baselines, one step's checks) pays SQLite's schema parse and
statement preparation each time, which is most of a small read. A `KeptCopy` keeps one file in
a private folder (on tmpfs when there is one) and one guarded, `query_only` connection on it.
Loading new bytes writes them over the file in place with the header's change counter moved
on, so SQLite drops its cached pages; while the schema (every row of `sqlite_master`) is the
same it keeps the parsed schema and the prepared statements, and reads the new bytes.

A kept connection must answer as a fresh copy would, so it is not used (`connection` answers
None and the caller makes a copy of its own) when:
* the database has a WAL or rollback journal beside it (SQLite must replay it from files);
* the bytes are not an SQLite 3 database, or reading their schema fails;
* a statement, or the schema (a view), may read the connection itself: pragma functions (its
  journal mode, data version), `sqlite_stmt` (its prepared statements), `sqlite_dbpage`.
A schema with `sqlite_stat*` tables (planner statistics, loaded with the schema) gets a fresh
connection on every load. The change counter it writes differs from the image's; no statement
that can run on the connection reads it.
"""

from __future__ import annotations

import os
import sqlite3
import weakref
from dataclasses import dataclass
from typing import Any

from mobile_gym.host_folders import PrivateFolder, make_private_folder
from mobile_gym.untrusted import sqlite_guard

__all__ = ["KeptConnection", "KeptCopy", "reads_connection_state"]

#: What a statement needs in its text to read the state of its connection rather than the
#: database's bytes (lower case; identifiers cannot be written without their letters).
_CONNECTION_WORDS = ("pragma", "sqlite_stmt", "sqlite_dbpage")
_SCHEMA_SQL = "SELECT type, name, tbl_name, rootpage, sql FROM sqlite_master"
_MAGIC = b"SQLite format 3\x00"
#: Name start of a kept copy's host folder (see `host_folders`).
COPY_FOLDER_PREFIX = "mobile_gym_dbcopy."


def reads_connection_state(sql: str) -> bool:
    """Whether `sql` may read the connection (not only the database), conservatively."""
    text = sql.lower()
    return any(word in text for word in _CONNECTION_WORDS)


@dataclass(frozen=True)
class KeptConnection:
    """A kept copy's connection (guarded, `query_only`), its guard's budget and the names of
    the database's tables (from the schema it checked)."""

    conn: sqlite3.Connection
    budget: sqlite_guard.Budget
    tables: tuple[str, ...]


class _State:
    """A KeptCopy's folder, connection and what it last loaded (closed by `discard`)."""

    def __init__(self) -> None:
        self.pid = os.getpid()
        self.folder: PrivateFolder | None = None
        self.conn: sqlite3.Connection | None = None
        self.budget: sqlite_guard.Budget | None = None
        self.limits: sqlite_guard.Limits | None = None
        self.image: tuple[bytes | None, ...] | None = None
        self.schema: list[tuple[Any, ...]] | None = None
        #: `_schema_page` of the bytes whose schema `schema` is, when those bytes hold it
        #: wholly on page 1 (None: read the schema again).
        self.schema_key: bytes | None = None
        self.counter = 0

    @property
    def path(self) -> str:
        assert self.folder is not None
        return os.path.join(self.folder.path, "copy.db")

    def close_connection(self) -> None:
        conn, self.conn, self.image, self.schema = self.conn, None, None, None
        self.schema_key = None
        if conn is not None:
            conn.close()

    def discard(self) -> None:
        """Close the connection and remove the folder (in the process that made them: a
        forked child leaves its parent's alone)."""
        if self.pid == os.getpid():
            self.close_connection()
        else:
            self.conn = None
        folder, self.folder = self.folder, None
        if folder is not None:
            folder.remove()


class KeptCopy:
    """One database's private copy and its kept connection (see the module)."""

    def __init__(self) -> None:
        self._state = _State()
        self._finalizer = weakref.finalize(self, self._state.discard)

    def connection(self, image: tuple[bytes | None, ...], limits: sqlite_guard.Limits,
                   sql: str) -> KeptConnection | None:
        """The kept connection holding `image` (main file, -wal, -shm, -journal), for running
        `sql`; None when a copy of its own must answer instead."""
        main, wal, _shm, journal = image
        if (main is None or wal is not None or journal is not None or len(main) < 100
                or not main.startswith(_MAGIC) or reads_connection_state(sql)):
            return None
        st = self._state
        if st.pid != os.getpid():  # forked: this process makes a folder and connection of its own
            st.discard()
            self._state = st = _State()
            self._finalizer.detach()
            self._finalizer = weakref.finalize(self, st.discard)
        if st.conn is None or st.image != image or st.limits != limits:
            try:
                self._load(main, limits)
            except (OSError, sqlite3.Error):
                st.close_connection()
                return None
            st.image = image
        assert st.conn is not None and st.budget is not None and st.schema is not None
        return KeptConnection(st.conn, st.budget,
                              tuple(row[1] for row in st.schema if row[0] == "table"))

    def _load(self, main: bytes, limits: sqlite_guard.Limits) -> None:
        st = self._state
        data = bytearray(main)
        if data[18:20] == b"\x02\x02":
            data[18:20] = b"\x01\x01"  # WAL mode -> rollback mode (no -wal beside it)
        # A change counter this copy has not had yet, so SQLite drops its cached pages; the
        # header's "version valid for" keeps saying whether the page count is valid.
        valid = data[24:28] == data[92:96]
        st.counter = (st.counter + 1) % 2**32
        if not valid and data[92:96] == st.counter.to_bytes(4, "big"):
            st.counter = (st.counter + 1) % 2**32
        data[24:28] = st.counter.to_bytes(4, "big")
        if valid:
            data[92:96] = data[24:28]
        key = _schema_page(data)
        if st.conn is not None and st.limits == limits:
            _overwrite(st.path, data)
            if key is not None and key == st.schema_key:
                return  # the same schema page and header fields: the same schema
            schema = self._schema()
            if schema == st.schema and not _has_statistics(schema):
                st.schema_key = key if _schema_on_page_one(data) else None
                return
            st.close_connection()  # another schema: parse it on a new connection
        if st.folder is None or not os.path.isdir(st.folder.path):
            # A private folder (if making it fails, reads fall back to copies of their own).
            st.folder = make_private_folder(COPY_FOLDER_PREFIX)
        with open(st.path, "wb") as fh:
            fh.write(data)
        self._open(limits)
        st.schema = self._schema()
        if any(row[4] and reads_connection_state(row[4]) for row in st.schema):
            raise sqlite3.DatabaseError("its schema may read the connection")
        st.schema_key = (key if _schema_on_page_one(data) and not _has_statistics(st.schema)
                         else None)

    def _open(self, limits: sqlite_guard.Limits) -> None:
        st = self._state
        st.close_connection()
        conn = sqlite3.connect(st.path, check_same_thread=False)
        try:
            st.budget = sqlite_guard.guard(conn, limits)
            conn.execute("PRAGMA query_only = ON").close()
        except BaseException:
            conn.close()
            raise
        st.conn, st.limits = conn, limits

    def _schema(self) -> list[tuple[Any, ...]]:
        st = self._state
        assert st.conn is not None and st.budget is not None
        st.budget.restart()
        cur = st.conn.execute(_SCHEMA_SQL)
        try:
            return cur.fetchall()
        finally:
            cur.close()

    def close(self) -> None:
        """Close the connection and remove the copy."""
        self._finalizer()


def _overwrite(path: str, data: bytes | bytearray) -> None:
    """Write `data` over the file at `path` in place (the kept connection has it open)."""
    fd = os.open(path, os.O_WRONLY)
    try:
        view = memoryview(data)
        while view:
            view = view[os.pwrite(fd, view, len(data) - len(view)):]
        os.ftruncate(fd, len(data))
    finally:
        os.close(fd)


def _page_size(data: bytes | bytearray) -> int:
    size = int.from_bytes(data[16:18], "big")
    return 65536 if size == 1 else size


def _schema_page(data: bytes | bytearray) -> bytes | None:
    """The header fields about pages and the schema, and page 1 (which holds `sqlite_master`,
    wholly when `_schema_on_page_one`); None when the bytes are too short to hold them."""
    page_size = _page_size(data)
    if len(data) < max(page_size, 512):
        return None
    return bytes(data[16:24]) + bytes(data[40:72]) + bytes(data[100:page_size])


def _schema_on_page_one(data: bytes | bytearray) -> bool:
    """Whether `sqlite_master` lies wholly on page 1: a leaf page none of whose rows overflow
    onto other pages (then equal `_schema_page`s mean equal schemas)."""
    page_size = _page_size(data)
    usable = page_size - data[20]
    if len(data) < max(page_size, 512) or data[100] != 0x0D:  # 0x0D: a leaf page of a table
        return False
    try:
        for i in range(int.from_bytes(data[103:105], "big")):
            cell = int.from_bytes(data[108 + 2 * i:110 + 2 * i], "big")
            if cell >= page_size or _varint(data, cell) > usable - 35:  # spills onto other pages
                return False
    except IndexError:
        return False
    return True


def _varint(data: bytes | bytearray, at: int) -> int:
    """SQLite's variable-length integer at `at` (1 to 9 bytes, big-endian)."""
    value = 0
    for i in range(8):
        byte = data[at + i]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value
    return (value << 8) | data[at + 8]


def _has_statistics(schema: list[tuple[Any, ...]]) -> bool:
    """Whether the schema has planner statistics, which SQLite reads only with the schema."""
    return any(str(row[1]).lower().startswith("sqlite_stat") for row in schema)
