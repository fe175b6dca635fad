"""Small deterministic envs for the vector-env tests (module level, so any start method
can pickle them): episodes of seed-dependent length, infos whose keys vary between steps,
a text part of the observation, and switches that make a sub-env fail or stall."""

from __future__ import annotations

import os
import time
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

#: Action that makes a FailingEnv raise.
BOOM = 2


class CountingEnv(gym.Env):
    """Dict obs (a small uint8 frame, a float vector, a text) and a Discrete(3) action.

    The episode lasts 2 + seed % 4 steps from a seeded reset (3 + a draw otherwise); the
    frame and vector come from `np_random`, so different seeds give different episodes.
    Infos carry ints, floats, bools, an array, a string, a nested dict and keys that only
    some steps have."""

    metadata = {"render_modes": ["rgb_array"]}

    def __init__(self, text: bool = True) -> None:
        parts: dict[str, spaces.Space] = {
            "frame": spaces.Box(0, 255, (4, 5, 3), np.uint8),
            "vec": spaces.Box(-1.0, 1.0, (3,), np.float32),
            "count": spaces.Discrete(100),
        }
        if text:
            parts["label"] = spaces.Text(32)
        self.observation_space = spaces.Dict(parts)
        self.action_space = spaces.Discrete(3)
        self.render_mode = "rgb_array"
        self.text = text
        self.count = 0
        self.length = 3
        self.last_seed: int | None = None

    def _obs(self) -> dict[str, Any]:
        obs = {"frame": self.np_random.integers(0, 256, (4, 5, 3), dtype=np.uint8),
               "vec": self.np_random.uniform(-1, 1, 3).astype(np.float32), "count": self.count}
        if self.text:
            obs["label"] = f"count {self.count} of {self.length}"
        return obs

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        super().reset(seed=seed)
        self.last_seed = seed
        self.count = 0
        self.length = 2 + seed % 4 if seed is not None else 3 + int(self.np_random.integers(0, 3))
        return self._obs(), {"reset_seed": -1 if seed is None else int(seed), "length": self.length,
                             "options": dict(options or {})}

    def step(self, action: Any):
        self.count += 1
        info: dict[str, Any] = {"count": self.count, "weights": np.full(2, self.count, dtype=np.float32),
                                "name": f"step{self.count}", "nested": {"a": self.count * 0.5, "flag": True}}
        if self.count % 2:
            info["odd"] = self.count
            info["nested"]["odd_only"] = np.int16(self.count)
        terminated = self.count >= self.length and int(action) != 1
        truncated = self.count >= self.length + 2
        return self._obs(), float(action) + 0.25 * self.count, terminated, truncated, info

    def render(self) -> np.ndarray:
        return np.full((2, 2, 3), self.count, dtype=np.uint8)

    def pid(self) -> int:
        return os.getpid()


class FailingEnv(CountingEnv):
    """CountingEnv that raises ValueError on action BOOM."""

    def step(self, action: Any):
        if int(action) == BOOM:
            self.explode()
        return super().step(action)

    def explode(self) -> None:
        raise ValueError("the toy env was told to fail")


class StallingEnv(CountingEnv):
    """CountingEnv whose step on action BOOM (and whose close, once it was reset: the vector
    env's probe copy is never reset) sleep far longer than a test waits."""

    def step(self, action: Any):
        if int(action) == BOOM:
            time.sleep(60)
        return super().step(action)

    def close(self) -> None:
        if self.last_seed is not None:
            time.sleep(60)


class BrokenConstructorEnv(CountingEnv):
    def __init__(self) -> None:
        raise RuntimeError("cannot build this toy env")


class OtherSpaceEnv(CountingEnv):
    def __init__(self) -> None:
        super().__init__()
        self.action_space = spaces.Discrete(4)
