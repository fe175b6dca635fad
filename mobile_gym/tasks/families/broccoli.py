"""Broccoli families (AndroidWorld's Recipe* tasks, `task_evals/single/recipe.py`).

Start state: the home screen; the `recipes` table holds the seed's noise rows, then (delete
families) the rows to delete, inserted with one `sqlite3` command after the snapshot restore,
every column but the key as AndroidWorld writes them. Success is AndroidWorld's check made
strict: `rows_added` (the expected rows paired one-to-one with distinct new rows, title,
description, servings, preparation time, source, ingredients and directions fuzzy, favorite
exact; nothing else changed) or `rows_removed` by `recipeId` (exactly the target rows gone,
every other row unchanged). Deliberate differences from AndroidWorld are listed in the
classes' docstrings (README: "Broccoli").
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from mobile_gym.apps import broccoli as model
from mobile_gym.spaces.actions import ActionType, make_action
from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.families import broccoli_data as bd
from mobile_gym.tasks.families import common
from mobile_gym.tasks.families import markor_data as md
from mobile_gym.tasks.families.base import Progress, TaskFamily
from mobile_gym.tasks.families.common import (
    choice,
    force_stop,
    launch_once,
    press_home,
    shell_step,
    vh_source,
)
from mobile_gym.tasks.families.oracle import (
    IME_ID_PREFIX,
    Key,
    Move,
    Oracle,
    Sel,
    Tap,
    Type,
    find,
)

FORM_SCROLL = Sel(cls="android.widget.ScrollView")
LIST = Sel(id="recycler_view")
#: (form field id, recipe field) in the form's order.
FORM_FIELDS = (("new_title", "title"), ("new_description", "description"),
               ("new_source", "source"), ("new_servings", "servings"),
               ("new_preparation_time", "preparationTime"), ("new_ingredients", "ingredients"),
               ("new_directions", "directions"))
#: Where the reset puts its SQL for `sqlite3` to read.
SEED_SQL = "/data/local/tmp/broccoli_seed.sql"
#: More rows than this and the oracle searches instead of looking through the list.
SEARCH_ABOVE = 5


def rows_added(recipes: list[model.Recipe]) -> task_pb2.StateEvent:
    rows = [{f: getattr(r, f) for f in model.ADD_COMPARE_FIELDS} for r in recipes]
    return common.rows_added_check(bd.DB_PATH, bd.TABLE, rows, model.ADD_COMPARE_FIELDS,
                                   model.ADD_FREE_TEXT_FIELDS)


def rows_removed(ids_sql: str) -> task_pb2.StateEvent:
    return common.rows_removed_check(bd.DB_PATH, bd.TABLE, model.DB_KEY, ids_sql)


def last_ids(n: int, offset: int = 0) -> str:
    return common.last_inserted_ids_sql(bd.TABLE, model.DB_KEY, n, offset)


# -- oracle pieces -------------------------------------------------------------------------------

def open_broccoli() -> list[Move]:
    return [Tap(Sel(text="Broccoli", cls="android.widget.TextView"))]


def add_recipe(recipe: model.Recipe) -> list[Move]:
    """From the list: the FAB, every non-empty field, Save, then back from the details."""
    moves: list[Move] = [Tap(Sel(desc="New Recipe"))]
    for field_id, attr in FORM_FIELDS:
        value = getattr(recipe, attr)
        if value:
            moves += [Tap(Sel(id=field_id), scroll=FORM_SCROLL), Type(value)]
    return moves + [Tap(Sel(id="button_save_recipe")), Tap(Sel(desc="Navigate up"))]


def search_term(title: str) -> str:
    """The title's words up to the first character FTS would read as syntax (a quote)."""
    return title.split('"', 1)[0].strip()


def delete_open_recipe() -> list[Move]:
    """On the details screen: More options > Delete > confirm."""
    return [Tap(Sel(desc="More options")), Tap(Sel(id="title", text="Delete")),
            Tap(Sel(id="android:id/button1"))]


def search(term: str, first: bool) -> list[Move]:
    return [Tap(Sel(desc="Search" if first else "Clear query")), Type(term)]


@dataclass(frozen=True)
class TapLast(Move):
    """Close the keyboard, scroll `scroll` to its end, and tap the last node matching `sel`
    (the row listed last: with equal titles, the one inserted last)."""

    sel: Sel
    scroll: Sel

    def cost(self, vocabulary) -> int:
        return 8

    def run(self, o: Oracle) -> Iterator[dict[str, Any]]:
        if any(n.get("resource-id").split("/")[-1].startswith(IME_ID_PREFIX)
               for nodes in o.windows() for n in nodes):
            yield make_action(ActionType.KEY, key="BACK")
        shown = None
        for _ in range(o.max_scrolls):
            windows = o.windows()
            box = find(windows, self.scroll)
            now = tuple((n.get("text"), n.bounds) for nodes in windows for n in nodes
                        if self.sel.matches(n))
            if box is None or now == shown:
                break
            shown = now
            yield from o.swipe(box, up=True)
            for _ in range(3):  # let a fling settle
                yield make_action(ActionType.REPEAT)
        node = None
        for nodes in reversed(o.windows()):
            hits = [n for n in nodes if self.sel.matches(n)]
            if hits:
                node = hits[-1]
                break
        if node is None:
            yield from Tap(self.sel).run(o)
            return
        yield o.touch(*node.center)
        yield make_action(ActionType.LIFT)


def delete_recipes(titles: list[str], total_rows: int, *, last: bool = False) -> list[Move]:
    """From the list: open and delete each titled recipe; searching when the list is long.
    `last`: with several rows of a title, take the one listed last."""
    moves: list[Move] = []
    for i, title in enumerate(titles):
        row = Sel(id="card_text_view_title", text=title)
        if total_rows > SEARCH_ABOVE:
            moves += search(search_term(title), first=i == 0)
        moves.append(TapLast(row, LIST) if last else Tap(row, scroll=LIST))
        moves += delete_open_recipe()
    return moves


# -- families ------------------------------------------------------------------------------------

class _Broccoli(TaskFamily):
    app = "broccoli"
    types_text = True
    words = bd.WORDS

    def setup_steps(self) -> list[task_pb2.SetupStep]:
        return launch_once(model.APP.package, model.APP.component)

    def _reset(self, rows: list[model.Recipe]) -> list[task_pb2.SetupStep]:
        """Stop the app, run the seed's SQL from a pushed file (the shell reads a few words, not
        thousands of characters of quoted SQL), go home."""
        script = shlex.quote(SEED_SQL)
        return [force_stop(model.APP.package), md.push_step(SEED_SQL, bd.reset_sql(rows)),
                shell_step(f"sqlite3 {bd.DB_PATH} < {script}; rm {script}"), press_home()]


@dataclass(frozen=True)
class DeleteParams:
    targets: tuple[model.Recipe, ...]   # inserted after the noise
    noise: tuple[model.Recipe, ...]
    ingredient: str = ""


class _RecipeDelete(_Broccoli):
    """Delete the target rows (AndroidWorld's `_RecipeDeleteMultipleRecipes`): all rows have
    distinct titles; the targets are inserted after the noise."""

    n_rows: ClassVar[int] = 3
    n_noise: ClassVar[int] = 0
    tags: ClassVar[tuple[str, ...]] = ("broccoli", "data_edit")
    template = "Delete the following recipes from Broccoli app: {titles}."

    def sample(self, rng: np.random.Generator) -> DeleteParams:
        rows = bd.distinct_titles(rng, self.n_rows + self.n_noise)
        return DeleteParams(tuple(rows[self.n_noise:]), tuple(rows[:self.n_noise]))

    def instruction(self, params: DeleteParams) -> str:
        return self.template.format(titles=", ".join(r.title for r in params.targets))

    def reset_steps(self, params: DeleteParams) -> list[task_pb2.SetupStep]:
        return self._reset([*params.noise, *params.targets])

    def progress(self, params: DeleteParams) -> list[Progress]:
        return [Progress(vh_source('#$"details_title"'), 0.1),
                Progress(vh_source('#$"android:id/message"', "text", "^Delete this recipe\\?$"),
                         0.1, after=0)]

    def success_checks(self, params: DeleteParams):
        return [rows_removed(last_ids(len(params.targets)))]

    def plan(self, params: DeleteParams) -> list[Move]:
        total = len(params.targets) + len(params.noise)
        return [*open_broccoli(),
                *delete_recipes([r.title for r in params.targets], total)]


class RecipeDeleteSingleRecipe(_RecipeDelete):
    name = "RecipeDeleteSingleRecipe"
    android_world_name = "RecipeDeleteSingleRecipe"
    complexity = 1
    difficulty = "easy"
    optimal_steps = 5
    tags = ("broccoli", "data_edit", "easy")
    n_rows, n_noise = 1, 0


class RecipeDeleteSingleWithRecipeWithNoise(_RecipeDelete):
    name = "RecipeDeleteSingleWithRecipeWithNoise"
    android_world_name = "RecipeDeleteSingleWithRecipeWithNoise"
    complexity = 2
    difficulty = "easy"
    optimal_steps = 10
    tags = ("broccoli", "data_edit", "easy")
    n_rows, n_noise = 1, 29


class RecipeDeleteMultipleRecipes(_RecipeDelete):
    name = "RecipeDeleteMultipleRecipes"
    android_world_name = "RecipeDeleteMultipleRecipes"
    complexity = 2.4
    difficulty = "easy"
    optimal_steps = 12
    tags = ("broccoli", "data_edit", "easy")
    n_rows, n_noise = 3, 0


class RecipeDeleteMultipleRecipesWithNoise(_RecipeDelete):
    name = "RecipeDeleteMultipleRecipesWithNoise"
    android_world_name = "RecipeDeleteMultipleRecipesWithNoise"
    complexity = 3.4
    difficulty = "medium"
    optimal_steps = 17
    tags = ("broccoli", "data_edit", "medium")
    n_rows, n_noise = 3, 29


class RecipeDeleteMultipleRecipesWithConstraint(_RecipeDelete):
    """Delete the recipes whose directions use an ingredient.

    Differences from AndroidWorld: the ingredient is matched case-insensitively and drawn
    among those some generated recipe's directions mention (AndroidWorld compares the
    ingredient as written with the lower-cased directions, so "Parmesan cheese" or an exotic
    ingredient leaves no target and the task is solved by doing nothing); and noise recipes
    never share a target's title (so the list shows which row is meant).
    """

    name = "RecipeDeleteMultipleRecipesWithConstraint"
    android_world_name = "RecipeDeleteMultipleRecipesWithConstraint"
    complexity = 4
    difficulty = "hard"
    optimal_steps = 20
    tags = ("broccoli", "data_edit", "constraint", "hard")
    template = "Delete the recipes from Broccoli app that use {ingredient} in the directions."
    n_rows, n_noise = 3, 29

    def sample(self, rng: np.random.Generator) -> DeleteParams:
        ingredient = choice(rng, bd.possible_ingredients())
        targets = bd.recipes_using(rng, self.n_rows, ingredient)
        titles = {t.title for t in targets}
        noise = bd.random_items(rng, self.n_noise, lambda r: not bd.uses_in_directions(
            r, ingredient) and r.title not in titles)
        return DeleteParams(tuple(targets), tuple(noise), ingredient)

    def instruction(self, params: DeleteParams) -> str:
        return self.template.format(ingredient=params.ingredient)

    def plan(self, params: DeleteParams) -> list[Move]:
        total = len(params.targets) + len(params.noise)
        return [*open_broccoli(), *delete_recipes(
            sorted((r.title for r in params.targets), key=str.casefold), total)]


class RecipeDeleteDuplicateRecipes(_RecipeDelete):
    """Two identical rows (every field but the key) among the noise: delete one of them.

    Difference from AndroidWorld: the noise rows are distinct from each other (AndroidWorld's
    variations are drawn with replacement, so a second duplicate pair could appear, which its
    check then forbids deleting)."""

    name = "RecipeDeleteDuplicateRecipes"
    android_world_name = "RecipeDeleteDuplicateRecipes"
    complexity = 1
    difficulty = "easy"
    optimal_steps = 4
    tags = ("broccoli", "data_edit", "duplicates", "easy")
    template = ("Delete all but one of any recipes in the Broccoli app that are exact "
                "duplicates, ensuring at least one instance of each unique recipe remains")
    n_rows, n_noise = 1, 5

    def sample(self, rng: np.random.Generator) -> DeleteParams:
        rows = bd.random_items(rng, self.n_noise + self.n_rows)
        target = rows.pop()
        return DeleteParams((target, target), tuple(rows))

    def instruction(self, params: DeleteParams) -> str:
        return self.template

    def success_checks(self, params: DeleteParams):
        return [(rows_removed(last_ids(1)), rows_removed(last_ids(1, offset=1)))]

    def plan(self, params: DeleteParams) -> list[Move]:
        total = len(params.targets) + len(params.noise)
        return [*open_broccoli(), *delete_recipes([params.targets[0].title], total, last=True)]


def _variations(rng: np.random.Generator, target: model.Recipe, noise: list[model.Recipe],
                n_total: int, same_description: bool) -> list[model.Recipe]:
    """Recipes with the target's title (and description), unlike the target and each other,
    appended to `noise` until it has `n_total` rows (AndroidWorld draws recipes until one has
    that title; drawing the other fields for the target's base recipe is the same law)."""
    drawn = bd.generated_recipes(rng, bd.base_named(target.title))
    taken = {target, *noise}
    while len(noise) < n_total:
        value = next(drawn)
        if same_description and value.description != target.description:
            continue
        if value not in taken:
            taken.add(value)
            noise.append(value)
    return noise


class RecipeDeleteDuplicateRecipes2(RecipeDeleteDuplicateRecipes):
    """Also variations of the duplicated recipe (its title, other fields differing)."""

    name = "RecipeDeleteDuplicateRecipes2"
    android_world_name = "RecipeDeleteDuplicateRecipes2"
    complexity = 2.4
    difficulty = "medium"
    optimal_steps = 11
    tags = ("broccoli", "data_edit", "duplicates", "medium")
    n_rows, n_noise = 1, 10

    def sample(self, rng: np.random.Generator) -> DeleteParams:
        noise = bd.random_items(rng, 7)
        target = noise.pop()
        return DeleteParams((target, target), tuple(_variations(rng, target, noise,
                                                                self.n_noise, False)))


class RecipeDeleteDuplicateRecipes3(RecipeDeleteDuplicateRecipes):
    """More noise: three "Avocado Toast with Egg" rows at the top of the list, and variations
    with the duplicated recipe's title and description."""

    name = "RecipeDeleteDuplicateRecipes3"
    android_world_name = "RecipeDeleteDuplicateRecipes3"
    complexity = 3.4
    difficulty = "medium"
    optimal_steps = 16
    tags = ("broccoli", "data_edit", "duplicates", "medium")
    n_rows, n_noise = 1, 30
    AVOCADO = "Avocado Toast with Egg"

    def sample(self, rng: np.random.Generator) -> DeleteParams:
        noise = bd.random_items(rng, 22, lambda r: r.title != self.AVOCADO)
        target = noise.pop()
        noise += bd.random_items(rng, 3, base=bd.base_named(self.AVOCADO))
        return DeleteParams((target, target), tuple(_variations(rng, target, noise,
                                                                self.n_noise, True)))


# -- add families --------------------------------------------------------------------------------

@dataclass(frozen=True)
class AddParams:
    targets: tuple[model.Recipe, ...]
    noise: tuple[model.Recipe, ...]
    text_format: str                 # "csv" or "text_block"
    prep_time: str = ""
    listed: tuple[model.Recipe, ...] = ()   # the Markor file's recipes in order ("": targets)


class _RecipeAdd(_Broccoli):
    """Add the listed recipes (AndroidWorld's `_RecipeAddMultipleRecipes`); the noise rows have
    other titles."""

    n_rows: ClassVar[int] = 3
    n_noise: ClassVar[int] = 10
    tags: ClassVar[tuple[str, ...]] = ("broccoli", "data_entry")
    template = "Add the following recipes into the Broccoli app:\n{recipes}"

    def sample(self, rng: np.random.Generator) -> AddParams:
        targets = bd.random_items(rng, self.n_rows)
        titles = {t.title for t in targets}
        noise = bd.random_items(rng, self.n_noise, lambda r: r.title not in titles)
        return AddParams(tuple(targets), tuple(noise), choice(rng, ("csv", "text_block")))

    def instruction(self, params: AddParams) -> str:
        return self.template.format(recipes=bd.text_representation(params.targets,
                                                                   params.text_format))

    def reset_steps(self, params: AddParams) -> list[task_pb2.SetupStep]:
        return self._reset(list(params.noise))

    def progress(self, params: AddParams) -> list[Progress]:
        first = params.targets[0].title
        return [Progress(vh_source('#$"new_title"'), 0.1),
                Progress(vh_source('#$"details_title"', "text", f"^{re.escape(first)}$"), 0.1,
                         after=0)]

    def success_checks(self, params: AddParams):
        return [rows_added(list(params.targets))]

    def plan(self, params: AddParams) -> list[Move]:
        moves = open_broccoli()
        for r in params.targets:
            moves += add_recipe(r)
        return moves


class RecipeAddSingleRecipe(_RecipeAdd):
    name = "RecipeAddSingleRecipe"
    android_world_name = "RecipeAddSingleRecipe"
    complexity = 2.4
    difficulty = "easy"
    optimal_steps = 12
    tags = ("broccoli", "data_entry", "easy")
    n_rows, n_noise = 1, 10


class RecipeAddMultipleRecipes(_RecipeAdd):
    name = "RecipeAddMultipleRecipes"
    android_world_name = "RecipeAddMultipleRecipes"
    complexity = 6
    difficulty = "medium"
    optimal_steps = 34
    tags = ("broccoli", "data_entry", "medium")
    n_rows, n_noise = 3, 10


RECIPES_FILE = "recipes.txt"


class RecipeAddMultipleRecipesFromMarkor(_RecipeAdd):
    """The recipes are in Markor's `recipes.txt` (the notebook holds only that file)."""

    name = "RecipeAddMultipleRecipesFromMarkor"
    android_world_name = "RecipeAddMultipleRecipesFromMarkor"
    complexity = 6
    difficulty = "hard"
    optimal_steps = 24
    apps = ("markor",)
    tags = ("broccoli", "markor", "data_entry", "multi_app", "hard")
    template = "Add the recipes from recipes.txt in Markor to the Broccoli recipe app."

    def file_rows(self, params: AddParams) -> list[model.Recipe]:
        return list(params.listed or params.targets)

    def instruction(self, params: AddParams) -> str:
        return self.template.format(prep_time=params.prep_time)

    def setup_steps(self) -> list[task_pb2.SetupStep]:
        return [*super().setup_steps(), *launch_once(md.APP.package, md.APP.component)]

    def reset_steps(self, params: AddParams) -> list[task_pb2.SetupStep]:
        text = bd.text_representation(self.file_rows(params), params.text_format)
        notebook = md.reset_notebook([md.NoteFile(RECIPES_FILE, text)])
        return [*super().reset_steps(params), *notebook]

    def plan(self, params: AddParams) -> list[Move]:
        read = [Tap(Sel(text="Markor", cls="android.widget.TextView")),
                Tap(Sel(id="opoc_filesystem_item__root", desc_re=f"File {RECIPES_FILE} .*")),
                Key("HOME")]
        return [*read, *super().plan(params)]


class RecipeAddMultipleRecipesFromMarkor2(RecipeAddMultipleRecipesFromMarkor):
    """`recipes.txt` lists the targets among 40 noise recipes with other preparation times
    (shuffled); add those taking the given time."""

    name = "RecipeAddMultipleRecipesFromMarkor2"
    android_world_name = "RecipeAddMultipleRecipesFromMarkor2"
    optimal_steps = 26
    n_rows, n_noise = 3, 40
    template = ("Add the recipes from recipes.txt in Markor that take {prep_time} to prepare "
                "into the Broccoli recipe app.")

    def sample(self, rng: np.random.Generator) -> AddParams:
        prep = choice(rng, bd.PREP_TIME_OPTIONS)
        others = tuple(t for t in bd.PREP_TIME_OPTIONS if t != prep)
        targets = bd.random_items(rng, self.n_rows, prep_times=(prep,))
        noise = bd.random_items(rng, self.n_noise, prep_times=others)
        fmt = choice(rng, ("csv", "text_block"))
        order = rng.permutation(len(targets) + len(noise))
        rows = [*targets, *noise]
        return AddParams(tuple(targets), tuple(noise), fmt, prep_time=prep,
                         listed=tuple(rows[int(i)] for i in order))


FAMILIES: tuple[type[TaskFamily], ...] = (
    RecipeAddSingleRecipe, RecipeAddMultipleRecipes, RecipeAddMultipleRecipesFromMarkor,
    RecipeAddMultipleRecipesFromMarkor2, RecipeDeleteSingleRecipe,
    RecipeDeleteSingleWithRecipeWithNoise, RecipeDeleteMultipleRecipes,
    RecipeDeleteMultipleRecipesWithNoise, RecipeDeleteMultipleRecipesWithConstraint,
    RecipeDeleteDuplicateRecipes, RecipeDeleteDuplicateRecipes2, RecipeDeleteDuplicateRecipes3,
)
