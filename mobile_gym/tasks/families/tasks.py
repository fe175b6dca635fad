"""Tasks.org information-retrieval families (AndroidWorld's six Tasks IR tasks).

A seed's start state is the relevant tasks (the rows the answer comes from) plus distractor
tasks drawn from the seed until none of them would change the answer, seeded as AndroidWorld
seeds them (ms timestamps, created = modified = due - 7 h, importance 2 unless drawn). The
episode ends on the agent's answer, checked by the typed answer checker. The oracles read the
answer off the task list (titles, due dates as the app writes them, the complete boxes) and
the task edit screen (the priority), never from the parameters.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from functools import cache
from typing import Any, ClassVar

import numpy as np

from mobile_gym.apps import tasks as model
from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.answers import AnswerKind
from mobile_gym.tasks.families.base import TaskFamily
from mobile_gym.tasks.families.common import (
    ResetStep,
    below,
    force_stop,
    launch_once,
    press_home,
    sqlite_step,
)
from mobile_gym.tasks.families.oracle import AnswerNotes, Key, Move, Node, Note, Sel, Tap
from mobile_gym.tasks.families.records import RecordMaker

TODAY = date(2023, 10, 15)  # the device's date (Sunday)
N_DISTRACTORS = 8
DATES = tuple(TODAY + timedelta(days=d) for d in range(1, 15))
PAST = tuple(TODAY - timedelta(days=d) for d in range(1, 6))
TITLES = ("Call Mom", "Buy groceries", "Finish report", "Pay electricity bill",
          "Book dentist appointment", "Water the plants", "Renew passport", "Plan team offsite",
          "Clean the garage", "Update resume", "Schedule car service", "Read chapter 5",
          "Prepare presentation", "Reply to emails", "Order birthday gift", "Back up laptop",
          "Cancel gym membership", "Submit expense report", "Walk the dog", "Fix leaky faucet",
          "Review pull requests", "Pick up dry cleaning", "Write blog post", "Call plumber")
WORDS: tuple[str, ...] = tuple(sorted({w for t in TITLES for w in t.split()}))


def date_text(day: date) -> str:
    """How a question names a date ("October 20 2023")."""
    return f"{day:%B} {day.day} {day.year}"


@dataclass(frozen=True)
class TasksParams:
    fields: tuple[tuple[str, str], ...]
    rows: tuple[model.Task, ...]       # relevant + distractors, shuffled (insertion order)
    expected: tuple[str, ...]

    def get(self, name: str) -> str:
        return dict(self.fields)[name]


# -- what the oracle reads ---------------------------------------------------------------------

@dataclass(frozen=True)
class ListRows:
    """(title, due text, completed) of each task row on screen."""

    def __call__(self, windows: list[list[Node]]) -> list[tuple[str, str, bool]]:
        out: list[tuple[str, str, bool]] = []
        done, title = False, None
        for node in (n for nodes in windows for n in nodes):
            rid = node.get("resource-id")
            if rid.endswith(":id/row"):
                if title is not None:
                    out.append((title, "", done))
                title = None
            elif rid.endswith(":id/completeBox"):
                done = node.get("checked") == "true"
            elif rid.endswith(":id/title") and node.get("class").endswith("TextView"):
                title = node.get("text")
            elif rid.endswith(":id/due_date") and title is not None:
                out.append((title, node.get("text"), done))
                title = None
        if title is not None:
            out.append((title, "", done))
        return out


@dataclass(frozen=True)
class EditPriority:
    """(title, checked priority name) on the task edit screen."""

    def __call__(self, windows: list[list[Node]]) -> list[tuple[str, str]]:
        nodes = [n for ns in windows for n in ns]
        title = next(n.get("text") for n in nodes if n.get("resource-id").endswith(":id/title"))
        prio = next((n.get("content-desc") for n in nodes
                     if n.get("class") == "android.widget.RadioButton"
                     and n.get("checked") == "true"), "")
        return [(title, prio)]


@dataclass(frozen=True)
class Pick:
    """Titles of the noted list rows whose due text is one of `dues` (any when empty) and
    whose completion is `done` (either when None); `count`: how many."""

    dues: tuple[str, ...] = ()
    done: bool | None = None
    count: bool = False

    def __call__(self, notes: list[Any]) -> str:
        rows = [n for n in notes if len(n) == 3 and (not self.dues or n[1] in self.dues)
                and (self.done is None or n[2] == self.done)]
        titles = list(dict.fromkeys(t for t, _, _ in rows))
        return str(len(titles)) if self.count else ", ".join(titles)


@dataclass(frozen=True)
class HighTitles:
    """Titles noted on edit screens with priority High; with `due`, only those the noted list
    rows show with that due text."""

    due: str | None = None

    def __call__(self, notes: list[Any]) -> str:
        on_day = {n[0] for n in notes if len(n) == 3 and n[1] == self.due}
        return ", ".join(dict.fromkeys(
            t for t, p in (n for n in notes if len(n) == 2)
            if p == "High" and (self.due is None or t in on_day)))


@cache
def due_label(day: date) -> str:
    """The list's due text of `day` (seen from the device's fixed today: a pure function of the
    day, asked for every distractor, so computed once per day)."""
    return model.relative_due(model.due_at_noon(day), TODAY)


LIST = Sel(id="recycler_view")


def open_tasks() -> list[Move]:
    return [Tap(Sel(text=model.APP.label, cls="TextView"))]


def read_list() -> Note:
    return Note(Sel(id="bottomAppBar"), ListRows(), scroll=LIST, max_pages=10)


def read_priority(title: str) -> list[Move]:
    return [Tap(Sel(id="title", text=title), scroll=LIST),
            Note(Sel(id="compose_view"), EditPriority()), Key("BACK")]


# -- families ----------------------------------------------------------------------------------

class _TasksIR(TaskFamily):
    app = "tasks"
    complexity = 1.0
    ends_on_answer = True
    types_text = True
    words = WORDS
    kind: ClassVar[AnswerKind] = AnswerKind.STRING
    tags: ClassVar[tuple[str, ...]] = ("tasks", "information_retrieval")

    def setup_steps(self) -> list[task_pb2.SetupStep]:
        return launch_once(model.APP.package, model.APP.component)

    # a family draws its question and relevant rows, says which distractors are allowed, and
    # which field of the relevant rows is the answer
    def question(self, rng: np.random.Generator) -> dict[str, str]:
        return {"date": date_text(DATES[int(rng.integers(0, len(DATES)))])}

    def relevant(self, rng: np.random.Generator, q: dict[str, str],
                 titles: list[str]) -> list[model.Task]:
        raise NotImplementedError

    def allowed(self, task: model.Task, q: dict[str, str]) -> bool:
        raise NotImplementedError

    def expect(self, relevant: list[model.Task]) -> list[str]:
        return [t.title for t in relevant]

    def asked_days(self, q: dict[str, str]) -> tuple[date, ...]:
        """The days the question is about (the list names other days the same way, e.g. a
        weekday 3 days ago and in 4 days: such distractors are left out)."""
        return (_day(q),) if "date" in q else ()

    def _ambiguous(self, task: model.Task, q: dict[str, str]) -> bool:
        days = self.asked_days(q)
        labels = {due_label(d) for d in days}
        return task.due_day not in days and due_label(task.due_day) in labels

    def _draw_task(self, rng: np.random.Generator, title: str) -> model.Task:
        due = _TODAY_NOON + DAY_MS * (below(rng, 31) - 10)  # due_at_noon(TODAY + integers(-10, 21) days)
        importance = int(rng.integers(0, 4))
        done = due if rng.random() < 0.3 else 0
        return _TASKS.make(**model.seeded_fields(title, due, importance, done))

    def sample(self, rng: np.random.Generator) -> TasksParams:
        q = self.question(rng)
        pool = [TITLES[int(i)] for i in rng.permutation(len(TITLES))]
        rel = self.relevant(rng, q, pool)
        rows = list(rel)
        for title in pool[len(rel):len(rel) + N_DISTRACTORS]:
            for _ in range(100):
                t = self._draw_task(rng, title)
                if self.allowed(t, q) and not self._ambiguous(t, q):
                    rows.append(t)
                    break
            else:
                raise RuntimeError(f"{self.name}: no allowed distractor in 100 draws")
        order = rng.permutation(len(rows))
        return TasksParams(tuple(sorted(q.items())), tuple(rows[int(i)] for i in order),
                           tuple(self.expect(rel)))

    def instruction(self, params: TasksParams) -> str:
        return self.template.format(**dict(params.fields))

    def reset_steps(self, params: TasksParams) -> list[ResetStep]:
        return [force_stop(model.APP.package),
                sqlite_step(model.DB_PATH, model.reset_sql(list(params.rows))), press_home()]

    def success_checks(self, params: TasksParams):
        check = task_pb2.EventSource.ResponseEvent.AnswerCheck(
            kind=int(self.kind), expected=list(params.expected))
        return [task_pb2.EventSource(response_event=task_pb2.EventSource.ResponseEvent(
            answer=check))]


#: Makes the drawn distractor tasks (the frozen `Task(...)` of 23 fields costs more than the
#: task's draws, and a seed draws ten or more).
_TASKS = RecordMaker(model.Task)


_TODAY_NOON = model.due_at_noon(TODAY)
DAY_MS = 86_400_000


def _day(q: dict[str, str]) -> date:
    return _DAYS_BY_TEXT[q["date"]]


#: The question dates by their text (the first of any two with one text, as a search finds:
#: built from the last to the first).
_DAYS_BY_TEXT: dict[str, date] = {date_text(d): d for d in reversed((*DATES, *PAST))}


def _n(rng: np.random.Generator) -> int:
    return int(rng.integers(1, 4))


class TasksDueOnDate(_TasksIR):
    name = "TasksDueOnDate"
    android_world_name = "TasksDueOnDate"
    difficulty = "easy"
    optimal_steps = 2
    template = ("What tasks do I have due {date} in Tasks app? Answer with the titles only. If "
                "there are multiples titles, format your answer in a comma separated list.")

    def relevant(self, rng, q, titles):
        due = model.due_at_noon(_day(q))
        return [model.seeded(t, due, int(rng.integers(0, 4))) for t in titles[:_n(rng)]]

    def allowed(self, task, q):
        return task.due_day != _day(q)

    def plan(self, params):
        return [*open_tasks(), read_list(), AnswerNotes(Pick((due_label(_day(dict(params.fields))),)))]


class TasksIncompleteTasksOnDate(TasksDueOnDate):
    name = "TasksIncompleteTasksOnDate"
    android_world_name = "TasksIncompleteTasksOnDate"
    difficulty = "easy"
    optimal_steps = 2
    template = ("What incomplete tasks do I have still have to do by {date} in Tasks app? "
                "Answer with the titles only. If there are multiples titles, format your "
                "answer in a comma separated list.")

    def allowed(self, task, q):
        return task.due_day != _day(q) or task.is_completed


def _show_completed() -> list[Move]:
    return [Tap(Sel(desc="More options")), Tap(Sel(text="Show completed"))]


class TasksCompletedTasksForDate(_TasksIR):
    name = "TasksCompletedTasksForDate"
    android_world_name = "TasksCompletedTasksForDate"
    difficulty = "medium"
    optimal_steps = 5
    template = ("Which tasks have I completed for {date} in Tasks app? Answer with the titles "
                "only. If there are multiples titles, format your answer in a comma separated "
                "list.")

    def question(self, rng):
        return {"date": date_text(PAST[int(rng.integers(0, len(PAST)))])}

    def relevant(self, rng, q, titles):
        due = model.due_at_noon(_day(q))
        return [model.seeded(t, due, int(rng.integers(0, 4)), completed=due)
                for t in titles[:_n(rng)]]

    def allowed(self, task, q):
        return task.due_day != _day(q) or not task.is_completed

    def plan(self, params):
        day = _day(dict(params.fields))
        return [*open_tasks(), *_show_completed(), read_list(),
                AnswerNotes(Pick((due_label(day),), done=True))]


class TasksDueNextWeek(_TasksIR):
    name = "TasksDueNextWeek"
    android_world_name = "TasksDueNextWeek"
    difficulty = "medium"
    optimal_steps = 6
    complexity = 1.2
    kind = AnswerKind.NUMBER
    template = "How many tasks do I have due next week in Tasks app?"
    week = tuple(TODAY + timedelta(days=d) for d in range(1, 8))  # Monday to Sunday

    def question(self, rng):
        return {}

    def relevant(self, rng, q, titles):
        n = int(rng.integers(2, 6))
        return [model.seeded(t, model.due_at_noon(self.week[int(rng.integers(0, 7))]),
                             int(rng.integers(0, 4))) for t in titles[:n]]

    def allowed(self, task, q):
        return task.due_day not in self.week

    def asked_days(self, q):
        return self.week

    def expect(self, relevant):
        return [str(len(relevant))]

    def plan(self, params):
        return [*open_tasks(), read_list(),
                AnswerNotes(Pick(tuple(due_label(d) for d in self.week), done=False, count=True))]


class TasksHighPriorityTasks(_TasksIR):
    name = "TasksHighPriorityTasks"
    android_world_name = "TasksHighPriorityTasks"
    difficulty = "medium"
    optimal_steps = 2
    template = ("What are my high priority tasks in Tasks app? Answer with the titles only. If "
                "there are multiples titles, format your answer in a comma separated list.")

    def question(self, rng):
        return {}

    def relevant(self, rng, q, titles):
        return [model.seeded(t, model.due_at_noon(DATES[int(rng.integers(0, len(DATES)))]),
                             model.HIGH) for t in titles[:_n(rng)]]

    def allowed(self, task, q):
        return task.importance != model.HIGH and not task.is_completed

    def plan(self, params):
        moves: list[Move] = [*open_tasks()]
        for t in params.rows:
            moves += read_priority(t.title)
        return [*moves, AnswerNotes(HighTitles())]


class TasksHighPriorityTasksDueOnDate(TasksHighPriorityTasks):
    name = "TasksHighPriorityTasksDueOnDate"
    android_world_name = "TasksHighPriorityTasksDueOnDate"
    difficulty = "medium"
    optimal_steps = 5
    template = ("Which tasks with high priority are due {date} in the Tasks app? Answer with the "
                "titles only. If there are multiples titles, format your answer in a comma "
                "separated list.")

    def question(self, rng):
        return _TasksIR.question(self, rng)

    def relevant(self, rng, q, titles):
        return [model.seeded(t, model.due_at_noon(_day(q)), model.HIGH) for t in titles[:_n(rng)]]

    def allowed(self, task, q):
        return not task.is_completed and (task.importance != model.HIGH or task.due_day != _day(q))

    def plan(self, params):
        day = _day(dict(params.fields))
        moves: list[Move] = [*open_tasks(), read_list()]
        for t in params.rows:  # open every listed task: the screens say which are due and high
            moves += read_priority(t.title)
        return [*moves, AnswerNotes(HighTitles(due_label(day)))]


FAMILIES: tuple[type[TaskFamily], ...] = (
    TasksDueOnDate, TasksIncompleteTasksOnDate, TasksCompletedTasksForDate, TasksDueNextWeek,
    TasksHighPriorityTasks, TasksHighPriorityTasksDueOnDate,
)
