""""Notes demo": a small built-in app for tests of the system layer.

A list of notes stored in SQLite (`/data/data/com.example.notesdemo/databases/notes.db`), an
EditText with an Add button, a detail screen, a delete dialog (long press on a row) and a toast.
"""

from __future__ import annotations

from typing import ClassVar

from mobile_gym.apps import demo as demo_app
from mobile_gym.sim.system.activity import Activity, AppContext
from mobile_gym.sim.system.packages import App
from mobile_gym.sim.ui import (
    Button,
    EditText,
    FrameLayout,
    LinearLayout,
    RecyclerView,
    TextView,
    ViewGroup,
    alert_dialog,
    dp,
    sp,
)
from mobile_gym.sim.ui.units import MATCH_PARENT

PACKAGE = demo_app.APP.package
SEED_NOTES = 25
PRIMARY = 0xFF188038



def _toolbar(title: str) -> ViewGroup:
    bar = ViewGroup(id="toolbar", width=MATCH_PARENT, height=dp(64), background=PRIMARY, padding=(dp(16), 0))
    bar.add(TextView(title, id="toolbar_title", text_size=float(sp(22)), text_color=0xFFFFFFFF,
                     layout_gravity="start|center_vertical"))
    return bar


class _OpenNote:
    def __init__(self, activity: MainActivity, note_id: int) -> None:
        self.activity = activity
        self.note_id = note_id

    def __call__(self) -> None:
        self.activity.start_activity(".NoteActivity", note_id=self.note_id)


class _AskDelete:
    def __init__(self, activity: MainActivity, note_id: int, title: str) -> None:
        self.activity = activity
        self.note_id = note_id
        self.title = title

    def __call__(self) -> None:
        self.activity.ask_delete(self.note_id, self.title)


class MainActivity(Activity):
    """The note list with an input row."""

    launch_mode = "singleTask"

    def on_create(self) -> None:
        self.input = EditText(id="note_input", hint="New note", single_line=True, width=0, weight=1,
                              on_editor_action=self.add_note)
        add = Button("Add", id="add_button", on_click=self.add_note, margin=(dp(8), 0, 0, 0))
        row = LinearLayout("horizontal", width=MATCH_PARENT, padding=(dp(16), dp(8)), gravity="center_vertical")
        row.add(self.input, add)
        self.list = RecyclerView(id="notes_list", width=MATCH_PARENT, height=0, weight=1)
        self.count = TextView("", id="note_count", text_color=0xFF5F6368, padding=(dp(16), dp(4)))
        root = LinearLayout("vertical", id="content", width=MATCH_PARENT, height=MATCH_PARENT,
                            background=0xFFFFFFFF)
        root.add(_toolbar("Notes demo"), row, self.count, self.list)
        self.set_content(root)

    def on_resume(self) -> None:
        self.reload()

    def reload(self) -> None:
        with self.ctx.connect_db("notes.db") as conn:
            rows = conn.execute("SELECT _id, title FROM notes ORDER BY _id").fetchall()
        conn.close()
        items = []
        for note_id, title in rows:
            item = FrameLayout(id="note_row", width=MATCH_PARENT, height=dp(56), clickable=True,
                               long_clickable=True, padding=(dp(16), 0),
                               on_click=_OpenNote(self, note_id), on_long_click=_AskDelete(self, note_id, title))
            item.add(TextView(title, id="note_title", text_size=float(sp(16)), layout_gravity="start|center_vertical",
                              max_lines=1))
            items.append(item)
        self.list.set_items(items)
        self.count.text = f"{len(rows)} notes"

    def add_note(self) -> None:
        title = self.input.text.strip()
        if not title:
            self.show_toast("Note is empty")
            return
        with self.ctx.connect_db("notes.db") as conn:
            conn.execute("INSERT INTO notes (title, created) VALUES (?, ?)", (title, int(self.ctx.now())))
        conn.close()
        self.ctx.log("I", "NotesDemo", f"added note: {title}")
        self.input.text = ""
        self.reload()
        self.show_toast("Note added")

    def ask_delete(self, note_id: int, title: str) -> None:
        dialog = alert_dialog(title="Delete note?", message=title,
                              buttons=[("Delete", _Delete(self, note_id)), ("Cancel", None)])
        self.show_dialog(dialog)

    def delete(self, note_id: int) -> None:
        with self.ctx.connect_db("notes.db") as conn:
            conn.execute("DELETE FROM notes WHERE _id = ?", (note_id,))
        conn.close()
        self.reload()


class _Delete:
    def __init__(self, activity: MainActivity, note_id: int) -> None:
        self.activity = activity
        self.note_id = note_id

    def __call__(self) -> None:
        self.activity.delete(self.note_id)


class NoteActivity(Activity):
    """One note: its title and a Back button."""

    def on_create(self) -> None:
        note_id = int(self.intent.extras.get("note_id", 0))
        with self.ctx.connect_db("notes.db") as conn:
            row = conn.execute("SELECT title FROM notes WHERE _id = ?", (note_id,)).fetchone()
        conn.close()
        title = row[0] if row else "(deleted)"
        root = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT, background=0xFFFFFFFF)
        root.add(_toolbar("Note"),
                 TextView(title, id="note_text", text_size=float(sp(20)), padding=dp(16)),
                 Button("Done", id="done_button", on_click=self.finish, margin=(dp(16), 0)))
        self.set_content(root)


class NotesDemoApp(App):
    record = demo_app.APP
    icon = "note"
    icon_color = PRIMARY
    activities: ClassVar[dict[str, type[Activity]]] = {".MainActivity": MainActivity, ".NoteActivity": NoteActivity}

    def on_install(self, ctx: AppContext) -> None:
        with ctx.connect_db("notes.db") as conn:
            conn.execute(demo_app.NOTES_SCHEMA)
            conn.executemany("INSERT INTO notes (title, created) VALUES (?, ?)",
                             [(f"Note {i}", int(ctx.now())) for i in range(1, SEED_NOTES + 1)])
        conn.close()
