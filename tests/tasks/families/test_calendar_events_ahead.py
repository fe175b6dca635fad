"""The calendar's events drawn in blocks (`calendar_data.events_ahead`, `calendar_ir.distractors`)
are exactly the events and draws of `generate_event` called one event at a time on numpy's own
generator, and leave the generator where those calls leave it."""

from __future__ import annotations

from datetime import date, time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.tasks import registry
from mobile_gym.tasks.families import calendar_data as cd
from mobile_gym.tasks.families import calendar_ir as ir
from mobile_gym.tasks.families.draws import Draws

from .draw_checks import assert_same_state, draw_alike


def _one_at_a_time(rng: np.random.Generator, hours: int, minutes: bool) -> cd.Event:
    """An event drawn the plain way: day, hour[, minute], then `generate_event`."""
    start = cd.OCTOBER_DAYS[1 + int(rng.integers(0, 31))] + 3600 * int(rng.integers(0, hours))
    if minutes:
        start += 60 * int(rng.integers(0, 60))
    return cd.generate_event(rng, start)


def _reference_distractors(rng, conditions, taken, n):
    """AndroidWorld's rule, one try at a time: up to MAX_TRIES per distractor."""
    out = []
    for _ in range(n):
        for _ in range(ir.MAX_TRIES):
            e = _one_at_a_time(rng, 23, True)
            if not ir.excluded(e, conditions) and e.title.lower() not in taken:
                out.append(e)
                break
        else:
            raise RuntimeError("no distractor")
    return out


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), lead=st.integers(0, 20), count=st.integers(1, 90),
       take=st.integers(1, 90), shape=st.sampled_from([(23, True), (24, False), (5, True)]))
def test_a_block_is_the_one_at_a_time_events(seed, lead, count, take, shape):
    hours, minutes = shape
    fast, real = Draws(seed), np.random.default_rng(seed)
    draw_alike(fast, real, lead)
    block = cd.events_ahead(fast, count, hours, minutes)
    assert len(block) >= 1
    k = min(take, len(block))
    block.use(fast, k)
    assert block.events(list(range(k))) == [_one_at_a_time(real, hours, minutes)
                                            for _ in range(k)]
    assert_same_state(fast, real)


def test_numpys_own_generator_gets_one_event_at_a_time_already_drawn():
    real, plain = np.random.default_rng(4), np.random.default_rng(4)
    block = cd.events_ahead(plain, 50, 23, True)
    assert len(block) == 1
    block.use(plain, 1)  # its draws are made: nothing to skip
    assert block.events([0]) == [_one_at_a_time(real, 23, True)]
    assert plain.integers(0, 1000) == real.integers(0, 1000)


_U = 0x9E3779B9  # a 32-bit value whose draw below every bound here is clean; top bit 1


def test_a_block_stops_before_an_event_whose_draws_might_redraw():
    # 0 * n has a low half below n for every bound n: a draw reading 0 may make Lemire's redraw
    note = [_U] * 10            # day, hour, minute, duration, prefix, who, action, subject,
    no_note = [_U] * 8 + [1]    # coin (1: a note is drawn, 10 values; 0: 9 values), note
    values = note + no_note + [_U] * 5 + [0] + [_U] * 10
    block = cd.events_from_values(values, (31, 23, 60))
    assert block.used == [10, 9]  # the third event reads the 0 (its name-or-subject draw)
    plain = cd.DESCRIPTIONS[_U * len(cd.ACTIONS) >> 32][_U * len(cd.SUBJECTS_DESCRIPTIONS) >> 32]
    assert block.descriptions.tolist() == [plain + cd.NOTES[_U * 5 >> 32], plain]
    # a 0 where the second event's note would be is not one of its draws
    assert cd.events_from_values(note + no_note + [0] * 10, (31, 23, 60)).used == [10, 9]


def test_ahead_leaves_the_draws_and_skip_makes_them():
    fast, real = Draws(11), np.random.default_rng(11)
    values = fast.ahead(40)
    assert fast.ahead(40) == values
    assert [fast.below(1000) for _ in range(3)] == [int(real.integers(0, 1000))
                                                    for _ in range(3)]
    assert fast.ahead(10) == values[3:13]  # (no redraw among these three draws)
    fast.skip(10)
    for _ in range(10):
        real.integers(0, 2**31)  # a 32-bit draw (a power of two never redraws)
    assert_same_state(fast, real)
    with pytest.raises(ValueError):
        Draws(1).skip(1)


_CONDITIONS = {
    "next week": [ir.Exclusion("start_date", "<=", date(2023, 10, 22)),
                  ir.Exclusion("start_date", ">=", ir.TODAY)],
    "at a time": [ir.Exclusion("start_date", "==", date(2023, 10, 20)),
                  ir.Exclusion("start_time", "==", time(9, 45))],
    "range": [ir.Exclusion("start_date", "==", date(2023, 10, 18)),
              ir.Exclusion("start_time", ">=", time(10, 30)),
              ir.Exclusion("start_time", "<=", time(20, 0))],
    "title": [ir.Exclusion("title", "contains", "bob")],
    "title and day": [ir.Exclusion("title", "contains", "team"),
                      ir.Exclusion("start_date", "==", date(2023, 10, 3))],
    "none": [],
}


@pytest.mark.parametrize("which", sorted(_CONDITIONS))
@pytest.mark.parametrize("seed", [0, 1, 2, 77, 2**31 - 2])
def test_distractors_are_the_one_at_a_time_distractors(which, seed):
    conditions = _CONDITIONS[which]
    taken = {"call with bob"} if which == "none" else {"team meeting"}
    for lead in (0, 3, 13):
        fast, real = Draws(seed), np.random.default_rng(seed)
        for _ in range(lead):
            assert fast.below(9) == int(real.integers(0, 9))
        assert ir.distractors(fast, conditions, taken, 75) \
            == _reference_distractors(real, conditions, taken, 75)
        assert_same_state(fast, real)
    plain, real = np.random.default_rng(seed), np.random.default_rng(seed)
    assert ir.distractors(plain, conditions, taken, 10) \
        == _reference_distractors(real, conditions, taken, 10)


def test_a_block_of_no_events_is_refused():
    with pytest.raises(ValueError, match="count must be at least 1"):
        cd.events_ahead(Draws(1), 0)


def test_conditions_no_event_passes_raise():
    everything = [ir.Exclusion("start_date", ">=", date(2023, 10, 1))]
    with pytest.raises(RuntimeError, match="no distractor passes"):
        ir.distractors(Draws(3), everything, set(), 5)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), which=st.sampled_from(sorted(_CONDITIONS)))
def test_the_test_of_a_block_is_the_test_of_each_event(seed, which):
    test = ir.ExclusionTest(_CONDITIONS[which])
    block = cd.events_ahead(Draws(seed), 60, 24, True)
    events = block.events(list(range(len(block))))
    assert test.each(block.start_ts, block.end_ts, block.titles).tolist() \
        == [test(e.start_ts, e.end_ts, e.title) for e in events]


@pytest.mark.parametrize("family", [f.name for f in ir.FAMILIES])
def test_every_families_conditions_test_blocks_as_events(family):
    fam = registry.get_family(family)
    for seed in range(5):
        test = ir.ExclusionTest(fam.exclusions(dict(fam.params(seed).fields)))
        block = cd.events_ahead(Draws(seed), 80, 24, True)
        events = block.events(list(range(len(block))))
        assert test.each(block.start_ts, block.end_ts, block.titles).tolist() \
            == [ir.excluded(e, test.conditions) for e in events]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), lead=st.integers(0, 15), n=st.integers(0, 30),
       day=st.integers(1, 31))
def test_noise_events_are_the_one_at_a_time_noise(seed, lead, n, day):
    """The calendar families' noise: distinct events passing `keep`, each try a whole event."""
    def keep(e):
        return e.start.day != day and not e.title.startswith("Call")
    fast, real = Draws(seed), np.random.default_rng(seed)
    for _ in range(lead):
        assert fast.below(6) == int(real.integers(0, 6))
    expected = cd.random_items(real, n, lambda: _one_at_a_time(real, 24, False), keep)
    assert cd.noise_events(fast, n, keep) == expected
    assert_same_state(fast, real)
