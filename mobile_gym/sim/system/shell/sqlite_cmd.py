"""`sqlite3 DB "SQL"` with Python's sqlite3 on the mapped file, printing in the CLI's list mode.

The connection is guarded (`mobile_gym.untrusted.sqlite_guard`): ATTACH, DETACH, VACUUM INTO
and pragmas that reach outside the file are refused as SQLite refuses them ("not
authorized"), and the database cannot grow past the device's free space.
"""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Iterator

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
_LIMITS = sqlite_guard.Limits(value_bytes=MAX_VALUE_BYTES, instructions=MAX_VM_INSTRUCTIONS,
                              seconds=MAX_SECONDS, progress_interval=100)


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


def cmd_sqlite3(proc: Proc) -> int:
    argv = proc.argv[1:]
    separator, header, nullvalue = "|", False, ""
    args: list[str] = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-header", "--header"):
            header = True
        elif a in ("-noheader", "--noheader"):
            header = False
        elif a in ("-separator", "--separator") and i + 1 < len(argv):
            separator = argv[i + 1]
            i += 1
        elif a in ("-nullvalue",) and i + 1 < len(argv):
            nullvalue = argv[i + 1]
            i += 1
        elif a in ("-list", "-batch", "-bail", "-readonly"):
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
    sql = " ".join(args[1:]) if len(args) > 1 else proc.stdin.decode("utf-8", "surrogateescape")
    storage = proc.android.storage
    try:
        if not storage.exists(db_path):
            parent = db_path.rsplit("/", 1)[0] or "/"
            if not storage.is_dir(parent):
                raise sqlite3.OperationalError("unable to open database file")
        limits = dataclasses.replace(_LIMITS, seconds=min(MAX_SECONDS, proc.shell.seconds_left()))
        conn, budget = storage.open_database_budget(db_path, limits, isolation_level=None)
    except (sqlite3.Error, OSError, ValueError):
        # SQLite's own wording; the reason (a folder missing, a path outside the storage) would
        # only differ in ways that show where the device's files live on the host.
        proc.eprint(f'Error: unable to open database "{args[0]}": unable to open database file')
        return 1
    try:
        return _run_statements(proc, conn, budget, sql, header, separator, nullvalue)
    finally:
        conn.close()


def _run_statements(proc: Proc, conn: sqlite3.Connection, budget: sqlite_guard.Budget, sql: str,
                    header: bool, separator: str, nullvalue: str) -> int:
    """Run each statement of `sql` in turn, printing rows; 1 at the first error."""
    written = 0
    for stmt in split_statements(sql):
        if stmt.strip().startswith("."):
            proc.eprint(f"Error: dot-commands are not supported: {stmt.strip().split()[0]}")
            return 1
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
        lines = [separator.join(d[0] for d in cur.description)] if header and cur.description and rows else []
        lines.extend(separator.join(_cell(v, nullvalue) for v in row) for row in rows)
        for line in lines:
            written += len(line) + 1
            if written > MAX_OUTPUT_BYTES:
                proc.eprint(f"Error: output over {MAX_OUTPUT_BYTES} bytes (the simulated sqlite3's limit)")
                return 1
            proc.print(line)
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
    then the unterminated rest; statements without a token are left out. One linear scan."""
    n = len(sql)
    start = i = 0
    heads: list[str] = []  # the statement's first words, for CREATE [TEMP] TRIGGER
    last: tuple[str, str] = ("", "")  # the two latest tokens
    while i < n:
        c = sql[i]
        if c.isspace():
            i += 1
            continue
        if c == "-" and sql.startswith("--", i):
            end = sql.find("\n", i)
            i = n if end < 0 else end + 1
            continue
        if c == "/" and sql.startswith("/*", i):
            end = sql.find("*/", i + 2)
            i = n if end < 0 else end + 2
            continue
        if c == ";" and (not _is_trigger(heads) or last == (";", "END")):
            if heads:
                yield sql[start:i + 1]
            start, i, heads, last = i + 1, i + 1, [], ("", "")
            continue
        if c in "'\"`[":
            end = sql.find("]" if c == "[" else c, i + 1)
            i = n if end < 0 else end + 1
            token = "\0"  # a string or a quoted name: never a keyword
        elif c.isalnum() or c in "_$" or ord(c) > 127:
            j = i + 1
            while j < n and (sql[j].isalnum() or sql[j] in "_$" or ord(sql[j]) > 127):
                j += 1
            token, i = sql[i:j].upper(), j
        else:
            token, i = c, i + 1
        if len(heads) < 4:
            heads.append(token)
        last = (last[1], token)
    if heads:
        yield sql[start:]


def _is_trigger(heads: list[str]) -> bool:
    """Whether a statement starting with these words is CREATE [TEMP|TEMPORARY] TRIGGER
    (after an optional EXPLAIN), whose body's `;` do not end it."""
    words = heads[1:] if heads[:1] == ["EXPLAIN"] else heads
    if words[:1] != ["CREATE"]:
        return False
    rest = words[2:3] if words[1:2] in (["TEMP"], ["TEMPORARY"]) else words[1:2]
    return rest == ["TRIGGER"]
