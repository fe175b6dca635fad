"""A tolerant scanner for protobuf text format that records where every field was written.

`google.protobuf.text_format` parses, but does not say where a field came from once parsing has
succeeded. Semantic errors (a dangling id, a bad regex) and lint warnings need the line, so this
module walks the same text guided by the message descriptor and returns a map from field paths
to (line, column). It never raises on malformed input: it is also used to name the field around
a syntax error.

Paths are tuples of field names and element indices, e.g.
``("event_sources", 3, "text_detect", "expect")``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from google.protobuf.descriptor import Descriptor, FieldDescriptor

FieldPath = tuple[str | int, ...]

_TOKEN = re.compile(
    r"""
    (?P<ws>[ \t\r\f\v]+)
  | (?P<nl>\n)
  | (?P<comment>\#[^\n]*)
  | (?P<string>"(?:[^"\\\n]|\\.)*"?|'(?:[^'\\\n]|\\.)*'?)
  | (?P<number>-?(?:0[xX][0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[fF]?))
  | (?P<ident>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<punct>[{}<>\[\]:,;\-/.])
  | (?P<other>.)
    """,
    re.VERBOSE | re.DOTALL,
)


@dataclass(frozen=True)
class Token:
    kind: str  # string | number | ident | punct | other
    text: str
    line: int  # 1-based
    column: int  # 1-based


def tokenize(text: str) -> list[Token]:
    """Tokens with 1-based positions; comments and whitespace dropped."""
    tokens: list[Token] = []
    line, line_start = 1, 0
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup or "other"
        if kind == "nl":
            line += 1
            line_start = m.end()
            continue
        if kind in ("ws", "comment"):
            continue
        tokens.append(Token(kind, m.group(), line, m.start() - line_start + 1))
    return tokens


@dataclass(frozen=True)
class Concatenation:
    """Adjacent string literals that textproto silently joins into one value."""

    path: FieldPath
    line: int
    column: int
    parts: tuple[str, ...]


@dataclass
class SourceMap:
    """Where each field occurrence was written, plus adjacent-string concatenations."""

    locations: dict[FieldPath, tuple[int, int]] = field(default_factory=dict)
    concatenations: list[Concatenation] = field(default_factory=list)

    def find(self, path: FieldPath) -> tuple[int, int] | None:
        """Position of `path`, or of its closest written ancestor."""
        p = tuple(path)
        while p:
            if p in self.locations:
                return self.locations[p]
            p = p[:-1]
        return None


def format_path(path: FieldPath) -> str:
    """("event_sources", 3, "id") -> "event_sources[3].id"."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + part
    return out


@dataclass
class _Frame:
    path: FieldPath
    descriptor: Descriptor | None
    closer: str
    counts: dict[str, int] = field(default_factory=dict)
    # set while inside a `name: [ ... ]` list
    list_field: str | None = None
    list_fd: FieldDescriptor | None = None


class _Walker:
    def __init__(self, tokens: list[Token], descriptor: Descriptor | None,
                 stop: tuple[int, int] | None) -> None:
        self.tokens = tokens
        self.i = 0
        self.map = SourceMap()
        self.stack: list[_Frame] = [_Frame((), descriptor, "")]
        self.stop = stop
        self.context: FieldPath = ()

    # -- helpers ---------------------------------------------------------------------------
    def peek(self) -> Token | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def advance(self) -> Token | None:
        tok = self.peek()
        if tok is not None:
            self.i += 1
        return tok

    def stopped(self, tok: Token | None) -> bool:
        return tok is None or (self.stop is not None and (tok.line, tok.column) >= self.stop)

    def element_path(self, frame: _Frame, name: str, fd: FieldDescriptor | None) -> FieldPath:
        if fd is not None and fd.is_repeated:
            idx = frame.counts.get(name, 0)
            frame.counts[name] = idx + 1
            return frame.path + (name, idx)
        return frame.path + (name,)

    @staticmethod
    def field_of(frame: _Frame, name: str) -> FieldDescriptor | None:
        if frame.descriptor is None:
            return None
        return frame.descriptor.fields_by_name.get(name)

    # -- the walk --------------------------------------------------------------------------
    def run(self) -> None:
        while True:
            tok = self.peek()
            if self.stopped(tok):
                return
            frame = self.stack[-1]
            if frame.list_field is not None:
                self.list_item(frame)
                continue
            assert tok is not None
            if tok.kind == "punct" and tok.text == frame.closer and len(self.stack) > 1:
                self.advance()
                self.stack.pop()
                top = self.stack[-1]
                self.context = top.path + ((top.list_field,) if top.list_field else ())
                self.after_value()
                continue
            if tok.kind == "punct" and tok.text == "[":
                # extension or Any type URL: skip to the matching bracket, then its value
                self.skip_brackets()
                self.value(frame, "[ext]", None, frame.path + ("[ext]",))
                continue
            if tok.kind != "ident":
                self.advance()  # tolerate garbage
                continue
            self.advance()
            fd = self.field_of(frame, tok.text)
            nxt = self.peek()
            if nxt is not None and nxt.kind == "punct" and nxt.text == ":":
                self.advance()
                nxt = self.peek()
            if nxt is not None and nxt.kind == "punct" and nxt.text == "[":
                self.advance()
                self.map.locations.setdefault(frame.path + (tok.text,), (tok.line, tok.column))
                frame.list_field, frame.list_fd = tok.text, fd
                self.context = frame.path + (tok.text,)
                continue
            path = self.element_path(frame, tok.text, fd)
            self.map.locations[path] = (tok.line, tok.column)
            self.map.locations.setdefault(frame.path + (tok.text,), (tok.line, tok.column))
            self.context = path
            self.value(frame, tok.text, fd, path)

    def list_item(self, frame: _Frame) -> None:
        tok = self.peek()
        assert tok is not None
        if tok.kind == "punct" and tok.text == "]":
            self.advance()
            frame.list_field = frame.list_fd = None
            self.context = frame.path
            self.after_value()
            return
        if tok.kind == "punct" and tok.text in ",}>":
            # a stray closer inside a list is garbage: skip it, stay in the list
            self.advance()
            self.context = frame.path + (frame.list_field or "",)
            return
        name = frame.list_field or ""
        path = self.element_path(frame, name, frame.list_fd)
        self.map.locations[path] = (tok.line, tok.column)
        self.context = path
        self.value(frame, name, frame.list_fd, path, in_list=True)

    def value(self, frame: _Frame, name: str, fd: FieldDescriptor | None, path: FieldPath,
              in_list: bool = False) -> None:
        tok = self.peek()
        if self.stopped(tok):
            return
        assert tok is not None
        if tok.kind == "punct" and tok.text in "{<":
            self.advance()
            sub = fd.message_type if fd is not None and fd.message_type is not None else None
            self.stack.append(_Frame(path, sub, "}" if tok.text == "{" else ">"))
            return
        if tok.kind == "string":
            parts = [tok]
            self.advance()
            while (n := self.peek()) is not None and n.kind == "string" and not self.stopped(n):
                parts.append(n)
                self.advance()
            if len(parts) > 1:
                self.map.concatenations.append(Concatenation(
                    path, parts[1].line, parts[1].column, tuple(p.text for p in parts)))
        else:
            if tok.kind == "punct" and tok.text == "-":
                self.advance()
            self.advance()
        if not in_list:
            self.after_value()

    def after_value(self) -> None:
        tok = self.peek()
        if tok is not None and tok.kind == "punct" and tok.text in ",;":
            frame = self.stack[-1]
            if frame.list_field is None:
                self.advance()

    def skip_brackets(self) -> None:
        depth = 0
        while (tok := self.advance()) is not None:
            if tok.text == "[":
                depth += 1
            elif tok.text == "]":
                depth -= 1
                if depth <= 0:
                    return


def scan(text: str, descriptor: Descriptor | None = None,
         stop: tuple[int, int] | None = None) -> tuple[SourceMap, FieldPath]:
    """Walk `text`; returns the source map and the field path in effect at `stop` (if given)."""
    walker = _Walker(tokenize(text), descriptor, stop)
    walker.run()
    return walker.map, walker.context

