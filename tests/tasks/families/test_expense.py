"""Pro Expense families: oracles on 20 seeds, the AndroidWorld generators, and tampered
database states that the checks must reject after a positive control."""

from __future__ import annotations

import shlex
from functools import partial

import pytest

from mobile_gym.apps import expense as model
from mobile_gym.tasks.families import expense_data as ed
from tests.tasks.families.helpers import make_env, noop, oracle_episodes, random_agent_on, shell

ADD = ["ExpenseAddSingle", "ExpenseAddMultiple", "ExpenseAddMultipleFromMarkor"]
DELETE = ["ExpenseDeleteSingle", "ExpenseDeleteMultiple", "ExpenseDeleteMultiple2",
          "ExpenseDeleteDuplicates", "ExpenseDeleteDuplicates2"]


def sql(env, statement: str) -> str:
    return shell(env, f"sqlite3 {ed.DB_PATH} {shlex.quote(statement)}").strip()


def sql_attempt(env, seed: int, *statements: str) -> bool:
    """Reset to `seed`, run `statements` on the database, and report whether the check passes."""
    env.reset(seed=seed)
    for s in statements:
        sql(env, s)
    return bool(noop(env)[4]["success"])


def app_row(e: model.Expense, **changes) -> str:
    """An INSERT of the row the app writes for `e` (its own dates)."""
    row = e.with_(created_date=1697384045000, modified_date=1697384045000, **changes)
    return ed.insert_sql([row])


@pytest.mark.parametrize("name", ADD + DELETE)
def test_oracle_succeeds_for_20_seeds(name):
    for ep in oracle_episodes(name, range(20)):
        assert ep.success and ep.terminated, (name, ep.seed, ep)


@pytest.mark.parametrize("name", ["ExpenseAddSingle", "ExpenseDeleteMultiple"])
def test_random_agent_rarely_succeeds(name):
    episodes, successes, _ = random_agent_on(name, 300)
    assert successes == 0, (episodes, successes)


def test_start_state_follows_android_world():
    env = make_env("ExpenseAddMultiple")
    try:
        for seed in range(5):
            obs, _ = env.reset(seed=seed)
            p = env.family.params(seed)
            assert len(p.targets) == 3 and len(p.noise) == 10
            assert all(n.name != t.name for n in p.noise for t in p.targets)
            for t in p.targets:
                assert 1000 <= t.amount <= 50000 and 1 <= t.category <= 11
                assert t.name in ed.NAMES[t.category_name] and t.note in ed.NOTES
                assert t.name in obs["instruction"] and ed.amount_dollars(t) in obs["instruction"]
            assert sql(env, "SELECT count(*) FROM expense") == "10"
            dates = sql(env, "SELECT min(created_date), max(created_date) FROM expense").split("|")
            assert 1696118400000 <= int(dates[0]) <= int(dates[1]) < 1697414400000   # Oct 1..15
            prefs = env.device.pull(model.PREFS_PATH).decode()
            assert 'name="isFirstTime" value="false"' in prefs        # onboarding done
    finally:
        env.close()


def test_text_representations():
    e = model.Expense("Coffee", 12340, model.FOOD, "Urgent")
    assert ed.as_text([e], "csv") == "name|amount_dollars|category_name|note\nCoffee|$123.4|Food|Urgent"
    assert ed.as_text([e, e], "text_block") == (
        "Expense: Coffee\n amount_dollars: $123.4\n category_name: Food\n note: Urgent\n\n"
        "Expense: Coffee\n amount_dollars: $123.4\n category_name: Food\n note: Urgent\n")


def test_markor_file_lists_the_targets_as_reimbursable():
    env = make_env("ExpenseAddMultipleFromMarkor")
    try:
        env.reset(seed=3)
        p = env.family.params(3)
        text = env.device.pull(f"/storage/emulated/0/Documents/Markor/{ed.MARKOR_FILE}").decode()
        lines = text.split("\n")
        assert lines[0] == "name|amount_dollars|category_name|note" and len(lines) == 103
        marked = [line for line in lines if line.endswith(". Reimbursable.")]
        assert sorted(marked) == sorted(f"{t.name}|{ed.amount_dollars(t)}|{t.category_name}|"
                                        f"{t.note}. Reimbursable." for t in p.targets)
        assert sql(env, "SELECT count(*) FROM expense") == "100"
    finally:
        env.close()


def test_add_check_is_strict():
    env = make_env("ExpenseAddSingle")
    try:
        seed = 4
        e = env.family.params(seed).targets[0]
        attempt = partial(sql_attempt, env, seed)
        assert attempt(app_row(e))                                          # positive control
        assert attempt(app_row(e, name=e.name.lower()))                     # fuzzy text
        assert not attempt(app_row(e, amount=e.amount + 100))               # wrong amount
        assert not attempt(app_row(e, category=e.category % 11 + 1))        # wrong category
        assert not attempt(app_row(e, note="Something else entirely"))
        assert not attempt(app_row(e), app_row(e, name="Extra"))            # an extra row
        assert not attempt(app_row(e), app_row(e))                          # added twice
        assert not attempt(app_row(e), "DELETE FROM expense WHERE expense_id = 1")  # noise gone
        assert not attempt(app_row(e), "UPDATE expense SET amount = 1 WHERE expense_id = 2")
    finally:
        env.close()


def test_add_multiple_needs_every_row():
    env = make_env("ExpenseAddMultiple")
    try:
        seed = 1
        t = env.family.params(seed).targets
        assert sql_attempt(env, seed, *(app_row(e) for e in t))
        assert not sql_attempt(env, seed, app_row(t[0]), app_row(t[1]))
    finally:
        env.close()


def test_markor_add_expects_the_notes_without_the_mark():
    env = make_env("ExpenseAddMultipleFromMarkor")
    try:
        seed = 2
        t = env.family.params(seed).targets
        assert sql_attempt(env, seed, *(app_row(e) for e in t))
        assert not sql_attempt(env, seed, app_row(t[0]))
    finally:
        env.close()


@pytest.mark.parametrize("name", ["ExpenseDeleteMultiple", "ExpenseDeleteMultiple2"])
def test_delete_check_is_strict(name):
    env = make_env(name)
    try:
        seed = 5
        p = env.family.params(seed)
        names = ", ".join(f"'{t.name}'" for t in p.targets)
        targets = f"DELETE FROM expense WHERE name IN ({names})"
        attempt = partial(sql_attempt, env, seed)
        assert attempt(targets)                                             # positive control
        assert not attempt(f"DELETE FROM expense WHERE name = '{p.targets[0].name}'")  # one left
        if p.noise:
            assert not attempt(targets, "DELETE FROM expense WHERE expense_id = 1")   # noise gone
            assert not attempt(targets, "UPDATE expense SET note = 'x' WHERE expense_id = 2")
        assert not attempt(targets, app_row(p.targets[0], name="New"))     # a row added
    finally:
        env.close()


def test_delete_single_keeps_nothing_else():
    env = make_env("ExpenseDeleteSingle")
    try:
        assert sql_attempt(env, 0, "DELETE FROM expense")
        assert not sql_attempt(env, 0, "DELETE FROM expense", app_row(env.family.params(0).targets[0]))
    finally:
        env.close()


@pytest.mark.parametrize("name", ["ExpenseDeleteDuplicates", "ExpenseDeleteDuplicates2"])
def test_delete_duplicates_accepts_either_copy_but_not_both(name):
    env = make_env(name)
    try:
        seed = 1
        e = env.family.params(seed).targets[0]
        same = (f"name = '{e.name}' AND amount = {e.amount} AND note = '{e.note}' "
                f"AND modified_date = {e.modified_date}")

        def attempt(*statements: str) -> bool:
            env.reset(seed=seed)
            assert sql(env, f"SELECT count(*) FROM expense WHERE {same}") == "2"
            for s in statements:
                sql(env, s)
            return bool(noop(env)[4]["success"])

        assert attempt(f"DELETE FROM expense WHERE expense_id = (SELECT min(expense_id) FROM expense WHERE {same})")
        assert attempt(f"DELETE FROM expense WHERE expense_id = (SELECT max(expense_id) FROM expense WHERE {same})")
        assert not attempt()                                                # duplicate left
        assert not attempt(f"DELETE FROM expense WHERE {same}")             # both gone
        assert not attempt("DELETE FROM expense WHERE expense_id = 1")      # a noise row instead
        assert not attempt(f"DELETE FROM expense WHERE expense_id = (SELECT max(expense_id) FROM expense WHERE {same})",
                           "DELETE FROM expense WHERE expense_id = 1")
    finally:
        env.close()


def test_near_copies_of_the_duplicate_are_noise():
    env = make_env("ExpenseDeleteDuplicates2")
    try:
        for seed in range(5):
            env.reset(seed=seed)
            p = env.family.params(seed)
            e = p.targets[0]
            assert sql(env, "SELECT count(*) FROM expense") == "42"
            near = [n for n in p.noise if n.name == e.name and n.amount != e.amount]
            assert len(near) >= 3 and all(50 <= n.amount - e.amount < 1000 for n in near[-3:])
    finally:
        env.close()


def test_metadata_follows_appendix_a():
    from mobile_gym.tasks.families import expense as fam

    table = {"ExpenseAddMultiple": (6, "medium", 20), "ExpenseAddMultipleFromMarkor": (6, "hard", 15),
             "ExpenseAddSingle": (1.2, "easy", 6), "ExpenseDeleteDuplicates": (1.2, "medium", 6),
             "ExpenseDeleteDuplicates2": (1.8, "medium", 9), "ExpenseDeleteMultiple": (2, "easy", 10),
             "ExpenseDeleteMultiple2": (3.4, "hard", 17), "ExpenseDeleteSingle": (1, "easy", 3)}
    infos = {f.name: f().info() for f in fam.FAMILIES}
    assert set(infos) == set(table)
    for name, (cx, diff, steps) in table.items():
        info = infos[name]
        assert (info.complexity, info.difficulty, info.optimal_steps) == (cx, diff, steps)
        assert info.android_world_name == name and info.app == "expense"
    assert infos["ExpenseAddMultipleFromMarkor"].apps == ("expense", "markor")
    assert "multi_app" in infos["ExpenseAddMultipleFromMarkor"].tags
