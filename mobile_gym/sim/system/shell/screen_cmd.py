"""`uiautomator dump [--compressed] [--windows] [path]` and `screencap [-p] [file]`.

`uiautomator dump` follows AOSP DumpCommand (Android 13): `--compressed` leaves out views
not important for accessibility, `--windows` writes every window (`<displays>` format) instead
of the active one, other `-` arguments are ignored, the last other argument is the file.
"""

from __future__ import annotations

import struct

import cv2
import numpy as np

from mobile_gym.pixels import convert_colour
from mobile_gym.sim.system.shell.core import Proc, _reason


def cmd_uiautomator(proc: Proc) -> int:
    args = proc.argv[1:]
    if not args or args[0] != "dump":
        proc.print("Usage: uiautomator <subcommand> [options]\n\nAvailable subcommands:\n\n"
                   "help: displays help message\n\ndump: creates an XML dump of current UI hierarchy\n\n"
                   "events: prints out accessibility events until terminated")
        return 0 if args[:1] == ["help"] else 1
    path = "/sdcard/window_dump.xml"
    compressed = all_windows = False
    for a in args[1:]:
        if a == "--compressed":
            compressed = True
        elif a == "--windows":
            all_windows = True
        elif not a.startswith("-"):
            path = a
    android = proc.android
    if all_windows:
        xml = android.windows_hierarchy(compressed=compressed)
    else:
        xml = android.view_hierarchy(compressed=compressed)
        if "<node" not in xml:
            proc.eprint("ERROR: null root node returned by UiTestAutomationBridge.")
            return 0
    if path in ("/dev/tty", "/dev/stdout"):
        proc.write(xml)
        proc.print(f"UI hierchary dumped to: {path}")
        return 0
    try:
        proc.android.storage.write(proc.path(path), xml.encode("utf-8"))
    except (OSError, ValueError) as exc:
        proc.print(f"ERROR: could not write {path}: {_reason(exc)}")
        return 0
    proc.print(f"UI hierchary dumped to: {path}")
    return 0


def encode_png(rgb: np.ndarray) -> bytes:
    ok, buf = cv2.imencode(".png", cv2.cvtColor(np.ascontiguousarray(rgb), cv2.COLOR_RGB2BGR))
    if not ok:
        raise RuntimeError("PNG encoding failed")
    return buf.tobytes()


def encode_raw(rgb: np.ndarray) -> bytearray:
    """screencap without -p: width, height, format (1 = RGBA_8888), colorspace (1 = sRGB), then RGBA rows.

    The pixels are converted straight into the output buffer (one pass over a 10 MB frame)."""
    h, w = rgb.shape[:2]
    out = bytearray(16 + h * w * 4)
    struct.pack_into("<IIII", out, 0, w, h, 1, 1)
    rgba = np.frombuffer(out, dtype=np.uint8, offset=16).reshape(h, w, 4)
    convert_colour(np.asarray(rgb, dtype=np.uint8), cv2.COLOR_RGB2RGBA, 4, dst=rgba)  # alpha 255
    return out


def raw_screencap(proc: Proc, frame: np.ndarray) -> bytearray:
    """encode_raw(frame), remembered for the last frame encoded on this device. The window
    manager hands back the same read-only frame object while the screen is unchanged, so
    an unchanged screen is not converted (10 MB) again; a writeable frame is always encoded."""
    if frame.flags.writeable:
        return encode_raw(frame)
    memo = proc.shell.command_memo
    last = memo.get("screencap")
    if last is None or last[0] is not frame:
        last = memo["screencap"] = (frame, encode_raw(frame))
    return last[1]


def cmd_screencap(proc: Proc) -> int:
    args = proc.argv[1:]
    png = False
    files: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "-p":
            png = True
        elif a == "-d" and i + 1 < len(args):
            if args[i + 1] != "0":
                proc.eprint(f"Display Id '{args[i + 1]}' is not valid.")
                return 1
            i += 1
        elif a == "-a" or a == "-j":
            pass
        elif a.startswith("-"):
            proc.eprint(f"screencap: invalid option -- '{a.lstrip('-')}'")
            return 1
        else:
            files.append(a)
        i += 1
    frame = proc.android.screenshot()
    if files:
        name = files[0]
        data = encode_png(frame) if png or name.endswith(".png") else bytes(encode_raw(frame))
        try:
            proc.android.storage.write(proc.path(name), data)
        except (OSError, ValueError) as exc:
            proc.eprint(f"Error opening file: {name} ({_reason(exc)})")
            return 1
        return 0
    proc.write(encode_png(frame) if png else raw_screencap(proc, frame))
    return 0


COMMANDS = {"uiautomator": cmd_uiautomator, "screencap": cmd_screencap}
