"""PixelsOnly: the observation is just the `pixels` array (for CNN policies, SB3 CnnPolicy)."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
from gymnasium import spaces


class PixelsOnly(gym.ObservationWrapper):
    """Dict observation -> its `pixels` Box (H, W, 3) uint8."""

    def __init__(self, env: gym.Env) -> None:
        super().__init__(env)
        space = env.observation_space
        if not isinstance(space, spaces.Dict) or "pixels" not in space.spaces:
            raise ValueError(f"PixelsOnly needs a Dict observation with 'pixels'; got {space}")
        self.observation_space = space.spaces["pixels"]

    def record_spec(self) -> dict[str, Any]:
        return {}

    def observation(self, observation: dict[str, Any]) -> Any:
        return observation["pixels"]
