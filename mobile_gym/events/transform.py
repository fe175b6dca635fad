"""The safe transformation language of event slots.

Mobile-Env runs a slot's `transformation` strings with `exec`. Here they are parsed with `ast`,
checked against a whitelist when the task loads, and run by a small interpreter:

* statements: `name = expr` (also tuple unpacking), `name op= expr`, `pass`, and `import` /
  `from ... import` of a few pure modules (ast -> literal_eval; json -> loads; re -> search, match,
  fullmatch, findall, sub; math -> floor, sqrt, ...), which bind names to safe functions only;
* expressions: literals, `x`, names bound earlier in the same transformation (also inside
  comprehensions: one namespace, unlike Mobile-Env), indexing and slicing, arithmetic,
  comparisons, `and`/`or`/`not`, conditional expressions, list/set/dict displays,
  comprehensions, f-strings, and calls of a fixed set of pure functions.

Everything else (attribute access other than `module.function` of an imported whitelisted
module, dunder names, lambdas, other imports or calls) raises `TransformSyntaxError` at compile
time. Running is bounded: a budget of evaluated nodes, caps on string/collection sizes, integer
sizes (so `9**9**9` fails fast), comprehension lengths and expression depth, and per run on the
total size of the values built, on the work comparisons, hashing and calls do and on time:

* work: a comparison, a call or a hashed key costs the size of its operands counted as a tree
  (a list holding one list twice counts it twice, as `==` and `hash` walk it twice; measured
  once per value with memoisation), so equality or hashing of shared nested structures is
  refused before it starts; values nested deeper than `max_value_depth` are refused;
* operations whose C cost is known in advance are bounded before they run: `round` digits,
  `**`, `<<` and `*` of integers and sequences, `int()` of long strings, the input size of
  `ast.literal_eval` / `json.loads` (whose results are checked like any value: no giant ints,
  no deep nesting);
* time: a run stops after `max_seconds`; each `re` call may use the rest of that time at most
  (and `tasks.patterns.MATCH_SECONDS`), and costs the length of its subject in work, so 50 000
  calls that each stay under the per-call limit still end within the run's budget.

The result `y` must be data (numbers, strings, bytes, booleans, None and lists, tuples, dicts
and sets of them): a function, module or iterator (a generator expression, `zip(...)`) is
refused with a message saying to use `list(...)`, since it could not be compared, recorded or
sent to another process. Error texts are capped at `max_error_chars`.
"""

from __future__ import annotations

import ast
import functools
import json
import math
import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from mobile_gym.events.errors import (
    TransformRuntimeError,
    TransformSyntaxError,
    cap_text,
    exception_text,
)
from mobile_gym.tasks.patterns import MATCH_SECONDS, PatternTimeout, pattern_problem
from mobile_gym.tasks.patterns import compiled as compiled_pattern

__all__ = ["DEFAULT_LIMITS", "SAFE_FUNCTION_NAMES", "Limits", "Transformation", "compile_transformation"]


@dataclass(frozen=True)
class Limits:
    """Bounds on what one transformation run may do."""

    max_len: int = 1_000_000  # characters of a string / items of a collection produced
    max_items: int = 100_000  # iterations of one loop (comprehension, list(), sorted(), ...)
    max_int_bits: int = 1 << 16  # bits of an integer result
    max_steps: int = 200_000  # evaluated AST nodes per run
    max_total_len: int = 10_000_000  # characters / items of all values built in one run
    max_work: int = 20_000_000  # items that comparisons and calls walk through in one run
    max_depth: int = 50  # nesting depth of the parsed statements
    max_source_chars: int = 20_000  # length of one statement string
    max_format_width: int = 10_000  # width/precision in format specs
    max_seconds: float = 1.0  # wall time of one run (regex calls included)
    max_value_depth: int = 100  # nesting of the values compared, hashed, called with or returned
    max_round_digits: int = 4_000  # |ndigits| of round()
    max_int_str_chars: int = 5_000  # characters int() converts (decimal conversion is quadratic)
    max_literal_chars: int = 100_000  # input of ast.literal_eval / json.loads
    max_error_chars: int = 1_000  # length of one error message


DEFAULT_LIMITS = Limits()


class _Budget(Exception):
    """Internal: raised when a limit is exceeded (converted to TransformRuntimeError)."""


# --------------------------------------------------------------------------------------------
# Safe functions


def _sized(value: Any, limits: Limits) -> Any:
    """Reject results whose (shallow) size is above the limit."""
    if isinstance(value, (str, bytes, list, tuple, dict, set, frozenset)) and len(value) > limits.max_len:
        raise _Budget(f"result of size {len(value)} exceeds the limit {limits.max_len}")
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > limits.max_int_bits:
        raise _Budget(f"integer of {value.bit_length()} bits exceeds the limit {limits.max_int_bits}")
    return value


def _approx_size(value: Any, limits: Limits) -> int:
    """Approximate printed size of a value, walking containers, stopping past the limit."""
    total = 0
    stack = [value]
    seen = 0
    while stack:
        v = stack.pop()
        seen += 1
        if seen > limits.max_items * 2:
            raise _Budget("value too large to convert to text")
        if isinstance(v, (str, bytes)):
            total += len(v) + 3
        elif isinstance(v, dict):
            total += 2 + 2 * len(v)
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, (list, tuple, set, frozenset)):
            total += 2 + 2 * len(v)
            stack.extend(v)
        elif isinstance(v, int) and not isinstance(v, bool):
            total += v.bit_length() // 3 + 2
        else:
            total += 24
        if total > limits.max_len:
            raise _Budget(f"text of the value would exceed the limit {limits.max_len}")
    return total


class _Funcs:
    """The pure functions a transformation may call, bound to one set of limits."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.current: _Interp | None = None  # the run in progress (budgets of re and parsers)
        lim = limits

        def run_state() -> _Interp:
            assert self.current is not None, "safe functions run inside a transformation run"
            return self.current

        def take(it: Iterable[Any]) -> list[Any]:
            out = []
            for i, item in enumerate(it):
                if i >= lim.max_items:
                    raise _Budget(f"more than {lim.max_items} items")
                out.append(item)
            return out

        def s_str(v: Any = "") -> str:
            _approx_size(v, lim)
            return _sized(str(v), lim)

        def s_int(v: Any = 0, *base: int) -> int:
            if isinstance(v, float) and math.isfinite(v) and abs(v) > 2.0 ** lim.max_int_bits:
                raise _Budget("integer too large")
            if isinstance(v, (str, bytes)) and len(v) > lim.max_int_str_chars:
                raise _Budget(f"int() of a text of {len(v)} characters exceeds the limit "
                              f"{lim.max_int_str_chars}")
            return _sized(int(v, *base), lim)

        def s_float(v: Any = 0.0) -> float:
            return float(v)

        def s_bool(v: Any = False) -> bool:
            return bool(v)

        def s_list(it: Iterable[Any] = ()) -> list[Any]:
            return take(it)

        def s_tuple(it: Iterable[Any] = ()) -> tuple[Any, ...]:
            return tuple(take(it))

        def s_set(it: Iterable[Any] = ()) -> set[Any]:
            return set(take(it))

        def s_dict(*args: Any, **kwargs: Any) -> dict[Any, Any]:
            if len(args) > 1:
                raise TypeError("dict expected at most 1 argument")
            base: dict[Any, Any] = {}
            if args:
                src = args[0]
                base = dict(src) if isinstance(src, dict) else dict(take(src))
            base.update(kwargs)
            return _sized(base, lim)

        def s_sorted(it: Iterable[Any], *, key: Callable[..., Any] | None = None, reverse: bool = False) -> list[Any]:
            if key is not None and not self.is_safe(key):
                raise TypeError("sorted(key=...) must be one of the safe functions")
            return sorted(take(it), key=key, reverse=bool(reverse))

        def s_minmax(fn: Callable[..., Any]) -> Callable[..., Any]:
            def run(*args: Any, key: Callable[..., Any] | None = None, **kw: Any) -> Any:
                if key is not None and not self.is_safe(key):
                    raise TypeError("key=... must be one of the safe functions")
                items = take(args[0]) if len(args) == 1 else list(args)
                if key is not None:
                    kw["key"] = key
                return fn(items, **kw)

            run.__name__ = fn.__name__
            return run

        def s_sum(it: Iterable[Any], start: Any = 0) -> Any:
            items = take(it)
            for v in [start, *items]:
                if not isinstance(v, (int, float)):
                    raise TypeError("sum() adds numbers only")
            return _sized(sum(items, start), lim)

        def s_any(it: Iterable[Any]) -> bool:
            return any(take(it))

        def s_all(it: Iterable[Any]) -> bool:
            return all(take(it))

        def s_len(v: Any) -> int:
            return len(v)

        def s_round(v: Any, *nd: Any) -> Any:
            if nd and nd[0] is not None:
                if not isinstance(nd[0], int):
                    raise TypeError(f"round() digits must be an integer, got {type(nd[0]).__name__}")
                if abs(nd[0]) > lim.max_round_digits:
                    raise _Budget(f"round() to {nd[0]} digits exceeds the limit of "
                                  f"{lim.max_round_digits} digits either way")
            return round(v, *nd)

        def s_abs(v: Any) -> Any:
            return abs(v)

        def s_range(*args: int) -> range:
            r = range(*args)
            if len(r) > lim.max_items:
                raise _Budget(f"range of {len(r)} items exceeds the limit {lim.max_items}")
            return r

        def s_enumerate(it: Iterable[Any], start: int = 0) -> Iterator[tuple[int, Any]]:
            return enumerate(it, start)

        def s_zip(*its: Iterable[Any]) -> Iterator[tuple[Any, ...]]:
            return zip(*its)

        def s_reversed(seq: Sequence[Any]) -> list[Any]:
            return list(reversed(take(seq)))

        self.builtins: dict[str, Callable[..., Any]] = {
            "len": s_len, "str": s_str, "int": s_int, "float": s_float, "bool": s_bool,
            "min": s_minmax(min), "max": s_minmax(max), "sum": s_sum, "any": s_any, "all": s_all,
            "sorted": s_sorted, "list": s_list, "tuple": s_tuple, "dict": s_dict, "set": s_set,
            "round": s_round, "abs": s_abs, "range": s_range, "enumerate": s_enumerate,
            "zip": s_zip, "reversed": s_reversed,
        }

        def text_arg(v: Any, what: str, limit: int = lim.max_len) -> str:
            if not isinstance(v, (str, bytes)):
                raise TypeError(f"{what} expects a string, got {type(v).__name__}")
            if len(v) > limit:
                raise _Budget(f"{what} input of {len(v)} characters exceeds the limit {limit}")
            return v  # type: ignore[return-value]

        def literal_eval(s: Any) -> Any:
            text = text_arg(s, "ast.literal_eval", lim.max_literal_chars)
            try:
                value = ast.literal_eval(text)
            except SyntaxError as exc:  # a truncated or free-form text: an ordinary failure
                raise ValueError(f"ast.literal_eval: {_short(text)} is not a Python literal "
                                 f"({exc.msg}, line {exc.lineno}, column {exc.offset})") from None
            except (RecursionError, MemoryError) as exc:
                raise _Budget("ast.literal_eval input nested too deeply") from exc
            run_state().check_data(value, "the value of ast.literal_eval")
            return value

        def loads(s: Any) -> Any:
            text = text_arg(s, "json.loads", lim.max_literal_chars)
            try:
                value = json.loads(text)
            except RecursionError as exc:
                raise _Budget("json.loads input nested too deeply") from exc
            run_state().check_data(value, "the value of json.loads")
            return value

        def pattern_call(pattern: Any, flags: int, method: str, subject: str, *args: Any,
                         **kwargs: Any) -> Any:
            """One `re` call within the run's time budget; its subject's length is work."""
            state = run_state()
            compiled = compiled_pattern(text_arg(pattern, "re pattern"), flags)
            state.charge(len(subject) + 1)
            remaining = state.remaining()
            try:
                result = compiled.call(method, *args, seconds=remaining, **kwargs)
            except PatternTimeout:
                if remaining < MATCH_SECONDS:
                    raise _Budget(f"the run took longer than max_seconds = {lim.max_seconds:g} "
                                  "s (re calls included)") from None
                raise
            state.check_time()
            return result

        def re_fn(name: str) -> Callable[..., Any]:
            def run(pattern: Any, string: Any, flags: int = 0) -> Any:
                text = text_arg(string, f"re.{name}")
                return pattern_call(pattern, flags, name, text, text)

            run.__name__ = name
            return run

        def re_sub(pattern: Any, repl: Any, string: Any, count: int = 0, flags: int = 0) -> Any:
            text = text_arg(string, "re.sub")
            if callable(repl):
                if not self.is_safe(repl):
                    raise TypeError("re.sub replacement must be a string or a safe function")
            else:
                r = text_arg(repl, "re.sub replacement")
                if (len(text) + 1) * (len(r) + 1) > lim.max_len and len(r) > 0:
                    # Worst case: every position matches and every group reference expands fully.
                    if (len(text) + 1) * len(r) + len(text) * max(1, r.count("\\")) > lim.max_len:
                        raise _Budget("re.sub result could exceed the size limit")
            return _sized(pattern_call(pattern, flags, "sub", text, repl, text, count=count), lim)

        math_names = ("floor", "ceil", "trunc", "sqrt", "log", "log2", "log10", "exp", "fabs",
                      "isclose", "isnan", "isinf", "isfinite", "copysign", "fmod", "hypot", "sin",
                      "cos", "tan", "asin", "acos", "atan", "atan2", "degrees", "radians")
        math_members: dict[str, Any] = {n: getattr(math, n) for n in math_names}
        math_members.update(pi=math.pi, e=math.e, tau=math.tau, inf=math.inf, nan=math.nan)

        self.modules: dict[str, dict[str, Any]] = {
            "ast": {"literal_eval": literal_eval},
            "json": {"loads": loads},
            "re": {"search": re_fn("search"), "match": re_fn("match"),
                   "fullmatch": re_fn("fullmatch"), "findall": re_fn("findall"), "sub": re_sub,
                   "IGNORECASE": re.IGNORECASE, "I": re.IGNORECASE, "MULTILINE": re.MULTILINE,
                   "M": re.MULTILINE, "DOTALL": re.DOTALL, "S": re.DOTALL},
            "math": math_members,
        }
        self._safe_ids = {id(f) for f in self.builtins.values()}
        for members in self.modules.values():
            self._safe_ids.update(id(v) for v in members.values() if callable(v))

    def is_safe(self, fn: Any) -> bool:
        return id(fn) in self._safe_ids


SAFE_FUNCTION_NAMES: frozenset[str] = frozenset(_Funcs(DEFAULT_LIMITS).builtins)
_MODULE_MEMBERS: dict[str, frozenset[str]] = {k: frozenset(v) for k, v in _Funcs(DEFAULT_LIMITS).modules.items()}
_MODULE_FUNCTIONS: dict[str, frozenset[str]] = {
    k: frozenset(n for n, f in v.items() if callable(f)) for k, v in _Funcs(DEFAULT_LIMITS).modules.items()}


class _Module:
    """A whitelisted module as seen by a transformation: a fixed table of safe members."""

    __slots__ = ("members", "name")

    def __init__(self, name: str, members: dict[str, Any]) -> None:
        self.name = name
        self.members = members

    def __repr__(self) -> str:
        return f"<module {self.name}>"


# --------------------------------------------------------------------------------------------
# Compile-time check

_BINOPS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow, ast.LShift,
           ast.RShift, ast.BitOr, ast.BitAnd, ast.BitXor)
_FORMAT_SPEC = re.compile(r"^(?:.?[<>=^])?[-+ ]?z?#?0?(\d*)[,_]?(?:\.(\d+))?[bcdeEfFgGnosxX%]?$")
_PRINTF_SPEC = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?[hlL]?([a-zA-Z%])")


class _Checker:
    """Walks the parsed statements and rejects anything outside the language."""

    def __init__(self, limits: Limits, text: str, where: str) -> None:
        self.limits = limits
        self.text = text
        self.where = where

    def fail(self, node: ast.AST | None, message: str) -> TransformSyntaxError:
        return TransformSyntaxError(message, source_text=self.text, line=getattr(node, "lineno", None),
                                    column=(getattr(node, "col_offset", -1) + 1) if node is not None and hasattr(node, "col_offset") else None,
                                    where=self.where)

    def check_name(self, node: ast.AST, name: str) -> None:
        if name.startswith("__") or name.endswith("__"):
            raise self.fail(node, f"dunder name {name!r} is not allowed")

    def statement(self, node: ast.stmt, bound: dict[str, str], depth: int) -> None:
        """`bound` maps name -> kind ("value", "module", "function")."""
        if isinstance(node, ast.Pass):
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name not in _MODULE_MEMBERS:
                    raise self.fail(node, f"import of {alias.name!r} is not allowed (allowed: {', '.join(sorted(_MODULE_MEMBERS))})")
                local = alias.asname or alias.name
                self.check_name(node, local)
                self.check_rebind(node, local, bound)
                bound[local] = "module:" + alias.name
            return
        if isinstance(node, ast.ImportFrom):
            if node.level or node.module not in _MODULE_MEMBERS:
                raise self.fail(node, f"import from {node.module!r} is not allowed (allowed: {', '.join(sorted(_MODULE_MEMBERS))})")
            for alias in node.names:
                if alias.name == "*" or alias.name not in _MODULE_MEMBERS[node.module]:
                    raise self.fail(node, f"{node.module}.{alias.name} is not an allowed function (allowed: {', '.join(sorted(_MODULE_MEMBERS[node.module]))})")
                local = alias.asname or alias.name
                self.check_name(node, local)
                self.check_rebind(node, local, bound)
                bound[local] = "function"
            return
        if isinstance(node, ast.Assign):
            self.expr(node.value, bound, depth + 1)
            for target in node.targets:
                self.target(target, bound)
            return
        if isinstance(node, ast.AugAssign):
            if not isinstance(node.target, ast.Name):
                raise self.fail(node, "augmented assignment only to a plain name")
            if not isinstance(node.op, _BINOPS):
                raise self.fail(node, f"operator {type(node.op).__name__} is not allowed")
            if bound.get(node.target.id) != "value":
                raise self.fail(node, f"name {node.target.id!r} is not a value assigned earlier")
            self.expr(node.value, bound, depth + 1)
            return
        raise self.fail(node, f"{type(node).__name__} statements are not allowed (use assignments such as 'y = ...')")

    def check_constant_pattern(self, node: ast.Call) -> None:
        """A pattern written as a literal in `re.<fn>(...)` is checked now: its syntax and its
        size (`tasks.patterns.pattern_problem`), so a bad one fails when the task loads."""
        if not node.args or not isinstance(node.args[0], ast.Constant) \
                or not isinstance(node.args[0].value, str):
            return
        pattern = node.args[0].value
        problem = pattern_problem(pattern)
        if problem is None:
            try:
                re.compile(pattern)
            except (re.error, RecursionError, OverflowError) as exc:
                problem = f"invalid regular expression {pattern[:200]!r}: {exc}"
        if problem is not None:
            raise self.fail(node, problem)

    def check_rebind(self, node: ast.AST, name: str, bound: dict[str, str]) -> None:
        if name in SAFE_FUNCTION_NAMES or bound.get(name, "value") != "value":
            raise self.fail(node, f"{name!r} names a safe function or module and cannot be re-bound")

    def target(self, node: ast.expr, bound: dict[str, str]) -> None:
        if isinstance(node, ast.Name):
            self.check_name(node, node.id)
            self.check_rebind(node, node.id, bound)
            bound[node.id] = "value"
            return
        if isinstance(node, (ast.Tuple, ast.List)):
            stars = 0
            for elt in node.elts:
                if isinstance(elt, ast.Starred):
                    stars += 1
                    self.target(elt.value, bound)
                else:
                    self.target(elt, bound)
            if stars > 1:
                raise self.fail(node, "at most one starred target")
            return
        raise self.fail(node, f"assignment target {type(node).__name__} is not allowed (assign to names only)")

    def expr(self, node: ast.expr, bound: dict[str, str], depth: int) -> None:
        if depth > self.limits.max_depth:
            raise self.fail(node, f"expression nested deeper than {self.limits.max_depth} levels")
        d = depth + 1
        if isinstance(node, ast.Constant):
            if not isinstance(node.value, (int, float, str, bytes, bool, type(None))):
                raise self.fail(node, f"constant of type {type(node.value).__name__} is not allowed")
            return
        if isinstance(node, ast.Name):
            self.check_name(node, node.id)
            if node.id not in bound and node.id not in SAFE_FUNCTION_NAMES:
                raise self.fail(node, f"name {node.id!r} is not defined (available: x, names assigned earlier in this transformation, imported names and {', '.join(sorted(SAFE_FUNCTION_NAMES))})")
            kind = bound.get(node.id, "function")
            if kind.startswith("module:"):
                raise self.fail(node, f"module {node.id!r} can only be used as '{node.id}.<function>(...)'")
            return
        if isinstance(node, ast.Attribute):
            if not isinstance(node.value, ast.Name) or not bound.get(node.value.id, "").startswith("module:"):
                raise self.fail(node, f"attribute access '.{node.attr}' is not allowed (only functions of imported modules: {', '.join(sorted(_MODULE_MEMBERS))})")
            module = bound[node.value.id].split(":", 1)[1]
            if node.attr not in _MODULE_MEMBERS[module]:
                raise self.fail(node, f"{module}.{node.attr} is not allowed (allowed: {', '.join(sorted(_MODULE_MEMBERS[module]))})")
            return
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            for elt in node.elts:
                self.expr(elt.value if isinstance(elt, ast.Starred) else elt, bound, d)
            return
        if isinstance(node, ast.Dict):
            for k, v in zip(node.keys, node.values):
                if k is not None:
                    self.expr(k, bound, d)
                self.expr(v, bound, d)
            return
        if isinstance(node, ast.BinOp):
            if not isinstance(node.op, _BINOPS):
                raise self.fail(node, f"operator {type(node.op).__name__} is not allowed")
            self.expr(node.left, bound, d)
            self.expr(node.right, bound, d)
            return
        if isinstance(node, ast.UnaryOp):
            self.expr(node.operand, bound, d)
            return
        if isinstance(node, ast.BoolOp):
            for v in node.values:
                self.expr(v, bound, d)
            return
        if isinstance(node, ast.Compare):
            self.expr(node.left, bound, d)
            for c in node.comparators:
                self.expr(c, bound, d)
            return
        if isinstance(node, ast.IfExp):
            for part in (node.test, node.body, node.orelse):
                self.expr(part, bound, d)
            return
        if isinstance(node, ast.Subscript):
            self.expr(node.value, bound, d)
            self.expr(node.slice, bound, d)
            return
        if isinstance(node, ast.Slice):
            for opt in (node.lower, node.upper, node.step):
                if opt is not None:
                    self.expr(opt, bound, d)
            return
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name):
                if func.id not in SAFE_FUNCTION_NAMES and bound.get(func.id) != "function":
                    raise self.fail(node, f"call of {func.id!r} is not allowed (callable: {', '.join(sorted(SAFE_FUNCTION_NAMES))} and imported module functions)")
                self.check_name(func, func.id)
            elif isinstance(func, ast.Attribute):
                self.expr(func, bound, d)
                module = bound[func.value.id].split(":", 1)[1]  # type: ignore[attr-defined]
                if func.attr not in _MODULE_FUNCTIONS[module]:
                    raise self.fail(node, f"{module}.{func.attr} is not a function")
                if module == "re":
                    self.check_constant_pattern(node)
            else:
                raise self.fail(node, "only named safe functions can be called")
            for a in node.args:
                self.expr(a.value if isinstance(a, ast.Starred) else a, bound, d)
            for kw in node.keywords:
                if kw.arg is None:
                    raise self.fail(node, "'**' arguments are not allowed")
                self.check_name(node, kw.arg)
                self.expr(kw.value, bound, d)
            return
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            inner = dict(bound)
            for gen in node.generators:
                if gen.is_async:
                    raise self.fail(node, "async comprehensions are not allowed")
                self.expr(gen.iter, inner, d)
                self.target(gen.target, inner)
                for cond in gen.ifs:
                    self.expr(cond, inner, d)
            if isinstance(node, ast.DictComp):
                self.expr(node.key, inner, d)
                self.expr(node.value, inner, d)
            else:
                self.expr(node.elt, inner, d)
            return
        if isinstance(node, ast.JoinedStr):
            for v in node.values:
                self.expr(v, bound, d)
            return
        if isinstance(node, ast.FormattedValue):
            self.expr(node.value, bound, d)
            if node.format_spec is not None:
                spec = node.format_spec
                if not (isinstance(spec, ast.JoinedStr) and all(isinstance(v, ast.Constant) for v in spec.values)):
                    raise self.fail(node, "format specs must be constant")
                text = "".join(str(v.value) for v in spec.values)  # type: ignore[attr-defined]
                m = _FORMAT_SPEC.match(text)
                if not m:
                    raise self.fail(node, f"format spec {text!r} is not supported")
                for num in m.groups():
                    if num and int(num) > self.limits.max_format_width:
                        raise self.fail(node, f"format width {num} exceeds {self.limits.max_format_width}")
            return
        if isinstance(node, ast.Lambda):
            raise self.fail(node, "lambda is not allowed")
        if isinstance(node, ast.NamedExpr):
            raise self.fail(node, "':=' is not allowed")
        raise self.fail(node, f"{type(node).__name__} is not allowed")


# --------------------------------------------------------------------------------------------
# Interpreter


_SIZED = (str, bytes, list, tuple, dict, set, frozenset)
# Expressions whose value is new (so its size is memory the run allocated).
_BUILDING = frozenset({ast.BinOp, ast.Call, ast.List, ast.Tuple, ast.Set, ast.Dict, ast.ListComp,
                       ast.SetComp, ast.DictComp, ast.JoinedStr, ast.FormattedValue, ast.Subscript})


_LEAVES = frozenset({int, float, complex, bool, type(None)})
_CONTAINERS = frozenset({list, tuple, dict, set, frozenset})
_HASHED_CONTAINERS = (tuple, frozenset)


def _children(value: Any) -> Iterable[Any]:
    if type(value) is dict:
        return (*value.keys(), *value.values())
    return value  # type: ignore[no-any-return]


class _Interp:
    """Evaluates checked statements within the run's budgets of nodes, work and time."""

    def __init__(self, funcs: _Funcs) -> None:
        self.funcs = funcs
        self.limits = funcs.limits
        self.steps = 0
        self.built = 0  # characters / items of the values built so far
        self.walked = 0  # work of comparisons, hashing and calls so far
        self.deadline = time.monotonic() + self.limits.max_seconds
        # id -> (value, tree size, height, first non-data type name or ""); the value is kept
        # so that its id cannot be reused while the run lasts
        self._sizes: dict[int, tuple[Any, int, int, str]] = {}
        funcs.current = self

    def tick(self) -> None:
        self.steps += 1
        if self.steps > self.limits.max_steps:
            raise _Budget(f"evaluation exceeded {self.limits.max_steps} steps")
        if not self.steps & 1023:
            self.check_time()

    def check_time(self) -> None:
        if time.monotonic() > self.deadline:
            raise _Budget(f"the run took longer than max_seconds = {self.limits.max_seconds:g} s")

    def remaining(self) -> float:
        return max(0.0, self.deadline - time.monotonic())

    def charge(self, work: int) -> None:
        self.walked += work
        if self.walked > self.limits.max_work:
            raise _Budget(f"comparisons, hashing and calls went through more than "
                          f"{self.limits.max_work} items in total")

    def walk(self, *values: Any) -> None:
        """Charge what a comparison, hash or call on `values` goes through, counted as trees
        (`x in big_list`, `a == b` of shared nested lists, a tuple key)."""
        work = 0
        for v in values:
            t = type(v)
            if t is str:
                work += len(v) + 1
            elif t is float or t is bool or v is None:
                work += 1
            else:
                work += self.measure(v)[0]
        self.charge(work)

    def check_data(self, value: Any, what: str) -> None:
        """Raise unless `value` is data (see the module docstring) within the size limits."""
        bad = self.measure(value)[2]
        if bad:
            raise _Budget(f"{what} holds a {bad}, which is not data (numbers, strings, bytes, "
                          "booleans, None and lists, tuples, dicts and sets of them); "
                          "use list(...) to keep the items of an iterator")

    def measure(self, value: Any) -> tuple[int, int, str]:
        """(tree size, height, first non-data type or "") of `value`: strings count their
        length, containers 1 plus their items (a shared item once per reference). Raises
        _Budget past max_work or max_value_depth, or for an integer over max_int_bits."""
        t = type(value)
        if t is str or t is bytes:
            return len(value) + 1, 0, ""
        if t in _LEAVES:
            if t is int and value.bit_length() > self.limits.max_int_bits:
                raise _Budget(f"integer of {value.bit_length()} bits exceeds the limit "
                              f"{self.limits.max_int_bits}")
            return 1, 0, ""
        if t not in _CONTAINERS:
            name = "module" if isinstance(value, _Module) else \
                "function" if callable(value) else f"{t.__name__} object"
            return 1, 0, name
        if t is not dict and len(value) <= 32:  # the common case: a few flat items
            size = 1
            for item in value:
                ti = type(item)
                if ti is str:
                    size += len(item) + 1
                elif ti is float or ti is bool or item is None or \
                        (ti is int and item.bit_length() <= self.limits.max_int_bits):
                    size += 1
                else:
                    break
            else:
                return size, 1, ""
        hit = self._sizes.get(id(value))
        if hit is not None and hit[0] is value:
            return hit[1], hit[2], hit[3]
        return self._measure_tree(value)

    def _measure_tree(self, root: Any) -> tuple[int, int, str]:
        """`measure` of a container: iterative post-order over its distinct containers."""
        lim = self.limits
        cap = lim.max_work + 1
        memo = self._sizes
        stack: list[tuple[Any, bool, int]] = [(root, False, 1)]
        visits = 0
        while stack:
            node, leaving, depth = stack.pop()
            key = id(node)
            if not leaving:
                hit = memo.get(key)
                if hit is not None and hit[0] is node:
                    continue
                if depth > lim.max_value_depth:
                    raise _Budget(f"a value nested deeper than max_value_depth = "
                                  f"{lim.max_value_depth} levels")
                stack.append((node, True, depth))
                for child in _children(node):
                    visits += 1
                    if not visits & 4095:
                        self.check_time()
                    if type(child) in _CONTAINERS:
                        stack.append((child, False, depth + 1))
                continue
            size, height, bad = 1, 1, ""
            for child in _children(node):
                if type(child) in _CONTAINERS:
                    hit = memo.get(id(child))
                    csize, cheight, cbad = (hit[1], hit[2], hit[3]) if hit is not None \
                        else (1, 0, "")  # (a cycle: only in values not built here)
                else:
                    csize, cheight, cbad = self.measure(child)
                size = min(size + csize, cap)
                height = max(height, cheight + 1)
                bad = bad or cbad
            if size >= cap:
                raise _Budget(f"a value of more than {lim.max_work} items counted as a tree (a "
                              "shared item counts each time it occurs) is too large to compare, "
                              "hash or pass on")
            memo[key] = (node, size, height, bad)
        hit = memo[id(root)]
        return hit[1], hit[2], hit[3]

    def ev(self, node: ast.expr, env: dict[str, Any]) -> Any:
        """The value of `node`; what it builds counts towards the run's max_total_len."""
        value = self._value(node, env)
        if type(node) in _BUILDING and isinstance(value, _SIZED):
            self.built += len(value)
            if self.built > self.limits.max_total_len:
                raise _Budget(f"the values built in one run exceed {self.limits.max_total_len} "
                              "characters or items in total")
        return value

    def run(self, body: Sequence[ast.stmt], x: Any) -> Any:
        env: dict[str, Any] = {"x": x}
        for stmt in body:
            self.statement(stmt, env)
        y = env["y"]
        if type(y) not in _LEAVES or (type(y) is int and y.bit_length() > self.limits.max_int_bits):
            self.check_data(y, "the result y")
        return y

    def statement(self, node: ast.stmt, env: dict[str, Any]) -> None:
        self.tick()
        if isinstance(node, ast.Assign):
            value = self.ev(node.value, env)
            for t in node.targets:
                self.assign(t, value, env)
        elif isinstance(node, ast.AugAssign):
            name = node.target.id  # type: ignore[union-attr]
            env[name] = self.binop(node.op, env[name], self.ev(node.value, env))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                env[alias.asname or alias.name] = _Module(alias.name, self.funcs.modules[alias.name])
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                env[alias.asname or alias.name] = self.funcs.modules[node.module][alias.name]  # type: ignore[index]

    def assign(self, target: ast.expr, value: Any, env: dict[str, Any]) -> None:
        if isinstance(target, ast.Name):
            env[target.id] = value
            return
        items = list(self.iterate(value))
        elts = target.elts  # type: ignore[attr-defined]
        star = next((i for i, e in enumerate(elts) if isinstance(e, ast.Starred)), None)
        if star is None:
            if len(items) != len(elts):
                raise ValueError(f"cannot unpack {len(items)} values into {len(elts)} names")
            for e, v in zip(elts, items):
                self.assign(e, v, env)
            return
        after = len(elts) - star - 1
        if len(items) < len(elts) - 1:
            raise ValueError(f"not enough values to unpack ({len(items)})")
        for e, v in zip(elts[:star], items[:star]):
            self.assign(e, v, env)
        self.assign(elts[star].value, items[star:len(items) - after], env)
        for e, v in zip(elts[star + 1:], items[len(items) - after:]):
            self.assign(e, v, env)

    def iterate(self, value: Any) -> Iterator[Any]:
        if isinstance(value, _Module) or callable(value):
            raise TypeError(f"{value!r} is not iterable")
        for i, item in enumerate(value):
            if i >= self.limits.max_items:
                raise _Budget(f"loop over more than {self.limits.max_items} items")
            self.tick()
            yield item

    def binop(self, op: ast.operator, a: Any, b: Any) -> Any:
        lim = self.limits
        if isinstance(op, ast.Add):
            if isinstance(a, (str, bytes, list, tuple)) and isinstance(b, type(a)) and len(a) + len(b) > lim.max_len:
                raise _Budget("concatenation exceeds the size limit")
            return _sized(a + b, lim)
        if isinstance(op, ast.Sub):
            return _sized(a - b, lim)
        if isinstance(op, ast.Mult):
            for seq, n in ((a, b), (b, a)):
                if isinstance(seq, (str, bytes, list, tuple)) and isinstance(n, int):
                    if len(seq) * max(n, 0) > lim.max_len:
                        raise _Budget(f"repetition to {len(seq) * n} items exceeds the limit {lim.max_len}")
            if isinstance(a, int) and isinstance(b, int) and a.bit_length() + b.bit_length() > lim.max_int_bits:
                raise _Budget("integer product exceeds the size limit")
            return _sized(a * b, lim)
        if isinstance(op, ast.Div):
            return a / b
        if isinstance(op, ast.FloorDiv):
            return a // b
        if isinstance(op, ast.Mod):
            if isinstance(a, (str, bytes)):
                fmt = a if isinstance(a, str) else a.decode("latin-1")
                for m in _PRINTF_SPEC.finditer(fmt):
                    for num in m.groups()[:2]:
                        if num == "*" or (num and int(num) > lim.max_format_width):
                            raise _Budget(f"format width {num!r} is not allowed")
                _approx_size(b, lim)
            return _sized(a % b, lim)
        if isinstance(op, ast.Pow):
            if isinstance(a, int) and isinstance(b, int) and b > 0:
                bits = max(1, abs(a).bit_length() - 1 if abs(a) > 1 else 0) * b
                if abs(a) > 1 and bits > lim.max_int_bits:
                    raise _Budget(f"power of about {bits} bits exceeds the limit {lim.max_int_bits}")
            return _sized(a ** b, lim)
        if isinstance(op, ast.LShift):
            if isinstance(b, int) and isinstance(a, int) and a and a.bit_length() + b > lim.max_int_bits:
                raise _Budget("shift exceeds the integer size limit")
            return a << b
        if isinstance(op, ast.RShift):
            return a >> b
        if isinstance(op, ast.BitOr):
            return _sized(a | b, lim)
        if isinstance(op, ast.BitAnd):
            return a & b
        if isinstance(op, ast.BitXor):
            return a ^ b
        raise TypeError(f"operator {type(op).__name__}")

    def _value(self, node: ast.expr, env: dict[str, Any]) -> Any:
        self.tick()
        t = type(node)
        if t is ast.Constant:
            return node.value  # type: ignore[attr-defined]
        if t is ast.Name:
            name = node.id  # type: ignore[attr-defined]
            if name in env:
                return env[name]
            return self.funcs.builtins[name]
        if t is ast.Subscript:
            value = self.ev(node.value, env)  # type: ignore[attr-defined]
            if isinstance(value, _Module) or callable(value):
                raise TypeError(f"{value!r} is not subscriptable")
            return value[self.ev(node.slice, env)]  # type: ignore[attr-defined]
        if t is ast.Slice:
            n: Any = node
            return slice(*(None if p is None else self.ev(p, env) for p in (n.lower, n.upper, n.step)))
        if t is ast.BinOp:
            n = node
            return self.binop(n.op, self.ev(n.left, env), self.ev(n.right, env))
        if t is ast.UnaryOp:
            n = node
            v = self.ev(n.operand, env)
            if isinstance(n.op, ast.Not):
                return not v
            if isinstance(n.op, ast.USub):
                return -v
            if isinstance(n.op, ast.UAdd):
                return +v
            return ~v
        if t is ast.BoolOp:
            n = node
            if isinstance(n.op, ast.And):
                v = True
                for part in n.values:
                    v = self.ev(part, env)
                    if not v:
                        return v
                return v
            v = False
            for part in n.values:
                v = self.ev(part, env)
                if v:
                    return v
            return v
        if t is ast.Compare:
            n = node
            left = self.ev(n.left, env)
            for op, comp in zip(n.ops, n.comparators):
                right = self.ev(comp, env)
                if not self.compare(op, left, right):
                    return False
                left = right
            return True
        if t is ast.IfExp:
            n = node
            return self.ev(n.body, env) if self.ev(n.test, env) else self.ev(n.orelse, env)
        if t is ast.List:
            return _sized(self.elements(node.elts, env), self.limits)  # type: ignore[attr-defined]
        if t is ast.Tuple:
            return tuple(self.elements(node.elts, env))  # type: ignore[attr-defined]
        if t is ast.Set:
            return set(self.hashable(self.elements(node.elts, env)))  # type: ignore[attr-defined]
        if t is ast.Dict:
            n = node
            out: dict[Any, Any] = {}
            for k, v in zip(n.keys, n.values):
                if k is None:
                    out.update(self.ev(v, env))
                else:
                    key = self.ev(k, env)
                    if isinstance(key, _HASHED_CONTAINERS):
                        self.walk(key)
                    out[key] = self.ev(v, env)
            return _sized(out, self.limits)
        if t is ast.Attribute:
            n = node
            module = self.ev(n.value, env)
            return module.members[n.attr]
        if t is ast.Call:
            return self.call(node, env)  # type: ignore[arg-type]
        if t in (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp):
            return self.comprehension(node, env)
        if t is ast.JoinedStr:
            parts = [self.ev(v, env) for v in node.values]  # type: ignore[attr-defined]
            return _sized("".join(parts), self.limits)
        if t is ast.FormattedValue:
            n = node
            v = self.ev(n.value, env)
            _approx_size(v, self.limits)
            if n.conversion == ord("r"):
                v = repr(v)
            elif n.conversion == ord("a"):
                v = ascii(v)
            elif n.conversion == ord("s"):
                v = str(v)
            spec = "".join(str(c.value) for c in n.format_spec.values) if n.format_spec is not None else ""
            return format(v, spec)
        raise TypeError(f"{t.__name__} cannot be evaluated")

    def elements(self, elts: list[ast.expr], env: dict[str, Any]) -> list[Any]:
        out: list[Any] = []
        for e in elts:
            if isinstance(e, ast.Starred):
                out.extend(self.iterate(self.ev(e.value, env)))
            else:
                out.append(self.ev(e, env))
        return out

    def hashable(self, items: list[Any]) -> list[Any]:
        """`items`, after charging the hashing of those that are tuples or frozensets (their
        hash is not cached and walks every item)."""
        for item in items:
            if isinstance(item, _HASHED_CONTAINERS):
                self.walk(item)
        return items

    def compare(self, op: ast.cmpop, a: Any, b: Any) -> bool:
        t = type(op)
        if t is ast.Is:
            return a is b
        if t is ast.IsNot:
            return a is not b
        self.walk(a, b)
        if t is ast.Eq:
            return a == b
        if t is ast.NotEq:
            return a != b
        if t is ast.Lt:
            return a < b
        if t is ast.LtE:
            return a <= b
        if t is ast.Gt:
            return a > b
        if t is ast.GtE:
            return a >= b
        if t is ast.In:
            return a in b
        return a not in b

    def call(self, node: ast.Call, env: dict[str, Any]) -> Any:
        fn = self.ev(node.func, env)
        if not self.funcs.is_safe(fn):
            raise TypeError(f"{fn!r} is not callable")
        args = self.elements(node.args, env)
        kwargs = {str(kw.arg): self.ev(kw.value, env) for kw in node.keywords}
        self.walk(*args, *kwargs.values())
        return fn(*args, **kwargs)

    def comprehension(self, node: Any, env: dict[str, Any]) -> Any:
        scope = dict(env)
        results: list[Any] = []
        is_dict = isinstance(node, ast.DictComp)
        self._comprehension_loop(node, 0, scope, results)
        if is_dict:
            self.hashable([k for k, _ in results])
            return dict(results)
        if isinstance(node, ast.SetComp):
            return set(self.hashable(results))
        if isinstance(node, ast.GeneratorExp):
            return iter(results)
        return results

    def _comprehension_loop(self, node: Any, i: int, scope: dict[str, Any], results: list[Any]) -> None:
        """Generator `i` of comprehension `node` and those after it, appending its items to
        `results` (a method, not a nested function calling itself: that would be a reference
        cycle left to the cycle collector at every evaluation)."""
        if i == len(node.generators):
            limit = self.limits.max_items
            if len(results) >= limit:
                raise _Budget(f"comprehension longer than {limit} items")
            if isinstance(node, ast.DictComp):
                results.append((self.ev(node.key, scope), self.ev(node.value, scope)))
            else:
                results.append(self.ev(node.elt, scope))
            return
        gen = node.generators[i]
        for item in self.iterate(self.ev(gen.iter, scope)):
            self.assign(gen.target, item, scope)
            if all(self.ev(c, scope) for c in gen.ifs):
                self._comprehension_loop(node, i + 1, scope, results)


# --------------------------------------------------------------------------------------------


class Transformation:
    """A compiled transformation: call it with `x`, get `y`."""

    def __init__(self, statements: tuple[str, ...], body: tuple[ast.stmt, ...], limits: Limits,
                 where: str, constant: tuple[bool, Any]) -> None:
        self.statements = statements
        self.where = where
        self._body = body
        self._limits = limits
        self._funcs_made: _Funcs | None = None
        self._identity = not body or statements == ("y = x",)
        self._constant = constant

    @property
    def _funcs(self) -> _Funcs:
        """The safe functions, made at the first run that calls any (most transformations of a
        task are constants or the identity, and a task family compiles them at every reset)."""
        if self._funcs_made is None:
            self._funcs_made = _Funcs(self._limits)
        return self._funcs_made

    def __call__(self, x: Any) -> Any:
        if self._identity:
            return x
        if self._constant[0]:
            v = self._constant[1]
            return list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v
        limit = self._limits.max_error_chars
        try:
            return _Interp(self._funcs).run(self._body, x)
        except _Budget as exc:
            raise TransformRuntimeError(cap_text(
                f"{self.where}: transformation {self._shown()} stopped: {exc}", limit)) from None
        except (ArithmeticError, LookupError, TypeError, ValueError, RecursionError, MemoryError,
                SyntaxError, re.error) as exc:
            raise TransformRuntimeError(cap_text(
                f"{self.where}: transformation {self._shown()} failed on x={_short(x)}: "
                f"{exception_text(exc, limit)}", limit)) from None
        finally:
            self._funcs.current = None

    def _shown(self) -> str:
        return _short(list(self.statements), 300)

    def __repr__(self) -> str:
        return f"Transformation({list(self.statements)!r})"


def _short(v: Any, limit: int = 200) -> str:
    """repr(v) within `limit` characters (a long string is cut before repr is taken)."""
    if isinstance(v, (str, bytes)) and len(v) > limit:
        v = v[:limit]
    try:
        text = repr(v) if not isinstance(v, (list, tuple, dict, set)) or len(v) <= limit \
            else f"<{type(v).__name__} of {len(v)} items>"
    except (RecursionError, ValueError):
        text = f"<{type(v).__name__}>"
    return text if len(text) <= limit else text[:limit - 3] + "..."


def compile_transformation(statements: Sequence[str], *, where: str = "",
                           limits: Limits = DEFAULT_LIMITS,
                           statement_where: Sequence[str] | None = None) -> Transformation:
    """Parse and check statements; raise TransformSyntaxError naming `where` and the line.

    `statement_where[i]`, when given, names where statement i is written (FILE:LINE:COL ...).
    An empty list means the identity `y = x` (Mobile-Env's default).
    """
    texts = tuple(statements)
    if not texts:
        return Transformation((), (), limits, where, (False, None))
    found = None
    if all(isinstance(t, str) for t in texts):
        try:
            found = _parsed(texts, limits)
        except TransformSyntaxError:
            found = None  # parsed again below, for the error naming the caller's places
    if found is None:
        found = _parse(texts, where, limits, statement_where)
    return Transformation(texts, found[0], limits, where, found[1])


@functools.lru_cache(maxsize=1024)
def _parsed(texts: tuple[str, ...], limits: Limits) -> tuple[tuple[ast.stmt, ...], tuple[bool, Any]]:
    """`_parse` remembered by the statements and limits: a task family compiles the same
    statements at every reset. The syntax trees are only read when a transformation runs, and
    a constant list or dict is copied for each caller (`Transformation.__call__`)."""
    return _parse(texts, "", limits, None)


def _parse(texts: tuple[Any, ...], where: str, limits: Limits,
           statement_where: Sequence[str] | None) -> tuple[tuple[ast.stmt, ...], tuple[bool, Any]]:
    """The checked syntax trees of the statements and whether they are one constant `y = ...`
    (its value); TransformSyntaxError naming `where` / `statement_where[i]` otherwise."""
    checker_bound: dict[str, str] = {"x": "value"}
    body: list[ast.stmt] = []
    for index, text in enumerate(texts):
        if statement_where is not None and index < len(statement_where):
            label = statement_where[index]
        else:
            label = f"{where} transformation[{index}]" if where else f"transformation[{index}]"
        if not isinstance(text, str):
            raise TransformSyntaxError("statement is not a string", where=label)
        if len(text) > limits.max_source_chars:
            raise TransformSyntaxError(f"statement longer than {limits.max_source_chars} characters", where=label)
        try:
            tree = ast.parse(text, mode="exec")
        except SyntaxError as exc:
            raise TransformSyntaxError(f"not a Python statement: {exc.msg}", source_text=text,
                                       line=exc.lineno, column=exc.offset, where=label) from None
        except (RecursionError, MemoryError, ValueError) as exc:
            raise TransformSyntaxError(f"cannot be parsed ({type(exc).__name__}: nested too deeply or invalid)",
                                       source_text=text[:200], where=label) from None
        checker = _Checker(limits, text, label)
        try:
            for stmt in tree.body:
                checker.statement(stmt, checker_bound, 0)
        except RecursionError:
            raise TransformSyntaxError("nested too deeply", source_text=text[:200], where=label) from None
        body.extend(tree.body)
    if checker_bound.get("y") != "value":
        raise TransformSyntaxError("never assigns the result name 'y'", source_text=" | ".join(texts),
                                   where=where or "transformation")
    constant: tuple[bool, Any] = (False, None)
    if len(body) == 1 and isinstance(body[0], ast.Assign) and len(body[0].targets) == 1 \
            and isinstance(body[0].targets[0], ast.Name) and body[0].targets[0].id == "y":
        try:
            constant = (True, ast.literal_eval(body[0].value))
        except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
            constant = (False, None)
        if constant[0] and not isinstance(constant[1], (int, float, str, bool, type(None), list, dict, tuple)):
            constant = (False, None)
        if constant[0] and isinstance(constant[1], (list, dict)) and any(
                isinstance(v, (list, dict, set)) for v in (constant[1].values() if isinstance(constant[1], dict) else constant[1])):
            constant = (False, None)  # nested mutables: evaluate every time so callers get fresh objects
    return tuple(body), constant
