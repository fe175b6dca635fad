"""Device backends behind one protocol (DESIGN.md section 3)."""

from mobile_gym.device.base import (
    KEY_NAMES,
    Device,
    DeviceError,
    FileEntry,
    InvalidInputError,
    LogLine,
    TextBox,
)

__all__ = ["KEY_NAMES", "Device", "DeviceError", "FileEntry", "InvalidInputError", "LogLine", "TextBox"]
