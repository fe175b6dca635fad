"""`sqlite3 DB "SQL"` with Python's sqlite3 on the mapped file, printing in the CLI's list mode."""

from __future__ import annotations

import sqlite3

from mobile_gym.sim.system.shell.core import Proc

#: Bounds of one `sqlite3` command line in the simulated shell (a real device would run on):
#: past them a statement is interrupted ("Error: stepping, interrupted").
MAX_VM_INSTRUCTIONS = 50_000_000
MAX_ROWS = 100_000
_PROGRESS_INTERVAL = 100


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
        host = storage.host_path(db_path)
        if not storage.exists(db_path):
            parent = db_path.rsplit("/", 1)[0] or "/"
            if not storage.is_dir(parent):
                raise sqlite3.OperationalError("unable to open database file")
        conn = sqlite3.connect(host, isolation_level=None)
        steps = [0]

        def over_budget() -> int:
            steps[0] += _PROGRESS_INTERVAL
            return int(steps[0] > MAX_VM_INSTRUCTIONS)

        conn.set_progress_handler(over_budget, _PROGRESS_INTERVAL)
    except (sqlite3.Error, OSError, ValueError) as exc:
        proc.eprint(f'Error: unable to open database "{args[0]}": {exc}')
        return 1
    try:
        remaining = sql
        while remaining.strip():
            stmt_end = _statement_end(remaining)
            stmt, remaining = remaining[:stmt_end], remaining[stmt_end:]
            if not stmt.strip().rstrip(";").strip():
                continue
            if stmt.strip().startswith("."):
                proc.eprint(f"Error: dot-commands are not supported: {stmt.strip().split()[0]}")
                return 1
            try:
                cur = conn.execute(stmt)
            except sqlite3.Error as exc:
                kind = "in prepare" if isinstance(exc, (sqlite3.OperationalError, sqlite3.ProgrammingError)) \
                    and _is_prepare_error(str(exc)) else "stepping"
                code = getattr(exc, "sqlite_errorcode", 1)
                proc.eprint(f"Error: {kind}, {exc} ({code})" if kind == "in prepare"
                            else f"Error: stepping, {exc} ({code})")
                return 1
            rows = cur.fetchmany(MAX_ROWS + 1)
            if len(rows) > MAX_ROWS:
                proc.eprint(f"Error: more than {MAX_ROWS} rows (the simulated sqlite3's limit)")
                return 1
            if header and cur.description and rows:
                proc.print(separator.join(d[0] for d in cur.description))
            for row in rows:
                proc.print(separator.join(_cell(v, nullvalue) for v in row))
    finally:
        conn.close()
    return 0


def _is_prepare_error(message: str) -> bool:
    return any(s in message for s in ("syntax error", "no such", "incomplete input", "unrecognized token",
                                      "ambiguous", "has no column", "already exists", "near "))


def _statement_end(sql: str) -> int:
    """Index after the first complete statement (sqlite3.complete_statement over prefixes)."""
    for k in range(len(sql)):
        if sql[k] == ";" and sqlite3.complete_statement(sql[:k + 1]):
            return k + 1
    return len(sql)


COMMANDS = {"sqlite3": cmd_sqlite3}
