"""TaskActivity (`activity_task.xml`): tasks are rows of `events` with `type` = 1 and
end = start. Same editor rules as events (EditorState), fewer fields.
"""

from __future__ import annotations

from datetime import date

from mobile_gym.apps import calendar as model

from ...system.activity import Activity
from ...ui.layouts import RelativeLayout
from ...ui.lists import ScrollView
from ...ui.units import MATCH_PARENT, WRAP_CONTENT, dp
from ...ui.widgets import CheckBox, EditText, ImageButton, TextView
from . import dates, dialogs, formatting, theme
from .date_picker import show_date_picker
from .editor_common import MenuItem, editor_menu, row_icon, row_text, save_after_disclaimer
from .editor_state import TITLE_EMPTY, EditorState
from .event_activity import EXTRA_EVENT_ID, EXTRA_NEW_EVENT_START_TS
from .flat_rows import FlatRows, group
from .storage import CalendarStorage
from .time_picker import show_time_picker


class TaskActivity(Activity):
    """New Task / Edit Task."""

    action_mode_overlay = True  # Simple Commons' theme sets windowActionModeOverlay

    launch_mode = "singleTask"

    def on_create(self) -> None:
        self.store = CalendarStorage(self.ctx)
        self.store.ensure_created()
        task_id = int(self.intent.extras.get(EXTRA_EVENT_ID, 0) or 0)
        task = self.store.db.get(task_id) if task_id else None
        if task_id and task is None:
            self.finish()
            return
        if task is not None:
            self.state = EditorState.edit(task)
        else:
            start_ts = self.intent.extras.get(EXTRA_NEW_EVENT_START_TS)
            now = dates.to_datetime(int(self.ctx.now()))
            start = dates.new_event_start(now.date(), now) if start_ts is None \
                else dates.to_datetime(int(start_ts))
            self.state = EditorState.new(start, self.store.prefs.new_event_reminders())
        self.completed = bool(task is not None and task.flags & model.FLAG_TASK_COMPLETED)
        self._build()
        self._refresh()
        if self.state.is_new:
            self.title_edit.request_focus()

    def _build(self) -> None:
        s = self.state
        toolbar = group("horizontal", id="task_toolbar", width=MATCH_PARENT,
                        height=theme.TOOLBAR_HEIGHT, gravity="center_vertical")
        items: list[MenuItem] = [("save", "Save", "check", self._save_current)]
        if not s.is_new:
            items += [("delete", "Delete", "delete", self._delete),
                      ("duplicate", "Duplicate task", "copy", lambda: None),
                      ("share", "Share", "share", lambda: None)]
        menu = editor_menu(items)
        toolbar.add(ImageButton("arrow_back", content_desc="Navigate up", icon_color=theme.TEXT,
                                width=dp(56), height=dp(56), on_click=lambda: self.on_back()),
                    TextView("New Task" if s.is_new else "Edit Task", text_size=theme.ACTIONBAR_TEXT,
                             text_color=theme.TEXT, width=0, weight=1,
                             padding=(dp(16), 0, 0, 0)),
                    menu)
        self.title_edit = EditText(s.title, id="task_title", hint="Title", single_line=True,
                                   max_length=180, text_size=theme.BIG_TEXT, width=MATCH_PARENT,
                                   margin=(dp(16), dp(16), dp(16), 0),
                                   on_text_changed=lambda v, t: setattr(self.state, "title", t))
        self.description_edit = EditText(s.description, id="task_description", hint="Description",
                                         input_type="textCapSentences|textMultiLine",
                                         text_size=theme.BIG_TEXT, width=MATCH_PARENT,
                                         margin=(dp(16), dp(16), dp(16), 0),
                                         on_text_changed=lambda v, t: setattr(self.state, "description", t))
        self.all_day = CheckBox("All-day", id="task_all_day", clickable=False, focusable=False,
                                text_size=theme.BIG_TEXT, width=MATCH_PARENT)
        all_day_holder = RelativeLayout(id="task_all_day_holder", clickable=True, width=0,
                                        weight=1, on_click=self._toggle_all_day)
        all_day_holder.add(self.all_day)
        self.date_text = row_text("", "task_date", on_click=self._pick_date, width=0, weight=1)
        self.time_text = row_text("", "task_time", on_click=self._pick_time, padding=dp(16))
        self.reminder = row_text("", "task_reminder_1", on_click=self._pick_reminder, width=0, weight=1)
        self.repetition = row_text("", "task_repetition", on_click=self._pick_repetition, width=0, weight=1)
        type_holder = RelativeLayout(id="task_type_holder", clickable=True, width=0, weight=1,
                                     padding=(0, dp(16), dp(16), dp(16)))
        type_holder.add(TextView(model.REGULAR_EVENT_TYPE_TITLE, id="task_type",
                                 text_size=theme.BIG_TEXT))
        color_holder = RelativeLayout(id="task_color_holder", clickable=True, width=0, weight=1,
                                      padding=(0, dp(16), dp(16), dp(16)))
        color_holder.add(TextView("Task color", id="task_color_text", text_size=theme.BIG_TEXT))
        self.toggle_complete = TextView("Mark completed" if not self.completed else "Mark uncompleted",
                                        id="toggle_mark_complete", clickable=True,
                                        text_color=theme.PRIMARY, font_weight="medium",
                                        padding=dp(16), visibility="gone" if s.is_new else "visible",
                                        on_click=self._toggle_completed)
        indent = dp(12) + dp(40) + dp(6)
        holder = FlatRows(id="task_holder", width=MATCH_PARENT, height=WRAP_CONTENT)
        holder.add_row(self.title_edit)
        holder.add_row(self.description_edit)
        holder.add_row(row_icon("schedule", "task_time_image"), all_day_holder)
        holder.add_row(self.date_text, self.time_text, indent=indent)
        holder.add_row(row_icon("notifications", "task_reminder_image"), self.reminder)
        holder.add_row(row_icon("repeat", "task_repetition_image"), self.repetition)
        holder.add_row(row_icon("event", "task_type_image"), type_holder)
        holder.add_row(row_icon("palette", "task_color_image"), color_holder)
        holder.add_row(self.toggle_complete)
        scroll = ScrollView(id="task_nested_scrollview", width=MATCH_PARENT, height=0, weight=1)
        scroll.add(holder)
        root = group("vertical", id="task_coordinator", width=MATCH_PARENT, height=MATCH_PARENT,
                     background=theme.BACKGROUND)
        root.add(toolbar, scroll)
        self.set_content(root)

    def _refresh(self) -> None:
        s = self.state
        today = dates.to_datetime(int(self.ctx.now())).date()
        self.date_text.text = formatting.day_title(s.start.date(), today)
        self.time_text.text = formatting.time_text(s.start)
        self.time_text.visibility = "gone" if s.all_day else "visible"
        self.all_day.checked = s.all_day
        self.reminder.text = formatting.reminder_text(s.reminders[0])
        self.repetition.text = formatting.repetition_text(s.repeat_interval)

    def _toggle_all_day(self) -> None:
        self.state.set_all_day(not self.state.all_day)
        self._refresh()

    def _toggle_completed(self) -> None:
        original = self.state.original
        if original is None or original.id is None:
            return
        flags = original.flags ^ model.FLAG_TASK_COMPLETED
        self.store.db.update(original.with_(flags=flags))
        self.finish()

    def _pick_date(self) -> None:
        def chosen(d: date) -> None:
            self.state.set_start_date(d)
            self._refresh()
        show_date_picker(self, self.state.start.date(), chosen)

    def _pick_time(self) -> None:
        def chosen(h: int, m: int) -> None:
            self.state.set_start_time(h, m)
            self._refresh()
        show_time_picker(self, self.state.start.hour, self.state.start.minute, chosen)

    def _pick_reminder(self) -> None:
        def chosen(minutes: int) -> None:
            self.state.reminders[0] = minutes
            self._refresh()
        dialogs.show_reminder_dialog(self, self.state.reminders[0], chosen)

    def _pick_repetition(self) -> None:
        def chosen(seconds: int) -> None:
            self.state.set_repeat_interval(seconds)
            self._refresh()
        dialogs.show_repeat_interval_dialog(self, self.state.repeat_interval, chosen)

    def _save_current(self) -> None:
        """`saveCurrentEvent`: the reminder Disclaimer first (once), then the save."""
        save_after_disclaimer(self, self.store.prefs, self.state.reminders, self._save)

    def _save(self) -> None:
        s = self.state
        if not s.title:
            self.show_toast(TITLE_EMPTY)
            self.title_edit.request_focus()
            return
        s.end = s.start
        now_ms = int(round(self.ctx.now() * 1000))
        task = s.to_event(now_ms).with_(type=model.TYPE_TASK)
        if self.completed:
            task = task.with_(flags=task.flags | model.FLAG_TASK_COMPLETED)
        if s.is_new:
            self.store.db.insert(task.with_(id=None))
        else:
            self.store.db.update(task)
        self.show_toast("Saving…")
        self.title_edit.clear_focus()
        self.finish()

    def _delete(self) -> None:
        original = self.state.original
        if original is None or original.id is None:
            return
        task_id = original.id

        def confirmed(mode: int) -> None:
            self.store.db.delete([task_id])
            self.finish()

        dialogs.show_delete_event_dialog(self, False, confirmed)

    def on_back(self) -> bool:
        self.title_edit.clear_focus()
        self.finish()
        return True
