"""Errors raised by the event engine.

Two families: `TaskCompileError` (the task's event part is invalid; raised when the engine is
built, i.e. when the task loads) and `EventRuntimeError` (something went wrong while a step was
evaluated). Every message names the task file, the node (source/slot id or listener path) and,
where there is one, the line.
"""

from __future__ import annotations

import importlib
from typing import Any


class EventError(Exception):
    """Base class of every error the event engine raises on purpose."""


class TaskCompileError(EventError, ValueError):
    """The event part of a task is invalid (bad selector, regex, transformation, graph, ...)."""


class TransformSyntaxError(TaskCompileError):
    """A transformation statement is not valid Python or uses something the language forbids."""

    def __init__(self, message: str, *, source_text: str = "", line: int | None = None,
                 column: int | None = None, where: str = "") -> None:
        self.source_text = source_text
        self.line = line
        self.column = column
        self.where = where
        pos = ""
        if line is not None:
            pos = f" (statement line {line}" + (f", column {column}" if column is not None else "") + ")"
        prefix = f"{where}: " if where else ""
        shown = f": {source_text!r}" if source_text else ""
        super().__init__(f"{prefix}transformation rejected{pos}: {message}{shown}")


class SelectorError(TaskCompileError):
    """A view-hierarchy selector cannot be parsed or compiled."""


class EventGraphError(TaskCompileError):
    """The source/slot graph is inconsistent: dangling or duplicate ids, cycles, bad references."""


class EventRuntimeError(EventError, RuntimeError):
    """A step could not be evaluated."""


class TransformRuntimeError(EventRuntimeError):
    """A transformation failed while running (type error, budget or size limit exceeded, ...)."""


class ModelUnavailableError(EventRuntimeError):
    """A source needs a text/icon/SBERT model that is not installed or not configured."""


class InputError(EventRuntimeError, ValueError):
    """The step inputs are malformed (e.g. unparsable view hierarchy XML)."""


#: Longest error text the engine reports for one node (a KeyError could carry megabytes).
MAX_ERROR_CHARS = 1000


def cap_text(text: str, limit: int = MAX_ERROR_CHARS) -> str:
    """`text` cut to `limit` characters, with an ellipsis saying how much was left out."""
    if len(text) <= limit:
        return text
    return text[:limit] + f"… ({len(text) - limit:,} more characters)"


def exception_text(exc: BaseException, limit: int = MAX_ERROR_CHARS) -> str:
    """`TYPE: message` of an exception within about `limit` characters, without first
    formatting a huge argument in full (a KeyError's message is the repr of its key)."""
    args = exc.args
    if len(args) == 1 and isinstance(args[0], (str, bytes)) and len(args[0]) > limit:
        head = args[0][:limit]
        shown = repr(head) if isinstance(exc, KeyError) or isinstance(head, bytes) else head
        return f"{type(exc).__name__}: {shown}… ({len(args[0]) - limit:,} more characters)"
    try:
        text = str(exc)
    except Exception:  # noqa: BLE001 - a message that cannot be formatted still names its type
        text = "(message cannot be shown)"
    return cap_text(f"{type(exc).__name__}: {text}", limit)


def require_extra(module: str, extra: str, purpose: str) -> Any:
    """Import `module`, or raise ModelUnavailableError saying which extra installs it."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ModelUnavailableError(
            f"{purpose} needs the '{extra}' extra: pip install 'mobile-gym[{extra}]' ({module} is missing)") from exc
