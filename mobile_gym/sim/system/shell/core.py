"""The device shell: runs a parsed command line over the simulated phone, like `/system/bin/sh -c`.

Every command is a Python function `(Proc) -> exit code`, found in a table built from the
command modules. Output is bytes internally (screencap writes PNG to stdout); `Shell.run`
returns text decoded with `surrogateescape`, so `.encode("utf-8", "surrogateescape")` gives
the exact bytes back (what the adb server needs).
"""

from __future__ import annotations

import fnmatch
import os
import posixpath
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mobile_gym.sim.system.shell.arith import ShellArithmeticError, evaluate
from mobile_gym.sim.system.shell.parser import (
    MAX_NESTING,
    AndOr,
    Case,
    Command,
    Compound,
    For,
    Group,
    If,
    Loop,
    Pipeline,
    Redirect,
    Script,
    ShellSyntaxError,
    Word,
    parse,
)
from mobile_gym.sim.system.storage import OutsideStorageError, normalize

if TYPE_CHECKING:
    from mobile_gym.sim.system.shell.host import ShellHost

SH = "/system/bin/sh"
SHELL_PID = 4321
BIN_DIRS = ("/system/bin/", "/system/xbin/", "/bin/", "/vendor/bin/", "/product/bin/")


class ExitShell(Exception):
    """`exit N` anywhere ends the whole command line."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


class LoopControl(Exception):
    """`break N` / `continue N`: leave (or go on with) the N-th enclosing loop."""

    def __init__(self, kind: str, levels: int) -> None:
        super().__init__(kind, levels)
        self.kind = kind
        self.levels = levels


#: Loop iterations one command line may run. A real shell would spin forever on
#: `while true; do :; done`; the simulated one must not hang the process that hosts it.
LOOP_LIMIT = 100_000


class LoopLimitExceeded(Exception):
    """A command line ran more than LOOP_LIMIT loop iterations."""


#: Wall-clock seconds one command line may run, and all command lines between two restores
#: of the device (an environment reset restores it), so no input can stall the host.
COMMAND_LINE_SECONDS = 10.0
RESET_SECONDS = 60.0
#: Device time one command line may let pass (sleep, long gestures) before its next command.
COMMAND_LINE_DEVICE_SECONDS = 366 * 86400.0
#: Longest value a variable or an expanded word may hold.
MAX_VALUE_BYTES = 4 * 1024 * 1024
#: Most bytes a pipe, a command's output, or the whole command line's output may hold.
MAX_STREAM_BYTES = 64 * 1024 * 1024


#: How many recent command lines the shell keeps parsed, and the longest it keeps.
PARSED_LINES = 64
PARSED_LINE_CHARS = 1024


class BudgetExceeded(Exception):
    """A command line went past one of the shell's budgets; the message says which. The
    command line stops there, as a real shell stops when it runs out of memory."""


def check_stream(buffer: bytearray, extra: int) -> None:
    """Refuse to let `buffer` (a pipe or an output) grow by `extra` bytes past MAX_STREAM_BYTES."""
    if len(buffer) + extra > MAX_STREAM_BYTES:
        raise BudgetExceeded(f"output over {MAX_STREAM_BYTES} bytes (the simulated shell's limit "
                             "for a pipe or a command's output)")


class UsageError(Exception):
    """A command was called wrongly; the message goes to stderr and the command exits with `code`."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


class Input:
    """A standard input shared by the commands of a list, as a file descriptor is: a command
    that reads it takes what is left, `read` takes one line, others leave it alone."""

    def __init__(self, data: bytes = b"") -> None:
        self._data = bytes(data)
        self._pos = 0

    def read_all(self) -> bytes:
        rest = self._data[self._pos:]
        self._pos = len(self._data)
        return rest

    def read_line(self) -> tuple[bytes, bool] | None:
        """The next line without its newline and whether a newline ended it; None at the end."""
        if self._pos >= len(self._data):
            return None
        end = self._data.find(b"\n", self._pos)
        stop = len(self._data) if end < 0 else end
        line = self._data[self._pos:stop]
        self._pos = stop + 1
        return line, end >= 0


@dataclass
class Proc:
    """One running command: its argv, standard input and output buffers. `stdin` is the whole
    remaining input, read from `input` on first use (so a command that never looks at it
    leaves it to the next one)."""

    android: ShellHost
    shell: Shell
    argv: list[str]
    input: Input = field(default_factory=Input)
    out: bytearray = field(default_factory=bytearray)
    err: bytearray = field(default_factory=bytearray)
    _stdin: bytes | None = field(default=None, init=False, repr=False)

    @property
    def stdin(self) -> bytes:
        if self._stdin is None:
            self._stdin = self.input.read_all()
        return self._stdin

    @property
    def cwd(self) -> str:
        return self.shell.cwd

    def write(self, text: str | bytes) -> None:
        data = text if isinstance(text, (bytes, bytearray)) else text.encode("utf-8", "surrogateescape")
        check_stream(self.out, len(data))
        self.out += data

    def print(self, text: str = "") -> None:
        self.write(text + "\n")

    def eprint(self, text: str) -> None:
        data = (text + "\n").encode("utf-8", "surrogateescape")
        check_stream(self.err, len(data))
        self.err += data

    def path(self, p: str) -> str:
        return normalize(p, self.shell.cwd)


CommandFn = Callable[[Proc], int]


class _FileSink(bytearray):
    """Bytes bound for a file; written when the command finishes."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path


class _NullSink(bytearray):
    pass


@dataclass
class _Redirected:
    """A command's descriptors after its redirections: `fds` as the command sees them,
    `original` the shell's own buffers for 1 and 2 (what reaches the caller), `files` the files
    opened for writing."""

    fds: dict[int, bytearray]
    stdin: Input
    files: list[_FileSink]
    original: dict[int, bytearray]


class Shell:
    """One `sh -c` interpreter bound to a device. Each `run` is a fresh shell (status, directory
    and variables start over), as each `adb shell` call is."""

    def __init__(self, android: ShellHost, commands: dict[str, CommandFn]) -> None:
        self.android = android
        self.commands = commands
        self.cwd = "/"
        self.status = 0
        self.vars: dict[str, str] = {}
        self.loop_depth = 0  # loops enclosing the running command (for break / continue)
        self._iterations = 0
        self._depth = 0  # nesting of the node being run (MAX_NESTING)
        self.deadline = 0.0  # time.monotonic() at which the running command line must stop
        self._device_deadline = 0.0
        self._spent = 0.0  # wall seconds used since the last reset_budget()
        self._started = 0.0  # when the running command line started
        # what commands remember between command lines on this device (screencap: its last
        # raw encoding and the frame it encoded)
        self.command_memo: dict[str, Any] = {}
        # the parse of recent short command lines (a reset's force-stops and file commands come
        # back every episode); the tree is never changed by running it
        self._parsed: dict[str, Script] = {}
        # the short lines run once so far, by their text alone (a seed's own values mostly come
        # once: their trees, objects the cycle collector tracks, would only age in `_parsed`)
        self._seen_once: dict[str, None] = {}
        # whether the running session is one command whose words package code gave
        # (`run_words(..., from_package=True)`: a task family's seed write), never a command
        # line from a task file, an agent or an adb client
        self.package_words = False

    def reset_budget(self) -> None:
        """Start a new RESET_SECONDS allowance (the device was restored to a snapshot, or an
        adb client opened a new shell session)."""
        self._spent = 0.0

    def seconds_left(self) -> float:
        """Wall-clock seconds the running command line has left (0 when it has none)."""
        return max(0.0, self.deadline - time.monotonic())

    def check_budget(self) -> None:
        """Raise BudgetExceeded when the command line has used up its wall or device time."""
        if time.monotonic() > self.deadline:
            if self._spent + (time.monotonic() - self._started) >= RESET_SECONDS:
                raise BudgetExceeded(f"stopped: the {RESET_SECONDS:g} s the simulated shell may run "
                                     "between two resets of the device are used up")
            raise BudgetExceeded(f"stopped after {COMMAND_LINE_SECONDS:g} s (the simulated shell's "
                                 "limit per command line)")
        if self.android.clock.now() > self._device_deadline:
            raise BudgetExceeded(f"stopped after {COMMAND_LINE_DEVICE_SECONDS:g} s of device time "
                                 "(the simulated shell's limit per command line)")

    # -- public --------------------------------------------------------------------
    def run(self, cmd: str) -> tuple[int, str, str]:
        code, out, err = self.run_bytes(cmd)
        return code, out.decode("utf-8", "surrogateescape"), err.decode("utf-8", "surrogateescape")

    def run_bytes(self, cmd: str, merge_stderr: bool = False) -> tuple[int, bytearray, bytes]:
        """Run a command line in a fresh shell (as each `adb shell` call does).

        `merge_stderr=True`: stderr goes into the stdout bytes in the order commands wrote it
        (adb's v1 `shell:` stream, where `echo X4EXIT:$?` must come after earlier errors);
        the returned stderr is then empty. stdout is the bytearray the commands wrote into,
        not a copy of it (a raw screencap is 10 MB)."""
        if not isinstance(cmd, str):
            raise TypeError(f"shell command must be a str, not {type(cmd).__name__}")
        return self._session(cmd, None, merge_stderr)

    def run_words(self, argv: list[str], *, from_package: bool = False) -> tuple[int, str, str]:
        """Run one command given as its words, as `run` runs a command line that parses to
        exactly these words without expansion or redirection (such as `shlex.join(argv)`): the
        same budgets, output and errors, without parsing a line back into the words its caller
        had (a family's seed SQL is 10 KB of quoted text). `from_package`: the words are package
        code's own (`package_words` while they run; a command may then skip work that only
        input from outside needs, never giving other output)."""
        if not argv or not all(isinstance(word, str) for word in argv):
            raise TypeError("a command's words must be a non-empty list of str")
        code, out, err = self._session(None, list(argv), False, from_package)
        return code, out.decode("utf-8", "surrogateescape"), err.decode("utf-8", "surrogateescape")

    def _session(self, cmd: str | None, argv: list[str] | None,
                 merge_stderr: bool, from_package: bool = False) -> tuple[int, bytearray, bytes]:
        """A fresh shell running the command line `cmd`, or else the one command `argv`
        (`from_package`: see `run_words`)."""
        self.package_words = from_package and argv is not None
        self.cwd = "/"
        self.status = 0
        self.loop_depth = 0
        self._iterations = 0
        self._depth = 0
        self.vars = {"PATH": "/product/bin:/apex/com.android.runtime/bin:/system/bin:/system/xbin:/odm/bin:/vendor/bin",
                     "HOME": "/", "ANDROID_DATA": "/data", "ANDROID_ROOT": "/system",
                     "EXTERNAL_STORAGE": "/sdcard", "HOSTNAME": "oriole", "USER": "shell",
                     "SHELL": SH, "TMPDIR": "/data/local/tmp"}
        out = bytearray()
        err = out if merge_stderr else bytearray()
        started = self._started = time.monotonic()
        self.deadline = started + max(0.0, min(COMMAND_LINE_SECONDS, RESET_SECONDS - self._spent))
        self._device_deadline = self.android.clock.now() + COMMAND_LINE_DEVICE_SECONDS
        try:
            script = None
            if argv is None:
                assert cmd is not None
                try:
                    script = self._parse(cmd)
                except ShellSyntaxError as exc:
                    return 2 if "unexpected" in str(exc) else 1, b"", f"{SH}: {exc}\n".encode()
            try:
                self.check_budget()
                if script is not None:
                    self._script(script, out, err, Input())
                else:
                    assert argv is not None
                    # what `_script` does for a line of one simple command (`_and_or`,
                    # `_command`), whose words `expand_word` bounds
                    if any(len(word) > MAX_VALUE_BYTES for word in argv):
                        raise BudgetExceeded(f"a word expands to over {MAX_VALUE_BYTES} bytes (the "
                                             "simulated shell's limit)")
                    self.status = self._plain_command(argv, Input(), out, err)
            except ExitShell as ex:
                self.status = ex.code
            except LoopLimitExceeded:
                err += (f"{SH}: stopped after {LOOP_LIMIT} loop iterations (the simulated shell's "
                        "limit; a device would run on)\n").encode()
                self.status = 1
            except BudgetExceeded as exc:
                err += f"{SH}: {exc}\n".encode()
                self.status = 1
            except RecursionError:  # a backstop: MAX_NESTING should have stopped it first
                err += f"{SH}: nesting too deep (the simulated shell's limit)\n".encode()
                self.status = 2
            return self.status, out, b"" if merge_stderr else bytes(err)
        finally:
            self._spent += time.monotonic() - started
            self.package_words = False

    def _parse(self, cmd: str) -> Script:
        """`parse(cmd)`, from the last PARSED_LINES short command lines run more than once when
        `cmd` is one of them (a line is kept from its second run on)."""
        script = self._parsed.pop(cmd, None)
        if script is None:
            script = parse(cmd)
            if len(cmd) > PARSED_LINE_CHARS:
                return script
            if cmd not in self._seen_once:  # its first run (or its last was long ago)
                if len(self._seen_once) >= PARSED_LINES:
                    del self._seen_once[next(iter(self._seen_once))]
                self._seen_once[cmd] = None
                return script
            del self._seen_once[cmd]
            if len(self._parsed) >= PARSED_LINES:
                del self._parsed[next(iter(self._parsed))]  # the least recently used
        self._parsed[cmd] = script
        return script

    # -- execution -----------------------------------------------------------------
    def _script(self, script: Script, out: bytearray, err: bytearray, stdin: Input) -> None:
        """Run a list; its commands share `stdin`."""
        for item in script.items:
            self._and_or(item, out, err, stdin)

    def _and_or(self, node: AndOr, out: bytearray, err: bytearray, stdin: Input) -> None:
        self.status = self._pipeline(node.first, out, err, stdin)
        for op, pipe in node.rest:
            if (op == "&&" and self.status == 0) or (op == "||" and self.status != 0):
                self.status = self._pipeline(pipe, out, err, stdin)

    def _pipeline(self, pipe: Pipeline, out: bytearray, err: bytearray, stdin: Input) -> int:
        data = stdin
        code = 0
        last = len(pipe.commands) - 1
        for i, cmd in enumerate(pipe.commands):
            sink = out if i == last else bytearray()
            if isinstance(cmd, Command):
                code = self._command(cmd, data, sink, err)
            else:
                code = self._compound(cmd, data, sink, err)
            if i < last:  # the next command reads this one's output (never copy `out` itself)
                data = Input(bytes(sink))
        if pipe.negated:
            return 0 if code else 1
        return code

    def _compound(self, node: Compound, stdin: Input, out: bytearray, err: bytearray) -> int:
        """Run a group, `if`, loop or `case` with its redirections; returns its status."""
        if node.redirects:
            io = self._open_redirects(node.redirects, stdin, err)
            if io is None:
                return 1
        else:  # the body writes straight through, keeping stdout and stderr interleaved
            io = _Redirected({1: out, 2: err}, stdin, [], {1: bytearray(), 2: bytearray()})
        self._enter()
        subshell = isinstance(node, Group) and node.subshell
        saved = (self.cwd, dict(self.vars), self.loop_depth) if subshell else None
        if subshell:
            self.loop_depth = 0  # a subshell cannot break out of its parent's loops
        try:
            self._compound_body(node, io.fds[1], io.fds[2], io.stdin)
        except ShellSyntaxError as exc:  # its own words (a `for` list, a `case` subject) failed
            io.fds[2] += f"{SH}: {exc}\n".encode()
            self.status = 1
        except ExitShell as ex:
            if saved is None:
                raise  # `exit` outside a subshell leaves the shell itself
            self.status = ex.code  # a subshell's `exit` ends only the subshell
        finally:
            self._depth -= 1
            if saved is not None:  # a child shell: its directory and variables stay inside
                self.cwd, self.vars, self.loop_depth = saved
            if not self._close_redirects(io, out, err):
                self.status = 1
        return self.status

    def _enter(self) -> None:
        """One level deeper into groups, compound commands and substitutions (MAX_NESTING)."""
        self._depth += 1
        if self._depth > MAX_NESTING:
            self._depth -= 1
            raise BudgetExceeded(f"nesting deeper than {MAX_NESTING} levels (the simulated shell's limit)")

    def _compound_body(self, node: Compound, out: bytearray, err: bytearray, stdin: Input) -> None:
        """Set `self.status` as the POSIX shell does for each compound command."""
        if isinstance(node, Group):
            self._script(node.body, out, err, stdin)
        elif isinstance(node, If):
            for condition, body in node.branches:
                self._script(condition, out, err, stdin)
                if self.status == 0:
                    self._script(body, out, err, stdin)
                    return
            if node.otherwise is not None:
                self._script(node.otherwise, out, err, stdin)
            else:
                self.status = 0
        elif isinstance(node, Case):
            subject = "".join(self.expand_word(node.word, split=False))
            for patterns, body in node.arms:
                if any(fnmatch.fnmatchcase(subject, self._pattern(p)) for p in patterns):
                    self.status = 0
                    self._script(body, out, err, stdin)
                    return
            self.status = 0
        elif isinstance(node, For):
            values = self.expand_words(node.words) if node.words is not None else []
            self._loop(node, out, err, stdin, iter(values))
        else:
            self._loop(node, out, err, stdin, None)

    def _loop(self, node: Loop | For, out: bytearray, err: bytearray, stdin: Input,
              values: Iterator[str] | None) -> None:
        """A `for` over `values`, or a while/until loop (`values` None). Its status is the last
        body's, or 0 when the body never ran."""
        status = 0
        self.loop_depth += 1
        try:
            while True:
                self._iterations += 1
                if self._iterations > LOOP_LIMIT:
                    raise LoopLimitExceeded
                if not self._iterations & 255:  # every command checks too; this covers empty bodies
                    self.check_budget()
                try:
                    if isinstance(node, For):
                        assert values is not None
                        value = next(values, None)
                        if value is None:
                            break
                        self.vars[node.name] = value
                    else:
                        self._script(node.condition, out, err, stdin)
                        if (self.status == 0) == node.until:
                            break
                    self._script(node.body, out, err, stdin)
                except LoopControl as ctl:
                    if ctl.levels > 1:
                        ctl.levels -= 1
                        raise
                    if ctl.kind == "break":
                        status = 0
                        break
                status = self.status
        finally:
            self.loop_depth -= 1
        self.status = status

    def _pattern(self, word: Word) -> str:
        """A `case` pattern: its unquoted parts are glob syntax, quoted ones match literally."""
        pieces = []
        for part in word.parts:
            text = part.value if part.kind == "lit" else "".join(self.expand_word(Word((part,)), split=False))
            pieces.append(_glob_escape(text) if part.quoted else text)
        return "".join(pieces)

    def _command(self, cmd: Command, stdin: Input, out: bytearray, err: bytearray) -> int:
        try:
            argv = self.expand_words(cmd.words)
            values = [(name, "".join(self.expand_word(w, split=False))) for name, w in cmd.assignments]
        except ShellSyntaxError as exc:
            err += f"{SH}: {exc}\n".encode()
            return 1
        if not argv:
            for name, value in values:
                self.set_var(name, value)
        if not cmd.redirects:
            return self._plain_command(argv, stdin, out, err)
        io = self._open_redirects(cmd.redirects, stdin, err)
        if io is None:
            return 1
        code = self.exec_argv(argv, io.stdin, io.fds) if argv else 0
        if not self._close_redirects(io, out, err):
            code = 1
        return code

    def _plain_command(self, argv: list[str], stdin: Input, out: bytearray, err: bytearray) -> int:
        """A command without redirections, its stdout written straight into `out` rather than
        into a buffer of its own that is then copied (a raw screencap is 10 MB). What reaches
        `out` and `err` is the same as through _open_redirects/_close_redirects: the command's
        stderr after its stdout, and nothing from a command that ends by an exception."""
        if not argv:
            return 0
        start = len(out)
        errors = bytearray()
        try:
            code = self.exec_argv(argv, stdin, {1: out, 2: errors})
        except BaseException:
            del out[start:]
            raise
        check_stream(err, len(errors))
        err += errors
        return code

    def _open_redirects(self, redirects: list[Redirect], stdin: Input, err: bytearray) -> _Redirected | None:
        """Apply a command's redirections; None (after writing the shell's error) when one fails."""
        fds: dict[int, bytearray] = {1: bytearray(), 2: bytearray()}
        io = _Redirected(fds, stdin, [], dict(fds))
        for redir in redirects:
            target = "".join(self.expand_word(redir.target, split=False))
            if redir.op in (">&", "<&"):
                if target == "-":
                    fds[redir.fd] = _NullSink()
                elif target.isdigit() and int(target) in fds:
                    fds[redir.fd] = fds[int(target)]
                else:
                    err += f"{SH}: {target}: bad file descriptor\n".encode()
                    return None
            elif redir.op == "<":
                try:
                    io.stdin = Input(self.android.storage.read(normalize(target, self.cwd)))
                except (OSError, ValueError) as exc:
                    err += f"{SH}: can't open {target}: {_reason(exc)}\n".encode()
                    return None
            else:
                if target == "/dev/null":
                    fds[redir.fd] = _NullSink()
                    continue
                if target in ("/dev/stdout", "/dev/tty"):
                    continue
                if target == "/dev/stderr":
                    fds[redir.fd] = fds[2]
                    continue
                try:   # an empty target (`>$unset`) is refused by normalize like a bad path
                    path = normalize(target, self.cwd)
                    self.android.storage.write(path, b"", append=redir.op == ">>")
                except (OSError, ValueError) as exc:
                    err += f"{SH}: can't create {target}: {_reason(exc)}\n".encode()
                    return None
                sink = _FileSink(path)
                io.files.append(sink)
                fds[redir.fd] = sink
        return io

    def _close_redirects(self, io: _Redirected, out: bytearray, err: bytearray) -> bool:
        """Route what went to the unredirected descriptors; files get their bytes (False when
        one could not be written)."""
        check_stream(out, len(io.original[1]))
        out += io.original[1]
        check_stream(err, len(io.original[2]))
        err += io.original[2]
        ok = True
        for sink in io.files:
            if sink:
                try:
                    self.android.storage.write(sink.path, bytes(sink), append=True)
                except (OSError, ValueError) as exc:  # a full device: the command's write failed
                    check_stream(err, 200)
                    err += f"{SH}: {sink.path}: write error: {_reason(exc)}\n".encode()
                    ok = False
        return ok

    def exec_argv(self, argv: list[str], stdin: Input, fds: dict[int, bytearray]) -> int:
        """Run one command (a builtin, an alias or a program) with these standard streams."""
        name = argv[0]
        for prefix in BIN_DIRS:
            if name.startswith(prefix) and "/" not in name[len(prefix):]:
                name = name[len(prefix):]
                break
        self.check_budget()
        fn = self.commands.get(name)
        if fn is None:
            fds[2] += f"{SH}: {argv[0]}: inaccessible or not found\n".encode()
            return 127
        proc = Proc(self.android, self, [name] + argv[1:], stdin, fds[1], fds[2])
        try:
            code = fn(proc)
        except ExitShell:
            raise
        except UsageError as exc:
            proc.eprint(str(exc))
            code = exc.code
        except (OSError, ValueError, TypeError, LookupError) as exc:
            # A command must never take the device down: report like a failing binary.
            proc.eprint(f"{name}: {self.android.storage.device_text(_reason(exc))}")
            code = 1
        return int(code) & 0xFF

    # -- expansion -----------------------------------------------------------------
    def set_var(self, name: str, value: str) -> None:
        """Assign a shell variable, refusing a value over MAX_VALUE_BYTES."""
        if len(value) > MAX_VALUE_BYTES:
            raise BudgetExceeded(f"{name}: value of {len(value)} characters is over {MAX_VALUE_BYTES} "
                                 "bytes (the simulated shell's limit for a variable)")
        self.vars[name] = value

    def var(self, name: str) -> str:
        if name == "?":
            return str(self.status)
        if name == "$":
            return str(SHELL_PID)
        if name in ("#",):
            return "0"
        if name == "0":
            return SH
        return self.vars.get(name, "")

    def expand_words(self, words: list[Word]) -> list[str]:
        result: list[str] = []
        for w in words:
            result.extend(self.expand_word(w, split=True))
        return result

    def expand_word(self, word: Word, split: bool) -> list[str]:
        """Expand one word into zero or more fields (parameter, command substitution, globbing)."""
        if len(word.parts) == 1 and word.parts[0].kind == "lit":  # most words: one literal
            part = word.parts[0]
            if len(part.value) > MAX_VALUE_BYTES:
                raise BudgetExceeded(f"a word expands to over {MAX_VALUE_BYTES} bytes (the "
                                     "simulated shell's limit)")
            if part.quoted or not split or not any(ch in part.value for ch in "*?["):
                return [part.value]
        fields: list[list[tuple[str, bool]]] = [[]]  # each field: list of (text, quoted)
        any_quoted = False
        size = 0
        for part in word.parts:
            if part.quoted:
                any_quoted = True
            if part.kind == "lit":
                text = part.value
            elif part.kind == "var":
                text = self.var(part.value)
            elif part.kind == "arith":
                text = str(self._arithmetic(part.value))
            else:
                _code, out, _err = self._substitute(part.value)
                text = out.rstrip("\n")
            size += len(text)
            if size > MAX_VALUE_BYTES:
                raise BudgetExceeded(f"a word expands to over {MAX_VALUE_BYTES} bytes (the "
                                     "simulated shell's limit)")
            if part.kind != "lit" and not part.quoted and split:
                pieces = text.split()
                if not pieces:
                    continue
                if text[:1].isspace() and fields[-1]:
                    fields.append([])
                for k, piece in enumerate(pieces):
                    if k > 0:
                        fields.append([])
                    fields[-1].append((piece, False))
                if text[-1:].isspace():
                    fields.append([])
            else:
                fields[-1].append((text, part.quoted))
        result: list[str] = []
        for f in fields:
            if not f:
                continue
            text = "".join(t for t, _ in f)
            if split and any(not q and any(ch in t for ch in "*?[") for t, q in f):
                pattern = "".join(t if not q else _glob_escape(t) for t, q in f)
                matches = self._glob(pattern)
                if matches:
                    result.extend(matches)
                    continue
            result.append(text)
        if not result and any_quoted and all(not f for f in fields[1:]):
            result.append("")
        return result

    def _arithmetic(self, expr: str) -> int:
        """`$((expr))`: parameters inside are expanded first, then the C-like expression."""
        if "$(" in expr or "`" in expr:
            raise ShellSyntaxError(f"{expr}: command substitution inside $((...)) is not supported")
        expanded = re.sub(r"\$(?:\{([^}]*)\}|([A-Za-z_]\w*|[?$#0-9]))",
                          lambda m: self.var(m.group(1) or m.group(2)), expr)
        try:
            return evaluate(expanded, self.vars)
        except ShellArithmeticError as exc:
            raise ShellSyntaxError(str(exc)) from None

    def _substitute(self, inner: str) -> tuple[int, str, str]:
        saved = (self.cwd, self.status, dict(self.vars), self.loop_depth)
        self.loop_depth = 0  # a subshell: `break` cannot leave the caller's loops
        self._enter()
        try:
            script = parse(inner)
            out, err = bytearray(), bytearray()
            try:
                self._script(script, out, err, Input())
            except ExitShell:
                pass
            return self.status, out.decode("utf-8", "surrogateescape"), err.decode("utf-8", "surrogateescape")
        finally:
            self._depth -= 1
            self.cwd, _status, self.vars, self.loop_depth = saved

    def _glob(self, pattern: str) -> list[str]:
        absolute = pattern.startswith("/")
        base = "/" if absolute else self.cwd
        parts = [p for p in pattern.split("/") if p]
        candidates = [base]
        storage = self.android.storage
        for k, comp in enumerate(parts):
            nxt: list[str] = []
            is_pattern = any(ch in comp for ch in "*?[")
            for cand in candidates:
                if not is_pattern:
                    path = posixpath.join(cand, comp.replace("[*]", "*").replace("[?]", "?").replace("[[]", "[").replace("[]]", "]"))
                    if storage.exists(path) or k == len(parts) - 1:
                        nxt.append(path)
                    continue
                try:
                    entries = storage.list(cand)
                except (OSError, ValueError):
                    continue
                for e in entries:
                    if e.name.startswith(".") and not comp.startswith("."):
                        continue
                    if fnmatch.fnmatchcase(e.name, comp):
                        nxt.append(posixpath.join(cand, e.name))
            candidates = nxt
        matches = [c for c in candidates if storage.exists(c)]
        if not absolute:
            matches = [posixpath.relpath(m, base) for m in matches]
        return sorted(matches)


def _glob_escape(text: str) -> str:
    """`text` as a glob pattern matching only itself."""
    return "".join(f"[{ch}]" if ch in "*?[]" else ch for ch in text)


def _reason(exc: BaseException) -> str:
    """Toybox-style reason text for an OSError (from its errno only: Python's own text of a
    failed host call names the host path), else the exception message."""
    if isinstance(exc, (FileNotFoundError, OutsideStorageError)):
        return "No such file or directory"
    if isinstance(exc, IsADirectoryError):
        return "Is a directory"
    if isinstance(exc, NotADirectoryError):
        return "Not a directory"
    if isinstance(exc, FileExistsError):
        return "File exists"
    if isinstance(exc, PermissionError):
        msg = str(exc)
        return "Read-only file system" if "Read-only" in msg else "Permission denied"
    if isinstance(exc, OSError):
        return os.strerror(exc.errno) if exc.errno else str(exc)
    return str(exc)
