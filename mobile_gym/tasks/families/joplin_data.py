"""Generators for the Joplin families: notebooks, plain notes, to-dos, meeting notes and
recipes drawn from a seed, and the SQL that puts them into `joplin.sqlite`.

Titles are unique within a seed (a question names a note by its title). Timestamps are
milliseconds in October 2023, so the note list's order (by update time) differs per seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from operator import attrgetter

import numpy as np

from mobile_gym.apps import joplin as model
from mobile_gym.apps.sql_text import insert_rows_sql
from mobile_gym.tasks.families.common import below, below_each, choice
from mobile_gym.tasks.families.records import RecordMaker

T0 = 1_696_118_400_000          # 2023-10-01 00:00 UTC, in ms
MONTH_MS = 30 * 86_400_000

FOLDER_TITLES = ("Work", "Personal", "Recipes", "Meetings", "Ideas", "Travel", "Projects",
                 "Shopping", "Books", "Health", "Finance", "Home")
NOTE_TITLES = ("Grocery list", "Book ideas", "Gift ideas", "Packing list", "Weekend plans",
               "Blog draft", "Garden plan", "Reading notes", "Workout routine", "Budget review",
               "Movie list", "Podcast notes", "Birthday plans", "Car maintenance",
               "Learning goals", "Quotes", "Password hints", "Travel checklist",
               "Project roadmap", "Home repairs", "Vacation ideas", "Journal entry",
               "Conference notes", "Side project", "Habit tracker")
TODO_TITLES = ("Pay electricity bill", "Call the dentist", "Renew passport", "Buy groceries",
               "Book flight tickets", "Clean the garage", "Submit expense report",
               "Water the plants", "Schedule car service", "Return library books",
               "Fix the leaky faucet", "Update resume", "Send thank-you cards",
               "Cancel gym membership", "Back up photos", "Order printer ink",
               "Plan team offsite", "Pick up dry cleaning", "File tax return",
               "Repaint the fence")
BODY_LINES = ("Remember to check this again next week.", "Some thoughts to expand later.",
              "- first point\n- second point", "Status: in progress", "See the shared folder.",
              "Draft only, not final.", "Ask Sam about this.", "Priority: low")
MEETING_TITLES = ("Weekly team sync", "Project kickoff", "Budget planning", "Design review",
                  "Quarterly business review", "Marketing brainstorm", "Sprint retrospective",
                  "Client onboarding", "Product roadmap meeting", "Hiring committee",
                  "Board meeting", "Security review")
PEOPLE = ("Alice", "Bob", "Charlie", "Diana", "Ethan", "Fiona", "George", "Hannah", "Ian",
          "Julia", "Kevin", "Laura", "Mike", "Nina", "Oscar", "Paula")
AGENDA = ("Review last week's action items", "Discuss the timeline", "Budget update",
          "Open questions", "Next steps", "Risks and blockers")
RECIPE_TITLES = ("Pancakes", "Banana bread", "Tomato soup", "Chocolate chip cookies",
                 "Vegetable stir fry", "Lemon cake", "Chicken curry", "Greek salad",
                 "Apple pie", "Mushroom risotto", "Guacamole", "Lentil stew")
INGREDIENTS = ("flour", "sugar", "butter", "milk", "salt", "olive oil", "rice", "honey",
               "baking powder", "cheese", "garlic", "tomatoes")
AMOUNTS = ("1", "2", "3", "4", "1/2", "1/4", "3/4", "1 1/2")
UNITS = (("cup", "cups"), ("tablespoon", "tablespoons"), ("teaspoon", "teaspoons"),
         ("gram", "grams"), ("ounce", "ounces"), ("pound", "pounds"))
MEETING_HEADINGS = ("Attendees", "Agenda", "Notes")

WORDS: tuple[str, ...] = tuple(sorted({w for text in (*FOLDER_TITLES, "True", "False")
                                       for w in text.split()}))


def uuid(rng: np.random.Generator) -> str:
    """A 32-hex-digit id, as Joplin's `uuid.create()` makes them (the digits of
    `rng.integers(0, 16, size=32)`): the draws as bytes 0-15, each translated to its digit in
    one C pass."""
    return bytes(below_each(rng, 16, 32)).translate(_HEX_DIGITS).decode("ascii")


#: Byte k (k < 16) -> the ASCII hex digit of k.
_HEX_DIGITS = bytes.maketrans(bytes(range(16)), b"0123456789abcdef")


def stamp(rng: np.random.Generator) -> int:
    return T0 + below(rng, MONTH_MS // 1000) * 1000


def quantity(rng: np.random.Generator) -> str:
    """"<amount> <unit>" without abbreviations ("2 cups", "1/2 teaspoon")."""
    amount = choice(rng, AMOUNTS)
    one, many = choice(rng, UNITS)
    return f"{amount} {one if amount in ('1', '1/2', '1/4', '3/4') else many}"


def folder(rng: np.random.Generator, title: str) -> model.Folder:
    t = stamp(rng)
    return model.Folder(id=uuid(rng), title=title, created_time=t, updated_time=t,
                        user_created_time=t, user_updated_time=t)


_NOTES = RecordMaker(model.Note)


def note(rng: np.random.Generator, parent: model.Folder, title: str, body: str, *,
         is_todo: bool = False) -> model.Note:
    created = stamp(rng)
    updated = max(created, stamp(rng))
    return _NOTES.make(id=uuid(rng), parent_id=parent.id, title=title, body=body,
                      created_time=created, updated_time=updated, is_todo=int(is_todo),
                      user_created_time=created, user_updated_time=updated)


def plain_body(rng: np.random.Generator) -> str:
    n = int(rng.integers(1, 3))
    return "\n\n".join(choice(rng, BODY_LINES) for _ in range(n))


def meeting_body(rng: np.random.Generator, title: str, attendees: Sequence[str]) -> str:
    agenda = [AGENDA[int(i)] for i in rng.choice(len(AGENDA), size=3, replace=False)]
    return (f"# {title}\n\n## Attendees\n" + "\n".join(f"- {p}" for p in attendees)
            + "\n\n## Agenda\n" + "\n".join(f"- {a}" for a in agenda)
            + "\n\n## Notes\nAction items were assigned at the end.")


def recipe_body(ingredients: Sequence[tuple[str, str]]) -> str:
    """A recipe note: "## Ingredients" with "- <quantity> <ingredient>" lines, then directions."""
    return ("## Ingredients\n" + "\n".join(f"- {q} {name}" for q, name in ingredients)
            + "\n\n## Directions\nMix everything and cook until done.")


def draw_distinct(rng: np.random.Generator, pool: Sequence[str], n: int,
                  taken: set[str] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """`n` values of `pool` without replacement, none in `taken`."""
    left = [p for p in dict.fromkeys(pool) if p not in taken]
    if n > len(left):
        raise ValueError(f"cannot draw {n} distinct values from {len(left)}")
    return [left[int(i)] for i in rng.choice(len(left), size=n, replace=False)]


def _literal(value: object) -> str:
    if type(value) is int:  # the common cases first, by exact type (a bool is not an int here)
        return repr(value)
    if type(value) is str:
        return "'" + value.replace("'", "''") + "'"
    if isinstance(value, str):
        return "'" + value.replace("'", "''") + "'"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"unsupported SQL value {value!r}")
    return repr(value)


def _insert(table: str, rows: Sequence[model.Folder | model.Note | model.NormalizedNote]) -> str:
    """One INSERT of `rows` (all of one class) with every column (`as_row`'s), or ""."""
    if not rows:
        return ""
    columns = [f.name for f in fields(rows[0])]
    return insert_rows_sql(table, [f"`{c}`" for c in columns],
                           list(map(attrgetter(*columns), rows)), _literal)


def reset_sql(folders: Sequence[model.Folder], notes: Sequence[model.Note]) -> str:
    """Empty the three tables and insert the seed's rows (each note with its normalized row),
    in one transaction."""
    return ("PRAGMA synchronous = OFF; BEGIN; "
            f"DELETE FROM {model.NOTES_TABLE}; DELETE FROM {model.NORMALIZED_TABLE}; "
            f"DELETE FROM {model.FOLDERS_TABLE}; "
            + _insert(model.FOLDERS_TABLE, folders)
            + _insert(model.NOTES_TABLE, notes)
            + _insert(model.NORMALIZED_TABLE, [n.normalized() for n in notes])
            + " COMMIT;")


@dataclass(frozen=True)
class NotesState:
    """A seed's notebooks and notes (insertion order)."""

    folders: tuple[model.Folder, ...]
    notes: tuple[model.Note, ...]

    def folder_title(self, note: model.Note) -> str:
        return next(f.title for f in self.folders if f.id == note.parent_id)

    @property
    def start_folder(self) -> str:
        """The notebook the app opens on: the first by title."""
        return min((f.title for f in self.folders), key=lambda t: (t.lower(), t))


def filler(rng: np.random.Generator, folders: Sequence[model.Folder], n: int,
           taken: set[str]) -> list[model.Note]:
    """`n` distractor notes and to-dos with titles not in `taken`, in random notebooks."""
    titles = draw_distinct(rng, (*NOTE_TITLES, *TODO_TITLES), n, taken)
    taken.update(titles)
    return [note(rng, folders[int(rng.integers(0, len(folders)))], t, plain_body(rng),
                 is_todo=t in TODO_TITLES and bool(rng.integers(0, 2)) or
                 (t in NOTE_TITLES and rng.random() < 0.2))
            for t in titles]
