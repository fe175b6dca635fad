"""Joplin information-retrieval families (AndroidWorld's four Notes* tasks).

A seed's start state is a few notebooks holding the relevant note(s) and distractor notes and
to-dos (titles unique within the seed), written into `joplin.sqlite` after the app's one-time
first launch. The episode ends when the agent answers; the typed answer check scores it
(`mobile_gym.tasks.answers`). The oracles open the notebook in the side menu (the app starts
on the first notebook by title), open the note where the answer is in its body, and read the
answer off the screen (`Note` moves): to-do checkboxes ("to-do: <title>"), attendee lines,
ingredient lines.

Distractors are drawn so that none changes the answer: other meetings have their own titles,
other recipes may use the asked ingredient but in a quantity the answer check tells apart, and
to-dos in other notebooks do not count.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

import numpy as np

from mobile_gym.apps import joplin as model
from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.answers import AnswerKind, check_answer
from mobile_gym.tasks.families import joplin_data as jd
from mobile_gym.tasks.families.base import TaskFamily
from mobile_gym.tasks.families.common import (
    ResetStep,
    choice,
    force_stop,
    launch_once,
    press_home,
    sqlite_step,
)
from mobile_gym.tasks.families.oracle import AnswerNotes, Move, Node, Note, Sel, Tap

N_FOLDERS = 4
LIST = Sel(cls="android.widget.ScrollView")


@dataclass(frozen=True)
class NotesParams:
    """A seed's question fields, its rows, where the answer is and the expected answer."""

    fields: tuple[tuple[str, str], ...]
    state: jd.NotesState
    folder: str                       # the notebook holding the answer
    expected: tuple[str, ...]

    def get(self, name: str) -> str:
        return dict(self.fields)[name]


# -- what the oracle reads ---------------------------------------------------------------------

def _texts(windows: list[list[Node]]) -> list[str]:
    return [n.get("text") for nodes in windows for n in nodes
            if n.get("class") == "android.widget.TextView" and n.get("text")]


@dataclass(frozen=True)
class TodoBoxes:
    """The titles of the to-do checkboxes on screen (their label is "to-do: <title>")."""

    def __call__(self, windows: list[list[Node]]) -> list[str]:
        prefix = model.TODO_LABEL.format(title="")
        return [n.get("content-desc")[len(prefix):] for nodes in windows for n in nodes
                if n.get("content-desc").startswith(prefix)]


@dataclass(frozen=True)
class IsTodo:
    """"True" if the row titled `title` has a to-do checkbox, else "False"."""

    title: str

    def __call__(self, windows: list[list[Node]]) -> list[str]:
        return ["True" if self.title in TodoBoxes()(windows) else "False"]


@dataclass(frozen=True)
class Section:
    """The lines under the heading `heading` of the note on screen, up to the next heading."""

    heading: str
    headings: tuple[str, ...]

    def __call__(self, windows: list[list[Node]]) -> list[str]:
        lines = _texts(windows)
        if self.heading not in lines:
            return []
        out = []
        for text in lines[lines.index(self.heading) + 1:]:
            if text in self.headings:
                break
            out.append(text)
        return out


@dataclass(frozen=True)
class QuantityOf:
    """The quantity of the ingredient line "<quantity> <ingredient>" on screen."""

    ingredient: str

    def __call__(self, windows: list[list[Node]]) -> list[str]:
        suffix = " " + self.ingredient
        return [t[:-len(suffix)] for t in _texts(windows) if t.endswith(suffix)][:1]


@dataclass(frozen=True)
class Count:
    """How many rows the Note moves read."""

    def __call__(self, notes: list[Any]) -> str:
        return str(len(notes))


@dataclass(frozen=True)
class First:
    """The first value the Note moves read ("" if none)."""

    def __call__(self, notes: list[Any]) -> str:
        return str(notes[0]) if notes else ""


def open_joplin() -> list[Move]:
    return [Tap(Sel(text=model.APP.label, cls="TextView"))]


def open_folder(params: NotesParams) -> list[Move]:
    """From the launcher to the note list of the answer's notebook (the side menu only when it
    is not the notebook the app starts on)."""
    moves = open_joplin()
    if params.folder != params.state.start_folder:
        moves += [Tap(Sel(desc=model.SIDEBAR)), Tap(Sel(text=params.folder, cls="TextView"))]
    return moves


def open_note(params: NotesParams, title: str) -> list[Move]:
    return [*open_folder(params), Tap(Sel(text=title, cls="TextView"), scroll=LIST)]


# -- families ----------------------------------------------------------------------------------

class _Notes(TaskFamily):
    """A Joplin IR family: `draw` makes the question, the notebooks and notes, the answer."""

    app = "joplin"
    complexity = 1.0
    ends_on_answer = True
    types_text = True
    words = jd.WORDS
    kind: ClassVar[AnswerKind] = AnswerKind.STRING
    tags: ClassVar[tuple[str, ...]] = ("joplin", "information_retrieval")

    def setup_steps(self) -> list[task_pb2.SetupStep]:
        return launch_once(model.APP.package, model.APP.component)

    def draw(self, rng: np.random.Generator, folders: list[model.Folder],
             taken: set[str]) -> tuple[dict[str, str], list[model.Note], model.Folder, list[str]]:
        """(question fields, relevant notes, the answer's notebook, expected answer)."""
        raise NotImplementedError

    def n_filler(self, rng: np.random.Generator) -> int:
        return int(rng.integers(8, 15))

    def sample(self, rng: np.random.Generator) -> NotesParams:
        titles = jd.draw_distinct(rng, jd.FOLDER_TITLES, N_FOLDERS)
        folders = [jd.folder(rng, t) for t in titles]
        taken: set[str] = set()
        fields, relevant, where, expected = self.draw(rng, folders, taken)
        notes = relevant + self.distractors(rng, folders, taken, fields, where)
        order = rng.permutation(len(notes))
        state = jd.NotesState(tuple(folders), tuple(notes[int(i)] for i in order))
        return NotesParams(tuple(sorted(fields.items())), state, where.title, tuple(expected))

    def distractors(self, rng: np.random.Generator, folders: list[model.Folder],
                    taken: set[str], fields: dict[str, str],
                    where: model.Folder) -> list[model.Note]:
        return jd.filler(rng, folders, self.n_filler(rng), taken)

    def instruction(self, params: NotesParams) -> str:
        return self.template.format(**dict(params.fields))

    def reset_steps(self, params: NotesParams) -> list[ResetStep]:
        sql = jd.reset_sql(params.state.folders, params.state.notes)
        return [force_stop(model.APP.package), sqlite_step(model.DB_PATH, sql), press_home()]

    def success_checks(self, params: NotesParams):
        check = task_pb2.EventSource.ResponseEvent.AnswerCheck(
            kind=int(self.kind), expected=list(params.expected))
        return [task_pb2.EventSource(response_event=task_pb2.EventSource.ResponseEvent(
            answer=check))]


class NotesIsTodo(_Notes):
    name = "NotesIsTodo"
    android_world_name = "NotesIsTodo"
    difficulty = "easy"
    optimal_steps = 2
    template = ("Is the note titled '{title}' in the Joplin app marked as a todo item? Respond "
                "with either 'True' if it is a todo or 'False' if not.")

    def draw(self, rng, folders, taken):
        is_todo = bool(rng.integers(0, 2))
        title = choice(rng, jd.TODO_TITLES if is_todo else jd.NOTE_TITLES)
        taken.add(title)
        where = folders[int(rng.integers(0, len(folders)))]
        relevant = jd.note(rng, where, title, jd.plain_body(rng), is_todo=is_todo)
        return {"title": title}, [relevant], where, ["True" if is_todo else "False"]

    def plan(self, params):
        title = params.get("title")
        return [*open_folder(params), Tap(Sel(text=title, cls="TextView"), scroll=LIST),
                Note(Sel(desc=model.BACK), IsTodo(title)), AnswerNotes(First())]


class NotesMeetingAttendeeCount(_Notes):
    name = "NotesMeetingAttendeeCount"
    android_world_name = "NotesMeetingAttendeeCount"
    difficulty = "easy"
    optimal_steps = 3
    kind = AnswerKind.NUMBER
    template = ("How many attendees were present in the meeting titled '{title}' in the Joplin "
                "app? Express your answer as just a single number.")

    def draw(self, rng, folders, taken):
        title = choice(rng, jd.MEETING_TITLES)
        taken.add(title)
        attendees = jd.draw_distinct(rng, jd.PEOPLE, int(rng.integers(2, 9)))
        where = folders[int(rng.integers(0, len(folders)))]
        relevant = jd.note(rng, where, title, jd.meeting_body(rng, title, attendees))
        return {"title": title}, [relevant], where, [str(len(attendees))]

    def distractors(self, rng, folders, taken, fields, where):
        others = jd.draw_distinct(rng, jd.MEETING_TITLES, 3, taken)
        taken.update(others)
        meetings = [jd.note(rng, folders[int(rng.integers(0, len(folders)))], t,
                            jd.meeting_body(rng, t, jd.draw_distinct(
                                rng, jd.PEOPLE, int(rng.integers(2, 9)))))
                    for t in others]
        return meetings + super().distractors(rng, folders, taken, fields, where)

    def plan(self, params):
        return [*open_note(params, params.get("title")),
                Note(Sel(desc=model.BACK), Section("Attendees", jd.MEETING_HEADINGS)),
                AnswerNotes(Count())]


@cache
def _tells_apart(answer: str, expected: str) -> bool:
    """Whether the answer check fails `answer` for `expected` (a pure function of two of the
    few quantity texts, so each pair is checked once: the check's fuzzy match is slow)."""
    return not check_answer(answer, [expected])


class NotesRecipeIngredientCount(_Notes):
    name = "NotesRecipeIngredientCount"
    android_world_name = "NotesRecipeIngredientCount"
    difficulty = "easy"
    optimal_steps = 2
    template = ("What quantity of {ingredient} do I need for the recipe '{title}' in the Joplin "
                "app? Express your answer in the format <amount> <unit> without using "
                "abbreviations.")

    def draw(self, rng, folders, taken):
        title = choice(rng, jd.RECIPE_TITLES)
        taken.add(title)
        names = jd.draw_distinct(rng, jd.INGREDIENTS, int(rng.integers(3, 7)))
        ask = int(rng.integers(0, len(names)))
        asked = jd.quantity(rng)
        amounts = self._unlike(rng, len(names) - 1, asked)
        amounts.insert(ask, asked)
        where = folders[int(rng.integers(0, len(folders)))]
        relevant = jd.note(rng, where, title, jd.recipe_body(list(zip(amounts, names))))
        fields = {"title": title, "ingredient": names[ask], "quantity": amounts[ask]}
        return fields, [relevant], where, [amounts[ask]]

    @staticmethod
    def _unlike(rng: np.random.Generator, n: int, asked: str) -> list[str]:
        """`n` quantities the answer check tells apart from the `asked` one (so answering any
        other ingredient line fails)."""
        out: list[str] = []
        while len(out) < n:
            q = jd.quantity(rng)
            if _tells_apart(q, asked):
                out.append(q)
        return out

    def distractors(self, rng, folders, taken, fields, where):
        others = jd.draw_distinct(rng, jd.RECIPE_TITLES, 3, taken)
        taken.update(others)
        recipes = []
        for t in others:
            names = jd.draw_distinct(rng, jd.INGREDIENTS, int(rng.integers(2, 6)),
                                     {fields["ingredient"]})
            names.insert(int(rng.integers(0, len(names) + 1)), fields["ingredient"])
            amounts = self._unlike(rng, len(names), fields["quantity"])
            recipes.append(jd.note(rng, folders[int(rng.integers(0, len(folders)))], t,
                                   jd.recipe_body(list(zip(amounts, names)))))
        return recipes + super().distractors(rng, folders, taken, fields, where)

    def plan(self, params):
        return [*open_note(params, params.get("title")),
                Note(Sel(desc=model.BACK), QuantityOf(params.get("ingredient"))),
                AnswerNotes(First())]


class NotesTodoItemCount(_Notes):
    name = "NotesTodoItemCount"
    android_world_name = "NotesTodoItemCount"
    difficulty = "medium"
    optimal_steps = 5
    kind = AnswerKind.NUMBER
    tags = ("joplin", "information_retrieval", "math_counting")
    template = ("How many to-dos do I have in the '{folder}' folder in the Joplin app? Express "
                "your answer as just a single number.")

    def draw(self, rng, folders, taken):
        where = folders[int(rng.integers(0, len(folders)))]
        n = int(rng.integers(1, 6))
        titles = jd.draw_distinct(rng, jd.TODO_TITLES, n)
        taken.update(titles)
        todos = [jd.note(rng, where, t, jd.plain_body(rng), is_todo=True) for t in titles]
        for t in todos[: int(rng.integers(0, n + 1))]:       # some already completed
            todos[todos.index(t)] = t.with_(todo_completed=t.updated_time)
        return {"folder": where.title}, todos, where, [str(n)]

    def distractors(self, rng, folders, taken, fields, where):
        notes = super().distractors(rng, folders, taken, fields, where)
        # only plain notes in the asked notebook; to-dos elsewhere
        return [n.with_(parent_id=choice(rng, [f.id for f in folders if f.id != where.id]))
                if n.is_todo and n.parent_id == where.id else n for n in notes]

    def plan(self, params):
        return [*open_folder(params), Note(Sel(desc=model.SIDEBAR), TodoBoxes(), scroll=LIST),
                AnswerNotes(Count())]


FAMILIES: tuple[type[TaskFamily], ...] = (
    NotesIsTodo, NotesMeetingAttendeeCount, NotesRecipeIngredientCount, NotesTodoItemCount)
