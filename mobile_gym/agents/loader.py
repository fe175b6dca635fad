"""`--agent SPEC`: which agent a run uses, loaded the same way in every worker process.

SPEC is one of
  random                      uniformly random raw actions
  oracle                      the task's scripted expert (a family's plan, a task file's script)
  script:FILE                 ElementActions commands, one per line
  module:pkg.mod:callable     callable() returns an `Agent` (or module:path/to/file.py:callable)
  aw:pkg.mod:callable         callable(env) returns an agent written against AndroidWorld's env
                              (its `step(goal)` calls env.get_state() / env.execute_action())
  llm | llm:text | llm:som    the LLM agent over the element list, or with set-of-marks
                              screenshots (mobile_gym.agents.llm; needs --model and a base URL)
A bad SPEC raises ValueError (or FileNotFoundError) naming it; nothing is imported from a
module before the spec has been checked.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mobile_gym.agents.base import OBSERVATION_MODES, Agent, TaskInfo

KINDS = ("random", "oracle", "script:FILE", "module:pkg.mod:callable", "aw:pkg.mod:callable",
         "llm", "llm:text", "llm:som")


@dataclass(frozen=True)
class LLMOptions:
    """Where the LLM agent's chat-completions endpoint is and which model it asks."""

    model: str | None = None
    base_url: str | None = None
    api_key: str | None = None
    timeout_s: float = 120.0
    temperature: float = 0.0


@dataclass(frozen=True)
class AndroidWorldDriven:
    """An AndroidWorld-style agent: `make(env)` builds it over an `AndroidWorldEnv`; the harness
    calls its `step(goal)` until it returns done (a bool or an object with `.done`)."""

    make: Callable[[Any], Any]
    name: str
    observation_mode: str = "android_world"


@dataclass
class AgentFactory:
    """Builds the agent of an episode (`factory(task)`); module agents are built once and reused."""

    spec: str
    llm: LLMOptions = field(default_factory=LLMOptions)
    _shared: Any = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self._kind, self._target = parse_spec(self.spec)
        if self._kind == "script":
            self._script = _script(self._target)
        if self._kind in ("module", "aw"):
            self._callable = _load_callable(self._target, self.spec)
        if self._kind == "llm":
            from mobile_gym.agents.llm import check_options

            check_options(self.llm)

    @property
    def name(self) -> str:
        return self.spec

    def __call__(self, task: TaskInfo) -> Agent | AndroidWorldDriven:
        from mobile_gym.agents.simple import RandomAgent, ScriptAgent, oracle_for

        kind = self._kind
        if kind == "random":
            return RandomAgent()
        if kind == "oracle":
            return oracle_for(task)
        if kind == "script":
            return ScriptAgent(self._script)
        if kind == "aw":
            return AndroidWorldDriven(self._callable, self.spec)
        if self._shared is None:
            if kind == "llm":
                from mobile_gym.agents.llm import LLMAgent

                self._shared = LLMAgent(self.llm, flavour=self._target or "text")
            else:
                self._shared = _check_agent(self._callable(), self.spec)
        return self._shared

    def check(self) -> None:
        """Build a module agent once (then close it), so a callable that returns no agent is
        reported before any worker starts."""
        if self._kind == "module":
            self(TaskInfo(task="", instruction="", seed=0))
            self.close()

    def close(self) -> None:
        if self._shared is not None:
            close = getattr(self._shared, "close", None)
            if callable(close):
                close()
            self._shared = None


def parse_spec(spec: str) -> tuple[str, str]:
    """(kind, target) of an agent spec; ValueError lists the accepted forms."""
    head, _, rest = spec.partition(":")
    if spec in ("random", "oracle"):
        return spec, ""
    if spec == "llm" or (head == "llm" and rest in ("text", "som")):
        return "llm", rest or "text"
    if head in ("script", "module", "aw") and rest:
        return head, rest
    raise ValueError(f"--agent {spec!r}: expected one of {', '.join(KINDS)}")


def _script(path: str) -> list[str]:
    from mobile_gym.agents.simple import ScriptAgent

    return ScriptAgent.from_file(path).commands


def _load_callable(target: str, spec: str) -> Callable[..., Any]:
    """`pkg.mod:callable` or `path/to/file.py:callable` -> the callable; ValueError names what
    cannot be imported or found."""
    module_name, sep, attr = target.rpartition(":")
    if not sep or not module_name or not re.fullmatch(r"[A-Za-z_][\w.]*", attr):
        raise ValueError(f"--agent {spec!r}: expected MODULE:CALLABLE (pkg.mod:make_agent or file.py:make_agent)")
    try:
        if module_name.endswith(".py"):
            path = Path(module_name)
            if not path.is_file():
                raise FileNotFoundError(f"--agent {spec!r}: no such file {path}")
            name = f"mobile_gym_agent_{abs(hash(str(path.resolve())))}"
            loader_spec = importlib.util.spec_from_file_location(name, path)
            if loader_spec is None or loader_spec.loader is None:
                raise ValueError(f"--agent {spec!r}: cannot load {path}")
            module = importlib.util.module_from_spec(loader_spec)
            sys.modules[name] = module
            loader_spec.loader.exec_module(module)
        else:
            module = importlib.import_module(module_name)
    except (FileNotFoundError, ValueError):
        raise
    except Exception as exc:  # noqa: BLE001 (an import error or anything the module raises while loading)
        raise ValueError(f"--agent {spec!r}: cannot import {module_name}: "
                         f"{type(exc).__name__}: {exc}") from None
    found: Any = module
    for part in attr.split("."):
        found = getattr(found, part, None)
        if found is None:
            raise ValueError(f"--agent {spec!r}: {module_name} has no attribute {attr!r}")
    if not callable(found):
        raise ValueError(f"--agent {spec!r}: {module_name}:{attr} is not callable")  # noqa: TRY004 (a bad --agent is bad input: exit 2)
    return found


def _check_agent(agent: Any, spec: str) -> Agent:
    """`agent` if it has the protocol's methods and a known observation mode."""
    missing = [m for m in ("reset", "act") if not callable(getattr(agent, m, None))]
    if missing:
        raise ValueError(f"--agent {spec!r}: the callable returned {type(agent).__name__}, which has no "
                         f"{' or '.join(missing)}() (see mobile_gym.agents.base.Agent)")
    mode = getattr(agent, "observation_mode", "raw")
    if mode not in OBSERVATION_MODES:
        raise ValueError(f"--agent {spec!r}: observation_mode={mode!r}, expected one of {OBSERVATION_MODES}")
    return agent
