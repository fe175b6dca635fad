"""Resets and steps leave no reference cycles: what an episode drops (the old event engine, a
read cache's remembered failures, the parse of a command line) is freed by reference counting,
not left to the cycle collector, whose collections then land inside later resets and steps."""

from __future__ import annotations

import gc

import pytest

from mobile_gym.bench import random_raw_actions
from mobile_gym.env import MobileEnv

# MarkorEditNote compiles a new engine every reset (its graph's shape varies by seed),
# ContactsAddContact's state check reads a folder that does not exist yet, SimpleSmsReply's
# row matching runs Kuhn's algorithm, SystemWifiTurnOn's reset runs seed-specific shell lines.
IDS = ("MobileEnv/MarkorEditNote-v0", "MobileEnv/ContactsAddContact-v0",
       "MobileEnv/SimpleSmsReply-v0", "MobileEnv/SystemWifiTurnOn-v0")


@pytest.mark.parametrize("task_id", IDS)
def test_resets_and_steps_make_no_cyclic_garbage(task_id):
    env = MobileEnv(task_id, obs_keys=("view_hierarchy",))
    try:
        actions = random_raw_actions(env.action_space, 40, seed=0)
        env.reset(seed=0)
        env.reset(seed=1)  # the first restore drops the device as setup built it (once)
        enabled = gc.isenabled()
        gc.disable()  # a collection in between would hide the garbage this test looks for
        try:
            gc.collect()
            for seed in range(2, 8):
                env.reset(seed=seed)
                for action in actions[:8 * (seed - 1)]:
                    *_, terminated, truncated, _ = env.step(action)
                    if terminated or truncated:
                        break
            found = gc.collect()
        finally:
            if enabled:
                gc.enable()
        assert found == 0, f"{task_id}: {found} objects in reference cycles after 6 episodes"
    finally:
        env.close()
