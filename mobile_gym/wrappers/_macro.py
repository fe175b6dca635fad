"""Run several primitive steps as one wrapper step (rewards summed, stop at the episode end)."""

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
