"""AdbDevice's batched per-step reads over adb-serve: one shell command per span between writes,
answers equal to the sim's own, never a frame from before a write."""

from __future__ import annotations

import numpy as np
import pytest

from mobile_gym.device.adb_device import parse_raw_screencap

CAL = "com.simplemobiletools.calendar.pro"


def batched(server) -> list[str]:
    return [r for r in server.requests if "screencap;" in r or "uiautomator dump" in r]


def test_one_command_answers_frame_dump_and_log_of_a_span(adb_dev):
    dev, server, sim = adb_dev
    dev.advance(0.1)
    before = len(batched(server))
    frame = dev.screenshot()
    xml = dev.view_hierarchy()
    dev.logcat()
    assert len(batched(server)) == before + 1
    assert np.array_equal(frame, sim.screenshot()) and xml == sim.view_hierarchy()
    assert dev.screenshot(size=(270, 600)).shape == (600, 270, 3)
    assert len(batched(server)) == before + 1


def test_a_write_makes_the_next_read_fetch_again(adb_dev):
    dev, server, sim = adb_dev
    home = dev.screenshot()
    dev.touch(410, 400, True)  # the Calendar icon
    dev.touch(410, 400, False)
    dev.advance(1.0)
    opened = dev.screenshot()
    assert not np.array_equal(home, opened)
    assert np.array_equal(opened, sim.screenshot())
    assert f'package="{CAL}"' in dev.view_hierarchy()


def test_log_lines_are_handed_out_once(adb_dev):
    dev, _, _ = adb_dev
    dev.logcat()
    dev.touch(410, 400, True)  # opening Calendar logs `Displayed ...`
    dev.touch(410, 400, False)
    dev.advance(1.0)
    dev.screenshot()
    lines = [line for line in dev.logcat() if CAL in line.message]
    assert lines and lines[0].tag == "ActivityTaskManager"
    assert dev.logcat() == []


def test_parts_not_read_are_left_out_of_the_next_command(adb_dev):
    dev, server, _ = adb_dev
    for _ in range(2):
        dev.advance(0.1)
        dev.screenshot()
    dev.advance(0.1)
    dev.screenshot()
    last = batched(server)[-1]
    assert "screencap" in last and "uiautomator" not in last and "logcat" not in last


@pytest.mark.parametrize("data", [b"", b"\x02\x00\x00\x00\x01\x00\x00\x00\x01\x00\x00\x00" + b"\x00" * 7,
                                  b"\x01\x00\x00\x00\x01\x00\x00\x00\x04\x00\x00\x00" + b"\x00" * 4])
def test_parse_raw_screencap_refuses_what_does_not_fit(data):
    with pytest.raises(ValueError, match="screencap"):
        parse_raw_screencap(data)


def test_parse_raw_screencap_header_of_12_or_16_bytes():
    pixels = bytes(range(8))
    for header in (b"\x02\x00\x00\x00\x01\x00\x00\x00\x01\x00\x00\x00",
                   b"\x02\x00\x00\x00\x01\x00\x00\x00\x01\x00\x00\x00\x01\x00\x00\x00"):
        frame = parse_raw_screencap(header + pixels)
        assert frame.shape == (1, 2, 4) and frame.tobytes() == pixels


def test_reads_older_than_bundle_max_age_fetch_again(one):
    from mobile_gym.device.adb_device import AdbDevice

    server, sim = one
    dev = AdbDevice("emulator-5554", host="127.0.0.1", port=server.port, retries=1,
                    sleep=lambda s: server.advance("emulator-5554", s), bundle_max_age=0.0)
    try:
        before = len(batched(server))
        dev.screenshot()
        dev.view_hierarchy()  # the first fetch is already older than 0 s
        assert len(batched(server)) == before + 2
        assert dev.view_hierarchy() == sim.view_hierarchy()
    finally:
        dev.close()
