"""Regenerate the generated test fixtures under tests/fixtures/.

Two kinds of files are produced here, so that nobody edits them by hand:

* `view_hierarchies/<screen>.xml`: `uiautomator dump` output of the simulated phone, written
  byte for byte as `SimDevice.view_hierarchy()` returns it (the real single-line format), for a
  few screens reached with touches from a freshly booted device;
* `mobile_env_tasks/icons/...`: the small PNG icons that the icon event sources of
  `notes_quiz.textproto` match against (template classes and one reference image).

    PYTHONPATH=. python scripts/make_test_fixtures.py [--out tests/fixtures]

The hand-written files beside them (task files, `classic_format.xml`, `quirks.xml`) are not
touched. Running it twice gives the same bytes (the device is seeded).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
from lxml import etree

from mobile_gym.device.sim_device import SimDevice

ROOT = Path(__file__).resolve().parents[1]
_BOUNDS = re.compile(r"\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]")
NOTEBOOK = "/storage/emulated/0/Documents/Markor"


def tap_desc(device: SimDevice, desc: str) -> None:
    """Tap the centre of the topmost node whose content-desc is `desc`, then let the UI settle."""
    root = etree.fromstring(device.view_hierarchy().encode("utf-8"))
    for window in reversed(root.findall("node")):
        for node in window.iter("node"):
            m = _BOUNDS.fullmatch(node.get("bounds", ""))
            if node.get("content-desc") == desc and m:
                left, top, right, bottom = (int(g) for g in m.groups())
                x, y = (left + right) // 2, (top + bottom) // 2
                device.touch(x, y, True)
                device.advance(0.05)
                device.touch(x, y, False)
                device.advance(1.0)
                return
    raise LookupError(f"no node with content-desc {desc!r} on the screen")


def launcher_home(device: SimDevice) -> None:
    """The freshly booted launcher: three windows (launcher, status bar, navigation bar)."""


def calendar_month(device: SimDevice) -> None:
    """Simple Calendar Pro's month view (a ViewPager of month grids)."""
    tap_desc(device, "Calendar")


def markor_browser(device: SimDevice) -> None:
    """Markor's file browser with two notes and a folder."""
    device.push(f"{NOTEBOOK}/Recipes/.keep", b"")
    device.push(f"{NOTEBOOK}/shopping.md", b"# Shopping\n\n- [ ] Flour\n")
    device.push(f"{NOTEBOOK}/ideas.txt", b"Paint the fence\n")
    tap_desc(device, "Markor")


def markor_new_file_dialog(device: SimDevice) -> None:
    """Markor's new-file dialog: a dialog window above the app."""
    markor_browser(device)
    tap_desc(device, "Create a new file or folder")


def settings_main(device: SimDevice) -> None:
    """The Settings app's main list."""
    tap_desc(device, "Settings")


SCREENS: dict[str, Callable[[SimDevice], None]] = {
    "launcher_home": launcher_home,
    "calendar_month": calendar_month,
    "markor_browser": markor_browser,
    "markor_new_file_dialog": markor_new_file_dialog,
    "settings_main": settings_main,
}


def write_dumps(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, route in SCREENS.items():
        device = SimDevice(seed=0)
        try:
            route(device)
            xml = device.view_hierarchy()
        finally:
            device.close()
        path = folder / f"{name}.xml"
        path.write_bytes(xml.encode("utf-8"))
        written.append(path)
    return written


def _star(size: int = 48) -> np.ndarray:
    img = np.full((size, size, 3), 255, np.uint8)
    points = [(24, 3), (29, 18), (45, 18), (32, 28), (37, 44), (24, 34), (11, 44), (16, 28), (3, 18), (19, 18)]
    cv2.fillPoly(img, [np.array(points)], (0, 0, 0))
    return img


def _bell(size: int = 48) -> np.ndarray:
    img = np.full((size, size, 3), 255, np.uint8)
    cv2.ellipse(img, (24, 26), (14, 16), 0, 180, 360, (0, 0, 0), -1)
    cv2.rectangle(img, (10, 26), (38, 36), (0, 0, 0), -1)
    cv2.circle(img, (24, 41), 4, (0, 0, 0), -1)
    cv2.rectangle(img, (22, 5), (26, 11), (90, 90, 90), -1)
    return img


def write_icons(folder: Path) -> list[Path]:
    """icons/star/star.png is a template class; icons/bell.png a reference image for icon_match."""
    (folder / "icons" / "star").mkdir(parents=True, exist_ok=True)
    files = {folder / "icons" / "star" / "star.png": _star(), folder / "icons" / "bell.png": _bell()}
    for path, img in files.items():
        ok, data = cv2.imencode(".png", img)
        if not ok:
            raise RuntimeError(f"could not encode {path}")
        path.write_bytes(data.tobytes())
    return list(files)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "tests" / "fixtures")
    args = parser.parse_args(argv)
    for path in write_dumps(args.out / "view_hierarchies") + write_icons(args.out / "mobile_env_tasks"):
        print(path.relative_to(args.out) if path.is_relative_to(args.out) else path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
