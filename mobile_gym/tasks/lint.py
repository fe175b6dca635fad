"""Task linter: `python -m mobile_gym.tasks.lint FILE...`.

Reports, as ``FILE:LINE:COLUMN: severity: [code] id N: message``:
errors the loader would raise (dangling or duplicate ids, cycles, bad regexes, ...) and warnings
for known pitfalls of Mobile-Env task files (mobile_env_engine.md section 7):

* ``string-concatenation``: adjacent string literals silently joined (``"extra" "assets"``);
* ``falsy-episode-end``: an episode-end value that is falsy on a match (identity over a
  group-less regex gives ``()``, which ends the episode as a failure);
* ``missing-rect``: a text or icon event without a rect, or with a zero-area rect (never fires
  in Mobile-Env);
* ``unused-source`` / ``unreachable``: sources nothing refers to, and nodes only referred to by
  ``prerequisite`` / ``cache_until`` that no listener evaluates (the dependant can never fire);
* ``empty-pattern``: a regex that matches everything.

Exit status: 0 clean, 1 warnings only, 2 errors.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from mobile_gym.tasks import task_pb2
from mobile_gym.tasks._textproto import FieldPath, SourceMap, format_path
from mobile_gym.tasks.checks import (
    ICON_KINDS,
    LISTENERS,
    TEXT_KINDS,
    Issue,
    check_task,
    iter_slots,
)
from mobile_gym.tasks.errors import TaskFormatError
from mobile_gym.tasks.loader import parse, read_task_file


@dataclass(frozen=True)
class Finding:
    """One linter message, located."""

    file: str
    line: int | None
    column: int | None
    severity: str
    code: str
    node_id: int | None
    message: str

    def __str__(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}:{self.column or 1}"
        ident = f"id {self.node_id}: " if self.node_id else ""
        return f"{where}: {self.severity}: [{self.code}] {ident}{self.message}"


class _Graph:
    """Id resolution and value analysis over a parsed task."""

    def __init__(self, task: task_pb2.Task) -> None:
        self.task = task
        self.sources: dict[int, tuple[FieldPath, task_pb2.EventSource]] = {}
        for i, src in enumerate(task.event_sources):
            if src.id > 0:
                self.sources.setdefault(src.id, (("event_sources", i), src))
        self.slots: dict[int, tuple[FieldPath, task_pb2.EventSlot]] = {}
        self.all_slots = list(iter_slots(task))
        for node in self.all_slots:
            if node.slot.id > 0:
                self.slots.setdefault(node.slot.id, (node.path, node.slot))

    # -- reachability ---------------------------------------------------------------------
    def reachable_ids(self) -> set[int]:
        """Ids evaluated because some listener reaches them through `events`."""
        seen: set[int] = set()
        todo = [n.slot for n in self.all_slots]  # every inline slot hangs under a listener
        while todo:
            slot = todo.pop()
            for fake in slot.events:
                if fake.WhichOneof("source") == "id" and fake.id not in seen:
                    seen.add(fake.id)
                    if fake.id in self.slots:
                        todo.append(self.slots[fake.id][1])
        seen.update(n.slot.id for n in self.all_slots if n.slot.id > 0)
        return seen

    def referenced_ids(self) -> set[int]:
        refs: set[int] = set()
        for n in self.all_slots:
            refs.update(f.id for f in n.slot.events if f.WhichOneof("source") == "id")
            refs.update(n.slot.prerequisite)
            refs.update(n.slot.cache_until)
        return refs

    # -- episode-end value analysis -------------------------------------------------------
    def falsy_leaves(self, slot: task_pb2.EventSlot, path: FieldPath,
                     seen: set[int]) -> list[tuple[FieldPath, int | None, str]]:
        """Where a falsy value can come from when `slot` fires (identity paths only)."""
        if not slot.events:
            return []  # an empty placeholder never fires
        if slot.transformation:
            verdict = _constant_truth(list(slot.transformation))
            if verdict is False:
                return [(path + ("transformation",), slot.id or None,
                         "its transformation assigns a falsy constant to y")]
            if verdict is not None or not _is_identity(list(slot.transformation)):
                return []
        if slot.type == task_pb2.EventSlot.AND:
            return []  # a non-empty list of the children's values
        out: list[tuple[FieldPath, int | None, str]] = []
        for i, fake in enumerate(slot.events):
            which = fake.WhichOneof("source")
            if which == "event":
                out += self.falsy_leaves(fake.event, path + ("events", i, "event"), seen)
            elif which == "id" and fake.id not in seen:
                seen.add(fake.id)
                if fake.id in self.slots:
                    spath, sub = self.slots[fake.id]
                    out += self.falsy_leaves(sub, spath, seen)
                elif fake.id in self.sources:
                    spath, src = self.sources[fake.id]
                    why = _falsy_source(src)
                    if why:
                        out.append((spath, fake.id, why))
        return out


def _is_identity(stmts: list[str]) -> bool:
    return len(stmts) == 1 and re.fullmatch(r"\s*y\s*=\s*x\s*", stmts[0]) is not None


def _constant_truth(stmts: list[str]) -> bool | None:
    """Truth of y when the last statement assigns a literal to y; None if not a constant."""
    try:
        tree = ast.parse(stmts[-1])
    except (SyntaxError, ValueError, RecursionError):
        return None
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.Assign):
        return None
    assign = tree.body[0]
    if [getattr(t, "id", None) for t in assign.targets] != ["y"]:
        return None
    try:
        return bool(ast.literal_eval(assign.value))
    except (ValueError, SyntaxError, TypeError, RecursionError):
        return None


def _regex_groups(pattern: str) -> int | None:
    try:
        return re.compile(pattern).groups
    except (re.error, RecursionError, OverflowError):
        return None


def _falsy_source(src: task_pb2.EventSource) -> str | None:
    kind = src.WhichOneof("event")
    if kind in TEXT_KINDS or kind == "response_event":
        ev = getattr(src, kind)
        pattern = ev.expect if kind in TEXT_KINDS else ev.pattern
        if ev.mode == task_pb2.EventSource.REGEX:
            if _regex_groups(pattern) == 0:
                return "its value is () (the regex has no groups), which is falsy"
        elif ev.threshold <= 0:
            return "its value is a similarity score that can be 0.0 (threshold <= 0)"
    elif kind == "log_event" and _regex_groups(src.log_event.pattern) == 0:
        return "its value is () (the regex has no groups), which is falsy"
    elif kind == "view_hierarchy_event" and not src.view_hierarchy_event.properties:
        return "its value is [] (no properties are read), which is falsy"
    return None


def lint_task(task: task_pb2.Task, smap: SourceMap, file: str) -> list[Finding]:
    """All findings for one parsed task."""
    findings: list[Finding] = []

    def add(severity: str, path: FieldPath, code: str, node_id: int | None, message: str) -> None:
        pos = smap.find(path)
        findings.append(Finding(file, pos[0] if pos else None, pos[1] if pos else None,
                                severity, code, node_id, message))

    for issue in check_task(task):
        add(issue.severity, issue.path, issue.code, issue.node_id, issue.message)

    for cat in smap.concatenations:
        joined = "".join(p[1:-1] for p in cat.parts)
        findings.append(Finding(
            file, cat.line, cat.column, "warning", "string-concatenation", None,
            f"field '{format_path(cat.path)}': adjacent string literals {' '.join(cat.parts)} "
            f"are joined into {joined!r} (missing comma?)"))

    graph = _Graph(task)
    if task.HasField("event_slots") and task.event_slots.HasField("episode_end_listener"):
        root = task.event_slots.episode_end_listener
        for path, node_id, why in graph.falsy_leaves(root, ("event_slots", "episode_end_listener"),
                                                      set()):
            add("warning", path, "falsy-episode-end", node_id,
                f"feeds episode_end_listener unchanged, and {why}: the episode would end as a "
                "FAILURE on a match; add a transformation such as 'y = True' if success is meant")

    for i, src in enumerate(task.event_sources):
        kind = src.WhichOneof("event")
        if kind in TEXT_KINDS or kind in ICON_KINDS:
            ev = getattr(src, kind)
            if not ev.HasField("rect"):
                add("warning", ("event_sources", i, kind), "missing-rect", src.id or None,
                    f"{kind} has no rect (Mobile-Env treats it as a zero-area region that never "
                    "fires)")
            elif ev.rect.x0 == ev.rect.x1 or ev.rect.y0 == ev.rect.y1:
                add("warning", ("event_sources", i, kind, "rect"), "missing-rect",
                    src.id or None, "rect has zero area (it can never contain any text or icon)")
        pattern = None
        if kind == "log_event":
            pattern = src.log_event.pattern
        elif kind in TEXT_KINDS and getattr(src, kind).mode == task_pb2.EventSource.REGEX:
            pattern = getattr(src, kind).expect
        elif kind == "response_event" and src.response_event.mode == task_pb2.EventSource.REGEX:
            pattern = src.response_event.pattern
        if pattern is not None and not pattern.strip():
            add("warning", ("event_sources", i, kind), "empty-pattern", src.id or None,
                "empty pattern: matches every input")

    referenced = graph.referenced_ids()
    reachable = graph.reachable_ids()
    for i, src in enumerate(task.event_sources):
        if src.id <= 0:
            add("warning", ("event_sources", i), "unused-source", None,
                "source has no id, so no slot can listen to it")
        elif src.id not in referenced:
            add("warning", ("event_sources", i), "unused-source", src.id,
                f"nothing listens to source {src.id}")
    for node in graph.all_slots:
        for field_name in ("prerequisite", "cache_until"):
            for j, ref in enumerate(getattr(node.slot, field_name)):
                if ref > 0 and (ref in graph.sources or ref in graph.slots) \
                        and ref not in reachable:
                    add("warning", node.path + (field_name, j), "unreachable", ref,
                        f"{field_name} refers to node {ref}, which no listener evaluates, so it "
                        f"never fires and slot {node.slot.id or '(inline)'} waits forever")
    findings.sort(key=lambda f: (f.line or 0, f.column or 0))
    return findings


def lint_file(path: str | Path) -> list[Finding]:
    """Parse and lint one task file; a file the loader refuses becomes a single error finding."""
    path = Path(path)
    try:
        text, fmt = read_task_file(path)
        task, smap = parse(text, fmt=fmt, path=path)
    except OSError as e:
        return [Finding(str(path), None, None, "error", "unreadable", None, str(e))]
    except TaskFormatError as e:
        message = f"field '{e.field}': {e.message}" if e.field else e.message
        return [Finding(str(path), e.line, e.column, "error", "syntax", None, message)]
    return lint_task(task, smap, str(path))


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point; prints findings, returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print("usage: python -m mobile_gym.tasks.lint FILE...", file=sys.stderr)
        return 2 if not args else 0
    worst = 0
    for arg in args:
        for finding in lint_file(arg):
            print(finding)
            worst = max(worst, 2 if finding.severity == "error" else 1)
    return worst


__all__ = ["LISTENERS", "Finding", "Issue", "lint_file", "lint_task", "main"]

if __name__ == "__main__":
    sys.exit(main())
