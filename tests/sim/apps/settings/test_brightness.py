"""Brightness slider maths (AOSP BrightnessUtils)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mobile_gym.sim.apps.settings.brightness import (
    GAMMA_SPACE_MAX,
    MIN_BRIGHTNESS_INT,
    percent,
    percent_text,
    setting_for_position,
    slider_position,
)


def test_known_points() -> None:
    assert percent_text(102) == "83%"  # AOSP default setting 102, slider range 0.0..1.0
    assert MIN_BRIGHTNESS_INT == 1     # the left end writes 1 (BrightnessInfo minimum 0.0)
    assert percent(255) == 100
    assert percent(MIN_BRIGHTNESS_INT) == 0
    assert setting_for_position(GAMMA_SPACE_MAX) == 255
    assert setting_for_position(0) == MIN_BRIGHTNESS_INT


@given(st.integers(min_value=MIN_BRIGHTNESS_INT, max_value=255))
def test_round_trip_setting(setting: int) -> None:
    assert setting_for_position(slider_position(setting)) == setting


@given(st.integers(0, GAMMA_SPACE_MAX), st.integers(0, GAMMA_SPACE_MAX))
def test_monotonic(a: int, b: int) -> None:
    lo, hi = sorted((a, b))
    assert setting_for_position(lo) <= setting_for_position(hi)


def test_bad_values_named() -> None:
    with pytest.raises(ValueError, match="70000"):
        setting_for_position(70000)
    with pytest.raises(ValueError, match="300"):
        slider_position(300)
