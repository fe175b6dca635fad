"""The four Joplin information-retrieval families: oracles that read the UI on 20 seeds, a
distractor's value or a blind answer that fails, and the seeded rows as the app stores them."""

from __future__ import annotations

import numpy as np
import pytest

from mobile_gym.apps import joplin as model
from mobile_gym.tasks import registry
from mobile_gym.tasks.answers import AnswerKind, check_answer
from mobile_gym.tasks.families import joplin as fam
from mobile_gym.tasks.families import joplin_data as jd
from tests.tasks.families.helpers import noop, opened_env, oracle_episodes, shell

NAMES = [cls.name for cls in fam.FAMILIES]
SEEDS = range(20)


@pytest.mark.parametrize("name", NAMES)
def test_oracle_reads_the_answer_off_the_screen_for_20_seeds(name):
    for ep in oracle_episodes(name, SEEDS):
        assert ep.success and ep.terminated, (name, ep.seed, ep)
        assert ep.total_reward >= 1.0


def test_metadata_matches_android_world():
    info = {cls.name: cls().info() for cls in fam.FAMILIES}
    assert {n: (i.difficulty, i.optimal_steps) for n, i in info.items()} == {
        "NotesIsTodo": ("easy", 2), "NotesMeetingAttendeeCount": ("easy", 3),
        "NotesRecipeIngredientCount": ("easy", 2), "NotesTodoItemCount": ("medium", 5)}
    for name, i in info.items():
        assert i.android_world_name == name and i.app == "joplin"
        assert "information_retrieval" in i.tags and i.complexity == 1.0


def _distractor_answer(family, params) -> str | None:
    """A value the question would have if it were about a distractor row, or None."""
    state = params.state
    if isinstance(family, fam.NotesTodoItemCount):
        counts = {f.id: sum(n.is_todo for n in state.notes if n.parent_id == f.id)
                  for f in state.folders}
        asked = next(f.id for f in state.folders if f.title == params.get("folder"))
        wrong = [c for fid, c in counts.items() if fid != asked and str(c) != params.expected[0]]
        return str(wrong[0]) if wrong else str(int(params.expected[0]) + 1)
    if isinstance(family, fam.NotesIsTodo):
        return "False" if params.expected[0] == "True" else "True"
    if isinstance(family, fam.NotesMeetingAttendeeCount):
        other = next(n for n in state.notes if n.title in jd.MEETING_TITLES
                     and n.title != params.get("title"))
        return str(other.body.split("## Agenda")[0].count("\n- "))
    ingredient = params.get("ingredient")
    for n in state.notes:
        if n.title != params.get("title") and f" {ingredient}\n" in n.body + "\n":
            line = next(x for x in n.body.splitlines() if x.endswith(" " + ingredient))
            return line[2:-len(ingredient) - 1]
    return None


@pytest.mark.parametrize("name", NAMES)
def test_a_distractors_value_fails_and_the_expected_value_succeeds(name):
    family = registry.get_family(name)
    tried = 0
    with opened_env(name) as env:
        for seed in range(8):
            params = family.params(seed)
            wrong = _distractor_answer(family, params)
            if wrong is None or check_answer(wrong, params.expected, family.kind):
                continue
            env.reset(seed=seed)
            _o, reward, terminated, _t, info = noop(env, response=wrong)
            assert terminated and not info["success"] and reward == 0.0, (seed, wrong)
            env.reset(seed=seed)
            _o, reward, terminated, _t, info = noop(env, response=params.expected[0])
            assert terminated and info["success"] and reward == 1.0   # positive control
            tried += 1
    assert tried >= 4


@pytest.mark.parametrize("name", NAMES)
def test_answering_without_looking_stays_at_chance(name):
    """A blind guess of the right shape (a number, True/False, a quantity) per seed."""
    rng = np.random.default_rng(3)
    family = registry.get_family(name)
    wins = 0
    with opened_env(name) as env:
        for seed in SEEDS:
            env.reset(seed=seed)
            if family.kind == AnswerKind.NUMBER:
                guess = str(int(rng.integers(1, 9)))
            elif isinstance(family, fam.NotesIsTodo):
                guess = "True"
            else:
                guess = jd.quantity(rng)
            _o, _r, terminated, _t, info = noop(env, response=guess)
            assert terminated
            wins += info["success"]
    limit = 14 if isinstance(family, fam.NotesIsTodo) else 6   # True/False: a coin flip
    assert wins <= limit, (name, wins)


def test_seeded_rows_are_in_the_database_with_uuids_and_normalized_copies():
    with opened_env("NotesRecipeIngredientCount") as env:
        params = env.family.params(5)
        env.reset(seed=5)
        path = model.DB_PATH
        ids = shell(env, f"sqlite3 {path} 'SELECT id FROM notes'").split()
        assert len(ids) == len(params.state.notes) and all(model.is_uuid(i) for i in ids)
        folders = shell(env, f"sqlite3 {path} 'SELECT title FROM folders ORDER BY title'").split("\n")
        assert [f for f in folders if f] == sorted(f.title for f in params.state.folders)
        normalized = shell(env, f"sqlite3 {path} 'SELECT count(*) FROM notes_normalized n JOIN "
                                f"notes USING (id) WHERE n.title = lower(notes.title)'").strip()
        assert normalized == str(len(params.state.notes))


def test_distractor_quantities_never_pass_for_the_expected_one():
    family = fam.NotesRecipeIngredientCount()
    for seed in range(30):
        params = family.params(seed)
        ingredient = params.get("ingredient")
        for n in params.state.notes:
            if n.title == params.get("title"):
                continue
            for line in n.body.splitlines():
                if line.endswith(" " + ingredient):
                    assert not check_answer(line[2:-len(ingredient) - 1], params.expected)
