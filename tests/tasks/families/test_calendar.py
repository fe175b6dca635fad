"""Simple Calendar Pro families: oracles, a random agent, and tampered database states."""

from __future__ import annotations

import shlex
from functools import partial

import pytest

from mobile_gym.tasks.families import calendar_data as cd
from tests.tasks.families.helpers import make_env, noop, oracle_episodes, random_agent_on, shell

ADD = ["CalendarAddOneEvent", "CalendarAddOneEventTomorrow", "CalendarAddOneEventInTwoWeeks",
       "CalendarAddOneEventRelativeDay", "CalendarAddRepeatingEvent"]
DELETE = ["CalendarDeleteEvents", "CalendarDeleteEventsOnRelativeDay", "CalendarDeleteOneEvent",
          "CalendarDeleteDuplicateEvents"]


def sql(env, statement: str) -> str:
    return shell(env, f"sqlite3 {cd.DB_PATH} {shlex.quote(statement)}")


def sql_attempt(env, seed: int, *statements: str) -> bool:
    """Reset to `seed`, run `statements` on the database, and report whether the check passes."""
    env.reset(seed=seed)
    for s in statements:
        sql(env, s)
    return bool(noop(env)[4]["success"])


def app_row(event: cd.Event, **changes) -> str:
    """An INSERT of the row the app writes for `event` (its own defaults for the other fields)."""
    from dataclasses import replace

    row = replace(event, reminder_1_minutes=10, source="simple-calendar", import_id="x",
                  last_updated=1697384045000, **changes)
    return cd.insert_sql([row])


@pytest.mark.parametrize("name", ADD + DELETE)
def test_oracle_succeeds_for_20_seeds(name):
    for ep in oracle_episodes(name, range(20)):
        assert ep.success and ep.terminated, (name, ep.seed, ep)


@pytest.mark.parametrize("name", ["CalendarAddOneEvent", "CalendarDeleteEvents"])
def test_random_agent_rarely_succeeds(name):
    episodes, successes, _ = random_agent_on(name, 300)
    assert successes == 0, (episodes, successes)


def test_instruction_and_noise_follow_android_world():
    env = make_env("CalendarAddOneEvent")
    try:
        for seed in range(10):
            obs, _ = env.reset(seed=seed)
            p = env.family.params(seed)
            e = p.event
            assert 15 <= e.start.day <= 31 and e.start.minute == 0 and e.duration_mins in (15, 30, 45, 60)
            assert f"on 2023-10-{e.start.day} at {e.start.hour}h" in obs["instruction"]
            assert f"'{e.title}'" in obs["instruction"] and f"'{e.description}'" in obs["instruction"]
            assert 0 <= len(p.noise) <= 20 and all(n.title != e.title for n in p.noise)
            count = int(sql(env, "SELECT count(*) FROM events").strip())
            assert count == len(p.noise)
    finally:
        env.close()


def _add_seed_with_noise(env) -> int:
    return next(s for s in range(50) if len(env.family.params(s).noise) >= 2)


@pytest.mark.parametrize("name", ["CalendarAddOneEvent", "CalendarAddRepeatingEvent"])
def test_add_check_is_strict(name):
    env = make_env(name)
    try:
        seed = _add_seed_with_noise(env)
        e = env.family.params(seed).event
        attempt = partial(sql_attempt, env, seed)
        assert attempt(app_row(e))                                   # positive control
        assert attempt(app_row(e, title=e.title.lower()))            # fuzzy, case-insensitive text
        assert not attempt(app_row(e, end_ts=e.end_ts + 900))        # a wrong field value
        assert not attempt(app_row(e, title="Something else"))
        assert not attempt(app_row(e, repeat_interval=e.repeat_interval + cd.DAILY_SECONDS))
        assert not attempt(app_row(e, location="Room 4"))            # empty expected text
        assert not attempt(app_row(e), app_row(e, title="Extra"))    # an extra row
        assert not attempt(app_row(e), app_row(e))                   # a duplicate creation
        assert not attempt(app_row(e), "DELETE FROM events WHERE id = 1")        # a noise row deleted
        assert not attempt(app_row(e), "UPDATE events SET title = 'x' WHERE id = 2")  # noise edited
    finally:
        env.close()


def test_delete_check_is_strict():
    env = make_env("CalendarDeleteEvents")
    try:
        seed = 2
        p = env.family.params(seed)
        day0, day1 = cd.day_bounds(p.targets[0].start)
        on_day = f"start_ts >= {day0} AND start_ts < {day1}"
        attempt = partial(sql_attempt, env, seed)
        assert attempt(f"DELETE FROM events WHERE {on_day}")         # positive control
        assert not attempt(f"DELETE FROM events WHERE id IN (SELECT id FROM events WHERE {on_day} LIMIT 2)")
        assert not attempt(f"DELETE FROM events WHERE {on_day}", "DELETE FROM events WHERE id = 1")
        assert not attempt(f"DELETE FROM events WHERE {on_day}", "UPDATE events SET end_ts = end_ts + 60 WHERE id = 3")
        assert not attempt(f"DELETE FROM events WHERE {on_day}", app_row(p.noise[0], title="New"))
    finally:
        env.close()


def test_delete_duplicates_accepts_either_copy_but_not_both():
    env = make_env("CalendarDeleteDuplicateEvents")
    try:
        seed = 1
        p = env.family.params(seed)
        e = p.targets[0]
        same = f"title = {cd.sql_literal(e.title)} AND start_ts = {e.start_ts}"

        def attempt(statement: str) -> bool:
            env.reset(seed=seed)
            assert int(sql(env, f"SELECT count(*) FROM events WHERE {same}")) == 2
            sql(env, statement)
            return bool(noop(env)[4]["success"])

        assert attempt(f"DELETE FROM events WHERE id = (SELECT min(id) FROM events WHERE {same})")
        assert attempt(f"DELETE FROM events WHERE id = (SELECT max(id) FROM events WHERE {same})")
        assert not attempt(f"DELETE FROM events WHERE {same}")
        assert not attempt("DELETE FROM events WHERE id = 1")
    finally:
        env.close()
