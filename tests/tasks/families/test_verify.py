"""Settings Verify families (start in the target state; the agent must look and report) and the
TurnOffWifiAndTurnOnBluetooth composite (0.5 per part)."""

from __future__ import annotations

import pytest

from mobile_gym.tasks.families.oracle import Oracle
from tests.tasks.families.helpers import (
    noop,
    opened_env,
    oracle_episodes,
    random_agent_on,
    shell,
)

VERIFY = ["SystemWifiTurnOnVerify", "SystemWifiTurnOffVerify", "SystemBluetoothTurnOnVerify",
          "SystemBluetoothTurnOffVerify", "SystemBrightnessMaxVerify", "SystemBrightnessMinVerify"]
COMPOSITE = "TurnOffWifiAndTurnOnBluetooth"
SEEDS = range(20)

# the setting each Verify family starts in, and a command that breaks it
TARGET = {
    "SystemWifiTurnOnVerify": ("global wifi_on", "1", "settings put global wifi_on 0"),
    "SystemWifiTurnOffVerify": ("global wifi_on", "0", "settings put global wifi_on 1"),
    "SystemBluetoothTurnOnVerify": ("global bluetooth_on", "1", "settings put global bluetooth_on 0"),
    "SystemBluetoothTurnOffVerify": ("global bluetooth_on", "0", "settings put global bluetooth_on 1"),
    "SystemBrightnessMaxVerify": ("system screen_brightness", "255",
                                  "settings put system screen_brightness 254"),
    "SystemBrightnessMinVerify": ("system screen_brightness", "1",
                                  "settings put system screen_brightness 2"),
}


@pytest.mark.parametrize("name", [*VERIFY, COMPOSITE])
def test_oracle_succeeds_for_20_seeds(name):
    for ep in oracle_episodes(name, SEEDS):
        assert ep.success and ep.terminated, (name, ep.seed, ep)
        assert ep.total_reward >= 1.0


@pytest.mark.parametrize("name", [*VERIFY, COMPOSITE])
def test_random_agent_never_succeeds(name):
    episodes, successes, _ = random_agent_on(name, 300)
    assert successes == 0, (episodes, successes)


@pytest.mark.parametrize("name", VERIFY)
def test_the_start_is_the_target_state_yet_doing_nothing_never_succeeds(name):
    key, value, _ = TARGET[name]
    with opened_env(name) as env:
        env.reset(seed=0)
        assert shell(env, f"settings get {key}").strip() == value
        for _ in range(env.family.step_limit - 1):
            _o, reward, terminated, truncated, info = noop(env)
            assert not terminated and not info["success"] and reward == 0.0
        _o, reward, terminated, truncated, info = noop(env)
        assert truncated and not terminated and not info["success"]


@pytest.mark.parametrize("name", VERIFY)
def test_answering_without_looking_fails(name):
    with opened_env(name) as env:
        env.reset(seed=1)
        _o, reward, terminated, _t, info = noop(env, response="done")
        assert terminated and not info["success"] and reward == 0.0


def _look(env, name, seed):
    """Follow the oracle up to (not including) its answer: the page is on screen."""
    obs, _ = env.reset(seed=seed)
    family = env.family
    oracle = Oracle(family.plan(family.params(seed)), family.vocabulary(),
                    screen_size=env.device.screen_size, step_seconds=env.step_seconds)
    while not oracle.finished:
        obs, _r, terminated, _t, _info = env.step(oracle.act(obs))
        assert not terminated


@pytest.mark.parametrize("name", VERIFY)
def test_looking_then_answering_succeeds_but_not_once_the_state_is_broken(name):
    _key, _value, breaks = TARGET[name]
    with opened_env(name) as env:
        _look(env, name, 2)
        _o, reward, terminated, _t, info = noop(env, response="It is already set.")
        assert terminated and info["success"] and reward == 1.0
        _look(env, name, 2)
        shell(env, breaks)
        _o, reward, terminated, _t, info = noop(env, response="done")
        assert terminated and not info["success"]


def test_composite_scores_half_per_part_and_succeeds_only_with_both():
    with opened_env(COMPOSITE) as env:
        env.reset(seed=0)
        info = noop(env)[4]
        assert info["score"] == 0.0 and not info["success"]
        shell(env, "settings put global wifi_on 0")
        _o, reward, terminated, _t, info = noop(env)
        assert (info["score"], reward, terminated) == (0.5, 0.5, False)
        shell(env, "settings put global wifi_on 1")
        shell(env, "settings put global bluetooth_on 1")
        _o, reward, terminated, _t, info = noop(env)
        assert (info["score"], reward, terminated) == (0.5, 0.0, False)
        shell(env, "settings put global wifi_on 0")
        _o, reward, terminated, _t, info = noop(env)
        assert info["score"] == 1.0 and reward == 0.5 and terminated and info["success"]


def test_composite_undoing_a_part_takes_its_half_back():
    with opened_env(COMPOSITE) as env:
        env.reset(seed=0)
        shell(env, "settings put global bluetooth_on 1")
        assert noop(env)[4]["score"] == 0.5
        shell(env, "settings put global bluetooth_on 0")
        _o, reward, _term, _t, info = noop(env)
        assert info["score"] == 0.0 and reward == -0.5
