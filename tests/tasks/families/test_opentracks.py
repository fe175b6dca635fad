"""The six OpenTracks information-retrieval families: oracles that read the list or a track's
statistics succeed on 20 seeds; a distractor's value, a blind answer or no answer fail; the
seeded table holds the relevant rows and the distractors under AndroidWorld's rules."""

from __future__ import annotations

import numpy as np
import pytest

from mobile_gym.apps import opentracks as model
from mobile_gym.tasks import registry
from mobile_gym.tasks.families import opentracks as ot
from mobile_gym.tasks.families import opentracks_data as od
from tests.tasks.families.helpers import noop, opened_env, oracle_episodes, shell

NAMES = [cls.name for cls in ot.FAMILIES]
SEEDS = range(20)


@pytest.mark.parametrize("name", NAMES)
def test_oracle_reads_the_answer_off_the_screen_for_20_seeds(name):
    for ep in oracle_episodes(name, SEEDS):
        assert ep.success and ep.terminated, (name, ep.seed, ep)
        assert ep.total_reward >= 1.0


def _distractor_answer(family, params) -> str:
    """The answer a distractor row would give: its own value of the asked field."""
    distractors = [t for t in params.rows if t not in params.relevant]
    if isinstance(family, ot.SportsTrackerActivitiesOnDate):
        wrong = [t.category for t in distractors if t.category not in params.expected]
        return ", ".join([*params.expected[:-1], wrong[0]])
    if isinstance(family, ot.SportsTrackerActivitiesCountForWeek):
        return str(int(params.expected[0]) + 1)
    if isinstance(family, (ot.SportsTrackerActivityDuration,
                           ot.SportsTrackerTotalDurationForCategoryThisWeek)):
        value = next(t.duration_mins for t in distractors
                     if str(t.duration_mins) != params.expected[0])
        return f"{value} minutes"
    value = next(int(t.totaldistance) for t in distractors
                 if abs(t.totaldistance - float(params.expected[0])) > 1)
    return f"{value} m"


@pytest.mark.parametrize("name", NAMES)
def test_a_distractors_value_or_no_answer_fails_and_the_right_one_succeeds(name):
    family = registry.get_family(name)
    with opened_env(name) as env:
        for seed in range(3):
            params = family.params(seed)
            env.reset(seed=seed)
            _o, _r, terminated, _t, info = noop(env)
            assert not terminated and not info["success"]       # no answer: the episode goes on
            _o, reward, terminated, _t, info = noop(env, response=_distractor_answer(family, params))
            assert terminated and not info["success"] and reward == 0.0, (seed, params.expected)
            env.reset(seed=seed)
            _o, reward, terminated, _t, info = noop(env, response=", ".join(params.expected))
            assert terminated and info["success"] and reward == 1.0


@pytest.mark.parametrize("name", NAMES)
def test_the_seeded_table_holds_the_relevant_rows_and_harmless_distractors(name):
    family = registry.get_family(name)
    with opened_env(name) as env:
        for seed in (0, 1):
            params = family.params(seed)
            env.reset(seed=seed)
            out = shell(env, f"sqlite3 {model.DB_PATH} 'SELECT name, category, activity_type, "
                             "starttime, stoptime, totaltime, movingtime FROM tracks'")
            rows = [line.split("|") for line in out.strip().splitlines()]
            assert len(rows) == len(params.relevant) + ot.N_DISTRACTORS
            for _name, cat, kind, start, stop, total, moving in rows:
                assert cat == kind and total == moving                 # AndroidWorld's rules
                assert int(stop) - int(start) == int(total)
                assert int(total) % model.MINUTE_MS == 0
            for t in params.relevant:
                assert [t.name, t.category] in [r[:2] for r in rows]
            bad = family.excludes(dict(params.fields))
            distractors = [t for t in params.rows if t not in params.relevant]
            assert not any(bad(t) for t in distractors)
            assert all(t.start.date() <= od.TODAY for t in params.rows)


def test_list_labels_parse_back_to_days():
    today = od.TODAY
    assert ot.list_day("Today") == today
    assert ot.list_day("Yesterday").isoformat() == "2023-10-14"
    assert ot.list_day("Monday").isoformat() == "2023-10-09"
    assert ot.list_day("8 Oct").isoformat() == "2023-10-08"
    assert ot.list_day("20 Sep 2022").isoformat() == "2022-09-20"
    assert ot.parse_span("1:35:00 (12.34 km)") == (95, 12340)
    assert ot.parse_span("12:00 (430 m)") == (12, 430)
    with pytest.raises(ValueError, match="not a track time"):
        ot.parse_span("Recording…")


def _guess(family, rng) -> str:
    if isinstance(family, ot.SportsTrackerActivitiesOnDate):
        return str(od.CATEGORIES[int(rng.integers(len(od.CATEGORIES)))])
    if isinstance(family, (ot.SportsTrackerActivityDuration,
                           ot.SportsTrackerTotalDurationForCategoryThisWeek)):
        return f"{int(rng.integers(10, 300))} minutes"
    return f"{int(rng.integers(60, 9001)) * 10} m"


@pytest.mark.parametrize("name", [n for n in NAMES if n != "SportsTrackerActivitiesCountForWeek"])
def test_answering_blind_without_looking_fails(name):
    rng = np.random.default_rng(11)
    family = registry.get_family(name)
    wins = 0
    with opened_env(name) as env:
        for seed in SEEDS:
            env.reset(seed=seed)
            _o, _r, terminated, _t, info = noop(env, response=_guess(family, rng))
            assert terminated
            wins += info["success"]
    # one category of five is right by chance when the day had one activity (1 in 5)
    assert wins <= (6 if name == "SportsTrackerActivitiesOnDate" else 1), (name, wins)
