"""Change-driven state checks give the results that evaluating every check every step gives.

For every templated family, two environments run the same action sequence: one with the
default engine (a state check keeps its last result while `Device.state_version` of what it
reads is unchanged) and one with `EngineOptions(reuse_unchanged_state=False)`. A sequence is
a seed, a part of the family's oracle (so files, databases and settings really change) with
random raw actions mixed in, then random actions; rewards, terminations, truncations and every
info field but the timings must be identical at every step.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mobile_gym.bench import random_raw_actions
from mobile_gym.env import MobileEnv
from mobile_gym.events import EventEngine
from mobile_gym.events.engine import EngineOptions
from mobile_gym.spaces.actions import ActionType, make_action
from mobile_gym.tasks import catalog
from mobile_gym.tasks.families.oracle import OracleError

FAMILIES = sorted(set(catalog.family_names().values()))
OBS_KEYS = ("view_hierarchy", "instruction")


def always_evaluate(task: Any) -> EventEngine:
    return EventEngine(task, options=EngineOptions(reuse_unchanged_state=False))


def comparable(info: dict[str, Any]) -> dict[str, Any]:
    """`info` without what differs between two identical runs (timings)."""
    return {k: v for k, v in info.items() if k != "timing"}


def same(a: Any, b: Any) -> bool:
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and a.shape == b.shape \
            and bool(np.array_equal(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def test_every_family_is_covered():
    assert len(FAMILIES) >= 80
    assert "MarkorEditNote" in FAMILIES and "CalendarAddOneEvent" in FAMILIES


def test_reuse_is_on_by_default_and_off_when_asked():
    with MobileEnv("MobileEnv/MarkorEditNote-v0", obs_keys=OBS_KEYS) as env:
        env.reset(seed=0)
        assert env.device.state_version(["/sdcard/Documents"]) is not None
        assert EngineOptions().reuse_unchanged_state


@pytest.mark.parametrize("name", FAMILIES)
def test_change_driven_checks_match_always_evaluate(name):
    fast = MobileEnv(name, obs_keys=OBS_KEYS)
    slow = MobileEnv(name, obs_keys=OBS_KEYS, engine_factory=always_evaluate)
    try:
        @settings(max_examples=1, deadline=None, suppress_health_check=list(HealthCheck))
        @given(seed=st.integers(0, 3), oracle_steps=st.integers(0, 80),
               noise_every=st.integers(3, 12), random_steps=st.integers(0, 25),
               action_seed=st.integers(0, 2**16))
        @example(seed=1, oracle_steps=400, noise_every=10**6, random_steps=3, action_seed=0)  # solved
        def run(seed, oracle_steps, noise_every, random_steps, action_seed):
            obs_fast, info_fast = fast.reset(seed=seed)
            obs_slow, info_slow = slow.reset(seed=seed)
            assert same(comparable(info_fast), comparable(info_slow))
            oracle = fast.family.oracle(seed, screen_size=fast.device.screen_size,
                                        step_seconds=fast.step_seconds)
            noise = iter(random_raw_actions(fast.action_space, oracle_steps + random_steps, action_seed))
            plan: list[Any] = []
            for i in range(oracle_steps + random_steps):
                if i < oracle_steps and (i + 1) % noise_every:
                    try:
                        plan.append(oracle.act(obs_fast))
                    except OracleError:  # the noise put the app somewhere the plan does not expect
                        plan.append(make_action(ActionType.REPEAT))
                else:
                    plan.append(next(noise))
                step_fast = fast.step(plan[-1])
                step_slow = slow.step(plan[-1])
                obs_fast = step_fast[0]
                assert same(step_fast[0], step_slow[0]), f"step {i}: observations differ"
                assert step_fast[1:4] == step_slow[1:4], f"step {i}: reward/terminated/truncated differ"
                assert same(comparable(step_fast[4]), comparable(step_slow[4])), f"step {i}: info differs"
                if step_fast[2] or step_fast[3]:
                    break

        run()
    finally:
        fast.close()
        slow.close()
