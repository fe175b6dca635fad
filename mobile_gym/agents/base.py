"""The agent protocol: what the harness hands an agent and what it takes back.

An agent says which observation it wants (`observation_mode`), is told about each episode's
task (`reset(TaskInfo)`) and answers every observation with one action (`act`):

* ``"raw"``: the MobileEnv Dict observation; the action is a raw Dict action (TOUCH, LIFT, ...).
* ``"elements"``: the Dict observation plus ``elements`` (the numbered element list of
  `ElementActions`); the action is an ElementActions command line (``click id=save``) or
  action Dict.
* ``"android_world"``: an AndroidWorld-style `State` (pixels, ui_elements, foreground
  activity); the action is an AndroidWorld JSON action (a dict, a JSON string or a
  `JSONAction`), see `mobile_gym.agents.android_world`.

`act` may return `STOP` to end the episode (a finished script). `wants_pixels` and `obs_size`
say whether the observation needs the frame and at what size. `step_info()` may report what
the last `act` cost (tokens, latency) and why (reasoning); the harness copies it into the
episode's record. An agent that raises, or returns an action its mode cannot run, ends that
episode with the error recorded; the run goes on.
"""

from __future__ import annotations

import abc
from dataclasses import dataclass, field
from typing import Any, Literal

ObservationMode = Literal["raw", "elements", "android_world"]
OBSERVATION_MODES: tuple[str, ...] = ("raw", "elements", "android_world")


#: What `act` returns to end its episode itself (a scripted agent whose script is done).
STOP = "__stop__"


class AgentError(RuntimeError):
    """An agent cannot go on with its episode (a bad reply, a missing plan, ...)."""


@dataclass(frozen=True)
class TaskInfo:
    """What an agent is told at the start of an episode.

    `family` is the templated family's name (None for a task file); `params` the seed's
    parameters as JSON-safe values (empty for a task file); `step_budget` the number of agent
    actions the harness allows; `screen_size` the device's (width, height) in pixels.
    """

    task: str
    instruction: str
    seed: int
    family: str | None = None
    task_source: str | None = None
    app: str = ""
    complexity: float = 0.0
    tags: tuple[str, ...] = ()
    params: dict[str, Any] = field(default_factory=dict)
    step_budget: int = 0
    screen_size: tuple[int, int] = (1080, 2400)
    step_seconds: float = 0.1
    vocabulary_size: int = 0


@dataclass
class StepInfo:
    """What one `act` cost and why: tokens, model latency, reasoning text (all optional)."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_s: float = 0.0
    reasoning: str = ""
    calls: int = 0


class Agent(abc.ABC):
    """Base class of agents (see the module docstring); subclasses set `observation_mode`."""

    observation_mode: ObservationMode = "raw"
    #: A short name for run records.
    name: str = "agent"
    #: Whether observations carry pixels (rendering every frame costs time; agents that read
    #: only the hierarchy say False) and at which (width, height); None = MobileEnv's default.
    wants_pixels: bool = True
    obs_size: tuple[int, int] | None = None
    #: What `view_hierarchy` holds (EnvConfig.hierarchy): "device" (the dump a phone's
    #: `uiautomator dump` writes: the active window only), "forest" (every window, top first),
    #: or None: the mode's default ("forest" for "android_world", as AndroidWorld gives).
    hierarchy: str | None = None

    @abc.abstractmethod
    def reset(self, task: TaskInfo) -> None:
        """Start an episode of `task`."""

    @abc.abstractmethod
    def act(self, observation: Any) -> Any:
        """The next action for `observation` (its form depends on `observation_mode`)."""

    def step_info(self) -> StepInfo | None:
        """What the last `act` cost (None: nothing to report)."""
        return None

    def close(self) -> None:  # noqa: B027 - optional hook: most agents hold nothing
        """Release what the agent holds (HTTP clients, ...)."""
