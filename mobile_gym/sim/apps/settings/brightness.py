"""Brightness slider maths as Android 13 does it (SystemUI/SettingsLib `BrightnessUtils`).

The slider works in a 0..65535 "gamma space" (Hybrid Log Gamma curve), the setting
`system screen_brightness` is an int 1..255 and the display works with a float 0..1
(`BrightnessSynchronizer`: float = (int - 1) / 254). Settings' "Brightness level" summary is
the slider position as a percentage.

The slider's range is the display's `BrightnessInfo` range (SystemUI `BrightnessController`
reads `brightnessMinimum` / `brightnessMaximum`), which Android 13's `DisplayPowerController`
takes from its `HighBrightnessModeController`, built with `PowerManager.BRIGHTNESS_MIN` (0.0) and
`BRIGHTNESS_MAX` (1.0) -- not from `config_screenBrightnessSettingMinimum` (10, which only
PowerManagerService's own setting range uses). So the slider's left end is float 0.0 and
writes `screen_brightness` 1 (`brightnessFloatToInt(0.0)` = round(0 x 254 + 1)); its right end
writes 255. This is also the value AndroidWorld's SystemBrightnessMin checks for.
"""

from __future__ import annotations

import math

GAMMA_SPACE_MIN = 0
GAMMA_SPACE_MAX = 65535
_R = 0.5
_A = 0.17883277
_B = 0.28466892
_C = 0.55991073

MIN_BRIGHTNESS_INT = 1    # what the slider's left end writes (BrightnessInfo minimum 0.0)
MAX_BRIGHTNESS_INT = 255


def int_to_float(value: int) -> float:
    """`BrightnessSynchronizer.brightnessIntToFloat` (1..255 -> 0..1)."""
    if not 0 <= value <= 255:
        raise ValueError(f"screen_brightness must be 0..255, got {value}")
    if value == 0:
        return 0.0
    return (value - 1) / 254.0


def float_to_int(value: float) -> int:
    """`BrightnessSynchronizer.brightnessFloatToInt` (0..1 -> 1..255)."""
    return round(min(max(value, 0.0), 1.0) * 254.0 + 1.0)


_MIN_F = 0.0  # PowerManager.BRIGHTNESS_MIN = BrightnessInfo.brightnessMinimum
_MAX_F = 1.0  # PowerManager.BRIGHTNESS_MAX


def linear_to_gamma(value: float, lo: float = _MIN_F, hi: float = _MAX_F) -> int:
    """`convertLinearToGammaFloat`: display brightness -> slider position 0..65535."""
    norm = (value - lo) / (hi - lo) * 12.0
    norm = max(norm, 0.0)
    if norm <= 1.0:
        ret = math.sqrt(norm) * _R
    else:
        ret = _A * math.log(norm - _B) + _C
    return round(GAMMA_SPACE_MIN + (GAMMA_SPACE_MAX - GAMMA_SPACE_MIN) * ret)


def gamma_to_linear(position: int, lo: float = _MIN_F, hi: float = _MAX_F) -> float:
    """`convertGammaToLinearFloat`: slider position 0..65535 -> display brightness."""
    norm = (position - GAMMA_SPACE_MIN) / (GAMMA_SPACE_MAX - GAMMA_SPACE_MIN)
    if norm <= _R:
        ret = (norm / _R) ** 2
    else:
        ret = math.exp((norm - _C) / _A) + _B
    ret = min(max(ret, 0.0), 12.0)
    return lo + (hi - lo) * ret / 12.0


def slider_position(setting: int) -> int:
    """Slider position (0..65535) that shows the `screen_brightness` setting."""
    return min(max(linear_to_gamma(int_to_float(setting)), GAMMA_SPACE_MIN), GAMMA_SPACE_MAX)


def setting_for_position(position: int) -> int:
    """The `screen_brightness` int a slider position writes."""
    if not GAMMA_SPACE_MIN <= position <= GAMMA_SPACE_MAX:
        raise ValueError(f"slider position must be 0..65535, got {position}")
    return float_to_int(gamma_to_linear(position))


def percent(setting: int) -> int:
    """The "Brightness level" summary number: slider position in percent (0..100)."""
    return round(100.0 * slider_position(setting) / GAMMA_SPACE_MAX)


def percent_text(setting: int) -> str:
    """Summary text, e.g. "83%"."""
    return f"{percent(setting)}%"
