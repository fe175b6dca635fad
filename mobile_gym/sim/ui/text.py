"""Roboto fonts, text measurement, line breaking and ellipsizing with Skia.

Fonts come from the `font-roboto` package. Characters Roboto lacks ("→", "✓", emoji, other
scripts) are drawn with Noto fallback fonts from the `manimgx-fonts` package (Noto Sans Symbols,
Noto Emoji, the Noto Sans script faces), as Android falls back to its Noto fonts; Chinese,
Japanese and Korean use `manimgx-fonts-cjk` when it is installed (20 MB, so optional). A text
is split into runs of one typeface each (`font_runs`); widths and drawing go run by run.
Typefaces and measurements are memoised with `functools.lru_cache` (pure functions of their
arguments, so the caches hold no simulator state).
"""

from __future__ import annotations

import functools
import importlib.util
from dataclasses import dataclass
from pathlib import Path

import font_roboto
import skia

ELLIPSIS = "\u2026"

_FONT_DIR = Path(font_roboto.__file__).resolve().parent / "files"
_WEIGHT_FILES = {"regular": "Roboto-Regular.ttf", "medium": "Roboto-Medium.ttf",
                 "bold": "Roboto-Bold.ttf"}


@functools.cache
def _font_manager() -> skia.FontMgr:
    return skia.FontMgr.New_Custom_Directory(str(_FONT_DIR))


@functools.cache
def typeface(weight: str = "regular") -> skia.Typeface:
    """Roboto in the given weight ("regular", "medium" or "bold")."""
    try:
        name = _WEIGHT_FILES[weight]
    except KeyError:
        raise KeyError(f"unknown font weight {weight!r}; known: {sorted(_WEIGHT_FILES)}") from None
    path = _FONT_DIR / name
    # A font manager over the package's own font folder: the system's fontconfig is never
    # consulted, so frames do not depend on the fonts installed on the machine.
    tf = _font_manager().makeFromFile(str(path))
    if tf is None:
        raise FileNotFoundError(f"cannot load font {path}")
    return tf


# Fallback faces in the order they are tried (Android's fonts.xml order: symbols, emoji, scripts).
_FALLBACK_FILES = ("NotoSansSymbols[wght].ttf", "NotoEmoji[wght].ttf", "NotoSans[wght].ttf")
_FALLBACK_PACKAGES = ("manimgx_fonts", "manimgx_fonts_cjk")


def _package_dir(name: str) -> Path | None:
    """Where an installed package's files are, found without importing it."""
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


@functools.cache
def fallback_typefaces() -> tuple[skia.Typeface, ...]:
    """The fallback faces for characters Roboto lacks: the named Noto files first, then every
    other font file of the fallback packages (script faces, CJK), in name order."""
    faces: list[skia.Typeface] = []
    for package in _FALLBACK_PACKAGES:
        folder = _package_dir(package)
        if folder is None:
            continue
        manager = skia.FontMgr.New_Custom_Directory(str(folder))
        files = sorted(p for p in folder.iterdir() if p.suffix.lower() in (".ttf", ".otf", ".ttc"))
        files.sort(key=lambda p: (_FALLBACK_FILES.index(p.name) if p.name in _FALLBACK_FILES
                                  else len(_FALLBACK_FILES), p.name))
        for path in files:
            tf = manager.makeFromFile(str(path))
            if tf is not None:
                faces.append(tf)
    return tuple(faces)


@functools.lru_cache(maxsize=512)
def font(size: float, weight: str = "regular", face: int = 0) -> skia.Font:
    """A Skia font with antialiasing and subpixel positioning (like Android's default paint):
    Roboto in `weight` for face 0, else fallback face `face - 1`."""
    tf = typeface(weight) if face == 0 else fallback_typefaces()[face - 1]
    f = skia.Font(tf, float(size))
    f.setSubpixel(True)
    f.setEdging(skia.Font.Edging.kAntiAlias)
    return f


@functools.lru_cache(maxsize=8192)
def font_runs(text: str, weight: str = "regular") -> tuple[tuple[str, int], ...]:
    """`text` as runs of (substring, face): face 0 is Roboto, n the n-th fallback face; a
    character no face has stays in a Roboto run (and draws as Roboto's missing-glyph box)."""
    primary = typeface(weight)
    glyphs = primary.unicharsToGlyphs([ord(c) for c in text])
    if all(glyphs):
        return ((text, 0),) if text else ()
    runs: list[tuple[str, int]] = []
    for ch, glyph in zip(text, glyphs):
        face = 0
        if not glyph:
            cp = ord(ch)
            face = next((k + 1 for k, tf in enumerate(fallback_typefaces()) if tf.unicharToGlyph(cp)), 0)
        if runs and runs[-1][1] == face:
            runs[-1] = (runs[-1][0] + ch, face)
        else:
            runs.append((ch, face))
    return tuple(runs)


def draw_text(canvas: skia.Canvas, text: str, x: float, baseline: float, size: float, weight: str,
              paint: skia.Paint) -> None:
    """Draw one line of text starting at x on `baseline`, each run in its own typeface."""
    for run, face in font_runs(text, weight):
        f = font(size, weight, face)
        canvas.drawString(run, x, baseline, f, paint)
        x += f.measureText(run)


@dataclass(frozen=True)
class LineMetrics:
    """Vertical metrics of one text line in px: baseline offset from top and line height."""

    ascent: float   # positive distance from the line top to the baseline
    descent: float  # positive distance from the baseline to the line bottom
    height: int


@functools.lru_cache(maxsize=512)
def line_metrics(size: float, weight: str = "regular") -> LineMetrics:
    """TextView line metrics with includeFontPadding (Roboto top/bottom extents)."""
    m = font(size, weight).getMetrics()
    ascent = -m.fTop
    descent = m.fBottom
    return LineMetrics(ascent, descent, int(round(ascent + descent)))


@functools.lru_cache(maxsize=8192)
def text_width(text: str, size: float, weight: str = "regular") -> float:
    """Advance width of a single-line string in px."""
    if not text:
        return 0.0
    return sum(font(size, weight, face).measureText(run) for run, face in font_runs(text, weight))


def _fit_prefix(text: str, size: float, weight: str, max_width: float) -> int:
    """Longest prefix length whose width fits `max_width` (at least 0)."""
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid], size, weight) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return lo


def ellipsize(text: str, size: float, weight: str, max_width: float) -> str:
    """`text` cut at the end with an ellipsis so that it fits `max_width` (TruncateAt.END)."""
    if text_width(text, size, weight) <= max_width:
        return text
    room = max_width - text_width(ELLIPSIS, size, weight)
    if room <= 0:
        return ""
    n = _fit_prefix(text, size, weight, room)
    return text[:n].rstrip() + ELLIPSIS


@functools.lru_cache(maxsize=4096)
def wrap_lines(text: str, size: float, weight: str, max_width: float | None,
               max_lines: int | None) -> tuple[str, ...]:
    """Break `text` into lines at spaces (mid-word when a word alone is too wide) to fit
    `max_width`; newlines start new lines; when lines are cut off by `max_lines` the last
    shown line ends with an ellipsis. `max_lines == 1` ellipsizes the whole text on one line."""
    if max_lines == 1:
        one = text.replace("\n", " ")
        if max_width is None:
            return (one,)
        return (ellipsize(one, size, weight, max_width),)
    out: list[str] = []
    truncated = False
    for para in text.split("\n"):
        if max_lines is not None and len(out) >= max_lines:
            truncated = True
            break
        rest = para
        if not rest:
            out.append("")
            continue
        while rest:
            if max_lines is not None and len(out) >= max_lines:
                truncated = True
                break
            if max_width is None or text_width(rest, size, weight) <= max_width:
                out.append(rest)
                break
            n = _fit_prefix(rest, size, weight, max_width)
            cut = rest.rfind(" ", 0, n + 1)
            if cut <= 0:
                cut = max(n, 1)
                line, rest = rest[:cut], rest[cut:]
            else:
                line, rest = rest[:cut], rest[cut + 1:]
            out.append(line)
    if truncated and out:
        last = out[-1]
        if max_width is None:
            out[-1] = last + ELLIPSIS
        else:
            room = max_width - text_width(ELLIPSIS, size, weight)
            n = _fit_prefix(last, size, weight, room) if room > 0 else 0
            out[-1] = last[:n].rstrip() + ELLIPSIS
    return tuple(out)
