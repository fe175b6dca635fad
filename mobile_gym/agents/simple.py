"""The agents that need no model: random raw actions, the families' scripted oracles, and
scripts of ElementActions commands (a task file's oracle is such a script)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mobile_gym.agents.base import STOP, Agent, AgentError, TaskInfo
from mobile_gym.policies import oracle_path, random_action, read_script


class RandomAgent(Agent):
    """Uniformly random raw actions (no answers), seeded by the episode's seed."""

    observation_mode = "raw"
    wants_pixels = False
    name = "random"

    def __init__(self) -> None:
        self._space: Any = None

    def reset(self, task: TaskInfo) -> None:
        from mobile_gym.spaces.actions import make_action_space

        self._space = make_action_space(task.vocabulary_size, 0)
        self._space.seed(task.seed)

    def act(self, observation: Any) -> Any:
        if self._space is None:
            raise AgentError("act() before reset()")
        return random_action(self._space)


class FamilyOracleAgent(Agent):
    """A templated family's scripted expert (`TaskFamily.oracle`), raw actions; STOP once its
    plan is done. It reads the all-windows forest: plans tap the text-selection toolbar (a
    window of its own, never in the device dump) and close a keyboard that covers a target."""

    observation_mode = "raw"
    wants_pixels = False
    hierarchy = "forest"
    name = "oracle"

    def __init__(self) -> None:
        self._oracle: Any = None

    def reset(self, task: TaskInfo) -> None:
        from mobile_gym.tasks.registry import get_family

        if task.family is None:
            raise AgentError(f"{task.task}: not a templated family; its oracle is a command script")
        self._oracle = get_family(task.family).oracle(
            task.seed, screen_size=task.screen_size, step_seconds=task.step_seconds)

    def act(self, observation: Any) -> Any:
        if self._oracle is None:
            raise AgentError("act() before reset()")
        action = self._oracle.act(observation)
        return STOP if self._oracle.finished else action


class ScriptAgent(Agent):
    """ElementActions command lines, one per step; STOP after the last."""

    observation_mode = "elements"
    wants_pixels = False
    name = "script"

    def __init__(self, commands: list[str]) -> None:
        self.commands = list(commands)
        self._next = 0

    @classmethod
    def from_file(cls, path: str | Path) -> ScriptAgent:
        """The script in `path` (FileNotFoundError / ValueError name the file)."""
        path = Path(path)
        if not path.exists():
            raise FileNotFoundError(f"no command script {path}")
        if path.is_dir():
            raise ValueError(f"{path} is a directory, not a command script file")
        return cls(read_script(path))

    def reset(self, task: TaskInfo) -> None:
        self._next = 0

    def act(self, observation: Any) -> Any:
        if self._next >= len(self.commands):
            return STOP
        line = self.commands[self._next]
        self._next += 1
        return line


def oracle_for(task: TaskInfo) -> Agent:
    """The oracle of a task: its family's expert, or the `<task>.oracle` script of a task file."""
    if task.family is not None:
        return FamilyOracleAgent()
    if task.task_source is None or not Path(task.task_source).exists():
        raise ValueError(f"{task.task}: no oracle (neither a templated family nor a task file)")
    agent = ScriptAgent.from_file(oracle_path(Path(task.task_source)))
    agent.name = "oracle"
    return agent
