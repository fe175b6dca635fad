"""Icon models for icon_recognize / icon_detect / icon_match / icon_detect_match sources.

`TemplateIconModel` uses OpenCV normalised cross-correlation (TM_CCOEFF_NORMED) on grayscale
images: per-class template folders (`<root>/<class>/*.png`) for recognize/detect, and the
source's reference image for match/detect_match. Mobile-Env shipped only interfaces and random
stubs here; a task that needs an icon class without templates fails when the engine is built.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import cv2
import numpy as np

from mobile_gym.events.errors import TaskCompileError

__all__ = ["IconHit", "IconModel", "TemplateIconModel", "load_image"]

Box = tuple[int, int, int, int]


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


def load_image(path: Path, *, where: str) -> np.ndarray:
    """Read an image file as grayscale uint8; TaskCompileError naming `where` if unreadable."""
    if not path.is_file():
        raise TaskCompileError(f"{where}: icon image {str(path)!r} does not exist")
    img = cv2.imread(str(path), cv2.IMREAD_UNCHANGED)
    if img is None:
        raise TaskCompileError(f"{where}: icon image {str(path)!r} cannot be read as an image")
    return _gray(img, bgr=True)


def _gray(img: np.ndarray, *, bgr: bool = False) -> np.ndarray:
    if img.ndim == 2:
        return img.astype(np.uint8, copy=False)
    if img.shape[2] == 4:
        alpha = img[:, :, 3:4].astype(np.float32) / 255.0
        img = (img[:, :, :3].astype(np.float32) * alpha + 255.0 * (1 - alpha)).astype(np.uint8)
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
            root = Path(templates)
            if root.is_dir():
                for d in sorted(p for p in root.iterdir() if p.is_dir()):
                    imgs = [load_image(f, where=f"icon templates {root}") for f in sorted(d.iterdir())
                            if f.suffix.lower() in (".png", ".jpg", ".jpeg", ".bmp", ".webp")]
                    if imgs:
                        self._templates[d.name] = imgs
        elif templates is not None:
            for name, images in templates.items():
                self._templates[name] = [_gray(np.asarray(i)) if np.asarray(i).ndim == 3 else np.asarray(i, np.uint8) for i in images]

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
