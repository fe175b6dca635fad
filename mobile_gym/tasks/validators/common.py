"""What every validator shares: the verdict type and AndroidWorld-style fuzzy text matching."""

from __future__ import annotations

import difflib
from dataclasses import dataclass

DEFAULT_THRESHOLD = 0.9  # AndroidWorld's fuzzy_match ratio


@dataclass(frozen=True)
class Verdict:
    """A validator's answer: truthy on success; `reason` says what failed (or what matched)."""

    ok: bool
    reason: str = ""

    def __bool__(self) -> bool:
        return self.ok


def fuzzy_match(expected: object, actual: object, threshold: float = DEFAULT_THRESHOLD) -> bool:
    """Case-insensitive similarity ratio >= `threshold`, AndroidWorld's fuzzy_match measure.

    The ratio is `difflib.SequenceMatcher(None, a, b).ratio()` on the lower-cased texts, as
    AndroidWorld computes it (rapidfuzz's Indel ratio is never below it, so it would accept
    more). Strict where AndroidWorld is loose: an empty text only matches an empty text, and
    None only matches None.
    """
    if expected is None or actual is None:
        return expected is None and actual is None
    a, b = str(expected).lower(), str(actual).lower()
    if not a or not b:
        return a == b
    if not 0.0 < threshold <= 1.0:
        raise ValueError(f"fuzzy threshold must be in (0, 1], got {threshold}")
    if a == b:
        return True
    matcher = difflib.SequenceMatcher(None, a, b)
    # real_quick_ratio() and quick_ratio() are upper bounds of ratio(): a pair that fails them
    # fails ratio() too, without the quadratic matching-block search (checks run every step).
    return (matcher.real_quick_ratio() >= threshold and matcher.quick_ratio() >= threshold
            and matcher.ratio() >= threshold)
