"""Icon image files are untrusted: their size is read from the header and checked before any
decoding (reference images of icon_match / icon_detect_match and template folders alike)."""

from __future__ import annotations

import struct
import time
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest

from mobile_gym.events import EventEngine
from mobile_gym.events import icon_model as im
from mobile_gym.events.errors import TaskCompileError
from mobile_gym.tasks.loader import load_task


def png_header(width: int, height: int) -> bytes:
    """A PNG signature, IHDR (8-bit RGBA) and IEND: the size is declared, no pixels follow."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IEND", b"")


def jpeg_header(width: int, height: int) -> bytes:
    """SOI, an APP0 segment, a fill byte and a baseline SOF0 declaring the size; no scan data."""
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    sof0 = b"\xff\xc0" + struct.pack(">HBHHB", 17, 8, height, width, 3) + bytes(9)
    return b"\xff\xd8" + app0 + b"\xff" + sof0 + b"\xff\xd9"


def write_task(directory: Path, sources: str) -> Path:
    path = directory / "task.textproto"
    path.write_text(sources + '\nevent_slots { reward_listener { events { id: 1 } transformation: "y = 1" } }\n')
    return path


def icon(size: int = 24) -> np.ndarray:
    img = np.full((size, size, 3), 255, np.uint8)
    cv2.circle(img, (size // 2, size // 2), size // 3, (0, 0, 0), -1)
    return img


# -- header reading ----------------------------------------------------------------------------

@pytest.mark.parametrize("ext", ["png", "jpg", "bmp", "webp"])
@pytest.mark.parametrize("shape", [(37, 53, 3), (20, 11), (64, 30, 4)])
def test_header_sizes_agree_with_opencv(tmp_path, ext, shape):
    img = np.random.default_rng(0).integers(0, 255, shape, dtype=np.uint8)
    path = tmp_path / f"a.{ext}"
    assert cv2.imwrite(str(path), img)
    decoded = cv2.imread(str(path), cv2.IMREAD_UNCHANGED)
    assert im.image_size(path) == (decoded.shape[1], decoded.shape[0])


def test_lossless_webp_and_progressive_jpeg_sizes(tmp_path):
    img = np.random.default_rng(1).integers(0, 255, (33, 77, 3), dtype=np.uint8)
    cv2.imwrite(str(tmp_path / "a.webp"), img, [cv2.IMWRITE_WEBP_QUALITY, 101])
    cv2.imwrite(str(tmp_path / "a.jpg"), img, [cv2.IMWRITE_JPEG_PROGRESSIVE, 1])
    assert im.image_size(tmp_path / "a.webp") == (77, 33)
    assert im.image_size(tmp_path / "a.jpg") == (77, 33)


def test_declared_sizes_are_read_without_decoding(tmp_path):
    (tmp_path / "p.png").write_bytes(png_header(20000, 20000))
    (tmp_path / "j.jpg").write_bytes(jpeg_header(30000, 20000))
    assert im.image_size(tmp_path / "p.png") == (20000, 20000)
    assert im.image_size(tmp_path / "j.jpg") == (30000, 20000)


def test_malformed_jpeg_headers_end_quickly(tmp_path):
    path = tmp_path / "fill.jpg"
    path.write_bytes(b"\xff\xd8" + b"\xff" * 1_000_000)
    start = time.perf_counter()
    assert im.image_size(path) is None
    path.write_bytes(b"\xff\xd8" + b"\xff\xfe\x00\x02" * 100_000)  # empty comments, no frame
    assert im.image_size(path) is None
    assert time.perf_counter() - start < 5


# -- reference images --------------------------------------------------------------------------

def test_a_huge_reference_image_is_refused_where_the_source_is_written(tmp_path):
    (tmp_path / "bomb.png").write_bytes(png_header(4097, 4096))  # just over the limit
    path = write_task(tmp_path, 'event_sources { id: 1 icon_match { path: "bomb.png" } }')
    with pytest.raises(TaskCompileError) as info:
        EventEngine(load_task(path))
    message = str(info.value)
    assert message.startswith(f"{path}:1:")
    assert "bomb.png" in message and "4097x4096" in message and "MAX_ICON_PIXELS" in message


def test_the_pixel_limit_applies_to_real_images(tmp_path, monkeypatch):
    cv2.imwrite(str(tmp_path / "ref.png"), icon(40))
    monkeypatch.setattr(im, "MAX_ICON_PIXELS", 32 * 32)
    path = write_task(tmp_path, 'event_sources { id: 1 icon_detect_match { path: "ref.png" } }')
    with pytest.raises(TaskCompileError, match=r"'[^']*ref\.png' is 40x40 = 1,600 pixels"):
        EventEngine(load_task(path))
    monkeypatch.setattr(im, "MAX_ICON_PIXELS", 40 * 40)
    EventEngine(load_task(path))  # at the limit: fine


def test_a_jpeg_declaring_a_huge_frame_is_refused(tmp_path):
    (tmp_path / "big.jpg").write_bytes(jpeg_header(5000, 5000))
    with pytest.raises(TaskCompileError, match="5000x5000"):
        im.load_image(tmp_path / "big.jpg", where="here")


def test_files_whose_size_cannot_be_read_are_refused(tmp_path):
    (tmp_path / "x.png").write_bytes(b"not an image at all")
    with pytest.raises(TaskCompileError, match="not a PNG, JPEG, BMP or WebP image"):
        im.load_image(tmp_path / "x.png", where="here")


def test_the_file_size_is_bounded(tmp_path, monkeypatch):
    cv2.imwrite(str(tmp_path / "ref.png"), icon())
    monkeypatch.setattr(im, "MAX_ICON_FILE_BYTES", 10)
    with pytest.raises(TaskCompileError, match="MAX_ICON_FILE_BYTES"):
        im.load_image(tmp_path / "ref.png", where="here")


def test_rgba_compositing_is_unchanged():
    img = np.random.default_rng(2).integers(0, 256, (50, 60, 4), dtype=np.uint8)
    alpha = img[:, :, 3:4].astype(np.float32) / 255.0
    before = (img[:, :, :3].astype(np.float32) * alpha + 255.0 * (1 - alpha)).astype(np.uint8)
    expected = cv2.cvtColor(np.ascontiguousarray(before), cv2.COLOR_BGR2GRAY)
    assert np.array_equal(im._gray(img, bgr=True), expected)


# -- template folders --------------------------------------------------------------------------

def test_template_folders_are_checked_before_decoding(tmp_path):
    (tmp_path / "icons" / "star").mkdir(parents=True)
    cv2.imwrite(str(tmp_path / "icons" / "star" / "a.png"), icon())
    (tmp_path / "icons" / "star" / "b.png").write_bytes(png_header(8192, 8192))
    path = write_task(tmp_path, 'event_sources { id: 1 icon_recognize { class: "star" } }')
    with pytest.raises(TaskCompileError, match=r"b\.png' is 8192x8192") as info:
        EventEngine(load_task(path))
    assert "icon templates" in str(info.value)


def test_template_folder_totals(tmp_path, monkeypatch):
    for cls in ("a", "b"):
        (tmp_path / cls).mkdir()
        for i in range(3):
            cv2.imwrite(str(tmp_path / cls / f"{i}.png"), icon())
    assert im.TemplateIconModel(tmp_path).classes() == {"a", "b"}
    monkeypatch.setattr(im, "MAX_TEMPLATE_FILES", 5)
    with pytest.raises(TaskCompileError, match="MAX_TEMPLATE_FILES = 5"):
        im.TemplateIconModel(tmp_path)
    monkeypatch.setattr(im, "MAX_TEMPLATE_FILES", 6)
    monkeypatch.setattr(im, "MAX_TEMPLATE_PIXELS", 5 * 24 * 24)
    with pytest.raises(TaskCompileError, match=r"MAX_TEMPLATE_PIXELS = 2,880 pixels together .*b/2\.png"):
        im.TemplateIconModel(tmp_path)
