"""Broccoli 1.2.6 (recipes): its catalogue record, its Room schema (database version 1) and the
plain rows the simulated app and the recipe task families share.

Facts from the app's repository at tag v1.2.6 (`app/schemas/.../BroccoliDatabase/1.json`,
`CoreRecipe`, `Category`, `RecipeCategoryAssociation`, `RecipeDAO`): every text column of
`recipes` is nullable but the app always writes a string ("" for an empty field, the entity's
default), `favorite` is 0/1, `recipeId` is AUTOINCREMENT. `recipes_fts` is an external-content
FTS4 table kept in sync by the four triggers Room creates.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from mobile_gym.apps import AppRecord

APP = AppRecord(
    key="broccoli",
    package="com.flauschcode.broccoli",
    label="Broccoli",
    main_activity="com.flauschcode.broccoli.MainActivity",
    version="1.2.6",
    version_code=1020600,
    aliases=("broccoli app", "broccoli recipe app", "broccoli - recipe app"),
    databases=("broccoli",),
)

DB_PATH = APP.database_path("broccoli")
RECIPES_TABLE = "recipes"
CATEGORIES_TABLE = "categories"
RECIPE_CATEGORIES_TABLE = "recipes_with_categories"
FTS_TABLE = "recipes_fts"
DB_KEY = "recipeId"

ROOM_VERSION = 1
ROOM_IDENTITY_HASH = "1548e88f42d976a4b4915ca1cfa71e00"

#: `recipes` columns in table order.
RECIPE_COLUMNS: tuple[str, ...] = (
    "recipeId", "title", "imageName", "description", "servings", "preparationTime", "source",
    "ingredients", "directions", "favorite",
)

_FTS_COLS = "`title`, `description`, `source`, `ingredients`"
_FTS_NEW = "NEW.`rowid`, NEW.`title`, NEW.`description`, NEW.`source`, NEW.`ingredients`"

#: The database as Room creates it (entities, indices, the FTS table, its content-sync
#: triggers, then Room's master table), in the order Room runs them.
SCHEMA: tuple[str, ...] = (
    ("CREATE TABLE IF NOT EXISTS `recipes` (`recipeId` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, "
    "`title` TEXT, `imageName` TEXT, `description` TEXT, `servings` TEXT, `preparationTime` TEXT, "
    "`source` TEXT, `ingredients` TEXT, `directions` TEXT, `favorite` INTEGER NOT NULL)"),
    ("CREATE TABLE IF NOT EXISTS `categories` (`categoryId` INTEGER PRIMARY KEY AUTOINCREMENT "
    "NOT NULL, `name` TEXT)"),
    ("CREATE TABLE IF NOT EXISTS `recipes_with_categories` (`recipeId` INTEGER NOT NULL, "
    "`categoryId` INTEGER NOT NULL, PRIMARY KEY(`recipeId`, `categoryId`), FOREIGN KEY(`recipeId`) "
    "REFERENCES `recipes`(`recipeId`) ON UPDATE NO ACTION ON DELETE CASCADE , "
    "FOREIGN KEY(`categoryId`) REFERENCES `categories`(`categoryId`) ON UPDATE NO ACTION "
    "ON DELETE CASCADE )"),
    ("CREATE INDEX IF NOT EXISTS `index_recipes_with_categories_recipeId` ON "
    "`recipes_with_categories` (`recipeId`)"),
    ("CREATE INDEX IF NOT EXISTS `index_recipes_with_categories_categoryId` ON "
    "`recipes_with_categories` (`categoryId`)"),
    ("CREATE VIRTUAL TABLE IF NOT EXISTS `recipes_fts` USING FTS4(`title` TEXT, `description` TEXT, "
    "`source` TEXT, `ingredients` TEXT, tokenize=unicode61 `tokenchars=#`, content=`recipes`)"),
    ("CREATE TRIGGER IF NOT EXISTS room_fts_content_sync_recipes_fts_BEFORE_UPDATE BEFORE UPDATE "
    "ON `recipes` BEGIN DELETE FROM `recipes_fts` WHERE `docid`=OLD.`rowid`; END"),
    ("CREATE TRIGGER IF NOT EXISTS room_fts_content_sync_recipes_fts_BEFORE_DELETE BEFORE DELETE "
    "ON `recipes` BEGIN DELETE FROM `recipes_fts` WHERE `docid`=OLD.`rowid`; END"),
    ("CREATE TRIGGER IF NOT EXISTS room_fts_content_sync_recipes_fts_AFTER_UPDATE AFTER UPDATE "
    f"ON `recipes` BEGIN INSERT INTO `recipes_fts`(`docid`, {_FTS_COLS}) VALUES ({_FTS_NEW}); END"),
    ("CREATE TRIGGER IF NOT EXISTS room_fts_content_sync_recipes_fts_AFTER_INSERT AFTER INSERT "
    f"ON `recipes` BEGIN INSERT INTO `recipes_fts`(`docid`, {_FTS_COLS}) VALUES ({_FTS_NEW}); END"),
    "CREATE TABLE IF NOT EXISTS room_master_table (id INTEGER PRIMARY KEY,identity_hash TEXT)",
    ("INSERT OR REPLACE INTO room_master_table (id,identity_hash) "
    f"VALUES(42, '{ROOM_IDENTITY_HASH}')"),
)

# The pseudo-categories of the list's spinner (`CategoryRepository`): ids and labels.
ALL_RECIPES_ID, FAVORITES_ID, UNASSIGNED_ID, SEASONAL_ID = -1, -2, -3, -4


@dataclass(frozen=True)
class Recipe:
    """One `recipes` row, fields in AndroidWorld's `Recipe` order; `recipeId` is -1 until the
    row is in the database. Defaults are the entity's ("" and not a favourite)."""

    title: str
    description: str = ""
    servings: str = ""
    preparationTime: str = ""
    source: str = ""
    ingredients: str = ""
    directions: str = ""
    favorite: int = 0
    imageName: str = ""
    recipeId: int = -1

    def as_row(self) -> dict[str, Any]:
        """Column -> value for every column, `recipeId` included."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def content(self) -> tuple[Any, ...]:
        """Every field but the key (two recipes are exact duplicates when these are equal)."""
        return tuple(getattr(self, f.name) for f in fields(self) if f.name != DB_KEY)


@dataclass(frozen=True)
class Category:
    """One `categories` row."""

    name: str
    categoryId: int = 0


#: The columns AndroidWorld's add tasks compare, and which of them fuzzily.
ADD_COMPARE_FIELDS: tuple[str, ...] = ("title", "description", "servings", "preparationTime",
                                       "source", "ingredients", "directions", "favorite")
ADD_FREE_TEXT_FIELDS: tuple[str, ...] = ADD_COMPARE_FIELDS[:-1]
