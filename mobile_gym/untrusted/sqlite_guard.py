"""SQLite connections that stay inside their own database file and within a work budget.

SQL reaches SQLite from untrusted places: the device shell's `sqlite3` (task shell steps, adb
clients), the state checks of task files, and database files a task pushes onto the device
(their triggers and views run when an app opens them). `guard(conn, limits)` installs:

* an authorizer that refuses ATTACH and DETACH (so no host file can be opened, created or read,
  `file:` URIs included; a plain VACUUM the caller vouches for may attach its private
  temporary database), VACUUM INTO, and every pragma outside a small allow-list (no
  `temp_store_directory` / `data_store_directory`, which change every connection of the process,
  no `database_list`, which shows the host path, no `writable_schema`, no raising of
  `max_page_count` or `page_size`). SQLite answers a refused statement with "not authorized";
* SQLite's own limits: longest value (`SQLITE_LIMIT_LENGTH`), and optionally columns and SQL
  length;
* a progress handler that stops a statement after a number of VM instructions or at a deadline;
* `printf` / `format` that answer NULL at once for a `%c` whose width or precision is over the
  length limit (SQLite's answer too, but only after seconds spent in one VM instruction that no
  progress handler can interrupt);
* optionally `PRAGMA max_page_count` (of the file and of its temporary tables), so a database
  cannot grow past a size (SQLite then fails with "database or disk is full", as on a full
  device).
"""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["Budget", "Limits", "NOT_AUTHORIZED", "authorize", "connect", "guard", "is_plain_vacuum", "rebudget"]

#: SQLite's message for a statement its authorizer refused.
NOT_AUTHORIZED = "not authorized"

# Pragmas that only read, or set something local to this connection or this database file.
_SETTABLE_PRAGMAS = frozenset({
    "analysis_limit", "application_id", "auto_vacuum", "automatic_index", "busy_timeout",
    "cache_size", "cache_spill", "case_sensitive_like", "cell_size_check", "count_changes",
    "defer_foreign_keys", "empty_result_callbacks", "encoding", "foreign_keys",
    "full_column_names", "ignore_check_constraints", "journal_mode", "journal_size_limit",
    "legacy_alter_table", "legacy_file_format", "locking_mode", "query_only",
    "read_uncommitted", "recursive_triggers", "reverse_unordered_selects", "secure_delete",
    "short_column_names", "synchronous", "temp_store", "trusted_schema", "user_version",
    "wal_autocheckpoint",
})
# Pragmas whose argument names a table or index, or asks for a check or a report.
_ARGUMENT_PRAGMAS = frozenset({
    "collation_list", "compile_options", "foreign_key_check", "foreign_key_list",
    "function_list", "incremental_vacuum", "index_info", "index_list", "index_xinfo",
    "integrity_check", "module_list", "optimize", "pragma_list", "quick_check",
    "shrink_memory", "table_info", "table_list", "table_xinfo", "wal_checkpoint",
})
# Pragmas that may be read but not set (setting them would lift a limit or corrupt the file).
_READ_ONLY_PRAGMAS = frozenset({
    "data_version", "freelist_count", "hard_heap_limit", "max_page_count", "mmap_size",
    "page_count", "page_size", "schema_version", "soft_heap_limit", "threads",
})
# Functions that load code or hand SQLite a pointer (both off by default; refused regardless).
_REFUSED_FUNCTIONS = frozenset({"load_extension", "fts3_tokenizer"})


def authorize(action: int, arg1: str | None, arg2: str | None, _db: str | None,
              _trigger: str | None, *, vacuum: bool = False) -> int:
    """The authorizer callback (`Connection.set_authorizer`): SQLITE_DENY for what may leave
    the database file or change the process, SQLITE_OK otherwise. `vacuum=True` while a plain
    VACUUM runs: it attaches a private temporary database named '' (VACUUM INTO and every
    ATTACH statement name a file or a `file:` URI, and stay refused)."""
    if action == sqlite3.SQLITE_ATTACH:
        return sqlite3.SQLITE_OK if vacuum and arg1 == "" else sqlite3.SQLITE_DENY
    if action == sqlite3.SQLITE_DETACH:
        return sqlite3.SQLITE_DENY
    if action == sqlite3.SQLITE_PRAGMA:
        name = (arg1 or "").lower()
        if name in _SETTABLE_PRAGMAS or name in _ARGUMENT_PRAGMAS:
            return sqlite3.SQLITE_OK
        if name in _READ_ONLY_PRAGMAS and arg2 is None:
            return sqlite3.SQLITE_OK
        return sqlite3.SQLITE_DENY
    if action == sqlite3.SQLITE_FUNCTION and (arg2 or "").lower() in _REFUSED_FUNCTIONS:
        return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK


#: The actions `authorize` may refuse; every other one (reads, writes, transactions: most of a
#: statement's callbacks, one per column a trigger body touches) is allowed without a look.
_CHECKED_ACTIONS = frozenset({sqlite3.SQLITE_ATTACH, sqlite3.SQLITE_DETACH, sqlite3.SQLITE_PRAGMA,
                              sqlite3.SQLITE_FUNCTION})


@dataclass(frozen=True)
class Limits:
    """What one guarded connection may do. None leaves SQLite's default (or no bound)."""

    #: Longest string or blob (SQLITE_LIMIT_LENGTH).
    value_bytes: int = 16 * 1024 * 1024
    #: Most VM instructions per connection, counted every `progress_interval` instructions.
    instructions: int | None = None
    #: Wall-clock seconds the connection may work, counted from `guard()`.
    seconds: float | None = None
    progress_interval: int = 1000
    #: Most columns in a result or table (SQLITE_LIMIT_COLUMN).
    columns: int | None = None
    #: Longest SQL text of one statement (SQLITE_LIMIT_SQL_LENGTH).
    sql_length: int | None = None
    #: Largest size the main database file may reach (through PRAGMA max_page_count).
    database_bytes: int | None = None
    #: Whether statements may use the temp database (TEMP tables count against
    #: `database_bytes` too, which costs opening it on every connection). False when the caller
    #: knows no statement names it (none says TEMP or `temp.`): every use is then refused.
    temp_database: bool = True


class Budget:
    """The progress handler of one guarded connection: stops the running statement after
    `Limits.instructions` or past the deadline, and remembers why in `tripped`."""

    def __init__(self, limits: Limits) -> None:
        self.tripped: str | None = None
        #: Set while the caller runs a statement it checked to be a plain VACUUM.
        self.vacuum = False
        self._no_temp = not limits.temp_database
        #: Set only while `rebudget` sets the size bound through this authorizer.
        self._bounding = False
        self.renew(limits)

    def renew(self, limits: Limits) -> None:
        """Start over under `limits` (a new count and deadline), keeping this object, and so
        the authorizer installed with it, on its connection (see `rebudget`; the authorizer's
        decisions stay those of the limits it was made with)."""
        self.limits = limits
        self._step = limits.progress_interval
        self._cap = limits.instructions if limits.instructions is not None else float("inf")
        self.instructions = 0
        self.deadline = float("inf") if limits.seconds is None else time.monotonic() + limits.seconds
        self.tripped = None
        self.vacuum = False

    def bound_size(self, conn: sqlite3.Connection, page_size: int | None = None) -> None:
        """Set the size bound of `self.limits` on `conn`, the connection this authorizer is
        installed on (`rebudget`): it lets `PRAGMA max_page_count` through only meanwhile, and
        the statement setting it is one no cache keeps (`page_size`: see `_bound_size`)."""
        self._bounding = True
        try:
            _bound_size(conn, self.limits, page_size, uncached=True)
        finally:
            self._bounding = False

    def restart(self) -> None:
        """Count from zero again, with a new deadline: the next statements on the connection
        get a whole budget of their own (a connection kept for many reads)."""
        self.instructions = 0
        if self.limits.seconds is not None:
            self.deadline = time.monotonic() + self.limits.seconds
        self.tripped = None

    def __call__(self) -> int:
        self.instructions += self._step
        if self.instructions >= self._cap:
            self.tripped = f"it ran more than {self.limits.instructions:,} SQLite VM instructions"
            return 1
        if time.monotonic() > self.deadline:
            self.tripped = "it ran past its time limit"
            return 1
        return 0

    def authorize(self, action: int, arg1: str | None, arg2: str | None, db: str | None,
                  trigger: str | None) -> int:
        """The connection's authorizer: `authorize`, with `vacuum` while the caller runs a
        plain VACUUM; anything in the temp database refused when `Limits.temp_database` is False."""
        if db == "temp" and self._no_temp:
            return sqlite3.SQLITE_DENY
        if action not in _CHECKED_ACTIONS:
            return sqlite3.SQLITE_OK
        if self._bounding and action == sqlite3.SQLITE_PRAGMA and arg1 == "max_page_count":
            return sqlite3.SQLITE_OK  # the guard's own bound (`rebudget`), never a caller's SQL
        return authorize(action, arg1, arg2, db, trigger, vacuum=self.vacuum)


def guard(conn: sqlite3.Connection, limits: Limits = Limits(), *, page_size: int | None = None) -> Budget:
    """Install the authorizer, limits, bounded printf and progress handler on `conn`.
    `page_size`: the database's page size when the caller read it from the file's header
    (see `_bound_size`)."""
    _bound_size(conn, limits, page_size)
    _set_limit(conn, "SQLITE_LIMIT_LENGTH", limits.value_bytes)
    _set_limit(conn, "SQLITE_LIMIT_COLUMN", limits.columns)
    _set_limit(conn, "SQLITE_LIMIT_SQL_LENGTH", limits.sql_length)
    bounded = _bounded_printf(limits.value_bytes)
    for name in ("printf", "format"):
        conn.create_function(name, -1, bounded, deterministic=True)
    return _install_budget(conn, limits)


def rebudget(conn: sqlite3.Connection, limits: Limits, budget: Budget | None = None, *,
             page_size: int | None = None) -> Budget:
    """A new budget (and size bound) for the next statements on `conn`, a connection `guard`
    installed with the same value, column and SQL-length limits: what `guard` gives a fresh
    connection, for one kept between commands (the limits and printf stay as installed).
    `page_size`: the database's page size when the caller read it from the file's header, as
    for `guard` (see `_bound_size`).

    `budget`: the Budget installed on `conn` last. When given, and its authorizer decides
    alike under `limits` (the same `temp_database`), it stays installed and starts over
    (`Budget.renew`): changing a connection's authorizer makes SQLite expire every prepared
    statement, so the statements its command cache holds would be prepared again on their next
    run, and their authorization holds as well under the same decisions. The bound is then set
    through the installed authorizer, by an uncached statement (`executescript`), so no
    authorized copy of it stays in the cache for a caller's SQL to reuse. Otherwise the
    authorizer is taken off while the bound is set and a new Budget installed."""
    if budget is not None and budget.limits.temp_database == limits.temp_database:
        budget.renew(limits)
        budget.bound_size(conn, page_size)
        conn.set_progress_handler(budget, limits.progress_interval)
        return budget
    conn.set_authorizer(None)
    _bound_size(conn, limits, page_size)
    return _install_budget(conn, limits)


def _bound_size(conn: sqlite3.Connection, limits: Limits, page_size: int | None = None, *,
                uncached: bool = False) -> None:
    """`PRAGMA max_page_count` from `limits.database_bytes` (of the temp database too, when
    statements may use it); the page size is asked of SQLite unless given (one statement
    fewer). `uncached`: set the bound with `executescript`, which keeps no prepared statement
    (for a bound an installed authorizer lets through only while the guard sets it)."""
    if limits.database_bytes is not None:
        try:
            if page_size is None:
                page_size = conn.execute("PRAGMA page_size").fetchone()[0] or 4096
            pages = max(1, limits.database_bytes // page_size)
            if uncached:
                temp = f"PRAGMA temp.max_page_count = {pages};" if limits.temp_database else ""
                conn.executescript(f"PRAGMA max_page_count = {pages};{temp}")
                return
            conn.execute(f"PRAGMA max_page_count = {pages}")
            if limits.temp_database:
                conn.execute(f"PRAGMA temp.max_page_count = {pages}")  # temp tables count too
        except sqlite3.DatabaseError as exc:
            # A file that is no database (or a damaged one): every statement will fail as SQLite
            # says, so there is nothing to bound. Any other failure (the file locked by another
            # connection, an I/O error) would leave the connection unbounded: it is refused.
            if not _unreadable_file(exc):
                raise


def _unreadable_file(exc: sqlite3.DatabaseError) -> bool:
    """Whether `exc` says the file cannot be read as a database at all (SQLITE_NOTADB 26,
    SQLITE_CORRUPT 11; Python 3.10's errors carry no code, only SQLite's message)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is None:
        return str(exc) in ("file is not a database", "database disk image is malformed")
    return code in (26, 11)


def _install_budget(conn: sqlite3.Connection, limits: Limits) -> Budget:
    budget = Budget(limits)
    conn.set_authorizer(budget.authorize)
    conn.set_progress_handler(budget, limits.progress_interval)
    return budget


def _set_limit(conn: sqlite3.Connection, name: str, value: int | None) -> None:
    """`conn.setlimit(sqlite3.<name>, value)` when given; Python 3.10 has no setlimit, and there
    SQLite's defaults stay (1e9-byte values; the progress handler still bounds the work)."""
    if value is not None and hasattr(conn, "setlimit"):
        conn.setlimit(getattr(sqlite3, name), value)


def is_plain_vacuum(statement: str) -> bool:
    """Whether `statement` is `VACUUM [schema]` without INTO (conservatively: no INTO anywhere)."""
    if statement[:1] in _NO_VACUUM_START or (statement[:1] == " " and statement[1:2] in _NO_VACUUM_START):
        return False  # its first word starts there (no regular expression for the common case)
    lead = _LEADING_SEPARATORS.match(statement).end()  # type: ignore[union-attr]
    if not statement[lead:lead + 6].upper().startswith("VACUUM"):
        # The upper-cased text cannot start with VACUUM either: each character upper-cases to
        # one or more characters, so those of these six come first (a long INSERT is not
        # upper-cased and split for nothing).
        return False
    words = statement.upper().replace(";", " ").split(maxsplit=2)  # a third word is one too many
    return bool(words) and words[0] == "VACUUM" and len(words) <= 2 and "INTO" not in statement.upper()


#: What `str.split()` skips before the first word once `;` is a space.
_LEADING_SEPARATORS = re.compile(r"[\s;]*")
#: Printable ASCII characters that are neither white space, `;` nor VACUUM's first letter: a
#: statement starting with one (after at most one space) is no VACUUM.
_NO_VACUUM_START = frozenset(map(chr, range(0x21, 0x7F))) - frozenset(";vV")


def connect(path: str, limits: Limits = Limits(), *, page_size: int | None = None,
            **kwargs: Any) -> tuple[sqlite3.Connection, Budget]:
    """`sqlite3.connect(path, **kwargs)` (a plain file path, never a URI), guarded (`page_size`:
    see `guard`)."""
    if kwargs.get("uri"):
        raise ValueError("guarded connections open plain file paths, not URIs")
    conn = sqlite3.connect(path, **kwargs)
    try:
        return conn, guard(conn, limits, page_size=page_size)
    except BaseException:
        conn.close()
        raise


# A printf directive: flags, width, precision, conversion (SQLite's printf syntax).
_DIRECTIVE = re.compile(r"%([-+ 0#,!]*)(\*|\d+)?(?:\.(\*|\d+))?(l{0,2})(.)", re.DOTALL)


def _bounded_printf(max_length: int) -> Callable[..., Any]:
    """SQLite's printf, except that a `%c` padded or repeated past `max_length` gives NULL
    at once. Everything else is computed by SQLite itself on a private in-memory connection."""
    helper: list[sqlite3.Connection] = []

    def printf(fmt: Any = None, *args: Any) -> Any:
        if isinstance(fmt, str) and _oversized_char(fmt, args, max_length):
            return None
        if not helper:
            conn = sqlite3.connect(":memory:")
            _set_limit(conn, "SQLITE_LIMIT_LENGTH", max_length)
            helper.append(conn)
        marks = ", ".join("?" * (len(args) + 1))
        return helper[0].execute(f"SELECT printf({marks})", (fmt, *args)).fetchone()[0]

    return printf


def _oversized_char(fmt: str, args: tuple[Any, ...], max_length: int) -> bool:
    """Whether a `%c` directive of `fmt` asks for more than `max_length` characters."""
    index = 0
    for m in _DIRECTIVE.finditer(fmt):
        sizes = []
        for part in (m.group(2), m.group(3)):
            if part == "*":
                value = args[index] if index < len(args) else 0
                index += 1
                sizes.append(_as_int(value))
            elif part:
                sizes.append(int(part))
        if m.group(5) == "c" and any(abs(s) > max_length for s in sizes):
            return True
        if m.group(5) != "%":
            index += 1
    return False


def _as_int(value: Any) -> int:
    """An argument used as a width or precision, as SQLite reads it (0 when not a number)."""
    if isinstance(value, (int, float)):
        try:
            return int(value)
        except (OverflowError, ValueError):
            return 2**63 - 1
    try:
        return int(float(value))
    except (TypeError, ValueError, OverflowError):
        return 0
