"""SQLite state validators (AndroidWorld's row-addition and row-removal integrity, made strict).

Rows are plain mappings column -> value (dataclass rows are accepted and converted). Reading a
database pulls the file (and its -wal / -shm / -journal companions) through the Device and
queries a copy with Python's sqlite3 (in memory, in a temporary directory when a journal must
be replayed, or, for the event engine's reads, one `kept_copy.KeptCopy` per database kept from
reset to step to reset), which works the same on the simulator and on a real device and never
touches the app's live file.

Strictness fixes over AndroidWorld (android_world.md section 4.2/4.4):
* expected rows are paired one-to-one with DISTINCT new rows (maximum bipartite matching), so
  one added row cannot satisfy two expectations, and a pre-existing row never counts as new;
* row multisets are compared, so a duplicated or edited pre-existing row fails;
* fuzzy free text: an empty expected text only matches an empty value;
* removal: no row with a removed id may remain (not just "the identical row is gone").

Every statement runs under the limits below and the shared SQLite guard
(`mobile_gym.untrusted.sqlite_guard`: no ATTACH, VACUUM INTO or file-changing pragma), as task
files are untrusted: a query must not be able to stall a step, exhaust memory or reach a host
file. A query that trips one raises ValueError naming the limit,
the database and the SQL.
"""

from __future__ import annotations

import dataclasses
import functools
import sqlite3
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass
from itertools import chain, compress
from pathlib import Path, PurePosixPath
from typing import Any

from mobile_gym.device.base import Device
from mobile_gym.device.read_cache import ReadCache, remembered
from mobile_gym.host_folders import make_private_folder
from mobile_gym.tasks.validators.common import DEFAULT_THRESHOLD, Verdict, fuzzy_match
from mobile_gym.tasks.validators.kept_copy import COPY_FOLDER_PREFIX, KeptConnection, KeptCopy
from mobile_gym.untrusted import sqlite_guard

Row = Mapping[str, Any]
#: A database file and its journal companions (what a reader of it needs).
COMPANIONS = ("", "-wal", "-shm", "-journal")

#: Most SQLite virtual-machine instructions one read (one connection: the query plus its
#: bookkeeping statements) may run. The validator, event-state and family tests (calendar,
#: declarative, seeds) need at most 811, so this is over 10,000x that, and a runaway query
#: (an endless recursive CTE) stops after about 0.1-0.7 s.
MAX_VM_INSTRUCTIONS = 10_000_000
#: VM instructions between two calls of the progress handler that enforces the limits; small,
#: so that a few individually slow instructions (a huge printf) cannot run long unchecked.
PROGRESS_INTERVAL = 10
#: Wall-clock safety net per read; real checks take milliseconds. (The one instruction that was
#: slow whatever the length limit, a huge `%c` in printf, is answered at once by the guard.)
MAX_QUERY_SECONDS = 2.0
#: Most rows one read may return (the tests read at most 23).
MAX_ROWS = 20_000
#: Most result data one read may keep: text and blob lengths plus 8 bytes for every other
#: value (the tests keep at most 5,693).
MAX_RESULT_BYTES = 32 * 1024 * 1024
#: Longest string, blob or record SQLite may build or read (SQLITE_LIMIT_LENGTH).
MAX_VALUE_BYTES = 256 * 1024
#: Most columns in a result, table, index, ORDER BY or GROUP BY (SQLITE_LIMIT_COLUMN; Android's
#: calendar provider has about 70). With MAX_VALUE_BYTES it bounds one result row to 32 MiB.
MAX_COLUMNS = 128
#: Longest SQL text one statement may have (SQLITE_LIMIT_SQL_LENGTH; the tests use at most 234).
MAX_SQL_LENGTH = 100_000
#: Rows fetched from SQLite at a time while the limits are checked.
_FETCH_BATCH = 256
#: Characters of the SQL, and of SQLite's own message, quoted in an error.
_SHOWN = 300


def _limits() -> sqlite_guard.Limits:
    """The module's limits (read when a database is opened) for the shared SQLite guard."""
    return _limits_of(MAX_VALUE_BYTES, MAX_VM_INSTRUCTIONS, MAX_QUERY_SECONDS, PROGRESS_INTERVAL,
                      MAX_COLUMNS, MAX_SQL_LENGTH)


@functools.lru_cache(maxsize=4)
def _limits_of(value_bytes: int, instructions: int, seconds: float, progress_interval: int,
               columns: int, sql_length: int) -> sqlite_guard.Limits:
    """The guard's Limits for these values, made once (every read asks)."""
    return sqlite_guard.Limits(value_bytes=value_bytes, instructions=instructions,
                               seconds=seconds, progress_interval=progress_interval,
                               columns=columns, sql_length=sql_length)


def _limit_name(tripped: str) -> str:
    """The guard's reason for stopping a statement, named after this module's limit."""
    if "VM instructions" in tripped:
        return f"it ran more than MAX_VM_INSTRUCTIONS = {MAX_VM_INSTRUCTIONS:,} SQLite VM instructions"
    if "time limit" in tripped:
        return f"it ran longer than MAX_QUERY_SECONDS = {MAX_QUERY_SECONDS} s"
    return tripped


@dataclass(frozen=True)
class QueryResult:
    """Column names and rows (tuples) of one query."""

    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]

    def dicts(self) -> list[dict[str, Any]]:
        return [dict(zip(self.columns, r)) for r in self.rows]


def as_row(row: Any) -> dict[str, Any]:
    """A mapping or a dataclass instance as a plain dict."""
    if isinstance(row, Mapping):
        return dict(row)
    if dataclasses.is_dataclass(row) and not isinstance(row, type):
        return {f.name: getattr(row, f.name) for f in dataclasses.fields(row)}
    raise TypeError(f"a row must be a mapping or a dataclass instance, got {type(row).__name__}")


def database_image(device: Device, db_path: str) -> tuple[bytes | None, ...]:
    """The bytes of `db_path` and of its journal companions (None where absent); on a
    ReadCache, the same tuple for the whole span."""
    return remembered(device, ("sqlite.image", db_path), lambda: _database_image(device, db_path))


def _database_image(device: Device, db_path: str) -> tuple[bytes | None, ...]:
    remote = PurePosixPath(db_path)
    names = {e.name for e in device.list_dir(str(remote.parent))}
    if remote.name not in names:
        raise FileNotFoundError(f"database {db_path} does not exist on the device")
    return tuple(device.pull(str(remote) + suffix) if remote.name + suffix in names else None
                 for suffix in COMPANIONS)


def pull_database(device: Device, db_path: str, dest: Path) -> Path:
    """Copy `db_path` and its journal companions from the device into directory `dest`."""
    name = PurePosixPath(db_path).name
    for suffix, data in zip(COMPANIONS, database_image(device, db_path)):
        if data is not None:
            (dest / (name + suffix)).write_bytes(data)
    return dest / name


def _shorten(text: str) -> str:
    """`text`, cut to _SHOWN characters (an SQLite message can quote a whole value)."""
    return text if len(text) <= _SHOWN else f"{text[:_SHOWN]}... ({len(text):,} characters)"


#: The types of the result values that count their length (sqlite3 gives exactly str for TEXT,
#: with no text_factory set, and bytes for BLOB; INTEGER, REAL and NULL count 8).
_SIZED_TYPES = frozenset({str, bytes})


def _batch_size(rows: Sequence[tuple[Any, ...]]) -> int:
    """What result rows count towards MAX_RESULT_BYTES: a text or blob its length, any other
    value 8. Counted over all the batch's values in one pass of C-level iterators (a table's
    baseline has thousands of cells)."""
    values = list(chain.from_iterable(rows))
    sized = list(compress(values, map(_SIZED_TYPES.__contains__, map(type, values))))
    return sum(map(len, sized)) + 8 * (len(values) - len(sized))


class _Reader:
    """A connection to a database copy with the limits installed; `run` executes one statement
    and raises ValueError (naming the limit, the database and the SQL) when it fails."""

    def __init__(self, conn: sqlite3.Connection, db_path: str,
                 kept: KeptConnection | None = None) -> None:
        """`kept`: the connection is a kept copy's, already guarded and `query_only`; its
        budget is restarted for this read. Otherwise the connection is guarded now."""
        self.conn = conn
        self.db_path = db_path
        self._tables = kept.tables if kept is not None else None
        if kept is not None:
            kept.budget.restart()
            self.guard = kept.budget
        else:
            self.guard = sqlite_guard.guard(conn, _limits())
            self.run("PRAGMA query_only = ON")

    def tables(self) -> list[str]:
        """The names of the database's tables (as `sqlite_master` lists them)."""
        if self._tables is not None:
            return list(self._tables)
        return [r[0] for r in self.run("SELECT name FROM sqlite_master WHERE type = 'table'").rows]

    def run(self, sql: str, params: Sequence[Any] = ()) -> QueryResult:
        """Column names and rows of one statement, within the limits."""
        rows: list[tuple[Any, ...]] = []
        size = 0
        cur = None
        try:
            cur = self.conn.execute(sql, tuple(params))
            columns = tuple(d[0] for d in cur.description or ())
            while len(rows) <= MAX_ROWS and size <= MAX_RESULT_BYTES:
                batch = cur.fetchmany(min(_FETCH_BATCH, MAX_ROWS + 1 - len(rows)))
                if not batch:
                    break
                rows.extend(batch)  # tuples: the connection has no row factory
                size += _batch_size(batch)
        except (sqlite3.Error, sqlite3.Warning, ValueError) as e:  # ValueError: a NUL in the SQL
            raise self._error(self._reason(e), sql) from None
        finally:
            if cur is not None:
                cur.close()  # the statement ends here, even when a limit cut it short
        if len(rows) > MAX_ROWS:
            raise self._error(f"it returned more than MAX_ROWS = {MAX_ROWS:,} rows", sql)
        if size > MAX_RESULT_BYTES:
            raise self._error(f"its result exceeds MAX_RESULT_BYTES = {MAX_RESULT_BYTES:,} bytes "
                              f"after {len(rows):,} rows", sql)
        return QueryResult(columns, tuple(rows))

    def _reason(self, error: Exception) -> str:
        """The limit behind an SQLite error, or the error's own text (shortened)."""
        text = _shorten(str(error))
        if self.guard.tripped is not None:
            return f"stopped: {_limit_name(self.guard.tripped)}"
        if sqlite_guard.NOT_AUTHORIZED in text or "authorization denied" in text:
            return (f"{text} (state checks may not attach files, VACUUM INTO, or use pragmas "
                    "other than read-only ones)")
        if "too big" in text:
            return f"{text} (a string, blob or row over MAX_VALUE_BYTES = {MAX_VALUE_BYTES:,} bytes)"
        if "too many columns" in text:
            return f"{text} (more than MAX_COLUMNS = {MAX_COLUMNS})"
        if "statement too long" in text or "query string is too large" in text:
            return f"{text} (the SQL is over MAX_SQL_LENGTH = {MAX_SQL_LENGTH:,} characters)"
        return text

    def _error(self, reason: str, sql: str) -> ValueError:
        """The module's error for a bad query: database, reason and SQL (shortened if long)."""
        return ValueError(f"query on {self.db_path} failed: {reason}: {_shorten(sql)!r}")


def _quote_ident(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _memory_copy(image: tuple[bytes | None, ...]) -> sqlite3.Connection | None:
    """An in-memory connection holding the database image, or None when it has a WAL or
    rollback journal beside it (SQLite must replay that from files)."""
    main, wal, _shm, journal = image
    if wal is not None or journal is not None or main is None or not hasattr(sqlite3.Connection,
                                                                             "deserialize"):
        return None
    if len(main) >= 20 and main[18:20] == b"\x02\x02":
        data = bytearray(main)
        data[18:20] = b"\x01\x01"  # WAL mode -> rollback mode, or SQLite refuses the image
        main = bytes(data)
    conn = sqlite3.connect(":memory:")
    conn.deserialize(main)  # before the guard, whose authorizer refuses it
    return conn


@contextmanager
def _open_copy(device: Device, db_path: str) -> Iterator[_Reader]:
    """A read-only, bounded connection to a copy of the device's database.

    Without a WAL or rollback journal beside it, the image is loaded into memory (no files);
    otherwise the files are copied to a private folder (on tmpfs where there is one) so
    SQLite replays the journal.
    """
    image = database_image(device, db_path)
    memory = _memory_copy(image)
    if memory is not None:
        with closing(memory) as conn:
            yield _Reader(conn, db_path)
        return
    with make_private_folder(COPY_FOLDER_PREFIX) as tmp:
        name = PurePosixPath(db_path).name
        for suffix, part in zip(COMPANIONS, image):
            if part is not None:
                (Path(tmp) / (name + suffix)).write_bytes(part)
        with closing(sqlite3.connect(Path(tmp) / name)) as conn:
            yield _Reader(conn, db_path)


def _is_select(sql: str) -> bool:
    """Whether `sql` is a query (SELECT / WITH), which cannot change a read-only connection's
    settings, so later reads on that connection see what a fresh one would."""
    return sql.lstrip().lower().startswith(("select", "with"))


@contextmanager
def _reading(device: Device, db_path: str, sql: str) -> Iterator[_Reader]:
    """A reader for one read (its statements run under a fresh budget).

    On a ReadCache (nothing writes meanwhile) the span's queries share a connection holding
    the database: with a carry, the database's `KeptCopy`, kept from span to span (SQLite's
    schema parse and prepared statements are the bulk of a small read) unless it must not
    answer `sql` (see `kept_copy`); without one, an in-memory copy closed with the cache. Any
    other statement, device or image gets a connection of its own, closed after the read.
    """
    if isinstance(device, ReadCache) and _is_select(sql):
        image = database_image(device, db_path)
        if device.carry is not None:
            kept = device.kept(("sqlite.kept_copy", db_path), KeptCopy).connection(
                image, _limits(), sql)
            if kept is not None:
                yield _Reader(kept.conn, db_path, kept)
                return
        else:
            shared = device.opened(("sqlite.memory_copy", db_path), lambda: _memory_copy(image))
            if shared is not None:
                yield _Reader(shared, db_path)
                return
    with _open_copy(device, db_path) as reader:
        yield reader


def query(device: Device, db_path: str, sql: str, params: Sequence[Any] = ()) -> QueryResult:
    """Run one read-only statement on a copy of the database, within the module's limits.

    Raises ValueError naming the database and `sql` if the statement fails or trips a limit
    (MAX_VM_INSTRUCTIONS, MAX_QUERY_SECONDS, MAX_ROWS, MAX_RESULT_BYTES, MAX_VALUE_BYTES,
    MAX_COLUMNS, MAX_SQL_LENGTH).
    """
    key = ("sqlite.query", db_path, sql, tuple(params))
    try:
        hash(key)
    except TypeError:  # an unhashable parameter: SQLite will refuse it; nothing to share
        return _query(device, db_path, sql, params)
    return remembered(device, key, lambda: _query(device, db_path, sql, params))


def _query(device: Device, db_path: str, sql: str, params: Sequence[Any]) -> QueryResult:
    with _reading(device, db_path, sql) as reader:
        return reader.run(sql, params)


def read_rows(device: Device, db_path: str, table: str) -> list[dict[str, Any]]:
    """All rows of `table` as dicts (AndroidWorld reads `SELECT * FROM <table>` likewise),
    within the same limits as `query`. On a ReadCache (one reset's baselines, one step's
    checks) the table is read once and every caller gets its own dicts; a read the cache's
    earlier span made from the same database bytes is taken over (see `ReadCache.by_content`)."""
    return remembered(device, ("sqlite.read_rows", db_path, table),
                      lambda: _table_rows(device, db_path, table)).dicts()


def _table_rows(device: Device, db_path: str, table: str) -> QueryResult:
    """`_read_table`, or on a ReadCache its answer for equal bytes and limits (`SELECT *` on a
    table gives the same rows from the same bytes: no function in it can vary)."""
    if not isinstance(device, ReadCache):
        return _read_table(device, db_path, table)
    content = (database_image(device, db_path), _limits(), MAX_ROWS, MAX_RESULT_BYTES)
    return device.by_content(("sqlite.read_rows", db_path, table), content,
                             lambda: _read_table(device, db_path, table))


def _read_table(device: Device, db_path: str, table: str) -> QueryResult:
    with _reading(device, db_path, "SELECT") as reader:
        tables = reader.tables()
        if table not in tables:
            raise ValueError(f"table {table!r} not in {db_path}; tables: {sorted(tables)}")
        return reader.run(f"SELECT * FROM {_quote_ident(table)}")


def _key(row: Mapping[str, Any]) -> tuple:
    return tuple(sorted((k, repr(v)) for k, v in row.items()))


def _short(row: Mapping[str, Any], fields: Iterable[str] | None = None) -> str:
    items = row.items() if fields is None else ((f, row.get(f)) for f in fields)
    return "{" + ", ".join(f"{k}: {v!r}" for k, v in items) + "}"


def _field_matches(field: str, expected: Any, actual: Any, free_text: set[str],
                   threshold: float) -> bool:
    if field in free_text:
        return fuzzy_match(expected, actual, threshold)
    if isinstance(expected, str) or isinstance(actual, str):  # "5" never equals 5
        return isinstance(expected, str) and isinstance(actual, str) and expected == actual
    return bool(expected == actual)


def max_matching(adj: list[list[int]], n_right: int) -> list[int]:
    """Kuhn's algorithm: match[right] = left index or -1."""
    match = [-1] * n_right
    for u in range(len(adj)):
        _augment(u, [False] * n_right, adj, match)
    return match


def _augment(u: int, seen: list[bool], adj: list[list[int]], match: list[int]) -> bool:
    """One augmenting-path search of `max_matching` from left `u` (module-level: a nested
    function calling itself is a reference cycle, left to the cycle collector)."""
    for v in adj[u]:
        if not seen[v]:
            seen[v] = True
            if match[v] == -1 or _augment(match[v], seen, adj, match):
                match[v] = u
                return True
    return False


def validate_rows_added(
    before: Sequence[Any],
    after: Sequence[Any],
    expected_rows: Sequence[Any],
    compare_fields: Sequence[str],
    free_text_fields: Sequence[str] = (),
    *,
    threshold: float = DEFAULT_THRESHOLD,
) -> Verdict:
    """Exactly `expected_rows` were added and nothing else changed.

    Every row of `before` must still be in `after`, unchanged (as a multiset, all columns); the
    remaining new rows must pair one-to-one with `expected_rows`, comparing `compare_fields`
    exactly (type-sensitive for text) and `free_text_fields` with `fuzzy_match`.
    Raises ValueError for a misuse (no compare fields, a field missing from an expected row).
    """
    if not compare_fields:
        raise ValueError("compare_fields must not be empty")
    free = set(free_text_fields)
    if not free <= set(compare_fields):
        raise ValueError(f"free_text_fields {sorted(free - set(compare_fields))} are not "
                         "compare_fields")
    expected = [as_row(r) for r in expected_rows]
    for i, row in enumerate(expected):
        missing = [f for f in compare_fields if f not in row]
        if missing:
            raise ValueError(f"expected row {i} lacks compare field(s) {missing}")
    before_rows = [as_row(r) for r in before]
    after_rows = [as_row(r) for r in after]
    remaining = Counter(_key(r) for r in after_rows)
    for row in before_rows:
        k = _key(row)
        if remaining[k] <= 0:
            return Verdict(False, f"pre-existing row {_short(row)} was changed or removed")
        remaining[k] -= 1
    new_rows: list[dict[str, Any]] = []
    for row in after_rows:
        k = _key(row)
        if remaining[k] > 0:
            remaining[k] -= 1
            new_rows.append(row)
    if len(new_rows) != len(expected):
        return Verdict(False, f"{len(new_rows)} row(s) added, expected {len(expected)}: "
                       + "; ".join(_short(r, compare_fields) for r in new_rows))
    for row in new_rows:
        missing = [f for f in compare_fields if f not in row]
        if missing:
            raise ValueError(f"table rows lack compare field(s) {missing}")
    adj = [[j for j, new in enumerate(new_rows)
            if all(_field_matches(f, exp[f], new[f], free, threshold) for f in compare_fields)]
           for exp in expected]
    match = max_matching(adj, len(new_rows))
    paired = {u for u in match if u != -1}
    if len(paired) != len(expected):
        missing_rows = [i for i in range(len(expected)) if i not in paired]
        i = missing_rows[0]
        return Verdict(False, f"expected row {_short(expected[i], compare_fields)} has no "
                       "distinct matching new row; new rows: "
                       + "; ".join(_short(r, compare_fields) for r in new_rows))
    return Verdict(True, f"{len(expected)} expected row(s) added")


def validate_rows_removed(
    before: Sequence[Any],
    after: Sequence[Any],
    ids: Sequence[Any],
    id_field: str,
) -> Verdict:
    """Exactly the rows with `ids` were removed; every other row is unchanged; nothing added.

    Raises ValueError if an id is not in `before` (the task itself is wrong then).
    """
    before_rows = [as_row(r) for r in before]
    after_rows = [as_row(r) for r in after]
    known = {r.get(id_field) for r in before_rows}
    unknown = [i for i in ids if i not in known]
    if unknown:
        raise ValueError(f"ids {unknown} are not in the rows before (field {id_field!r})")
    doomed = set(ids)
    for row in after_rows:
        if row.get(id_field) in doomed:
            return Verdict(False, f"row with {id_field} = {row.get(id_field)!r} was not removed")
    kept = Counter(_key(r) for r in before_rows if r.get(id_field) not in doomed)
    now = Counter(_key(r) for r in after_rows)
    if kept != now:
        lost = kept - now
        extra = now - kept
        if lost:
            row = next(r for r in before_rows if _key(r) in lost)
            return Verdict(False, f"row {_short(row)} should have stayed unchanged")
        row = next(r for r in after_rows if _key(r) in extra)
        return Verdict(False, f"unexpected row {_short(row)} appeared")
    return Verdict(True, f"{len(doomed)} row(s) removed")
