"""Pro Expense 1.0.0-beta05: its catalogue record and its plain data (the `expense` row, the
eleven categories, the Room v6 schema of `accounting.db`, the preference keys), shared by the
simulated app and the expense task families.

Values are the app's own (`data/local/ExpenseEnt.kt`, `ExpenseCategory`, schema `6.json`):
amounts are stored as cents (`Amount.createFromActual` multiplies by 100), dates in Unix
milliseconds, categories by id 1..11.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from datetime import datetime, timezone
from typing import Any

from mobile_gym.apps import AppRecord

APP = AppRecord(
    key="expense",
    package="com.arduia.expense",
    label="Pro Expense",
    main_activity="com.arduia.expense.ui.MainActivity",
    version="1.0.0-beta05",
    version_code=11,
    aliases=("pro expense", "expense"),
    databases=("accounting.db",),
)

PACKAGE = APP.package
DB_PATH = APP.database_path("accounting.db")
EXPENSE_TABLE = "expense"
#: PreferenceManager.getDefaultSharedPreferences -> `<package>_preferences.xml`.
PREFS_PATH = f"{APP.data_dir}/shared_prefs/{APP.package}_preferences.xml"
KEY_FIRST_USER = "isFirstTime"
KEY_SELECTED_LANGUAGE = "selected_language"
KEY_SELECTED_CURRENCY = "selected_currency_number"
DEFAULT_CURRENCY = "840"   # ISO 4217 numeric: US dollar
CURRENCY_SYMBOL = "$"



def onboarded_prefs_xml() -> str:
    """The preferences file as the onboarding leaves it (NEXT, CONTINUE: `setFirstUser(false)`);
    task setups push it instead of clicking through."""
    return ("<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<map>\n"
            f'    <boolean name="{KEY_FIRST_USER}" value="false" />\n</map>\n')


ROOM_VERSION = 6
ROOM_IDENTITY_HASH = "27085a6798a70569f4984067458b86b2"
SCHEMA: tuple[str, ...] = (
    ("CREATE TABLE IF NOT EXISTS `expense` (`expense_id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, "
     "`name` TEXT, `amount` INTEGER NOT NULL, `category` INTEGER NOT NULL, `note` TEXT, "
     "`created_date` INTEGER NOT NULL, `modified_date` INTEGER NOT NULL)"),
    ("CREATE TABLE IF NOT EXISTS `backup` (`backup_id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, "
     "`name` TEXT NOT NULL, `path` TEXT NOT NULL, `created_date` INTEGER NOT NULL, "
     "`item_total` INTEGER NOT NULL, `worker_id` TEXT NOT NULL, `is_completed` INTEGER NOT NULL)"),
    "CREATE TABLE IF NOT EXISTS room_master_table (id INTEGER PRIMARY KEY,identity_hash TEXT)",
    f"INSERT OR REPLACE INTO room_master_table (id,identity_hash) VALUES(42, '{ROOM_IDENTITY_HASH}')",
)

# ExpenseCategory ids (ui/common/category/ExpenseCategoryProviderImpl.kt)
OTHERS, INCOME, FOOD, HOUSING, SOCIAL, ENTERTAINMENT = 1, 2, 3, 4, 5, 6
TRANSPORTATION, CLOTHES, HEALTH_CARE, EDUCATION, DONATION = 7, 8, 9, 10, 11
CATEGORY_NAMES: dict[int, str] = {
    OTHERS: "Others", INCOME: "Income", FOOD: "Food", HOUSING: "Housing", SOCIAL: "Social",
    ENTERTAINMENT: "Entertainment", TRANSPORTATION: "Transportation", CLOTHES: "Clothes",
    HEALTH_CARE: "Health Care", EDUCATION: "Education", DONATION: "Donation",
}
#: The order of the entry form's category grid (the provider's list order).
CATEGORY_GRID: tuple[int, ...] = (INCOME, FOOD, HOUSING, SOCIAL, ENTERTAINMENT, TRANSPORTATION,
                                  CLOTHES, HEALTH_CARE, EDUCATION, DONATION, OTHERS)
DEFAULT_CATEGORY = FOOD   # the entry form preselects Food (setInitialDefaultCategory)
NAME_MAX_LENGTH = 20
AMOUNT_MAX_LENGTH = 10
NOTE_MAX_LENGTH = 100

EXPENSE_COLUMNS: tuple[str, ...] = ("expense_id", "name", "amount", "category", "note",
                                    "created_date", "modified_date")


def category_name(category: int) -> str:
    """The category's English label; ValueError for an id outside 1..11."""
    try:
        return CATEGORY_NAMES[category]
    except KeyError:
        raise ValueError(f"no Pro Expense category {category!r}; ids are 1..11") from None


def cents(actual: str) -> int:
    """The stored amount of what the user typed (`Amount.createFromActual`: x100, floored)."""
    whole, _, frac = actual.strip().partition(".")
    if not (whole or frac) or not (whole + frac).isdigit():
        raise ValueError(f"not an amount: {actual!r}")
    return int(whole or "0") * 100 + int((frac + "00")[:2])


def format_amount(amount_cents: int) -> str:
    """How the lists show an amount: grouped thousands, two decimals ("1,234.50")."""
    return f"{amount_cents / 100:,.2f}"


def typed_amount(amount_cents: int) -> str:
    """The shortest text that types this amount into the form ("12", "12.5", "12.05")."""
    whole, frac = divmod(amount_cents, 100)
    if frac == 0:
        return str(whole)
    return f"{whole}.{frac:02d}".rstrip("0")


def entry_date_label(ms: int) -> str:
    """The entry form's subtitle: SimpleDateFormat("d MMM yyyy h:mm a") in UTC."""
    when = datetime.fromtimestamp(ms / 1000, tz=timezone.utc)
    hour = when.hour % 12 or 12
    return f"{when.day} {when:%b %Y} {hour}:{when:%M %p}"


@dataclass(frozen=True)
class Expense:
    """One row of `expense`; `expense_id` is None until inserted."""

    name: str
    amount: int           # cents
    category: int         # 1..11
    note: str = ""
    created_date: int = 0   # ms
    modified_date: int = 0  # ms
    expense_id: int | None = None

    @property
    def amount_dollars(self) -> float:
        return self.amount / 100

    @property
    def category_name(self) -> str:
        return category_name(self.category)

    def with_(self, **changes: Any) -> Expense:
        return replace(self, **changes)

    def as_row(self) -> dict[str, object]:
        return {f.name: getattr(self, f.name) for f in fields(self)}
