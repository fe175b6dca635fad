"""Broccoli 1.2.6 (`com.flauschcode.broccoli`, recipes) on the simulated phone.

`db` (the Room database: schema from `mobile_gym.apps.broccoli`, the DAO's reads and writes),
`theme` and `chrome` (colours, icons, toolbar, fields, FAB), `main_activity` (drawer, recipe
list with spinner and search, categories, other drawer pages), `recipe_form` (New/Edit recipe),
`details` (recipe details with its menu and the delete confirmation; the cooking assistant).
"""

from .app import BroccoliApp

__all__ = ["BroccoliApp"]
