"""Agents for mobile_gym tasks: the protocol (`base`), random/oracle/script agents (`simple`),
AndroidWorld's JSON actions, state and env adapter (`android_world`), LLM agents (`llm`) and
the `--agent SPEC` loader (`loader`)."""

from mobile_gym.agents.base import (
    OBSERVATION_MODES,
    STOP,
    Agent,
    AgentError,
    StepInfo,
    TaskInfo,
)

__all__ = ["OBSERVATION_MODES", "STOP", "Agent", "AgentError", "StepInfo", "TaskInfo"]
