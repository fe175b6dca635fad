"""GoalVector: the task's goal as numbers, so one policy can learn a multi-goal family.

`PixelsOnly` and `ElementFeatures` drop the instruction (networks cannot take str), which
leaves a policy blind to which app, contact or setting this episode asks for. GoalVector adds
it back as float32 arrays:

- `goal`: the instruction (the task's commands plus any instructions given so far, joined by
  newlines, as MobileEnv builds `obs["instruction"]`) embedded one of two ways:
  * ``encoder="hash"`` (core, numpy only): a hashed bag of words of `goal_dim` slots
    (default 256). The text is lowercased and split into runs of letters and digits; each
    word sets slot ``crc32(word) % goal_dim`` to 1. crc32 is stable across processes and
    machines (Python's `hash` is not), so a trained policy keeps its meaning.
  * ``encoder="sbert"`` (the `sbert` extra): the packaged offline all-MiniLM-L6-v2
    sentence embedding (384 floats, L2-normalised), computed once per distinct instruction.
- `params` (templated families only): the family's sampled parameters as a fixed-size vector,
  one slot per field of its parameter dataclass, in declaration order: bool/int/float fields
  give their value (clipped to +-1e6); str fields give ``crc32(value) / 2**32`` (an
  identifier in [0, 1); the words themselves are in `goal`). A family whose parameters are
  not a dataclass of such scalars (lists, nested records) gets no `params` key: there is no
  fixed size that means the same thing on every seed. Single task files get no `params`.

It composes on top of the RL stacks: over a Dict observation (`ElementFeatures`, the raw env
minus its strings) it adds the keys; over a Box (`PixelsOnly`) it returns
``Dict(pixels=..., goal=..., params=...)``. Either way the result suits SB3's
`MultiInputPolicy`. Example (runs as a test)::

    >>> from mobile_gym.env import MobileEnv
    >>> from mobile_gym.wrappers import ElementFeatures, GoalVector, TapGrid
    >>> env = GoalVector(ElementFeatures(TapGrid(MobileEnv("OpenApp")), keep_pixels=False))
    >>> sorted(env.observation_space.spaces)
    ['elements', 'goal', 'mask', 'params']
    >>> obs, info = env.reset(seed=3)
    >>> obs["goal"].shape, float(obs["goal"].sum()) > 0
    ((256,), True)
    >>> env.observation_space.contains(obs)
    True
"""

from __future__ import annotations

import dataclasses
import re
import zlib
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

#: Default slots of the hashed bag of words.
DEFAULT_GOAL_DIM = 256
#: Size of the packaged sentence model's embedding (all-MiniLM-L6-v2).
SBERT_DIM = 384
PARAM_LIMIT = 1e6
ENCODERS = ("hash", "sbert")
_WORD = re.compile(r"[0-9a-z]+")


def hashed_bag_of_words(text: str, dim: int = DEFAULT_GOAL_DIM) -> np.ndarray:
    """The 0/1 vector of `dim` slots with slot crc32(word) % dim set for every word of `text`."""
    if dim <= 0:
        raise ValueError(f"dim={dim}: the bag of words needs at least one slot")
    out = np.zeros(dim, dtype=np.float32)
    for word in _WORD.findall(text.lower()):
        out[zlib.crc32(word.encode("utf-8")) % dim] = 1.0
    return out


def _scalar(value: Any) -> float | None:
    """The slot value of one parameter field, or None when the field is not a scalar."""
    if isinstance(value, (bool, np.bool_, int, np.integer, float, np.floating)):
        return float(np.clip(float(value), -PARAM_LIMIT, PARAM_LIMIT))
    if isinstance(value, str):
        return zlib.crc32(value.encode("utf-8")) / 2**32
    return None


def params_vector(params: Any) -> np.ndarray | None:
    """A family's parameters as the documented fixed-size vector, or None when not defined."""
    if not dataclasses.is_dataclass(params) or isinstance(params, type):
        return None
    values = [_scalar(getattr(params, f.name)) for f in dataclasses.fields(params)]
    if not values or any(v is None for v in values):
        return None
    return np.asarray(values, dtype=np.float32)


class GoalVector(gym.ObservationWrapper, gym.utils.RecordConstructorArgs):
    """Add `goal` (the embedded instruction) and, for templated families, `params`."""

    def __init__(self, env: gym.Env, *, encoder: str = "hash", goal_dim: int = DEFAULT_GOAL_DIM,
                 include_params: bool = True) -> None:
        gym.utils.RecordConstructorArgs.__init__(self, encoder=encoder, goal_dim=goal_dim,
                                                 include_params=include_params)
        gym.ObservationWrapper.__init__(self, env)
        if encoder not in ENCODERS:
            raise ValueError(f"GoalVector encoder={encoder!r}: expected one of {list(ENCODERS)}")
        if encoder == "hash" and int(goal_dim) <= 0:
            raise ValueError(f"GoalVector goal_dim={goal_dim}: needs at least one slot")
        base = env.unwrapped
        if not hasattr(base, "task") or not hasattr(base, "instructions"):
            raise TypeError(f"GoalVector needs a MobileEnv underneath; got {type(base).__name__}")
        self.encoder = encoder
        self._embed = None
        if encoder == "sbert":
            from mobile_gym.events.matchers import check_sbert_available, default_sentence_encoder

            check_sbert_available()
            self._embed = default_sentence_encoder()
            self.goal_dim = SBERT_DIM
        else:
            self.goal_dim = int(goal_dim)
        self._cache: tuple[str, np.ndarray] | None = None
        self._params_cache: tuple[int, np.ndarray] | None = None
        family = getattr(base, "family", None)
        sample = params_vector(family.params(0)) if include_params and family is not None else None
        self.param_dim = 0 if sample is None else int(sample.shape[0])
        inner = env.observation_space
        out: dict[str, spaces.Space] = {}
        if isinstance(inner, spaces.Dict):
            out.update(inner.spaces)
        elif isinstance(inner, spaces.Box):
            out["pixels"] = inner
        else:
            raise TypeError(f"GoalVector wraps a Dict or Box observation; got {inner}")
        clash = [k for k in ("goal", "params") if k in out]
        if clash:
            raise ValueError(f"GoalVector: the inner observation already has keys {clash}")
        low = -1.0 if encoder == "sbert" else 0.0
        out["goal"] = spaces.Box(low, 1.0, shape=(self.goal_dim,), dtype=np.float32)
        if self.param_dim:
            out["params"] = spaces.Box(-PARAM_LIMIT, PARAM_LIMIT, shape=(self.param_dim,), dtype=np.float32)
        self._box_inner = not isinstance(inner, spaces.Dict)
        self.observation_space = spaces.Dict(out)

    def record_spec(self) -> dict[str, Any]:
        """The constructor kwargs RecordEpisode stores, so a replay encodes the same goal."""
        return {"encoder": self.encoder, "goal_dim": self.goal_dim, "include_params": bool(self.param_dim)}

    def instruction(self) -> str:
        """The instruction text the goal vector encodes (commands, then given instructions)."""
        base = self.env.unwrapped
        return "\n".join([*base.task.proto.command, *base.instructions])

    def goal(self) -> np.ndarray:
        """The current instruction's vector (cached while the instruction does not change)."""
        text = self.instruction()
        if self._cache is None or self._cache[0] != text:
            if self._embed is not None:
                vec = np.clip(np.asarray(self._embed([text])[0], dtype=np.float32), -1.0, 1.0)
            else:
                vec = hashed_bag_of_words(text, self.goal_dim)
            self._cache = (text, vec)
        return self._cache[1].copy()

    def params(self) -> np.ndarray | None:
        """This episode's parameter vector (None when the stack has no `params` key)."""
        base = self.env.unwrapped
        if not self.param_dim or base.task_seed is None:
            return np.zeros(self.param_dim, dtype=np.float32) if self.param_dim else None
        if self._params_cache is not None and self._params_cache[0] == base.task_seed:
            return self._params_cache[1].copy()
        vec = params_vector(base.family.params(base.task_seed))
        if vec is None or vec.shape != (self.param_dim,):
            raise ValueError(f"GoalVector: {base.family.name} seed {base.task_seed} parameters do not "
                             f"fit the {self.param_dim}-slot vector (not a dataclass of scalars)")
        self._params_cache = (base.task_seed, vec)
        return vec.copy()

    def observation(self, observation: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"pixels": observation} if self._box_inner else dict(observation)
        out["goal"] = self.goal()
        vec = self.params()
        if vec is not None:
            out["params"] = vec
        return out
