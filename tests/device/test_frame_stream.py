"""StreamingDownscale: a raw screencap resized band by band while it arrives gives exactly the
pixels of one INTER_AREA resize of the whole frame, or gives up (None) when it cannot."""

from __future__ import annotations

import struct

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.device.frame_stream import StreamingDownscale


def raw_screencap(rgba: np.ndarray, header: int = 16, fmt: int = 1) -> bytes:
    h, w = rgba.shape[:2]
    head = struct.pack("<IIII", w, h, fmt, 1)[:header]
    return head + rgba.tobytes()


def feed_in_pieces(shrink: StreamingDownscale, data: bytes, cuts: list[int]) -> None:
    view = memoryview(data)
    for end in sorted({min(c, len(data)) for c in cuts} | {len(data)}):
        shrink.feed(view[:end])


@settings(max_examples=60, deadline=None)
@given(w=st.integers(1, 9), h=st.integers(1, 9), fx=st.integers(1, 5), fy=st.integers(1, 5),
       band=st.integers(1, 400), cuts=st.lists(st.integers(0, 4000), max_size=12), seed=st.integers(0, 2**16))
def test_bands_give_the_pixels_of_one_resize(w, h, fx, fy, band, cuts, seed):
    rgba = np.random.default_rng(seed).integers(0, 256, (h * fy, w * fx, 4), dtype=np.uint8)
    shrink = StreamingDownscale((w, h), band_bytes=band)
    feed_in_pieces(shrink, raw_screencap(rgba), cuts)
    got = shrink.result(rgba, 16)
    if (fx, fy) == (1, 1):
        assert got is None  # nothing to resize: the caller uses the frame as it is
    else:
        assert got is not None
        assert np.array_equal(got, cv2.resize(rgba, (w, h), interpolation=cv2.INTER_AREA))


def test_a_full_size_frame_in_one_megabyte_bands():
    rgba = np.random.default_rng(1).integers(0, 256, (2400, 1080, 4), dtype=np.uint8)
    shrink = StreamingDownscale((270, 600))
    feed_in_pieces(shrink, raw_screencap(rgba), list(range(0, 10_400_000, 65536)))
    got = shrink.result(rgba, 16)
    assert got is not None and np.array_equal(got, cv2.resize(rgba, (270, 600), interpolation=cv2.INTER_AREA))


def test_a_frame_fed_only_in_part_is_finished_by_result():
    rgba = np.random.default_rng(2).integers(0, 256, (40, 20, 4), dtype=np.uint8)
    shrink = StreamingDownscale((10, 10), band_bytes=1)
    shrink.feed(memoryview(raw_screencap(rgba))[:16 + 13 * 20 * 4])  # 13 of 40 rows
    got = shrink.result(rgba, 16)
    assert got is not None and np.array_equal(got, cv2.resize(rgba, (10, 10), interpolation=cv2.INTER_AREA))


@pytest.mark.parametrize("frame_hw,size", [((30, 20), (7, 10)), ((30, 20), (10, 7)), ((30, 20), (40, 60))])
def test_sizes_that_do_not_divide_the_frame_are_left_to_the_caller(frame_hw, size):
    rgba = np.zeros((*frame_hw, 4), dtype=np.uint8)
    shrink = StreamingDownscale(size)
    shrink.feed(memoryview(raw_screencap(rgba)))
    assert shrink.result(rgba, 16) is None


def test_a_twelve_byte_header_or_another_frame_is_not_taken_for_the_fed_one():
    rgba = np.random.default_rng(3).integers(0, 256, (40, 20, 4), dtype=np.uint8)
    shrink = StreamingDownscale((10, 10), band_bytes=1)
    shrink.feed(memoryview(raw_screencap(rgba, header=12)))  # the old header: pixels 4 bytes early
    assert shrink.result(rgba, 12) is None
    shrink = StreamingDownscale((10, 10), band_bytes=1)
    shrink.feed(memoryview(raw_screencap(rgba)))
    assert shrink.result(np.zeros((20, 20, 4), dtype=np.uint8), 16) is None


def test_a_non_rgba_pixel_format_is_left_to_the_caller():
    rgba = np.zeros((40, 20, 4), dtype=np.uint8)
    shrink = StreamingDownscale((10, 10))
    shrink.feed(memoryview(raw_screencap(rgba, fmt=4)))  # RGB_565
    assert shrink.result(rgba, 16) is None
