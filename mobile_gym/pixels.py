"""Colour conversion of whole frames in the calling thread.

OpenCV hands a conversion of more than about 2^16 pixels to its thread pool, whose workers then
busy-wait on the other cores after every call: between env steps that was ~0.5 ms of CPU per
call taken from the other core (10 % of a step's CPU at 270x600, and the other vector worker's
core). An env steps in one thread beside other envs and a learner, so a frame is converted in
bands of rows small enough that OpenCV keeps each one in the calling thread.
"""

from __future__ import annotations

import cv2
import numpy as np

__all__ = ["BAND_PIXELS", "convert_colour"]

#: Pixels per band: OpenCV's colour loops split work into stripes of 2^16 pixels, so a band of
#: at most this many is one stripe and never reaches the pool.
BAND_PIXELS = 1 << 16


def convert_colour(src: np.ndarray, code: int, channels: int, dst: np.ndarray | None = None) -> np.ndarray:
    """`cv2.cvtColor(src, code)` into `dst` (a new C-contiguous (h, w, channels) uint8 array when
    None), band by band in this thread. The pixels are those of one call over the whole frame."""
    h, w = src.shape[:2]
    if dst is None:
        dst = np.empty((h, w, channels), np.uint8)
    if dst.shape != (h, w, channels) or dst.dtype != np.uint8 or not dst.flags.c_contiguous:
        raise ValueError(f"dst must be a C-contiguous uint8 {(h, w, channels)} array, "
                         f"got {dst.dtype} {dst.shape}")
    src = np.ascontiguousarray(src)
    rows = max(1, BAND_PIXELS // max(w, 1))
    for top in range(0, h, rows):
        cv2.cvtColor(src[top:top + rows], code, dst=dst[top:top + rows])
    return dst
