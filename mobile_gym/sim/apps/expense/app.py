"""Pro Expense 1.0.0-beta05 as an installed app: its one activity and first-launch setup."""

from __future__ import annotations

from typing import ClassVar

from mobile_gym.apps import expense as model

from ...system.activity import Activity, AppContext
from ...system.packages import App
from .main_activity import MainActivity
from .storage import ExpenseStorage


class ExpenseApp(App):
    """com.arduia.expense, launcher label "Pro Expense"."""

    record = model.APP
    icon: ClassVar[str] = "note"
    icon_color: ClassVar[int] = 0xFF039BE5
    activities: ClassVar[dict[str, type[Activity]]] = {".ui.MainActivity": MainActivity}

    def on_install(self, ctx: AppContext) -> None:
        """First launch (and after `pm clear`): Room creates accounting.db."""
        ExpenseStorage(ctx).ensure_created()
