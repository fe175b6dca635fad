"""Task linter: `python -m mobile_gym.tasks.lint FILE...`.

Reports, as ``FILE:LINE:COLUMN: severity: [code] id N: message``:
errors the loader would raise (dangling or duplicate ids, cycles, bad regexes, ...) and warnings
for known pitfalls of Mobile-Env task files (mobile_env_engine.md section 7):

* ``string-concatenation``: adjacent string literals silently joined (``"extra" "assets"``);
* ``falsy-episode-end``: an episode-end value that is falsy or ``()`` on a match, with what the
  engine then does (identity over a group-less regex gives ``()``: a success only if the
  episode's return so far is > 0; another falsy value: a failure; ``None`` means no end and is
  not flagged);
* ``missing-rect``: a text or icon event without a rect, or with a zero-area rect (never fires
  in Mobile-Env);
* ``unused-source`` / ``unreachable``: sources nothing refers to, and ``prerequisite`` /
  ``cache_until`` targets that can never fire (the engine evaluates every listener's tree and
  every prerequisite and cache_until target, so only a node that is dead from the start -- an
  empty slot, or one whose children or prerequisites can never fire -- leaves its dependant
  blocked, or its cached slot held, forever);
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
from mobile_gym.tasks.assets import TaskAssets, asset_problems
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
        self._dead_memo: dict[FieldPath, tuple[FieldPath, str, str] | None] = {}

    # -- reachability ---------------------------------------------------------------------
    def never_fires(self, ref: int) -> str | None:
        """Why node `ref` can never fire in an episode, or None if it can (sources always can).
        The engine's dead-node rule (`Slot.update_dead`) at the start of an episode, plus empty
        slots and `events` entries, which never fire either."""
        if ref not in self.slots:
            return None  # a source, or an unknown id (reported as dangling-id)
        path, slot = self.slots[ref]
        return self._describe(path, self._dead_root(path, slot))

    def slot_never_fires(self, slot: task_pb2.EventSlot, path: FieldPath) -> str | None:
        """Like `never_fires`, for a slot given by its message and field path."""
        return self._describe(path, self._dead_root(path, slot))

    def name(self, path: FieldPath, slot: task_pb2.EventSlot) -> str:
        """How messages name a slot: by id, or by its field path when it has none."""
        return f"slot {slot.id}" if slot.id else f"the slot at {format_path(path)}"

    def _describe(self, path: FieldPath, root: tuple[FieldPath, str, str] | None) -> str | None:
        """The reason text: the root cause itself, or what the node depends on."""
        if root is None:
            return None
        root_path, name, what = root
        return f"{name} {what}" if root_path == path else f"it depends on {name}, which {what}"

    def _deps(self, path: FieldPath,
              slot: task_pb2.EventSlot) -> list[tuple[FieldPath, task_pb2.EventSlot]]:
        """The slots whose firing `slot` needs: its events and its prerequisites."""
        out: list[tuple[FieldPath, task_pb2.EventSlot]] = []
        for i, fake in enumerate(slot.events):
            which = fake.WhichOneof("source")
            if which == "event":
                out.append((path + ("events", i, "event"), fake.event))
            elif which == "id" and fake.id in self.slots:
                out.append(self.slots[fake.id])
        out += [self.slots[pre] for pre in slot.prerequisite if pre in self.slots]
        return out

    def _dead_root(self, path: FieldPath,
                   slot: task_pb2.EventSlot) -> tuple[FieldPath, str, str] | None:
        """The root cause (path, name, what) that keeps `slot` from ever firing, or None.
        Iterative post-order over events and prerequisites (chains of ids can be long)."""
        memo = self._dead_memo
        pending: set[FieldPath] = set()  # expanded, not judged yet (a back edge = a cycle)
        stack: list[tuple[FieldPath, task_pb2.EventSlot, bool]] = [(path, slot, False)]
        while stack:
            p, s, expanded = stack.pop()
            if p in memo:
                continue
            if expanded:
                memo[p] = self._judge(p, s)
                pending.discard(p)
                continue
            if p in pending:
                continue
            pending.add(p)
            stack.append((p, s, True))
            stack.extend((dp, ds, False) for dp, ds in self._deps(p, s)
                         if dp not in memo and dp not in pending)
        return memo[path]

    def _judge(self, path: FieldPath,
               slot: task_pb2.EventSlot) -> tuple[FieldPath, str, str] | None:
        """One slot's verdict from its dependencies' verdicts (a cycle counts as able to fire;
        it is reported as an error by check_task)."""
        memo = self._dead_memo
        name = self.name(path, slot)
        if not slot.events:
            return path, name, "has no events"
        dead: list[tuple[FieldPath, str, str]] = []
        for i, fake in enumerate(slot.events):
            which = fake.WhichOneof("source")
            sub: tuple[FieldPath, str, str] | None = None
            if which == "event":
                sub = memo.get(path + ("events", i, "event"))
            elif which == "id" and fake.id in self.slots:
                sub = memo.get(self.slots[fake.id][0])
            elif which is None:
                sub = (path, name, "has an empty entry in events")
            if sub is not None:
                dead.append(sub)
        if dead and (slot.type != task_pb2.EventSlot.OR or len(dead) == len(slot.events)):
            return dead[0]
        for pre in slot.prerequisite:
            if pre in self.slots:
                sub = memo.get(self.slots[pre][0])
                if sub is not None:
                    return sub
        return None

    def referenced_ids(self) -> set[int]:
        refs: set[int] = set()
        for n in self.all_slots:
            refs.update(f.id for f in n.slot.events if f.WhichOneof("source") == "id")
            refs.update(n.slot.prerequisite)
            refs.update(n.slot.cache_until)
        return refs

    # -- episode-end value analysis -------------------------------------------------------
    def end_leaves(self, slot: task_pb2.EventSlot,
                   path: FieldPath) -> list[tuple[FieldPath, int | None, str, str]]:
        """Where an end value that is `()` or falsy can come from when `slot` fires, as
        (path, node id, kind, why) with kind UNIT (`()`) or FALSY (identity paths only)."""
        out: list[tuple[FieldPath, int | None, str, str]] = []
        seen: set[int] = set()
        todo: list[tuple[task_pb2.EventSlot, FieldPath]] = [(slot, path)]
        while todo:
            node, where = todo.pop()
            if not node.events:
                continue  # an empty placeholder never fires
            if node.transformation:
                stmts = list(node.transformation)
                found, value = _constant_value(stmts)
                if found:
                    kind = _end_kind(value)
                    if kind is not None:
                        out.append((where + ("transformation",), node.id or None, kind,
                                    f"its transformation assigns {value!r} to y"))
                    continue
                if not _is_identity(stmts):
                    continue
            if node.type == task_pb2.EventSlot.AND:
                continue  # a non-empty list of the children's values
            for i, fake in enumerate(node.events):
                which = fake.WhichOneof("source")
                if which == "event":
                    todo.append((fake.event, where + ("events", i, "event")))
                elif which == "id" and fake.id not in seen:
                    seen.add(fake.id)
                    if fake.id in self.slots:
                        spath, sub = self.slots[fake.id]
                        todo.append((sub, spath))
                    elif fake.id in self.sources:
                        spath, src = self.sources[fake.id]
                        leaf = _end_source(src)
                        if leaf:
                            out.append((spath, fake.id, leaf[0], leaf[1]))
        return out

    def can_pay(self) -> bool:
        """Whether a score or reward listener exists that can ever fire (else the return stays 0)."""
        if not self.task.HasField("event_slots"):
            return False
        for name in ("score_listener", "reward_listener"):
            if self.task.event_slots.HasField(name):
                root = getattr(self.task.event_slots, name)
                if self.slot_never_fires(root, ("event_slots", name)) is None:
                    return True
        return False


UNIT = "unit"  # the end value is (): success iff the episode's return so far is > 0
FALSY = "falsy"  # any other falsy value but None: failure


def _end_kind(value: object) -> str | None:
    """How the engine's default episode-end rule treats a constant end value worth a warning:
    UNIT for (), FALSY for other falsy values; None for None (no end) and for values that state
    their outcome (truthy values, "success" / "failure")."""
    if value is None:
        return None
    if isinstance(value, tuple) and not value:
        return UNIT
    if isinstance(value, str) and value.strip().lower() in ("success", "failure"):
        return None
    try:
        return None if bool(value) else FALSY
    except (TypeError, ValueError):
        return None


def _is_identity(stmts: list[str]) -> bool:
    return len(stmts) == 1 and re.fullmatch(r"\s*y\s*=\s*x\s*", stmts[0]) is not None


def _constant_value(stmts: list[str]) -> tuple[bool, object]:
    """(True, value) when the last statement assigns a literal to y; (False, None) otherwise."""
    try:
        tree = ast.parse(stmts[-1])
    except (SyntaxError, ValueError, RecursionError):
        return False, None
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.Assign):
        return False, None
    assign = tree.body[0]
    if [getattr(t, "id", None) for t in assign.targets] != ["y"]:
        return False, None
    try:
        return True, ast.literal_eval(assign.value)
    except (ValueError, SyntaxError, TypeError, RecursionError, MemoryError):
        return False, None


def _regex_groups(pattern: str) -> int | None:
    try:
        return re.compile(pattern).groups
    except (re.error, RecursionError, OverflowError):
        return None


def _end_source(src: task_pb2.EventSource) -> tuple[str, str] | None:
    """(kind, why) when a source's match value is () or can be falsy, else None."""
    kind = src.WhichOneof("event")
    unit = (UNIT, "its value is () (the regex has no groups)")
    if kind == "response_event" and src.response_event.HasField("answer"):
        return None  # a typed answer check's value is True
    if kind in TEXT_KINDS or kind == "response_event":
        ev = getattr(src, kind)
        pattern = ev.expect if kind in TEXT_KINDS else ev.pattern
        if ev.mode == task_pb2.EventSource.REGEX:
            if _regex_groups(pattern) == 0:
                return unit
        elif ev.threshold <= 0:
            return FALSY, "its value is a similarity score that can be 0.0 (threshold <= 0)"
    elif kind == "log_event" and _regex_groups(src.log_event.pattern) == 0:
        return unit
    elif kind == "view_hierarchy_event" and not src.view_hierarchy_event.properties:
        return FALSY, "its value is [] (no properties are read)"
    return None


def _end_message(kind: str, why: str, can_pay: bool) -> str:
    """The falsy-episode-end text: what the engine's default rule does with this value."""
    if kind == FALSY:
        return (f"feeds episode_end_listener unchanged, and {why}, which is falsy: the engine ends "
                "the episode as a FAILURE on such a match; add a transformation such as "
                "'y = True' if success is meant")
    if can_pay:
        outcome = ("the engine ends the episode as a SUCCESS if the episode's return so far "
                   "(this step's reward included) is > 0, and as a FAILURE otherwise")
    else:
        outcome = ("the engine ends the episode as a SUCCESS only if the episode's return so far "
                   "is > 0, and no score or reward listener here can fire, so it always ends as "
                   "a FAILURE")
    return (f"feeds episode_end_listener unchanged, and {why}: {outcome} (Mobile-Env and "
            "mobile_env_episode_end: always a FAILURE); use 'y = True' or 'y = False' to state "
            "the outcome")


def lint_task(task: task_pb2.Task, smap: SourceMap, file: str, *,
              assets: TaskAssets | None = None) -> list[Finding]:
    """All findings for one parsed task; with `assets` (the task file's folder) also the
    asset files it names that cannot be read."""
    findings: list[Finding] = []

    def add(severity: str, path: FieldPath, code: str, node_id: int | None, message: str) -> None:
        pos = smap.find(path)
        findings.append(Finding(file, pos[0] if pos else None, pos[1] if pos else None,
                                severity, code, node_id, message))

    for issue in check_task(task):
        add(issue.severity, issue.path, issue.code, issue.node_id, issue.message)
    if assets is not None:
        for path, message in asset_problems(task, assets):
            add("error", path, "bad-asset", None, message)

    for cat in smap.concatenations:
        joined = "".join(p[1:-1] for p in cat.parts)
        findings.append(Finding(
            file, cat.line, cat.column, "warning", "string-concatenation", None,
            f"field '{format_path(cat.path)}': adjacent string literals {' '.join(cat.parts)} "
            f"are joined into {joined!r} (missing comma?)"))

    graph = _Graph(task)
    if task.HasField("event_slots") and task.event_slots.HasField("episode_end_listener"):
        root = task.event_slots.episode_end_listener
        can_pay = graph.can_pay()
        for path, node_id, kind, why in graph.end_leaves(
                root, ("event_slots", "episode_end_listener")):
            add("warning", path, "falsy-episode-end", node_id, _end_message(kind, why, can_pay))

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
        elif (kind == "response_event" and src.response_event.mode == task_pb2.EventSource.REGEX
              and not src.response_event.HasField("answer")):
            pattern = src.response_event.pattern
        if pattern is not None and not pattern.strip():
            add("warning", ("event_sources", i, kind), "empty-pattern", src.id or None,
                "empty pattern: matches every input")

    referenced = graph.referenced_ids()
    for i, src in enumerate(task.event_sources):
        if src.id <= 0:
            add("warning", ("event_sources", i), "unused-source", None,
                "source has no id, so no slot can listen to it")
        elif src.id not in referenced:
            add("warning", ("event_sources", i), "unused-source", src.id,
                f"nothing listens to source {src.id}")
    for node in graph.all_slots:
        dependant = graph.name(node.path, node.slot)
        for field_name in ("prerequisite", "cache_until"):
            for j, ref in enumerate(getattr(node.slot, field_name)):
                if ref <= 0 or (ref not in graph.sources and ref not in graph.slots):
                    continue
                # Every target is evaluated by its referrer (all slots hang under listeners),
                # so only a node that is dead from the start really never fires.
                reason = graph.never_fires(ref)
                if reason is None:
                    continue
                if field_name == "prerequisite":
                    effect = f"so {dependant} can never fire"
                else:
                    effect = (f"so once {dependant} fires it is never released (as with "
                              "cache_until: -1)")
                add("warning", node.path + (field_name, j), "unreachable", ref,
                    f"{field_name} refers to node {ref}, which can never fire ({reason}), {effect}")
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
    return lint_task(task, smap, str(path), assets=TaskAssets(path.parent))


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
