"""Shared helpers for the sim/ui tests."""

from __future__ import annotations

import re

import pytest
from lxml import etree

from mobile_gym.sim.ui import MATCH_PARENT, LinearLayout, View, Window, WindowManager

ATTR_ORDER = ["index", "text", "resource-id", "class", "package", "content-desc", "checkable",
              "checked", "clickable", "enabled", "focusable", "focused", "scrollable",
              "long-clickable", "password", "selected", "bounds"]

PKG = "com.example.app"


def show(root: View, wm: WindowManager | None = None, **kw) -> tuple[WindowManager, Window]:
    """Put `root` in an app window on a Pixel 6 sized window manager."""
    wm = wm or WindowManager()
    kw.setdefault("package", PKG)
    kw.setdefault("kind", "app")
    win = wm.add(Window(root, **kw))
    return wm, win


def screen(*children: View, **kw) -> LinearLayout:
    root = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT, background=0xFFFFFFFF, **kw)
    root.add(*children)
    return root


def parse(xml: str) -> etree._Element:
    return etree.fromstring(xml.encode("utf-8"))


def nodes(xml: str) -> list[etree._Element]:
    return parse(xml).findall(".//node")


def node_by_id(xml: str, rid: str) -> etree._Element:
    found = [n for n in nodes(xml) if n.get("resource-id") == rid]
    assert len(found) == 1, f"{rid}: {len(found)} nodes"
    return found[0]


def bounds_of(node: etree._Element) -> tuple[int, int, int, int]:
    m = re.fullmatch(r"\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]", node.get("bounds"))
    assert m, node.get("bounds")
    return tuple(int(g) for g in m.groups())  # type: ignore[return-value]


@pytest.fixture
def wm() -> WindowManager:
    return WindowManager()
