"""A snapshot keeps the frame buffers' pixels and pending damage: the first frame after a
restore redraws only what changed since, and is byte-identical to the frame of a device that
was never snapshotted."""

from __future__ import annotations

import numpy as np
import pytest

from mobile_gym.device.sim_device import SimDevice

SIZE = (270, 600)


def _icon_centre(device: SimDevice) -> tuple[int, int]:
    for w in device.android.wm.windows:
        for v in w.root.iter_tree():
            if type(v).__name__ == "LauncherIcon" and v.shown:
                return v.bounds.center
    raise AssertionError("no launcher icon on screen")


@pytest.mark.parametrize("draw_before_snapshot", [True, False])
def test_first_frame_after_restore_is_partial_and_identical(draw_before_snapshot: bool) -> None:
    restored, fresh = SimDevice(), SimDevice()
    for device in (restored, fresh):
        device.screenshot(SIZE)
        device.advance(0.1)
    x, y = _icon_centre(restored)
    if not draw_before_snapshot:
        # damage pending at the snapshot (the pressed icon is not drawn yet) comes along too
        for device in (restored, fresh):
            device.touch(x, y, True)
    snap = restored.snapshot()
    restored.touch(x, y, True)
    restored.advance(1.0)
    restored.screenshot(SIZE)  # something else drawn into the buffer before the restore
    restored.restore(snap)
    before = restored.android.wm.stats
    if draw_before_snapshot:
        for device in (restored, fresh):
            device.touch(x, y, True)
    frames = [device.screenshot(SIZE) for device in (restored, fresh)]
    after = restored.android.wm.stats
    assert np.array_equal(frames[0], frames[1])
    assert after.frames_drawn == before.frames_drawn + 1
    assert after.partial_frames == before.partial_frames + 1


def test_restored_frames_stay_identical_over_a_launch() -> None:
    restored, fresh = SimDevice(), SimDevice()
    for device in (restored, fresh):
        device.screenshot(SIZE)
    snap = restored.snapshot()
    x, y = _icon_centre(restored)
    for _ in range(2):
        restored.restore(snap)
        restored.touch(x, y, True)
        restored.touch(x, y, False)
        restored.advance(0.5)
        restored.screenshot(SIZE)
    fresh.touch(x, y, True)
    fresh.touch(x, y, False)
    fresh.advance(0.5)
    assert np.array_equal(restored.screenshot(SIZE), fresh.screenshot(SIZE))
    restored.restore(snap)
    fresh.key("HOME")
    fresh.advance(0.5)
    restored.advance(0.5)
    assert restored.current_activity() == fresh.current_activity()


def test_full_redraw_after_restore_matches_and_leaves_the_snapshot_pixels() -> None:
    """A screen change right after a restore redraws every tile into new memory (no copy of
    the restored pixels): the frame is the fresh device's, and a partial frame after a later
    restore still starts from the snapshot's own pixels."""
    restored, fresh, witness = SimDevice(), SimDevice(), SimDevice()
    for device in (restored, fresh, witness):
        device.screenshot(SIZE)
    snap = restored.snapshot()
    x, y = _icon_centre(restored)
    for _ in range(2):
        restored.restore(snap)
        restored.key("APP_SWITCH")
        restored.advance(0.1)
        before = restored.android.wm.stats
        frame = restored.screenshot(SIZE)
        after = restored.android.wm.stats
        assert after.frames_drawn == before.frames_drawn + 1
        assert after.partial_frames == before.partial_frames
    fresh.key("APP_SWITCH")
    fresh.advance(0.1)
    assert np.array_equal(frame, fresh.screenshot(SIZE))
    restored.restore(snap)
    for device in (restored, witness):
        device.touch(x, y, True)
        device.advance(0.1)
    before = restored.android.wm.stats
    assert np.array_equal(restored.screenshot(SIZE), witness.screenshot(SIZE))
    assert restored.android.wm.stats.partial_frames == before.partial_frames + 1
