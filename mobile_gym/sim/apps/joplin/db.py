"""Reading `joplin.sqlite` as the app's models do (`Folder.all`, `Note.previews`), and creating
it on first start. A connection is opened per read: a task may rewrite the file between steps."""

from __future__ import annotations

from contextlib import closing
from dataclasses import dataclass

from mobile_gym.apps import joplin as model
from mobile_gym.sim.system.activity import AppContext

DB_NAME = "joplin.sqlite"


@dataclass(frozen=True)
class NotePreview:
    """What the note list and the note screen need of a note."""

    id: str
    title: str
    body: str
    is_todo: bool
    todo_completed: bool


def ensure_created(ctx: AppContext) -> None:
    """Create the tables the app reads (a file that has them is left as it is)."""
    with closing(ctx.connect_db(DB_NAME)) as con:
        for stmt in model.SCHEMA:
            con.execute(stmt)
        con.commit()


def folders(ctx: AppContext) -> list[tuple[str, str]]:
    """(id, title) of every notebook not in the trash, ordered by title as the side menu is."""
    with closing(ctx.connect_db(DB_NAME)) as con:
        rows = con.execute("SELECT id, title FROM folders WHERE deleted_time = 0 "
                           "ORDER BY title COLLATE NOCASE, id").fetchall()
    return [(str(i), str(t)) for i, t in rows]


def notes_in(ctx: AppContext, folder_id: str) -> list[NotePreview]:
    """The notes of a notebook in the list's default order: uncompleted to-dos on top, then by
    `user_updated_time`, newest first (the app's defaults `uncompletedTodosOnTop`,
    `notes.sortOrder.field` = user_updated_time, reverse)."""
    with closing(ctx.connect_db(DB_NAME)) as con:
        rows = con.execute(
            "SELECT id, title, body, is_todo, todo_completed FROM notes WHERE parent_id = ? "
            "AND is_conflict = 0 ORDER BY (is_todo = 1 AND todo_completed = 0) DESC, "
            "user_updated_time DESC, id", (folder_id,)).fetchall()
    return [NotePreview(str(i), str(t), str(b), bool(td), bool(c)) for i, t, b, td, c in rows]


def note(ctx: AppContext, note_id: str) -> NotePreview | None:
    with closing(ctx.connect_db(DB_NAME)) as con:
        row = con.execute("SELECT id, title, body, is_todo, todo_completed FROM notes "
                          "WHERE id = ?", (note_id,)).fetchone()
    if row is None:
        return None
    return NotePreview(str(row[0]), str(row[1]), str(row[2]), bool(row[3]), bool(row[4]))


def set_todo_completed(ctx: AppContext, note_id: str, done: bool) -> None:
    """The to-do checkbox: `Note.save({id, todo_completed})` stamps the completion time (0 when
    unticked) and the update times; the search index row follows."""
    now = int(ctx.now() * 1000)
    with closing(ctx.connect_db(DB_NAME)) as con:
        con.execute("UPDATE notes SET todo_completed = ?, updated_time = ?, user_updated_time = ? "
                    "WHERE id = ? AND is_todo = 1", (now if done else 0, now, now, note_id))
        con.execute("UPDATE notes_normalized SET todo_completed = ?, user_updated_time = ? "
                    "WHERE id = ?", (now if done else 0, now, note_id))
        con.commit()
