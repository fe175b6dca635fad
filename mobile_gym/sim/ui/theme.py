"""Material default colours (ARGB ints) used by the widgets' drawing."""

from __future__ import annotations

WHITE = 0xFFFFFFFF
BLACK = 0xFF000000
TEXT = 0xFF1F1F1F            # primary text
TEXT_SECONDARY = 0xFF5F6368  # secondary text
HINT = 0xFF80868B            # hint text
DISABLED_TEXT = 0x611F1F1F   # 38% text
PRIMARY = 0xFF1A73E8         # accent / primary
ON_PRIMARY = 0xFFFFFFFF
SURFACE = 0xFFFFFFFF
DIVIDER = 0x1F000000
ICON = 0xFF444746
CONTROL_OFF = 0xFF757575     # unchecked box / radio outline
SWITCH_TRACK_OFF = 0xFFBDC1C6
PRESSED_OVERLAY = 0x1F000000
SELECTION = 0x661A73E8       # selected text highlight
DIM = 0x99000000             # behind dialogs (backgroundDimAmount 0.6)
KEYBOARD_BG = 0xFFE8EAED
KEY_BG = 0xFFFFFFFF
KEY_FN_BG = 0xFFD2D5DA
