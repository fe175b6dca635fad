"""Broccoli's colours and sizes (`values/colors.xml`, `themes.xml` Theme.Broccoli on
Theme.MaterialComponents.DayNight, light; `dimens.xml`)."""

from __future__ import annotations

from ...ui.units import dp, sp

PRIMARY = 0xFF2E7D32            # green_800: colorPrimary / colorPrimarySurface (app bars)
PRIMARY_VARIANT = 0xFF1B5E20    # green_900: the status bar scrim
SECONDARY_TOOLBAR = 0xFF4CAF50  # green_500: colorSecondaryToolbar (the list's toolbar)
CONTROL_NORMAL = 0xFF757575     # gray_600: icons, hints
OUTLINE = 0xFFBDBDBD            # gray_400
ON_PRIMARY = 0xFFFFFFFF
BACKGROUND = 0xFFFFFFFF
SURFACE = 0xFFFFFFFF
TEXT = 0xDE000000               # MaterialComponents on-surface text (87 %)
TEXT_SECONDARY = 0x99000000     # 60 %
DIVIDER = 0x1F000000
CARD_BG = 0xFFFFFFFF
PLACEHOLDER_BG = 0xFFE8F5E9     # the recipe photo placeholder's pale green
ERROR = 0xFFB00020              # colorError
SCRIM = 0x99000000              # the navigation drawer's scrim

TEXT_MARGIN = dp(16)
FAB_MARGIN = dp(16)
TOOLBAR_HEIGHT = dp(56)
CARD_HEIGHT = dp(120)
NAV_HEADER_HEIGHT = dp(176)
DRAWER_WIDTH = dp(280)

LARGE_TEXT = sp(22)             # TextAppearance.AppCompat.Large
MEDIUM_TEXT = sp(18)            # TextAppearance.AppCompat.Medium
BODY_TEXT = sp(14)
TITLE_TEXT = sp(20)             # TextAppearance.AppCompat.Title
