"""Agents that misbehave in the ways a harness must survive (loaded with --agent module:FILE:NAME)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from mobile_gym.agents.base import Agent


class _Base(Agent):
    observation_mode = "raw"
    wants_pixels = False

    def reset(self, task) -> None:
        self.task = task


class Raises(_Base):
    def act(self, observation):
        raise RuntimeError("boom at the first step")


class Garbage(_Base):
    def act(self, observation):
        return 42


class BadCommand(_Base):
    observation_mode = "elements"

    def act(self, observation):
        return "fly to the moon"


class SleepsOnce(_Base):
    """Hangs in its first episode (a marker file says it did), then idles."""

    def act(self, observation):
        marker = Path(os.environ["MISBEHAVE_MARKER"])
        if not marker.exists():
            marker.write_text("slept")
            time.sleep(60)
        return {"action_type": 2}


class HogsMemory(_Base):
    def act(self, observation):
        self.block = bytearray(3 << 30)
        return {"action_type": 2}


class Spins(_Base):
    def act(self, observation):
        while True:
            pass


class Idle(_Base):
    def act(self, observation):
        return {"action_type": 2}


def not_an_agent():
    return object()
