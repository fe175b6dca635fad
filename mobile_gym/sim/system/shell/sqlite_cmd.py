"""`sqlite3 DB "SQL"` with Python's sqlite3 on the mapped file, printing as the sqlite3 3.32 CLI
(Android 13's) prints: list/csv/line/column modes, `.headers`, `.tables`, `.schema`.

The connection is guarded (`mobile_gym.untrusted.sqlite_guard`): ATTACH, DETACH, VACUUM INTO
and pragmas that reach outside the file are refused as SQLite refuses them ("not
authorized"), and the database cannot grow past the device's free space.

The real CLI opens a new connection per call. Here a call whose statements cannot leave or
read anything in the connection itself (see `_is_plain`) runs on the connection an earlier
such call put back, when it is as good as a fresh one (`mobile_gym.sim.system.kept_connections`:
rollback-journal files only, so no `-wal` or `-journal` file outlives a call), and puts it back
afterwards: opening a connection costs more than writing a seed's rows.
"""

from __future__ import annotations

import dataclasses
import re
import sqlite3
import string
from collections.abc import Iterator

from mobile_gym.sim.system.kept_connections import COUNTER_FUNCTIONS, read_header
from mobile_gym.sim.system.shell.core import Proc
from mobile_gym.untrusted import sqlite_guard

#: Bounds of one `sqlite3` command line in the simulated shell (a real device would run on):
#: past them a statement is interrupted ("Error: stepping, interrupted").
MAX_VM_INSTRUCTIONS = 50_000_000
MAX_ROWS = 100_000
#: Wall-clock seconds one `sqlite3` call may take (never past the command line's own budget).
MAX_SECONDS = 5.0
#: Longest string or blob a statement may build (SQLITE_LIMIT_LENGTH).
MAX_VALUE_BYTES = 16 * 1024 * 1024
#: Most bytes the rows printed by one `sqlite3` call may take.
MAX_OUTPUT_BYTES = 32 * 1024 * 1024
#: VM instructions between two looks of the guard's progress handler at the call's budget.
PROGRESS_INTERVAL = 100
#: The same for a call whose words package code gave (`Shell.package_words`: a task family's
#: seed write, a few thousand VM instructions, far from any limit): the same instruction and
#: time limits, looked at a tenth as often (each look is a call into Python; a Calendar seed
#: write made ~110 of them). Never for SQL from a task file, an agent or an adb client, where
#: a statement stops at a limit must stay the same.
PACKAGE_PROGRESS_INTERVAL = 1000


def _limits(seconds: float, temp_database: bool, database_bytes: int, progress_interval: int) -> sqlite_guard.Limits:
    """The limits of one call with `seconds` left, whether its SQL may use the temp database,
    the size its database file may reach (`Storage.database_room`) and how often the budget is
    looked at, made whole at once (no `dataclasses.replace`, which costs more)."""
    return sqlite_guard.Limits(value_bytes=MAX_VALUE_BYTES, instructions=MAX_VM_INSTRUCTIONS,
                               seconds=seconds, progress_interval=progress_interval,
                               database_bytes=database_bytes, temp_database=temp_database)


def _cell(value: object, nullvalue: str) -> str:
    if value is None:
        return nullvalue
    if isinstance(value, float):
        text = f"{value:.15g}"
        if not any(c in text for c in ".enEN"):
            text += ".0"
        return text
    if isinstance(value, bytes):
        return value.decode("utf-8", "surrogateescape")
    return str(value)


@dataclasses.dataclass
class _Output:
    """The CLI's output settings, changed by options and dot-commands."""

    mode: str = "list"
    header: bool = False
    separator: str = "|"
    nullvalue: str = ""


_MODES = ("list", "csv", "line", "column")


def cmd_sqlite3(proc: Proc) -> int:
    argv = proc.argv[1:]
    out = _Output()
    args: list[str] = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-header", "--header"):
            out.header = True
        elif a in ("-noheader", "--noheader"):
            out.header = False
        elif a in ("-separator", "--separator") and i + 1 < len(argv):
            out.separator = argv[i + 1]
            i += 1
        elif a in ("-nullvalue",) and i + 1 < len(argv):
            out.nullvalue = argv[i + 1]
            i += 1
        elif a.lstrip("-") in _MODES and a.startswith("-"):
            _set_mode(out, a.lstrip("-"))
        elif a in ("-batch", "-bail", "-readonly"):
            pass
        elif a.startswith("-") and not args:
            proc.eprint(f"sqlite3: Error: unknown option: {a}\nUse -help for a list of options.")
            return 1
        else:
            args.append(a)
        i += 1
    if not args:
        proc.eprint("sqlite3: no database given (interactive mode is not available over adb shell)")
        return 1
    db_path = proc.path(args[0])
    # Each argument after the database is one command (SQL or a dot-command), as in shell.c;
    # without any, standard input is read, where a line starting with "." is a dot-command.
    commands = args[1:] if len(args) > 1 else _stdin_commands(proc.stdin.decode("utf-8", "surrogateescape"))
    storage = proc.android.storage
    # each command as a dot-command line or the statements of its SQL
    steps = [command.strip() if command.lstrip().startswith(".") else list(split_statements(command))
             for command in commands]
    # The temp database is bounded (and so opened) only for SQL that can name it: SQLite
    # matches the keyword TEMP and the schema name `temp` in ASCII letters of any case.
    lowered = [c.lower() for c in commands]
    temp_database = any("temp" in c for c in lowered)
    plain = not temp_database and _is_plain(lowered, steps)
    pool = proc.android.sqlite_connections
    kept = None
    try:
        found = storage.present_database_room(db_path)  # (the usual case: one lstat)
        if found is None:
            if not storage.exists(db_path):
                parent = db_path.rsplit("/", 1)[0] or "/"
                if not storage.is_dir(parent):
                    raise sqlite3.OperationalError("unable to open database file")
            found = storage.database_room(db_path)
        host, room = found
        limits = _limits(min(MAX_SECONDS, proc.shell.seconds_left()), temp_database, room,
                         PACKAGE_PROGRESS_INTERVAL if proc.shell.package_words else PROGRESS_INTERVAL)
        kept = pool.take(storage, db_path, host) if plain else None
        if kept is not None:
            conn, budget, page_size = kept
            budget = sqlite_guard.rebudget(conn, limits, budget, page_size=page_size)
        else:
            # the header (not SQLite) tells the page size and the journal: no statement for them
            header = read_header(host, page=False)
            opened = None
            if plain and header is not None and header.wal and not any("locking_mode" in c for c in lowered):
                opened = _connect_alone(host, limits, header.page_size)
            if opened is None:
                opened = sqlite_guard.connect(host, limits, page_size=header.page_size if header else None,
                                              isolation_level=None)
            conn, budget = opened
            # only a rollback-journal file's connection is kept (see KeptConnections; a file
            # that is not yet a database is looked at again when the connection is put back)
            plain = plain and (header is None or header.rollback_journal)
    except (sqlite3.Error, OSError, ValueError):
        if kept is not None:
            kept[0].close()
        # SQLite's own wording; the reason (a folder missing, a path outside the storage) would
        # only differ in ways that show where the device's files live on the host.
        proc.eprint(f'Error: unable to open database "{args[0]}": unable to open database file')
        return 1
    ok = False  # every command ran without an error
    sets_synchronous = plain and any("synchronous" in c for c in lowered)
    try:
        synchronous = _synchronous(conn) if sets_synchronous else None
        printer = _Printer(proc)
        for step in steps:
            if isinstance(step, str):
                code = _dot_command(proc, conn, step, out, printer)
            else:
                code = _run_statements(proc, conn, budget, step, out, printer)
            if code:
                return code
        ok = True
        return 0
    except _OutputFull:
        proc.eprint(f"Error: output over {MAX_OUTPUT_BYTES} bytes (the simulated sqlite3's limit)")
        return 1
    finally:
        if plain and ok and not conn.in_transaction and (
                not sets_synchronous or _restore_synchronous(conn, synchronous)):
            pool.keep(storage, db_path, host, conn, budget)
        else:
            conn.close()


#: First words of the statements a kept connection may run: none of them leaves anything in the
#: connection once its transaction is over (TEMP objects and the counters are ruled out apart).
_PLAIN_STARTS = frozenset({"SELECT", "INSERT", "UPDATE", "DELETE", "REPLACE", "WITH", "VALUES", "BEGIN",
                           "COMMIT", "END", "ROLLBACK", "CREATE", "DROP", "ALTER"})
#: The one pragma a kept connection may run: setting `synchronous` (set back after the call).
_SYNCHRONOUS_SET = re.compile(r"PRAGMA\s+synchronous\s*=\s*(?:OFF|NORMAL|FULL|EXTRA|[0-3])\s*;?\s*\Z",
                              re.IGNORECASE)


def _is_plain(lowered: list[str], steps: list[str | list[str]]) -> bool:
    """Whether a call with these commands (`lowered`: in lower case; `steps`: their statements)
    gives the same output and leaves the same files on a kept connection as on a fresh one, and
    leaves the connection as good as fresh: only statements from `_PLAIN_STARTS` or setting
    `synchronous`, and none reading the counters a connection keeps (`changes()`,
    `last_insert_rowid()`)."""
    if any(name in c for c in lowered for name in COUNTER_FUNCTIONS):
        return False
    for step in steps:
        if isinstance(step, str):
            continue  # the dot-commands change output settings or read the schema
        for stmt in step:
            head = _HEAD_WORD.match(stmt)  # (never None: every part may be empty)
            word = head.group(1)  # type: ignore[union-attr]
            if not word or (word.upper() not in _PLAIN_STARTS
                            and not _SYNCHRONOUS_SET.match(stmt, head.start(1))):  # type: ignore[union-attr]
                return False
    return True


#: `sqlite3.connect`'s busy timeout (its default `timeout=5.0`), in milliseconds.
_BUSY_TIMEOUT_MS = 5000


def _connect_alone(host: str, limits: sqlite_guard.Limits,
                   page_size: int | None) -> tuple[sqlite3.Connection, sqlite_guard.Budget] | None:
    """A guarded connection to the WAL database at `host` that has the file to itself
    (`locking_mode = EXCLUSIVE` before its first read): SQLite then keeps the WAL index in
    memory instead of creating, mapping and removing a `-shm` file, about a tenth of a call.
    None when another connection has the file open (SQLite says "database is locked" at
    once: the busy timeout is 0 until then) or the first read fails for any reason: the
    caller opens a shared connection as before. Only for statements that cannot tell the
    difference: the `-wal` file comes and goes as before, and the caller leaves out SQL
    that names `locking_mode` (the one setting that reads otherwise)."""
    conn = sqlite3.connect(host, isolation_level=None, timeout=0)
    try:
        conn.execute("PRAGMA locking_mode = EXCLUSIVE")
        conn.execute("PRAGMA schema_version").fetchone()  # the first read takes the lock
        conn.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
        return conn, sqlite_guard.guard(conn, limits, page_size=page_size)
    except sqlite3.Error:
        conn.close()
        return None
    except BaseException:
        conn.close()
        raise


def _synchronous(conn: sqlite3.Connection) -> int | None:
    """The connection's `PRAGMA synchronous` (a fresh connection's value: a kept one had it set
    back) before a call sets it; None when SQLite cannot read the file (the call's own
    statements report that)."""
    try:
        return int(conn.execute("PRAGMA synchronous").fetchone()[0])
    except sqlite3.Error:
        return None


def _restore_synchronous(conn: sqlite3.Connection, before: int | None) -> bool:
    """Set `synchronous` back to `before`; False when it was not read or that fails."""
    if before is None:
        return False
    try:
        conn.execute(f"PRAGMA synchronous = {before}")
    except sqlite3.Error:
        return False
    return True


def _stdin_commands(text: str) -> list[str]:
    """Split a script read from standard input into SQL chunks and dot-command lines."""
    commands: list[str] = []
    pending: list[str] = []
    blank = True  # nothing but white space pending (one flag, not a join per line)
    for line in text.split("\n"):
        if line.lstrip().startswith(".") and blank:
            pending = []
            commands.append(line)
        else:
            pending.append(line)
            blank = blank and not line.strip()
    if not blank:
        commands.append("\n".join(pending))
    return commands


def _set_mode(out: _Output, mode: str) -> None:
    out.mode = mode
    out.separator = "," if mode == "csv" else "|"


class _OutputFull(Exception):
    """More than MAX_OUTPUT_BYTES were printed by one sqlite3 call."""


class _Printer:
    """Writes the CLI's output, counting bytes against MAX_OUTPUT_BYTES."""

    def __init__(self, proc: Proc) -> None:
        self._proc = proc
        self._written = 0

    def write(self, text: str) -> None:
        self._written += len(text)
        if self._written > MAX_OUTPUT_BYTES:
            raise _OutputFull
        self._proc.write(text)


def _dot_command(proc: Proc, conn: sqlite3.Connection, line: str, out: _Output, printer: _Printer) -> int:
    """`.headers on|off`, `.mode MODE`, `.separator S`, `.nullvalue S`, `.tables [LIKE]`,
    `.schema [LIKE]`; any other dot-command is refused with the CLI's message."""
    words = line.split()
    name, rest = words[0], words[1:]
    try:
        if name in (".headers", ".header") and len(rest) == 1:
            if rest[0].lower() not in ("on", "off", "yes", "no", "1", "0", "true", "false"):
                proc.eprint(f"ERROR: Not a boolean value: \"{rest[0]}\". Assuming \"no\".")
            out.header = rest[0].lower() in ("on", "yes", "1", "true")
            return 0
        if name == ".mode":
            mode = rest[0] if rest else "list"
            if mode not in _MODES:
                proc.eprint("Error: mode should be one of: ascii box column csv html insert json line "
                            "list markdown quote table tabs tcl")
                return 1
            _set_mode(out, mode)
            return 0
        if name == ".separator" and rest:
            out.separator = rest[0].encode().decode("unicode_escape") if "\\" in rest[0] else rest[0]
            return 0
        if name == ".nullvalue" and len(rest) == 1:
            out.nullvalue = rest[0]
            return 0
        if name == ".tables" and len(rest) <= 1:
            names = [r[0] for r in conn.execute(
                "SELECT name FROM sqlite_schema WHERE type IN ('table','view') AND name NOT LIKE 'sqlite_%' "
                "AND name LIKE ?1 ORDER BY 1", (rest[0] if rest else "%",))]
            printer.write(_in_columns(names))
            return 0
        if name == ".schema" and len(rest) <= 1:
            where = " AND (lower(name) LIKE lower(?1) OR lower(tbl_name) LIKE lower(?1))" if rest else ""
            for (sql,) in conn.execute("SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL AND type != 'meta'"
                                       + where + " ORDER BY rowid", tuple(rest)):
                printer.write(sql + ";\n")
            return 0
    except sqlite3.Error as exc:
        proc.eprint(f"Error: {exc}")
        return 1
    proc.eprint(f'Error: unknown command or invalid arguments:  "{name[1:]}". Enter ".help" for help')
    return 1


def _in_columns(names: list[str]) -> str:
    """`.tables` layout: names down columns as wide as the longest name, 80 characters a line."""
    if not names:
        return ""
    width = max(len(n) for n in names)
    cols = max(1, 80 // (width + 2))
    rows = (len(names) + cols - 1) // cols
    lines = []
    for r in range(rows):
        lines.append("".join(("" if j < rows else "  ") + f"{names[j]:<{width}}"
                             for j in range(r, len(names), rows)))
    return "".join(line + "\n" for line in lines)


def _csv_cell(value: object, nullvalue: str, separator: str) -> str:
    if value is None:
        return nullvalue
    text = _cell(value, nullvalue)
    if isinstance(value, (int, float)):
        return text
    if any(c in text for c in ('"', "\r", "\n")) or separator in text or \
            any(ord(c) < 0x20 or ord(c) > 0x7e for c in text):
        return '"' + text.replace('"', '""') + '"'
    return text


def _format_rows(names: list[str], rows: list[tuple[object, ...]], out: _Output) -> str:
    """The rows of one statement as the CLI prints them in `out.mode`."""
    parts: list[str] = []
    if out.mode == "line":
        width = max((len(n) for n in names), default=0)
        for k, row in enumerate(rows):
            if k:
                parts.append("\n")
            parts.extend(f"{n:>{width}} = {_cell(v, out.nullvalue)}\n" for n, v in zip(names, row))
        return "".join(parts)
    if out.mode == "column":
        # 3.32: each column as wide as the widest of 10, its name and its first row's value.
        first = rows[0] if rows else ()
        widths = [max(10, len(n), len(_cell(first[k], out.nullvalue)) if first else 0)
                  for k, n in enumerate(names)]

        def line(cells: list[str]) -> str:
            return "  ".join(f"{c[:w]:<{w}}" for c, w in zip(cells, widths)) + "\n"

        if out.header:
            parts.append(line(names))
            parts.append(line(["-" * w for w in widths]))
        parts.extend(line([_cell(v, out.nullvalue) for v in row]) for row in rows)
        return "".join(parts)
    end = "\r\n" if out.mode == "csv" else "\n"
    if out.mode == "csv":
        def cells(row: tuple[object, ...]) -> list[str]:
            return [_csv_cell(v, out.nullvalue, out.separator) for v in row]
        head = [_csv_cell(n, "", out.separator) for n in names]
    else:
        def cells(row: tuple[object, ...]) -> list[str]:
            return [_cell(v, out.nullvalue) for v in row]
        head = names
    if out.header:
        parts.append(out.separator.join(head) + end)
    parts.extend(out.separator.join(cells(row)) + end for row in rows)
    return "".join(parts)


def _run_statements(proc: Proc, conn: sqlite3.Connection, budget: sqlite_guard.Budget, statements: list[str],
                    out: _Output, printer: _Printer) -> int:
    """Run each statement in turn, printing rows; 1 at the first error."""
    for stmt in statements:
        budget.vacuum = sqlite_guard.is_plain_vacuum(stmt)
        try:
            cur = conn.execute(stmt)
            rows = cur.fetchmany(MAX_ROWS + 1)
        except (sqlite3.Error, sqlite3.Warning, ValueError) as exc:
            proc.eprint(_error_line(exc, budget))
            return 1
        finally:
            budget.vacuum = False
        if len(rows) > MAX_ROWS:
            proc.eprint(f"Error: more than {MAX_ROWS} rows (the simulated sqlite3's limit)")
            return 1
        if cur.description and rows:
            printer.write(_format_rows([d[0] for d in cur.description], rows, out))
    return 0


def _error_line(exc: Exception, budget: sqlite_guard.Budget) -> str:
    """The CLI's line for a failed statement: "Error: in prepare, <msg> (<code>)" when SQLite
    refused the text, "Error: stepping, <msg> (<code>)" when running it failed."""
    message = str(exc)
    code = getattr(exc, "sqlite_errorcode", 1)
    if isinstance(exc, ValueError):  # a NUL byte in the SQL: SQLite stops reading there
        return "Error: in prepare, unrecognized token (1)"
    if budget.tripped is not None:
        return f"Error: stepping, interrupted ({sqlite3.SQLITE_INTERRUPT})"
    if isinstance(exc, (sqlite3.OperationalError, sqlite3.ProgrammingError, sqlite3.DatabaseError)) \
            and _is_prepare_error(message):
        return f"Error: in prepare, {message} ({code})"
    return f"Error: stepping, {message} ({code})"


def _is_prepare_error(message: str) -> bool:
    return any(s in message for s in ("syntax error", "no such", "incomplete input", "unrecognized token",
                                      "ambiguous", "has no column", "already exists", "near ",
                                      sqlite_guard.NOT_AUTHORIZED))


COMMANDS = {"sqlite3": cmd_sqlite3}


def split_statements(sql: str) -> Iterator[str]:
    """The statements of `sql` in order, each ending at the `;` where `sqlite3_complete` would
    call it complete (strings, quoted names, comments and trigger bodies are skipped over),
    then the unterminated rest; statements without a token are left out. Linear: a statement
    is read token by token until its first four words show it is no trigger, then up to its
    `;` in one regular-expression match (at once after its first word when that is neither
    CREATE nor EXPLAIN). Text without triggers (each statement starts with another word, or
    with CREATE and a second word that is neither TEMP[ORARY] nor TRIGGER) is split by
    SQLite's own `sqlite3_complete` instead (see `_split_at_complete`), when it can."""
    pieces = _split_at_complete(sql)
    if pieces is not None:
        yield from pieces
        return
    start, n = 0, len(sql)
    while start < n:
        end, has_token = _statement_end(sql, start)
        if has_token:
            yield sql[start:end]
        start = end


#: Most `;` one statement may hold inside strings, names or comments before
#: `_split_at_complete` leaves the text to the scanner (each one more costs a look at the
#: whole statement so far).
_MAX_INNER_SEMICOLONS = 8


def _split_at_complete(sql: str) -> list[str] | None:
    """`split_statements` where no statement is a trigger, so each ends at its first `;`
    outside strings, quoted names and comments, i.e. at the first `;` up to which
    `sqlite3.complete_statement` (C) calls it complete: one `str.find` and one such call per
    statement rather than a scan in Python. None (the scanner's turn) at a statement whose
    first words may make it a trigger (see `_may_be_trigger`), with many `;` inside it, or text
    SQLite cannot take as it is (a NUL, a lone surrogate)."""
    pieces: list[str] = []
    start = 0
    try:
        while True:
            end = sql.find(";", start)
            inner = 0
            while end >= 0 and not sqlite3.complete_statement(sql[start:end + 1]):
                inner += 1
                if inner > _MAX_INNER_SEMICOLONS:
                    return None
                end = sql.find(";", end + 1)
            piece = sql[start:] if end < 0 else sql[start:end + 1]
            if piece[:1] in _NO_TRIGGER_START or (piece[:1] == " " and piece[1:2] in _NO_TRIGGER_START):
                # its first token is a word whose first letter is none of CREATE's or EXPLAIN's
                pieces.append(piece)
                if end < 0:
                    return pieces
                start = end + 1
                continue
            lead = _GAPS.match(piece).end()  # type: ignore[union-attr]
            if lead < len(piece) and piece[lead] != ";":  # a token before its `;`
                first = _TOKEN.match(piece, lead)
                assert first is not None  # `other` matches any character
                if first.lastgroup == "word" and first.group().upper() in _TRIGGER_STARTS \
                        and _may_be_trigger(piece, first):
                    return None
                pieces.append(piece)
            if end < 0:
                return pieces
            start = end + 1
    except (ValueError, UnicodeEncodeError):  # NUL, surrogate: the scanner reads them
        return None


#: Characters a word may start with (see `_TOKEN`) but CREATE's and EXPLAIN's first letters:
#: a statement starting with one, or with one space and one, has a token, and its first word
#: (an ASCII character upper-cases to itself or its capital) is neither CREATE nor EXPLAIN.
_NO_TRIGGER_START = frozenset(string.ascii_letters + string.digits + "_$") - frozenset("cCeE")


def _may_be_trigger(piece: str, first: re.Match[str]) -> bool:
    """Whether the statement `piece`, whose first word `first` is CREATE or EXPLAIN, may be a
    trigger as `_is_trigger` tells one: EXPLAIN always (left to the scanner), CREATE when its
    second token is the word TEMP, TEMPORARY or TRIGGER (CREATE TABLE, INDEX, VIEW are not)."""
    if first.group().upper() != "CREATE":
        return True
    second = _TOKEN.match(piece, _GAPS.match(piece, first.end()).end())  # type: ignore[union-attr]
    return second is not None and second.lastgroup == "word" \
        and second.group().upper() in ("TEMP", "TEMPORARY", "TRIGGER")


def _statement_end(sql: str, i: int) -> tuple[int, bool]:
    """Where the statement starting at `i` ends (after its `;`, or at the end of `sql`), and
    whether it has a token."""
    n = len(sql)
    heads: list[str] = []  # the statement's first words, for CREATE [TEMP] TRIGGER
    last: tuple[str, str] = ("", "")  # the two latest tokens
    while i < n:
        if (len(heads) == 4 or heads and heads[0] not in _TRIGGER_STARTS) and not _is_trigger(heads):
            # no trigger (known from its first word, or its first four): only `;`, quotes and
            # comments matter
            i = _TO_SEMICOLON.match(sql, i).end()  # type: ignore[union-attr]
            return min(i + 1, n), True
        m = _TOKEN.match(sql, i)
        assert m is not None  # `other` matches any character
        kind, i = m.lastgroup, m.end()
        if kind == "gap":
            continue
        if kind == "semicolon":
            if not _is_trigger(heads) or last == (";", "END"):
                return i, bool(heads)
            token = ";"
        elif kind == "quoted":
            token = "\0"  # a string or a quoted name: never a keyword
        elif kind == "word":
            token = m.group().upper()
        else:
            token = m.group()
        if len(heads) < 4:
            heads.append(token)
        last = (last[1], token)
    return n, bool(heads)


# SQL's lexical pieces that matter for finding a statement's end: comments run to the end of
# the line or to `*/`, strings and quoted names to their closing quote (`''` inside a string is
# two strings in a row), all of them to the end of the text when left open.
_COMMENT = r"--[^\n]*\n?|/\*[\s\S]*?(?:\*/|\Z)"
_QUOTED = r"'[^']*'?|\"[^\"]*\"?|`[^`]*`?|\[[^\]]*\]?"
#: White space and comments (what precedes a statement's first token).
_GAPS = re.compile(rf"(?:\s+|{_COMMENT})*")
#: `_GAPS`, then the ASCII letters that start the statement's first word (group 1, maybe empty).
_HEAD_WORD = re.compile(rf"{_GAPS.pattern}([A-Za-z]*)")
#: One token, or a gap of white space or a comment, at a time. A word starts with a letter,
#: digit, `_`, `$` or any non-ASCII character but white space, and goes on through those.
_TOKEN = re.compile(rf"(?P<gap>\s+|{_COMMENT})|(?P<semicolon>;)|(?P<quoted>{_QUOTED})"
                    r"|(?P<word>[A-Za-z0-9_$\x80-\U0010ffff][A-Za-z0-9_$\x80-\U0010ffff]*)"
                    r"|(?P<other>[\s\S])")
#: Text up to the next `;` that is not inside a string, a quoted name or a comment (as runs of
#: plain characters, each after a string, comment or lone `/` or `-`: one repetition per
#: string rather than two, which is what a long INSERT costs).
_PLAIN = r"[^;'\"`\[/-]*"
_TO_SEMICOLON = re.compile(rf"{_PLAIN}(?:(?:{_QUOTED}|{_COMMENT}|[/-]){_PLAIN})*")


#: The first words a CREATE [TEMP|TEMPORARY] TRIGGER statement can have (see `_is_trigger`).
_TRIGGER_STARTS = ("CREATE", "EXPLAIN")


def _is_trigger(heads: list[str]) -> bool:
    """Whether a statement starting with these words is CREATE [TEMP|TEMPORARY] TRIGGER
    (after an optional EXPLAIN), whose body's `;` do not end it."""
    words = heads[1:] if heads[:1] == ["EXPLAIN"] else heads
    if words[:1] != ["CREATE"]:
        return False
    rest = words[2:3] if words[1:2] in (["TEMP"], ["TEMPORARY"]) else words[1:2]
    return rest == ["TRIGGER"]
