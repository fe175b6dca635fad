"""Whether this machine can show a `render_mode="human"` window (a display and GUI OpenCV)."""

from __future__ import annotations

import os
import re
import sys


def check_display() -> None:
    """RuntimeError saying what is missing when render_mode='human' cannot work here."""
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        raise RuntimeError(
            "render_mode='human' needs a display (DISPLAY/WAYLAND_DISPLAY is not set); "
            "use render_mode='rgb_array' on headless machines"
        )
    import cv2

    gui = re.search(r"^\s*GUI:\s*(\S+)", cv2.getBuildInformation(), re.MULTILINE)
    if gui is None or gui.group(1).upper() == "NONE":
        raise RuntimeError(
            "render_mode='human' needs OpenCV with GUI support (opencv-python, not "
            "opencv-python-headless); use render_mode='rgb_array'"
        )


def available_render_modes() -> list[str]:
    """The render modes this machine supports."""
    try:
        check_display()
    except RuntimeError:
        return ["rgb_array"]
    return ["rgb_array", "human"]
