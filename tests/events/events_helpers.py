"""Synthetic step inputs for event-engine tests: uiautomator XML, log lines, text boxes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import quoteattr

import numpy as np

from mobile_gym.device.base import LogLine, TextBox
from mobile_gym.events import EventEngine, StepInputs
from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.loader import LoadedTask, load_task

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "mobile_env_tasks"
SIZE = (1080, 2400)
ATTRS = ("index", "text", "resource-id", "class", "package", "content-desc", "checkable", "checked",
         "clickable", "enabled", "focusable", "focused", "scrollable", "long-clickable", "password",
         "selected", "bounds")


@dataclass
class N:
    """A view node for building a uiautomator dump."""

    cls: str = "android.widget.FrameLayout"
    rid: str = ""
    text: str = ""
    bounds: tuple[int, int, int, int] = (0, 0, 1080, 2400)
    clickable: bool = False
    package: str = "com.wikihow.wikihowapp"
    desc: str = ""
    children: list[N] = field(default_factory=list)
    extra: dict[str, str] = field(default_factory=dict)


def _node_xml(n: N, index: int, out: list[str]) -> None:
    vals = {"index": str(index), "text": n.text, "resource-id": n.rid, "class": n.cls, "package": n.package,
            "content-desc": n.desc, "checkable": "false", "checked": "false",
            "clickable": "true" if n.clickable else "false", "enabled": "true", "focusable": "false",
            "focused": "false", "scrollable": "false", "long-clickable": "false", "password": "false",
            "selected": "false", "bounds": "[%d,%d][%d,%d]" % n.bounds}
    vals.update(n.extra)
    attrs = " ".join(f"{k}={quoteattr(v)}" for k, v in vals.items())
    if not n.children:
        out.append(f"<node {attrs} />")
        return
    out.append(f"<node {attrs}>")
    for i, c in enumerate(n.children):
        _node_xml(c, i, out)
    out.append("</node>")


def dump(*roots: N) -> str:
    out = ["<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"]
    for i, r in enumerate(roots):
        _node_xml(r, i, out)
    out.append("</hierarchy>")
    return "".join(out)


EMPTY_DUMP = dump(N())


def log(tag: str, message: str, priority: str = "D") -> LogLine:
    return LogLine(time=1697384040.0, pid=1234, tid=1234, priority=priority, tag=tag, message=message)


class Driver:
    """Feeds an engine synthetic steps; counts how often each lazy input was requested."""

    def __init__(self, engine: EventEngine) -> None:
        self.engine = engine
        self.frame = 0
        self.calls = {"screenshot": 0, "view_hierarchy": 0, "text_boxes": 0}

    def step(self, *, xml: str = EMPTY_DUMP, boxes: Sequence[TextBox] | None = (),
             logs: Sequence[LogLine] = (), response: str | None = None, device=None, shot=None):
        self.frame += 1

        def screenshot():
            self.calls["screenshot"] += 1
            return shot if shot is not None else np.zeros((SIZE[1], SIZE[0], 3), np.uint8)

        def hierarchy():
            self.calls["view_hierarchy"] += 1
            return xml

        def text_boxes():
            self.calls["text_boxes"] += 1
            return None if boxes is None else list(boxes)

        return self.engine.step(StepInputs(frame_id=self.frame, screenshot=screenshot, view_hierarchy=hierarchy,
                                           text_boxes=text_boxes, log_lines=list(logs), response=response,
                                           device=device, screen_size=SIZE))


def fixture(name: str) -> LoadedTask:
    return load_task(FIXTURES / name)


def from_text(text: str) -> LoadedTask:
    from google.protobuf import text_format

    proto = text_format.Parse(text, task_pb2.Task())
    return LoadedTask(proto=proto, path=None, directory=None)


def box(text: str, rect: tuple[float, float, float, float]) -> TextBox:
    """A text box centred in a normalised rect (strictly inside it)."""
    x0, y0, x1, y1 = rect
    w, h = SIZE
    return TextBox(text, int(x0 * w) + 5, int(y0 * h) + 5, int(x0 * w) + 5 + min(400, int((x1 - x0) * w) - 10),
                   int(y0 * h) + 5 + min(60, int((y1 - y0) * h) - 10))
