"""The nine Simple Calendar information-retrieval families: oracles that read the UI, blind
answers that fail, the seeded state and the typed answer check through the env."""

from __future__ import annotations

from datetime import date, time

import numpy as np
import pytest

from mobile_gym.tasks import registry
from mobile_gym.tasks.families import calendar_ir as ir
from tests.tasks.families.helpers import (
    noop,
    opened_env,
    oracle_episodes,
    random_agent_on,
    shell,
)

IR = [cls.name for cls in ir.FAMILIES]
SEEDS = range(20)


@pytest.mark.parametrize("name", IR)
def test_oracle_reads_the_answer_off_the_screen_for_20_seeds(name):
    for ep in oracle_episodes(name, SEEDS):
        assert ep.success and ep.terminated, (name, ep.seed, ep)
        assert ep.total_reward >= 1.0


def _plausible(family, params, rng) -> str:
    """A blind guess of the right shape: titles (or a location, a date and time) drawn from the
    family's own value lists, as many as the expected answer has."""
    n = len(params.expected)
    if isinstance(family, ir.CalendarNextMeetingWithPerson):
        return f"{ir.DATES[int(rng.integers(len(ir.DATES)))]} {int(rng.integers(0, 24)):02d}:00"
    pool = {ir.CalendarLocationOfEvent: ir.LOCATIONS, ir.CalendarFirstEventAfterStartTime:
            ir.AFTER_TITLES, ir.CalendarEventsInTimeRange: ir.RANGE_TITLES,
            ir.CalendarEventsOnDate: ir.EVENTS_ON_DATE_TITLES}.get(type(family), ir.TITLES)
    picks = rng.choice(len(pool), size=n, replace=False)
    return ", ".join(pool[int(i)] for i in picks)


@pytest.mark.parametrize("name", IR)
def test_answering_without_looking_fails(name):
    """Two blind guesses per seed: success stays at chance level (1 in 10-20 per guess)."""
    rng = np.random.default_rng(7)
    family = registry.get_family(name)
    wins = trials = 0
    with opened_env(name) as env:
        for seed in SEEDS:
            for _ in range(2):
                env.reset(seed=seed)
                guess = _plausible(family, family.params(seed), rng)
                _o, _reward, terminated, _t, info = noop(env, response=guess)
                assert terminated, "an answer ends the episode"
                wins += info["success"]
                trials += 1
    assert wins <= 0.15 * trials, (name, wins, trials)


@pytest.mark.parametrize("name", IR)
def test_random_agent_never_succeeds(name):
    episodes, successes, _ = random_agent_on(name, 200)
    assert successes == 0, (episodes, successes)


def test_a_wrong_answer_ends_the_episode_as_a_failure_and_the_right_one_succeeds():
    with opened_env("CalendarAnyEventsOnDate") as env:
        params = env.family.params(3)
        env.reset(seed=3)
        _o, _r, terminated, _t, info = noop(env)
        assert not terminated                        # no answer: the episode goes on
        titles = list(params.expected)
        _o, reward, terminated, _t, info = noop(env, response=", ".join(titles[:2]))
        assert terminated and not info["success"] and reward == 0.0   # a missing item
        env.reset(seed=3)
        _o, reward, terminated, _t, info = noop(env, response=" and ".join(reversed(titles)))
        assert terminated and info["success"] and reward == 1.0


def test_next_meeting_wants_the_right_date_and_time():
    with opened_env("CalendarNextMeetingWithPerson") as env:
        for seed in range(3):
            params = env.family.params(seed)
            (when,) = params.expected
            y, m, d = (int(x) for x in when[:10].split("-"))
            hh, mm = when[11:].split(":")
            right = f"{date(y, m, d):%B} {d} {y} {hh}:{mm}"
            wrong_day = f"{date(y, m, d):%B} {d + 1} {y} {hh}:{mm}"
            env.reset(seed=seed)
            assert not noop(env, response=wrong_day)[4]["success"]
            env.reset(seed=seed)
            assert noop(env, response=right)[4]["success"]


@pytest.mark.parametrize("name", IR)
def test_the_seeded_table_holds_the_relevant_rows_and_75_distractors(name):
    family = registry.get_family(name)
    with opened_env(name) as env:
        for seed in (0, 1):
            params = family.params(seed)
            env.reset(seed=seed)
            out = shell(env, "sqlite3 /data/data/com.simplemobiletools.calendar.pro/databases/"
                             "events.db 'SELECT start_ts, title, location FROM events'")
            rows = [line.split("|") for line in out.strip().splitlines()]
            assert len(rows) == len(params.relevant) + ir.N_DISTRACTORS
            for e in params.relevant:
                assert [str(e.start_ts), e.title, e.location] in rows
            # no distractor changes the answer: the exclusion conditions hold for all of them
            conditions = family.exclusions(dict(params.fields))
            distractors = [e for e in params.rows if e not in params.relevant]
            assert len(distractors) == ir.N_DISTRACTORS
            assert not any(ir.excluded(e, conditions) for e in distractors)
            assert all(e.start.date() == e.end.date() for e in distractors)


def test_exclusion_conditions_follow_android_worlds_overlap_rule():
    ev = ir.relevant(date(2023, 10, 20), time(23, 30), "Gym", 60)    # ends Oct 21 00:30
    on_21 = [ir.Exclusion("start_date", "==", date(2023, 10, 21))]
    assert ir.excluded(ev, on_21)                                     # its end is on the 21st
    late = [ir.Exclusion("start_date", "==", date(2023, 10, 20)),
            ir.Exclusion("start_time", ">=", time(23, 45))]
    assert not ir.excluded(ir.relevant(date(2023, 10, 20), time(9, 0), "Gym"), late)
    assert ir.excluded(ir.relevant(date(2023, 10, 20), time(23, 50), "Gym"), late)
    # 23:30-00:00: neither its start nor its end (00:00) is at or after 23:45
    assert not ir.excluded(ir.relevant(date(2023, 10, 20), time(23, 30), "Gym"), late)
    assert ir.excluded(ir.relevant(date(2023, 10, 1), time(9, 0), "Drinks with Mia"),
                       [ir.Exclusion("title", "contains", "mia")])
    assert not ir.excluded(ev, [])


def test_instructions_are_android_worlds_prompts():
    task = registry.make_task("CalendarLocationOfEvent", 0)
    params = registry.get_family("CalendarLocationOfEvent").params(0)
    assert task.proto.command[0] == (f"What is the location of my {params.get('title')} event in "
                                     "Simple Calendar Pro? Answer with the location only.")


def test_element_actions_answer_ends_and_scores_an_ir_episode():
    from mobile_gym.wrappers import ElementActions
    from tests.tasks.families.helpers import make_env

    env = ElementActions(make_env("CalendarLocationOfEvent"))
    try:
        params = env.unwrapped.family.params(4)
        env.reset(seed=4)
        _o, reward, terminated, _t, info = env.step(env.command('answer "somewhere else"'))
        assert terminated and not info["success"]
        env.reset(seed=4)
        (location,) = params.expected
        _o, reward, terminated, _t, info = env.step(env.command(f'answer "{location}"'))
        assert terminated and info["success"] and reward == 1.0
    finally:
        env.close()


def test_the_oracle_scrolls_a_full_day_view_and_reads_every_row():
    """Twelve more events on the asked day than fit on the screen: `Note` swipes the day's list
    and merges the pages, so the answer it builds names all of them."""
    import shlex

    from mobile_gym.tasks.families.calendar_data import DB_PATH, insert_sql
    from mobile_gym.tasks.families.oracle import Oracle

    with opened_env("CalendarEventsOnDate") as env:
        family = env.family
        params = family.params(5)
        obs, _ = env.reset(seed=5)
        day = ir.parse_date(params.get("date"))
        extra = [f"Extra event {chr(65 + i)}" for i in range(12)]
        rows = [ir.relevant(day, time(8 + i // 2, 30 * (i % 2)), t, 15) for i, t in enumerate(extra)]
        shell(env, f"sqlite3 {DB_PATH} {shlex.quote(insert_sql(rows))}")
        plan = family.plan(params)
        oracle = Oracle(plan, family.vocabulary(), screen_size=env.device.screen_size,
                        step_seconds=env.step_seconds)
        while not oracle.finished:
            action = oracle.act(obs)
            if action.get("response"):
                answer = action["response"]
                break
            obs, *_ = env.step(action)
        titles = set(answer.split(", "))
        assert titles == {*extra, *params.expected}
