"""The `framebuffer:` device service (AOSP framebuffer_service.cpp, version 1 header).

OKAY, then 13 little-endian u32: version (1), bpp (32), size, width, height, and offset/length
pairs for red, blue, green, alpha (0/8, 16/8, 8/8, 24/8: RGBA byte order), then `size` bytes of
RGBA rows (alpha 255). adbutils' `framebuffer()` reads exactly this.
"""

from __future__ import annotations

import socket
import struct

import numpy as np

from mobile_gym.adb_serve.protocol import okay
from mobile_gym.adb_serve.slots import DeviceSlot


def serve_framebuffer(sock: socket.socket, slot: DeviceSlot) -> None:
    """Send the current screen as a raw RGBA framebuffer."""
    frame = slot.run(lambda android: android.screenshot())
    height, width = frame.shape[:2]
    rgba = np.empty((height, width, 4), dtype=np.uint8)
    rgba[:, :, :3] = frame
    rgba[:, :, 3] = 255
    header = struct.pack("<13I", 1, 32, width * height * 4, width, height, 0, 8, 16, 8, 8, 8, 24, 8)
    sock.sendall(okay() + header)
    sock.sendall(rgba.tobytes())
