"""The task edit screen (`fragment_task_edit.xml`: the `title` field above the `compose_view`).
In the real app the controls below the title are Jetpack Compose; they are reported as
Compose's accessibility tree reports them: `android.view.View` containers without ids,
`android.widget.TextView` texts, the priority choices as radio buttons with content
descriptions. This simulation shows the task read-only (edits are not saved)."""

from __future__ import annotations

from datetime import datetime, timezone

from mobile_gym.apps import tasks as model

from ...system.activity import Activity
from ...ui.layouts import LinearLayout
from ...ui.lists import ScrollView
from ...ui.units import MATCH_PARENT, WRAP_CONTENT, dp, sp
from ...ui.view import View
from ...ui.widgets import EditText, ImageButton, RadioButton, TextView
from . import storage

TEXT = 0xDE000000
SECONDARY = 0x8A000000


def _compose(orientation: str, **kw) -> LinearLayout:
    box = LinearLayout(orientation, **kw)
    box.a11y_class = "android.view.View"
    return box


class TaskEditActivity(Activity):
    """`org.tasks.activities.TaskEditActivity`; extra `task_id`."""

    def on_create(self) -> None:
        self.task_id = int(self.intent.extras.get("task_id") or 0)
        self.root = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT,
                                 background=0xFFFFFFFF)
        self.set_content(self.root)

    def on_resume(self) -> None:
        task = storage.get(self.ctx, self.task_id)
        self.root.clear()
        if task is None:
            self.finish()
            return
        toolbar = LinearLayout("horizontal", id="toolbar", width=MATCH_PARENT, height=dp(56),
                               gravity="center_vertical")
        toolbar.a11y_class = "android.view.ViewGroup"
        toolbar.add(ImageButton("check", content_desc="Save", width=dp(56), height=dp(56),
                                on_click=self.finish))
        title = EditText(task.title or "", id="title", hint="Task name", text_size=sp(22),
                         width=MATCH_PARENT, padding=(dp(16), dp(8)))
        compose = _compose("vertical", id="compose_view", width=MATCH_PARENT,
                           height=WRAP_CONTENT)
        today = datetime.fromtimestamp(self.ctx.now(), tz=timezone.utc).date()
        due = model.relative_due(task.dueDate, today, full=True) if task.dueDate else "Due date"
        compose.add(self._row(TextView(due, text_size=sp(16),
                                       text_color=TEXT if task.dueDate else SECONDARY)))
        prio = _compose("horizontal", width=MATCH_PARENT, height=WRAP_CONTENT,
                        gravity="center_vertical", padding=(dp(16), dp(12)))
        prio.add(TextView("Priority", text_size=sp(16), text_color=TEXT, width=0, weight=1))
        for value in (model.HIGH, model.MEDIUM, model.LOW, model.NONE):
            prio.add(RadioButton("", checked=task.importance == value,
                                 content_desc=model.PRIORITY_NAMES[value], width=dp(48),
                                 height=dp(48)))
        compose.add(prio)
        notes = task.notes or ""
        compose.add(self._row(TextView(notes or "Description", text_size=sp(16),
                                       text_color=TEXT if notes else SECONDARY)))
        scroll = ScrollView(width=MATCH_PARENT, height=0, weight=1)
        column = LinearLayout("vertical", width=MATCH_PARENT, height=WRAP_CONTENT)
        column.add(title, compose)
        scroll.add(column)
        self.root.add(toolbar, scroll)

    def _row(self, text: TextView) -> View:
        row = _compose("horizontal", width=MATCH_PARENT, height=WRAP_CONTENT,
                       padding=(dp(16), dp(12)), clickable=True, focusable=True)
        row.add(text)
        return row
