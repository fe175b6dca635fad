"""Semantic checks on a parsed Task: the graph of ids, required fields, enums, regexes, selectors.

`check_task` returns every problem as an `Issue` (all of severity "error") with the field path
where it was found. The loader raises on them; the linter prints them beside its own warnings.
Selectors and log filters are checked by the same rules the event engine compiles them with
(`selector_syntax`, `logcat_filters`), one field at a time, so an error names the line of the
string at fault and whatever loads here also compiles there.
"""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Literal

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from mobile_gym.tasks import selector_syntax, task_pb2
from mobile_gym.tasks._textproto import FieldPath
from mobile_gym.tasks.logcat_filters import filter_spec_problem
from mobile_gym.tasks.patterns import pattern_problem

Severity = Literal["error", "warning"]

LISTENERS: tuple[str, ...] = (
    "score_listener", "reward_listener", "episode_end_listener", "extra_listener",
    "json_extra_listener", "instruction_listener", "null_listener",
)
TEXT_KINDS = ("text_recognize", "text_detect")
ICON_KINDS = ("icon_recognize", "icon_detect", "icon_match", "icon_detect_match")


# AdbCall variant -> fields that must be non-empty
_REQUIRED_CALL_FIELDS: dict[str, tuple[str, ...]] = {
    "start_activity": ("full_activity",),
    "force_stop": ("package_name",),
    "clear_cache": ("package_name",),
    "grant_permissions": ("package_name",),
    "start_accessibility_service": ("full_service",),
    "start_screen_pinning": ("full_activity",),
    "start_random_activity": ("activity_list",),
    "uninstall_package": ("package_name",),
    "shell_command": ("command",),
    "adb_command": ("command",),
    "settings": ("key",),
    "push": ("path",),
}


@dataclass(frozen=True)
class Issue:
    """One problem: where (field path), what, how bad, and the event id involved (if any)."""

    severity: Severity
    path: FieldPath
    message: str
    code: str
    node_id: int | None = None


@dataclass(frozen=True)
class SlotNode:
    """A slot written somewhere under a listener."""

    path: FieldPath
    slot: task_pb2.EventSlot
    listener: str


def iter_slots(task: task_pb2.Task) -> Iterator[SlotNode]:
    """Every slot under every listener, parents before children (iterative, any depth)."""
    todo: list[tuple[task_pb2.EventSlot, FieldPath, str]] = []
    for name in reversed(LISTENERS):
        if task.HasField("event_slots") and task.event_slots.HasField(name):
            todo.append((getattr(task.event_slots, name), ("event_slots", name), name))
    while todo:
        slot, path, listener = todo.pop()
        yield SlotNode(path, slot, listener)
        for i in reversed(range(len(slot.events))):
            fake = slot.events[i]
            if fake.WhichOneof("source") == "event":
                todo.append((fake.event, path + ("events", i, "event"), listener))


def _regex_issue(pattern: str, path: FieldPath, what: str, node_id: int | None) -> Issue | None:
    problem = pattern_problem(pattern)  # before compiling: a huge expansion exhausts memory
    if problem is not None:
        return Issue("error", path, f"invalid regular expression in {what}: {problem}",
                     "bad-regex", node_id)
    try:
        re.compile(pattern)
    except (re.error, RecursionError, OverflowError) as e:
        return Issue("error", path, f"invalid regular expression in {what}: {e}", "bad-regex",
                     node_id)
    return None


def selector_problem(selector: str) -> str | None:
    """Parse-level check of one Mobile-Env selector string: quotes and brackets balanced."""
    if not selector.strip():
        return "empty selector"
    stack: list[str] = []
    pairs = {"]": "[", ")": "("}
    i, n = 0, len(selector)
    while i < n:
        c = selector[i]
        if c in "\"'":
            j = i + 1
            while j < n and selector[j] != c:
                j += 2 if selector[j] == "\\" else 1
            if j >= n:
                return f"unterminated {c}-quoted string starting at character {i + 1}"
            i = j + 1
            continue
        if c == "\\":
            i += 2
            continue
        if c in "[(":
            stack.append(c)
        elif c in "])" and (not stack or stack.pop() != pairs[c]):
            return f"unbalanced '{c}' at character {i + 1}"
        i += 1
    if stack:
        return f"unclosed '{stack[-1]}'"
    return None


def _transformation_issue(stmt: str, path: FieldPath, node_id: int | None) -> Issue | None:
    try:
        ast.parse(stmt, mode="exec")
    except SyntaxError as e:
        return Issue("error", path, f"transformation is not a valid statement: {e.msg} "
                     f"(statement line {e.lineno}, column {e.offset})", "bad-transformation",
                     node_id)
    except (ValueError, RecursionError, MemoryError) as e:
        return Issue("error", path, f"transformation cannot be parsed: {e}",
                     "bad-transformation", node_id)
    return None


class _Checker:
    def __init__(self, task: task_pb2.Task) -> None:
        self.task = task
        self.issues: list[Issue] = []
        self.slots = list(iter_slots(task))
        # id -> first definition path; "source" or "slot"
        self.defs: dict[int, tuple[str, FieldPath]] = {}

    def add(self, severity: Severity, path: FieldPath, message: str, code: str,
            node_id: int | None = None) -> None:
        self.issues.append(Issue(severity, path, message, code, node_id))

    def add_opt(self, issue: Issue | None) -> None:
        if issue is not None:
            self.issues.append(issue)

    # -- ids -------------------------------------------------------------------------------
    def define(self, node_id: int, kind: str, path: FieldPath) -> None:
        if node_id < 0:
            self.add("error", path + ("id",), f"id {node_id} is negative (ids are >= 1; 0 = no id)",
                     "bad-id", node_id)
            return
        if node_id == 0:
            return
        if node_id in self.defs:
            other_kind, _ = self.defs[node_id]
            self.add("error", path + ("id",),
                     f"duplicate id {node_id} (already used by a {other_kind}; sources and slots "
                     "share one id space)", "duplicate-id", node_id)
            return
        self.defs[node_id] = (kind, path)

    def run(self) -> list[Issue]:
        for i, src in enumerate(self.task.event_sources):
            self.define(src.id, "source", ("event_sources", i))
        for node in self.slots:
            self.define(node.slot.id, "slot", node.path)
        self.check_enums()
        self.check_limits()
        for i, src in enumerate(self.task.event_sources):
            self.check_source(src, ("event_sources", i))
        for node in self.slots:
            self.check_slot(node)
        self.check_cycles()
        for name in ("setup_steps", "reset_steps"):
            for i, step in enumerate(getattr(self.task, name)):
                self.check_step(step, (name, i))
        if self.task.HasField("expected_app_screen"):
            self.check_app_screen(self.task.expected_app_screen, ("expected_app_screen",))
        names: set[str] = set()
        for i, spec in enumerate(self.task.extras_spec):
            if not spec.name:
                self.add("error", ("extras_spec", i), "missing required field 'name'",
                         "missing-field")
            elif spec.name in names:
                self.add("error", ("extras_spec", i, "name"),
                         f"duplicate extra name {spec.name!r}", "duplicate-extra")
            names.add(spec.name)
        return self.issues

    # -- episode limits ----------------------------------------------------------------------
    def check_limits(self) -> None:
        """The episode limits the environment accepts: `max_duration_sec` finite and >= 0,
        `max_num_steps` >= 0 (0 = no limit)."""
        seconds = self.task.max_duration_sec
        if not math.isfinite(seconds) or seconds < 0:
            self.add("error", ("max_duration_sec",), f"max_duration_sec = {seconds}: must be a "
                     "finite number of seconds >= 0 (0 = no limit)", "bad-value")
        if self.task.max_num_steps < 0:
            self.add("error", ("max_num_steps",), f"max_num_steps = {self.task.max_num_steps}: "
                     "must be >= 0 (0 = no limit)", "bad-value")

    # -- enums -----------------------------------------------------------------------------
    def check_enums(self) -> None:
        """Every enum field anywhere in the task holds a number its enum defines: proto3 parses
        and keeps unknown numbers (`repeatability: 5`), which the engine cannot interpret."""
        todo: list[tuple[Message, FieldPath, int | None]] = [(self.task, (), None)]
        while todo:
            msg, path, node_id = todo.pop()
            if isinstance(msg, (task_pb2.EventSource, task_pb2.EventSlot)):
                node_id = msg.id or None
            for field, value in msg.ListFields():
                fpath = path + (field.name,)
                if field.enum_type is not None:
                    numbers = list(value) if field.is_repeated else [value]
                    for k, number in enumerate(numbers):
                        at = fpath + (k,) if field.is_repeated else fpath
                        self.check_enum_value(field, number, at, node_id)
                elif field.message_type is None:
                    continue
                elif field.message_type.GetOptions().map_entry:
                    value_field = field.message_type.fields_by_name["value"]
                    for item in value.values():  # located at the map field itself
                        if value_field.enum_type is not None:
                            self.check_enum_value(value_field, item, fpath, node_id)
                        elif value_field.message_type is not None:
                            todo.append((item, fpath, node_id))
                elif field.is_repeated:
                    todo.extend((item, fpath + (k,), node_id) for k, item in enumerate(value))
                else:
                    todo.append((value, fpath, node_id))

    def check_enum_value(self, field: FieldDescriptor, number: int, path: FieldPath,
                         node_id: int | None) -> None:
        """An error when `number` is not one of the values of `field`'s enum."""
        enum = field.enum_type
        if number in enum.values_by_number:
            return
        valid = ", ".join(f"{v.name}={v.number}" for v in enum.values)
        self.add("error", path, f"{field.name} = {number} is not a value of enum {enum.name} "
                 f"(valid: {valid})", "bad-enum", node_id)

    # -- sources ---------------------------------------------------------------------------
    def check_source(self, src: task_pb2.EventSource, path: FieldPath) -> None:
        sid = src.id or None
        kind = src.WhichOneof("event")
        if kind is None:
            self.add("error", path, "event source has no event kind (text_detect, log_event, "
                     "view_hierarchy_event, state_event, ...)", "missing-field", sid)
            return
        check = SOURCE_CHECKS.get(kind)
        if check is not None:
            check(self, getattr(src, kind), path + (kind,), sid, kind)

    def check_text_source(self, ev, kpath: FieldPath, sid: int | None, kind: str) -> None:
        if ev.mode == task_pb2.EventSource.REGEX:
            self.add_opt(_regex_issue(ev.expect, kpath + ("expect",), kind, sid))
        self.check_rect(ev, kpath, sid)

    def check_icon_source(self, ev, kpath: FieldPath, sid: int | None, kind: str) -> None:
        fname = "class" if kind in ("icon_recognize", "icon_detect") else "path"
        if not getattr(ev, fname):
            self.add("error", kpath, f"missing required field '{fname}'", "missing-field", sid)
        self.check_rect(ev, kpath, sid)

    def check_view_hierarchy_source(self, ev, kpath: FieldPath, sid: int | None, kind: str) -> None:
        if not ev.selector:
            self.add("error", kpath, "missing required field 'selector'", "missing-field", sid)
        for j, sel in enumerate(ev.selector):
            problem = selector_problem(sel)
            if problem:
                self.add("error", kpath + ("selector", j), f"selector {sel!r}: {problem}",
                         "bad-selector", sid)
                continue
            problem = selector_syntax.selector_problem(sel)
            if problem:
                self.add("error", kpath + ("selector", j), problem, "bad-selector", sid)
        for j, prop in enumerate(ev.properties):
            ppath = kpath + ("properties", j)
            if not prop.property_name:
                self.add("error", ppath, "missing required field 'property_name'",
                         "missing-field", sid)
            # no value (pattern, integer, floating): the attribute only has to exist
            if prop.WhichOneof("property_value") == "pattern":
                self.add_opt(_regex_issue(prop.pattern, ppath + ("pattern",),
                                          f"property {prop.property_name!r}", sid))

    def check_log_source(self, ev, kpath: FieldPath, sid: int | None, kind: str) -> None:
        self.add_opt(_regex_issue(ev.pattern, kpath + ("pattern",), kind, sid))
        for j, flt in enumerate(ev.filters):
            problem = filter_spec_problem(flt)
            if problem is not None:
                self.add("error", kpath + ("filters", j), problem, "bad-filter", sid)

    def check_response_source(self, ev, kpath: FieldPath, sid: int | None, kind: str) -> None:
        if ev.HasField("answer"):
            self.check_answer(ev.answer, kpath + ("answer",), sid)
        elif ev.mode == task_pb2.EventSource.REGEX:
            self.add_opt(_regex_issue(ev.pattern, kpath + ("pattern",), kind, sid))

    def check_state_source(self, ev, kpath: FieldPath, sid: int | None, kind: str) -> None:
        self.check_state(ev, kpath, sid)

    def check_answer(self, check, path: FieldPath, sid: int | None) -> None:
        """A typed answer check: a non-negative tolerance, values that parse as the kind (an
        unknown kind is reported by the generic enum check)."""
        from mobile_gym.tasks.answers import AnswerFormatError, AnswerKind, check_answer

        if check.kind not in {k.value for k in AnswerKind}:
            return
        if check.tolerance < 0:
            self.add("error", path + ("tolerance",), "tolerance must be >= 0", "bad-value", sid)
        try:
            check_answer("", list(check.expected), AnswerKind(check.kind))
        except AnswerFormatError as exc:
            self.add("error", path + ("expected",), str(exc), "bad-value", sid)

    def check_rect(self, ev, path: FieldPath, sid: int | None) -> None:
        if not ev.HasField("rect"):
            return
        r = ev.rect
        for name in ("x0", "y0", "x1", "y1"):
            v = getattr(r, name)
            if not (0.0 <= v <= 1.0):
                self.add("error", path + ("rect", name),
                         f"rect {name} = {v} is outside [0, 1] (rects are normalised)", "bad-rect",
                         sid)
        if r.x0 > r.x1 or r.y0 > r.y1:
            self.add("error", path + ("rect",),
                     f"rect is inverted (x0={r.x0}, x1={r.x1}, y0={r.y0}, y1={r.y1})", "bad-rect",
                     sid)

    def check_value_match(self, vm: task_pb2.ValueMatch, path: FieldPath, sid: int | None) -> None:
        if vm.mode == task_pb2.ValueMatch.REGEX:
            self.add_opt(_regex_issue(vm.expected, path + ("expected",), "value match", sid))
        elif vm.mode == task_pb2.ValueMatch.NUMERIC:
            try:
                float(vm.expected)
            except ValueError:
                self.add("error", path + ("expected",),
                         f"NUMERIC match needs a number, got {vm.expected!r}", "bad-value", sid)
        if not 0.0 <= vm.threshold <= 1.0:
            self.add("error", path + ("threshold",),
                     f"threshold {vm.threshold} is outside [0, 1]", "bad-value", sid)

    def check_state(self, ev: task_pb2.StateEvent, path: FieldPath, sid: int | None) -> None:
        which = ev.WhichOneof("check")
        if which is None:
            self.add("error", path, "state_event has no check (sqlite_query, rows_added, "
                     "rows_removed, file, setting)", "missing-field", sid)
            return
        c = getattr(ev, which)
        cpath = path + (which,)

        def need(*names: str) -> None:
            for n in names:
                if not getattr(c, n):
                    self.add("error", cpath, f"missing required field '{n}'", "missing-field", sid)

        def absolute(name: str) -> None:
            v = getattr(c, name)
            problem = device_path_problem(v) if v else None
            if problem is not None:
                self.add("error", cpath + (name,), f"{name} {v!r} {problem}", "bad-path", sid)

        if which == "sqlite_query":
            need("db_path", "sql")
            absolute("db_path")
            first = c.sql.lstrip().split(None, 1)[0].lower() if c.sql.strip() else ""
            if c.sql and first not in ("select", "with"):
                self.add("error", cpath + ("sql",),
                         f"sql must be a read-only SELECT (or WITH ... SELECT), got {first!r}",
                         "bad-sql", sid)
            exp = c.WhichOneof("expectation")
            if exp is None:
                self.add("error", cpath, "missing expectation (scalar, rows or row_count)",
                         "missing-field", sid)
            elif exp == "scalar":
                self.check_value_match(c.scalar, cpath + ("scalar",), sid)
            elif exp == "rows":
                for j, row in enumerate(c.rows.rows):
                    for k, cell in enumerate(row.cells):
                        self.check_value_match(cell, cpath + ("rows", "rows", j, "cells", k), sid)
            elif exp == "row_count" and c.row_count < 0:
                self.add("error", cpath + ("row_count",), "row_count is negative", "bad-value",
                         sid)
        elif which == "rows_added":
            need("db_path", "table", "compare_fields", "expected_rows")
            absolute("db_path")
            compare = set(c.compare_fields)
            for f in c.free_text_fields:
                if f not in compare:
                    self.add("error", cpath + ("free_text_fields",),
                             f"free-text field {f!r} is not one of compare_fields", "bad-value",
                             sid)
            for j, row in enumerate(c.expected_rows):
                missing = sorted(compare - set(row.fields))
                if missing:
                    self.add("error", cpath + ("expected_rows", j),
                             f"expected row lacks compare field(s) {', '.join(missing)}",
                             "missing-field", sid)
        elif which == "rows_removed":
            need("db_path", "table", "id_field")
            absolute("db_path")
            if not c.ids and not c.ids_sql:
                self.add("error", cpath, "rows_removed needs 'ids' or 'ids_sql'", "missing-field",
                         sid)
        elif which == "file":
            need("path")
            absolute("path")
            absolute("moved_from")
            if c.absent and (c.WhichOneof("content") or c.moved_from or c.is_dir):
                self.add("error", cpath, "an 'absent' check cannot also check content, "
                         "moved_from or is_dir", "bad-value", sid)
            if c.WhichOneof("content") == "regex":
                self.add_opt(_regex_issue(c.regex, cpath + ("regex",), "file content", sid))
            if c.is_dir and c.WhichOneof("content"):
                self.add("error", cpath, "a directory has no content to check", "bad-value", sid)
        elif which == "setting":
            need("key")
            if not c.HasField("value"):
                self.add("error", cpath, "missing required field 'value'", "missing-field", sid)
            else:
                self.check_value_match(c.value, cpath + ("value",), sid)

    # -- slots -----------------------------------------------------------------------------
    def check_slot(self, node: SlotNode) -> None:
        slot, path = node.slot, node.path
        sid = slot.id or None
        for i, fake in enumerate(slot.events):
            which = fake.WhichOneof("source")
            fpath = path + ("events", i)
            if which is None:
                self.add("error", fpath, "events entry has neither 'id' nor 'event'",
                         "missing-field", sid)
            elif which == "id":
                self.reference(fake.id, fpath + ("id",), "events", sid, node.listener)
        for i, pre in enumerate(slot.prerequisite):
            self.reference(pre, path + ("prerequisite", i), "prerequisite", sid, node.listener)
        for i, wait in enumerate(slot.cache_until):
            if wait in (-1, 0):
                continue
            self.reference(wait, path + ("cache_until", i), "cache_until", sid, node.listener,
                           slots_only=True)
        for i, stmt in enumerate(slot.transformation):
            self.add_opt(_transformation_issue(stmt, path + ("transformation", i), sid))
        if slot.type == task_pb2.EventSlot.SINGLE and len(slot.events) > 1:
            self.add("error", path + ("events",),
                     f"a SINGLE slot has {len(slot.events)} children (use AND or OR)",
                     "bad-slot", sid)

    def reference(self, ref: int, path: FieldPath, what: str, sid: int | None,
                  listener: str, slots_only: bool = False) -> None:
        who = f"slot {sid}" if sid else f"a slot under {listener}"
        if ref <= 0:
            self.add("error", path, f"{who}: {what} refers to id {ref}, which cannot be defined "
                     "(ids are >= 1)", "dangling-id", sid)
        elif ref not in self.defs:
            self.add("error", path, f"{who}: {what} refers to unknown id {ref}", "dangling-id",
                     sid)
        elif slots_only and self.defs[ref][0] != "slot":
            self.add("error", path, f"{who}: cache_until refers to id {ref}, a source (only "
                     "slots can be waited for)", "dangling-id", sid)

    def check_cycles(self) -> None:
        """A slot that (through references) depends on itself can never fire."""
        by_path = {n.path: n for n in self.slots}
        edges: dict[FieldPath, list[tuple[FieldPath, str]]] = {}
        for n in self.slots:
            out: list[tuple[FieldPath, str]] = []
            for i, fake in enumerate(n.slot.events):
                if fake.WhichOneof("source") == "event":
                    out.append((n.path + ("events", i, "event"), "events"))
                elif fake.WhichOneof("source") == "id" and fake.id in self.defs:
                    kind, target = self.defs[fake.id]
                    if kind == "slot":
                        out.append((target, "events"))
            for pre in n.slot.prerequisite:
                if pre in self.defs and self.defs[pre][0] == "slot":
                    out.append((self.defs[pre][1], "prerequisite"))
            edges[n.path] = out
        state: dict[FieldPath, int] = {}  # 1 = on stack, 2 = done
        reported: set[frozenset[FieldPath]] = set()
        for start in edges:
            if state.get(start):
                continue
            stack: list[tuple[FieldPath, int]] = [(start, 0)]
            trail: list[FieldPath] = [start]
            state[start] = 1
            while stack:
                node, idx = stack[-1]
                out = edges.get(node, [])
                if idx >= len(out):
                    stack.pop()
                    trail.pop()
                    state[node] = 2
                    continue
                stack[-1] = (node, idx + 1)
                nxt, _ = out[idx]
                if state.get(nxt) == 1:
                    cycle = trail[trail.index(nxt):]
                    key = frozenset(cycle)
                    if key not in reported:
                        reported.add(key)
                        ids = [str(by_path[p].slot.id or "(inline)") for p in cycle]
                        first = by_path[nxt]
                        self.add("error", first.path,
                                 "cycle: slot " + " -> ".join(ids + [ids[0]]) +
                                 " (a slot that depends on itself can never fire)", "cycle",
                                 first.slot.id or None)
                elif not state.get(nxt):
                    state[nxt] = 1
                    stack.append((nxt, 0))
                    trail.append(nxt)

    # -- steps -----------------------------------------------------------------------------
    def check_app_screen(self, screen: task_pb2.AppScreen, path: FieldPath) -> None:
        for i, pattern in enumerate(screen.view_hierarchy_path):
            self.add_opt(_regex_issue(pattern, path + ("view_hierarchy_path", i),
                                      "view_hierarchy_path", None))

    def check_step(self, step: task_pb2.SetupStep, path: FieldPath) -> None:
        kind = step.WhichOneof("step")
        if kind is None and not step.HasField("success_condition"):
            self.add("error", path, "step has neither 'adb_call', 'sleep' nor "
                     "'success_condition'", "missing-field")
        if kind == "adb_call":
            self.check_call(step.adb_call, path + ("adb_call",))
        for field_path, seconds in _durations(step, path):
            if not math.isfinite(seconds) or not 0 <= seconds <= MAX_STEP_SECONDS:
                self.add("error", field_path, f"{field_path[-1]}={seconds:g}: a duration must be "
                         f"from 0 to {MAX_STEP_SECONDS} seconds (a day)", "bad-value")
        if step.HasField("success_condition"):
            sc = step.success_condition
            spath = path + ("success_condition",)
            check = sc.WhichOneof("check")
            if check is None:
                self.add("error", spath, "success_condition has no check (wait_for_app_screen, "
                         "check_install, wait_for_message)", "missing-field")
            elif check == "wait_for_app_screen":
                w = sc.wait_for_app_screen
                if not w.app_screen.activity and not w.app_screen.view_hierarchy_path:
                    self.add("error", spath + (check,), "app_screen needs an activity or a "
                             "view_hierarchy_path", "missing-field")
                self.check_app_screen(w.app_screen, spath + (check, "app_screen"))
            elif check == "check_install" and not sc.check_install.package_name:
                self.add("error", spath + (check,), "missing required field 'package_name'",
                         "missing-field")
            elif check == "wait_for_message":
                self.add_opt(_regex_issue(sc.wait_for_message.message,
                                          spath + (check, "message"), "wait_for_message", None))
            if not 0 <= sc.num_retries <= MAX_NUM_RETRIES:
                self.add("error", spath + ("num_retries",), f"num_retries={sc.num_retries}: "
                         f"must be from 0 to {MAX_NUM_RETRIES} (each try can wait for its check's "
                         "timeout)", "bad-value")

    def check_call(self, call: task_pb2.AdbCall, path: FieldPath) -> None:
        kind = call.WhichOneof("command")
        if kind is None:
            self.add("error", path, "adb_call has no command", "missing-field")
            return
        msg = getattr(call, kind)
        for name in _REQUIRED_CALL_FIELDS.get(kind, ()):
            if not getattr(msg, name):
                self.add("error", path + (kind,), f"missing required field '{name}'",
                         "missing-field")
        if kind == "install_apk" and not msg.filesystem.path:
            self.add("error", path + (kind,), "missing required field 'filesystem.path'",
                     "missing-field")
        elif kind == "start_intent" and not (msg.action or msg.data_uri or msg.package_name):
            self.add("error", path + (kind,), "start_intent needs an action, data_uri or "
                     "package_name", "missing-field")
        elif kind == "push" and msg.WhichOneof("source") is None:
            self.add("error", path + (kind,), "push needs 'content' or 'local_path'",
                     "missing-field")


#: Static checks per `EventSource.event` kind (the engine's table, events/sources, compiles the
#: same kinds; tests/events pins that both cover the proto's oneof).
SOURCE_CHECKS: dict[str, Callable[..., None]] = {
    **dict.fromkeys(TEXT_KINDS, _Checker.check_text_source),
    **dict.fromkeys(ICON_KINDS, _Checker.check_icon_source),
    "view_hierarchy_event": _Checker.check_view_hierarchy_source,
    "log_event": _Checker.check_log_source,
    "response_event": _Checker.check_response_source,
    "state_event": _Checker.check_state_source,
}


def device_path_problem(path: str) -> str | None:
    """Why `path` cannot be a state check's device path, or None: it must be absolute and
    written without `.` or `..` parts (`/data/data/app/../../..` would leave the app's data on
    a device and the device's storage on the simulator)."""
    if not path.startswith("/"):
        return "must be an absolute device path"
    if "\x00" in path or any(part in (".", "..") for part in path.split("/")):
        return "must be written without '.' or '..' parts (and without NUL characters)"
    return None


#: Longest sleep or timeout a setup step may ask for (a day); more is a typo or a hang.
MAX_STEP_SECONDS = 86400

#: Most tries a setup step's success_condition may ask for; more would hang reset().
MAX_NUM_RETRIES = 100


def _durations(msg: Message, path: FieldPath) -> Iterator[tuple[FieldPath, float]]:
    """Every `time_sec` / `timeout_sec` set anywhere inside a step, with its field path."""
    for field, value in msg.ListFields():
        if field.name in ("time_sec", "timeout_sec"):
            yield path + (field.name,), value
        elif isinstance(value, Message):
            yield from _durations(value, path + (field.name,))
        elif field.message_type is not None:  # a repeated message field
            for i, item in enumerate(value):
                yield from _durations(item, path + (field.name, i))


def check_task(task: task_pb2.Task) -> list[Issue]:
    """Semantic errors (severity "error") of a parsed task, in file order of discovery."""
    return _Checker(task).run()

