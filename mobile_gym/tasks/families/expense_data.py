"""Pro Expense data for the expense families: AndroidWorld's expense generator (names by
category, notes, amounts in cents, dates in the first half of October 2023), its text
representations of rows (CSV with `|` and text blocks), and the SQL that seeds `expense`.

Everything random comes from a `numpy.random.Generator`; the draw order follows AndroidWorld's
`_generate_expense` (day, hour, category, name, amount, note).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from operator import attrgetter

import numpy as np

from mobile_gym.apps.expense import (
    APP,
    CATEGORY_NAMES,
    EXPENSE_TABLE,
    PREFS_PATH,
    Expense,
)
from mobile_gym.apps.sql_text import value_rows
from mobile_gym.tasks.families import calendar_data as cd
from mobile_gym.tasks.families.common import drawer, picker
from mobile_gym.tasks.families.draws import decoded_in_blocks, lemire_picks
from mobile_gym.tasks.families.records import RecordMaker

DB_PATH = APP.database_path("accounting.db")
TABLE = EXPENSE_TABLE
PREFS = PREFS_PATH

#: Names AndroidWorld draws per category name (task_evals/single/expense.py).
NAMES: dict[str, tuple[str, ...]] = {
    "Others": ("Emergency Repairs", "Pet Supplies", "Pet Care", "Household Items", "Stationery",
               "Unexpected Expenses", "Miscellaneous Gifts", "Subscriptions", "Membership Fees",
               "Legal Fees"),
    "Income": ("Salary", "Freelance Payment", "Bonus", "Dividends", "Interest Income",
               "Rental Income", "Capital Gains", "Reimbursements", "Side Business",
               "Consulting Fees"),
    "Food": ("Restaurant Meal", "Groceries", "Coffee", "Fast Food", "Fine Dining", "Bakery Items",
             "Snacks", "Food Delivery", "Specialty Foods", "Dining Out"),
    "Housing": ("Rent Payment", "Mortgage", "Home Repairs", "Utilities", "Property Taxes",
                "Home Insurance", "Furnishing", "Cleaning Services", "Landscaping",
                "Pest Control"),
    "Social": ("Dinner Party", "Gift for Friend", "Club Membership", "Wedding Gift",
               "Charity Donations", "Birthday Present", "Social Club Dues", "Event Tickets",
               "Night Out", "Party Supplies"),
    "Entertainment": ("Concert Tickets", "Movie Night", "Theater Show", "Streaming Services",
                      "Video Games", "Books", "Magazines", "Hobbies", "Museum Tickets",
                      "Amusement Park"),
    "Transportation": ("Taxi Fare", "Public Transit Pass", "Gas", "Parking Fees",
                       "Car Maintenance", "Bike Repairs", "Car Insurance", "Public Transit",
                       "Flight Tickets", "Ride-Sharing"),
    "Clothes": ("New Jacket", "Shirt Purchase", "Shoes", "Dress", "Jeans", "Accessories",
                "Sportswear", "Undergarments", "Tailoring Services", "Laundry"),
    "Health Care": ("Doctor Visits", "Medications", "Health Insurance", "Dental Care", "Eyecare",
                    "Wellness Products", "Gym Membership", "Therapy Sessions", "Medical Tests"),
    "Education": ("Tuition Fees", "School Supplies", "Textbooks", "Online Courses", "Seminars",
                  "Workshops", "Educational Software", "Library Fees", "ProDev",
                  "Tutoring Services"),
    "Donation": ("Charity", "Fundraising Events", "Sponsorships", "Non-Profit Support",
                 "Crowdfunding", "Religious", "Political", "Educational", "Medical Research",
                 "Environmental"),
}
NOTES = ("Paid by card", "Urgent", "Monthly recurring", "Want to have", "A need",
         "Remember to transfer funds", "I may repeat this")
REIMBURSABLE = "Reimbursable."
MARKOR_FILE = "my_expenses.txt"
TEXT_FIELDS = ("name", "amount_dollars", "category_name", "note")

#: Words of every generated text (the families' TEXT vocabulary).
WORDS: tuple[str, ...] = tuple(sorted({
    w for text in (*(n for names in NAMES.values() for n in names), *NOTES, *CATEGORY_NAMES.values(),
                   REIMBURSABLE)
    for w in text.replace(".", " ").replace("-", " ").split()}))


def random_ms(rng: np.random.Generator) -> int:
    """AndroidWorld's `_get_random_timestamp` in ms: October 1..15 2023, a whole hour."""
    return cd.random_start(rng, 1, 15) * 1000


def generate_expense(rng: np.random.Generator) -> Expense:
    """AndroidWorld's `_generate_expense`: a date, a category, a name of that category, an
    amount of 1000..50000 cents and a note."""
    when = random_ms(rng)
    draw, pick = drawer(rng), picker(rng)
    category = 1 + draw(11)  # integers(1, 12)
    name = pick(NAMES[CATEGORY_NAMES[category]])
    amount = 1000 + draw(49001)  # integers(1000, 50001)
    return _EXPENSES.make(name=name, amount=amount, category=category, note=pick(NOTES),
                          created_date=when, modified_date=when)


_EXPENSES = RecordMaker(Expense)

#: `generate_expense`'s draws: day, hour, category, name (its bound, 0 here, is the category's
#: number of names), amount, note.
_BOUNDS = np.array([15, 24, 11, 0, 49001, 7], dtype=np.uint64)
_DRAWS = len(_BOUNDS)
#: By category draw (category - 1): its number of names, and where its names begin in the
#: flat list of every category's names.
_NAME_COUNTS = np.array([len(NAMES[CATEGORY_NAMES[1 + c]]) for c in range(11)], dtype=np.uint64)
_NAME_STARTS = np.cumsum([0] + [len(NAMES[CATEGORY_NAMES[1 + c]]) for c in range(10)])
_FLAT_NAMES = np.array([n for c in range(11) for n in NAMES[CATEGORY_NAMES[1 + c]]], dtype=object)
_NOTES = np.array(NOTES, dtype=object)
#: Each day draw's midnight in ms (October 1..15 2023).
_DAY_MS = np.array([cd.OCTOBER_DAYS[1 + d] * 1000 for d in range(15)], dtype=np.int64)


def expenses_from_values(values: Sequence[int]) -> list[Expense]:
    """The expenses that `generate_expense` makes from a `Draws` whose next 32-bit values
    these are (`_DRAWS` a row), one after another, up to the first expense some of whose draws
    could make a Lemire redraw, or the values' end. A draw below n reading u is
    `(u * n) >> 32` unless `(u * n) mod 2**32 < n` (then Lemire's method may redraw); all
    expenses are decoded at once, in numpy arrays."""
    count = len(values) // _DRAWS
    u = np.array(values[:count * _DRAWS], dtype=np.uint64).reshape(count, _DRAWS)
    bounds = np.tile(_BOUNDS, (count, 1))
    bounds[:, 3] = _NAME_COUNTS[(u[:, 2] * _BOUNDS[2]) >> np.uint64(32)]
    day, hour, category, name, amount, note = lemire_picks(u, bounds).T
    whens = (_DAY_MS[day] + 3_600_000 * hour).tolist()
    return _EXPENSES.make_each(
        name=_FLAT_NAMES[_NAME_STARTS[category] + name].tolist(), amount=(1000 + amount).tolist(),
        category=(1 + category).tolist(), note=_NOTES[note].tolist(), created_date=whens,
        modified_date=whens)


def generated_expenses(rng: np.random.Generator, first_block: int = 8) -> Iterator[Expense]:
    """`generate_expense(rng)` again and again, each expense drawn when it is yielded; from a
    `Draws`, decoded in blocks of values read ahead (`expenses_from_values`, see
    `decoded_in_blocks`)."""
    return decoded_in_blocks(rng, _DRAWS, expenses_from_values, generate_expense, first_block)


def random_expenses(rng: np.random.Generator, n: int,
                    keep: Callable[[Expense], bool] = lambda e: True) -> list[Expense]:
    """`get_random_items(n, _generate_expense, replacement=False, filter_fn=keep)`."""
    out: list[Expense] = []
    seen: set[Expense] = set()
    drawn = generated_expenses(rng, n + 2)
    for _ in range(10_000):
        if len(out) == n:
            return out
        e = next(drawn)
        if keep(e):
            distinct = len(seen)
            seen.add(e)  # one hash of `e`, not one for `in` and one for `add`
            if len(seen) > distinct:
                out.append(e)
    raise RuntimeError(f"could not draw {n} distinct expenses")


def distinct_names(rng: np.random.Generator, n: int) -> list[Expense]:
    """The delete families' draw: expenses until n of them have pairwise different names."""
    out: list[Expense] = []
    names: set[str] = set()
    drawn = generated_expenses(rng, n + n // 2)
    while len(out) < n:
        e = next(drawn)
        if e.name not in names:
            names.add(e.name)
            out.append(e)
    return out


def amount_dollars(e: Expense) -> str:
    """AndroidWorld's `Expense.amount_dollars`: f"${amount / 100}" ("$123.45", "$120.0")."""
    return f"${e.amount / 100}"


def _field(e: Expense, name: str) -> str:
    if name == "amount_dollars":
        return amount_dollars(e)
    if name == "category_name":
        return e.category_name
    return str(getattr(e, name))


def as_text(rows: Sequence[Expense], format_type: str) -> str:
    """`get_text_representation_of_rows` over name, amount_dollars, category_name, note:
    "csv" = a `|`-separated header and lines; "text_block" = "Expense: <name>" blocks."""
    if format_type == "csv":  # written column by column (as `_field` writes each value)
        columns = ([str(e.name) for e in rows], [amount_dollars(e) for e in rows],
                   [e.category_name for e in rows], [str(e.note) for e in rows])
        return "\n".join(["|".join(TEXT_FIELDS), *map("|".join, zip(*columns))])
    if format_type == "text_block":
        blocks = []
        for e in rows:
            block = f"Expense: {e.name}\n"
            for f in TEXT_FIELDS[1:]:
                block += f" {f}: {_field(e, f)}\n"
            blocks.append(block)
        return "\n".join(blocks)
    raise ValueError(f"format_type must be 'csv' or 'text_block', got {format_type!r}")


INSERT_COLUMNS = ("name", "amount", "category", "note", "created_date", "modified_date")


_INSERT_ROW = attrgetter(*INSERT_COLUMNS)


def insert_sql(rows: Sequence[Expense]) -> str:
    """One INSERT of `rows` in order (ids left to AUTOINCREMENT), or "" for none."""
    if not rows:
        return ""
    values = value_rows(list(zip(*map(_INSERT_ROW, rows))), cd.sql_literal)
    return f"INSERT INTO {TABLE} ({', '.join(INSERT_COLUMNS)}) VALUES {values};"


def reset_sql(rows: Sequence[Expense]) -> str:
    """Empty `expense` (and its AUTOINCREMENT counter) and insert `rows`, in one transaction."""
    return (f"PRAGMA synchronous = OFF; BEGIN; DELETE FROM {TABLE}; "
            f"DELETE FROM sqlite_sequence WHERE name = '{TABLE}'; {insert_sql(rows)} COMMIT;")


def display_order(rows: Sequence[Expense]) -> list[int]:
    """Indices of `rows` (in insertion order, so index + 1 is the id) as the logs list shows
    them: newest modified_date first, then the higher id."""
    return sorted(range(len(rows)), key=lambda i: (-rows[i].modified_date, -i))
