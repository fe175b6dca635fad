"""MainActivity with the task list fragment (`fragment_task_list.xml`: `toolbar`,
`body_standard` with the rows, `body_empty`, `bottomAppBar`, `fab`), its navigation drawer
(My Tasks, Today) and the bottom bar's "Show completed" toggle. Rows (`task_adapter_row.xml`)
show the `completeBox` in the priority's colour, the `title`, the `due_date` and the first
line of the notes (`description`). The list is re-read from the database on every resume.
"""

from __future__ import annotations

from datetime import datetime, timezone
from functools import partial

from mobile_gym.apps import tasks as model

from ...system.activity import Activity
from ...ui.layouts import FrameLayout, LinearLayout
from ...ui.lists import RecyclerView
from ...ui.units import MATCH_PARENT, WRAP_CONTENT, dp, sp
from ...ui.view import View
from ...ui.widgets import CheckBox, EditText, ImageButton, ImageView, TextView
from . import storage

BACKGROUND = 0xFFFFFFFF
TEXT = 0xDE000000
SECONDARY = 0x8A000000
OVERDUE = 0xFFF44336
PRIMARY = 0xFF4285F4
FILTERS = ("My Tasks", "Today")


class MainActivity(Activity):
    """`com.todoroo.astrid.activity.MainActivity` (launcher)."""

    launch_mode = "singleTask"

    def on_create(self) -> None:
        self.filter = "My Tasks"
        self.show_completed = False
        self._shown: tuple = ()
        self.title = TextView(self.filter, text_size=sp(20), text_color=TEXT,
                              font_weight="medium", padding=(dp(16), 0), width=0, weight=1)
        toolbar = LinearLayout("horizontal", id="toolbar", width=MATCH_PARENT, height=dp(56),
                               gravity="center_vertical", background=BACKGROUND)
        toolbar.a11y_class = "android.view.ViewGroup"
        self.search = EditText("", id="search_src_text", hint="Search", single_line=True,
                               width=0, weight=1, visibility="gone",
                               on_text_changed=lambda _v, t: self._on_search(t))
        self.query = ""
        toolbar.add(self.title, self.search)
        self.list = RecyclerView(id="recycler_view", width=MATCH_PARENT, height=MATCH_PARENT)
        self.body = FrameLayout(id="body_standard", width=MATCH_PARENT, height=MATCH_PARENT)
        self.body.add(self.list)
        self.empty = TextView("There are no tasks here.", id="body_empty", gravity="center",
                              text_color=SECONDARY, width=MATCH_PARENT, height=MATCH_PARENT,
                              visibility="gone")
        host = FrameLayout(width=MATCH_PARENT, height=0, weight=1)
        host.add(self.body, self.empty)
        bar = LinearLayout("horizontal", id="bottomAppBar", width=MATCH_PARENT, height=dp(56),
                           gravity="center_vertical", background=0xFFF3F3F3)
        bar.a11y_class = "android.view.ViewGroup"
        bar.add(ImageButton("menu", content_desc="Open navigation drawer", width=dp(48),
                            height=dp(48), on_click=self.open_drawer),
                View(width=0, weight=1, height=dp(1)),
                ImageButton("search", id="menu_search", content_desc="Search", width=dp(48),
                            height=dp(48), on_click=self.open_search),
                ImageButton("more_vert", content_desc="More options", width=dp(48),
                            height=dp(48), on_click=self.open_options))
        column = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT,
                              background=BACKGROUND)
        column.add(toolbar, host, bar)
        self.scrim = View(width=MATCH_PARENT, height=MATCH_PARENT, background=0x52000000,
                          visibility="gone", clickable=True, on_click=self.close_overlays)
        self.drawer = LinearLayout("vertical", id="navigation_drawer", width=dp(300),
                                   height=MATCH_PARENT, background=BACKGROUND,
                                   visibility="gone", clickable=True, padding=(0, dp(24)))
        self.options = LinearLayout("vertical", width=dp(220), height=WRAP_CONTENT,
                                    background=BACKGROUND, visibility="gone",
                                    layout_gravity="bottom|end", margin=(0, 0, dp(8), dp(64)))
        self.options.a11y_class = "android.widget.ListView"
        root = FrameLayout(id="drawer_layout", width=MATCH_PARENT, height=MATCH_PARENT)
        root.a11y_class = "androidx.drawerlayout.widget.DrawerLayout"
        root.add(column, self.scrim, self.drawer, self.options)
        self.set_content(root)

    def on_resume(self) -> None:
        storage.ensure_created(self.ctx)
        self.reload()

    def on_back(self) -> bool:
        if self.scrim.visibility == "visible":
            self.close_overlays()
            return True
        if self.search.visibility == "visible":
            self.search.visibility = "gone"
            self.title.visibility = "visible"
            self._on_search("")
            return True
        return super().on_back()

    # -- search: titles and notes containing the text (the app's search filter) ----------------
    def open_search(self) -> None:
        self.title.visibility = "gone"
        self.search.visibility = "visible"
        self.search.request_focus()

    def _on_search(self, text: str) -> None:
        self.query = text.strip()
        self.reload()

    # -- overlays ------------------------------------------------------------------------------
    def close_overlays(self) -> None:
        for v in (self.scrim, self.drawer, self.options):
            v.visibility = "gone"

    def open_drawer(self) -> None:
        self.drawer.clear()
        for name in FILTERS:
            row = LinearLayout("horizontal", width=MATCH_PARENT, height=dp(48),
                               gravity="center_vertical", padding=(dp(16), 0), clickable=True,
                               focusable=True, selected=name == self.filter,
                               on_click=partial(self._pick_filter, name))
            row.add(ImageView("today" if name == "Today" else "check_box_outline",
                              width=dp(24), height=dp(24)),
                    TextView(name, id="text", text_color=TEXT, padding=(dp(24), 0)))
            self.drawer.add(row)
        self.scrim.visibility = self.drawer.visibility = "visible"

    def open_options(self) -> None:
        self.options.clear()
        self.options.add(CheckBox("Show completed", id="title", checked=self.show_completed,
                                  width=MATCH_PARENT, height=dp(48), padding=(dp(16), 0),
                                  on_click=self._toggle_completed))
        self.scrim.visibility = self.options.visibility = "visible"

    def _pick_filter(self, name: str) -> None:
        self.filter = name
        self.title.text = name
        self.close_overlays()
        self.reload()

    def _toggle_completed(self) -> None:
        self.show_completed = not self.show_completed
        self.close_overlays()
        self.reload()

    # -- list ----------------------------------------------------------------------------------
    def _today(self):
        return datetime.fromtimestamp(self.ctx.now(), tz=timezone.utc).date()

    def visible_tasks(self) -> list[model.Task]:
        """The current filter's rows in the app's order: open tasks by due date (none last),
        then priority; completed ones (when shown) after them, latest completion first."""
        now_ms = int(self.ctx.now() * 1000)
        today = self._today()
        tasks = [t for t in storage.load(self.ctx) if t.hideUntil <= now_ms]
        if self.query:
            q = self.query.casefold()
            tasks = [t for t in tasks if q in (t.title or "").casefold()
                     or q in (t.notes or "").casefold()]
        elif self.filter == "Today":
            tasks = [t for t in tasks if t.due_day is not None and t.due_day <= today]
        open_ = sorted((t for t in tasks if not t.is_completed),
                       key=lambda t: (t.dueDate == 0, t.dueDate, t.importance, t._id or 0))
        done = sorted((t for t in tasks if t.is_completed), key=lambda t: -t.completed)
        return open_ + (done if self.show_completed else [])

    def reload(self) -> None:
        tasks = self.visible_tasks()
        key = (tuple(tasks), self._today())
        if key != self._shown:
            self._shown = key
            self.list.set_items([self._row(t) for t in tasks])
        self.body.visibility = "visible" if tasks else "gone"
        self.empty.visibility = "gone" if tasks else "visible"

    def _row(self, task: model.Task) -> View:
        today = self._today()
        row = LinearLayout("horizontal", id="row", width=MATCH_PARENT, height=WRAP_CONTENT,
                           gravity="center_vertical", clickable=True, focusable=True,
                           long_clickable=True, on_click=partial(self._open, task._id))
        box = CheckBox("", id="completeBox", checked=task.is_completed, width=dp(56),
                       height=dp(56), on_click=partial(self._toggle, task))
        box.tint = model.PRIORITY_COLORS.get(task.importance, model.PRIORITY_COLORS[model.NONE])
        body = LinearLayout("vertical", id="rowBody", width=0, weight=1, height=WRAP_CONTENT,
                            padding=(0, dp(12), dp(16), dp(12)))
        line = LinearLayout("horizontal", width=MATCH_PARENT, height=WRAP_CONTENT)
        line.add(TextView(task.title or "(No title)", id="title", text_size=sp(16),
                          text_color=SECONDARY if task.is_completed else TEXT, max_lines=1,
                          width=0, weight=1))
        if task.dueDate:
            overdue = task.due_day is not None and task.due_day < today and not task.is_completed
            line.add(TextView(model.relative_due(task.dueDate, today), id="due_date",
                              text_size=sp(14), text_color=OVERDUE if overdue else SECONDARY,
                              padding=(dp(8), 0, 0, 0)))
        body.add(line)
        if task.notes:
            body.add(TextView(task.notes.splitlines()[0], id="description", text_size=sp(14),
                              text_color=SECONDARY, max_lines=1, width=MATCH_PARENT))
        row.add(box, body)
        return row

    def _open(self, task_id: int | None) -> None:
        self.start_activity("org.tasks.activities.TaskEditActivity", task_id=task_id)

    def _toggle(self, task: model.Task) -> None:
        assert task._id is not None
        storage.set_completed(self.ctx, task._id,
                              0 if task.is_completed else int(self.ctx.now() * 1000))
        self.reload()
