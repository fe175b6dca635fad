"""AdbDevice frames over adb-serve: the frame resized while it arrives equals the resize of the
whole frame, frames handed out stay as they were when the receive buffer is reused, and the
parts after the frame are split off correctly."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

CAL = "com.simplemobiletools.calendar.pro"


@pytest.mark.parametrize("size", [(270, 600), (540, 1200), (1080, 600), (256, 512), (1080, 2400)])
def test_a_screenshot_at_a_size_is_the_area_resize_of_the_full_frame(adb_dev, size):
    dev, _, sim = adb_dev
    dev.advance(0.1)
    small = dev.screenshot(size)  # the fetch: resized while it arrives where the size divides
    full = dev.screenshot()  # the same frame, at the device's size
    assert np.array_equal(full, sim.screenshot())
    assert small.shape == (size[1], size[0], 3)
    assert np.array_equal(small, cv2.resize(full, size, interpolation=cv2.INTER_AREA))


def test_frames_handed_out_are_not_changed_by_later_reads(adb_dev):
    dev, _, sim = adb_dev
    home_small, home = dev.screenshot((270, 600)), dev.screenshot()
    kept_small, kept = home_small.copy(), home.copy()
    dev.touch(410, 400, True)  # the Calendar icon
    dev.touch(410, 400, False)
    dev.advance(1.0)
    opened = dev.screenshot()
    assert f'package="{CAL}"' in dev.view_hierarchy()
    assert not np.array_equal(opened, kept)
    assert np.array_equal(home, kept) and np.array_equal(home_small, kept_small)
    assert np.array_equal(opened, sim.screenshot())


def test_dump_and_log_after_the_frame_are_split_off(adb_dev):
    dev, _, sim = adb_dev
    dev.touch(410, 400, True)
    dev.touch(410, 400, False)
    dev.advance(1.0)
    dev.screenshot((270, 600))
    assert dev.view_hierarchy() == sim.view_hierarchy()
    assert any(CAL in line.message for line in dev.logcat())
