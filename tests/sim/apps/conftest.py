"""Agent-style helpers for app tests: find a node in the uiautomator dump and touch its centre.

Tests drive the device only as an agent would: parse the all-windows forest
(`accessibility_forest()`: the app or its dialog, the keyboard and the system bars, which a
touch-only agent sees on the pixels; `view_hierarchy()` is the device dump, the active window
only), tap the centre of a node's bounds, press keys and type text. Import the helpers with
`from tests.sim.apps.conftest import ...` or use the `ui_factory` and `device` fixtures;
`check_key_screen` runs the table-driven screen checks of the app folders.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from lxml import etree

from mobile_gym.device.sim_device import SimDevice

_BOUNDS = re.compile(r"\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]")


@dataclass(frozen=True)
class Node:
    """One `<node>` of a uiautomator dump: its attributes and bounds."""

    attrs: dict[str, str]
    bounds: tuple[int, int, int, int]

    @property
    def center(self) -> tuple[int, int]:
        left, top, right, bottom = self.bounds
        return (left + right) // 2, (top + bottom) // 2

    def __getitem__(self, key: str) -> str:
        return self.attrs.get(key, "")


def _node(el) -> Node:
    m = _BOUNDS.fullmatch(el.get("bounds", ""))
    if m is None:
        raise AssertionError(f"node without valid bounds: {dict(el.attrib)}")
    return Node(dict(el.attrib), tuple(int(g) for g in m.groups()))  # type: ignore[arg-type]


def parse_windows(xml: str) -> list[list[Node]]:
    """Nodes per window (top-level node), bottom window first, each in document order (a
    forest lists the top window first; a device dump has one window)."""
    root = etree.fromstring(xml.encode("utf-8"))
    return [[_node(el) for el in win.iter("node")] for win in reversed(root.findall("node"))]


def parse_nodes(xml: str) -> list[Node]:
    """All nodes of a dump in document order."""
    return [n for win in parse_windows(xml) for n in win]


def _matches(node: Node, id: str | None, text: str | None, desc: str | None,
             cls: str | None, desc_prefix: str | None) -> bool:
    if id is not None:
        rid = node["resource-id"]
        if rid != id and not rid.endswith(":id/" + id):
            return False
    if text is not None and node["text"] != text:
        return False
    if desc is not None and node["content-desc"] != desc:
        return False
    if desc_prefix is not None and not node["content-desc"].startswith(desc_prefix):
        return False
    return cls is None or node["class"] == cls


def find_all(xml: str, *, id: str | None = None, text: str | None = None, desc: str | None = None,
             cls: str | None = None, desc_prefix: str | None = None) -> list[Node]:
    """Nodes matching every given criterion (`id` may be short: "fab_add_new_item")."""
    return [n for n in parse_nodes(xml) if _matches(n, id, text, desc, cls, desc_prefix)]


def find(xml: str, **criteria: str) -> Node:
    """The first match in the topmost window that has one (a dialog before the screen behind
    it); AssertionError listing the criteria (and visible texts) if none."""
    for win in reversed(parse_windows(xml)):
        for n in win:
            if _matches(n, criteria.get("id"), criteria.get("text"), criteria.get("desc"),
                        criteria.get("cls"), criteria.get("desc_prefix")):
                return n
    texts = sorted({n["text"] for n in parse_nodes(xml) if n["text"]})
    raise AssertionError(f"no node with {criteria} on screen; texts: {texts[:40]}")


class UI:
    """Touch-only driver over a Device (tap, long press, swipe, type, keys)."""

    def __init__(self, device) -> None:
        self.device = device

    def dump(self) -> str:
        return self.device.accessibility_forest()

    def has(self, **criteria: str) -> bool:
        return bool(find_all(self.dump(), **criteria))

    def painted(self, text: str) -> bool:
        """Whether `text` is drawn on screen (maybe wrapped over lines): how a toast is seen,
        which is in no dump."""
        return text in " ".join(box.text for box in self.device.text_boxes())

    def find(self, **criteria: str) -> Node:
        return find(self.dump(), **criteria)

    def find_all(self, **criteria: str) -> list[Node]:
        return find_all(self.dump(), **criteria)

    def tap_xy(self, x: int, y: int) -> None:
        self.device.touch(x, y, True)
        self.device.advance(0.05)
        self.device.touch(x, y, False)
        self.device.advance(0.3)

    def tap(self, **criteria: str) -> Node:
        node = self.find(**criteria)
        self.tap_xy(*node.center)
        return node

    def long_press(self, **criteria: str) -> Node:
        node = self.find(**criteria)
        x, y = node.center
        self.device.touch(x, y, True)
        self.device.advance(0.7)
        self.device.touch(x, y, False)
        self.device.advance(0.3)
        return node

    def swipe(self, x0: int, y0: int, x1: int, y1: int, steps: int = 10, seconds: float = 0.3) -> None:
        for i in range(steps + 1):
            x = x0 + (x1 - x0) * i // steps
            y = y0 + (y1 - y0) * i // steps
            self.device.touch(x, y, True)
            self.device.advance(seconds / steps)
        self.device.touch(x1, y1, False)
        self.device.advance(0.3)

    def type(self, text: str) -> None:
        self.device.input_text(text)
        self.device.advance(0.1)

    def key(self, name: str) -> None:
        self.device.key(name)
        self.device.advance(0.3)


def check_key_screen(name: str, goto: Callable[[UI], None], activity: str,
                     expected: Sequence[tuple[dict[str, Any], str | None]]) -> None:
    """On a fresh SimDevice, `goto` a screen; `activity` must be in front and every expected
    node (criteria, class or None) must be on screen in the activity's package."""
    with SimDevice() as device:
        ui = UI(device)
        goto(ui)
        assert device.current_activity() == activity
        xml = ui.dump()
        assert xml.startswith("<?xml")
        for criteria, cls in expected:
            node = find(xml, **criteria)
            if cls is not None:
                assert node["class"] == cls, (name, criteria, node.attrs)
            assert node["package"] == activity.split("/")[0], (name, criteria)


@pytest.fixture
def device():
    """A plain SimDevice (launcher in front), closed after the test; the calendar tests
    override it with the app already started."""
    dev = SimDevice()
    yield dev
    dev.close()


@pytest.fixture
def ui_factory():
    """Builds a `UI` around a device: `ui = ui_factory(device)`."""
    return UI
