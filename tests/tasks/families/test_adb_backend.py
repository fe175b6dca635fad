"""Families on the adb backend: MobileEnv(backend="adb") talking to a phone whose answers come
from the simulator's shell (tests/env/adb_over_sim.py). There are no snapshots on adb, so every
reset relies on the family's reset steps alone; the oracle solves consecutive episodes."""

from __future__ import annotations

import pytest

from mobile_gym.env import MobileEnv
from tests.env.adb_over_sim import AdbOverSim
from tests.tasks.families.helpers import OBS_KEYS, run_oracle


@pytest.mark.parametrize("name", ["SystemBluetoothTurnOn", "OpenApp", "CalendarAddOneEvent",
                                  "CalendarDeleteOneEvent", "MarkorEditNote", "MarkorMoveNote"])
def test_oracle_through_the_adb_device(name):
    phone = AdbOverSim()
    env = MobileEnv(name, backend="adb", serial=phone.serial, obs_keys=OBS_KEYS,
                    device_kwargs={"adb_device": phone, "sleep": phone.sleep})
    try:
        for seed in range(3):
            ep = run_oracle(env, seed)
            assert ep.success and ep.terminated, (name, seed, ep)
    finally:
        env.close()
    sent = " | ".join(phone.commands)
    assert "input motionevent DOWN" in sent and "uiautomator dump" in sent
