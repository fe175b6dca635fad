"""A small, deterministic fake Device and fake event engine for env and wrapper tests.

The fake phone has two screens. "home" shows a title and an "Open editor" button; tapping
the button opens "editor" (logs `FakeApp: opened editor`) with a title EditText and a Save
button. Tapping the EditText focuses it; typed text goes into it; DEL deletes; ENTER or Save
logs `FakeApp: saved <text>`; BACK returns home. A long press (>= 0.5 s) on the title logs
`FakeApp: long press title`. Pixels encode the screen, widgets and text length, so every
visible change changes the frame.

FakeEngine rewards the task "open the editor, type 'hello', save": +1 when the editor
opens (once), +10 and success when `saved hello` is logged, failure on `saved <other>`;
a response "done" fires `response` in `fired`.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from mobile_gym.device.base import KEY_NAMES, DeviceError, FileEntry, InvalidInputError, LogLine, TextBox
from mobile_gym.spaces.view_hierarchy import XML_HEADER, render_node
from mobile_gym.tasks import task_pb2

W, H = 1080, 2400
OPEN_BUTTON = (100, 1000, 980, 1200)
TITLE_FIELD = (100, 400, 980, 560)
SAVE_BUTTON = (100, 700, 500, 860)
HEADER = (0, 0, 1080, 200)


def fake_task(max_num_steps: int = 50) -> task_pb2.Task:
    """The Task proto FakeEngine scores (no setup steps, so no task loader is needed)."""
    return task_pb2.Task(
        id="fake_editor", name="Fake editor",
        command=["Open the editor, type hello and save."],
        vocabulary=["hello", "world"], max_num_steps=max_num_steps,
    )


@dataclass
class _State:
    screen: str = "home"
    title: str = ""
    focused: bool = False
    now: float = 1697384040.0
    pressed: tuple[int, int] | None = None
    press_start: tuple[int, int] | None = None
    press_time: float = 0.0
    long_fired: bool = False
    logs: list[LogLine] = field(default_factory=list)
    files: dict[str, bytes] = field(default_factory=dict)


class FakeDevice:
    """Implements the Device protocol over the two-screen fake app."""

    def __init__(self, *, fail_after: int | None = None) -> None:
        self._s = _State()
        self._cursor = 0
        self._closed = False
        self._calls = 0
        self._fail_after = fail_after
        self._frame: np.ndarray | None = None
        self._frame_key: Any = None

    # -- helpers
    def _check(self) -> None:
        if self._closed:
            raise DeviceError("fake device: closed")
        self._calls += 1
        if self._fail_after is not None and self._calls > self._fail_after:
            raise DeviceError("fake device 'fake-1' went away")

    def _log(self, msg: str) -> None:
        self._s.logs.append(LogLine(self._s.now, 100, 100, "I", "FakeApp", msg))

    @staticmethod
    def _inside(box: tuple[int, int, int, int], x: int, y: int) -> bool:
        return box[0] <= x < box[2] and box[1] <= y < box[3]

    def _tap(self, x: int, y: int) -> None:
        s = self._s
        if s.screen == "home" and self._inside(OPEN_BUTTON, x, y):
            s.screen = "editor"
            self._log("opened editor")
        elif s.screen == "editor":
            if self._inside(TITLE_FIELD, x, y):
                s.focused = True
            elif self._inside(SAVE_BUTTON, x, y):
                self._log(f"saved {s.title}")
            else:
                s.focused = False

    # -- Device protocol
    @property
    def screen_size(self) -> tuple[int, int]:
        return (W, H)

    def screenshot(self, size: tuple[int, int] | None = None) -> np.ndarray:
        self._check()
        s = self._s
        key = (s.screen, s.title, s.focused, s.pressed, tuple(size) if size else None)
        if self._frame_key != key:
            self._frame, self._frame_key = self._draw(size), key
        return self._frame.copy()

    def _draw(self, size: tuple[int, int] | None) -> np.ndarray:
        s = self._s
        img = np.full((H, W, 3), 240 if s.screen == "home" else 200, dtype=np.uint8)
        img[HEADER[1]:HEADER[3], :, :] = (30, 90, 200)
        if s.screen == "home":
            l, t, r, b = OPEN_BUTTON
            img[t:b, l:r] = (20, 160, 60)
        else:
            l, t, r, b = TITLE_FIELD
            img[t:b, l:r] = (255, 255, 180) if s.focused else (255, 255, 255)
            img[t + 40:b - 40, l + 20:l + 20 + 40 * min(len(s.title), 20)] = (0, 0, 0)
            l, t, r, b = SAVE_BUTTON
            img[t:b, l:r] = (200, 60, 20)
        if s.pressed is not None:
            x, y = s.pressed
            img[max(0, y - 20):y + 20, max(0, x - 20):x + 20] = (255, 0, 255)
        if size is not None and tuple(size) != (W, H):
            img = cv2.resize(img, tuple(size), interpolation=cv2.INTER_AREA)
        return img

    def view_hierarchy(self) -> str:
        self._check()
        s = self._s

        def node(i: int, cls: str, box: tuple[int, int, int, int], *, text: str = "", rid: str = "",
                 clickable: bool = False, focusable: bool = False, focused: bool = False,
                 long_clickable: bool = False, children: tuple[str, ...] = ()) -> str:
            b = lambda v: "true" if v else "false"
            return render_node({
                "index": str(i), "text": text, "resource-id": f"com.fake:id/{rid}" if rid else "",
                "class": cls, "package": "com.fake", "content-desc": "", "checkable": "false",
                "checked": "false", "clickable": b(clickable), "enabled": "true",
                "focusable": b(focusable), "focused": b(focused), "scrollable": "false",
                "long-clickable": b(long_clickable), "password": "false", "selected": "false",
                "bounds": f"[{box[0]},{box[1]}][{box[2]},{box[3]}]",
            }, children)

        header = node(0, "android.widget.TextView", HEADER, text="Home" if s.screen == "home" else "Editor",
                      rid="header")
        if s.screen == "home":
            body = (header, node(1, "android.widget.Button", OPEN_BUTTON, text="Open editor", rid="open",
                                 clickable=True, focusable=True))
        else:
            body = (header,
                    node(1, "android.widget.EditText", TITLE_FIELD, text=s.title, rid="title", clickable=True,
                         focusable=True, focused=s.focused, long_clickable=True),
                    node(2, "android.widget.Button", SAVE_BUTTON, text="Save", rid="save", clickable=True,
                         focusable=True))
        root = node(0, "android.widget.FrameLayout", (0, 0, W, H), children=body)
        return f'{XML_HEADER}<hierarchy rotation="0">{root}</hierarchy>'

    def text_boxes(self) -> list[TextBox] | None:
        self._check()
        return [TextBox("Home" if self._s.screen == "home" else "Editor", *HEADER)]

    def touch(self, x: int, y: int, down: bool) -> None:
        self._check()
        if not (0 <= x < W and 0 <= y < H):
            raise InvalidInputError(f"touch at ({x}, {y}) is outside the {W}x{H} screen")
        s = self._s
        if down:
            if s.pressed is None:
                s.press_start = (x, y)
                s.press_time = s.now
                s.long_fired = False
            s.pressed = (x, y)
            return
        start = s.press_start
        s.pressed = None
        if start is not None and not s.long_fired and abs(start[0] - x) + abs(start[1] - y) < 30:
            self._tap(x, y)

    def key(self, name: str) -> None:
        self._check()
        if name not in KEY_NAMES:
            raise InvalidInputError(f"unknown key {name!r}; expected one of {KEY_NAMES}")
        s = self._s
        if name in ("BACK", "HOME"):
            s.screen, s.focused = "home", False
        elif name == "DEL" and s.focused:
            s.title = s.title[:-1]
        elif name == "ENTER" and s.screen == "editor":
            self._log(f"saved {s.title}")

    def input_text(self, text: str) -> None:
        self._check()
        if self._s.screen == "editor" and self._s.focused:
            self._s.title += text

    def shell(self, cmd: str) -> tuple[int, str, str]:
        self._check()
        if cmd.startswith("am start -n com.fake/"):
            self._s.screen = "editor"
            self._log("opened editor")
            return 0, "Starting: Intent { cmp=com.fake/.Editor }\n", ""
        if cmd.startswith("echo "):
            return 0, cmd[5:] + "\n", ""
        return 127, "", f"/system/bin/sh: {cmd.split()[0]}: inaccessible or not found\n"

    def logcat(self) -> list[LogLine]:
        self._check()
        lines = self._s.logs[self._cursor:]
        self._cursor = len(self._s.logs)
        return lines

    def pull(self, path: str) -> bytes:
        self._check()
        if path not in self._s.files:
            raise FileNotFoundError(path)
        return self._s.files[path]

    def push(self, path: str, data: bytes) -> None:
        self._check()
        self._s.files[path] = bytes(data)

    def list_dir(self, path: str) -> list[FileEntry]:
        self._check()
        prefix = path.rstrip("/") + "/"
        return [FileEntry(p[len(prefix):], False, len(d), self._s.now)
                for p, d in sorted(self._s.files.items()) if p.startswith(prefix)]

    def state_version(self, paths=(), settings=()) -> None:
        return None  # cannot tell what changed: state checks read every step

    def current_activity(self) -> str:
        self._check()
        return "com.fake/com.fake.Home" if self._s.screen == "home" else "com.fake/com.fake.Editor"

    def advance(self, seconds: float) -> None:
        self._check()
        s = self._s
        s.now += seconds
        if s.pressed is not None and not s.long_fired and s.now - s.press_time >= 0.5:
            s.long_fired = True
            if s.screen == "editor" and self._inside(TITLE_FIELD, *s.pressed):
                self._log("long press title")

    def snapshot(self) -> Any:
        self._check()
        return (copy.deepcopy(self._s), self._cursor)

    def restore(self, snapshot: Any) -> None:
        self._check()
        state, cursor = snapshot
        self._s = copy.deepcopy(state)
        self._cursor = cursor

    def close(self) -> None:
        self._closed = True


class FakeEngine:
    """Scores the fake task from log lines and responses (stands in for EventEngine)."""

    def __init__(self, task: Any = None) -> None:
        self.reset()

    @property
    def needs_hierarchy(self) -> bool:
        return False

    def reset(self, *, device: Any = None) -> None:
        self._opened = False

    def step(self, inputs: Any) -> Any:
        from mobile_gym.events import StepResult

        reward, end, fired = 0.0, None, {}
        for line in inputs.log_lines:
            if line.message == "opened editor" and not self._opened:
                self._opened = True
                reward += 1.0
                fired["slot:1"] = [1.0]
            elif line.message.startswith("saved "):
                end = "success" if line.message == "saved hello" else "failure"
                reward += 10.0 if end == "success" else 0.0
                fired["slot:2"] = [end]
        if inputs.response == "done":
            fired["source:9"] = [("done",)]
        return StepResult(reward=reward, score=0.0, episode_end=end, extras={}, instructions=[],
                          fired=fired, timing={"slots": 0.0})
