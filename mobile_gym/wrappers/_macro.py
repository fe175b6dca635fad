"""Run several primitive steps as one wrapper step (rewards summed, stop at the episode end).

Two step counts reach the user through `info`: `env_steps` (raw MobileEnv steps this
episode: what `max_steps` and `list_tasks()["step_limit"]` count) and `agent_steps` (this
wrapper's own steps this episode: what an RL library counts); `primitive_steps` is how many
raw steps the last wrapper step took.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, SupportsFloat

StepResult5 = tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]


def run_primitives(step: Callable[[Any], StepResult5], actions: Iterable[Any]
                   ) -> tuple[Any, float, bool, bool, dict[str, Any]]:
    """Step through `actions`; the result is the last step's, with the summed reward and
    `info["primitive_steps"]` (how many primitive steps ran)."""
    total = 0.0
    count = 0
    result: StepResult5 | None = None
    for action in actions:
        result = step(action)
        count += 1
        total += float(result[1])
        if result[2] or result[3]:
            break
    if result is None:
        raise ValueError("a macro action produced no primitive steps")
    obs, _reward, terminated, truncated, info = result
    info = dict(info)
    info["primitive_steps"] = count
    return obs, total, terminated, truncated, info


class AgentSteps:
    """A macro wrapper's own step count for the current episode (reset by the wrapper's reset)."""

    def __init__(self) -> None:
        self.count = 0

    def reset(self) -> None:
        self.count = 0

    def tick(self, result: StepResult5) -> tuple[Any, Any, bool, bool, dict[str, Any]]:
        """Count one wrapper step and record it as `info["agent_steps"]`."""
        self.count += 1
        obs, reward, terminated, truncated, info = result
        info = dict(info)
        info["agent_steps"] = self.count
        return obs, reward, terminated, truncated, info
