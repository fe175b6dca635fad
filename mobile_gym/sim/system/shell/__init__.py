"""The device shell (`adb shell`): a mksh-subset parser plus one module per command family."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mobile_gym.sim.system.shell import (
    am_cmd,
    files,
    input_cmd,
    logcat_cmd,
    screen_cmd,
    settings_cmd,
    sqlite_cmd,
    system_cmd,
    text,
)
from mobile_gym.sim.system.shell.core import CommandFn, Proc, UsageError
from mobile_gym.sim.system.shell.core import Shell as _Shell
from mobile_gym.sim.system.shell.parser import ShellSyntaxError, parse

if TYPE_CHECKING:
    from mobile_gym.sim.system.shell.host import ShellHost

_MODULES = (text, files, settings_cmd, logcat_cmd, sqlite_cmd, am_cmd, input_cmd, screen_cmd, system_cmd)


def command_table() -> dict[str, CommandFn]:
    """Every command the device shell knows, by name (a fresh dict per shell)."""
    table: dict[str, CommandFn] = {}
    for module in _MODULES:
        for name, fn in module.COMMANDS.items():
            if name in table:
                raise RuntimeError(f"shell command {name!r} is defined twice")
            table[name] = fn
    return table


class Shell(_Shell):
    """`Shell(android)`: `run(cmd) -> (code, stdout, stderr)`."""

    def __init__(self, android: ShellHost) -> None:
        super().__init__(android, command_table())

__all__ = ["Proc", "Shell", "ShellSyntaxError", "UsageError", "command_table", "parse"]
