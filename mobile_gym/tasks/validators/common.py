"""What every validator shares: the verdict type and AndroidWorld-style fuzzy text matching."""

from __future__ import annotations

from dataclasses import dataclass

from rapidfuzz import fuzz

DEFAULT_THRESHOLD = 0.9  # AndroidWorld's fuzzy_match ratio


@dataclass(frozen=True)
class Verdict:
    """A validator's answer: truthy on success; `reason` says what failed (or what matched)."""

    ok: bool
    reason: str = ""

    def __bool__(self) -> bool:
        return self.ok


def fuzzy_match(expected: object, actual: object, threshold: float = DEFAULT_THRESHOLD) -> bool:
    """Case-insensitive similarity ratio >= `threshold`, like AndroidWorld's fuzzy_match.

    The ratio is rapidfuzz's normalised Indel similarity (2 * matches / total length, the same
    quantity difflib's `ratio` approximates). Strict where AndroidWorld is loose: an empty text
    only matches an empty text, and None only matches None.
    """
    if expected is None or actual is None:
        return expected is None and actual is None
    a, b = str(expected).lower(), str(actual).lower()
    if not a or not b:
        return a == b
    if not 0.0 < threshold <= 1.0:
        raise ValueError(f"fuzzy threshold must be in (0, 1], got {threshold}")
    return fuzz.ratio(a, b) / 100.0 >= threshold
