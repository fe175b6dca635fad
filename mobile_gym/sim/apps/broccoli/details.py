"""RecipeDetailsActivity (`activity_recipe_details.xml` + `content_recipe_details.xml`).

Without a photo the app bar starts collapsed, so the toolbar shows the recipe's title. Menu
(`menu/details.xml`): the heart (Mark as favorite / Remove from favorites) as an action, Share,
Share as file, Edit and Delete in the overflow; Delete asks "Delete this recipe?". The FAB
starts the cooking assistant. Ingredients and directions are split into lines as
`IngredientBuilder` / `DirectionBuilder` do. The recipe is read again on every resume (after an
edit it shows the saved values; a recipe deleted meanwhile closes the screen).
"""

from __future__ import annotations

import re
from dataclasses import replace

from mobile_gym.apps import broccoli as model

from ...system.activity import Activity
from ...ui.layouts import LinearLayout, RelativeLayout, ViewGroup
from ...ui.lists import ScrollView
from ...ui.units import MATCH_PARENT, dp, sp
from ...ui.widgets import ImageView, TextView
from . import chrome, theme
from .chrome import MenuItem, Toolbar
from .db import RecipeDb
from .main_activity import CRUD, EXTRA_RECIPE_ID

COOKING = ".recipe.cooking.CookingAssistantActivity"

_FRACTIONS = "¼½¾⅐⅑⅒⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞"
_QUANTITY = re.compile(rf"^\s*([{_FRACTIONS}]|\d+([,/.-])*\d*)(\s*-\s*([{_FRACTIONS}]|\d+([,/.-])*\d*))?(?!$)")


def ingredient_lines(text: str) -> list[tuple[str, str]]:
    """`IngredientBuilder.from`: (quantity, text) per non-empty line, a leading dash dropped."""
    out = []
    for line in text.split("\n"):
        line = re.sub(r"^\s*[-–](?!$)", "", line, count=1).strip()
        if not line:
            continue
        m = _QUANTITY.search(line)
        quantity = m.group() if m else ""
        out.append((quantity, line.replace(quantity, "", 1) if quantity else line))
    return out


def direction_lines(text: str) -> list[str]:
    """`DirectionBuilder.from`: non-empty lines, a leading "1." numbering dropped."""
    lines = (re.sub(r"^\s*(\d+\.)(?!$)", "", s, count=1).strip() for s in text.split("\n"))
    return [s for s in lines if s]


class RecipeDetailsActivity(Activity):
    """`.recipe.details.RecipeDetailsActivity` (singleTop)."""

    launch_mode = "singleTop"

    def on_create(self) -> None:
        self.db = RecipeDb(self.ctx.database_path("broccoli"))
        self.recipe_id = int(self.intent.extras.get(EXTRA_RECIPE_ID, 0))
        self.toolbar = Toolbar(nav_icon="arrow_back", nav_desc="Navigate up", on_nav=self.finish)
        self.toolbar.view.clickable = True
        self.toolbar.view.focusable = True
        self.body = LinearLayout("vertical", width=MATCH_PARENT,
                                    padding=(theme.TEXT_MARGIN, theme.TEXT_MARGIN,
                                             theme.TEXT_MARGIN, dp(90)))
        scroll = ScrollView(id="scroll_view", width=MATCH_PARENT, height=0, weight=1)
        scroll.add(self.body)
        app_bar = LinearLayout("vertical", id="app_bar", width=MATCH_PARENT,
                               background=theme.PRIMARY)
        toolbar_layout = ViewGroup(id="toolbar_layout", width=MATCH_PARENT)
        toolbar_layout.add(self.toolbar.view)
        app_bar.add(toolbar_layout)
        column = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT)
        column.add(app_bar, scroll)
        root = chrome.page(column, chrome.fab("fab_cooking_assistant", "Cook", "bro_restaurant",
                                              self._cook))
        self.recipe: model.Recipe | None = None
        self._shown: tuple = ()
        self.set_content(root)

    def on_resume(self) -> None:
        recipe = self.db.get(self.recipe_id)
        if recipe is None:
            self.finish()
            return
        shown = (recipe, tuple(self.db.categories_of(recipe.recipeId)))
        if shown != self._shown:
            self._shown = shown
            self.recipe = recipe
            self._bind(recipe, list(shown[1]))

    def on_new_intent(self, intent) -> None:
        self.recipe_id = int(intent.extras.get(EXTRA_RECIPE_ID, self.recipe_id))
        self._shown = ()

    # -- binding ----------------------------------------------------------------------------
    def _menu(self, recipe: model.Recipe) -> list[MenuItem]:
        heart = (MenuItem("action_details_unlike", "Remove from favorites", "bro_favorite")
                 if recipe.favorite else
                 MenuItem("action_details_like", "Mark as favorite", "bro_favorite_border"))
        return [heart,
                MenuItem("action_details_share", "Share", overflow=True),
                MenuItem("action_details_share_as_file", "Share as file", overflow=True),
                MenuItem("action_details_edit", "Edit", overflow=True),
                MenuItem("action_details_delete", "Delete", overflow=True)]

    def _bind(self, r: model.Recipe, cats: list[model.Category]) -> None:
        self.toolbar.set_title(r.title)
        self.toolbar.set_menu(self, self._menu(r), self._on_menu)
        c = self.body
        c.clear()
        c.add(TextView(r.title.strip(), id="details_title", text_size=theme.LARGE_TEXT,
                       text_color=theme.TEXT, width=MATCH_PARENT))
        if r.servings or r.preparationTime:
            row = LinearLayout("horizontal", width=MATCH_PARENT, gravity="center_vertical",
                               margin=(0, theme.TEXT_MARGIN, 0, 0))
            if r.servings:
                row.add(ImageView("person", id="details_icon_servings", content_desc="Servings",
                                  icon_color=theme.CONTROL_NORMAL),
                        TextView(r.servings, id="details_servings", text_color=theme.TEXT,
                                 padding=(dp(5), 0, dp(50), 0)))
            if r.preparationTime:
                row.add(ImageView("schedule", id="details_icon_preparation_time",
                                  content_desc="Time", icon_color=theme.CONTROL_NORMAL),
                        TextView(r.preparationTime, id="details_preparation_time",
                                 text_color=theme.TEXT, padding=(dp(5), 0, 0, 0)))
            c.add(row)
        if cats:
            row = LinearLayout("horizontal", width=MATCH_PARENT, gravity="center_vertical",
                               margin=(0, theme.TEXT_MARGIN, 0, 0))
            row.add(ImageView("bro_categories", id="details_icon_categories",
                              content_desc="Categories", icon_color=theme.CONTROL_NORMAL),
                    TextView(", ".join(x.name for x in cats), id="details_categories",
                             text_color=theme.TEXT, padding=(dp(5), 0, 0, 0)))
            c.add(row)
        if r.description or r.source:
            box = LinearLayout("vertical", width=MATCH_PARENT, margin=(0, theme.TEXT_MARGIN, 0, 0))
            if r.description:
                box.add(TextView(r.description, id="details_description", text_color=theme.TEXT,
                                 width=MATCH_PARENT, margin=(0, 0, 0, dp(5))))
            if r.source:
                src = LinearLayout("horizontal", width=MATCH_PARENT, gravity="center_vertical")
                src.add(ImageView("link", id="details_icon_source", content_desc="Source",
                                  icon_color=theme.CONTROL_NORMAL),
                        TextView(r.source, id="details_source", text_color=theme.PRIMARY,
                                 width=0, weight=1, padding=(dp(10), 0, 0, 0)))
                box.add(src)
            c.add(box)
        if r.ingredients:
            box = self._section("Ingredients")
            lines = LinearLayout("vertical", id="details_ingredients")
            for quantity, text in ingredient_lines(r.ingredients):
                item = LinearLayout("horizontal")
                item.a11y_class = "android.view.ViewGroup"
                if quantity:
                    item.add(TextView(quantity, id="ingredient_quantity", bold=True,
                                      text_color=theme.TEXT))
                item.add(TextView(text, id="ingredient_text", text_color=theme.TEXT))
                lines.add(item)
            box.add(lines)
            c.add(box)
        if r.directions:
            box = self._section("Directions")
            lines = LinearLayout("vertical", id="details_directions", width=MATCH_PARENT)
            for i, text in enumerate(direction_lines(r.directions), start=1):
                item = RelativeLayout(width=MATCH_PARENT, padding=dp(5))
                row = LinearLayout("horizontal", width=MATCH_PARENT)
                row.add(TextView(str(i), id="direction_position", text_color=theme.PRIMARY,
                                 margin=(0, 0, dp(10), 0)),
                        TextView(text, id="direction_text", text_color=theme.TEXT, width=0,
                                 weight=1))
                item.add(row)
                lines.add(item)
            box.add(lines)
            c.add(box)

    def _section(self, title: str) -> LinearLayout:
        box = LinearLayout("vertical", width=MATCH_PARENT, margin=(0, theme.TEXT_MARGIN, 0, 0))
        box.add(TextView(title, text_size=theme.MEDIUM_TEXT, text_color=theme.PRIMARY,
                         margin=(0, 0, 0, dp(5))))
        return box

    # -- menu -------------------------------------------------------------------------------
    def _on_menu(self, item_id: str) -> None:
        r = self.recipe
        if r is None:
            return
        if item_id in ("action_details_like", "action_details_unlike"):
            self.recipe = replace(r, favorite=0 if r.favorite else 1)
            self.db.update(self.recipe)
            self.toolbar.set_menu(self, self._menu(self.recipe), self._on_menu)
        elif item_id == "action_details_edit":
            self.start_activity(CRUD, **{EXTRA_RECIPE_ID: r.recipeId})
        elif item_id == "action_details_delete":
            self._confirm_delete()
        elif item_id in ("action_details_share", "action_details_share_as_file"):
            # the system chooser finds no app to share with on the simulated phone
            self.show_toast("No apps can perform this action.")

    def _confirm_delete(self) -> None:
        def delete() -> None:
            self.db.delete(self.recipe_id)
            self.show_toast("The recipe has been deleted.")
            self.finish()

        self.show_dialog(chrome.dialog(message="Delete this recipe?",
                                      buttons=[("Delete", delete), ("Cancel", None)]))

    def _cook(self) -> None:
        r = self.recipe
        if r is not None:
            self.start_activity(COOKING, **{EXTRA_RECIPE_ID: r.recipeId})


class CookingAssistantActivity(Activity):
    """`.recipe.cooking.CookingAssistantActivity`, reduced to one page listing the recipe's
    ingredients and directions (the real one pages through them in full screen)."""

    def on_create(self) -> None:
        db = RecipeDb(self.ctx.database_path("broccoli"))
        r = db.get(int(self.intent.extras.get(EXTRA_RECIPE_ID, 0)))
        toolbar = Toolbar(nav_icon="close", nav_desc="Navigate up", on_nav=self.finish)
        toolbar.set_title("Cooking assistant")
        body = LinearLayout("vertical", width=MATCH_PARENT, padding=theme.TEXT_MARGIN)
        if r is None or not (r.ingredients or r.directions):
            body.add(TextView("This recipe does not have any ingredients or directions yet.",
                              text_size=theme.MEDIUM_TEXT, text_color=theme.TEXT,
                              width=MATCH_PARENT))
        else:
            body.add(TextView(r.title, text_size=theme.LARGE_TEXT, text_color=theme.TEXT))
            for quantity, text in ingredient_lines(r.ingredients):
                body.add(TextView(f"{quantity} {text}".strip(), text_color=theme.TEXT))
            for i, text in enumerate(direction_lines(r.directions), start=1):
                body.add(TextView(f"{i}. {text}", text_size=theme.MEDIUM_TEXT,
                                  text_color=theme.TEXT, width=MATCH_PARENT,
                                  margin=(0, theme.TEXT_MARGIN, 0, 0)))
        scroll = ScrollView(width=MATCH_PARENT, height=0, weight=1)
        scroll.add(body)
        root = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT,
                            background=theme.BACKGROUND)
        root.add(chrome.app_bar(toolbar.view), scroll)
        self.set_content(root)


__all__ = ["CookingAssistantActivity", "RecipeDetailsActivity", "direction_lines",
           "ingredient_lines", "sp"]
