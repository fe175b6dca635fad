"""`EventEngine.rebind` takes back the view-hierarchy sources it compiled for an earlier seed
when a later seed defines them again (a family's seeds come back to the same titles, dates and
times): an engine going back and forth between seeds scores exactly as one compiled afresh."""

from __future__ import annotations

import pytest

from mobile_gym.events import EventEngine
from mobile_gym.events.sources.view_hierarchy import ViewHierarchySource
from mobile_gym.tasks import registry
from tests.env.test_engine_rebind import _env, _oracle_episode, _random_episode

SEEDS = (1, 2, 1, 3, 2, 1)


# OpenApp: its seeds give the same ten selectors to other sources (one dump reader for all)
@pytest.mark.parametrize("name", ("CalendarAddOneEvent", "MarkorCreateNote", "OpenApp"))
def test_sources_taken_back_score_as_fresh_ones(name):
    kept, fresh = _env(name), _env(name, engine_factory=EventEngine)
    try:
        for seed in SEEDS:
            assert _random_episode(kept, seed, steps=15) == _random_episode(fresh, seed, steps=15)
            episode = _oracle_episode(kept, seed)
            assert episode[-1][3], f"{name} seed {seed}: the oracle failed"
            assert episode == _oracle_episode(fresh, seed)
    finally:
        kept.close()
        fresh.close()


def test_an_engine_rebound_to_an_earlier_task_shares_its_sources_again():
    family = registry.get_family("CalendarAddOneEvent")
    first, second = family.make_task(1), family.make_task(2)
    engine = EventEngine(first)
    before = [node.source for node in engine.sources.values()]
    assert engine.rebind(second) and engine.rebind(first)
    after = [node.source for node in engine.sources.values()]
    screen = [(a, b) for a, b in zip(before, after) if isinstance(a, ViewHierarchySource)]
    assert len(screen) == 6 and all(a is b for a, b in screen)
