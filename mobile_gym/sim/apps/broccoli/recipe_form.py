"""CreateAndEditRecipeActivity (`activity_new_recipe.xml`): the New/Edit recipe form.

A toolbar with the close button and Save; the photo placeholder (`new_image`, a tap offers the
photo actions); the outlined fields title, categories (a multi-choice dialog), description,
source, servings, time, ingredients, directions. Save writes the row as Room does (every field
the string typed, "" when left empty; `favorite` unchanged) and, for a new recipe, opens its
details as RecipeFragment does with the activity result. Close/Back with unsaved edits asks
"Discard changes?".
"""

from __future__ import annotations

from dataclasses import replace

from mobile_gym.apps import broccoli as model

from ...system.activity import Activity
from ...ui.layouts import FrameLayout, LinearLayout
from ...ui.lists import ScrollView
from ...ui.units import MATCH_PARENT, dp
from ...ui.widgets import Button, ImageView
from . import chrome, theme
from .chrome import Toolbar
from .db import RecipeDb
from .main_activity import DETAILS, EXTRA_RECIPE_ID

#: (edit id, hint, start icon, multi-line, recipe field), in the layout's order.
FIELDS: tuple[tuple[str, str, str, bool, str], ...] = (
    ("new_title", "Title", "bro_title", False, "title"),
    ("new_description", "Description", "info", True, "description"),
    ("new_source", "Source", "link", False, "source"),
    ("new_servings", "Servings", "person", False, "servings"),
    ("new_preparation_time", "Time", "schedule", False, "preparationTime"),
    ("new_ingredients", "Ingredients", "format_list", True, "ingredients"),
    ("new_directions", "Directions", "bro_list_numbered", True, "directions"),
)


class CreateAndEditRecipeActivity(Activity):
    """`.recipe.crud.CreateAndEditRecipeActivity` (label "New Recipe"; keyboard hidden at
    start: `stateAlwaysHidden`)."""

    def on_create(self) -> None:
        self.db = RecipeDb(self.ctx.database_path("broccoli"))
        self.db.ensure_created()
        rid = self.intent.extras.get(EXTRA_RECIPE_ID)
        self.recipe = (self.db.get(int(rid)) if rid is not None else None) or model.Recipe(title="")
        self.category_ids = [c.categoryId for c in self.db.categories_of(self.recipe.recipeId)] \
            if self.recipe.recipeId > 0 else []
        self.dirty = False

        toolbar = Toolbar(nav_icon="close", nav_desc="Navigate up", on_nav=self._close)
        toolbar.set_title("New Recipe")
        save = Button("Save", id="button_save_recipe", style="text", all_caps=True,
                      text_color=theme.ON_PRIMARY, padding=(dp(8), 0), on_click=self._save)
        toolbar.actions.add(save)
        form = LinearLayout("vertical", width=MATCH_PARENT, padding=(0, 0, 0, dp(20)))
        photo = FrameLayout(width=MATCH_PARENT, height=dp(180), margin=theme.TEXT_MARGIN,
                            background=theme.PLACEHOLDER_BG, corner_radius=dp(8))
        photo.add(ImageView("bro_placeholder", id="new_image", content_desc="Recipe photo",
                            width=MATCH_PARENT, height=MATCH_PARENT, icon_size=dp(96),
                            icon_color=theme.OUTLINE, clickable=True, focusable=True,
                            on_click=self._photo_dialog),
                  ImageView("camera", content_desc="Change photo", icon_color=theme.CONTROL_NORMAL,
                            layout_gravity="bottom|end", width=dp(44), height=dp(44),
                            padding=dp(10)))
        form.add(photo)
        self.edits = {}
        for i, (eid, hint, icon, multi, field) in enumerate(FIELDS):
            tf = chrome.text_field(eid, hint, icon, multi_line=multi,
                                   on_text_changed=self._on_text_changed)
            tf.edit.set_text(getattr(self.recipe, field), notify=False)
            self.edits[field] = tf.edit
            form.add(tf.layout)
            if i == 0:
                cats = chrome.text_field("new_categories", "Categories", "bro_categories",
                                         focusable=False, end_icon="arrow_drop_down",
                                         on_click=self._categories_dialog)
                self.categories_edit = cats.edit
                self.categories_edit.long_clickable = False
                form.add(cats.layout)
        self._show_categories()
        scroll = ScrollView(width=MATCH_PARENT, height=0, weight=1)
        scroll.add(form)
        root = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT,
                            background=theme.BACKGROUND)
        root.add(chrome.app_bar(toolbar.view), scroll)
        self.set_content(root)

    # -- editing ----------------------------------------------------------------------------
    def _on_text_changed(self, _view, text: str) -> None:
        # `onTextChanged` ignores a change starting at 0 that replaced nothing (meant for the
        # binding's first fill, it also skips a first character typed into an empty field)
        if len(text) > 1:
            self.dirty = True

    def _show_categories(self) -> None:
        names = {c.categoryId: c.name for c in self.db.categories()}
        self.categories_edit.set_text(", ".join(names[i] for i in self.category_ids if i in names),
                                      notify=False)

    def _categories_dialog(self, _view=None) -> None:
        cats = self.db.categories()
        if not cats:
            self.show_dialog(chrome.dialog("Categories", "No categories have been created yet.",
                                          [("OK", None)]))
            return

        def toggle(index: int, _label: str) -> None:
            cid = cats[index].categoryId
            self.dirty = True
            if cid in self.category_ids:
                self.category_ids.remove(cid)
            else:
                self.category_ids.append(cid)
            self._show_categories()

        self.show_dialog(chrome.dialog(
            "Categories", buttons=[("OK", None)], items=[c.name for c in cats], choice="multi",
            checked=[c.categoryId in self.category_ids for c in cats], on_item=toggle))

    def _photo_dialog(self, _view=None) -> None:
        # Taking or picking a photo needs a camera or a gallery app (not simulated): the
        # chooser opens and closes again without a photo.
        self.show_dialog(chrome.dialog("Change photo", items=["Take photo", "Pick photo"]))

    def _current(self) -> model.Recipe:
        values = {field: edit.text for field, edit in self.edits.items()}
        return replace(self.recipe, **values)

    # -- save / close -----------------------------------------------------------------------
    def _save(self) -> None:
        recipe = self._current()
        if not recipe.title.strip():
            self.show_toast("Please add a title.")
            return
        self.dirty = False
        if recipe.recipeId > 0:
            self.db.update(recipe, list(self.category_ids))
            self.show_toast("The recipe has been saved.")
            self.finish()
            return
        rid = self.db.insert(recipe, list(self.category_ids))
        self.show_toast("The recipe has been saved.")
        self.start_activity(DETAILS, **{EXTRA_RECIPE_ID: rid})
        self.finish()

    def _close(self) -> None:
        if not self.dirty:
            self.finish()
            return
        self.show_dialog(chrome.dialog(message="Discard changes?",
                                      buttons=[("Discard", self.finish), ("Cancel", None)]))

    def on_back(self) -> bool:
        self._close()
        return True
