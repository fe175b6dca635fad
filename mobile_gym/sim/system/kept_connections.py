"""SQLite connections the `sqlite3` command keeps open between calls, handed out again only
while one is as good as a fresh connection to the same file.

Opening a connection costs more than most calls that use it (the connection itself, SQLite
parsing the schema, the first read of the file), and a phone's reset writes a seed's rows
with such a call every time. A kept connection is handed out again as it is while
`Storage.version` of its file is what it was when the connection was put back: nothing but
that connection changed the file. When something did (a storage restore, another
connection's write), it is handed out again only when SQLite sees the change by itself and the
schema it holds is the file's: the same inode in rollback-journal mode, another change counter
/ page count in the header (SQLite compares those bytes before each read and drops its page
cache when they moved, as it does for any other writer), the rest of the header as it was
(schema cookie, text encoding, user version) and the same `sqlite_schema` rows (proven by a
byte-equal page 1 when that page holds them all, else read). Otherwise it is closed and the
caller opens a new one.

Only connections to rollback-journal files with a plain schema are kept: a WAL file's
connection keeps the `-wal` and `-shm` files alive (closing the last one removes them), and a
schema with virtual tables, `sqlite_stat*` tables, or triggers or views that read the
connection's own counters (`changes()`, `total_changes()`, `last_insert_rowid()`) would let
one call see what an earlier one did on the connection.

(The content providers keep theirs with `providers.base.ProviderConnections`, which checks the
inode, journal mode and change counter but not the schema rows.)
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Hashable
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from mobile_gym.sim.system.storage import Storage
    from mobile_gym.untrusted.sqlite_guard import Budget

#: Header bytes 18-19 (write and read format versions) of a rollback-journal database.
_ROLLBACK = b"\x01\x01"
#: The same bytes of a WAL database.
_WAL = b"\x02\x02"
#: What `sqlite_schema` holds, read to tell whether a kept connection's schema is the file's.
_SCHEMA_ROWS = "SELECT type, name, tbl_name, rootpage, sql FROM sqlite_schema"
#: Text in SQL that reads a connection's own counters (`changes()`, `total_changes()`,
#: `last_insert_rowid()`).
COUNTER_FUNCTIONS = ("changes", "last_insert_rowid")

SchemaRows = tuple[tuple[object, ...], ...]


class FileHeader(NamedTuple):
    """A database file's inode and the parts of its first page that tell a kept connection's
    fate: the 100-byte header (apart from the counters every write moves) and the root page of
    `sqlite_schema` that follows it. (A named tuple: one is made per command.)"""

    inode: int
    formats: bytes  # bytes 18-19: 1 1 for a rollback journal, 2 2 for WAL
    versions: bytes  # bytes 24-39: change counter, page count, freelist (SQLite compares them)
    schema: bytes  # bytes 40-91: schema cookie and format, encoding, user version, ...
    layout: bytes  # bytes 0-17 and 20-23: magic, page size, reserved bytes, payload fractions
    schema_page: bytes  # the rest of page 1: the root page of the sqlite_schema b-tree

    @property
    def rollback_journal(self) -> bool:
        return self.formats == _ROLLBACK

    @property
    def wal(self) -> bool:
        return self.formats == _WAL

    @property
    def page_size(self) -> int | None:
        """The page size the header gives (bytes 16-17, 1 for 65536), None when that is no
        page size SQLite takes (a power of two from 512 to 65536)."""
        size = int.from_bytes(self.layout[16:18], "big")
        size = 65536 if size == 1 else size
        return size if 512 <= size <= 65536 and size & (size - 1) == 0 else None

    def same_schema_page(self, other: FileHeader) -> bool:
        """Whether `other` has this header's schema bytes, layout and sqlite_schema root page."""
        return (self.schema, self.layout, self.schema_page) == (other.schema, other.layout, other.schema_page)

    def holds_whole_schema(self, rows: SchemaRows) -> bool:
        """Whether page 1 holds every byte of these `sqlite_schema` rows (its b-tree is one
        leaf page and no row spills to an overflow page), so two files with the same page 1
        have the same schema."""
        if not self.schema_page or self.schema_page[0] != _LEAF_TABLE_PAGE:
            return False
        page_size = int.from_bytes(self.layout[16:18], "big") or 65536
        max_local = page_size - self.layout[18] - 35  # (layout byte 18 is header byte 20)
        for row in rows:
            text = sum(len(v) for v in row if isinstance(v, str))
            if 47 + 8 + 4 * text > max_local:  # record header, rootpage, 4 bytes a character at most
                return False
        return True


#: The first byte of a leaf page of a table b-tree.
_LEAF_TABLE_PAGE = 0x0D
#: Bytes read for page 1 at once (the page size of nearly every database).
_FIRST_READ = 4096


def read_header(host: str, *, page: bool = True) -> FileHeader | None:
    """`FileHeader` of the database file at `host` (with `page=False`, without the rest of
    page 1: `schema_page` is empty); None when it is missing or no database yet."""
    try:
        fd = os.open(host, os.O_RDONLY)  # no buffered file object: one page is wanted
    except OSError:
        return None
    try:
        inode = os.fstat(fd).st_ino
        head = os.pread(fd, _FIRST_READ if page else 100, 0)
        page_size = (int.from_bytes(head[16:18], "big") or 65536) if len(head) >= 100 else 0
        if page_size == 1:
            page_size = 65536
        if page and page_size > len(head) == _FIRST_READ:
            head += os.pread(fd, page_size - _FIRST_READ, _FIRST_READ)
    except OSError:
        return None
    finally:
        os.close(fd)
    if len(head) < 100:
        return None
    return FileHeader(inode, head[18:20], head[24:40], head[40:92], head[:18] + head[20:24],
                      head[100:page_size])


class Taken(NamedTuple):
    """A kept connection handed out by `KeptConnections.take`: the connection, the budget the
    guard installed on it, and the page size its file's header gives (None when it gives
    none SQLite takes), which `sqlite_guard.rebudget` bounds the file with instead of asking
    SQLite: the header is the one the file has now (nothing else wrote it since it was read,
    or it was read again and its layout, page size included, is the same)."""

    conn: sqlite3.Connection
    budget: Budget
    page_size: int | None


class _Kept(NamedTuple):
    """A connection put back with the guard's budget installed on it: the file's version and
    header then, and its schema rows (whether page 1 holds all of them)."""

    conn: sqlite3.Connection
    budget: Budget
    version: Hashable
    host: str
    header: FileHeader
    schema: SchemaRows
    schema_on_page_one: bool


class KeptConnections:
    """Idle connections by device path (see the module's docstring). The device shares this
    object between its states (it is no part of a snapshot) and closes it with itself."""

    def __init__(self) -> None:
        self._kept: dict[str, _Kept] = {}
        # the schema rows last read for a connection now handed out, with the header then (so
        # `keep` reads them again only when its command changed the schema cookie)
        self._out: dict[str, _Kept] = {}
        # the last page 1 found to hold a whole plain schema, with its rows, by path: a new
        # connection to a file with the same page 1 has that schema (no rows query)
        self._pages: dict[str, tuple[FileHeader, SchemaRows]] = {}

    def take(self, storage: Storage, path: str, host: str) -> Taken | None:
        """The connection kept for `path` (at `host`, as `Storage.host_path` gives it now) when
        it is as good as a fresh one (out of the pool until `keep` puts it back), with the
        budget installed on it and the file's page size; None when none is kept or the one kept
        was not (closed)."""
        found = self._kept.pop(path, None)
        if found is None:
            return None
        if storage.version(path) == found.version:  # nothing else touched the file
            self._out[path] = found
            return Taken(found.conn, found.budget, found.header.page_size)
        try:
            now = read_header(host, page=found.schema_on_page_one)
            was = found.header
            if now is not None and now.inode == was.inode and now.rollback_journal \
                    and now.versions != was.versions and now.schema == was.schema and now.layout == was.layout \
                    and ((found.schema_on_page_one and now.schema_page == was.schema_page)
                         or _schema_rows(found.conn) == found.schema):
                # page 1 now (when read) encodes the rows, which are the connection's schema
                on_page_one = bool(now.schema_page) and (now.schema_page == was.schema_page
                                                         or now.holds_whole_schema(found.schema))
                self._out[path] = found._replace(host=host, header=now, schema_on_page_one=on_page_one)
                return Taken(found.conn, found.budget, now.page_size)
        except sqlite3.Error:
            pass  # the file is no database SQLite can read now: a new connection says so
        except BaseException:
            found.conn.close()
            raise
        found.conn.close()
        return None

    def keep(self, storage: Storage, path: str, host: str, conn: sqlite3.Connection, budget: Budget) -> None:
        """Keep `conn` (idle: no transaction open) to `path` (at `host`, as `Storage.host_path`
        gave it), with the budget the guard installed on it (`sqlite_guard.rebudget` renews it),
        the file's version and header now; it is closed instead when the file is no
        rollback-journal database with a plain schema."""
        previous = self._kept.pop(path, None)
        if previous is not None:  # a nested session's connection: one is enough
            previous.conn.close()
        out = self._out.pop(path, None)
        if out is not None and out.conn is not conn:
            out = None
        header = read_header(host, page=out is None)  # (a taken connection's page: see below)
        if header is None or not header.rollback_journal:
            conn.close()
            return
        if out is not None and out.header.schema == header.schema:
            # The command left the schema cookie alone: the same (plain) rows, which the page 1
            # read before (when it holds them all) proves, whatever the command did to the file.
            schema, on_page_one = out.schema, out.schema_on_page_one
            header = header._replace(schema_page=out.header.schema_page)
        else:
            if out is not None:  # the schema changed: page 1 is wanted after all
                header = read_header(host)
                if header is None or not header.rollback_journal:
                    conn.close()
                    return
            proven = self._pages.get(path)
            if proven is not None and proven[0].same_schema_page(header):
                schema, on_page_one = proven[1], True  # the page 1 of a schema read before
            else:
                try:
                    schema = _schema_rows(conn)
                except sqlite3.Error:
                    conn.close()
                    return
                if not _plain_schema(schema):
                    conn.close()
                    return
                on_page_one = header.holds_whole_schema(schema)
                if on_page_one:
                    self._pages[path] = (header, schema)
        self._kept[path] = _Kept(conn, budget, storage.version(path), host, header, schema, on_page_one)

    def close(self) -> None:
        for found in self._kept.values():
            found.conn.close()
        self._kept.clear()
        self._out.clear()
        self._pages.clear()


def _schema_rows(conn: sqlite3.Connection) -> SchemaRows:
    """The rows of `sqlite_schema` as the file holds them, read through the idle `conn` with
    no progress handler (the one a command installed may be past its deadline; the next
    command installs its own)."""
    conn.set_progress_handler(None, 0)
    return tuple(conn.execute(_SCHEMA_ROWS).fetchall())


def _plain_schema(rows: SchemaRows) -> bool:
    """Whether a connection to a database with this schema leaves nothing in itself that a
    later command could see (no virtual tables, statistics, or counter-reading triggers and
    views)."""
    for kind, name, _table, _root, sql in rows:
        text = str(sql or "").lower()
        if str(name).startswith("sqlite_stat") or (kind == "table" and text.lstrip().startswith("create virtual")):
            return False
        if kind in ("trigger", "view") and any(f in text for f in COUNTER_FUNCTIONS):
            return False
    return True
