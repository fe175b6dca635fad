"""SingleTap: a Box([0,1]^2) action that taps there (TOUCH, optional holds, LIFT) in one step."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from mobile_gym.spaces.actions import ActionType, InvalidActionError, make_action
from mobile_gym.wrappers._macro import AgentSteps, run_primitives


class SingleTap(gym.Wrapper, gym.utils.RecordConstructorArgs):
    """Action = (x, y) in [0,1]^2; one wrapper step = TOUCH, `hold_steps` REPEATs, LIFT.

    Rewards of the primitive steps are summed; `info["primitive_steps"]` says how many ran,
    `info["agent_steps"]` counts SingleTap steps this episode.
    """

    def __init__(self, env: gym.Env, *, hold_steps: int = 0) -> None:
        gym.utils.RecordConstructorArgs.__init__(self, hold_steps=hold_steps)
        gym.Wrapper.__init__(self, env)
        if hold_steps < 0:
            raise ValueError(f"hold_steps={hold_steps}: must be >= 0")
        self.hold_steps = int(hold_steps)
        self.action_space = spaces.Box(0.0, 1.0, shape=(2,), dtype=np.float32)
        self.agent_steps = AgentSteps()

    def record_spec(self) -> dict[str, Any]:
        """The constructor kwargs RecordEpisode stores, so a replay holds taps as long."""
        return {"hold_steps": self.hold_steps}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        self.agent_steps.reset()
        return self.env.reset(seed=seed, options=options)

    def step(self, action: Any):
        return self.agent_steps.tick(self._step(action))

    def _step(self, action: Any):
        pos = np.asarray(action, dtype=np.float32)
        if pos.shape != (2,) or not np.all(np.isfinite(pos)) or pos.min() < 0 or pos.max() > 1:
            raise InvalidActionError(f"SingleTap action={action!r}: expected (x, y) within [0, 1]^2")
        plan = [make_action(ActionType.TOUCH, pos)]
        plan += [make_action(ActionType.REPEAT)] * self.hold_steps
        plan.append(make_action(ActionType.LIFT))
        return run_primitives(self.env.step, plan)
