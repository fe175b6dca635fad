"""Screen units and layout-size constants.

Views are laid out in device pixels. `dp`/`sp` convert density-independent sizes the way
Android does (`px = v * density / 160`, rounded); the default display is a Pixel 6
(density 420, so 1 dp = 2.625 px).
"""

from __future__ import annotations

DEFAULT_DENSITY = 420
DEFAULT_WIDTH = 1080
DEFAULT_HEIGHT = 2400

MATCH_PARENT = -1
WRAP_CONTENT = -2


def dp(v: float, density: int = DEFAULT_DENSITY) -> int:
    """Density-independent pixels to device pixels (rounded, like TypedValue)."""
    return int(round(v * density / 160.0))


def sp(v: float, density: int = DEFAULT_DENSITY) -> int:
    """Scale-independent pixels (font scale 1.0) to device pixels."""
    return int(round(v * density / 160.0))


