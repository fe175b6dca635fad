"""Broccoli 1.2.6 as an installed app: package, activities, first launch (Room creates the
`broccoli` database)."""

from __future__ import annotations

from typing import ClassVar

from mobile_gym.apps import broccoli as model

from ...system.activity import Activity, AppContext
from ...system.packages import App
from .db import RecipeDb
from .details import CookingAssistantActivity, RecipeDetailsActivity
from .main_activity import MainActivity
from .recipe_form import CreateAndEditRecipeActivity


class BroccoliApp(App):
    """`com.flauschcode.broccoli`, launcher label "Broccoli"."""

    record = model.APP
    icon: ClassVar[str] = "bro_eco"
    icon_color: ClassVar[int] = 0xFF2E7D32
    activities: ClassVar[dict[str, type[Activity]]] = {
        ".MainActivity": MainActivity,
        ".recipe.details.RecipeDetailsActivity": RecipeDetailsActivity,
        ".recipe.crud.CreateAndEditRecipeActivity": CreateAndEditRecipeActivity,
        ".recipe.cooking.CookingAssistantActivity": CookingAssistantActivity,
    }

    def on_install(self, ctx: AppContext) -> None:
        RecipeDb(ctx.database_path("broccoli")).ensure_created()
