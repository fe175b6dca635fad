"""SimDevice: the Device protocol over an in-process simulated phone (`mobile_gym.sim`)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np

from mobile_gym.device.base import (
    KEY_NAMES,
    DeviceError,
    FileEntry,
    InvalidInputError,
    LogLine,
    TextBox,
)
from mobile_gym.device.forest import forest_from_windows_dump
from mobile_gym.sim.android import SimAndroid, SimSnapshot
from mobile_gym.sim.system.clock import DEFAULT_START
from mobile_gym.sim.system.packages import App
from mobile_gym.sim.system.storage import DEFAULT_QUOTA_BYTES


@dataclass(frozen=True)
class SimDeviceSnapshot:
    """A SimDevice state: the phone's snapshot plus this adapter's logcat position."""

    android: SimSnapshot
    log_cursor: int


class SimDevice:
    """A simulated Pixel 6 (1080x2400, density 420, API 33) booted to the launcher.

    `apps=None` installs `mobile_gym.sim.apps.default_apps()`; `seed` fixes everything random
    (pids, launch times); `start` is the device clock's start (UTC); `screen_size` and `density`
    change the display (the Pixel 6 values are the default and the tested configuration);
    `storage_quota_bytes` is the device's storage (256 MiB by default; writes past it fail with
    "No space left on device").
    """

    def __init__(self, apps: Sequence[type[App]] | None = None, *, seed: int = 0,
                 start: datetime | float = DEFAULT_START, storage_dir: str | None = None,
                 name: str = "emulator-5554", screen_size: tuple[int, int] = (1080, 2400),
                 density: int = 420, storage_quota_bytes: int = DEFAULT_QUOTA_BYTES) -> None:
        try:
            width, height = (int(v) for v in screen_size)
        except (TypeError, ValueError):
            raise InvalidInputError(f"screen_size must be (width, height); got {screen_size!r}") from None
        if width < 320 or height < 480 or not 120 <= int(density) <= 640:
            raise InvalidInputError(f"unsupported display {width}x{height} at density {density}: need at least "
                                    "320x480 pixels and a density between 120 and 640")
        self._android: SimAndroid | None = SimAndroid(apps, seed=seed, start=start, storage_dir=storage_dir,
                                                      name=name, width=width, height=height,
                                                      density=int(density),
                                                      storage_quota_bytes=storage_quota_bytes)
        self._name = name
        self._log_cursor = self._android.logs.cursor

    # -- plumbing --------------------------------------------------------------------------
    @property
    def android(self) -> SimAndroid:
        """The simulated phone (for tools that need more than the protocol, e.g. adb-serve)."""
        if self._android is None:
            raise DeviceError(f"device {self._name} is closed")
        return self._android

    def _op(self, what: str) -> SimAndroid:
        if self._android is None:
            raise DeviceError(f"device {self._name} is closed; cannot {what}")
        return self._android

    # -- Device protocol -------------------------------------------------------------------
    @property
    def screen_size(self) -> tuple[int, int]:
        return self._op("read the screen size").screen_size

    def screenshot(self, size: tuple[int, int] | None = None) -> np.ndarray:
        return self._op("take a screenshot").screenshot(size)

    def view_hierarchy(self) -> str:
        return self._op("dump the view hierarchy").view_hierarchy()

    def accessibility_forest(self) -> str:
        xml = self._op("dump every window").windows_hierarchy()
        return forest_from_windows_dump(xml)

    def text_boxes(self) -> list[TextBox] | None:
        return list(self._op("read text boxes").text_boxes())

    def touch(self, x: int, y: int, down: bool) -> None:
        self._op("touch").touch(x, y, bool(down))

    def key(self, name: str) -> None:
        android = self._op("press a key")
        if name not in KEY_NAMES:
            raise InvalidInputError(f"unknown key {name!r}; valid keys: {', '.join(KEY_NAMES)}")
        android.key(name)

    def input_text(self, text: str) -> None:
        self._op("type text").input_text(text)

    def shell(self, cmd: str) -> tuple[int, str, str]:
        android = self._op("run a shell command")
        if not isinstance(cmd, str):
            raise InvalidInputError(f"shell command must be a str, not {type(cmd).__name__}")
        return android.shell(cmd)

    def write_database(self, path: str, sql: str) -> tuple[int, str, str]:
        """`shell(f"sqlite3 {path} {shlex.quote(sql)}")` without the command line (see
        `DatabaseWriter`)."""
        android = self._op("write a database")
        if not isinstance(path, str) or not isinstance(sql, str):
            raise InvalidInputError("write_database takes a database path and SQL as str")
        return android.write_database(path, sql)

    def logcat(self) -> list[LogLine]:
        android = self._op("read logcat")
        entries, self._log_cursor = android.logs.read_since(self._log_cursor)
        return [LogLine(e.time, e.pid, e.tid, e.priority, e.tag, e.message) for e in entries]

    def pull(self, path: str) -> bytes:
        storage = self._op("pull a file").storage
        try:
            return storage.read(path)
        except FileNotFoundError:
            raise FileNotFoundError(f"{path}: No such file or directory") from None
        except IsADirectoryError:
            raise IsADirectoryError(f"{path}: Is a directory") from None

    def push(self, path: str, data: bytes) -> None:
        self._op("push a file").storage.write(path, data)

    def list_dir(self, path: str) -> list[FileEntry]:
        storage = self._op("list a directory").storage
        return [FileEntry(e.name, e.is_dir, e.size, e.mtime) for e in storage.list(path)]

    def current_activity(self) -> str:
        return self._op("read the current activity").current_activity()

    def state_version(self, paths: Sequence[str] = (),
                      settings: Sequence[tuple[str, str]] = ()) -> Hashable | None:
        """The storage's change versions of `paths` and the settings' values (a setting's
        value is all a check of it reads); None for a path or namespace that is not valid, so
        the caller reads and gets the error (or not-found) it always got."""
        android = self._op("read state versions")
        try:
            return (android.storage.versions(paths),
                    tuple([android.settings.get(ns, key) for ns, key in settings]) if settings else ())
        except (OSError, ValueError, TypeError):
            return None

    def advance(self, seconds: float) -> None:
        self._op("advance time").advance(seconds)

    def snapshot(self) -> SimDeviceSnapshot:
        return SimDeviceSnapshot(self._op("take a snapshot").snapshot(), self._log_cursor)

    def restore(self, snapshot: Any) -> None:
        android = self._op("restore a snapshot")
        if not isinstance(snapshot, SimDeviceSnapshot):
            raise TypeError(f"restore() needs a snapshot from SimDevice.snapshot() of {self._name}; "
                             f"got {type(snapshot).__name__}")
        android.restore(snapshot.android)
        self._log_cursor = snapshot.log_cursor

    def close(self) -> None:
        if self._android is not None:
            self._android.close()
            self._android = None

    def __enter__(self) -> SimDevice:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._android is None else self._android.current_activity()
        return f"<SimDevice {self._name} {state}>"
