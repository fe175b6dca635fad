"""SQL text for seeding app databases: one INSERT of many rows that SQLite compiles quickly
(the families' reset steps run it through the device's `sqlite3` on every reset)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def insert_rows_sql(table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]],
                    literal: Callable[[Any], str]) -> str:
    """One INSERT of `rows` (values in `columns` order, each written by `literal`), or "" for
    none. A column with the same value in every row of several is written once:
    `INSERT INTO t (a, b, c) SELECT column1, 0, column2 FROM (VALUES (...), (...))` inserts
    the same rows in the same order as `VALUES` with every value in every row, and SQLite
    compiles those values once, not once a row (a calendar reset: 4 of 26 columns vary)."""
    if not rows:
        return ""
    return insert_columns_sql(table, columns, list(zip(*rows)), literal)


def insert_columns_sql(table: str, columns: Sequence[str], by_column: Sequence[Sequence[Any]],
                       literal: Callable[[Any], str]) -> str:
    """`insert_rows_sql` of the rows given column by column (`by_column[k]`: column k's value
    in each row), or "" for none."""
    if not by_column or not by_column[0]:
        return ""
    head = f"INSERT INTO {table} ({', '.join(columns)})"
    varying = [k for k, values in enumerate(by_column) if not _same_everywhere(values)]
    if not varying or len(varying) == len(columns):  # one row, equal rows, nothing in common
        return f"{head} VALUES {value_rows(by_column, literal)};"
    slot = {k: n for n, k in enumerate(varying, 1)}
    select = ", ".join(f"column{slot[k]}" if k in slot else literal(by_column[k][0])
                       for k in range(len(columns)))
    values = value_rows([by_column[k] for k in varying], literal)
    return f"{head} SELECT {select} FROM (VALUES {values});"


def value_rows(columns: Sequence[Sequence[Any]], literal: Callable[[Any], str]) -> str:
    """`(a1, b1), (a2, b2), ...`: a VALUES list of the columns' values, each written by `literal`
    (column by column, then joined row by row: fewer Python steps than row by row)."""
    texts = [list(map(literal, values)) for values in columns]
    return "(" + "), (".join(map(", ".join, zip(*texts))) + ")"


def _same_everywhere(values: Sequence[Any]) -> bool:
    """Whether every value is the first one: equal and of one type, and for floats also the
    same text (0.0 and -0.0 are equal numbers but not the same literal)."""
    first = values[0]
    if values.count(first) != len(values):
        return False
    if first is None or type(first) is str:  # what equals these is one literal (a str subclass
        return True                          # is written as its text)
    if len(set(map(type, values))) != 1:
        return False
    return not isinstance(first, float) or len(set(map(repr, values))) == 1
