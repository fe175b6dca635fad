"""Pro Expense 1.0.0-beta05 (com.arduia.expense), simulated: onboarding, home, expense logs with
swipe selection and deletion, the entry form, the detail and delete-confirmation sheets, and
the navigation drawer, over accounting.db."""

from .app import ExpenseApp

__all__ = ["ExpenseApp"]
