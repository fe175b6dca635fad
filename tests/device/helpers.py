"""Helpers for driving a SimDevice through its public interface only (XML + touches).

They read the all-windows forest (top window first): a touch-only agent sees the navigation
bar and the keyboard on the pixels, though the device dump (`view_hierarchy`) leaves them out."""

from __future__ import annotations

import re

from lxml import etree

from mobile_gym.device.base import Device


def nodes(device: Device) -> list[etree._Element]:
    root = etree.fromstring(device.accessibility_forest().encode("utf-8"))
    return list(root.iter("node"))


def bounds_of(node: etree._Element) -> tuple[int, int, int, int]:
    m = re.fullmatch(r"\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]", node.get("bounds"))
    assert m is not None, node.get("bounds")
    return tuple(int(v) for v in m.groups())  # type: ignore[return-value]


def find(device: Device, **attrs: str) -> etree._Element | None:
    """First node whose attributes equal all of `attrs` (use resource_id / content_desc), top
    window first."""
    want = {k.replace("_", "-"): v for k, v in attrs.items()}
    for n in nodes(device):
        if all(n.get(k) == v for k, v in want.items()):
            return n
    return None


def center(device: Device, **attrs: str) -> tuple[int, int]:
    n = find(device, **attrs)
    assert n is not None, f"no node with {attrs}"
    left, top, right, bottom = bounds_of(n)
    return (left + right) // 2, (top + bottom) // 2


def tap(device: Device, x: int, y: int) -> None:
    device.touch(x, y, True)
    device.touch(x, y, False)


def tap_node(device: Device, **attrs: str) -> None:
    tap(device, *center(device, **attrs))
