"""ShellHost: the phone as the shell sees it (what `SimAndroid` offers the shell commands).

The shell types against this protocol instead of the `SimAndroid` class, so `sim/system/shell/`
does not depend on the module that builds the phone (no import circle) and a command can only
reach the phone through these members.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import numpy as np

if TYPE_CHECKING:
    from mobile_gym.sim.system.activity_manager import ActivityManager
    from mobile_gym.sim.system.clipboard import Clipboard
    from mobile_gym.sim.system.clock import Clock
    from mobile_gym.sim.system.ime import InputMethod
    from mobile_gym.sim.system.kept_connections import KeptConnections
    from mobile_gym.sim.system.logcat import LogBuffer
    from mobile_gym.sim.system.packages import PackageManager
    from mobile_gym.sim.system.providers import ContentResolver
    from mobile_gym.sim.system.settings_provider import SettingsProvider
    from mobile_gym.sim.system.storage import Storage
    from mobile_gym.sim.ui.window_manager import WindowManager


class ShellHost(Protocol):
    """The members of the simulated phone that shell commands use."""

    packages: PackageManager
    storage: Storage
    #: The `sqlite3` command's connections kept between calls.
    sqlite_connections: KeptConnections

    @property
    def clock(self) -> Clock: ...
    @property
    def logs(self) -> LogBuffer: ...
    @property
    def settings(self) -> SettingsProvider: ...
    @property
    def props(self) -> dict[str, str]: ...
    @property
    def wm(self) -> WindowManager: ...
    @property
    def am(self) -> ActivityManager: ...
    @property
    def ime(self) -> InputMethod: ...
    @property
    def screen_size(self) -> tuple[int, int]: ...
    @property
    def density(self) -> int: ...
    @property
    def touch_is_down(self) -> bool: ...
    @property
    def clipboard(self) -> Clipboard: ...
    @property
    def content(self) -> ContentResolver: ...

    def screenshot(self, size: tuple[int, int] | None = None) -> np.ndarray: ...
    def view_hierarchy(self, *, compressed: bool = False) -> str: ...
    def windows_hierarchy(self, *, compressed: bool = False) -> str: ...
    def touch(self, x: int, y: int, down: bool) -> None: ...
    def key(self, name: str) -> None: ...
    def input_text(self, text: str) -> bool: ...
    def advance(self, seconds: float) -> None: ...
