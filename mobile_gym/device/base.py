"""The Device protocol: the one seam between backend-agnostic code and a phone.

Everything above this module (events, tasks, the environment) talks to a device only
through `Device`; `SimDevice` and `AdbDevice` implement it. Coordinates are device pixels.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

import numpy as np

KeyName = Literal["BACK", "HOME", "ENTER", "DEL", "APP_SWITCH"]
KEY_NAMES: tuple[str, ...] = ("BACK", "HOME", "ENTER", "DEL", "APP_SWITCH")


class DeviceError(RuntimeError):
    """The device failed or went away; the message says which device and what was asked."""


class InvalidInputError(ValueError):
    """A caller passed something the device cannot act on (unknown key, bad coordinates)."""


@dataclass(frozen=True)
class LogLine:
    """One logcat entry. `time` is device time in seconds since the Unix epoch."""

    time: float
    pid: int
    tid: int
    priority: str  # one of V D I W E F
    tag: str
    message: str


@dataclass(frozen=True)
class TextBox:
    """A string drawn on screen and its box in device pixels (left, top, right, bottom)."""

    text: str
    left: int
    top: int
    right: int
    bottom: int


@dataclass(frozen=True)
class FileEntry:
    """One entry of a directory listing on the device."""

    name: str
    is_dir: bool
    size: int
    mtime: float


@runtime_checkable
class Device(Protocol):
    """What every backend offers. See DESIGN.md section 3."""

    @property
    def screen_size(self) -> tuple[int, int]:
        """(width, height) in pixels."""
        ...

    def screenshot(self, size: tuple[int, int] | None = None) -> np.ndarray:
        """RGB uint8 array (H, W, 3); `size` = (width, height) asks for a downscaled frame."""
        ...

    def view_hierarchy(self) -> str:
        """What `uiautomator dump` writes: the XML of the active window only (just the dialog
        while one is open; no status or navigation bar, keyboard or toast)."""
        ...

    # Optional (SimDevice and AdbDevice have it; EnvConfig(hierarchy="forest") needs it):
    # accessibility_forest() -> str, every accessibility window's tree, top window first, in
    # one `<hierarchy>` (one root `<node>` per window), taken like `uiautomator dump --windows`
    # (device/forest.py).

    def text_boxes(self) -> list[TextBox] | None:
        """Rendered strings with boxes, or None when the backend cannot know (then use OCR)."""
        ...

    def touch(self, x: int, y: int, down: bool) -> None:
        """Finger at (x, y): pressed (down=True, also a move while pressed) or lifted."""
        ...

    def key(self, name: str) -> None:
        """Press and release a key: BACK, HOME, ENTER, DEL or APP_SWITCH."""
        ...

    def input_text(self, text: str) -> None:
        """Type text into the focused field (like `input text`)."""
        ...

    def shell(self, cmd: str) -> tuple[int, str, str]:
        """Run a shell command: (exit code, stdout, stderr)."""
        ...

    def logcat(self) -> list[LogLine]:
        """Log lines written since the previous call."""
        ...

    def pull(self, path: str) -> bytes:
        """A file's bytes; FileNotFoundError names the path when it does not exist."""
        ...

    def push(self, path: str, data: bytes) -> None:
        """Write a file, creating parent directories."""
        ...

    def list_dir(self, path: str) -> list[FileEntry]:
        """Entries of a directory; FileNotFoundError names the path when it does not exist."""
        ...

    def current_activity(self) -> str:
        """The focused activity as "package/activity"."""
        ...

    def state_version(self, paths: Sequence[str] = (),
                      settings: Sequence[tuple[str, str]] = ()) -> Hashable | None:
        """A value that stays equal while nothing changes in the files or folders at `paths`
        (with everything in them) and in the `settings` (namespace, key); None when the
        backend cannot tell, so the caller reads the state again. State checks compare it
        between steps to reuse their last result (sim: change counters; adb: always None)."""
        ...

    def advance(self, seconds: float) -> None:
        """Let device time pass (sim: virtual clock; adb: wait)."""
        ...

    def snapshot(self) -> Any:
        """Capture the whole device state for a fast `restore`."""
        ...

    def restore(self, snapshot: Any) -> None:
        """Return to a state captured by `snapshot` of this same device."""
        ...

    def close(self) -> None:
        """Release resources; further calls raise DeviceError."""
        ...


@runtime_checkable
class DatabaseWriter(Protocol):
    """A device that can run `sqlite3 PATH SQL` given its two words (the simulator): the task
    runner's path for the seed writes a task family built (`LoadedTask.seed_writes`), which
    skips turning them into a command line and parsing it back. The adb backend has no such
    method and runs the shell step."""

    def write_database(self, path: str, sql: str) -> tuple[int, str, str]:
        """What `shell(f"sqlite3 {path} {shlex.quote(sql)}")` answers, with the same effect."""
        ...
