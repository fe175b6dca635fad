"""Broccoli's key screens carry the app's resource ids, widget classes and strings (v1.2.6
layouts, menus and strings.xml), reached by touches only on a fresh device."""

from __future__ import annotations

import shlex

import pytest

from mobile_gym.apps import broccoli as model
from tests.sim.apps.conftest import UI, check_key_screen

PKG = model.APP.package


def _open(ui: UI) -> None:
    ui.tap(desc="Broccoli")


def _seeded(ui: UI) -> None:
    _open(ui)
    sql = ("INSERT INTO recipes (title, imageName, description, servings, preparationTime, "
           "source, ingredients, directions, favorite) VALUES ('Lentil Soup', '', 'Warm', "
           "'2 servings', '45 mins', 'flauschcode.com', '200 g lentils', '1. Cook.', 0)")
    ui.device.shell(f"sqlite3 {model.DB_PATH} {shlex.quote(sql)}")
    ui.key("HOME")
    _open(ui)


def _details(ui: UI) -> None:
    _seeded(ui)
    ui.tap(text="Lentil Soup")


def _delete_dialog(ui: UI) -> None:
    _details(ui)
    ui.tap(desc="More options")
    ui.tap(text="Delete")


def _form(ui: UI) -> None:
    _open(ui)
    ui.tap(desc="New Recipe")


def _drawer(ui: UI) -> None:
    _open(ui)
    ui.tap(desc="Open navigation drawer")


MAIN = f"{PKG}/{PKG}.MainActivity"
SCREENS = [
    ("list", _seeded, MAIN, [
        ({"id": "toolbar"}, "android.view.ViewGroup"),
        ({"text": "Recipes"}, "android.widget.TextView"),
        ({"desc": "Open navigation drawer"}, "android.widget.ImageButton"),
        ({"id": "toolbar_recipes"}, "android.view.ViewGroup"),
        ({"id": "spinner", "desc": "Categories"}, "android.widget.Spinner"),
        ({"id": "action_search", "desc": "Search"}, "android.widget.Button"),
        ({"id": "recycler_view", "desc": "Recipes"}, "androidx.recyclerview.widget.RecyclerView"),
        ({"id": "card_text_view_title", "text": "Lentil Soup"}, "android.widget.TextView"),
        ({"id": "card_text_view_description", "text": "Warm"}, "android.widget.TextView"),
        ({"id": "card_text_view_source", "text": "flauschcode.com"}, "android.widget.TextView"),
        ({"id": "card_image", "desc": "Recipe photo"}, "android.widget.ImageView"),
        ({"id": "fab_recipes", "desc": "New Recipe"}, "android.widget.ImageButton"),
        ({"id": "drawer_layout"}, "androidx.drawerlayout.widget.DrawerLayout"),
    ]),
    ("drawer", _drawer, MAIN, [
        ({"id": "nav_view"}, None),
        ({"id": "nav_recipes"}, None),
        ({"id": "nav_categories"}, None),
        ({"id": "nav_seasons"}, None),
        ({"id": "nav_settings"}, None),
        ({"text": "Backup and restore"}, "android.widget.CheckedTextView"),
        ({"text": "Free for everyone"}, "android.widget.TextView"),
    ]),
    ("form", _form, f"{PKG}/{PKG}.recipe.crud.CreateAndEditRecipeActivity", [
        ({"text": "New Recipe"}, "android.widget.TextView"),
        ({"id": "button_save_recipe", "text": "SAVE"}, "android.widget.Button"),
        ({"id": "new_image", "desc": "Recipe photo"}, "android.widget.ImageView"),
        ({"id": "new_title", "text": "Title"}, "android.widget.EditText"),
        ({"id": "new_categories", "text": "Categories"}, "android.widget.EditText"),
        ({"id": "new_description", "text": "Description"}, "android.widget.EditText"),
    ]),
    ("details", _details, f"{PKG}/{PKG}.recipe.details.RecipeDetailsActivity", [
        ({"id": "details_title", "text": "Lentil Soup"}, "android.widget.TextView"),
        ({"id": "details_servings", "text": "2 servings"}, "android.widget.TextView"),
        ({"id": "details_preparation_time", "text": "45 mins"}, "android.widget.TextView"),
        ({"id": "details_description", "text": "Warm"}, "android.widget.TextView"),
        ({"id": "details_source", "text": "flauschcode.com"}, "android.widget.TextView"),
        ({"id": "ingredient_quantity", "text": "200"}, "android.widget.TextView"),
        ({"id": "direction_text", "text": "Cook."}, "android.widget.TextView"),
        ({"id": "direction_position", "text": "1"}, "android.widget.TextView"),
        ({"id": "action_details_like", "desc": "Mark as favorite"}, "android.widget.Button"),
        ({"desc": "More options"}, "android.widget.ImageView"),
        ({"id": "fab_cooking_assistant", "desc": "Cook"}, "android.widget.ImageButton"),
    ]),
    ("delete", _delete_dialog, f"{PKG}/{PKG}.recipe.details.RecipeDetailsActivity", [
        ({"id": "android:id/message", "text": "Delete this recipe?"}, "android.widget.TextView"),
        ({"id": "android:id/button1", "text": "DELETE"}, "android.widget.Button"),
        ({"id": "android:id/button2", "text": "CANCEL"}, "android.widget.Button"),
    ]),
]


@pytest.mark.parametrize("name,goto,activity,expected", SCREENS, ids=[s[0] for s in SCREENS])
def test_key_screen(name, goto, activity, expected):
    check_key_screen(name, goto, activity, expected)


def test_overflow_menu_lists_the_details_actions(device, ui_factory):
    ui = ui_factory(device)
    _details(ui)
    ui.tap(desc="More options")
    assert [n["text"] for n in ui.find_all(id="title")] == ["Share", "Share as file", "Edit",
                                                            "Delete"]


def test_first_launch_creates_the_room_database(device, ui_factory):
    ui = ui_factory(device)
    _open(ui)
    code, out, _ = device.shell(f"sqlite3 {model.DB_PATH} "
                                + shlex.quote("SELECT name FROM sqlite_master WHERE type IN "
                                              "('table', 'trigger') ORDER BY name"))
    assert code == 0
    names = out.split()
    assert {"recipes", "categories", "recipes_with_categories", "recipes_fts",
            "room_master_table", "android_metadata",
            "room_fts_content_sync_recipes_fts_AFTER_INSERT"} <= set(names)
    code, out, _ = device.shell(f"sqlite3 {model.DB_PATH} 'PRAGMA user_version'")
    assert out == "1\n"
    code, out, _ = device.shell(f"sqlite3 {model.DB_PATH} 'SELECT identity_hash FROM "
                                "room_master_table'")
    assert out == f"{model.ROOM_IDENTITY_HASH}\n"


def test_catalogue_names_the_app_as_android_world_does():
    from mobile_gym import apps

    assert apps.find("broccoli app") is model.APP
    assert apps.find("Broccoli").component == (
        "com.flauschcode.broccoli/com.flauschcode.broccoli.MainActivity")
    assert model.APP.database_path() == "/data/data/com.flauschcode.broccoli/databases/broccoli"
