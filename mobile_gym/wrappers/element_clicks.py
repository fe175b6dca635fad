"""ElementClicks: one integer per step that clicks an element of the screen, for RL libraries.

A Discrete(max_elements + len(keys)) action over an `ElementActions` env: action i below
`max_elements` clicks element i of the screen's element list (the same list, in the same
order, that `ElementFeatures(max_elements=...)` turns into rows, so action i and feature row i
name the same element); the remaining actions press `keys` ("back", "home") in order.
Unlike a `TapGrid`, every clickable element is reachable whatever the screen's layout. An
index with no element on the current screen lets time pass (one REPEAT) and sets
`info["action_error"]`, as ElementActions does. A click is two raw env steps;
`info["agent_steps"]` counts these steps.

    >>> from mobile_gym.env import MobileEnv
    >>> from mobile_gym.wrappers import ElementActions, ElementClicks, ElementFeatures
    >>> env = ElementFeatures(ElementClicks(ElementActions(MobileEnv("OpenApp"), max_elements=32)),
    ...                       max_elements=32, keep_pixels=False)
    >>> env.action_space
    Discrete(34)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from mobile_gym.spaces.actions import InvalidActionError
from mobile_gym.wrappers.element_actions import ELEMENT_ACTIONS, ElementActions

#: The ElementActions kinds an ElementClicks key action may press.
CLICK_KEYS: tuple[str, ...] = ("back", "home")


class ElementClicks(gym.ActionWrapper, gym.utils.RecordConstructorArgs):
    """Discrete(max_elements + len(keys)): click element i, or press one of `keys`."""

    def __init__(self, env: gym.Env, *, keys: Sequence[str] = CLICK_KEYS) -> None:
        gym.utils.RecordConstructorArgs.__init__(self, keys=tuple(keys))
        gym.ActionWrapper.__init__(self, env)
        if not isinstance(env, ElementActions):
            raise TypeError(f"ElementClicks wraps an ElementActions env directly; got {type(env).__name__} "
                            "(use ElementClicks(ElementActions(env, max_elements=N)))")
        bad = [k for k in keys if k not in CLICK_KEYS]
        if bad:
            raise ValueError(f"ElementClicks keys={list(keys)}: {bad} not in {list(CLICK_KEYS)}")
        self.max_elements = env.max_elements
        self.keys = tuple(keys)
        self.n = self.max_elements + len(self.keys)
        self.action_space = spaces.Discrete(self.n)

    def record_spec(self) -> dict[str, Any]:
        """The constructor kwargs RecordEpisode stores, so a replay rebuilds these actions."""
        return {"keys": list(self.keys)}

    def action(self, action: Any) -> dict[str, Any]:
        """The ElementActions action for integer `action`."""
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action[()]
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise InvalidActionError(f"ElementClicks action={action!r}: expected an integer")
        a = int(action)
        if not 0 <= a < self.n:
            raise InvalidActionError(f"ElementClicks action={a} is outside Discrete({self.n})")
        if a < self.max_elements:
            return {"action": ELEMENT_ACTIONS.index("click"), "element": a}
        return {"action": ELEMENT_ACTIONS.index(self.keys[a - self.max_elements])}
