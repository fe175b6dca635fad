"""Frame colour conversion in bands: the same pixels as OpenCV's one call over the frame."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.pixels import BAND_PIXELS, convert_colour

CODES = [(cv2.COLOR_RGBA2RGB, 4, 3), (cv2.COLOR_RGB2RGBA, 3, 4), (cv2.COLOR_RGB2BGR, 3, 3)]


@settings(max_examples=60, deadline=None)
@given(height=st.integers(1, 700), width=st.integers(1, 1200), which=st.sampled_from(range(len(CODES))),
       seed=st.integers(0, 2**32 - 1))
def test_bands_give_the_pixels_of_one_call(height, width, which, seed):
    code, src_channels, dst_channels = CODES[which]
    src = np.random.default_rng(seed).integers(0, 256, (height, width, src_channels), dtype=np.uint8)
    out = convert_colour(src, code, dst_channels)
    assert out.flags.c_contiguous and out.dtype == np.uint8
    np.testing.assert_array_equal(out, cv2.cvtColor(src, code))


def test_a_full_hd_frame_spans_several_bands_and_fills_the_given_buffer():
    rgb = np.random.default_rng(0).integers(0, 256, (2400, 1080, 3), dtype=np.uint8)
    assert rgb.shape[0] * rgb.shape[1] > 10 * BAND_PIXELS
    buffer = bytearray(2400 * 1080 * 4)
    rgba = np.frombuffer(buffer, np.uint8).reshape(2400, 1080, 4)
    assert convert_colour(rgb, cv2.COLOR_RGB2RGBA, 4, dst=rgba) is rgba
    np.testing.assert_array_equal(rgba, cv2.cvtColor(rgb, cv2.COLOR_RGB2RGBA))
    assert (rgba[..., 3] == 255).all()


def test_a_non_contiguous_source_is_converted_like_its_copy():
    rgba = np.random.default_rng(1).integers(0, 256, (300, 400, 4), dtype=np.uint8)[:, ::2]
    np.testing.assert_array_equal(convert_colour(rgba, cv2.COLOR_RGBA2RGB, 3),
                                  cv2.cvtColor(np.ascontiguousarray(rgba), cv2.COLOR_RGBA2RGB))


@pytest.mark.parametrize("dst", [np.empty((10, 20, 4), np.uint8), np.empty((20, 10, 3), np.uint8),
                                 np.empty((10, 40, 3), np.uint8)[:, ::2], np.empty((10, 20, 3), np.float32)])
def test_a_wrong_destination_is_refused_naming_the_shape(dst):
    with pytest.raises(ValueError, match=r"\(10, 20, 3\)"):
        convert_colour(np.zeros((10, 20, 4), np.uint8), cv2.COLOR_RGBA2RGB, 3, dst=dst)
