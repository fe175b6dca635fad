"""PixelsOnly: the observation is just the `pixels` array (for CNN policies, SB3 CnnPolicy)."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
from gymnasium import spaces


class PixelsOnly(gym.ObservationWrapper, gym.utils.RecordConstructorArgs):
    """Dict observation -> its `pixels` Box (H, W, 3) uint8."""

    def __init__(self, env: gym.Env) -> None:
        gym.utils.RecordConstructorArgs.__init__(self)
        gym.ObservationWrapper.__init__(self, env)
        space = env.observation_space
        if not isinstance(space, spaces.Dict) or "pixels" not in space.spaces:
            raise ValueError(f"PixelsOnly needs a Dict observation with 'pixels'; got {space}")
        self.observation_space = space.spaces["pixels"]

    def record_spec(self) -> dict[str, Any]:
        """The constructor kwargs RecordEpisode stores (none: PixelsOnly has no options)."""
        return {}

    def observation(self, observation: dict[str, Any]) -> Any:
        return observation["pixels"]
