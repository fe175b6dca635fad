"""Broccoli families: oracles on 20 seeds, AndroidWorld's parameters, and tampered database
states that must fail the check after a positive control."""

from __future__ import annotations

import shlex
from dataclasses import replace
from functools import partial

import pytest

from mobile_gym.apps import broccoli as model
from mobile_gym.apps.markor import NOTEBOOK
from mobile_gym.tasks.families import broccoli as fam
from mobile_gym.tasks.families import broccoli_data as bd
from tests.tasks.families.helpers import make_env, noop, oracle_episodes, random_agent_on, shell

NAMES = [F.name for F in fam.FAMILIES]


def sql(env, statement: str) -> str:
    return shell(env, f"sqlite3 {bd.DB_PATH} {shlex.quote(statement)}")


def sql_attempt(env, seed: int, *statements: str) -> bool:
    """Reset to `seed`, run `statements` on the database, and report whether the check passes."""
    env.reset(seed=seed)
    for s in statements:
        sql(env, s)
    return bool(noop(env)[4]["success"])


def app_row(recipe: model.Recipe, **changes) -> str:
    """The INSERT of the row the app writes for `recipe` (imageName "", not a favourite)."""
    return bd.insert_sql([replace(recipe, **changes)])


@pytest.mark.parametrize("name", NAMES)
def test_oracle_succeeds_for_20_seeds(name):
    for ep in oracle_episodes(name, range(20)):
        assert ep.success and ep.terminated, (name, ep.seed, ep)


def test_random_agent_rarely_succeeds():
    episodes, successes, _ = random_agent_on("RecipeDeleteMultipleRecipes", 300)
    assert successes == 0, (episodes, successes)


def test_metadata_follows_appendix_a():
    info = {F.name: F().info() for F in fam.FAMILIES}
    assert info["RecipeAddMultipleRecipes"].complexity == 6
    assert info["RecipeDeleteMultipleRecipesWithConstraint"].difficulty == "hard"
    assert info["RecipeDeleteDuplicateRecipes"].optimal_steps == 4
    assert info["RecipeAddMultipleRecipesFromMarkor"].apps == ("broccoli", "markor")
    assert "multi_app" in info["RecipeAddMultipleRecipesFromMarkor2"].tags
    assert all(i.android_world_name == n for n, i in info.items())


def test_delete_params_and_seeded_rows():
    env = make_env("RecipeDeleteMultipleRecipesWithNoise")
    try:
        for seed in range(3):
            obs, _ = env.reset(seed=seed)
            p = env.family.params(seed)
            titles = [r.title for r in (*p.noise, *p.targets)]
            assert len(p.targets) == 3 and len(p.noise) == 29 and len(set(titles)) == 32
            assert obs["instruction"] == ("Delete the following recipes from Broccoli app: "
                                          + ", ".join(r.title for r in p.targets) + ".")
            out = sql(env, "SELECT recipeId, title, imageName, favorite FROM recipes "
                           "ORDER BY recipeId DESC LIMIT 3")
            assert out.splitlines() == [f"{32 - i}|{r.title}||0"
                                        for i, r in enumerate(reversed(p.targets))]
    finally:
        env.close()


def test_constraint_targets_use_the_ingredient():
    f = fam.RecipeDeleteMultipleRecipesWithConstraint()
    for seed in range(20):
        p = f.params(seed)
        assert p.targets and all(bd.uses_in_directions(r, p.ingredient) for r in p.targets)
        assert not any(bd.uses_in_directions(r, p.ingredient) for r in p.noise)
        assert f.instruction(p) == (f"Delete the recipes from Broccoli app that use "
                                    f"{p.ingredient} in the directions.")


def test_duplicate_params_hold_one_exact_pair():
    for F in (fam.RecipeDeleteDuplicateRecipes, fam.RecipeDeleteDuplicateRecipes2,
              fam.RecipeDeleteDuplicateRecipes3):
        for seed in range(10):
            p = F().params(seed)
            rows = [r.content() for r in (*p.noise, *p.targets)]
            assert len(rows) == F.n_noise + 2
            assert len(set(rows)) == len(rows) - 1  # exactly one repeated row: the targets
            if F is fam.RecipeDeleteDuplicateRecipes3:
                t = p.targets[0]
                variations = p.noise[-6:]
                assert all((r.title, r.description) == (t.title, t.description)
                           for r in variations)
                assert sum(r.title == F.AVOCADO for r in p.noise) == 3


def test_add_text_representations():
    f = fam.RecipeAddMultipleRecipes()
    formats = set()
    for seed in range(10):
        p = f.params(seed)
        text = f.instruction(p)
        formats.add(p.text_format)
        assert text.startswith("Add the following recipes into the Broccoli app:\n")
        if p.text_format == "csv":
            assert "title|description|servings|preparationTime|ingredients|directions" in text
        else:
            assert all(f"Recipe: {r.title}\n description: {r.description}\n" in text
                       for r in p.targets)
        assert all(r.title not in {t.title for t in p.targets} for r in p.noise)
    assert formats == {"csv", "text_block"}


def test_markor_file_holds_the_recipes():
    env = make_env("RecipeAddMultipleRecipesFromMarkor2")
    try:
        obs, _ = env.reset(seed=4)
        p = env.family.params(4)
        assert obs["instruction"] == (f"Add the recipes from recipes.txt in Markor that take "
                                      f"{p.prep_time} to prepare into the Broccoli recipe app.")
        text = env.device.pull(f"{NOTEBOOK}/recipes.txt").decode()
        assert text == bd.text_representation(p.listed, p.text_format)
        assert len(p.listed) == 43 and sorted(map(repr, p.listed)) == sorted(
            map(repr, (*p.targets, *p.noise)))
        assert all(r.preparationTime == p.prep_time for r in p.targets)
        assert all(r.preparationTime != p.prep_time for r in p.noise)
    finally:
        env.close()


@pytest.mark.parametrize("name", ["RecipeAddSingleRecipe", "RecipeAddMultipleRecipes"])
def test_add_check_is_strict(name):
    env = make_env(name)
    try:
        seed = 1
        p = env.family.params(seed)
        r = p.targets[0]
        others = [app_row(t) for t in p.targets[1:]]
        attempt = partial(sql_attempt, env, seed)
        assert attempt(app_row(r), *others)                                   # positive control
        assert attempt(app_row(r, title=r.title.lower()), *others)            # fuzzy text
        assert attempt(app_row(r, directions=r.directions[:-1]), *others)     # fuzzy: a typo
        assert not attempt(app_row(r, servings="99 servings"), *others)       # a wrong field
        assert not attempt(app_row(r, preparationTime=""), *others)           # a field left out
        assert not attempt(app_row(r, source="www.example.com"), *others)     # empty expected
        assert not attempt(app_row(r, favorite=1), *others)                   # exact field
        assert not attempt(app_row(r), *others, app_row(r, title="Extra"))    # an extra row
        assert not attempt(app_row(r), *others, app_row(r))                   # created twice
        assert not attempt(app_row(r), *others, "DELETE FROM recipes WHERE recipeId = 1")
        assert not attempt(app_row(r), *others,
                           "UPDATE recipes SET servings = 'x' WHERE recipeId = 2")
        assert not attempt(*others)                                           # one missing
    finally:
        env.close()


def test_delete_check_is_strict():
    env = make_env("RecipeDeleteMultipleRecipesWithNoise")
    try:
        seed = 2
        last3 = "recipeId > 29"
        attempt = partial(sql_attempt, env, seed)
        assert attempt(f"DELETE FROM recipes WHERE {last3}")                  # positive control
        assert not attempt("DELETE FROM recipes WHERE recipeId > 30")         # one left
        assert not attempt(f"DELETE FROM recipes WHERE {last3} OR recipeId = 1")  # noise deleted
        assert not attempt(f"DELETE FROM recipes WHERE {last3}",
                           "UPDATE recipes SET title = 'x' WHERE recipeId = 3")  # noise edited
        p = env.family.params(seed)
        assert not attempt(f"DELETE FROM recipes WHERE {last3}", app_row(p.noise[0], title="New"))
    finally:
        env.close()


@pytest.mark.parametrize("name", ["RecipeDeleteDuplicateRecipes", "RecipeDeleteDuplicateRecipes3"])
def test_delete_duplicates_accepts_either_copy_but_not_both(name):
    env = make_env(name)
    try:
        seed = 1
        n = env.family.n_noise

        def attempt(*statements: str) -> bool:
            env.reset(seed=seed)
            assert sql(env, "SELECT count(*) FROM (SELECT DISTINCT title, description, "
                            "servings, preparationTime, source, ingredients, directions "
                            "FROM recipes)") == f"{n + 1}\n"
            for s in statements:
                sql(env, s)
            return bool(noop(env)[4]["success"])

        assert attempt(f"DELETE FROM recipes WHERE recipeId = {n + 1}")
        assert attempt(f"DELETE FROM recipes WHERE recipeId = {n + 2}")
        assert not attempt()                                                  # duplicate left
        assert not attempt(f"DELETE FROM recipes WHERE recipeId > {n}")       # both deleted
        assert not attempt(f"DELETE FROM recipes WHERE recipeId IN ({n + 1}, 1)")  # and noise
        assert not attempt(f"DELETE FROM recipes WHERE recipeId = {n}")       # a variation
    finally:
        env.close()
