"""Broccoli end to end through SimDevice, as an agent would: tap dump nodes, type, press keys;
then read the rows back with the shell's `sqlite3`, as the app wrote them."""

from __future__ import annotations

import shlex

import pytest

from mobile_gym.apps import broccoli as model

PKG = model.APP.package
MAIN = f"{PKG}/{PKG}.MainActivity"
DETAILS = f"{PKG}/{PKG}.recipe.details.RecipeDetailsActivity"
FORM = f"{PKG}/{PKG}.recipe.crud.CreateAndEditRecipeActivity"
COLS = ("recipeId, title, imageName, description, servings, preparationTime, source, "
        "ingredients, directions, favorite")


def sql(device, statement: str) -> str:
    code, out, err = device.shell(f"sqlite3 {model.DB_PATH} {shlex.quote(statement)}")
    assert code == 0, err
    return out


def rows(device) -> list[list[str]]:
    """Every row (newlines in values replaced by spaces), one list of columns per row."""
    cols = COLS.replace("ingredients", "replace(ingredients, char(10), ' ')")
    out = sql(device, f"SELECT {cols} FROM recipes ORDER BY recipeId")
    return [line.split("|") for line in out.splitlines() if line]


def seed(device, *recipes: model.Recipe) -> None:
    for r in recipes:
        values = ", ".join("'" + str(getattr(r, c)).replace("'", "''") + "'" if isinstance(
            getattr(r, c), str) else str(getattr(r, c)) for c in model.RECIPE_COLUMNS[1:])
        sql(device, f"INSERT INTO recipes ({', '.join(model.RECIPE_COLUMNS[1:])}) "
                    f"VALUES ({values})")


@pytest.fixture
def ui(device, ui_factory):
    u = ui_factory(device)
    u.tap(desc="Broccoli")  # launcher icon
    assert device.current_activity() == MAIN
    return u


def keyboard_shown(ui) -> bool:
    return "com.google.android.inputmethod.latin" in ui.dump()


def fill(ui, field: str, text: str) -> None:
    """Close the keyboard, scroll the form until `field` shows, tap it and type."""
    if keyboard_shown(ui):
        ui.key("BACK")
    for _ in range(6):
        if ui.find_all(id=field):
            break
        box = ui.find(cls="android.widget.ScrollView")
        left, top, right, bottom = box.bounds
        x = (left + right) // 2
        ui.swipe(x, top + (bottom - top) * 3 // 4, x, top + (bottom - top) // 4)
    ui.tap(id=field)
    ui.type(text)


def test_create_recipe_writes_the_row_and_opens_details(device, ui) -> None:
    assert ui.has(id="recipes_empty") and ui.has(text="No recipes found.")
    ui.tap(desc="New Recipe")
    assert device.current_activity() == FORM
    fill(ui, "new_title", "Lentil Soup")
    fill(ui, "new_servings", "2 servings")
    fill(ui, "new_preparation_time", "45 mins")
    fill(ui, "new_ingredients", "200 g lentils")
    ui.key("ENTER")
    ui.type("1 onion")
    fill(ui, "new_directions", "Cook everything.")
    ui.key("BACK")  # the keyboard
    ui.tap(id="button_save_recipe")
    assert device.current_activity() == DETAILS
    assert ui.find(id="details_title")["text"] == "Lentil Soup"
    assert [n["text"] for n in ui.find_all(id="ingredient_text")] == [" g lentils", " onion"]
    assert [n["text"] for n in ui.find_all(id="ingredient_quantity")] == ["200", "1"]
    assert ui.find(id="direction_text")["text"] == "Cook everything."
    got = rows(device)
    assert len(got) == 1 and got[0][:7] == ["1", "Lentil Soup", "", "", "2 servings", "45 mins", ""]
    assert sql(device, "SELECT quote(title), quote(imageName), quote(description), "
                       "quote(source), quote(servings), favorite, typeof(favorite) FROM recipes"
               ).strip() == "'Lentil Soup'|''|''|''|'2 servings'|0|integer"
    assert sql(device, "SELECT ingredients FROM recipes") == "200 g lentils\n1 onion\n"
    # the FTS index follows (Room's triggers)
    assert sql(device, "SELECT docid FROM recipes_fts WHERE recipes_fts MATCH 'lentil*'") == "1\n"
    ui.tap(desc="Navigate up")
    assert device.current_activity() == MAIN
    assert ui.find(id="card_text_view_title")["text"] == "Lentil Soup"


def test_title_is_required(device, ui) -> None:
    ui.tap(desc="New Recipe")
    fill(ui, "new_description", "No title")
    ui.key("BACK")
    ui.tap(id="button_save_recipe")
    assert device.current_activity() == FORM
    assert sql(device, "SELECT count(*) FROM recipes") == "0\n"
    ui.tap(desc="Navigate up")  # unsaved edits: "Discard changes?"
    assert ui.has(text="Discard changes?")
    ui.tap(text="DISCARD")
    assert device.current_activity() == MAIN


def test_seeded_rows_show_edit_and_delete_with_confirmation(device, ui) -> None:
    seed(device, model.Recipe("Garlic Butter Shrimp", description="Quick", servings="2 servings"),
         model.Recipe("Avocado Toast with Egg", description="Easy"))
    ui.key("HOME")
    ui.tap(desc="Broccoli")
    titles = [n["text"] for n in ui.find_all(id="card_text_view_title")]
    assert titles == ["Avocado Toast with Egg", "Garlic Butter Shrimp"]  # ORDER BY title
    ui.tap(text="Garlic Butter Shrimp")
    assert device.current_activity() == DETAILS
    assert ui.find(id="details_servings")["text"] == "2 servings"
    # edit the description
    ui.tap(desc="More options")
    ui.tap(text="Edit")
    assert device.current_activity() == FORM
    assert ui.find(id="new_description")["text"] == "Quick"
    ui.long_press(id="new_description")  # past the text: the cursor goes to its end
    ui.tap(desc="Select all")
    ui.type("Quick and tasty")
    ui.key("BACK")
    ui.tap(id="button_save_recipe")
    assert device.current_activity() == DETAILS
    assert ui.find(id="details_description")["text"] == "Quick and tasty"
    assert sql(device, "SELECT description FROM recipes WHERE recipeId = 1") == "Quick and tasty\n"
    # favourite
    ui.tap(desc="Mark as favorite")
    assert sql(device, "SELECT favorite FROM recipes WHERE recipeId = 1") == "1\n"
    assert ui.has(desc="Remove from favorites")
    # delete: cancel first, then confirm
    ui.tap(desc="More options")
    ui.tap(text="Delete")
    assert ui.has(text="Delete this recipe?")
    ui.tap(text="CANCEL")
    assert sql(device, "SELECT count(*) FROM recipes") == "2\n"
    ui.tap(desc="More options")
    ui.tap(text="Delete")
    ui.tap(text="DELETE")
    assert device.current_activity() == MAIN
    assert sql(device, f"SELECT {COLS} FROM recipes") == \
        "2|Avocado Toast with Egg||Easy||||||0\n"
    assert sql(device, "SELECT count(*) FROM recipes_fts WHERE recipes_fts MATCH 'garlic*'") == "0\n"
    assert [n["text"] for n in ui.find_all(id="card_text_view_title")] == ["Avocado Toast with Egg"]


def test_search_filters_the_list(device, ui) -> None:
    seed(device, model.Recipe("Lentil Soup"), model.Recipe("Beef Stir Fry"),
         model.Recipe("Butternut Squash Soup", ingredients="squash"))
    ui.key("HOME")
    ui.tap(desc="Broccoli")
    ui.tap(desc="Search")
    assert ui.find(id="search_src_text")["text"] == "Search in ALL RECIPES"
    ui.type("sou")
    assert [n["text"] for n in ui.find_all(id="card_text_view_title")] == \
        ["Butternut Squash Soup", "Lentil Soup"]
    ui.tap(desc="Clear query")
    ui.type("squash")
    assert [n["text"] for n in ui.find_all(id="card_text_view_title")] == ["Butternut Squash Soup"]
    ui.type("zzz")
    assert ui.has(text="No recipes found.")
    ui.key("BACK")  # keyboard
    ui.key("BACK")  # collapses the search
    assert ui.has(id="spinner")
    assert len(ui.find_all(id="card_text_view_title")) == 3


def test_drawer_categories_and_category_filter(device, ui) -> None:
    seed(device, model.Recipe("Lentil Soup"), model.Recipe("Beef Stir Fry"))
    ui.tap(desc="Open navigation drawer")
    assert ui.has(id="nav_view") and ui.has(text="Seasonal calendar")
    ui.tap(id="nav_categories")
    assert ui.has(text="Create custom categories to manage your recipes.")
    ui.tap(desc="Add category")
    ui.tap(id="category_name")
    ui.type("Soups")
    ui.tap(text="SAVE")
    assert sql(device, "SELECT categoryId, name FROM categories") == "1|Soups\n"
    assert ui.find(id="card_text_view_category_name")["text"] == "Soups"
    ui.key("BACK")  # back to the recipes
    ui.tap(text="Lentil Soup")
    ui.tap(desc="More options")
    ui.tap(text="Edit")
    ui.tap(id="new_categories")
    ui.tap(text="Soups")
    ui.tap(text="OK")
    assert ui.find(id="new_categories")["text"] == "Soups"
    ui.tap(id="button_save_recipe")
    assert ui.find(id="details_categories")["text"] == "Soups"
    assert sql(device, "SELECT recipeId, categoryId FROM recipes_with_categories") == "1|1\n"
    ui.tap(desc="Navigate up")
    ui.tap(id="spinner")
    ui.tap(text="Soups")
    assert [n["text"] for n in ui.find_all(id="card_text_view_title")] == ["Lentil Soup"]
    ui.tap(id="spinner")
    ui.tap(text="Recipes without category")
    assert [n["text"] for n in ui.find_all(id="card_text_view_title")] == ["Beef Stir Fry"]
