"""What reaches a command line's stdout and stderr when commands write straight into the
caller's stream (no redirections), and the raw screencap that is kept for an unchanged screen."""

from __future__ import annotations

import struct

import numpy as np


def test_within_a_command_its_stdout_comes_before_its_stderr(android):
    android.shell("mkdir -p /sdcard/d && echo x > /sdcard/d/f")
    code, out, err = android.shell_bytes("ls /sdcard/d /nope; echo after", merge_stderr=True)
    text = out.decode()
    assert err == b""
    assert text.index("f\n") < text.index("/nope") < text.index("after\n")
    code, out, err = android.shell_bytes("ls /sdcard/d /nope; echo after")
    assert b"/nope" in err and b"/nope" not in out and out.endswith(b"after\n")


def test_output_of_commands_without_redirections_is_in_order(android):
    code, out, err = android.shell_bytes("echo a; echo b >&2; echo c; (echo d; echo e >&2); echo f",
                                         merge_stderr=True)
    assert (code, bytes(out)) == (0, b"a\nb\nc\nd\ne\nf\n")
    code, out, err = android.shell_bytes("echo a; echo b >&2; echo c | cat; echo d > /dev/null; echo e")
    assert (bytes(out), err) == (b"a\nc\ne\n", b"b\n")


def test_a_command_line_ended_by_exit_keeps_what_earlier_commands_wrote(android):
    code, out, err = android.shell_bytes("echo before; exit 3; echo never")
    assert (code, bytes(out), err) == (3, b"before\n", b"")


def raw_frame(android) -> tuple[bytes, np.ndarray]:
    code, raw, _ = android.shell_bytes("screencap")
    w, h, fmt, _space = struct.unpack("<IIII", raw[:16])
    assert code == 0 and (w, h, fmt) == (1080, 2400, 1)
    rgba = np.frombuffer(bytes(raw), np.uint8, offset=16).reshape(h, w, 4)
    return bytes(raw), rgba


def test_screencap_of_an_unchanged_and_of_a_changed_screen(android):
    first, rgba = raw_frame(android)
    assert np.array_equal(rgba[:, :, :3], android.screenshot()) and (rgba[:, :, 3] == 255).all()
    again, _ = raw_frame(android)
    assert again == first
    android.shell("am start -n com.example.notesdemo/.MainActivity")
    android.advance(1.0)
    changed, rgba = raw_frame(android)
    assert changed != first
    assert np.array_equal(rgba[:, :, :3], android.screenshot()) and (rgba[:, :, 3] == 255).all()
