"""Downscaling a raw `screencap` band by band while its bytes arrive, resizing only the bands
that changed since the last frame.

A 1080x2400 RGBA frame is 10 MB; resizing it to the observation size takes longer than
receiving it. `StreamingDownscale` resizes each band of rows as soon as it is in, so the work
overlaps the transfer instead of following it. It does so only when the frame's width and
height are whole multiples of the target's (fx and fy): OpenCV's INTER_AREA then averages
separate fy x fx blocks, and bands of whole blocks give exactly the pixels of one resize of the
whole frame (tests/device/test_frame_stream.py checks this). Otherwise it does nothing and the
caller resizes the whole frame as before.

Given a `FrameMemory` (one per device), a band whose bytes equal the same band of the previous
frame is not resized again: its output rows are still those of the last resize, which depend on
those bytes alone. Most steps leave the screen as it was, and a byte comparison (memcmp, which
stops at the first difference) costs a quarter of a resize.
"""

from __future__ import annotations

import struct

import cv2
import numpy as np

__all__ = ["FrameMemory", "StreamingDownscale"]

_HEADER = 16  # width, height, format, colorspace (u32 LE each), as screencap writes since Android 9
_RGBA_FORMATS = (1, 2)  # RGBA_8888, RGBX_8888
_BAND_BYTES = 1 << 20  # a band is about this much of the frame


class FrameMemory:
    """The last frame downscaled for one device: a copy of each band's bytes and the resized
    frame they gave, for one (frame height, width, output size, band height) layout. A band
    and its output rows are updated together, so they agree even after a read cut short."""

    def __init__(self) -> None:
        self._layout: tuple[int, int, int, int, int] | None = None
        self.bands: list[bytearray | None] = []
        self.out: np.ndarray | None = None

    def bind(self, height: int, width: int, size: tuple[int, int], band_rows: int) -> np.ndarray:
        """The output array for this layout; what is kept is dropped when the layout changed."""
        layout = (height, width, size[0], size[1], band_rows)
        if layout != self._layout or self.out is None:
            self._layout = layout
            self.bands = [None] * -(-height // band_rows)
            self.out = np.empty((size[1], size[0], 4), dtype=np.uint8)
        return self.out


class StreamingDownscale:
    """Feed it the growing start of a raw screencap (`feed`); `result` gives the frame resized
    to `size` = (width, height) with INTER_AREA, or None when it could not follow the frame.
    A band of about `band_bytes` is resized once it is all in. With `memory`, bands unchanged
    since the frame last fed with that memory are not resized again, and the result is the
    memory's array (overwritten by the next frame)."""

    def __init__(self, size: tuple[int, int], band_bytes: int = _BAND_BYTES,
                 memory: FrameMemory | None = None) -> None:
        self.size = (int(size[0]), int(size[1]))
        self.band_bytes = int(band_bytes)
        self.memory = memory
        self._shape: tuple[int, int] | None = None  # (height, width) of the frame
        self._off = False  # the frame does not divide into whole blocks: nothing to do
        self._out: np.ndarray | None = None
        self._factor = 1  # frame rows per output row
        self._band_rows = 1  # frame rows per band (whole blocks)
        self._next = 0  # index of the next band to resize
        self.bands_resized = 0  # bands resized for this frame (the others were unchanged)

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
        if rows < min(height, (self._next + 1) * self._band_rows):
            return
        frame = np.frombuffer(data, dtype=np.uint8, count=rows * width * 4, offset=_HEADER)
        self._bands_in(frame.reshape(rows, width, 4))

    def result(self, frame: np.ndarray, header: int) -> np.ndarray | None:
        """The (h, w, 4) resized frame when `frame` (the parsed screencap, its header `header`
        bytes long) is the one that was fed, after resizing its last rows; else None."""
        if self._off or self._shape is None or header != _HEADER or frame.shape[:2] != self._shape:
            return None
        self._bands_in(frame)
        return self._out

    def _start(self, data: memoryview) -> bool:
        width, height, fmt, _space = struct.unpack_from("<IIII", data, 0)
        w, h = self.size
        if fmt not in _RGBA_FORMATS or not (w and h) or width % w or height % h or (width, height) == (w, h):
            self._off = True
            return False
        self._shape, self._factor = (height, width), height // h
        blocks = max(1, self.band_bytes // (width * 4 * self._factor))
        self._band_rows = blocks * self._factor
        if self.memory is not None:
            self._out = self.memory.bind(height, width, self.size, self._band_rows)
        else:
            self._out = np.empty((h, w, 4), dtype=np.uint8)
        return True

    def _bands_in(self, frame: np.ndarray) -> None:
        """Resize (or keep) every band whose rows are all in `frame` (the frame's first rows)."""
        assert self._shape is not None
        height = self._shape[0]
        while (start := self._next * self._band_rows) < height:
            end = min(height, start + self._band_rows)
            if end > len(frame):
                return
            self._band(self._next, frame[start:end], start)
            self._next += 1

    def _band(self, index: int, band: np.ndarray, start: int) -> None:
        """Output rows of frame rows [start, start + len(band)) (whole blocks), unless the
        memory holds the same bytes for this band (its output rows are then still right)."""
        assert self._out is not None
        f = self._factor
        data = memoryview(band.reshape(-1))
        kept = None if self.memory is None else self.memory.bands[index]
        if kept is not None and kept == data:  # bytearray == buffer: a memcmp
            return
        self._out[start // f:(start + len(band)) // f] = cv2.resize(
            band, (self.size[0], len(band) // f), interpolation=cv2.INTER_AREA)
        self.bands_resized += 1
        if self.memory is not None:
            if kept is None:
                self.memory.bands[index] = bytearray(data)
            else:
                kept[:] = data
