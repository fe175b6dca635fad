"""The `broccoli` database as Broccoli's Room database (version 1) creates, reads and writes it.

Writes follow the generated DAO code: `@Insert` leaves the key to AUTOINCREMENT and writes every
other column (the entity's strings, "" when empty; `favorite` 0/1); `@Update` rewrites the row
by key (the FTS triggers re-index it); `@Delete` removes the row (the association rows go by
ON DELETE CASCADE, which Room enables with `PRAGMA foreign_keys`). Reads are the DAO's queries.
A connection is opened per operation: a task may replace the file between steps.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from mobile_gym.apps import broccoli as model

from ...system.room import create_room_database

_CORE = ", ".join(f"recipes.`{c}`" for c in model.RECIPE_COLUMNS)
_ORDER = "ORDER BY recipes.title COLLATE NOCASE"
_FTS_ORDER = "ORDER BY SUBSTR(OFFSETS(recipes_fts), 1, 1), recipes.title COLLATE NOCASE"
_FTS_JOIN = "JOIN recipes_fts ON (recipes.recipeId = recipes_fts.docid)"
_UNASSIGNED = ("NOT EXISTS (SELECT * FROM recipes_with_categories WHERE "
               "recipeId = recipes.recipeId)")


class RecipeDb:
    """The database file at `host_path` (the host file behind `model.DB_PATH`)."""

    def __init__(self, host_path: str | Path) -> None:
        self.path = Path(host_path)

    def _connect(self) -> sqlite3.Connection:
        con = sqlite3.connect(self.path, isolation_level=None)
        con.execute("PRAGMA foreign_keys = ON")
        return con

    # -- creation -------------------------------------------------------------------------
    def ensure_created(self) -> bool:
        """Create the schema as Room does on first open; True if it was created now. A file that
        already has the `recipes` table is left as it is."""
        return create_room_database(self.path, "recipes", model.SCHEMA, model.ROOM_VERSION)

    # -- recipes --------------------------------------------------------------------------
    def insert(self, recipe: model.Recipe, category_ids: list[int] = ()) -> int:
        """`RecipeRepository.insertOrUpdate` for a new recipe: the row, then its categories."""
        cols = [c for c in model.RECIPE_COLUMNS if c != model.DB_KEY]
        row = recipe.as_row()
        with closing(self._connect()) as con:
            con.execute("BEGIN")
            cur = con.execute(
                f"INSERT OR ABORT INTO `recipes` ({', '.join(f'`{c}`' for c in cols)}) "
                f"VALUES ({', '.join('?' * len(cols))})", [row[c] for c in cols])
            rid = int(cur.lastrowid or 0)
            for cid in category_ids:
                con.execute("INSERT OR ABORT INTO `recipes_with_categories` (`recipeId`,"
                            "`categoryId`) VALUES (?,?)", (rid, cid))
            con.execute("COMMIT")
        return rid

    def update(self, recipe: model.Recipe, category_ids: list[int] | None = None) -> None:
        """`@Update` of the row; with `category_ids` its associations are replaced too."""
        row = recipe.as_row()
        cols = list(model.RECIPE_COLUMNS)
        with closing(self._connect()) as con:
            con.execute("BEGIN")
            con.execute(f"UPDATE OR ABORT `recipes` SET {', '.join(f'`{c}` = ?' for c in cols)} "
                        "WHERE `recipeId` = ?", [row[c] for c in cols] + [recipe.recipeId])
            if category_ids is not None:
                con.execute("DELETE FROM `recipes_with_categories` WHERE `recipeId` = ?",
                            (recipe.recipeId,))
                for cid in category_ids:
                    con.execute("INSERT OR ABORT INTO `recipes_with_categories` (`recipeId`,"
                                "`categoryId`) VALUES (?,?)", (recipe.recipeId, cid))
            con.execute("COMMIT")

    def delete(self, recipe_id: int) -> None:
        with closing(self._connect()) as con:
            con.execute("DELETE FROM `recipes` WHERE `recipeId` = ?", (recipe_id,))

    def get(self, recipe_id: int) -> model.Recipe | None:
        with closing(self._connect()) as con:
            r = con.execute(f"SELECT {_CORE} FROM recipes WHERE recipeId = ?",
                            (recipe_id,)).fetchone()
        return _recipe(r) if r else None

    def find(self, category_id: int = model.ALL_RECIPES_ID, term: str = "") -> list[model.Recipe]:
        """The list screen's query (`RecipeRepository.find`) for a spinner category and a search
        term (searched as the prefix query `term*`). A term FTS4 cannot parse finds nothing."""
        fav = "favorite IN (1)" if category_id == model.FAVORITES_ID else "favorite IN (1, 0)"
        join_cat = ("INNER JOIN recipes_with_categories ON recipes.recipeId = "
                    "recipes_with_categories.recipeId WHERE recipes_with_categories.categoryId = ?")
        params: list[object] = []
        if category_id in (model.ALL_RECIPES_ID, model.FAVORITES_ID, model.SEASONAL_ID):
            where = fav if category_id != model.SEASONAL_ID else "0"
            if term:
                sql = f"SELECT {_CORE} FROM recipes {_FTS_JOIN} WHERE recipes_fts MATCH ? AND {where} {_FTS_ORDER}"
                params.append(f"{term}*")
            else:
                sql = f"SELECT {_CORE} FROM recipes WHERE {where} {_ORDER}"
        elif category_id == model.UNASSIGNED_ID:
            if term:
                sql = (f"SELECT {_CORE} FROM recipes {_FTS_JOIN} WHERE recipes_fts MATCH ? AND "
                       f"{_UNASSIGNED} {_FTS_ORDER}")
                params.append(f"{term}*")
            else:
                sql = f"SELECT {_CORE} FROM recipes WHERE {_UNASSIGNED} {_ORDER}"
        elif term:
            sql = (f"SELECT {_CORE} FROM recipes {_FTS_JOIN} {join_cat} AND recipes_fts MATCH ? "
                   f"{_FTS_ORDER}")
            params += [category_id, f"{term}*"]
        else:
            sql = f"SELECT {_CORE} FROM recipes {join_cat} {_ORDER}"
            params.append(category_id)
        with closing(self._connect()) as con:
            try:
                rows = con.execute(sql, params).fetchall()
            except sqlite3.OperationalError:
                return []
        return [_recipe(r) for r in rows]

    # -- categories -----------------------------------------------------------------------
    def categories(self) -> list[model.Category]:
        """`CategoryDAO.findAll`: ORDER BY name."""
        with closing(self._connect()) as con:
            rows = con.execute("SELECT categoryId, name FROM categories ORDER BY name").fetchall()
        return [model.Category("" if n is None else str(n), int(i)) for i, n in rows]

    def categories_of(self, recipe_id: int) -> list[model.Category]:
        with closing(self._connect()) as con:
            rows = con.execute(
                "SELECT categories.categoryId, name FROM categories INNER JOIN "
                "recipes_with_categories ON categories.categoryId = "
                "recipes_with_categories.categoryId WHERE recipes_with_categories.recipeId = ? "
                "ORDER BY categories.categoryId", (recipe_id,)).fetchall()
        return [model.Category("" if n is None else str(n), int(i)) for i, n in rows]

    def insert_category(self, name: str) -> int:
        with closing(self._connect()) as con:
            cur = con.execute("INSERT OR ABORT INTO `categories` (`categoryId`,`name`) VALUES "
                              "(nullif(?, 0),?)", (0, name))
            return int(cur.lastrowid or 0)

    def update_category(self, category: model.Category) -> None:
        with closing(self._connect()) as con:
            con.execute("UPDATE OR ABORT `categories` SET `categoryId` = ?,`name` = ? WHERE "
                        "`categoryId` = ?", (category.categoryId, category.name,
                                             category.categoryId))

    def delete_category(self, category_id: int) -> None:
        with closing(self._connect()) as con:
            con.execute("DELETE FROM `categories` WHERE `categoryId` = ?", (category_id,))


def _text(v: object) -> str:
    return "" if v is None else str(v)


def _recipe(r: tuple) -> model.Recipe:
    values = dict(zip(model.RECIPE_COLUMNS, r))
    try:
        favorite = int(float(values["favorite"] or 0))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        favorite = 0
    return model.Recipe(
        title=_text(values["title"]), description=_text(values["description"]),
        servings=_text(values["servings"]), preparationTime=_text(values["preparationTime"]),
        source=_text(values["source"]), ingredients=_text(values["ingredients"]),
        directions=_text(values["directions"]), favorite=1 if favorite else 0,
        imageName=_text(values["imageName"]), recipeId=int(values["recipeId"]))
