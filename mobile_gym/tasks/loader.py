"""Load a task definition (textproto, JSON or YAML) into a validated `task_pb2.Task`.

Mobile-Env textproto files load unchanged. Every failure is a `TaskFormatError` naming the
file, line, column and field: syntax errors come from protobuf's parser (the field around the
error is recovered by `_textproto.scan`), semantic errors from `checks.check_task` (their lines
from the source map).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from google.protobuf import json_format, text_format

from mobile_gym.tasks import task_pb2
from mobile_gym.tasks._textproto import FieldPath, SourceMap, format_path, scan
from mobile_gym.tasks._treemap import _field, json_source_map, yaml_source_map
from mobile_gym.tasks.assets import TaskAssets, asset_problems
from mobile_gym.tasks.checks import Issue, check_task
from mobile_gym.tasks.errors import TaskFormatError

FORMATS = ("textproto", "json", "yaml")
SUFFIXES = {".textproto": "textproto", ".pbtxt": "textproto", ".txtpb": "textproto",
             ".textpb": "textproto", ".json": "json", ".yaml": "yaml", ".yml": "yaml"}
_TASK = task_pb2.Task.DESCRIPTOR

#: Deepest nesting of brackets (`{`, `[`, `<`; YAML mappings and sequences) a task file may
#: have. Parsers recurse per level, so deeper files are refused with the line of the first
#: bracket too deep instead of failing with a RecursionError. 200 allows 100 levels of nested
#: slots in textproto and 50 in JSON or YAML (protobuf's JSON parser stops at 100 messages).
MAX_NESTING = 200

#: Most digits of an integer in a JSON or YAML task file (no proto field holds more than 20;
#: Python refuses to convert more than 4300 and its error names no place).
MAX_INT_DIGITS = 100


class SeedWrite(NamedTuple):
    """SQL a reset step writes into a device database: the two words of its `sqlite3 DB SQL`."""

    db_path: str
    sql: str


@dataclass(frozen=True)
class LoadedTask:
    """A parsed, validated task and where it came from.

    `locations` maps field paths such as ``("event_sources", 2, "log_event", "pattern")`` to the
    (line, column) where they were written, so later stages (the event engine compiling
    transformations and selectors) can name the line too: see `where`.
    """

    proto: task_pb2.Task
    path: Path | None
    directory: Path | None
    locations: Mapping[FieldPath, tuple[int, int]] = field(default_factory=dict, compare=False,
                                                           repr=False)
    #: The shell command lines among the reset steps that are `sqlite3 DB SQL` as a task family
    #: built them, with their words: the family (package code) vouches for them, so a device
    #: that can (`device.base.DatabaseWriter`) is given the words rather than the line. A task
    #: file has none: its lines always go through the device's shell.
    seed_writes: Mapping[str, SeedWrite] = field(default_factory=dict, compare=False, repr=False)

    def where(self, field_path: FieldPath) -> str:
        """``FILE:LINE:COLUMN`` of a field (or of its closest written ancestor)."""
        pos = _position(self.locations, field_path)
        name = str(self.path) if self.path is not None else "<string>"
        return f"{name}:{pos[0]}:{pos[1]}" if pos else name

    def error(self, field_path: FieldPath, message: str) -> TaskFormatError:
        """A TaskFormatError located at `field_path` (for checks done after loading)."""
        return located_error(self.path, SourceMap(dict(self.locations)), field_path, message)


def _position(locations: Mapping[FieldPath, tuple[int, int]],
              field_path: FieldPath) -> tuple[int, int] | None:
    """`SourceMap.find` on `locations` without copying them (the engine asks for every node)."""
    if not locations:  # a task built in code (a family's seed) was written nowhere
        return None
    path = tuple(field_path)
    while path:
        pos = locations.get(path)
        if pos is not None:
            return pos
        path = path[:-1]
    return None


def is_existing_path(source: str) -> bool:
    """Whether `source` names an existing file or folder; False for text no path can be (a
    newline, an embedded NUL, a name too long for the OS), which is then task text."""
    if "\n" in source or len(source) > 4096:
        return False
    try:
        return Path(source).exists()
    except (OSError, ValueError):
        return False


def _looks_like_path(source: str) -> bool:
    if "\n" in source or "{" in source or len(source) > 4096:
        return False
    try:
        return Path(source).suffix.lower() in SUFFIXES or is_existing_path(source)
    except ValueError:  # embedded NUL: not a usable path
        return False


def load_task(source: str | Path, *, fmt: str | None = None) -> LoadedTask:
    """Load a task from a file path or from textproto / JSON / YAML text.

    `fmt` is "textproto", "json" or "yaml"; by default it follows the file suffix (.textproto,
    .pbtxt, .json, .yaml/.yml), and text given directly is JSON if it starts with "{", else
    textproto. Raises TaskFormatError on anything malformed, FileNotFoundError for a missing file.
    """
    if fmt is not None and fmt not in FORMATS:
        raise ValueError(f"unknown task format {fmt!r}; expected one of {', '.join(FORMATS)}")
    path: Path | None = None
    if isinstance(source, Path) or _looks_like_path(source):
        path = Path(source)
        text, fmt = read_task_file(path, fmt)
    else:
        text = str(source)
        if fmt is None:
            fmt = "json" if text.lstrip().startswith("{") else "textproto"
    return loads(text, fmt=fmt, path=path)


def read_task_file(path: Path, fmt: str | None = None) -> tuple[str, str]:
    """A task file's text and format (`fmt`, else from the suffix). Raises FileNotFoundError,
    or TaskFormatError for text that is not UTF-8 (with its line) or an unknown suffix."""
    if not path.is_file():
        raise FileNotFoundError(f"task file not found: {path}")
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        col = e.start - (raw.rfind(b"\n", 0, e.start) + 1) + 1
        raise TaskFormatError(path, line, col, None, f"not UTF-8 text: {e.reason}") from None
    if fmt is None:
        fmt = SUFFIXES.get(path.suffix.lower())
        if fmt is None:
            raise TaskFormatError(path, None, None, None,
                                  f"cannot tell the format from suffix {path.suffix!r}; "
                                  "pass fmt='textproto' | 'json' | 'yaml'")
    return text, fmt


def parse(text: str, *, fmt: str = "textproto", path: Path | None = None) -> tuple[task_pb2.Task, SourceMap]:
    """The Task in `text` (format `fmt`) and where each field was written, before the semantic
    checks; syntax errors raise TaskFormatError naming `path`, line and column."""
    if fmt == "textproto":
        return _parse_textproto(text, path)
    if fmt == "json":
        return _parse_json(text, path)
    if fmt == "yaml":
        return _parse_yaml(text, path)
    raise ValueError(f"unknown task format {fmt!r}; expected one of {', '.join(FORMATS)}")


def loads(text: str, *, fmt: str = "textproto", path: Path | None = None) -> LoadedTask:
    """Parse `text` in format `fmt`; `path` (if any) is used in messages and for assets."""
    task, smap = parse(text, fmt=fmt, path=path)
    issues = check_task(task) + asset_issues(task, path)
    if issues:
        errors = sorted((issue_error(i, smap, path) for i in issues),
                        key=lambda e: (e.line or 0, e.column or 0))
        first = errors[0]
        raise TaskFormatError(first.path, first.line, first.column, first.field, first.message,
                              more=tuple(errors[1:]))
    return LoadedTask(task, path, path.parent if path is not None else None,
                      dict(smap.locations))


def asset_issues(task: task_pb2.Task, path: Path | None) -> list[Issue]:
    """Errors for asset files (push sources, icon references, absolute APK paths) that the
    task, loaded from file `path`, could not read at run time. A task given as text (`path`
    None) has no folder; its asset reads are refused when they happen (the engine is built,
    the step runs), so that such tasks can still be parsed and converted."""
    if path is None:
        return []
    return [Issue("error", field_path, message, "bad-asset")
            for field_path, message in asset_problems(task, TaskAssets(path.parent))]


def located_error(path: Path | None, smap: SourceMap, field_path: FieldPath, message: str) -> TaskFormatError:
    """A TaskFormatError at the line and column where `field_path` (or its closest written
    ancestor) was written."""
    pos = smap.find(field_path)
    return TaskFormatError(path, pos[0] if pos else None, pos[1] if pos else None,
                           format_path(field_path) or None, message)


def issue_error(issue: Issue, smap: SourceMap, path: Path | None) -> TaskFormatError:
    """Turn a checker Issue into a located TaskFormatError."""
    return located_error(path, smap, issue.path, issue.message)


# -- textproto -----------------------------------------------------------------------------

_NO_FIELD = re.compile(r'has no field named "([^"]+)"')
_MULTIPLE = re.compile(r'should not have multiple "([^"]+)" fields')
_ENUM = re.compile(r'Enum type "[^"]+" has no value named (\S+?)\.?$')


def _parse_textproto(text: str, path: Path | None) -> tuple[task_pb2.Task, SourceMap]:
    deep = _textproto_too_deep(text)
    if deep is not None:
        raise TaskFormatError(path, deep[0], deep[1], None, _nesting_message())
    task = task_pb2.Task()
    try:
        text_format.Parse(text, task)
    except text_format.ParseError as e:
        line, col = e.GetLine(), e.GetColumn()
        message = str(e)
        # drop protobuf's own "L:C : 'echoed line': " prefix
        message = re.sub(r"^\d+:\d+ : (?:'.*?': )?", "", message, count=1, flags=re.DOTALL)
        field_name = _field_at(text, line, col)
        m = _NO_FIELD.search(message) or _MULTIPLE.search(message)
        if m:
            field_name = m.group(1)
        if field_name == "max_episode_sec" or field_name == "max_episode_steps":
            message += (" (DeepMind android_env's name; Mobile-Env and mobile_gym call it "
                        f"{'max_duration_sec' if field_name == 'max_episode_sec' else 'max_num_steps'})")
        raise TaskFormatError(path, line, col, field_name, message) from None
    except (ValueError, RecursionError, OverflowError) as e:
        raise TaskFormatError(path, None, None, None, f"cannot parse textproto: {e}") from None
    smap, _ = scan(text, _TASK)
    return task, smap


def _field_at(text: str, line: int | None, col: int | None) -> str | None:
    """The field path being written at (line, col), for syntax errors."""
    if line is None:
        return None
    try:
        _, context = scan(text, _TASK, stop=(line, col or 0))
    except RecursionError:
        return None
    return format_path(context) or None


def _nesting_message() -> str:
    return (f"nested deeper than MAX_NESTING = {MAX_NESTING} brackets (a task needs far fewer; "
            "deeper files could exhaust the parser's recursion)")


def _line_col(text: str, offset: int) -> tuple[int, int]:
    return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)


def _textproto_too_deep(text: str) -> tuple[int, int] | None:
    """(line, column) of the first `{` or `<` (or `[`) nested deeper than MAX_NESTING in
    textproto `text` (strings and `#` comments skipped), or None."""
    depth = 0
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if c == "#":
            j = text.find("\n", i)
            i = n if j < 0 else j + 1
            continue
        if c in "{<[":
            depth += 1
            if depth > MAX_NESTING:
                return _line_col(text, i)
        elif c in "}>]":
            depth -= 1
        i += 1
    return None


# -- JSON / YAML ---------------------------------------------------------------------------

_JSON_AT = re.compile(r' at "?([A-Za-z0-9_.\[\]]+?)"?\.{0,2}(?:\n|$)')


def _json_field_path(message: str) -> FieldPath | None:
    """Parse json_format's `at Task.eventSources[0].textDetect.mode` into a field path."""
    m = _JSON_AT.search(message)
    if not m:
        return None
    parts = m.group(1).split(".")[1:]
    out: list[str | int] = []
    desc = _TASK
    for part in parts:
        idx = None
        pm = re.match(r"^(\w+)((?:\[\d+\])*)$", part)
        if not pm:
            return tuple(out) or None
        name, subs = pm.group(1), pm.group(2)
        fd = _field(desc, name)
        out.append(fd.name if fd is not None else name)
        for idx in re.findall(r"\[(\d+)\]", subs):
            out.append(int(idx))
        desc = fd.message_type if fd is not None else None
    return tuple(out)


_FAILED = re.compile(r"Failed to parse (\w+) field: ")


def _failed_chain(message: str) -> FieldPath | None:
    """The field path of json_format's `Failed to parse A field: Failed to parse B field: ...`
    (list indices are not in the message: the line found is that of the closest written
    ancestor)."""
    names: list[str | int] = []
    pos = 0
    while True:
        m = _FAILED.match(message, pos)
        if m is None:
            break
        names.append(m.group(1))
        pos = m.end()
    return tuple(names) or None


def _from_dict(data: Any, smap: SourceMap, path: Path | None, what: str) -> task_pb2.Task:
    if not isinstance(data, dict):
        raise TaskFormatError(path, 1, 1, None,
                              f"a {what} task must be a mapping at the top level, "
                              f"got {type(data).__name__}")
    task = task_pb2.Task()
    try:
        json_format.ParseDict(data, task)
    except json_format.ParseError as e:
        message = str(e).split("\n")[0]
        fpath = _json_field_path(str(e)) or _failed_chain(message)
        field_name: str | None = None
        m = _NO_FIELD.search(message)
        if m:
            field_name = m.group(1)
            if fpath is not None:
                fpath = fpath + (field_name,)
        pos = smap.find(fpath) if fpath else None
        if fpath:
            field_name = format_path(fpath)
        raise TaskFormatError(path, pos[0] if pos else None, pos[1] if pos else None, field_name,
                              message) from None
    except (ValueError, TypeError, AttributeError, RecursionError, OverflowError) as e:
        raise TaskFormatError(path, None, None, None, f"cannot convert {what} to a Task: {e}") \
            from None
    return task


def _json_scan_error(text: str, path: Path | None) -> TaskFormatError | None:
    """A located error for nesting deeper than MAX_NESTING or an integer longer than
    MAX_INT_DIGITS in JSON `text` (found by the token scanner before json.loads recurses or
    converts), or None."""
    depth = 0
    pos = 0
    while True:
        m = _JSON_TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            return None
        pos = m.end()
        punct, word = m.group(2), m.group(3)
        if punct in ("{", "["):
            depth += 1
            if depth > MAX_NESTING:
                line, col = _line_col(text, m.start(2))
                return TaskFormatError(path, line, col, None, _nesting_message())
        elif punct in ("}", "]"):
            depth -= 1
        elif word is not None and sum(ch.isdigit() for ch in word) > MAX_INT_DIGITS:
            line, col = _line_col(text, m.start(3))
            return TaskFormatError(path, line, col, None,
                                   f"number with {sum(ch.isdigit() for ch in word):,} digits: "
                                   f"more than MAX_INT_DIGITS = {MAX_INT_DIGITS}")


def _parse_json(text: str, path: Path | None) -> tuple[task_pb2.Task, SourceMap]:
    scan_error = _json_scan_error(text, path)
    if scan_error is not None:
        raise scan_error
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise TaskFormatError(path, e.lineno, e.colno, None, f"invalid JSON: {e.msg}") from None
    except (RecursionError, ValueError) as e:
        raise TaskFormatError(path, None, None, None, f"invalid JSON: {e}") from None
    duplicate = _json_duplicate(text)
    if duplicate is not None:
        raise TaskFormatError(path, duplicate.line, duplicate.column, format_path(duplicate.path),
                              duplicate.message())
    smap = json_source_map(text, _TASK)
    return _from_dict(data, smap, path, "JSON"), smap


# One JSON token after optional whitespace: a string (group 1), punctuation (2) or a number,
# true, false, null, NaN or Infinity (3). Only used on text `json.loads` accepted.
_JSON_TOKEN = re.compile(r'[ \t\r\n]*(?:("[^"\\]*(?:\\.[^"\\]*)*")|([{}\[\],:])|([^ \t\r\n{}\[\],:"]+))',
                         re.DOTALL)


@dataclass(frozen=True)
class _Duplicate:
    """A JSON object member that names a field (or map key) an earlier member of the same object
    already gave."""

    key: str
    path: FieldPath
    line: int
    column: int
    first_key: str
    first_line: int
    first_column: int

    def message(self) -> str:
        """What the TaskFormatError says (keys quoted as JSON, long ones shortened)."""

        def quoted(key: str) -> str:
            text = json.dumps(key, ensure_ascii=False)
            return text if len(text) <= 80 else text[:76] + '..."'

        same = "" if self.first_key == self.key else f"the same field as {quoted(self.first_key)} "
        return (f"duplicate key {quoted(self.key)} ({same}first given at line {self.first_line}, "
                f"column {self.first_column}); each field may be given once, or the later value "
                "would silently replace the earlier one")


@dataclass
class _JsonObject:
    """An open JSON object while scanning: its message type (None if unknown or a map), the map
    value type of a map field's object, the members seen so far (name -> key as written and its
    offset), and the name, type and field of the member being read."""

    desc: Any
    map_value_desc: Any
    is_map: bool
    seen: dict[str, tuple[str, int]] = field(default_factory=dict)
    expect_key: bool = True
    member: str = ""
    member_desc: Any = None
    member_fd: Any = None


@dataclass
class _JsonArray:
    """An open JSON array while scanning: the message type of its elements and the index of the
    current one."""

    desc: Any
    index: int = 0


def _json_duplicate(text: str) -> _Duplicate | None:
    """The first member (in document order) of any JSON object that repeats an earlier member's
    field: the same key, or the same proto field under its other name (`event_slots` and
    `eventSlots`). `text` must be valid JSON. Iterative, with paths built only for the answer."""
    stack: list[_JsonObject | _JsonArray] = []

    def where(offset: int) -> tuple[int, int]:
        return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)

    pos = 0
    while True:
        m = _JSON_TOKEN.match(text, pos)
        if m is None:
            return None
        pos = m.end()
        string, punct = m.group(1), m.group(2)
        top = stack[-1] if stack else None
        if punct in ("{", "["):
            if top is None:
                vdesc, vfd = _TASK, None
            elif isinstance(top, _JsonArray):
                vdesc, vfd = top.desc, None
            else:
                vdesc, vfd = top.member_desc, top.member_fd
            if punct == "[":
                stack.append(_JsonArray(vdesc))
                continue
            entry = vfd.message_type if vfd is not None else None
            if entry is not None and entry.GetOptions().map_entry:  # a map field: keys are data
                stack.append(_JsonObject(None, entry.fields_by_name["value"].message_type, True))
            else:
                stack.append(_JsonObject(vdesc, None, False))
        elif punct in ("}", "]"):
            stack.pop()
        elif punct == ",":
            if isinstance(top, _JsonArray):
                top.index += 1
            elif isinstance(top, _JsonObject):
                top.expect_key = True
        elif string is not None and isinstance(top, _JsonObject) and top.expect_key:
            top.expect_key = False
            key = json.loads(string) if "\\" in string else string[1:-1]
            if top.is_map:
                name, desc, fd = key, top.map_value_desc, None
            else:
                fd = _field(top.desc, key)
                name = fd.name if fd is not None else key
                desc = fd.message_type if fd is not None else None
            if name in top.seen:
                first_key, first_offset = top.seen[name]
                path = tuple(f.index if isinstance(f, _JsonArray) else f.member
                             for f in stack[:-1]) + (name,)
                line, column = where(m.start(1))
                first_line, first_column = where(first_offset)
                return _Duplicate(key, path, line, column, first_key, first_line, first_column)
            top.seen[name] = (key, m.start(1))
            top.member, top.member_desc, top.member_fd = name, desc, fd


def _parse_yaml(text: str, path: Path | None) -> tuple[task_pb2.Task, SourceMap]:
    try:
        import yaml
    except ImportError:
        raise TaskFormatError(path, None, None, None,
                              "YAML task files need PyYAML (pip install 'mobile-gym[yaml]')") \
            from None
    try:
        # Aliases (`*name`) are refused: a task needs none, and nested ones expand to billions
        # of values (an untrusted file must not be able to stall the loader).
        depth = 0
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.AliasEvent):
                mark = event.start_mark
                raise TaskFormatError(path, mark.line + 1, mark.column + 1, None,
                                      f"YAML alias *{event.anchor} is not allowed in a task file; "
                                      "write the value out")
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_NESTING:
                    mark = event.start_mark
                    raise TaskFormatError(path, mark.line + 1, mark.column + 1, None,
                                          _nesting_message())
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
            elif isinstance(event, yaml.ScalarEvent) and event.tag is None and event.style is None \
                    and sum(ch.isdigit() for ch in event.value) > MAX_INT_DIGITS \
                    and _YAML_NUMBER.fullmatch(event.value):
                mark = event.start_mark
                raise TaskFormatError(path, mark.line + 1, mark.column + 1, None,
                                      f"number with more than MAX_INT_DIGITS = {MAX_INT_DIGITS} "
                                      "digits")
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        if node is not None:
            _yaml_duplicate_keys(node, path)
        data = yaml.safe_load(text)
    except TaskFormatError:
        raise
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        raise TaskFormatError(path, mark.line + 1 if mark else None,
                              mark.column + 1 if mark else None, None,
                              f"invalid YAML: {e.problem or e.context}") from None
    except (yaml.YAMLError, RecursionError, ValueError) as e:
        raise TaskFormatError(path, None, None, None, f"invalid YAML: {e}") from None
    smap = yaml_source_map(node, _TASK) if node is not None else SourceMap()
    if data is None:
        data = {}
    return _from_dict(_jsonable(data), smap, path, "YAML"), smap


_YAML_NUMBER = re.compile(r"[-+]?[0-9_]+(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|[-+]?0[xXoObB][0-9a-fA-F_]+")


def _yaml_duplicate_keys(root: Any, path: Path | None) -> None:
    """Raise a located TaskFormatError for the first mapping key (in document order) repeated
    in its mapping: YAML loaders keep the last value silently; JSON task files refuse it too."""
    import yaml

    todo = [root]
    found: list[tuple[int, int, str, int, int]] = []
    while todo:
        node = todo.pop()
        if isinstance(node, yaml.MappingNode):
            seen: dict[str, Any] = {}
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode):
                    first = seen.get(key.value)
                    if first is not None:
                        found.append((key.start_mark.line + 1, key.start_mark.column + 1,
                                      key.value, first.line + 1, first.column + 1))
                    else:
                        seen[key.value] = key.start_mark
                todo.append(value)
        elif isinstance(node, yaml.SequenceNode):
            todo.extend(node.value)
    if found:
        line, col, key, first_line, first_col = min(found)
        shown = key if len(key) <= 80 else key[:77] + "..."
        raise TaskFormatError(path, line, col, None,
                              f"duplicate key {shown!r} (first given at line {first_line}, "
                              f"column {first_col}); each field may be given once, or the later "
                              "value would silently replace the earlier one")


def _jsonable(data: Any) -> Any:
    """YAML may produce dates, sets or non-string keys; json_format wants plain JSON values."""
    if isinstance(data, dict):
        return {str(k): _jsonable(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [_jsonable(v) for v in data]
    if isinstance(data, (str, int, float, bool)) or data is None:
        return data
    return str(data)


def to_json(task: task_pb2.Task) -> str:
    """The task as JSON (proto field names, as accepted by `load_task(..., fmt="json")`)."""
    return json_format.MessageToJson(task, preserving_proto_field_name=True, indent=2)


def to_textproto(task: task_pb2.Task) -> str:
    """The task as textproto."""
    return text_format.MessageToString(task)
