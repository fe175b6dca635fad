"""TapGrid: a Discrete action over screen cells (tap the cell centre) plus key presses.

For RL libraries that want one integer per step (SB3 PPO/DQN). Actions 0..cols*rows-1 tap
the centre of cell (row, col) = divmod(a, cols) (TOUCH then LIFT); the remaining actions
press `keys` in order. A tap is two raw env steps; `info["agent_steps"]` counts TapGrid steps
and `info["env_steps"]` raw ones (the task's step limit counts raw steps).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from mobile_gym.device.base import KEY_NAMES
from mobile_gym.spaces.actions import ActionType, InvalidActionError, make_action
from mobile_gym.wrappers._macro import AgentSteps, run_primitives


class TapGrid(gym.Wrapper, gym.utils.RecordConstructorArgs):
    """Discrete(cols * rows + len(keys)) action space over a tap grid and keys."""

    def __init__(
        self,
        env: gym.Env,
        *,
        cols: int = 6,
        rows: int = 12,
        keys: Sequence[str] = ("BACK", "HOME", "ENTER"),
    ) -> None:
        gym.utils.RecordConstructorArgs.__init__(self, cols=cols, rows=rows, keys=tuple(keys))
        gym.Wrapper.__init__(self, env)
        if cols <= 0 or rows <= 0:
            raise ValueError(f"cols={cols}, rows={rows}: the grid needs at least one cell")
        bad = [k for k in keys if k not in KEY_NAMES]
        if bad:
            raise ValueError(f"keys={list(keys)}: {bad} not in {KEY_NAMES}")
        self.cols, self.rows, self.keys = int(cols), int(rows), tuple(keys)
        self.n = self.cols * self.rows + len(self.keys)
        self.action_space = spaces.Discrete(self.n)
        self.agent_steps = AgentSteps()

    def record_spec(self) -> dict[str, Any]:
        """The constructor kwargs RecordEpisode stores, so a replay rebuilds this grid."""
        return {"cols": self.cols, "rows": self.rows, "keys": list(self.keys)}

    def cell_center(self, action: int) -> tuple[float, float]:
        """Normalised (x, y) the tap action `action` touches."""
        row, col = divmod(int(action), self.cols)
        return (col + 0.5) / self.cols, (row + 0.5) / self.rows

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        self.agent_steps.reset()
        return self.env.reset(seed=seed, options=options)

    def step(self, action: Any):
        return self.agent_steps.tick(self._step(action))

    def _step(self, action: Any):
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action[()]
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise InvalidActionError(f"TapGrid action={action!r}: expected an integer")
        a = int(action)
        cells = self.cols * self.rows
        if not 0 <= a < self.n:
            raise InvalidActionError(f"TapGrid action={a} is outside Discrete({self.n})")
        if a >= cells:
            key = self.keys[a - cells]
            return run_primitives(self.env.step, [make_action(ActionType.KEY, key=key)])
        pos = self.cell_center(a)
        return run_primitives(self.env.step, [make_action(ActionType.TOUCH, pos), make_action(ActionType.LIFT)])
