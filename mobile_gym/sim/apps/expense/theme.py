"""Pro Expense's colours in its default theme: dark (`theme_mode` defaults to MODE_NIGHT_YES),
from `values-night/theme.xml` and `values/colors.xml`; sizes from `dimen.xml` (grid_1 = 4dp)."""

from __future__ import annotations

from ...ui.units import dp, sp

PRIMARY = 0xFF81D4FA        # blue_light_200 (colorPrimary, night)
ON_PRIMARY = 0xFF212121     # dark_gray
SURFACE = 0xFF212121        # colorSurface / backgroundColor (night)
CARD = 0xFF2D2D2D           # a MaterialCardView's elevation overlay on the dark surface [I]
ON_SURFACE = 0xFFF5F5F5     # gray_100
TEXT_SECONDARY = 0xB3F5F5F5
NEGATIVE = 0xFFE57373       # red_300 (colorNegative, night)
ON_NEGATIVE = 0xFFF5F5F5
POSITIVE = 0xFF81C784       # green_300
RED_BACK = 0xFFEF5350       # red_400: the swipe-to-delete background of a log row
CATEGORY_BG = 0xFFB3E5FC    # blue_light_100: the category icon card
CHIP = 0xFF3A3A3A
CHECKED_ITEM = 0x3381D4FA  # the drawer's checked item: colorPrimary at 20% [I]
SCRIM = 0x99000000
SPLASH = 0xFF039BE5         # blue_light_500

GRID_1, GRID_2, GRID_3 = dp(4), dp(8), dp(16)   # dimen grid_1..grid_3
TOOLBAR_HEIGHT = dp(56)
ICON_BUTTON = dp(48)
FAB_SIZE = dp(56)
TITLE_TEXT = sp(20)
BODY_TEXT = sp(16)
SMALL_TEXT = sp(14)
CAPTION_TEXT = sp(12)
ROW_HEIGHT = dp(72)
LOCK_START = dp(46)         # SwipeFrameLayout.lockStartMargin: a selected row slides right
LOCK_END = dp(80)           # lockEndMargin: a row slides left to show its delete button
MIN_START = dp(30)          # minStartMargin: the drag right that selects
MIN_END = dp(40)            # minEndMargin: the drag left that shows the delete button
