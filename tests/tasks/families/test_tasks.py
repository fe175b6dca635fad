"""The six Tasks.org information-retrieval families: oracles that read the list and the edit
screen, a distractor's value or a blind answer that fails, the seeded table."""

from __future__ import annotations

import numpy as np
import pytest

from mobile_gym.apps import tasks as model
from mobile_gym.tasks import registry
from mobile_gym.tasks.families import tasks as ft
from tests.tasks.families.helpers import noop, opened_env, oracle_episodes, shell

NAMES = [cls.name for cls in ft.FAMILIES]
SEEDS = range(20)


@pytest.mark.parametrize("name", NAMES)
def test_oracle_reads_the_answer_off_the_screen_for_20_seeds(name):
    for ep in oracle_episodes(name, SEEDS):
        assert ep.success and ep.terminated, (name, ep.seed, ep)


def _distractor_answer(family, params) -> str:
    """A distractor's value in the answer's shape: one more for a count, else a distractor's
    title in place of one expected title."""
    if family.kind == ft.AnswerKind.NUMBER:
        return str(int(params.expected[0]) + 1)
    other = next(t.title for t in params.rows if t.title not in params.expected)
    return ", ".join([*params.expected[1:], other])


@pytest.mark.parametrize("name", NAMES)
def test_a_distractors_value_or_an_empty_answer_fails_after_the_right_one_succeeds(name):
    family = registry.get_family(name)
    with opened_env(name) as env:
        for seed in range(3):
            params = family.params(seed)
            env.reset(seed=seed)
            assert noop(env, response=", ".join(params.expected))[4]["success"]
            env.reset(seed=seed)
            _o, reward, terminated, _t, info = noop(env, response=_distractor_answer(family, params))
            assert terminated and not info["success"] and reward == 0.0
            env.reset(seed=seed)
            assert not noop(env)[2]  # no answer: the episode goes on, unsolved


@pytest.mark.parametrize("name", NAMES)
def test_the_seeded_table_holds_every_row_with_android_worlds_timestamps(name):
    family = registry.get_family(name)
    with opened_env(name) as env:
        params = family.params(0)
        env.reset(seed=0)
        out = shell(env, f"sqlite3 {model.DB_PATH} 'SELECT title, dueDate, created, modified, "
                         "importance, completed FROM tasks'")
        rows = [line.split("|") for line in out.strip().splitlines()]
        relevant = (int(params.expected[0]) if family.kind == ft.AnswerKind.NUMBER
                    else len(params.expected))
        assert len(rows) == len(params.rows) == relevant + ft.N_DISTRACTORS
        for title, due, created, modified, _imp, _done in rows:
            assert int(created) == int(modified) == int(due) - 7 * 3_600_000, title


@pytest.mark.parametrize("name", NAMES)
def test_answering_without_looking_fails(name):
    """A blind guess of the right shape (titles from the families' list, as many as expected;
    a count from 2-5) succeeds at chance level at most."""
    rng = np.random.default_rng(11)
    family = registry.get_family(name)
    wins = trials = 0
    with opened_env(name) as env:
        for seed in SEEDS:
            params = family.params(seed)
            env.reset(seed=seed)
            if family.kind == ft.AnswerKind.NUMBER:
                guess = str(int(rng.integers(2, 6)))
            else:
                picks = rng.choice(len(ft.TITLES), size=len(params.expected), replace=False)
                guess = ", ".join(ft.TITLES[int(i)] for i in picks)
            _o, _r, terminated, _t, info = noop(env, response=guess)
            assert terminated
            wins += info["success"]
            trials += 1
    limit = 0.3 if family.kind == ft.AnswerKind.NUMBER else 0.1
    assert wins <= limit * trials, (name, wins, trials)
