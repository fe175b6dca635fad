"""AdbDevice over adb-serve across steps: with the last frame's bands kept (FrameMemory), every
screenshot at the observation size is still the INTER_AREA resize of the frame the phone sent at
that step (the sim's own frame), when the screen stayed, changed in part or changed whole."""

from __future__ import annotations

import cv2
import numpy as np


def test_each_step_shows_that_steps_frame(adb_dev):
    dev, _, sim = adb_dev
    rng = np.random.default_rng(0)
    seen = set()
    # taps on the home screen (some open an app, most change nothing), back and home keys
    for step in range(24):
        if step % 8 == 7:
            dev.key("HOME")
        elif step % 8 == 5:
            dev.key("BACK")
        else:
            x, y = int(rng.integers(0, 1080)), int(rng.integers(200, 2300))
            dev.touch(x, y, True)
            dev.touch(x, y, False)
        dev.advance(0.5)
        small = dev.screenshot((270, 600))
        truth = sim.screenshot()
        assert np.array_equal(dev.screenshot(), truth)
        assert np.array_equal(small, cv2.resize(truth, (270, 600), interpolation=cv2.INTER_AREA))
        seen.add(truth.tobytes())
    assert len(seen) > 2  # the walk did change the screen


def test_a_partly_repainted_screen_after_an_unchanged_one(adb_dev):
    dev, _, sim = adb_dev
    dev.advance(0.1)
    first = dev.screenshot((270, 600))
    dev.advance(0.1)
    assert np.array_equal(dev.screenshot((270, 600)), first)  # fetched again, nothing changed
    dev.touch(540, 1800, True)  # a press shows its pressed state where the finger is
    dev.advance(0.2)
    pressed = dev.screenshot((270, 600))
    truth = sim.screenshot()
    assert np.array_equal(pressed, cv2.resize(truth, (270, 600), interpolation=cv2.INTER_AREA))
    dev.touch(540, 1800, False)
