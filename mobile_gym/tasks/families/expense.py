"""Pro Expense families (AndroidWorld's Expense*, task_evals/single/expense.py).

Start state: the home screen; the onboarding is done (setup pushes the preference it writes);
`expense` holds the seed's noise rows and, for the delete families, the rows to delete inserted
after them. Success is AndroidWorld's SQLite check made strict (`rows_added`: each expected row
paired with a distinct new row on name, amount, category and note, name and note fuzzily,
nothing else changed; `rows_removed`: exactly the target ids gone, every other row unchanged).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

import numpy as np

from mobile_gym.apps import expense as model
from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.families import common
from mobile_gym.tasks.families import expense_data as ed
from mobile_gym.tasks.families import markor_data as md
from mobile_gym.tasks.families.base import Progress, TaskFamily
from mobile_gym.tasks.families.common import (
    choice,
    force_stop,
    launch_once,
    press_home,
    vh_source,
)
from mobile_gym.tasks.families.expense_moves import SwipeRow, TapCategory
from mobile_gym.tasks.families.markor import open_markor
from mobile_gym.tasks.families.markor import row as markor_row
from mobile_gym.tasks.families.oracle import Key, Move, Sel, Tap, Type

COMPARE_FIELDS = ("name", "amount", "category", "note")
FREE_TEXT_FIELDS = ("name", "note")
APP_NAME = "pro expense"


def sqlite_step(sql: str) -> common.SqliteStep:
    return common.sqlite_step(ed.DB_PATH, sql)


def rows_added(rows: list[model.Expense]) -> task_pb2.StateEvent:
    return common.rows_added_check(ed.DB_PATH, ed.TABLE, [e.as_row() for e in rows],
                                   COMPARE_FIELDS, FREE_TEXT_FIELDS)


def rows_removed(ids_sql: str) -> task_pb2.StateEvent:
    return common.rows_removed_check(ed.DB_PATH, ed.TABLE, "expense_id", ids_sql)


def last_ids_sql(n: int, offset: int = 0) -> str:
    return common.last_inserted_ids_sql(ed.TABLE, "expense_id", n, offset)


# -- oracle pieces -------------------------------------------------------------------------------

def open_expense() -> list[Move]:
    return [Tap(Sel(text=model.APP.label, cls="TextView"))]


def open_logs() -> list[Move]:
    return [*open_expense(), Tap(Sel(id="btn_more_logs"))]


def add_expense(e: model.Expense) -> list[Move]:
    """From home or the logs: the FAB, the form's fields, the category, Save."""
    return [Tap(Sel(id="fb_main_add")), Tap(Sel(id="edt_name")), Type(e.name),
            Tap(Sel(id="edt_amount")), Type(model.typed_amount(e.amount)), TapCategory(e.category),
            Tap(Sel(id="edt_note")), Type(e.note), Tap(Sel(id="btn_save"))]


def delete_one(e: model.Expense, position: int) -> list[Move]:
    """In the logs: slide the row (at `position` in the list) left, its delete button, Confirm."""
    return [SwipeRow(e, right=False, position=position), Tap(Sel(id="imv_delete_icon")),
            Tap(Sel(id="btn_confirm"))]


def delete_selected(rows: list[tuple[model.Expense, int]]) -> list[Move]:
    """In the logs: slide each (row, position) right, top to bottom; Delete in the toolbar;
    Confirm."""
    return [*(SwipeRow(e, right=True, position=p) for e, p in rows), Tap(Sel(desc="Delete")),
            Tap(Sel(id="btn_confirm"))]


# -- families ------------------------------------------------------------------------------------

class _Expense(TaskFamily):
    app = "expense"
    types_text = True
    words = ed.WORDS

    def setup_steps(self) -> list[task_pb2.SetupStep]:
        """AndroidWorld's ExpenseApp.setup (launch, NEXT, CONTINUE) as its end state: the app
        launched once (Room creates accounting.db) and the onboarding's preference written."""
        return [*launch_once(model.APP.package, model.APP.component),
                md.push_step(ed.PREFS, model.onboarded_prefs_xml())]

    def _reset(self, rows: list[model.Expense]) -> list[common.ResetStep]:
        return [force_stop(model.APP.package), sqlite_step(ed.reset_sql(rows)), press_home()]


@dataclass(frozen=True)
class AddParams:
    targets: tuple[model.Expense, ...]
    noise: tuple[model.Expense, ...]
    text_format: str = "csv"
    file_order: tuple[int, ...] = ()   # FromMarkor: the file's line order (targets first)


class ExpenseAddMultiple(_Expense):
    """Add three expenses given as CSV or text blocks (10 noise rows of other names)."""

    name = "ExpenseAddMultiple"
    android_world_name = "ExpenseAddMultiple"
    complexity = 6
    difficulty = "medium"
    optimal_steps = 20
    tags: ClassVar[tuple[str, ...]] = ("expense", "data_entry", "medium")
    template = "Add the following expenses into the pro expense:\n{expenses}"
    n_rows = 3
    n_noise = 10

    def sample(self, rng: np.random.Generator) -> AddParams:
        targets = ed.random_expenses(rng, self.n_rows)
        names = {t.name for t in targets}
        noise = ed.random_expenses(rng, self.n_noise, lambda r: r.name not in names)
        return AddParams(tuple(targets), tuple(noise), choice(rng, ("csv", "text_block")))

    def instruction(self, params: AddParams) -> str:
        return self.template.format(expenses=ed.as_text(params.targets, params.text_format))

    def reset_steps(self, params: AddParams) -> list[common.ResetStep]:
        return self._reset(list(params.noise))

    def progress(self, params: AddParams) -> list[Progress]:
        return [Progress(vh_source('#$"edt_name"'), 0.1),
                Progress(vh_source('#$"edt_amount"', "text", "."), 0.1, after=0)]

    def success_checks(self, params: AddParams):
        return [rows_added(list(params.targets))]

    def plan(self, params: AddParams) -> list[Move]:
        return [*open_expense(), *(m for e in params.targets for m in add_expense(e))]


class ExpenseAddSingle(ExpenseAddMultiple):
    name = "ExpenseAddSingle"
    android_world_name = "ExpenseAddSingle"
    complexity = 1.2
    difficulty = "easy"
    optimal_steps = 6
    tags = ("expense", "data_entry", "easy")
    n_rows = 1


class ExpenseAddMultipleFromMarkor(ExpenseAddMultiple):
    """Read my_expenses.txt in Markor (102 CSV lines) and log the two marked "Reimbursable."

    As in AndroidWorld, the expected rows carry the notes without the ". Reimbursable." the file
    adds, and the 100 noise rows are in both the file and the database."""

    name = "ExpenseAddMultipleFromMarkor"
    android_world_name = "ExpenseAddMultipleFromMarkor"
    complexity = 6
    difficulty = "hard"
    optimal_steps = 15
    apps = ("markor",)
    tags = ("expense", "data_entry", "multi_app", "hard")
    template = ("Go through the transactions in my_expenses.txt in Markor. Log the reimbursable "
                "transactions in the pro expense.")
    n_rows = 2
    n_noise = 100

    def sample(self, rng: np.random.Generator) -> AddParams:
        p = super().sample(rng)
        order = rng.permutation(len(p.targets) + len(p.noise))
        return replace(p, file_order=tuple(int(i) for i in order))

    def instruction(self, params: AddParams) -> str:
        return self.template

    def file_rows(self, params: AddParams) -> list[model.Expense]:
        """The file's rows: the targets with ". Reimbursable." appended to the note, and the
        noise, in a seeded shuffled order."""
        marked = [t.with_(note=f"{t.note}. {ed.REIMBURSABLE}") for t in params.targets]
        rows = marked + list(params.noise)
        return [rows[i] for i in params.file_order]

    def reset_steps(self, params: AddParams) -> list[common.ResetStep]:
        text = ed.as_text(self.file_rows(params), "csv")
        return [*self._reset(list(params.noise)),
                *md.reset_notebook([md.NoteFile(ed.MARKOR_FILE, text)])]

    def plan(self, params: AddParams) -> list[Move]:
        return [*open_markor(), Tap(markor_row(ed.MARKOR_FILE)), Key("HOME"),
                *super().plan(params)]


@dataclass(frozen=True)
class DeleteParams:
    targets: tuple[model.Expense, ...]   # inserted after the noise
    noise: tuple[model.Expense, ...]


class _ExpenseDelete(_Expense):
    template = "Delete the following expenses from pro expense: {names}."
    n_rows = 3
    n_noise = 0

    def sample(self, rng: np.random.Generator) -> DeleteParams:
        rows = ed.distinct_names(rng, self.n_rows + self.n_noise)
        return DeleteParams(tuple(rows[:self.n_rows]), tuple(rows[self.n_rows:]))

    def rows(self, params: DeleteParams) -> list[model.Expense]:
        return [*params.noise, *params.targets]

    def instruction(self, params: DeleteParams) -> str:
        return self.template.format(names=", ".join(t.name for t in params.targets))

    def reset_steps(self, params: DeleteParams) -> list[common.ResetStep]:
        return self._reset(self.rows(params))

    def progress(self, params: DeleteParams) -> list[Progress]:
        return [Progress(vh_source('#$"rv_expense"'), 0.1),
                Progress(vh_source('#$"btn_confirm"'), 0.2, after=0)]

    def success_checks(self, params: DeleteParams):
        return [rows_removed(last_ids_sql(len(params.targets)))]

    def targets_shown(self, params: DeleteParams) -> list[tuple[model.Expense, int]]:
        """The targets as the logs list shows them, top to bottom, with their positions."""
        rows = self.rows(params)
        first = len(params.noise)
        return [(rows[i], pos) for pos, i in enumerate(ed.display_order(rows)) if i >= first]

    def plan(self, params: DeleteParams) -> list[Move]:
        shown = self.targets_shown(params)
        if len(shown) == 1:
            return [*open_logs(), *delete_one(*shown[0])]
        return [*open_logs(), *delete_selected(shown)]


class ExpenseDeleteSingle(_ExpenseDelete):
    name = "ExpenseDeleteSingle"
    android_world_name = "ExpenseDeleteSingle"
    complexity = 1
    difficulty = "easy"
    optimal_steps = 3
    tags = ("expense", "data_edit", "easy")
    n_rows = 1


class ExpenseDeleteMultiple(_ExpenseDelete):
    name = "ExpenseDeleteMultiple"
    android_world_name = "ExpenseDeleteMultiple"
    complexity = 2
    difficulty = "easy"
    optimal_steps = 10
    tags = ("expense", "data_edit", "easy")


class ExpenseDeleteMultiple2(_ExpenseDelete):
    name = "ExpenseDeleteMultiple2"
    android_world_name = "ExpenseDeleteMultiple2"
    complexity = 3.4
    difficulty = "hard"
    optimal_steps = 17
    tags = ("expense", "data_edit", "hard")
    n_noise = 50


class ExpenseDeleteDuplicates(_ExpenseDelete):
    """Two identical rows (all but the id) among noise: delete one, keep the other."""

    name = "ExpenseDeleteDuplicates"
    android_world_name = "ExpenseDeleteDuplicates"
    complexity = 1.2
    difficulty = "medium"
    optimal_steps = 6
    tags = ("expense", "data_edit", "duplicates", "medium")
    template = ("Delete all but one of any expenses in pro expense that are exact duplicates, "
                "ensuring at least one instance of each unique expense remains.")
    n_noise = 5

    def sample(self, rng: np.random.Generator) -> DeleteParams:
        rows = ed.random_expenses(rng, self.n_noise + 1)
        target = rows.pop()
        return DeleteParams((target, target), tuple(rows))

    def instruction(self, params: DeleteParams) -> str:
        return self.template

    def success_checks(self, params: DeleteParams):
        return [(rows_removed(last_ids_sql(1)), rows_removed(last_ids_sql(1, offset=1)))]

    def plan(self, params: DeleteParams) -> list[Move]:
        return [*open_logs(), *delete_one(*self.targets_shown(params)[0])]


class ExpenseDeleteDuplicates2(ExpenseDeleteDuplicates):
    """Harder: 37 noise rows plus three near-copies of the duplicated row (the amount raised by
    50..999 cents, other dates), which must stay."""

    name = "ExpenseDeleteDuplicates2"
    android_world_name = "ExpenseDeleteDuplicates2"
    complexity = 1.8
    difficulty = "medium"
    optimal_steps = 9
    n_noise = 40

    def sample(self, rng: np.random.Generator) -> DeleteParams:
        noise = ed.random_expenses(rng, self.n_noise + 1 - 3)
        target = noise.pop()
        bumps = [int(b) + 50 for b in rng.choice(950, size=3, replace=False)]
        variations = [target.with_(amount=target.amount + b, created_date=ed.random_ms(rng),
                                   modified_date=ed.random_ms(rng)) for b in bumps]
        return DeleteParams((target, target), tuple(noise + variations))


FAMILIES: tuple[type[TaskFamily], ...] = (
    ExpenseAddSingle, ExpenseAddMultiple, ExpenseAddMultipleFromMarkor, ExpenseDeleteSingle,
    ExpenseDeleteMultiple, ExpenseDeleteMultiple2, ExpenseDeleteDuplicates,
    ExpenseDeleteDuplicates2,
)
