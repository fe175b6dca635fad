"""Observation stacks that generic RL networks take as they are: one float32 Box.

Default encoders of RL libraries (RLlib's catalog: an MLP for a 1-D Box, a CNN for an image
Box of a size it has filters for) take neither the raw env's text spaces nor a Dict. Two
stacks, both over `TapGrid` (Discrete actions):

- ``"features"``: `ElementFeatures` (screen elements and mask, no pixels) plus `GoalVector`
  (the instruction's hashed bag of words and a family's parameters), flattened by Gymnasium's
  `FlattenObservation` into one 1-D float32 Box. The goal is part of the vector, so one
  policy can learn a multi-goal family. The env draws no pixels (cheaper steps).
- ``"pixels"``: the screen drawn at `pixel_size` x `pixel_size` (64 by default, a size RLlib
  has default CNN filters for), as float32 in [0, 1]. No goal (an image Box cannot carry
  one): for single-goal tasks, or use "features".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.wrappers import FlattenObservation

from mobile_gym.wrappers import ElementFeatures, GoalVector, PixelsOnly, TapGrid

OBS_STACKS: tuple[str, ...] = ("features", "pixels")


class FloatPixels(gym.ObservationWrapper, gym.utils.RecordConstructorArgs):
    """A uint8 image Box -> the same image as float32 in [0, 1] (what CNN encoders expect)."""

    def __init__(self, env: gym.Env) -> None:
        gym.utils.RecordConstructorArgs.__init__(self)
        gym.ObservationWrapper.__init__(self, env)
        space = env.observation_space
        if not isinstance(space, spaces.Box) or space.dtype != np.uint8:
            raise ValueError(f"FloatPixels needs a uint8 image Box (PixelsOnly); got {space}")
        self.observation_space = spaces.Box(0.0, 1.0, shape=space.shape, dtype=np.float32)

    def observation(self, observation: np.ndarray) -> np.ndarray:
        return np.asarray(observation, dtype=np.float32) * np.float32(1 / 255)


@dataclass(frozen=True)
class StackOptions:
    """How to build an RL stack (the keys of RLlib's `env_config`, see `from_mapping`)."""

    obs: str = "features"
    cols: int = 6
    rows: int = 12
    max_elements: int = 32
    goal: bool = True
    pixel_size: int = 64
    env: Mapping[str, Any] = field(default_factory=dict)  # MobileEnv keyword arguments

    def __post_init__(self) -> None:
        if self.obs not in OBS_STACKS:
            raise ValueError(f"obs={self.obs!r}: expected one of {list(OBS_STACKS)}")
        if not isinstance(self.env, Mapping):
            raise TypeError(f"env={self.env!r}: expected a mapping of MobileEnv keyword arguments")
        for name in ("obs_size", "obs_keys"):
            if name in self.env:
                raise ValueError(f"env[{name!r}] is set by the {self.obs!r} stack; "
                                 "use pixel_size (pixels) or leave it out")

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any], *, ignore: tuple[str, ...] = ()) -> StackOptions:
        """Options from a dict; a ValueError names unknown keys (`ignore` lists keys read elsewhere)."""
        names = {f.name for f in fields(cls)}
        unknown = sorted(k for k in values if k not in names and k not in ignore)
        if unknown:
            raise ValueError(f"unknown env_config keys {unknown}; known: {sorted(names | set(ignore))}")
        return cls(**{k: v for k, v in values.items() if k in names})


def rl_stack(task: Any, options: StackOptions = StackOptions()) -> gym.Env:
    """The `options.obs` stack over MobileEnv(task, **options.env)."""
    from mobile_gym.env import MobileEnv

    env_kwargs = dict(options.env)
    if options.obs == "pixels":
        size = int(options.pixel_size)
        base = MobileEnv(task, obs_size=(size, size), obs_keys=("pixels",), **env_kwargs)
        return FloatPixels(PixelsOnly(TapGrid(base, cols=options.cols, rows=options.rows)))
    base = MobileEnv(task, obs_keys=("view_hierarchy", "instruction"), **env_kwargs)
    env: gym.Env = ElementFeatures(TapGrid(base, cols=options.cols, rows=options.rows),
                                   max_elements=options.max_elements, keep_pixels=False)
    if options.goal:
        env = GoalVector(env)
    return FlattenObservation(env)
