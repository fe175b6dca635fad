"""The family registry, the per-seed tasks it builds and how MobileEnv uses them."""

from __future__ import annotations

import gymnasium as gym
import pytest

import mobile_gym
from mobile_gym.tasks import registry
from mobile_gym.tasks.checks import check_task
from mobile_gym.tasks.families import FAMILIES
from mobile_gym.tasks.families.oracle import (
    OracleError,
    Sel,
    find,
    parse_windows,
    plan_cost,
    tokenize,
)
from tests.tasks.families.helpers import make_env, noop

NAMES = [cls.name for cls in FAMILIES]


def test_list_tasks_has_every_family_with_metadata():
    tasks = mobile_gym.list_tasks()
    assert [t["name"] for t in tasks] == NAMES
    for t in tasks:
        assert t["id"] == f"MobileEnv/{t['name']}-v0" and t["id"] in gym.registry
        assert t["app"] and t["tags"] and t["complexity"] > 0 and t["template"]
        assert t["step_limit"] > 0


@pytest.mark.parametrize("name", NAMES)
def test_tasks_are_valid_deterministic_and_share_one_action_space(name):
    family = registry.get_family(name)
    a, b, c = (registry.make_task(name, s) for s in (5, 5, 6))
    assert a.proto == b.proto
    assert check_task(a.proto) == [] and check_task(c.proto) == []
    assert list(a.proto.vocabulary) == list(c.proto.vocabulary)
    assert a.proto.max_num_steps == c.proto.max_num_steps == family.step_limit
    vocab = family.vocabulary()
    # the step limit covers the oracle's plan of every sampled seed twice over
    for seed in range(20):
        assert 2 * plan_cost(family.plan(family.params(seed)), vocab) <= family.step_limit


def test_unknown_names_and_bad_seeds_are_clear_errors():
    with pytest.raises(KeyError, match="no task family 'Nope'"):
        registry.get_family("Nope")
    with pytest.raises(ValueError, match="seed=-1"):
        registry.make_task(NAMES[0], -1)
    with pytest.raises(ValueError, match="success_check='sometimes'"):
        registry.get_family(NAMES[0], success_check="sometimes")


def test_env_draws_a_new_task_per_reset_and_reproduces_seeds():
    env = make_env("MobileEnv/OpenApp-v0")
    try:
        seen = set()
        for seed in range(6):
            obs, info = env.reset(seed=seed)
            assert info["task_seed"] == seed
            assert obs["instruction"] == registry.make_task("OpenApp", seed).proto.command[0]
            seen.add(obs["instruction"])
        assert len(seen) > 1
        obs, info = env.reset()                     # no seed: drawn from np_random
        assert obs["instruction"] == registry.make_task("OpenApp", info["task_seed"]).proto.command[0]
    finally:
        env.close()


def test_gym_make_runs_a_family():
    env = gym.make("MobileEnv/SystemWifiTurnOff-v0", obs_keys=("view_hierarchy",))
    try:
        env.reset(seed=1)
        _obs, reward, terminated, _truncated, info = noop(env.unwrapped)
        assert (reward, terminated, info["success"]) == (0.0, False, False)
    finally:
        env.close()


def test_tokenize_prefers_words_and_refuses_unknown_characters():
    vocab = ["a", "b", " ", "ab", "Call"]
    assert tokenize("Call ab a", vocab) == [4, 2, 3, 2, 0]
    assert tokenize("ba", vocab) == [1, 0]
    with pytest.raises(OracleError, match="'z'"):
        tokenize("z", vocab)


def test_find_prefers_the_topmost_window():
    # a forest (several roots) lists the top window first
    xml = ('<hierarchy rotation="0">'
           '<node text="" resource-id="" class="android.widget.FrameLayout" bounds="[0,0][100,100]">'
           '<node text="OK" resource-id="android:id/button1" class="android.widget.Button" '
           'bounds="[50,50][60,60]"/></node>'
           '<node text="OK" resource-id="" class="android.widget.Button" bounds="[0,0][10,10]"/></hierarchy>')
    node = find(parse_windows(xml), Sel(text="OK"))
    assert node is not None and node.get("resource-id") == "android:id/button1"
    assert find(parse_windows(xml), Sel(text="Nope")) is None


def test_calendar_v0_is_the_add_one_event_family_and_file_ids_do_not_shadow_families():
    from mobile_gym.tasks.catalog import task_files

    assert gym.registry["MobileEnv/Calendar-v0"].kwargs == {"task": "CalendarAddOneEvent"}
    assert gym.registry["MobileEnv/Markor-v0"].kwargs == {"task": "MarkorCreateNote"}
    assert gym.registry["MobileEnv/Settings-v0"].kwargs == {"task": "SystemWifiTurnOff"}
    env = gym.make("MobileEnv/Calendar-v0", obs_keys=("instruction",))
    try:
        assert env.unwrapped.family.name == "CalendarAddOneEvent"
    finally:
        env.close()
    file_names = set(task_files())
    assert not file_names & set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_the_start_state_is_not_already_a_success(name):
    env = make_env(name)
    try:
        for seed in range(5):
            env.reset(seed=seed)
            _obs, reward, terminated, _trunc, info = noop(env)
            assert not terminated and not info["success"] and reward == 0.0, (name, seed)
    finally:
        env.close()
