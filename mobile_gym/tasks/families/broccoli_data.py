"""Broccoli data for the recipe families: AndroidWorld's recipe generator (`recipe.py`
`_generate_random_recipe` and its tables), its text representations of rows (`csv` and
`text_block`, `sqlite_schema_utils.get_text_representation_of_rows`) and the SQL that seeds
the `recipes` table.

Everything random comes from a `numpy.random.Generator`; the draw order follows AndroidWorld's
(base recipe, description, servings, preparation time, directions addition, ingredients).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from operator import attrgetter

import numpy as np

from mobile_gym.apps.broccoli import APP, DB_KEY, RECIPE_COLUMNS, RECIPES_TABLE, Recipe
from mobile_gym.apps.sql_text import insert_rows_sql
from mobile_gym.tasks.families.base import BASE_CHARS
from mobile_gym.tasks.families.common import below, drawer
from mobile_gym.tasks.families.draws import decoded_in_blocks, lemire_picks
from mobile_gym.tasks.families.records import RecordMaker

DB_PATH = APP.database_path("broccoli")
TABLE = RECIPES_TABLE

DESCRIPTIONS = (
    "A quick and easy meal, perfect for busy weekdays.",
    "A delicious and healthy choice for any time of the day.",
    "An ideal recipe for experimenting with different flavors and ingredients.",
)
DIRECTIONS_ADDITIONS = (
    "Try adding a pinch of your favorite spices for extra flavor.",
    "Feel free to substitute with ingredients you have on hand.",
    "Garnish with fresh herbs for a more vibrant taste.",
)
INGREDIENT_DESCRIPTORS = (
    "see directions", "as per recipe", "varies", "to preference", "quantities to taste",
    "as needed", "optional ingredients", "n/a", "various amounts", "adjustable",
    "to your liking", "flexible ingredients", "per individual taste", "as desired",
    "subject to change",
)
SERVINGS_OPTIONS = ("1 serving", "2 servings", "3-4 servings", "6 servings", "8 servings")
PREP_TIME_OPTIONS = ("10 mins", "20 mins", "30 mins", "45 mins", "1 hrs", "2 hrs", "3 hrs",
                     "4 hrs")

#: (title, directions) of AndroidWorld's 39 base recipes.
BASE_RECIPES: tuple[tuple[str, str], ...] = (
    ("Spicy Tuna Wraps", ("Mix canned tuna with mayo and sriracha. Spread on tortillas, add "
     "lettuce and cucumber slices, roll up.")),
    ("Avocado Toast with Egg", ("Toast bread, top with mashed avocado, a fried egg, salt, "
     "pepper, and chili flakes.")),
    ("Greek Salad Pita Pockets", ("Fill pita pockets with lettuce, cucumber, tomato, feta, "
     "olives, and Greek dressing.")),
    ("Quick Fried Rice", ("Sauté cooked rice with vegetables, add soy sauce and scrambled eggs. "
     "Toss until hot.")),
    ("Pesto Pasta with Peas", ("Cook pasta, stir in pesto sauce and cooked peas. Add Parmesan "
     "cheese before serving.")),
    ("BBQ Chicken Quesadillas", ("Mix shredded cooked chicken with BBQ sauce. Place on "
     "tortillas with cheese, fold and cook until crispy.")),
    ("Tomato Basil Bruschetta", ("Top sliced baguette with a mix of chopped tomatoes, basil, "
     "garlic, olive oil, salt, and pepper.")),
    ("Lemon Garlic Tilapia", ("Sauté tilapia in butter, add lemon juice and garlic. Serve with "
     "steamed vegetables.")),
    ("Turkey and Cheese Panini", ("Layer turkey and cheese on bread, grill in a panini press "
     "until golden.")),
    ("Veggie and Hummus Sandwich", ("Spread hummus on bread, add cucumber, bell pepper, "
     "carrot, and lettuce.")),
    ("Mango Chicken Curry", ("Cook chicken pieces in a pan, add onions, garlic, and ginger. "
     "Stir in curry powder, coconut milk, and mango pieces. Simmer until chicken is cooked.")),
    ("Beef Stir Fry", ("Stir-fry beef slices with broccoli, bell peppers, and onions in soy "
     "sauce and garlic. Serve over rice or noodles.")),
    ("Shrimp Avocado Salad", ("Mix cooked shrimp with avocado, tomatoes, cucumber, and onion. "
     "Dress with lime juice, olive oil, salt, and pepper.")),
    ("Spinach and Feta Stuffed Chicken", ("Stuff chicken breasts with a mixture of spinach, "
     "feta, garlic, and herbs. Bake until chicken is cooked through.")),
    ("Zucchini Noodles with Pesto", ("Spiralize zucchini into noodles, sauté with garlic, then "
     "mix with pesto sauce. Top with grated Parmesan cheese.")),
    ('Cauliflower Fried "Rice"', ("Pulse cauliflower in a food processor until it resembles "
     "rice. Sauté with vegetables, soy sauce, and add scrambled eggs.")),
    ("Sweet Potato and Black Bean Tacos", ("Roast sweet potato cubes, mix with black beans, and "
     "use as filling for tacos. Top with avocado and cilantro lime sauce.")),
    ("Salmon with Dill Sauce", ("Bake salmon fillets and serve with a sauce made from Greek "
     "yogurt, dill, lemon juice, and garlic.")),
    ("Quinoa Salad with Vegetables", ("Mix cooked quinoa with diced vegetables, feta cheese, "
     "and a lemon olive oil dressing.")),
    ("Chickpea Vegetable Soup", ("Sauté onions, carrots, and celery, add broth, canned "
     "tomatoes, and chickpeas. Simmer with spinach and seasonings.")),
    ("Chicken Caesar Salad Wrap", ("Toss chopped romaine lettuce with Caesar dressing, grilled "
     "chicken strips, and Parmesan cheese. Wrap in a large tortilla.")),
    ("Vegetarian Chili", ("Cook onions, garlic, bell peppers, and carrots. Add canned tomatoes, "
     "kidney beans, black beans, corn, and chili seasoning. Simmer until vegetables are "
     "tender.")),
    ("Pan-Seared Salmon with Quinoa", ("Pan-sear salmon fillets until crispy. Serve over cooked "
     "quinoa with a side of steamed asparagus.")),
    ("Caprese Salad Skewers", ("Thread cherry tomatoes, basil leaves, and mozzarella balls onto "
     "skewers. Drizzle with balsamic glaze.")),
    ("Chicken Alfredo Pasta", ("Cook fettuccine pasta, toss with Alfredo sauce and grilled "
     "chicken strips. Serve with a sprinkle of Parmesan cheese.")),
    ("Stuffed Bell Peppers", ("Mix cooked quinoa, black beans, corn, tomato sauce, and spices. "
     "Stuff into bell peppers and bake until tender.")),
    ("Eggplant Parmesan", ("Slice eggplant, bread, and fry. Layer in a baking dish with "
     "marinara sauce and mozzarella cheese. Bake until bubbly.")),
    ("Thai Peanut Noodle Salad", ("Toss cooked noodles with a Thai peanut sauce, sliced red "
     "bell peppers, cabbage, carrots, and cilantro.")),
    ("Butternut Squash Soup", ("Sauté onions and garlic, add cubed butternut squash and broth. "
     "Puree until smooth and season with nutmeg, salt, and pepper.")),
    ("Baked Cod with Lemon and Dill", ("Place cod fillets in a baking dish, season with lemon "
     "juice, dill, salt, and pepper. Bake until fish flakes easily.")),
    ("Vegetable Stir Fry with Tofu", ("Stir-fry tofu cubes until golden, add assorted "
     "vegetables and a stir-fry sauce. Serve over rice or noodles.")),
    ("Classic Margherita Pizza", ("Spread pizza dough with tomato sauce, top with slices of "
     "mozzarella cheese and fresh basil leaves. Bake until crust is golden.")),
    ("Raspberry Almond Smoothie", ("Blend together raspberries, almond milk, banana, and a "
     "scoop of almond butter until smooth.")),
    ("Moroccan Chickpea Stew", ("Sauté onions, garlic, carrots, and spices. Add canned "
     "chickpeas, diced tomatoes, and vegetable broth. Simmer until flavors meld.")),
    ("Kale and Quinoa Salad", ("Toss chopped kale, cooked quinoa, dried cranberries, sliced "
     "almonds, and feta cheese with a lemon vinaigrette.")),
    ("Grilled Cheese with Tomato and Basil", ("Butter bread slices, layer with cheese, tomato "
     "slices, and basil. Grill until bread is toasted and cheese is melted.")),
    ("Sausage and Peppers Skillet", ("Sauté sliced sausage, bell peppers, and onions until "
     "browned. Serve with mustard or on a hoagie roll.")),
    ("Lentil Soup", ("Cook onions, carrots, celery, garlic, and lentils in vegetable broth "
     "until lentils are tender. Season with thyme and bay leaves.")),
    ("Garlic Butter Shrimp", ("Sauté shrimp in butter and minced garlic until pink. Sprinkle "
     "with parsley and serve with lemon wedges.")),
)

#: AndroidWorld's `_COMMON_INGREDIENTS` (the constraint family's ingredient list), without
#: its repeated entries.
COMMON_INGREDIENTS: tuple[str, ...] = tuple(dict.fromkeys((
    "tuna", "mayonnaise", "sriracha", "tortillas", "lettuce", "cucumber", "bread", "avocado",
    "eggs", "salt", "pepper", "chili flakes", "pita bread", "tomatoes", "feta cheese", "olives",
    "Greek dressing", "rice", "vegetables", "soy sauce", "pesto sauce", "peas",
    "Parmesan cheese", "chicken", "BBQ sauce", "cheese", "baguette", "basil", "garlic",
    "olive oil", "tilapia", "butter", "lemon juice", "turkey", "hummus", "bell peppers",
    "carrots", "mango", "curry powder", "coconut milk", "beef", "broccoli", "onions", "shrimp",
    "spinach", "herbs", "zucchini", "cauliflower", "sweet potato", "black beans", "cilantro",
    "Greek yogurt", "dill", "quinoa", "chickpeas", "romaine lettuce", "Caesar dressing",
    "Parmesan", "kidney beans", "corn", "chili seasoning", "asparagus", "mozzarella balls",
    "balsamic glaze", "fettuccine", "Alfredo sauce", "tomato sauce", "eggplant",
    "marinara sauce", "mozzarella cheese", "noodles", "Thai peanut sauce", "red bell peppers",
    "cabbage", "butternut squash", "nutmeg", "tofu", "pizza dough", "raspberries",
    "almond milk", "banana", "almond butter", "lentils", "thyme", "bay leaves", "parsley",
    "lemon wedges", "ghee", "cardamom", "fenugreek", "amchur (dry mango powder)", "rose water",
    "pomegranate molasses", "kaffir lime leaves", "galangal", "lemongrass", "furikake",
    "black garlic", "hemp seeds", "chia seeds", "açai berry", "maca powder", "spirulina",
    "cassava flour", "arrowroot powder", "seaweed", "escargot", "venison", "quail eggs",
    "duck fat", "morel mushrooms", "chanterelle mushrooms", "black truffle", "edible flowers",
    "salsify", "rutabaga", "celeriac", "finger limes",
)))

#: The fields the instruction (and the Markor file) lists, in AndroidWorld's order.
TEXT_FIELDS: tuple[str, ...] = ("title", "description", "servings", "preparationTime",
                                "ingredients", "directions")

_PIECE = re.compile(r"[A-Za-z0-9]+|.", re.DOTALL)


def _pieces(texts: Sequence[str]) -> set[str]:
    return {p for t in texts for p in _PIECE.findall(t) if p.strip()}


#: Vocabulary words: every word of the generated texts (as the oracle's tokenizer splits them)
#: and every character they use beyond BASE_CHARS.
WORDS: tuple[str, ...] = tuple(sorted(
    p for p in _pieces([t for pair in BASE_RECIPES for t in pair] + [*DESCRIPTIONS,
                       *DIRECTIONS_ADDITIONS, *INGREDIENT_DESCRIPTORS, *SERVINGS_OPTIONS,
                       *PREP_TIME_OPTIONS, "Recipe", "title", "description", "servings",
                       "preparationTime", "ingredients", "directions"])
    if len(p) > 1 or p not in BASE_CHARS))


_FIELD_SIZES = (len(DESCRIPTIONS), len(SERVINGS_OPTIONS), len(PREP_TIME_OPTIONS),
                len(DIRECTIONS_ADDITIONS), len(INGREDIENT_DESCRIPTORS))


_RECIPES = RecordMaker(Recipe)


def _recipe(base: tuple[str, str], picks: Sequence[int], prep_time: str | None = None) -> Recipe:
    d, s, p, a, i = (int(x) for x in picks)
    return _RECIPES.make(
        title=base[0], description=DESCRIPTIONS[d], servings=SERVINGS_OPTIONS[s],
        preparationTime=PREP_TIME_OPTIONS[p] if prep_time is None else prep_time,
        directions=f"{base[1]} {DIRECTIONS_ADDITIONS[a]}", ingredients=INGREDIENT_DESCRIPTORS[i])


def _picks(rng: np.random.Generator, bounds: Sequence[int]) -> list[int]:
    """`rng.integers(0, bounds).tolist()`: one draw below each bound, in order (numpy's
    array-bounded draw makes the same draws as single ones)."""
    draw = drawer(rng)
    return [draw(n) for n in bounds]


def generate_recipe(rng: np.random.Generator, base: tuple[str, str] | None = None,
                    prep_times: Sequence[str] | None = None) -> Recipe:
    """AndroidWorld's `_generate_random_recipe`: a base recipe with a random description,
    servings, preparation time, directions addition and ingredients descriptor (one uniform
    pick each, drawn together). With `base` the base recipe is given (the same as drawing until
    that base comes up, in fewer draws); with `prep_times` the preparation time is then redrawn
    among these (see `random_items`)."""
    if base is None:
        first, *picks = _picks(rng, (len(BASE_RECIPES), *_FIELD_SIZES))
        base = BASE_RECIPES[first]
    else:
        picks = _picks(rng, _FIELD_SIZES)
    prep_time = None if prep_times is None else prep_times[below(rng, len(prep_times))]
    return _recipe(base, picks, prep_time)


def _bounds(base: tuple[str, str] | None, prep_times: Sequence[str] | None) -> tuple[int, ...]:
    """The bounds of `generate_recipe(rng, base, prep_times)`'s draws, in order (a single
    preparation time is no draw)."""
    return ((len(BASE_RECIPES),) if base is None else ()) + _FIELD_SIZES + (
        (len(prep_times),) if prep_times is not None and len(prep_times) > 1 else ())


#: The generated fields' values as arrays, indexed by their draws: base recipe titles, the
#: directions of each base recipe with each addition, and each field's options.
_TITLES = np.array([title for title, _ in BASE_RECIPES], dtype=object)
_DIRECTIONS = np.array([[f"{directions} {extra}" for extra in DIRECTIONS_ADDITIONS]
                        for _, directions in BASE_RECIPES], dtype=object)
_DESCRIPTIONS = np.array(DESCRIPTIONS, dtype=object)
_SERVINGS = np.array(SERVINGS_OPTIONS, dtype=object)
_PREP_TIMES = np.array(PREP_TIME_OPTIONS, dtype=object)
_INGREDIENTS = np.array(INGREDIENT_DESCRIPTORS, dtype=object)


def recipes_from_values(values: Sequence[int], base: tuple[str, str] | None = None,
                        prep_times: Sequence[str] | None = None) -> list[Recipe]:
    """The recipes that `generate_recipe(rng, base, prep_times)` makes from a `Draws` whose
    next 32-bit values these are (one value a draw, `_bounds` of them a recipe), one after
    another, up to the first recipe some of whose draws could make a Lemire redraw, or the
    values' end. A draw below n reading u is `(u * n) >> 32` unless `(u * n) mod 2**32 < n`
    (decoded for all recipes at once, in numpy arrays)."""
    bounds = np.array(_bounds(base, prep_times), dtype=np.uint64)
    width = len(bounds)
    count = len(values) // width
    picks = lemire_picks(np.array(values[:count * width], dtype=np.uint64).reshape(count, width), bounds)
    if base is None:
        titles, directions = _TITLES[picks[:, 0]], _DIRECTIONS[picks[:, 0], picks[:, 4]]
        picks = picks[:, 1:]
    else:
        titles = [base[0]] * len(picks)
        directions = [f"{base[1]} {DIRECTIONS_ADDITIONS[a]}" for a in picks[:, 3].tolist()]
    if prep_times is None:
        prep = _PREP_TIMES[picks[:, 2]].tolist()
    elif len(prep_times) > 1:
        prep = [prep_times[i] for i in picks[:, 5].tolist()]
    else:
        prep = [prep_times[0]] * len(picks)
    return _RECIPES.make_each(
        title=list(titles), description=_DESCRIPTIONS[picks[:, 0]].tolist(),
        servings=_SERVINGS[picks[:, 1]].tolist(), preparationTime=prep,
        directions=list(directions), ingredients=_INGREDIENTS[picks[:, 4]].tolist())


def generated_recipes(rng: np.random.Generator, base: tuple[str, str] | None = None,
                      prep_times: Sequence[str] | None = None,
                      first_block: int = 8) -> Iterator[Recipe]:
    """`generate_recipe(rng, base, prep_times)` again and again, each recipe drawn when it is
    yielded; from a `Draws`, decoded in blocks of values read ahead (`recipes_from_values`, see
    `decoded_in_blocks`)."""
    return decoded_in_blocks(rng, len(_bounds(base, prep_times)),
                             lambda values: recipes_from_values(values, base, prep_times),
                             lambda generator: generate_recipe(generator, base, prep_times), first_block)


def random_items(rng: np.random.Generator, n: int, keep: Callable[[Recipe], bool] = lambda r: True,
                 *, replacement: bool = False, max_tries: int = 10_000,
                 base: tuple[str, str] | None = None,
                 prep_times: Sequence[str] | None = None) -> list[Recipe]:
    """AndroidWorld's `get_random_items(n, _generate_random_recipe, replacement, filter_fn)`:
    generated recipes passing `keep`, all distinct unless `replacement`. `base` fixes the base
    recipe, `prep_times` draws the preparation time among these only (AndroidWorld filters on
    them; drawing from the allowed values is the same law in fewer draws). ValueError after
    `max_tries` generations."""
    out: list[Recipe] = []
    taken: set[Recipe] = set()  # the rows of `out`, for a membership test that does not scan it
    tries = 0
    drawn = generated_recipes(rng, base, prep_times, n + 2)
    while len(out) < n:
        tries += 1
        if tries > max_tries:
            raise ValueError(f"could only generate {len(out)} of {n} recipes")
        r = next(drawn)
        if keep(r):
            distinct = len(taken)
            taken.add(r)  # one hash of `r`, not one for `in` and one for `add`
            if replacement or len(taken) > distinct:
                out.append(r)
    return out


def distinct_titles(rng: np.random.Generator, n: int) -> list[Recipe]:
    """`_RecipeDeleteMultipleRecipes.generate_random_params`: n recipes with distinct titles.
    AndroidWorld redraws a recipe whose title is taken; the titles that survive are a uniform
    draw without replacement, which is what is drawn here (the other fields independently)."""
    if not 0 <= n <= len(BASE_RECIPES):
        raise ValueError(f"there are {len(BASE_RECIPES)} recipe titles, not {n}")
    bases = rng.choice(len(BASE_RECIPES), size=n, replace=False)
    picks = rng.integers(0, _FIELD_SIZES, size=(n, len(_FIELD_SIZES)))
    return [_recipe(BASE_RECIPES[int(b)], row) for b, row in zip(bases, picks)]


def uses_in_directions(recipe: Recipe, ingredient: str) -> bool:
    """Whether the directions mention `ingredient` (case-insensitive)."""
    return ingredient.lower() in recipe.directions.lower()


def base_named(title: str) -> tuple[str, str]:
    """The base recipe with this title."""
    return next(b for b in BASE_RECIPES if b[0] == title)


def recipes_using(rng: np.random.Generator, n: int, ingredient: str) -> list[Recipe]:
    """n distinct generated recipes whose directions use `ingredient`: AndroidWorld draws
    recipes until they do; drawing the (base, addition) pair among those that do, the other
    fields independently, is the same law in fewer draws."""
    pairs = [(b, a) for b in BASE_RECIPES for a, extra in enumerate(DIRECTIONS_ADDITIONS)
             if ingredient.lower() in f"{b[1]} {extra}".lower()]
    if not pairs:
        raise ValueError(f"no generated recipe uses {ingredient!r} in its directions")
    out: list[Recipe] = []
    while len(out) < n:
        b, a = pairs[int(rng.integers(0, len(pairs)))]
        picks = _picks(rng, _FIELD_SIZES)
        picks[3] = a
        r = _recipe(b, picks)
        if r not in out:
            out.append(r)
    return out


@cache
def possible_ingredients() -> tuple[str, ...]:
    """The common ingredients some generated recipe's directions mention."""
    directions = [f"{d} {a}".lower() for _, d in BASE_RECIPES for a in DIRECTIONS_ADDITIONS]
    return tuple(i for i in COMMON_INGREDIENTS if any(i.lower() in d for d in directions))


def text_representation(rows: Sequence[Recipe], format_type: str) -> str:
    """The rows as AndroidWorld writes them: `csv` ('|'-separated, a header line) or
    `text_block` ("Recipe: <title>" then one " field: value" line per field)."""
    if format_type == "csv":
        lines = ["|".join(TEXT_FIELDS)]
        lines += ["|".join(str(getattr(r, f)) for f in TEXT_FIELDS) for r in rows]
        return "\n".join(lines)
    if format_type == "text_block":
        blocks = []
        for r in rows:
            block = f"Recipe: {r.title}\n"
            for f in TEXT_FIELDS[1:]:
                block += f" {f}: {getattr(r, f)}\n"
            blocks.append(block)
        return "\n".join(blocks)
    raise ValueError(f"format_type must be 'csv' or 'text_block', got {format_type!r}")


def sql_literal(value: object) -> str:
    if isinstance(value, str):
        return "'" + value.replace("'", "''") + "'"
    return str(int(value))  # type: ignore[call-overload]


def insert_sql(rows: Sequence[Recipe]) -> str:
    """One INSERT of `rows` as AndroidWorld's `insert_rows_to_remote_db` writes them (every
    column but the key)."""
    cols = [c for c in RECIPE_COLUMNS if c != DB_KEY]
    return insert_rows_sql(TABLE, cols, list(map(attrgetter(*cols), rows)), sql_literal)


def reset_sql(rows: Sequence[Recipe]) -> str:
    """Empty the database (keys restart at 1), then insert `rows` in order, in one transaction
    (one commit, not fsynced: a start state need not survive a power cut; the app never sees a
    half-written table)."""
    return ("PRAGMA synchronous = OFF; BEGIN; DELETE FROM recipes_with_categories; "
            "DELETE FROM categories; DELETE FROM recipes; DELETE FROM sqlite_sequence; "
            f"{insert_sql(rows)} COMMIT;")


