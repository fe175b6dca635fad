"""Arithmetic expansion `$(( expr ))` as mksh evaluates it: 32-bit signed integers, C operators.

Supported: decimal and `0x` hex constants, variables by name (their value read as a number,
unset or empty is 0), unary `+ - ! ~`, `++`/`--` before or after a name, binary
`* / % + - << >> < <= > >= == != & ^ | && ||`, `?:`, assignments (`=` and `op=`) and `,`.
`&&`, `||` and `?:` evaluate only the side they need. Errors raise `ShellArithmeticError` with
mksh's wording, e.g. "1/0: zero divisor". Expressions are bounded (256 tokens, 32 levels of
nesting) so that no command line can exhaust the interpreter's stack.
"""

from __future__ import annotations

import re
from collections.abc import Callable, MutableMapping
from typing import Any

__all__ = ["ShellArithmeticError", "evaluate"]

_TOKEN = re.compile(r"\s*(?:(0[xX][0-9a-fA-F]+|\d+)|([A-Za-z_]\w*)|"
                    r"(<<=|>>=|&&|\|\||==|!=|<=|>=|<<|>>|\+=|-=|\*=|/=|%=|&=|\^=|\|=|\+\+|--|"
                    r"[-+*/%<>=!~&^|?:(),]))")
_BINARY = [  # lowest to highest precedence
    ("||",), ("&&",), ("|",), ("^",), ("&",), ("==", "!="), ("<", "<=", ">", ">="), ("<<", ">>"),
    ("+", "-"), ("*", "/", "%"),
]
_ASSIGN = ("=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "^=", "|=")
_MAX_DEPTH = 32
_MAX_TOKENS = 256


class ShellArithmeticError(Exception):
    """An expression mksh would refuse (the message is what the shell prints after `sh: `)."""


def _wrap(value: int) -> int:
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value & 0x80000000 else value


def _divide(a: int, b: int, op: str, expr: str) -> int:
    if b == 0:
        raise ShellArithmeticError(f"{expr}: zero divisor")
    q = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)  # C truncates toward zero
    return q if op == "/" else a - b * q


_OPS: dict[str, Callable[[int, int], int]] = {
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
    "<<": lambda a, b: a << (b & 31), ">>": lambda a, b: a >> (b & 31),
    "<": lambda a, b: int(a < b), "<=": lambda a, b: int(a <= b), ">": lambda a, b: int(a > b),
    ">=": lambda a, b: int(a >= b), "==": lambda a, b: int(a == b), "!=": lambda a, b: int(a != b),
    "&": lambda a, b: a & b, "^": lambda a, b: a ^ b, "|": lambda a, b: a | b,
}


class _Parser:
    """Parses to nested tuples: ("num", n), ("var", name), ("unary", op, x), ("incr", op, name,
    prefix), ("bin", op, a, b), ("and"|"or", a, b), ("cond", c, a, b), ("assign", op, name, x),
    ("comma", a, b)."""

    def __init__(self, expr: str) -> None:
        self.expr = expr
        self.toks: list[tuple[str, str]] = []
        pos = 0
        while pos < len(expr):
            if expr[pos:].strip() == "":
                break
            m = _TOKEN.match(expr, pos)
            if m is None:
                raise ShellArithmeticError(f"{expr}: unexpected '{expr[pos:].strip()[:1]}'")
            kind = "num" if m.group(1) else "name" if m.group(2) else "op"
            self.toks.append((kind, m.group(m.lastindex or 0)))
            if len(self.toks) > _MAX_TOKENS:
                raise ShellArithmeticError(f"{expr[:40]}...: expression too long")
            pos = m.end()
        self.i = 0
        self.depth = 0

    def peek(self) -> str | None:
        return self.toks[self.i][1] if self.i < len(self.toks) else None

    def take(self, value: str) -> bool:
        if self.i < len(self.toks) and self.toks[self.i] == ("op", value):
            self.i += 1
            return True
        return False

    def fail(self) -> ShellArithmeticError:
        near = self.peek()
        return ShellArithmeticError(f"{self.expr}: unexpected " + (f"'{near}'" if near else "end of expression"))

    def parse(self) -> tuple:
        if not self.toks:
            return ("num", 0)
        node = self.comma()
        if self.i != len(self.toks):
            raise self.fail()
        return node

    def comma(self) -> tuple:
        node = self.assign()
        while self.take(","):
            node = ("comma", node, self.assign())
        return node

    def assign(self) -> tuple:
        """Every nesting (parentheses, `?:`, assignment) passes here, so the depth is kept here."""
        self.depth += 1
        if self.depth > _MAX_DEPTH:
            raise ShellArithmeticError(f"{self.expr}: expression too deeply nested")
        try:
            if (self.i + 1 < len(self.toks) and self.toks[self.i][0] == "name"
                    and self.toks[self.i + 1][0] == "op" and self.toks[self.i + 1][1] in _ASSIGN):
                name, op = self.toks[self.i][1], self.toks[self.i + 1][1]
                self.i += 2
                return ("assign", op, name, self.assign())
            return self.conditional()
        finally:
            self.depth -= 1

    def conditional(self) -> tuple:
        node = self.binary(0)
        if self.take("?"):
            then = self.assign()
            if not self.take(":"):
                raise self.fail()
            return ("cond", node, then, self.assign())
        return node

    def binary(self, level: int) -> tuple:
        if level == len(_BINARY):
            return self.unary()
        node = self.binary(level + 1)
        while self.i < len(self.toks) and self.toks[self.i][0] == "op" and self.peek() in _BINARY[level]:
            op = self.toks[self.i][1]
            self.i += 1
            right = self.binary(level + 1)
            if op in ("||", "&&"):
                node = ("or" if op == "||" else "and", node, right)
            else:
                node = ("bin", op, node, right)
        return node

    def unary(self) -> tuple:
        for op in ("++", "--"):
            if self.take(op):
                if self.i >= len(self.toks) or self.toks[self.i][0] != "name":
                    raise self.fail()
                self.i += 1
                return ("incr", op, self.toks[self.i - 1][1], True)
        for op in ("!", "~", "-", "+"):
            if self.take(op):
                return ("unary", op, self.unary())  # chains are bounded by _MAX_TOKENS
        return self.postfix()

    def postfix(self) -> tuple:
        if self.i >= len(self.toks):
            raise self.fail()
        kind, value = self.toks[self.i]
        if kind == "num":
            self.i += 1
            return ("num", int(value, 16) if value[:2].lower() == "0x" else int(value))
        if kind == "name":
            self.i += 1
            for op in ("++", "--"):
                if self.take(op):
                    return ("incr", op, value, False)
            return ("var", value)
        if self.take("("):
            node = self.comma()
            if not self.take(")"):
                raise self.fail()
            return node
        raise self.fail()


def evaluate(expr: str, variables: MutableMapping[str, str], _reading: tuple[str, ...] = ()) -> int:
    """The value of `expr`; assignments write decimal text into `variables`. A variable that
    holds an expression rather than a number is evaluated in turn (`a=b+1`), as mksh does."""
    tree = _Parser(expr).parse()

    def read(name: str) -> int:
        text = variables.get(name, "").strip()
        if not text:
            return 0
        if re.fullmatch(r"[-+]?(0[xX][0-9a-fA-F]+|\d+)", text) is not None:
            sign = -1 if text.startswith("-") else 1
            digits = text.lstrip("+-")
            return _wrap(sign * (int(digits, 16) if digits[:2].lower() == "0x" else int(digits)))
        if name in _reading or len(_reading) >= _MAX_DEPTH:
            raise ShellArithmeticError(f"{name}: expression recurses on parameter '{name}'")
        return evaluate(text, variables, (*_reading, name))

    def store(name: str, value: int) -> int:
        variables[name] = str(value)
        return value

    def run(node: Any) -> int:
        kind = node[0]
        if kind == "num":
            return _wrap(node[1])
        if kind == "var":
            return read(node[1])
        if kind == "unary":
            x = run(node[2])
            return _wrap({"!": int(not x), "~": ~x, "-": -x, "+": x}[node[1]])
        if kind == "incr":
            old = read(node[2])
            new = store(node[2], _wrap(old + (1 if node[1] == "++" else -1)))
            return new if node[3] else old
        if kind == "bin":
            a, b = run(node[2]), run(node[3])
            if node[1] in ("/", "%"):
                return _wrap(_divide(a, b, node[1], expr))
            return _wrap(_OPS[node[1]](a, b))
        if kind == "and":
            return int(bool(run(node[1])) and bool(run(node[2])))
        if kind == "or":
            return int(bool(run(node[1])) or bool(run(node[2])))
        if kind == "cond":
            return run(node[2]) if run(node[1]) else run(node[3])
        if kind == "assign":
            value = run(node[3])
            if node[1] != "=":
                op = node[1][:-1]
                old = read(node[2])
                value = _divide(old, value, op, expr) if op in ("/", "%") else _OPS[op](old, value)
            return store(node[2], _wrap(value))
        run(node[1])  # comma
        return run(node[2])

    return run(tree)
