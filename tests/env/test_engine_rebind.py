"""A family env keeps its event engine across seeds whose event graphs have the same shape
(`EventEngine.rebind`: only the changed sources are compiled again). It must score exactly as
an engine compiled afresh for every reset (`engine_factory=EventEngine` forces that): the same
rewards, ends and success on the oracle's episodes and on random ones, seed after seed."""

from __future__ import annotations

import pytest

from mobile_gym.env import MobileEnv
from mobile_gym.events import EventEngine
from mobile_gym.events.errors import TaskCompileError
from mobile_gym.tasks import registry

# source kinds: view hierarchy + rows added (calendar), answers (calendar IR, notes, tasks,
# sports), file state (markor), messages (sms), expense rows; a Verify family's progress gate
FAMILIES = ("CalendarAddOneEvent", "CalendarEventsOnDate", "ExpenseAddMultiple",
            "MarkorCreateNote", "NotesTodoItemCount", "SimpleSmsReply",
            "SportsTrackerActivityDuration", "SystemWifiTurnOffVerify")
SEEDS = (1, 2, 5)


def _env(name: str, **kwargs) -> MobileEnv:
    return MobileEnv(name, obs_keys=("view_hierarchy", "instruction"), hierarchy="forest", **kwargs)


def _oracle_episode(env: MobileEnv, seed: int) -> list[tuple]:
    obs, _ = env.reset(seed=seed)
    oracle = env.family.oracle(seed, screen_size=env.device.screen_size,
                               step_seconds=env.step_seconds)
    out = []
    while True:
        obs, reward, terminated, truncated, info = env.step(oracle.act(obs))
        out.append((reward, terminated, truncated, info["success"]))
        if terminated or truncated:
            return out


def _random_episode(env: MobileEnv, seed: int, steps: int = 25) -> list[tuple]:
    env.reset(seed=seed)
    space = env.action_space
    space.seed(seed)
    out = []
    for _ in range(steps):
        _, reward, terminated, truncated, info = env.step(space.sample())
        out.append((reward, terminated, truncated, info["success"]))
        if terminated or truncated:
            break
    return out


@pytest.mark.parametrize("name", FAMILIES)
def test_a_rebound_engine_scores_as_a_freshly_compiled_one(name):
    kept, fresh = _env(name), _env(name, engine_factory=EventEngine)
    try:
        for seed in SEEDS:
            episode = _oracle_episode(kept, seed)
            assert episode[-1][3], f"{name} seed {seed}: the oracle failed"
            assert episode == _oracle_episode(fresh, seed)
            assert _random_episode(kept, seed) == _random_episode(fresh, seed)
        assert kept.engine.proto is kept.task.proto
    finally:
        kept.close()
        fresh.close()


def test_every_family_rebinds_to_another_seed_or_refuses_without_change():
    for name in registry.family_names():
        family = registry.get_family(name)
        first, second = family.make_task(1), family.make_task(2)
        engine = EventEngine(first)
        same_shape = (first.proto.event_slots == second.proto.event_slots
                      and [s.id for s in first.proto.event_sources]
                      == [s.id for s in second.proto.event_sources])
        assert engine.rebind(second) is same_shape, name
        assert engine.proto is (second.proto if same_shape else first.proto), name
        engine.reset()
        if same_shape:
            fresh = EventEngine(second)
            assert engine.live_source_ids() == fresh.live_source_ids(), name
            for sid, node in fresh.sources.items():
                assert type(engine.sources[sid].source) is type(node.source), (name, sid)


def test_a_source_that_fails_to_compile_leaves_the_engine_on_its_task():
    task = registry.make_task("CalendarAddOneEvent", 1)
    engine = EventEngine(task)
    pattern = engine.sources[2].source.properties[0].regex.pattern
    broken = type(task)(proto=type(task.proto)(), path=None, directory=None)
    broken.proto.CopyFrom(task.proto)
    broken.proto.event_sources[1].view_hierarchy_event.properties[0].pattern = "(unclosed"
    with pytest.raises(TaskCompileError, match="invalid regular expression"):
        engine.rebind(broken)
    assert engine.proto is task.proto
    assert engine.sources[2].source.properties[0].regex.pattern == pattern
