"""MainActivity (`activity_main.xml`): the navigation drawer, the app bar, and the fragment the
drawer selects: the recipe list (`fragment_recipes.xml`: category spinner, search, cards, FAB),
the categories (`fragment_categories.xml`), the seasonal calendar and the settings pages.

The recipe list re-runs its query on every resume and after every change, so rows a task seeds
through the shell show up as soon as the screen is in front.
"""

from __future__ import annotations

from collections.abc import Callable

from mobile_gym.apps import broccoli as model

from ...system.activity import Activity
from ...ui.layouts import FrameLayout, LinearLayout, ViewGroup
from ...ui.lists import RecyclerView, ScrollView
from ...ui.units import MATCH_PARENT, WRAP_CONTENT, dp, sp
from ...ui.view import View
from ...ui.widgets import (
    Button,
    CheckedTextView,
    EditText,
    ImageButton,
    ImageView,
    Spinner,
    TextView,
)
from . import chrome, theme
from .chrome import MenuItem, Toolbar
from .db import RecipeDb

DETAILS = ".recipe.details.RecipeDetailsActivity"
CRUD = ".recipe.crud.CreateAndEditRecipeActivity"
EXTRA_RECIPE_ID = "recipe_id"

#: The drawer (`menu/activity_main_drawer.xml`): id, title, icon, group.
NAV_ITEMS: tuple[tuple[str, str, str, int], ...] = (
    ("nav_recipes", "Recipes", "bro_recipes", 0),
    ("nav_categories", "Categories", "bro_categories", 0),
    ("nav_seasons", "Seasonal calendar", "bro_eco", 0),
    ("nav_support", "Support the app", "bro_favorite_border", 1),
    ("nav_backup_and_restore", "Backup and restore", "bro_import_export", 2),
    ("nav_settings", "Settings", "settings", 2),
    ("nav_about", "About the app", "info", 2),
)
PSEUDO_CATEGORIES = ((model.ALL_RECIPES_ID, "All recipes"), (model.SEASONAL_ID, "Seasonal recipes"),
                     (model.UNASSIGNED_ID, "Recipes without category"),
                     (model.FAVORITES_ID, "Favorites"))
SEARCH = MenuItem("action_search", "Search", "search")


def recipe_card(recipe: model.Recipe, on_click: Callable[[], None]) -> View:
    """`recipe_item.xml`: a MaterialCardView with the photo, title, description and source."""
    card = FrameLayout(width=MATCH_PARENT, height=theme.CARD_HEIGHT, background=theme.CARD_BG,
                       margin=(dp(8), dp(8), dp(8), 0), corner_radius=dp(4), clickable=True,
                       focusable=True, on_click=lambda: on_click())
    inner = ViewGroup(width=MATCH_PARENT, height=MATCH_PARENT)
    row = LinearLayout("horizontal", width=MATCH_PARENT, height=MATCH_PARENT)
    row.add(ImageView("bro_placeholder", id="card_image", content_desc="Recipe photo",
                      width=theme.CARD_HEIGHT, height=theme.CARD_HEIGHT, icon_size=dp(56),
                      icon_color=theme.OUTLINE, background=theme.PLACEHOLDER_BG))
    texts = LinearLayout("vertical", width=0, weight=1, height=MATCH_PARENT, gravity="center_vertical")
    texts.add(TextView(recipe.title, id="card_text_view_title", text_size=theme.LARGE_TEXT,
                       text_color=theme.TEXT, max_lines=2, width=MATCH_PARENT, padding=(dp(8), 0)))
    texts.add(TextView(recipe.description, id="card_text_view_description", max_lines=2,
                       text_color=theme.TEXT_SECONDARY, width=MATCH_PARENT, padding=(dp(8), 0)))
    texts.add(TextView(recipe.source, id="card_text_view_source", max_lines=1,
                       text_color=theme.PRIMARY, width=MATCH_PARENT, padding=(dp(8), 0)))
    row.add(texts)
    inner.add(row)
    card.add(inner)
    return card


class MainActivity(Activity):
    """`com.flauschcode.broccoli/.MainActivity` (the launcher activity)."""

    def on_create(self) -> None:
        self.db = RecipeDb(self.ctx.database_path("broccoli"))
        self.db.ensure_created()
        self.destination = "nav_recipes"
        self.category_id = model.ALL_RECIPES_ID
        self.searching = False
        self.term = ""
        self._shown: tuple = ()

        self.toolbar = Toolbar(nav_icon="menu", nav_desc="Open navigation drawer",
                               on_nav=self.open_drawer)
        self.host = FrameLayout(id="nav_host_fragment", width=MATCH_PARENT, height=0, weight=1)
        content = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT,
                               background=theme.BACKGROUND)
        content.add(chrome.app_bar(self.toolbar.view), self.host)
        self.scrim = View(width=MATCH_PARENT, height=MATCH_PARENT, background=theme.SCRIM,
                          visibility="gone", clickable=True, on_click=self.close_drawer)
        self.nav_view = LinearLayout("vertical", id="nav_view", width=theme.DRAWER_WIDTH,
                                     height=MATCH_PARENT, background=theme.SURFACE,
                                     visibility="gone", clickable=True)
        self.nav_view.a11y_class = "android.widget.FrameLayout"
        self.root = FrameLayout(id="drawer_layout", width=MATCH_PARENT, height=MATCH_PARENT)
        self.root.a11y_class = "androidx.drawerlayout.widget.DrawerLayout"
        self.root.add(content, self.scrim, self.nav_view)
        self._build_recipes_page()
        self.set_content(self.root)
        self.navigate("nav_recipes")

    def on_resume(self) -> None:
        self.db.ensure_created()
        self.refresh()

    # -- drawer -----------------------------------------------------------------------------
    def open_drawer(self) -> None:
        self._build_drawer()
        self.scrim.visibility = "visible"
        self.nav_view.visibility = "visible"

    def close_drawer(self) -> None:
        self.scrim.visibility = "gone"
        self.nav_view.visibility = "gone"

    @property
    def drawer_open(self) -> bool:
        return self.nav_view.visibility == "visible"

    def _build_drawer(self) -> None:
        self.nav_view.clear()
        header = LinearLayout("vertical", width=MATCH_PARENT, height=theme.NAV_HEADER_HEIGHT,
                              background=theme.PRIMARY, gravity="bottom",
                              padding=(dp(16), dp(16), dp(16), dp(16)))
        header.add(ImageView("bro_eco", icon_size=dp(60), icon_color=0xFFA5D6A7,
                             width=dp(60), height=dp(60)),
                   TextView("Broccoli", text_color=theme.ON_PRIMARY, text_size=theme.BODY_TEXT,
                            font_weight="medium", padding=(0, dp(8), 0, 0), width=MATCH_PARENT),
                   TextView("Free for everyone", id="header_subtitle", text_color=theme.ON_PRIMARY))
        menu = LinearLayout("vertical", id="design_navigation_view", width=MATCH_PARENT,
                            padding=(0, dp(8)))
        menu.a11y_class = "androidx.recyclerview.widget.RecyclerView"
        group = 0
        for item_id, title, icon, g in NAV_ITEMS:
            if g != group:
                group = g
                menu.add(View(width=MATCH_PARENT, height=1, background=theme.DIVIDER,
                              margin=(0, dp(8), 0, dp(8))))
            checked = item_id == self.destination
            row = LinearLayout("horizontal", id=item_id, width=MATCH_PARENT, height=dp(48),
                               gravity="center_vertical", padding=(dp(16), 0), clickable=True,
                               focusable=True, checkable=True, checked=checked,
                               background=0x1F2E7D32 if checked else None,
                               on_click=lambda i=item_id: self._on_nav_item(i))
            row.a11y_class = "androidx.appcompat.widget.LinearLayoutCompat"
            color = theme.PRIMARY if checked else theme.CONTROL_NORMAL
            row.add(ImageView(icon, icon_color=color, width=dp(24), height=dp(24)))
            text = CheckedTextView(title, id="design_menu_item_text", checked=checked,
                                   text_size=theme.BODY_TEXT, font_weight="medium",
                                   text_color=theme.PRIMARY if checked else theme.TEXT,
                                   padding=(dp(32), 0, 0, 0), min_height=dp(48))
            row.add(text)
            menu.add(row)
        self.nav_view.add(header, menu)

    def _on_nav_item(self, item_id: str) -> None:
        self.close_drawer()
        self.navigate(item_id)

    # -- navigation -------------------------------------------------------------------------
    def navigate(self, destination: str) -> None:
        self.destination = destination
        title = next(t for i, t, _, _ in NAV_ITEMS if i == destination)
        self.toolbar.set_title(title)
        self.toolbar.actions.clear()
        self.host.clear()
        if destination == "nav_recipes":
            self._collapse_search(refresh=False)
            self.host.add(self.recipes_page)
        elif destination == "nav_categories":
            self.host.add(self._categories_page())
        elif destination == "nav_seasons":
            self.host.add(self._seasons_page())
        elif destination == "nav_settings":
            self.host.add(self._settings_page())
        else:
            self.host.add(self._info_page(destination))
        self.refresh()

    def refresh(self) -> None:
        if self.destination == "nav_recipes":
            self._refresh_spinner()
            self._refresh_recipes()
        elif self.destination == "nav_categories":
            self._refresh_categories()

    # -- recipes page -----------------------------------------------------------------------
    def _build_recipes_page(self) -> None:
        self.list_toolbar = Toolbar(id="toolbar_recipes", background=theme.SECONDARY_TOOLBAR)
        self.spinner = Spinner(id="spinner", content_desc="Categories", width=MATCH_PARENT,
                               text_size=theme.TITLE_TEXT, text_color=theme.ON_PRIMARY,
                               arrow_color=theme.ON_PRIMARY, on_item_selected=self._on_category)
        self.spinner.min_height = dp(48)
        self.chip = TextView("", id="chip", visibility="gone")
        self.search_field = EditText("", id="search_src_text", hint="Search in ALL RECIPES",
                                     single_line=True, width=0, weight=1, text_size=sp(18),
                                     text_color=theme.ON_PRIMARY, ime_action="search",
                                     on_text_changed=lambda _v, t: self._on_query(t))
        self.search_field.hint_color = 0xB3FFFFFF
        self.search_field.underline = False
        self.search_close = ImageButton("close", id="search_close_btn", content_desc="Clear query",
                                        icon_color=theme.ON_PRIMARY, width=dp(48), height=dp(48),
                                        on_click=self._clear_query)
        self.empty = LinearLayout("vertical", id="recipes_empty", width=MATCH_PARENT,
                                  layout_gravity="center", padding=dp(50), visibility="gone")
        box = LinearLayout("vertical", layout_gravity="center_horizontal")
        box.add(TextView("No recipes found.", text_size=theme.LARGE_TEXT, text_color=theme.TEXT,
                         padding=(0, 0, 0, theme.TEXT_MARGIN)))
        for text, icon in (("create a new recipe", "add"),
                           ("import a recipe from a website", "share")):
            line = LinearLayout("horizontal", gravity="center_vertical")
            line.add(ImageView(icon, icon_color=theme.PRIMARY, width=dp(24), height=dp(24)),
                     TextView(text, text_size=theme.LARGE_TEXT, text_color=theme.TEXT,
                              padding=(dp(8), 0, 0, 0)))
            box.add(line)
        self.empty.add(box)
        self.recycler = RecyclerView(id="recycler_view", content_desc="Recipes", width=MATCH_PARENT,
                                     height=MATCH_PARENT, padding=(0, 0, 0, dp(90)))
        column = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT)
        body = FrameLayout(width=MATCH_PARENT, height=0, weight=1)
        body.add(self.empty, self.recycler)
        column.add(chrome.app_bar(self.list_toolbar.view), body)
        self.recipes_page = chrome.page(
            column, chrome.fab("fab_recipes", "New Recipe", "add", self._new_recipe))
        self._show_spinner_toolbar()

    def _show_spinner_toolbar(self) -> None:
        self.list_toolbar.nav = None
        self.list_toolbar.set_custom(self.spinner, self.chip)
        self.list_toolbar.set_menu(self, [SEARCH], self._on_list_menu)

    def _on_list_menu(self, item_id: str) -> None:
        if item_id == "action_search":
            self._expand_search()

    def _expand_search(self) -> None:
        self.searching = True
        self.list_toolbar.nav = ImageButton("arrow_back", content_desc="Collapse",
                                            icon_color=theme.ON_PRIMARY, width=dp(48),
                                            height=dp(48), on_click=self._collapse_search)
        self.search_field.hint = f"Search in {self._filter_name().upper()}"
        self.list_toolbar.set_custom(self.search_field, self.search_close)
        self.list_toolbar.actions.clear()
        self.search_close.visibility = "visible" if self.term else "gone"
        self.search_field.request_focus()

    def _collapse_search(self, refresh: bool = True) -> None:
        if not self.searching:
            return
        self.searching = False
        self.search_field.clear_focus()
        self.search_field.set_text("", notify=False)
        self.term = ""
        self._show_spinner_toolbar()
        if refresh:
            self._refresh_recipes()

    def _clear_query(self) -> None:
        self.search_field.set_text("")
        self.search_field.request_focus()

    def _on_query(self, text: str) -> None:
        self.term = text
        self.search_close.visibility = "visible" if text else "gone"
        self._refresh_recipes()

    def _filter_name(self) -> str:
        for cid, name in self._spinner_entries:
            if cid == self.category_id:
                return name
        return "All recipes"

    def _refresh_spinner(self) -> None:
        entries = list(PSEUDO_CATEGORIES) + [(c.categoryId, c.name) for c in self.db.categories()]
        if [e for e in entries] != getattr(self, "_spinner_entries", None):
            self._spinner_entries = entries
            ids = [cid for cid, _ in entries]
            if self.category_id not in ids:
                self.category_id = model.ALL_RECIPES_ID
            self.spinner.set_items([n for _, n in entries], ids.index(self.category_id))

    def _on_category(self, _spinner: View, index: int) -> None:
        self.category_id = self._spinner_entries[index][0]
        self._refresh_recipes()

    def _refresh_recipes(self) -> None:
        recipes = self.db.find(self.category_id, self.term)
        key = tuple(recipes)
        if key != self._shown:
            self._shown = key
            self.recycler.set_items([recipe_card(r, lambda i=r.recipeId: self._open(i))
                                     for r in recipes])
        self.empty.visibility = "gone" if recipes else "visible"

    def _open(self, recipe_id: int) -> None:
        self.start_activity(DETAILS, **{EXTRA_RECIPE_ID: recipe_id})

    def _new_recipe(self) -> None:
        self.start_activity(CRUD)

    # -- categories page --------------------------------------------------------------------
    def _categories_page(self) -> View:
        self.categories_empty = chrome.centered_text(
            "Create custom categories to manage your recipes.", id="categories_empty")
        self.categories_list = RecyclerView(id="recycler_view", content_desc="Categories",
                                            width=MATCH_PARENT, height=MATCH_PARENT,
                                            padding=(0, 0, 0, dp(90)))
        return chrome.page(self.categories_empty, self.categories_list,
                           chrome.fab("fab_categories", "Add category", "add",
                                      lambda: self._category_dialog(None)))

    def _refresh_categories(self) -> None:
        cats = self.db.categories()
        rows = []
        for c in cats:
            row = ViewGroup(width=MATCH_PARENT, padding=theme.TEXT_MARGIN, clickable=True,
                            focusable=True, on_click=lambda cat=c: self._category_dialog(cat))
            row.add(TextView(c.name, id="card_text_view_category_name",
                             text_size=theme.LARGE_TEXT, text_color=theme.TEXT))
            rows.append(row)
            rows.append(View(width=MATCH_PARENT, height=1, background=theme.DIVIDER))
        self.categories_list.set_items(rows)
        self.categories_empty.visibility = "gone" if cats else "visible"

    def _category_dialog(self, category: model.Category | None) -> None:
        """`CategoryDialog`: name field; Save (enabled when not empty), Cancel, and for an
        existing category Delete (a first tap shows the warning, a second deletes)."""
        field = chrome.text_field("category_name", "Name", "bro_title")
        warning = TextView("Do you really want to delete this category?",
                           id="delete_category_warning", text_color=theme.ERROR,
                           visibility="gone", width=MATCH_PARENT,
                           padding=(theme.TEXT_MARGIN, theme.TEXT_MARGIN, theme.TEXT_MARGIN, 0))
        body = LinearLayout("vertical", width=MATCH_PARENT, padding=(0, theme.TEXT_MARGIN, 0, 0))
        body.add(field.layout, warning)
        if category is not None:
            field.edit.set_text(category.name, notify=False)

        def save() -> None:
            name = field.edit.text
            if category is None:
                self.db.insert_category(name)
            else:
                self.db.update_category(model.Category(name, category.categoryId))
            self.refresh()

        buttons: list = [("Save", save), ("Cancel", None)]
        if category is not None:
            buttons.append(("Delete", None))
        dialog = chrome.dialog("Add category" if category is None else "Edit category",
                              buttons=buttons, view=body)
        positive = dialog.find("android:id/button1")
        positive.enabled = bool(field.edit.text)
        field.edit.on_text_changed = lambda _v, t: setattr(positive, "enabled", bool(t))
        handle = self.show_dialog(dialog)
        field.edit.request_focus()
        neutral = dialog.find("android:id/button3")
        if neutral is not None and category is not None:
            def delete(_v=None) -> None:
                if warning.visibility == "visible":
                    self.db.delete_category(category.categoryId)
                    handle.dismiss()
                    self.refresh()
                warning.visibility = "visible"
                neutral.text_color = theme.ERROR

            neutral.on_click = delete

    # -- other pages ------------------------------------------------------------------------
    def _seasons_page(self) -> View:
        box = LinearLayout("vertical", width=MATCH_PARENT, layout_gravity="center",
                           gravity="center_horizontal", padding=dp(32))
        box.add(TextView("The seasonal calendar has not been fully configured yet.",
                         text_size=theme.MEDIUM_TEXT, text_color=theme.TEXT, gravity="center",
                         width=MATCH_PARENT),
                Button("Configure", id="button_configure", all_caps=True,
                       corner_radius=dp(40), on_click=lambda: self.navigate("nav_settings")))
        return chrome.page(box)

    def _settings_page(self) -> View:
        items = (("General settings", ""), ("Theme", "System default"),
                 ("Preferred category", "All recipes"), ("Seasonal calendar", ""),
                 ("Region", "Not set"), ("Languages of recipes", "Not set"))
        column = LinearLayout("vertical", id="recycler_view", width=MATCH_PARENT)
        for title, summary in items:
            if not summary:
                column.add(TextView(title, text_color=theme.PRIMARY, font_weight="medium",
                                    padding=(dp(72), dp(16), dp(16), dp(8)), width=MATCH_PARENT))
                continue
            row = LinearLayout("vertical", width=MATCH_PARENT, clickable=True, focusable=True,
                               padding=(dp(72), dp(16), dp(16), dp(16)))
            row.add(TextView(title, id="android:id/title", text_size=sp(16), text_color=theme.TEXT),
                    TextView(summary, id="android:id/summary", text_color=theme.TEXT_SECONDARY))
            column.add(row)
        scroll = ScrollView(width=MATCH_PARENT, height=MATCH_PARENT)
        scroll.add(column)
        return chrome.page(scroll)

    def _info_page(self, destination: str) -> View:
        texts = {
            "nav_support": "Broccoli is free for everyone. But you can support the development "
                           "of the app and buy me a coffee. Thanks a lot!",
            "nav_backup_and_restore": "Export all your recipes and categories and save them "
                                      "wherever you want.",
            "nav_about": "Broccoli\nVersion " + model.APP.version,
        }
        return chrome.page(TextView(texts.get(destination, ""), text_size=sp(16),
                                    text_color=theme.TEXT, width=MATCH_PARENT,
                                    padding=theme.TEXT_MARGIN))

    # -- back -------------------------------------------------------------------------------
    def on_back(self) -> bool:
        if self.drawer_open:
            self.close_drawer()
            return True
        if self.destination == "nav_recipes" and self.searching:
            self._collapse_search()
            return True
        if self.destination != "nav_recipes":
            self.navigate("nav_recipes")
            return True
        self.finish()
        return True


__all__ = ["CRUD", "DETAILS", "EXTRA_RECIPE_ID", "WRAP_CONTENT", "MainActivity"]
