"""StreamingDownscale with a FrameMemory: over a sequence of frames, each result is exactly the
INTER_AREA resize of that frame, whichever bands changed, however the bytes arrived, and after
reads that were cut short; bands unchanged since the previous frame are not resized again."""

from __future__ import annotations

import struct

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.device.frame_stream import FrameMemory, StreamingDownscale


def raw_screencap(rgba: np.ndarray) -> bytes:
    h, w = rgba.shape[:2]
    return struct.pack("<IIII", w, h, 1, 1) + rgba.tobytes()


def downscale(memory: FrameMemory, rgba: np.ndarray, size: tuple[int, int], band: int,
              cuts: list[int] = ()) -> tuple[np.ndarray | None, int]:
    """The result of one frame fed in pieces ending at `cuts`, and how many bands were resized."""
    shrink = StreamingDownscale(size, band_bytes=band, memory=memory)
    data = raw_screencap(rgba)
    view = memoryview(data)
    for end in sorted({min(c, len(data)) for c in cuts} | {len(data)}):
        shrink.feed(view[:end])
    got = shrink.result(rgba, 16)
    return (None if got is None else got.copy()), shrink.bands_resized


def area(rgba: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    return cv2.resize(rgba, size, interpolation=cv2.INTER_AREA)


# one step of a frame sequence: (kind, first row, rows, seed); kinds: same frame, a new frame,
# a few rows repainted, a read cut short after `first row` rows
steps = st.lists(st.tuples(st.sampled_from(["same", "new", "rows", "cut"]), st.integers(0, 40),
                           st.integers(1, 12), st.integers(0, 2**16)), min_size=1, max_size=10)


@settings(max_examples=60, deadline=None)
@given(w=st.integers(1, 6), h=st.integers(1, 6), fx=st.integers(2, 4), fy=st.integers(1, 4),
       band=st.integers(1, 600), sequence=steps, cuts=st.lists(st.integers(0, 3000), max_size=6))
def test_every_frame_of_a_sequence_is_the_resize_of_that_frame(w, h, fx, fy, band, sequence, cuts):
    memory = FrameMemory()
    rgba = np.zeros((h * fy, w * fx, 4), dtype=np.uint8)
    for kind, first, rows, seed in sequence:
        rng = np.random.default_rng(seed)
        if kind == "new":
            rgba = rng.integers(0, 256, rgba.shape, dtype=np.uint8)
        elif kind in ("rows", "cut"):
            rgba = rgba.copy()
            top = first % rgba.shape[0]
            rgba[top:top + rows] = rng.integers(0, 256, rgba[top:top + rows].shape, dtype=np.uint8)
        if kind == "cut":  # bytes arrive, then the connection drops: no result() for this frame
            shrink = StreamingDownscale((w, h), band_bytes=band, memory=memory)
            shrink.feed(memoryview(raw_screencap(rgba))[:16 + first * rgba.shape[1] * 4])
            continue
        got, _ = downscale(memory, rgba, (w, h), band, cuts)
        assert got is not None and np.array_equal(got, area(rgba, (w, h)))


def resized(memory: FrameMemory, rgba: np.ndarray, size: tuple[int, int], band: int) -> int:
    """Downscale one frame, check it is the resize of that frame; the bands resized for it."""
    got, count = downscale(memory, rgba, size, band)
    assert got is not None and np.array_equal(got, area(rgba, size))
    return count


def test_only_the_bands_that_changed_are_resized():
    rng = np.random.default_rng(4)
    frame = rng.integers(0, 256, (2400, 1080, 4), dtype=np.uint8)
    memory = FrameMemory()
    assert resized(memory, frame, (270, 600), 1 << 20) == 10  # 240-row bands of 1080 RGBA pixels (~1 MB)
    assert resized(memory, frame.copy(), (270, 600), 1 << 20) == 0
    clock = frame.copy()
    clock[10:60, 900:1000] = 255 - clock[10:60, 900:1000]  # the status bar's clock ticks
    assert resized(memory, clock, (270, 600), 1 << 20) == 1
    moved = clock.copy()
    moved[230:250] = 0  # a change straddling two bands
    assert resized(memory, moved, (270, 600), 1 << 20) == 2


def test_another_output_size_or_frame_size_starts_over():
    rng = np.random.default_rng(5)
    memory = FrameMemory()
    frame = rng.integers(0, 256, (40, 20, 4), dtype=np.uint8)
    resized(memory, frame, (10, 10), 200)
    assert resized(memory, frame, (5, 10), 200) > 0  # another size: nothing kept applies
    tall = rng.integers(0, 256, (80, 20, 4), dtype=np.uint8)
    assert resized(memory, tall, (5, 10), 200) > 0
    assert resized(memory, tall, (5, 10), 200) == 0


def test_a_frame_that_does_not_divide_leaves_the_memory_alone():
    rng = np.random.default_rng(6)
    memory = FrameMemory()
    frame = rng.integers(0, 256, (40, 20, 4), dtype=np.uint8)
    resized(memory, frame, (10, 10), 200)
    assert downscale(memory, frame, (7, 10), 200)[0] is None  # the caller resizes it whole
    assert resized(memory, frame, (10, 10), 200) == 0
