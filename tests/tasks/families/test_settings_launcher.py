"""Settings (Wi-Fi, Bluetooth, brightness) and Launcher (OpenApp) families on the sim."""

from __future__ import annotations

import pytest

from mobile_gym import apps
from mobile_gym.tasks import registry
from tests.tasks.families.helpers import (
    make_env,
    noop,
    oracle_episodes,
    random_agent_on,
    run_oracle,
    shell,
)

SETTINGS = ["SystemWifiTurnOn", "SystemWifiTurnOff", "SystemBluetoothTurnOn",
            "SystemBluetoothTurnOff", "SystemBrightnessMax", "SystemBrightnessMin"]
SEEDS = range(20)


@pytest.mark.parametrize("name", [*SETTINGS, "OpenApp"])
def test_oracle_succeeds_for_20_seeds(name):
    for ep in oracle_episodes(name, SEEDS):
        assert ep.success and ep.terminated, (name, ep.seed, ep)
        assert ep.total_reward >= 1.0


@pytest.mark.parametrize("name", [*SETTINGS, "OpenApp"])
def test_random_agent_rarely_succeeds(name):
    episodes, successes, _ = random_agent_on(name, 300)
    assert successes <= max(1, episodes // 5), (episodes, successes)


# (setting shell command that reaches the goal, a tampered one that must not)
STATE = {
    "SystemWifiTurnOn": ("settings put global wifi_on 1", "settings put global wifi_on 0"),
    "SystemWifiTurnOff": ("settings put global wifi_on 0", "settings put global wifi_on 1"),
    "SystemBluetoothTurnOn": ("settings put global bluetooth_on 1", "settings put global bluetooth_on 0"),
    "SystemBluetoothTurnOff": ("settings put global bluetooth_on 0", "settings put global bluetooth_on 2"),
    "SystemBrightnessMax": ("settings put system screen_brightness 255", "settings put system screen_brightness 254"),
    "SystemBrightnessMin": ("settings put system screen_brightness 1", "settings put system screen_brightness 2"),
}


@pytest.mark.parametrize("name", SETTINGS)
def test_the_check_reads_the_setting_and_a_wrong_value_fails(name):
    good, bad = STATE[name]
    env = make_env(name)
    try:
        for seed in range(3):
            env.reset(seed=seed)
            _o, _r, terminated, _t, info = noop(env)
            assert not terminated, "the start state must not satisfy the goal"
            shell(env, bad)
            assert not noop(env)[4]["success"]
            shell(env, good)
            _o, reward, terminated, _t, info = noop(env)
            assert terminated and info["success"] and reward == 1.0
    finally:
        env.close()


def test_open_app_needs_the_named_app_in_front():
    # a wrong app in front ends the episode as a failure; the named one succeeds
    env = make_env("OpenApp")
    try:
        env.reset(seed=0)
        want = env.family.params(0).package
        components = {r.package: r.component for r in apps.installed_by_default()}
        other = next(p for p in components if p != want)
        shell(env, f"am start -n {components[other]}")
        _, _, terminated, _, info = noop(env)
        assert terminated and info["episode_end"] == "failure" and not info["success"]
        env.reset(seed=0)
        shell(env, f"am start -n {components[want]}")
        assert noop(env)[4]["success"]
    finally:
        env.close()


@pytest.mark.parametrize("name", ["SystemWifiTurnOff", "OpenApp"])
def test_on_answer_mode_ends_only_when_the_agent_answers(name):
    family = registry.get_family(name, success_check="on_answer")
    env = make_env(family)
    try:
        # the oracle answers "done" after its plan
        ep = run_oracle(env, 3)
        assert ep.success and ep.terminated
        # reaching the goal without answering does not end the episode; answering does
        obs, _ = env.reset(seed=4)
        oracle = family.oracle(4)
        for _ in range(len(family.plan(family.params(4))) * 2):
            obs, _r, terminated, _t, info = env.step(oracle.act(obs))
            assert not terminated
        _o, reward, terminated, _t, info = noop(env, response="done")
        assert terminated and info["success"] and reward == 1.0
        # answering in the start state is a failure
        env.reset(seed=5)
        _o, reward, terminated, _t, info = noop(env, response="done")
        assert terminated and not info["success"] and info["episode_end"] == "failure"
    finally:
        env.close()
