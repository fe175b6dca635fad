"""Downscaling a raw `screencap` band by band while its bytes arrive.

A 1080x2400 RGBA frame is 10 MB; resizing it to the observation size takes about as long as
receiving it. `StreamingDownscale` resizes each band of rows as soon as it is in, so the work
overlaps the transfer instead of following it. It does so only when the frame's width and
height are whole multiples of the target's (fx and fy): OpenCV's INTER_AREA then averages
separate fy x fx blocks, and bands of whole blocks give exactly the pixels of one resize of the whole
frame (tests/device/test_frame_stream.py checks this). Otherwise it does nothing and the
caller resizes the whole frame as before.
"""

from __future__ import annotations

import struct

import cv2
import numpy as np

__all__ = ["StreamingDownscale"]

_HEADER = 16  # width, height, format, colorspace (u32 LE each), as screencap writes since Android 9
_RGBA_FORMATS = (1, 2)  # RGBA_8888, RGBX_8888
_BAND_BYTES = 1 << 20  # resize once about this much more of the frame is in


class StreamingDownscale:
    """Feed it the growing start of a raw screencap (`feed`); `result` gives the frame resized
    to `size` = (width, height) with INTER_AREA, or None when it could not follow the frame.
    A band is resized once `band_bytes` more of the frame are in."""

    def __init__(self, size: tuple[int, int], band_bytes: int = _BAND_BYTES) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.band_bytes = int(band_bytes)
        self._shape: tuple[int, int] | None = None  # (height, width) of the frame
        self._off = False  # the frame does not divide into whole blocks: nothing to do
        self._out: np.ndarray | None = None
        self._factor = 1  # frame rows per output row
        self._done = 0  # frame rows resized so far

    def feed(self, data: memoryview) -> None:
        """`data`: the first bytes of the screencap (header, then rows), more on each call."""
        if self._off:
            return
        if self._shape is None:
            if len(data) < _HEADER or not self._start(data):
                return
        assert self._shape is not None
        height, width = self._shape
        rows = min(height, (len(data) - _HEADER) // (width * 4))
        ready = rows - rows % self._factor
        if ready == height or (ready - self._done) * width * 4 >= self.band_bytes:
            self._resize(data, ready)

    def result(self, frame: np.ndarray, header: int) -> np.ndarray | None:
        """The (h, w, 4) resized frame when `frame` (the parsed screencap, its header `header`
        bytes long) is the one that was fed, after resizing its last rows; else None."""
        if self._off or self._shape is None or header != _HEADER or frame.shape[:2] != self._shape:
            return None
        if self._done < self._shape[0]:
            self._resize_rows(frame, self._shape[0])
        return self._out

    def _start(self, data: memoryview) -> bool:
        width, height, fmt, _space = struct.unpack_from("<IIII", data, 0)
        w, h = self.size
        if fmt not in _RGBA_FORMATS or not (w and h) or width % w or height % h or (width, height) == (w, h):
            self._off = True
            return False
        self._shape, self._factor = (height, width), height // h
        self._out = np.empty((h, w, 4), dtype=np.uint8)
        return True

    def _resize(self, data: memoryview, ready: int) -> None:
        assert self._shape is not None
        height, width = self._shape
        frame = np.frombuffer(data, dtype=np.uint8, count=ready * width * 4, offset=_HEADER)
        self._resize_rows(frame.reshape(ready, width, 4), ready)

    def _resize_rows(self, frame: np.ndarray, ready: int) -> None:
        """Resize frame rows [done, ready) (whole blocks) into their output rows."""
        assert self._out is not None
        if ready <= self._done:
            return
        f = self._factor
        band = frame[self._done:ready]
        self._out[self._done // f:ready // f] = cv2.resize(
            band, (self.size[0], (ready - self._done) // f), interpolation=cv2.INTER_AREA)
        self._done = ready
