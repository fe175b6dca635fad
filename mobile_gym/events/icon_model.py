"""Icon models for icon_recognize / icon_detect / icon_match / icon_detect_match sources.

`TemplateIconModel` uses OpenCV normalised cross-correlation (TM_CCOEFF_NORMED) on grayscale
images: per-class template folders (`<root>/<class>/*.png`) for recognize/detect, and the
source's reference image for match/detect_match. Mobile-Env shipped only interfaces and random
stubs here; a task that needs an icon class without templates fails when the engine is built.

Image files come with task files and are untrusted: they are read only from the task file's
folder (`tasks.assets.TaskAssets`), and `load_asset_image` reads a file's size from its header
before decoding it and refuses files, images and template folders over the limits below (a
1.5 MB PNG can declare 20000 x 20000 pixels, 1.6 GB once decoded).
"""

from __future__ import annotations

import io
import math
import struct
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Protocol

import cv2
import numpy as np

from mobile_gym.events.errors import TaskCompileError
from mobile_gym.tasks.assets import AssetError, TaskAssets

__all__ = [
    "MAX_ICON_FILE_BYTES",
    "MAX_ICON_PIXELS",
    "MAX_TEMPLATE_FILES",
    "MAX_TEMPLATE_PIXELS",
    "IconHit",
    "IconModel",
    "TemplateIconModel",
    "check_image_file",
    "image_size",
    "load_asset_image",
    "load_image",
    "load_templates",
]

Box = tuple[int, int, int, int]

#: Most pixels (width x height) one icon image may have: 4096 x 4096, more than any phone
#: screen (the largest are about 1440 x 3200), and 64 MiB once decoded with four channels.
MAX_ICON_PIXELS = 4096 * 4096
#: Largest icon image file read: a 4096 x 4096 image with four 16-bit channels, uncompressed.
MAX_ICON_FILE_BYTES = 128 * 1024 * 1024 + 4096
#: Most images one template folder (`<root>/<class>/*`) may hold.
MAX_TEMPLATE_FILES = 1000
#: Most pixels all images of one template folder may have together (64 MiB as kept, grayscale).
MAX_TEMPLATE_PIXELS = 4 * MAX_ICON_PIXELS
#: Formats `load_image` reads (their sizes can be read from the header; cv2 picks the decoder
#: by the same signatures).
ICON_FORMATS = "PNG, JPEG, BMP or WebP"
#: File suffixes of template images in a template folder.
_TEMPLATE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".webp")
#: Most JPEG marker segments (and fill bytes) read while looking for the frame header.
_JPEG_MAX_STEPS = 4096
#: JPEG start-of-frame markers (SOF0-SOF15 without DHT, JPG and DAC), which carry the size.
_JPEG_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


@dataclass(frozen=True)
class IconHit:
    """One icon found in an image: class (or "" for a reference match), box in that image, score."""

    class_name: str
    box: Box
    score: float


class IconModel(Protocol):
    def classes(self) -> frozenset[str]:
        """Icon classes this model knows."""
        ...

    def recognize(self, image: np.ndarray) -> str | None:
        """The class the whole image shows, or None."""
        ...

    def detect(self, image: np.ndarray) -> list[IconHit]:
        """Every known icon found in the image."""
        ...

    def match(self, image: np.ndarray, reference: np.ndarray) -> bool:
        """Whether the image shows the reference icon."""
        ...

    def detect_match(self, image: np.ndarray, reference: np.ndarray) -> list[IconHit]:
        """Every place in the image where the reference icon appears."""
        ...


def _jpeg_size(f: BinaryIO) -> tuple[int, int] | None:
    """Width and height from a JPEG's first start-of-frame segment (`f` is just after the SOI
    marker); None if there is none within _JPEG_MAX_STEPS markers and fill bytes."""
    steps = 0
    while steps < _JPEG_MAX_STEPS:
        if f.read(1) != b"\xff":
            return None
        marker = f.read(1)
        steps += 1
        while marker == b"\xff" and steps < _JPEG_MAX_STEPS:  # fill bytes
            marker = f.read(1)
            steps += 1
        if not marker or marker == b"\xff":
            return None
        m = marker[0]
        if m in _JPEG_SOF:
            seg = f.read(7)  # length, precision, height, width
            if len(seg) < 7:
                return None
            height, width = struct.unpack(">HH", seg[3:7])
            return width, height
        if m in (0xD9, 0xDA):  # end of image, or start of scan before any frame header
            return None
        if m == 0x01 or 0xD0 <= m <= 0xD7:  # markers without a length
            continue
        raw = f.read(2)
        if len(raw) < 2:
            return None
        (length,) = struct.unpack(">H", raw)
        if length < 2:
            return None
        f.seek(length - 2, 1)
    return None


def image_size(path: Path) -> tuple[int, int] | None:
    """(width, height) from the header of a PNG, JPEG, BMP or WebP file, without decoding it;
    None if the file is none of these or its header is malformed."""
    with path.open("rb") as f:
        return _header_size(f)


def _header_size(f: BinaryIO) -> tuple[int, int] | None:
    """`image_size` of an open binary file (or `io.BytesIO`) positioned at its start."""
    head = f.read(32)
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        if len(head) < 24 or head[12:16] != b"IHDR":
            return None
        width, height = struct.unpack(">II", head[16:24])
        return width, height
    if head.startswith(b"\xff\xd8"):
        f.seek(2)
        return _jpeg_size(f)
    if head.startswith(b"BM") and len(head) >= 26:
        (header_size,) = struct.unpack("<I", head[14:18])
        if header_size == 12:  # BITMAPCOREHEADER: 16-bit sizes
            width, height = struct.unpack("<HH", head[18:22])
            return width, height
        width, height = struct.unpack("<ii", head[18:26])
        return abs(width), abs(height)
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP" and len(head) >= 30:
        chunk = head[12:16]
        if chunk == b"VP8X":
            width = int.from_bytes(head[24:27], "little") + 1
            height = int.from_bytes(head[27:30], "little") + 1
            return width, height
        if chunk == b"VP8 " and head[23:26] == b"\x9d\x01\x2a":
            width, height = struct.unpack("<HH", head[26:30])
            return width & 0x3FFF, height & 0x3FFF
        if chunk == b"VP8L" and head[20] == 0x2F:
            bits = int.from_bytes(head[21:25], "little")
            return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    return None


def _read_icon_file(assets: TaskAssets, relpath: str, *, where: str) -> bytes:
    """The bytes of an icon image of the task's folder (at most MAX_ICON_FILE_BYTES); a
    TaskCompileError naming `where` otherwise (one text for missing and forbidden files)."""
    try:
        return assets.read(relpath, where=where, field="icon image",
                           max_bytes=MAX_ICON_FILE_BYTES, limit_name="MAX_ICON_FILE_BYTES")
    except AssetError as exc:
        raise TaskCompileError(str(exc)) from None


def _checked_size(data: bytes, relpath: str, *, where: str) -> tuple[int, int]:
    """The (width, height) of an icon image's bytes within the limits, read from its header;
    TaskCompileError naming `where`, the file and the limit otherwise. Nothing is decoded."""
    size = _header_size(io.BytesIO(data))
    if size is None:
        raise TaskCompileError(f"{where}: icon image {relpath!r} is not a {ICON_FORMATS} image "
                               "whose size can be read from its header")
    width, height = size
    if width * height > MAX_ICON_PIXELS:
        side = math.isqrt(MAX_ICON_PIXELS)
        raise TaskCompileError(
            f"{where}: icon image {relpath!r} is {width}x{height} = {width * height:,} pixels, "
            f"more than MAX_ICON_PIXELS = {MAX_ICON_PIXELS:,} ({side}x{side}); scale it down")
    return width, height


def _decode(data: bytes, relpath: str, *, where: str) -> np.ndarray:
    img = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_UNCHANGED)
    if img is None:
        raise TaskCompileError(f"{where}: icon image {relpath!r} cannot be read as an image")
    return _gray(img, bgr=True)


def load_asset_image(assets: TaskAssets, relpath: str, *, where: str) -> np.ndarray:
    """Read icon image `relpath` of a task's folder as grayscale uint8; TaskCompileError naming
    `where` if it is missing, outside the folder, unreadable or over the limits (checked from
    its header before decoding)."""
    data = _read_icon_file(assets, relpath, where=where)
    _checked_size(data, relpath, where=where)
    return _decode(data, relpath, where=where)


def check_image_file(path: Path, *, where: str) -> tuple[int, int]:
    """The (width, height) of the icon image file `path` within the limits (nothing decoded);
    TaskCompileError naming `where`, the file and the limit otherwise."""
    path = Path(path)
    data = _read_icon_file(TaskAssets(path.parent), path.name, where=where)
    return _checked_size(data, path.name, where=where)


def load_image(path: Path, *, where: str) -> np.ndarray:
    """`load_asset_image` of a file given by its path (code, not a task file, chose it)."""
    path = Path(path)
    return load_asset_image(TaskAssets(path.parent), path.name, where=where)


def load_templates(assets: TaskAssets, folder: str, *,
                   where: str) -> dict[str, list[np.ndarray]]:
    """The template images `<folder>/<class>/*` of a task's folder, by class, after checking
    every file's header and the folder's totals against MAX_ICON_PIXELS, MAX_TEMPLATE_FILES and
    MAX_TEMPLATE_PIXELS. A missing folder (or one leading out of the task's folder) has none."""
    files: list[tuple[str, str]] = []
    for class_dir, is_dir in assets.entries(folder):
        if not is_dir:
            continue
        images: list[str] = []
        for rel, sub_is_dir in assets.entries(class_dir):
            if not sub_is_dir and rel.lower().endswith(_TEMPLATE_SUFFIXES):
                images.append(rel)
                if len(files) + len(images) > MAX_TEMPLATE_FILES:
                    raise TaskCompileError(f"{where}: more than MAX_TEMPLATE_FILES = "
                                           f"{MAX_TEMPLATE_FILES:,} template images")
        name = class_dir.rsplit("/", 1)[-1]
        files.extend((name, rel) for rel in images)
    total = 0
    out: dict[str, list[np.ndarray]] = {}
    for name, rel in files:  # one file's bytes at a time; pixels counted before decoding
        data = _read_icon_file(assets, rel, where=where)
        width, height = _checked_size(data, rel, where=where)
        total += width * height
        if total > MAX_TEMPLATE_PIXELS:
            raise TaskCompileError(f"{where}: the template images have more than "
                                   f"MAX_TEMPLATE_PIXELS = {MAX_TEMPLATE_PIXELS:,} pixels "
                                   f"together (reached at {rel!r})")
        out.setdefault(name, []).append(_decode(data, rel, where=where))
    return out


def _gray(img: np.ndarray, *, bgr: bool = False) -> np.ndarray:
    if img.ndim == 2:
        return img.astype(np.uint8, copy=False)
    if img.shape[2] == 4:  # composite on white one channel at a time (bounded temporaries)
        alpha = img[:, :, 3].astype(np.float32) / 255.0
        background = 255.0 * (1 - alpha)
        out = np.empty(img.shape[:2] + (3,), np.uint8)
        for c in range(3):
            channel = img[:, :, c].astype(np.float32)
            channel *= alpha
            channel += background
            out[:, :, c] = channel
        img = out
    return cv2.cvtColor(np.ascontiguousarray(img[:, :, :3]), cv2.COLOR_BGR2GRAY if bgr else cv2.COLOR_RGB2GRAY)


def _similarity(a: np.ndarray, b: np.ndarray) -> float:
    """Correlation of two same-size grayscale images in [-1, 1] (flat images compare by mean)."""
    sa, sb = float(a.std()), float(b.std())
    if sa < 1e-3 or sb < 1e-3:
        return 1.0 if sa < 1e-3 and sb < 1e-3 and abs(float(a.mean()) - float(b.mean())) < 8 else 0.0
    return float(cv2.matchTemplate(a, b, cv2.TM_CCOEFF_NORMED)[0, 0])


def _nms(hits: list[IconHit], iou: float = 0.3) -> list[IconHit]:
    kept: list[IconHit] = []
    for h in sorted(hits, key=lambda h: -h.score):
        ok = True
        for k in kept:
            ix = max(0, min(h.box[2], k.box[2]) - max(h.box[0], k.box[0]))
            iy = max(0, min(h.box[3], k.box[3]) - max(h.box[1], k.box[1]))
            inter = ix * iy
            union = (h.box[2] - h.box[0]) * (h.box[3] - h.box[1]) + (k.box[2] - k.box[0]) * (k.box[3] - k.box[1]) - inter
            if union > 0 and inter / union > iou:
                ok = False
                break
        if ok:
            kept.append(h)
    return kept


class TemplateIconModel:
    """OpenCV template matching. `templates` is a folder of `<class>/*.png` or a class -> images map."""

    def __init__(self, templates: Path | str | Mapping[str, Sequence[np.ndarray]] | None = None, *,
                 threshold: float = 0.8, scales: Sequence[float] = (1.0,), max_hits: int = 50) -> None:
        self.threshold = threshold
        self.scales = tuple(scales)
        self.max_hits = max_hits
        self._templates: dict[str, list[np.ndarray]] = {}
        if isinstance(templates, (str, Path)):
            self._load_folder(Path(templates))
        elif templates is not None:
            for name, images in templates.items():
                self._templates[name] = [_gray(np.asarray(i)) if np.asarray(i).ndim == 3 else np.asarray(i, np.uint8) for i in images]

    def _load_folder(self, root: Path) -> None:
        """Load `<root>/<class>/*` images through the same checks as a task's templates."""
        for name, images in load_templates(TaskAssets(root), ".",
                                           where=f"icon templates {root}").items():
            self._templates.setdefault(name, []).extend(images)

    def classes(self) -> frozenset[str]:
        return frozenset(self._templates)

    def recognize(self, image: np.ndarray) -> str | None:
        g = _gray(image) if image.ndim == 3 else image
        best, best_score = None, self.threshold
        for name, tpls in self._templates.items():
            for tpl in tpls:
                if g.shape[0] < 2 or g.shape[1] < 2:
                    continue
                s = _similarity(cv2.resize(g, (tpl.shape[1], tpl.shape[0]), interpolation=cv2.INTER_AREA), tpl)
                if s >= best_score:
                    best, best_score = name, s
        return best

    def _find(self, g: np.ndarray, tpl: np.ndarray, name: str) -> list[IconHit]:
        hits: list[IconHit] = []
        for scale in self.scales:
            t = tpl if scale == 1.0 else cv2.resize(tpl, (max(1, round(tpl.shape[1] * scale)), max(1, round(tpl.shape[0] * scale))))
            th, tw = t.shape[:2]
            if th > g.shape[0] or tw > g.shape[1]:
                continue
            if float(t.std()) < 1e-3:
                continue  # a flat template matches everywhere; not an icon
            res = np.nan_to_num(cv2.matchTemplate(g, t, cv2.TM_CCOEFF_NORMED), nan=0.0, posinf=0.0, neginf=0.0)
            ys, xs = np.nonzero(res >= self.threshold)
            if len(xs) > 10 * self.max_hits:
                order = np.argsort(-res[ys, xs])[: 10 * self.max_hits]
                ys, xs = ys[order], xs[order]
            hits.extend(IconHit(name, (int(x), int(y), int(x) + tw, int(y) + th), float(res[y, x])) for y, x in zip(ys, xs))
        return hits

    def detect(self, image: np.ndarray) -> list[IconHit]:
        g = _gray(image) if image.ndim == 3 else image
        hits: list[IconHit] = []
        for name, tpls in self._templates.items():
            for tpl in tpls:
                hits.extend(self._find(g, tpl, name))
        return _nms(hits)[: self.max_hits]

    def match(self, image: np.ndarray, reference: np.ndarray) -> bool:
        g = _gray(image) if image.ndim == 3 else image
        reference = _gray(reference) if reference.ndim == 3 else reference
        if g.shape[0] >= 2 and g.shape[1] >= 2:
            whole = cv2.resize(g, (reference.shape[1], reference.shape[0]), interpolation=cv2.INTER_AREA)
            if _similarity(whole, reference) >= self.threshold:
                return True
        return bool(self._find(g, reference, ""))

    def detect_match(self, image: np.ndarray, reference: np.ndarray) -> list[IconHit]:
        g = _gray(image) if image.ndim == 3 else image
        reference = _gray(reference) if reference.ndim == 3 else reference
        return _nms(self._find(g, reference, ""))[: self.max_hits]
