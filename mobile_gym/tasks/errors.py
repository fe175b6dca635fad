"""Errors raised by the task layer: malformed task files and failed setup steps.

Both carry enough context (file, line, column, field; step index, call, device answer) that the
message alone tells a task author what to fix.
"""

from __future__ import annotations

from pathlib import Path


class TaskFormatError(ValueError):
    """A task file (or string) is malformed: syntax, schema or semantics.

    Formatted as ``FILE:LINE:COLUMN: field 'FIELD': MESSAGE``; parts that are unknown are left
    out. ``more`` holds further problems found in the same file (the first one is the message).
    """

    def __init__(
        self,
        path: Path | str | None,
        line: int | None,
        column: int | None,
        field: str | None,
        message: str,
        more: tuple[TaskFormatError, ...] = (),
    ) -> None:
        self.path = None if path is None else str(path)
        self.line = line
        self.column = column
        self.field = field
        self.message = message
        self.more = tuple(more)
        super().__init__(self._format())

    def location(self) -> str:
        """``FILE:LINE:COLUMN`` (or as much of it as is known)."""
        where = self.path if self.path is not None else "<string>"
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return where

    def _format(self) -> str:
        text = self.location() + ": "
        if self.field:
            text += f"field '{self.field}': "
        text += self.message
        if self.more:
            text += f" (and {len(self.more)} more problem{'s' if len(self.more) > 1 else ''}:"
            text += "".join(f"\n  {m.location()}: " + (f"field '{m.field}': " if m.field else "")
                            + m.message for m in self.more) + ")"
        return text


class TaskSetupError(RuntimeError):
    """A setup or reset step failed: names the step, the call and what the device answered."""

    def __init__(self, label: str, index: int, call: str, answer: str, message: str) -> None:
        self.label = label
        self.index = index
        self.call = call
        self.answer = answer
        self.message = message
        text = f"{label} {index} ({call}): {message}"
        if answer:
            text += f"; device answered: {answer}"
        super().__init__(text)
