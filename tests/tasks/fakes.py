"""A small fake Device for the task-layer tests: files in memory, a few shell commands."""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

import numpy as np

from mobile_gym.device.base import FileEntry, LogLine, TextBox

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "mobile_env_tasks"

VH_XML = """<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">\
<node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.example" \
bounds="[0,0][1080,2400]"><node index="0" text="" resource-id="android:id/content" \
class="android.widget.FrameLayout" package="com.example" bounds="[0,0][1080,2400]">\
<node index="0" text="Hello" resource-id="com.example:id/title" class="android.widget.TextView" \
package="com.example" bounds="[0,0][1080,200]"/></node></node></hierarchy>"""


@dataclass
class FakeDevice:
    """Implements the Device protocol with just enough behaviour for setup steps and checks."""

    packages: set[str] = field(default_factory=lambda: {"com.example", "com.android.settings"})
    activities: dict[str, str] = field(default_factory=lambda: {
        "com.example": "com.example/com.example.MainActivity"})
    files: dict[str, bytes] = field(default_factory=dict)
    dirs: set[str] = field(default_factory=lambda: {"/", "/data", "/storage"})
    settings: dict[tuple[str, str], str] = field(default_factory=dict)
    size: tuple[int, int] = (1080, 2400)
    now: float = 0.0
    activity: str = "com.google.android.apps.nexuslauncher/.NexusLauncherActivity"
    # (device time, tag, message) lines that appear in logcat once `now` passes their time
    scheduled_logs: list[tuple[float, str, str]] = field(default_factory=list)
    # activity start delay in device seconds (0 = immediate)
    start_delay: float = 0.0
    pending_activity: tuple[float, str] | None = None
    commands: list[str] = field(default_factory=list)
    advance_calls: list[float] = field(default_factory=list)  # the seconds of each advance()
    touches: list[tuple[int, int, bool]] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)
    refuse_grant: set[str] = field(default_factory=set)
    pinned: str | None = None

    # -- Device protocol -------------------------------------------------------------------
    @property
    def screen_size(self) -> tuple[int, int]:
        return self.size

    def screenshot(self, size=None) -> np.ndarray:
        w, h = size or self.size
        return np.zeros((h, w, 3), np.uint8)

    def view_hierarchy(self) -> str:
        return VH_XML

    def text_boxes(self) -> list[TextBox] | None:
        return []

    def touch(self, x: int, y: int, down: bool) -> None:
        self.touches.append((x, y, down))

    def key(self, name: str) -> None:
        self.keys.append(name)
        if name == "HOME":
            self.activity = "com.google.android.apps.nexuslauncher/.NexusLauncherActivity"

    def input_text(self, text: str) -> None:
        pass

    def logcat(self) -> list[LogLine]:
        due = [e for e in self.scheduled_logs if e[0] <= self.now]
        self.scheduled_logs = [e for e in self.scheduled_logs if e[0] > self.now]
        return [LogLine(t, 1, 1, "I", tag, msg) for t, tag, msg in due]

    def pull(self, path: str) -> bytes:
        if path not in self.files:
            raise FileNotFoundError(path)
        return self.files[path]

    def push(self, path: str, data: bytes) -> None:
        p = PurePosixPath(path)
        for parent in p.parents:
            self.dirs.add(str(parent))
        self.files[path] = bytes(data)

    def list_dir(self, path: str) -> list[FileEntry]:
        path = str(PurePosixPath(path))
        if path not in self.dirs:
            raise FileNotFoundError(path)
        out = []
        for f, data in self.files.items():
            if str(PurePosixPath(f).parent) == path:
                out.append(FileEntry(PurePosixPath(f).name, False, len(data), 0.0))
        for d in self.dirs:
            if d != path and str(PurePosixPath(d).parent) == path:
                out.append(FileEntry(PurePosixPath(d).name, True, 0, 0.0))
        return out

    def state_version(self, paths=(), settings=()) -> None:
        return None  # cannot tell what changed: state checks read every step

    def current_activity(self) -> str:
        return self.activity

    def advance(self, seconds: float) -> None:
        assert seconds >= 0
        self.advance_calls.append(seconds)
        self.now += seconds
        if self.pending_activity and self.pending_activity[0] <= self.now + 1e-9:
            self.activity = self.pending_activity[1]
            self.pending_activity = None

    def snapshot(self) -> Any:
        return dict(self.files)

    def restore(self, snapshot: Any) -> None:
        self.files = dict(snapshot)

    def close(self) -> None:
        pass

    # -- helpers for tests -------------------------------------------------------------------
    def mkdir(self, path: str) -> None:
        p = PurePosixPath(path)
        self.dirs.add(str(p))
        for parent in p.parents:
            self.dirs.add(str(parent))

    def remove(self, path: str) -> None:
        self.files.pop(path, None)

    # -- shell ---------------------------------------------------------------------------------
    def shell(self, cmd: str) -> tuple[int, str, str]:
        self.commands.append(cmd)
        try:
            argv = shlex.split(cmd)
        except ValueError as e:
            return 2, "", str(e)
        if argv[:3] == ["pm", "list", "packages"]:
            return 0, "".join(f"package:{p}\n" for p in sorted(self.packages)), ""
        if argv[:2] == ["pm", "clear"]:
            if argv[2] not in self.packages:
                return 1, "Failed\n", ""
            return 0, "Success\n", ""
        if argv[:2] == ["pm", "grant"]:
            if argv[3] in self.refuse_grant:
                return 255, "", f"Exception occurred: Permission {argv[3]} is not changeable\n"
            return 0, "", ""
        if argv[:2] == ["pm", "uninstall"]:
            self.packages.discard(argv[2])
            return 0, "Success\n", ""
        if argv[:2] == ["am", "force-stop"]:
            if self.activity.startswith(argv[2] + "/"):
                self.activity = "com.google.android.apps.nexuslauncher/.NexusLauncherActivity"
            return 0, "", ""
        if argv[:3] == ["am", "start", "-n"]:
            comp = argv[3]
            if comp.split("/")[0] not in self.packages:
                return 0, f"Error: Activity class {{{comp}}} does not exist.\n", ""
            if self.start_delay:
                self.pending_activity = (self.now + self.start_delay, comp)
            else:
                self.activity = comp
            return 0, f"Starting: Intent {{ cmp={comp} }}\n", ""
        if argv[:2] == ["am", "start"]:
            return 0, "Starting: Intent { }\n", ""
        if argv[:3] == ["am", "stack", "list"]:
            return 0, (f"RootTask id=1 bounds=[0,0][1080,2400]\n  taskId=7: {self.activity} " \
                      "bounds=[0,0][1080,2400] userId=0 visible=true\n"), ""
        if argv[:3] == ["am", "task", "lock"]:
            self.pinned = argv[3]
            return 0, "", ""
        if argv[:1] == ["settings"] and len(argv) >= 4:
            op, ns, key = argv[1], argv[2], argv[3]
            if op == "get":
                return 0, self.settings.get((ns, key), "null") + "\n", ""
            if op == "put":
                self.settings[(ns, key)] = argv[4]
                return 0, "", ""
            if op == "delete":
                self.settings.pop((ns, key), None)
                return 0, "Deleted 1 rows\n", ""
        if argv[:1] == ["echo"]:
            return 0, " ".join(argv[1:]) + "\n", ""
        if argv[:1] == ["false"]:
            return 1, "", ""
        return 127, "", f"/system/bin/sh: {argv[0]}: inaccessible or not found\n"
