"""The Dict observation space of a MobileEnv: pixels, view hierarchy and instruction."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from gymnasium import spaces

from mobile_gym.spaces.text import UnicodeText
from mobile_gym.spaces.view_hierarchy import ViewHierarchy

#: The simulated Pixel 6 (what the hierarchy space's `sample()` lays out on).
DEFAULT_SCREEN: tuple[int, int] = (1080, 2400)


def observation_space(obs_keys: Sequence[str], obs_size: tuple[int, int], *,
                      instruction_max_length: int,
                      screen_size: tuple[int, int] = DEFAULT_SCREEN) -> spaces.Dict:
    """`pixels` uint8 (height, width, 3) at `obs_size` (width, height), `view_hierarchy`
    (uiautomator XML: the device dump or the all-windows forest, see EnvConfig.hierarchy) and
    `instruction` (text), for the keys asked for."""
    width, height = obs_size
    obs: dict[str, spaces.Space] = {}
    if "pixels" in obs_keys:
        obs["pixels"] = spaces.Box(0, 255, shape=(height, width, 3), dtype=np.uint8)
    if "view_hierarchy" in obs_keys:
        obs["view_hierarchy"] = ViewHierarchy(screen_size)
    if "instruction" in obs_keys:
        obs["instruction"] = UnicodeText(instruction_max_length)
    return spaces.Dict(obs)
