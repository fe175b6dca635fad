"""Source maps for JSON and YAML task files: field path -> (line, column).

JSON is scanned by a small position-recording reader (Python's `json` keeps no positions); YAML
uses PyYAML's node marks. Keys are resolved through the message descriptor, so both proto field
names and lowerCamelCase JSON names give the same paths as the textproto scanner.
"""

from __future__ import annotations

import re
from typing import Any

from google.protobuf.descriptor import Descriptor, FieldDescriptor

from mobile_gym.tasks._textproto import FieldPath, SourceMap


def _field(desc: Descriptor | None, key: str) -> FieldDescriptor | None:
    if desc is None:
        return None
    fd = desc.fields_by_name.get(key)
    if fd is None:
        fd = next((f for f in desc.fields if f.json_name == key), None)
    return fd


def _child_desc(fd: FieldDescriptor | None) -> Descriptor | None:
    return fd.message_type if fd is not None else None


class _JsonReader:
    """Recursive-descent JSON reader that records the position of every object member."""

    _WS = re.compile(r"[ \t\r\n]*")
    _STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
    _ATOM = re.compile(r"-?[0-9][0-9eE.+\-]*|true|false|null|-?Infinity|NaN")

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.map = SourceMap()
        self._line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def where(self, pos: int) -> tuple[int, int]:
        lo, hi = 0, len(self._line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self._line_starts[mid] <= pos:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1, pos - self._line_starts[lo] + 1

    def ws(self) -> None:
        self.pos = self._WS.match(self.text, self.pos).end()  # type: ignore[union-attr]

    def value(self, path: FieldPath, desc: Descriptor | None, fd: FieldDescriptor | None,
              depth: int = 0) -> None:
        if depth > 200:
            raise ValueError("nesting too deep")
        self.ws()
        if self.pos >= len(self.text):
            return
        ch = self.text[self.pos]
        if ch == "{":
            self.pos += 1
            is_map = fd is not None and fd.message_type is not None and \
                fd.message_type.GetOptions().map_entry
            while True:
                self.ws()
                if self.pos >= len(self.text):
                    return
                if self.text[self.pos] == "}":
                    self.pos += 1
                    return
                if self.text[self.pos] == ",":
                    self.pos += 1
                    continue
                m = self._STRING.match(self.text, self.pos)
                if m is None:
                    return
                key_pos = self.pos
                key = m.group()[1:-1]
                self.pos = m.end()
                self.ws()
                if self.pos < len(self.text) and self.text[self.pos] == ":":
                    self.pos += 1
                if is_map:
                    vfd = fd.message_type.fields_by_name["value"]  # type: ignore[union-attr]
                    sub_path = path + (key,)
                    self.map.locations[sub_path] = self.where(key_pos)
                    self.value(sub_path, _child_desc(vfd), None, depth + 1)
                    continue
                kfd = _field(desc, key)
                name = kfd.name if kfd is not None else key
                sub_path = path + (name,)
                self.map.locations[sub_path] = self.where(key_pos)
                self.value(sub_path, _child_desc(kfd), kfd, depth + 1)
        elif ch == "[":
            self.pos += 1
            index = 0
            while True:
                self.ws()
                if self.pos >= len(self.text):
                    return
                if self.text[self.pos] == "]":
                    self.pos += 1
                    return
                if self.text[self.pos] == ",":
                    self.pos += 1
                    continue
                sub_path = path + (index,)
                self.map.locations[sub_path] = self.where(self.pos)
                start = self.pos
                self.value(sub_path, desc, None, depth + 1)
                if self.pos == start:
                    return
                index += 1
        elif ch == '"':
            m = self._STRING.match(self.text, self.pos)
            self.pos = m.end() if m else len(self.text)
        else:
            m = self._ATOM.match(self.text, self.pos)
            self.pos = m.end() if m else self.pos + 1


def json_source_map(text: str, descriptor: Descriptor) -> SourceMap:
    """Positions of every member of a JSON task; best effort, never raises on bad input."""
    reader = _JsonReader(text)
    try:
        reader.value((), descriptor, None)
    except (ValueError, RecursionError):
        pass
    return reader.map


def yaml_source_map(node: Any, descriptor: Descriptor) -> SourceMap:
    """Positions from a PyYAML node tree (``yaml.compose``)."""
    import yaml  # only called when PyYAML is installed

    smap = SourceMap()
    todo: list[tuple[Any, FieldPath, Descriptor | None, FieldDescriptor | None]] = [
        (node, (), descriptor, None)]
    while todo:
        n, path, desc, fd = todo.pop()
        if isinstance(n, yaml.MappingNode):
            is_map = fd is not None and fd.message_type is not None and \
                fd.message_type.GetOptions().map_entry
            for k, v in n.value:
                key = str(k.value)
                if is_map:
                    vfd = fd.message_type.fields_by_name["value"]  # type: ignore[union-attr]
                    sub = path + (key,)
                    smap.locations[sub] = (k.start_mark.line + 1, k.start_mark.column + 1)
                    todo.append((v, sub, _child_desc(vfd), None))
                    continue
                kfd = _field(desc, key)
                sub = path + (kfd.name if kfd is not None else key,)
                smap.locations[sub] = (k.start_mark.line + 1, k.start_mark.column + 1)
                todo.append((v, sub, _child_desc(kfd), kfd))
        elif isinstance(n, yaml.SequenceNode):
            for i, item in enumerate(n.value):
                sub = path + (i,)
                smap.locations[sub] = (item.start_mark.line + 1, item.start_mark.column + 1)
                todo.append((item, sub, desc, None))
    return smap
