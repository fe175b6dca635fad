"""Mobile-Env selector syntax: shorthands -> CSS -> XPath, and what a valid selector is.

Mobile-Env extends CSS with shorthands: a type character (`#` resource-id, `.` class, `$` package,
`@` index), an optional operator (`$` ends-with, `^` starts-with, `*` contains; none = equals) and a
double-quoted string or a run of digits: `#$"search_src_text"` is `[resource-id$="search_src_text"]`.
Mobile-Env rewrote them with a regular expression over the whole string, so shorthand characters
inside quoted values were rewritten too (`[text="version 1.5"]` broke). Here the selector is
tokenized: quoted strings and `[...]` attribute blocks are copied verbatim, shorthand strings may
contain `\\"` and `\\\\` escapes, and anything cssselect cannot parse raises `SelectorSyntaxError`.
So do pseudo-classes that can never match a uiautomator node: cssselect translates the browser
states (`:checked`, `:enabled`, `:focus`, `:hover`, ...) to a constant false, `:contains()` reads
text content and `:lang()` a language that dumps do not have, and `:nth-*()` series without a
positive position and `:not(*)` exclude every node. The error names the selector string (and
its index in a group, `selector[k]`) and, for the states, the attribute to test instead.
"""
from __future__ import annotations

import cssselect
from cssselect.parser import Function, Negation, Pseudo, parse_series
from cssselect.xpath import XPathExpr

__all__ = ["NEVER_MATCHING_PSEUDO", "SelectorSyntaxError", "at", "mobile_env_to_css", "selector_problem", "translate"]


class SelectorSyntaxError(ValueError):
    """A selector string the task format does not allow (the message names it and where)."""


_TYPE_ATTR = {"#": "resource-id", ".": "class", "$": "package", "@": "index"}
_OPS = {"$": "$=", "^": "^=", "*": "*="}


def at(where: str, message: str) -> str:
    """`message` prefixed with `where` (nothing when `where` is empty, for callers that locate it)."""
    return f"{where}: {message}" if where else message


def _css_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\a ") + '"'


def _read_quoted(text: str, start: int, where: str) -> tuple[str, int]:
    """Read a quoted string starting at `start` (the quote); return (value, index after it)."""
    quote = text[start]
    out = []
    i = start + 1
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            if i + 1 >= len(text):
                break
            out.append(text[i + 1])
            i += 2
            continue
        if ch == quote:
            return "".join(out), i + 1
        out.append(ch)
        i += 1
    raise SelectorSyntaxError(at(where, f"unterminated string starting at column {start + 1} in selector {text!r}"))


def mobile_env_to_css(selector: str, *, where: str = "selector") -> str:
    """Rewrite Mobile-Env shorthands to plain CSS, outside quoted strings and `[...]` blocks."""
    out: list[str] = []
    i = 0
    n = len(selector)
    bracket = 0
    while i < n:
        ch = selector[i]
        if ch in "\"'":
            _, end = _read_quoted(selector, i, where)
            out.append(selector[i:end])
            i = end
            continue
        if ch == "[":
            bracket += 1
        elif ch == "]":
            bracket -= 1
            if bracket < 0:
                raise SelectorSyntaxError(at(where, f"unbalanced ']' at column {i + 1} in selector {selector!r}"))
        elif bracket == 0 and ch in _TYPE_ATTR:
            j = i + 1
            op = "="
            if j < n and selector[j] in _OPS and j + 1 < n and (selector[j + 1] == '"' or selector[j + 1].isdigit()):
                op = _OPS[selector[j]]
                j += 1
            if j < n and selector[j] == '"':
                value, end = _read_quoted(selector, j, where)
                out.append(f"[{_TYPE_ATTR[ch]}{op}{_css_string(value)}]")
                i = end
                continue
            if j < n and selector[j].isdigit():
                end = j
                while end < n and selector[end].isdigit():
                    end += 1
                out.append(f"[{_TYPE_ATTR[ch]}{op}{_css_string(selector[j:end])}]")
                i = end
                continue
            if ch in "$@":
                raise SelectorSyntaxError(at(
                    where, f"'{ch}' at column {i + 1} must be followed by an optional operator ($ ^ *) and a "
                    f"double-quoted string or digits, in selector {selector!r}"))
        out.append(ch)
        i += 1
    if bracket:
        raise SelectorSyntaxError(at(where, f"unbalanced '[' in selector {selector!r}"))
    return "".join(out)


def _cost(condition: str) -> int:
    """Rough evaluation cost of one XPath condition (cheap tests go first in a conjunction)."""
    if "count(" in condition or "::" in condition:
        return 4
    if "substring(" in condition:
        return 3
    if "contains(" in condition:
        return 2
    if "starts-with(" in condition:
        return 1
    return 0


class _SortedExpr(XPathExpr):
    """An XPathExpr whose `and`-ed conditions are emitted cheapest first (same truth value:
    XPath 1.0 conditions have no side effects), so libxml2 short-circuits early."""

    def __init__(self, path: str = "", element: str = "*", condition: str = "", star_prefix: bool = False) -> None:
        self._conds: list[str] = []
        super().__init__(path, element, condition, star_prefix)

    @property  # type: ignore[override]
    def condition(self) -> str:
        if len(self._conds) <= 1:
            return self._conds[0] if self._conds else ""
        return " and ".join(f"({c})" for c in sorted(self._conds, key=_cost))

    @condition.setter
    def condition(self, value: str) -> None:
        self._conds = [value] if value else []

    def add_condition(self, condition: str, conjuction: str = "and") -> _SortedExpr:
        if conjuction == "and":
            self._conds.append(condition)
        else:
            self._conds = [f"({self.condition}) {conjuction} ({condition})"]
        return self


_STATES = ("checkable, checked, clickable, enabled, focusable, focused, long-clickable, password, "
           "scrollable, selected")

#: Pseudo-classes cssselect's GenericTranslator turns into a constant false (it knows no browser
#: state), each with what a task should write instead on a uiautomator dump.
NEVER_MATCHING_PSEUDO: dict[str, str] = {
    "checked": 'use [checked="true"]',
    "enabled": 'use [enabled="true"]',
    "disabled": 'use [enabled="false"]',
    "focus": 'use [focused="true"]',
    **{name: f"a uiautomator dump has no such state; its state attributes are {_STATES} "
             '(e.g. [selected="true"])'
       for name in ("hover", "active", "visited", "link", "target")},
}
_NTH = ("nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type")


class _NeverMatches(cssselect.ExpressionError):
    """A pseudo-class that no uiautomator node can satisfy (the message says why and what to use)."""


class _Translator(cssselect.GenericTranslator):
    """cssselect's translator with cheaper XPath: a `contains()` pre-test for `$=` (libxml2
    evaluates it without building substrings) and cheapest-first conditions; same results.
    Pseudo-classes that could never match a uiautomator node raise `_NeverMatches`."""

    xpathexpr_cls = _SortedExpr

    def xpath_pseudo(self, pseudo: Pseudo) -> XPathExpr:
        hint = NEVER_MATCHING_PSEUDO.get(pseudo.ident.lower())
        if hint is not None:
            raise _NeverMatches(f":{pseudo.ident} never matches a uiautomator node (cssselect translates it "
                                f"to false); {hint}")
        return super().xpath_pseudo(pseudo)

    def xpath_function(self, function: Function) -> XPathExpr:
        name = function.name.lower()
        if name == "contains":
            arg = function.arguments[0].value if len(function.arguments) == 1 else "..."
            raise _NeverMatches(f":contains() tests text content, which uiautomator nodes do not have; use "
                                f"[text*={_css_string(str(arg))}] (or [content-desc*=...])")
        if name == "lang":
            raise _NeverMatches(":lang() never matches a uiautomator node (dumps carry no language)")
        if name in _NTH:
            try:
                a, b = parse_series(function.arguments)
            except ValueError:
                pass  # cssselect reports the malformed series
            else:
                if a <= 0 and b < 1:
                    series = "".join(str(t.value) for t in function.arguments).strip()
                    raise _NeverMatches(f":{function.name}({series}) selects no position (an+b < 1 for "
                                        "every n >= 0), so it never matches")
        return super().xpath_function(function)

    def xpath_negation(self, negation: Negation) -> XPathExpr:
        xpath = super().xpath_negation(negation)
        if isinstance(xpath, _SortedExpr) and xpath._conds and xpath._conds[-1] == "0":
            raise _NeverMatches(":not() of a selector that matches every node excludes every node, so it "
                                "never matches")
        return xpath

    def xpath_attrib_suffixmatch(self, xpath, name, value):  # type: ignore[no-untyped-def]
        if value:
            lit = self.xpath_literal(value)
            xpath.add_condition(f"contains({name}, {lit}) and "
                                f"substring({name}, string-length({name})-{len(value) - 1}) = {lit}")
        else:
            xpath.add_condition("0")
        return xpath


_TRANSLATOR = _Translator()


def translate(part: str, css: str, where: str) -> str:
    """The XPath of one selector string (already rewritten to `css`); SelectorSyntaxError naming it."""
    try:
        return _TRANSLATOR.css_to_xpath(css, prefix="descendant-or-self::")
    except _NeverMatches as exc:
        raise SelectorSyntaxError(at(where, f"selector {part!r}: {exc}")) from None
    except cssselect.SelectorError as exc:
        raise SelectorSyntaxError(at(where, f"cannot parse selector {part!r} (as CSS {css!r}): {exc}")) from None


def selector_problem(selector: str) -> str | None:
    """Why one selector string is refused (the loader's check, the engine's compile), or None."""
    try:
        translate(selector, mobile_env_to_css(selector, where=""), "")
    except SelectorSyntaxError as exc:
        return str(exc)
    return None
