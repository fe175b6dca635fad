"""Colours and sizes of Simple Calendar Pro with the system (Material You, light) theme.

API 33 devices use `isUsingSystemTheme` = true, so surfaces follow the system palette; event
colours come from the event type (the "Regular event" type gets the system accent1_400).
"""

from __future__ import annotations

from ...ui.units import dp, sp

BACKGROUND = 0xFFFEFBFF
SURFACE_VARIANT = 0xFFE1E2EC     # search bar / chips
TEXT = 0xFF1B1B1F
TEXT_SECONDARY = 0xFF45464F
TEXT_DISABLED = 0x611B1B1F
PRIMARY = 0xFF445E91             # system accent (default wallpaper palette) [I]
ON_PRIMARY = 0xFFFFFFFF
PRIMARY_CONTAINER = 0xFFD8E2FF
DIVIDER = 0x1F000000
RED_TEXT = 0xFFD32F2F
SCRIM = 0x99000000
REGULAR_EVENT_COLOR = 0xFF7791C7  # system_accent1_400 (tone 60 of PRIMARY's palette)
WHITE = 0xFFFFFFFF

ACTIVITY_MARGIN = dp(16)
NORMAL_MARGIN = dp(12)
MEDIUM_MARGIN = dp(8)
SMALL_MARGIN = dp(6)
TINY_MARGIN = dp(2)

NORMAL_TEXT = sp(14)
BIG_TEXT = sp(16)
DAY_TEXT = sp(18)           # @dimen/day_text_size (editor fields)
SMALL_TEXT = sp(12)
SMALLER_TEXT = sp(10)
ACTIONBAR_TEXT = sp(20)

TOOLBAR_HEIGHT = dp(56)
ICON_BUTTON = dp(48)
FAB_SIZE = dp(56)


def argb_to_color(value: int) -> int:
    """A stored signed 32-bit colour (as in event_types.color) to an unsigned ARGB int."""
    return value & 0xFFFFFFFF
