"""Tokenizer and parser for the mksh subset the device shell accepts.

Grammar (POSIX sh subset): list = and_or ((';' | '&' | newline) and_or)*;
and_or = pipeline (('&&' | '||') pipeline)*; pipeline = ['!'] command ('|' command)*;
command = (assignment | word | redirection)+ | compound redirection*, where compound is
'( list )', '{ list }', 'if list then list (elif list then list)* [else list] fi',
'while list do list done', 'until list do list done', 'for name [in word*] do list done' or
'case word in ([(] pattern (| pattern)* ) list ;;)* esac'. Reserved words (`{`, `}`, `if`,
`fi`, ...) count only where a command starts, so the list before `}` or `fi` must end in `;`
or a newline. Words keep their quoting so that `$?`, `$VAR`, `${VAR}`, `$(...)` and globbing
are expanded at run time, as the shell does (`$((...))` too). Errors raise `ShellSyntaxError` with mksh's
wording ("syntax error: 'X' unexpected", "syntax error: 'if' unmatched").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

OPERATORS = ("&&", "||", ";;", ";", "&", "|", "\n")


#: Deepest nesting of groups, subshells, compound commands and command substitutions (mksh
#: has no fixed bound; Python's recursion does, and must never be what stops a command line).
MAX_NESTING = 64


class ShellSyntaxError(Exception):
    """A command line mksh would reject before running anything."""


@dataclass(frozen=True)
class Part:
    """A piece of a word: literal text, a parameter (`var`), a command substitution (`cmd`) or an
    arithmetic expansion (`arith`)."""

    kind: str  # "lit" | "var" | "cmd" | "arith"
    value: str
    quoted: bool


@dataclass(frozen=True)
class Word:
    parts: tuple[Part, ...]

    @property
    def literal(self) -> str | None:
        """The word's text when it has no expansions."""
        if all(p.kind == "lit" for p in self.parts):
            return "".join(p.value for p in self.parts)
        return None


@dataclass(frozen=True)
class Redirect:
    fd: int
    op: str  # ">", ">>", "<", ">&", "<&"
    target: Word


@dataclass
class Command:
    words: list[Word] = field(default_factory=list)
    redirects: list[Redirect] = field(default_factory=list)
    assignments: list[tuple[str, Word]] = field(default_factory=list)


@dataclass
class Group:
    """`( list )` (a subshell: changes to the directory and variables stay inside) or
    `{ list; }` (runs in the current shell), with the redirections that follow it."""

    body: Script
    subshell: bool
    redirects: list[Redirect] = field(default_factory=list)


@dataclass
class If:
    """`if c1; then b1; elif c2; then b2; else b3; fi`: `branches` [(c1, b1), (c2, b2)]."""

    branches: list[tuple[Script, Script]]
    otherwise: Script | None
    redirects: list[Redirect] = field(default_factory=list)


@dataclass
class Loop:
    """`while cond; do body; done`, or `until` (`until=True`: run while cond fails)."""

    condition: Script
    body: Script
    until: bool
    redirects: list[Redirect] = field(default_factory=list)


@dataclass
class For:
    """`for name in words; do body; done` (`words` None: `for name; do`, over no arguments)."""

    name: str
    words: list[Word] | None
    body: Script
    redirects: list[Redirect] = field(default_factory=list)


@dataclass
class Case:
    """`case word in p1|p2) list;; ... esac`: the first arm with a matching pattern runs."""

    word: Word
    arms: list[tuple[list[Word], Script]]
    redirects: list[Redirect] = field(default_factory=list)


Compound = Group | If | Loop | For | Case


@dataclass
class Pipeline:
    commands: list[Command | Compound]
    negated: bool = False  # `! pipeline`: the status is inverted


@dataclass
class AndOr:
    first: Pipeline
    rest: list[tuple[str, Pipeline]]  # ("&&" | "||", pipeline)


@dataclass
class Script:
    items: list[AndOr]


@dataclass(frozen=True)
class _Tok:
    kind: str  # "word" | "op" | "redir"
    value: object
    io_number: int | None = None


def _is_name(s: str) -> bool:
    return bool(s) and (s[0].isalpha() or s[0] == "_") and all(c.isalnum() or c == "_" for c in s)


def _read_subst(src: str, i: int) -> tuple[str, int]:
    """`src[i]` is just after `$(`; return the inner text and the index after `)`."""
    depth, j, quote = 1, i, None
    while j < len(src):
        c = src[j]
        if quote:
            if c == quote:
                quote = None
            elif c == "\\" and quote == '"':
                j += 1
        elif c in "'\"":
            quote = c
        elif c == "\\":
            j += 1
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return src[i:j], j + 1
        j += 1
    raise ShellSyntaxError("syntax error: unexpected EOF while looking for matching ')'")


def _read_dollar(src: str, i: int, quoted: bool) -> tuple[Part | None, int]:
    """`src[i]` is `$`; return the expansion part (None for a literal `$`) and the next index."""
    n = len(src)
    if i + 1 >= n:
        return None, i + 1
    c = src[i + 1]
    if c == "(":
        if i + 2 < n and src[i + 2] == "(":
            inner, j = _read_subst(src, i + 3)
            if j < n and src[j] == ")":
                return Part("arith", inner, quoted), j + 1
        inner, j = _read_subst(src, i + 2)
        return Part("cmd", inner, quoted), j
    if c == "{":
        end = src.find("}", i + 2)
        if end < 0:
            raise ShellSyntaxError("syntax error: missing '}'")
        name = src[i + 2:end]
        if not (_is_name(name) or name in ("?", "$", "#", "0") or name.isdigit()):
            raise ShellSyntaxError(f"${{{name}}}: bad substitution")
        return Part("var", name, quoted), end + 1
    if c in "?$#!" or c.isdigit():
        return Part("var", c, quoted), i + 2
    if c.isalpha() or c == "_":
        j = i + 1
        while j < n and (src[j].isalnum() or src[j] == "_"):
            j += 1
        return Part("var", src[i + 1:j], quoted), j
    return None, i + 1


# Characters with a meaning inside double quotes (everything else is taken as it is).
_DOUBLE_QUOTED_SPECIAL = re.compile(r'["\\$`]')
# Single-quoted pieces and double-quoted ones with nothing to expand, one after the other.
_QUOTED_PIECE = re.compile("'([^']*)'" + r'|"([^"\\$`]*)"')
_QUOTED_RUN = re.compile("(?:'[^']*'" + r'|"[^"\\$`]*")+')
#: Unquoted characters that mean nothing to the tokenizer (they extend the current word).
_PLAIN_RUN = re.compile(r"[^\\'\"$`#<> \t;&|\n()]+")


#: A `'` inside single quotes as `shlex.quote` writes it: close the quotes, `"'"`, reopen them.
_SHLEX_QUOTE = "'\"'\"'"


#: Single-quoted pieces joined by shlex.quote's `"'"` (the whole of a shlex-quoted word).
_SHLEX_RUN = re.compile("'[^']*'(?:\"'\"'[^']*')*")


def _unquote_run(run: str) -> str:
    """The text of adjacent quoted pieces without expansions (`'a'"'"'b'` is `a'b`)."""
    body = run[1:-1]
    if run[0] == run[-1] == "'" and "'" not in body.replace(_SHLEX_QUOTE, ""):
        # shlex.quote's form (how task steps quote SQL): two replacements, not a match per piece
        return body.replace(_SHLEX_QUOTE, "'")
    return "".join(a or b for a, b in _QUOTED_PIECE.findall(run))


def tokenize(src: str) -> list[_Tok]:
    toks: list[_Tok] = []
    parts: list[Part] = []
    lit: list[str] = []
    lit_quoted = False
    has_word = False
    i, n = 0, len(src)

    def flush_lit(quoted: bool) -> None:
        nonlocal lit
        if lit:
            parts.append(Part("lit", "".join(lit), quoted))
            lit = []

    def add_text(text: str, quoted: bool) -> None:
        """Add `text` (not empty) to the current literal, opening a new part when its quoting
        differs from the literal's."""
        nonlocal lit_quoted, has_word
        if lit and lit_quoted != quoted:
            flush_lit(lit_quoted)
        lit_quoted = quoted
        lit.append(text)
        has_word = True

    def add_dollar(pos: int, quoted: bool) -> int:
        """A `$` at `pos`: an expansion part, or a literal `$`; returns the index after it."""
        nonlocal has_word
        part, end = _read_dollar(src, pos, quoted)
        if part is None:
            add_text("$", quoted)
        else:
            flush_lit(lit_quoted)
            parts.append(part)
            has_word = True
        return end

    def end_word() -> None:
        nonlocal parts, has_word
        flush_lit(lit_quoted)
        if has_word and not parts:  # "" or '' alone: an empty argument, not no argument
            parts.append(Part("lit", "", True))
        if has_word:
            toks.append(_Tok("word", Word(tuple(parts))))
        parts = []
        has_word = False

    while i < n:
        c = src[i]
        if c == "\\":
            if i + 1 < n:
                if src[i + 1] != "\n":
                    add_text(src[i + 1], True)
                i += 2
            else:
                i += 1
            continue
        if c == "'":
            run = _SHLEX_RUN.match(src, i)
            if run is not None and src[run.end():run.end() + 1] not in ("'", '"'):
                # one word as shlex.quote writes it (how task steps quote SQL): its text is the
                # body with each `'"'"'` back to `'`
                has_word = True
                text = run.group()[1:-1].replace(_SHLEX_QUOTE, "'")
                if text:
                    add_text(text, True)
                i = run.end()
                continue
        if c in "'\"":
            run = _QUOTED_RUN.match(src, i)
            if run is not None:  # adjacent quoted pieces without expansions ('a'"'"'b'): one literal
                has_word = True
                text = _unquote_run(run.group())
                if text:
                    add_text(text, True)
                i = run.end()
                continue
        if c == "'":
            end = src.find("'", i + 1)
            if end < 0:
                raise ShellSyntaxError("no closing quote")
            has_word = True
            if end > i + 1:
                add_text(src[i + 1:end], True)
            i = end + 1
            continue
        if c == '"':
            j = i + 1
            has_word = True
            while True:
                special = _DOUBLE_QUOTED_SPECIAL.search(src, j)
                if special is None:
                    raise ShellSyntaxError("no closing quote")
                if special.start() > j:  # a run of plain characters
                    add_text(src[j:special.start()], True)
                    j = special.start()
                d = src[j]
                if d == '"':
                    break
                if d == "\\" and j + 1 < n and src[j + 1] in '$`"\\\n':
                    if src[j + 1] != "\n":
                        add_text(src[j + 1], True)
                    j += 2
                    continue
                if d == "$":
                    j = add_dollar(j, True)
                    continue
                if d == "`":
                    raise ShellSyntaxError("syntax error: backquote substitution is not supported; use $(...)")
                add_text(d, True)
                j += 1
            i = j + 1
            continue
        if c == "$":
            i = add_dollar(i, False)
            continue
        if c == "`":
            raise ShellSyntaxError("syntax error: backquote substitution is not supported; use $(...)")
        if c == "#" and not has_word:
            end = src.find("\n", i)
            i = n if end < 0 else end
            continue
        if c in " \t":
            end_word()
            i += 1
            continue
        if c in "<>":
            io_number = None
            if has_word and len(parts) == 0 and lit and not lit_quoted and "".join(lit).isdigit():
                io_number = int("".join(lit))
                lit.clear()
                has_word = False
            else:
                end_word()
            if src.startswith(">>", i):
                op, i = ">>", i + 2
            elif src.startswith(">&", i):
                op, i = ">&", i + 2
            elif src.startswith("<&", i):
                op, i = "<&", i + 2
            elif src.startswith(">|", i):
                op, i = ">", i + 2
            elif src.startswith("<<", i):
                raise ShellSyntaxError("syntax error: here-documents are not supported")
            else:
                op, i = c, i + 1
            toks.append(_Tok("redir", op, io_number))
            continue
        if c in ";&|\n()":
            end_word()
            if c in "()":
                toks.append(_Tok("op", c))
                i += 1
                continue
            for op in OPERATORS:
                if src.startswith(op, i):
                    toks.append(_Tok("op", op))
                    i += len(op)
                    break
            continue
        plain = _PLAIN_RUN.match(src, i)
        text = plain.group() if plain is not None else c  # no run: `c` is a `#` inside a word
        add_text(text, False)
        i += len(text)
    end_word()
    return toks


# Reserved words that end a list (besides the operators ')' and ';;').
_CLOSERS = ("then", "elif", "else", "fi", "do", "done", "esac", "}")


class _Parser:
    def __init__(self, toks: list[_Tok]) -> None:
        self.toks = toks
        self.i = 0
        self.depth = 0  # lists being parsed, one inside the other (MAX_NESTING)

    def peek(self) -> _Tok | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def unexpected(self, tok: _Tok | None) -> ShellSyntaxError:
        if tok is None:
            return ShellSyntaxError("syntax error: unexpected EOF")
        if isinstance(tok.value, Word):
            text = _word_text(tok.value)
        else:
            text = "newline" if tok.value == "\n" else str(tok.value)
        return ShellSyntaxError(f"syntax error: '{text}' unexpected")

    def _skip_newlines(self) -> None:
        while (t := self.peek()) is not None and t.kind == "op" and t.value == "\n":
            self.i += 1

    def _reserved(self, *words: str) -> str | None:
        """The next token when it is one of `words` as a reserved word (unquoted, alone)."""
        t = self.peek()
        if t is not None and t.kind == "word":
            text = _bare_text(t.value)
            if text is not None and text in words:
                return text
        return None

    def _closer(self) -> str | None:
        """The token ending the current list, when the next token is one."""
        t = self.peek()
        if t is not None and t.kind == "op" and t.value in (")", ";;"):
            return str(t.value)
        return self._reserved(*_CLOSERS)

    def script(self) -> Script:
        """A whole command line: a list up to EOF."""
        body, _ = self.compound_list((), "")
        return body

    def compound_list(self, closers: tuple[str, ...], opener: str) -> tuple[Script, str]:
        """A list up to one of `closers` (consumed and returned); at EOF, "'opener' unmatched".
        The list may be empty, as in mksh (`()`, `while :; do done`)."""
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise ShellSyntaxError(f"syntax error: nesting deeper than {MAX_NESTING} levels "
                                   "(the simulated shell's limit)")
        try:
            return self._compound_list(closers, opener)
        finally:
            self.depth -= 1

    def _compound_list(self, closers: tuple[str, ...], opener: str) -> tuple[Script, str]:
        items: list[AndOr] = []
        while True:
            self._skip_newlines()
            if self.peek() is None:
                if closers:
                    raise ShellSyntaxError(f"syntax error: '{opener}' unmatched")
                return Script(items), ""
            closer = self._closer()
            if closer is not None:
                if closer not in closers:
                    raise self.unexpected(self.peek())
                self.i += 1
                return Script(items), closer
            items.append(self.and_or())
            t = self.peek()
            if t is None or self._closer() is not None:
                continue
            if t.kind == "op" and t.value in (";", "&", "\n"):
                self.i += 1
                continue
            raise self.unexpected(t)

    def and_or(self) -> AndOr:
        first = self.pipeline()
        rest: list[tuple[str, Pipeline]] = []
        while (t := self.peek()) is not None and t.kind == "op" and t.value in ("&&", "||"):
            self.i += 1
            self._skip_newlines()
            rest.append((str(t.value), self.pipeline()))
        return AndOr(first, rest)

    def pipeline(self) -> Pipeline:
        negated = self._reserved("!") is not None
        if negated:
            self.i += 1
        cmds = [self.command()]
        while (t := self.peek()) is not None and t.kind == "op" and t.value == "|":
            self.i += 1
            self._skip_newlines()
            cmds.append(self.command())
        return Pipeline(cmds, negated)

    def command(self) -> Command | Compound:
        t = self.peek()
        if t is not None and t.kind == "op" and t.value == "(":
            self.i += 1
            body, _ = self.compound_list((")",), "(")
            return self._redirected(Group(body, subshell=True))
        word = self._reserved("{", "if", "while", "until", "for", "case", *_CLOSERS)
        if word is not None:
            self.i += 1
            if word == "{":
                body, _ = self.compound_list(("}",), "{")
                return self._redirected(Group(body, subshell=False))
            if word == "if":
                return self._redirected(self._if())
            if word in ("while", "until"):
                condition, _ = self.compound_list(("do",), word)
                body, _ = self.compound_list(("done",), word)
                return self._redirected(Loop(condition, body, until=word == "until"))
            if word == "for":
                return self._redirected(self._for())
            if word == "case":
                return self._redirected(self._case())
            self.i -= 1
            raise self.unexpected(t)  # a closing word where a command starts
        cmd = Command()
        while (t := self.peek()) is not None:
            if t.kind == "word":
                word_ = t.value
                assert isinstance(word_, Word)
                first = word_.parts[0] if word_.parts else None
                if (not cmd.words and first is not None and first.kind == "lit" and not first.quoted
                        and "=" in first.value and _is_name(first.value.split("=", 1)[0])):
                    name, rest = first.value.split("=", 1)
                    value_parts = ((Part("lit", rest, False),) if rest else ()) + word_.parts[1:]
                    cmd.assignments.append((name, Word(value_parts)))
                else:
                    cmd.words.append(word_)
                self.i += 1
            elif t.kind == "redir":
                cmd.redirects.append(self._redirect())
            else:
                break
        if not cmd.words and not cmd.assignments and not cmd.redirects:
            raise self.unexpected(self.peek())
        return cmd

    def _if(self) -> If:
        branches: list[tuple[Script, Script]] = []
        closer = "elif"
        while closer == "elif":
            condition, _ = self.compound_list(("then",), "if")
            body, closer = self.compound_list(("elif", "else", "fi"), "if")
            branches.append((condition, body))
        otherwise = self.compound_list(("fi",), "if")[0] if closer == "else" else None
        return If(branches, otherwise)

    def _word(self) -> Word:
        t = self.peek()
        if t is None or t.kind != "word":
            raise self.unexpected(t)
        self.i += 1
        assert isinstance(t.value, Word)
        return t.value

    def _for(self) -> For:
        name_tok = self.peek()
        name = self._word().literal
        if name is None or not _is_name(name):
            raise self.unexpected(name_tok)
        self._skip_newlines()
        words: list[Word] | None = None
        if self._reserved("in") is not None:
            self.i += 1
            words = []
            while (t := self.peek()) is not None and t.kind == "word":
                words.append(self._word())
            t = self.peek()
            if t is None or t.kind != "op" or t.value not in (";", "\n"):
                raise self.unexpected(t)
            self.i += 1
        elif (t := self.peek()) is not None and t.kind == "op" and t.value == ";":
            self.i += 1
        self._skip_newlines()
        if self._reserved("do") is None:
            if self.peek() is None:
                raise ShellSyntaxError("syntax error: 'for' unmatched")
            raise self.unexpected(self.peek())
        self.i += 1
        body, _ = self.compound_list(("done",), "for")
        return For(name, words, body)

    def _case(self) -> Case:
        subject = self._word()
        self._skip_newlines()
        if self._reserved("in") is None:
            raise self.unexpected(self.peek())
        self.i += 1
        arms: list[tuple[list[Word], Script]] = []
        while True:
            self._skip_newlines()
            if self.peek() is None:
                raise ShellSyntaxError("syntax error: 'case' unmatched")
            if self._reserved("esac") is not None:
                self.i += 1
                return Case(subject, arms)
            if (t := self.peek()) is not None and t.kind == "op" and t.value == "(":
                self.i += 1
            patterns = [self._word()]
            while (t := self.peek()) is not None and t.kind == "op" and t.value == "|":
                self.i += 1
                patterns.append(self._word())
            t = self.peek()
            if t is None or t.kind != "op" or t.value != ")":
                raise self.unexpected(t)
            self.i += 1
            body, closer = self.compound_list((";;", "esac"), "case")
            arms.append((patterns, body))
            if closer == "esac":
                return Case(subject, arms)

    def _redirect(self) -> Redirect:
        t = self.toks[self.i]
        self.i += 1
        target = self.peek()
        if target is None or target.kind != "word":
            raise self.unexpected(target)
        self.i += 1
        op = str(t.value)
        fd = t.io_number if t.io_number is not None else (0 if op in ("<", "<&") else 1)
        assert isinstance(target.value, Word)
        return Redirect(fd, op, target.value)

    def _redirected(self, node: Compound) -> Compound:
        while (t := self.peek()) is not None and t.kind == "redir":
            node.redirects.append(self._redirect())
        return node


def _bare_text(value: object) -> str | None:
    """The text of a word that is one unquoted literal (only such a word can be a reserved
    word, which is how `{` and `}` act as reserved words), else None."""
    if isinstance(value, Word) and len(value.parts) == 1:
        part = value.parts[0]
        if part.kind == "lit" and not part.quoted:
            return part.value
    return None


def _word_text(word: Word) -> str:
    """A word as written, near enough for an error message."""
    text = []
    for part in word.parts:
        text.append(part.value if part.kind == "lit" else f"${{{part.value}}}" if part.kind == "var"
                    else f"$(({part.value}))" if part.kind == "arith" else f"$({part.value})")
    return "".join(text)


def parse(src: str) -> Script:
    """Parse a command line; raises ShellSyntaxError with mksh's message."""
    return _Parser(tokenize(src)).script()
