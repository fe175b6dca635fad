"""Wrapper stacks by name, so a stack can be given as plain (picklable) data to each worker.

`wrappers=` takes a preset name (PRESETS), or a list whose items are callables
`env -> env`, names of mobile_gym's RL wrappers (WRAPPERS), or `(name_or_callable, kwargs)`
pairs. Names travel to worker processes under any start method and can sit in an EnvSpec.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import gymnasium as gym

from mobile_gym.wrappers import ElementActions, ElementFeatures, GoalVector, PixelsOnly, SingleTap, TapGrid

#: The mobile_gym wrappers a stack may name.
WRAPPERS: dict[str, Callable[..., gym.Env]] = {
    "TapGrid": TapGrid, "SingleTap": SingleTap, "PixelsOnly": PixelsOnly, "ElementFeatures": ElementFeatures,
    "GoalVector": GoalVector, "ElementActions": ElementActions,
}

#: The documented RL stacks: all-array observations and a Discrete action (TapGrid).
PRESETS: dict[str, tuple[Any, ...]] = {
    "pixels": ("TapGrid", "PixelsOnly"),
    "features": ("TapGrid", ("ElementFeatures", {"keep_pixels": False})),
    "pixels+features": ("TapGrid", "ElementFeatures"),
    "goal": ("TapGrid", ("ElementFeatures", {"keep_pixels": False}), "GoalVector"),
    "goal+pixels": ("TapGrid", "PixelsOnly", "GoalVector"),
}

WrapperSpec = str | Sequence[Any] | None


def _one(item: Any, position: int) -> Callable[[gym.Env], gym.Env]:
    kwargs: dict[str, Any] = {}
    if isinstance(item, (tuple, list)):
        if len(item) != 2 or not isinstance(item[1], dict):
            raise ValueError(f"wrappers[{position}]={item!r}: a pair must be (name or callable, kwargs dict)")
        item, kwargs = item
    if isinstance(item, str):
        if item not in WRAPPERS:
            raise ValueError(f"wrappers[{position}]={item!r}: unknown wrapper; known: {sorted(WRAPPERS)} "
                             f"(or a preset stack name: {sorted(PRESETS)})")
        return partial(WRAPPERS[item], **kwargs)
    if callable(item):
        return partial(item, **kwargs) if kwargs else item
    raise TypeError(f"wrappers[{position}]={item!r}: expected a callable, a wrapper name or a (name, kwargs) pair")


def resolve_stack(wrappers: WrapperSpec) -> list[Callable[[gym.Env], gym.Env]]:
    """The wrapper callables, innermost first. ValueError/TypeError name a bad entry."""
    if wrappers is None:
        return []
    if isinstance(wrappers, str):
        if wrappers not in PRESETS:
            raise ValueError(f"wrappers={wrappers!r}: unknown stack; known: {sorted(PRESETS)}")
        wrappers = PRESETS[wrappers]
    if callable(wrappers):
        wrappers = [wrappers]
    return [_one(item, i) for i, item in enumerate(wrappers)]


def apply_stack(env: gym.Env, wrappers: WrapperSpec) -> gym.Env:
    """`env` wrapped by the stack, innermost first."""
    for wrap in resolve_stack(wrappers):
        env = wrap(env)
    return env
