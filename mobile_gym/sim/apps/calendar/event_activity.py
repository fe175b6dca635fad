"""EventActivity: the event editor (`activity_event.xml`), new and existing events.

The rules (date/time moves, validation, the saved row) live in `editor_state.EditorState`;
this module builds the views, wires the dialogs and runs the save / delete flows as
`EventActivity.saveCurrentEvent`, `saveEvent`, `storeEvent` and `deleteEvent` do.
"""

from __future__ import annotations

from datetime import date, datetime

from mobile_gym.apps import calendar as model

from ...system.activity import Activity
from ...ui.layouts import RelativeLayout
from ...ui.lists import ScrollView
from ...ui.units import MATCH_PARENT, WRAP_CONTENT, dp
from ...ui.widgets import CheckBox, EditText, ImageButton, ImageView, TextView
from . import dates, dialogs, formatting, theme
from .date_picker import show_date_picker
from .editor_common import (
    MenuItem,
    after_reminder_disclaimer,
    editor_menu,
    row_icon,
    row_text,
    save_after_disclaimer,
)
from .editor_state import TITLE_EMPTY, EditorState
from .flat_rows import FlatRows, group
from .storage import CalendarStorage
from .time_picker import show_time_picker

EXTRA_EVENT_ID = "event_id"
EXTRA_OCCURRENCE_TS = "event_occurrence_ts"
EXTRA_NEW_EVENT_START_TS = "new_event_start_ts"
EXTRA_IS_DUPLICATE = "is_duplicate_intent"
SAVE_DISCARD_PROMPT_INTERVAL = 1.0  # seconds between two Save/Discard prompts


def _divider() -> ImageView:
    return ImageView(width=MATCH_PARENT, height=1, background=theme.DIVIDER,
                     margin=(0, dp(8), 0, dp(8)))


class EventActivity(Activity):
    """New Event / Edit Event."""

    action_mode_overlay = True  # Simple Commons' theme sets windowActionModeOverlay

    launch_mode = "singleTask"

    # -- lifecycle ------------------------------------------------------------------------
    def on_create(self) -> None:
        self.store = CalendarStorage(self.ctx)
        self.store.ensure_created()
        self._last_prompt = -1e9
        self.occurrence_ts = int(self.intent.extras.get(EXTRA_OCCURRENCE_TS, 0) or 0)
        event_id = int(self.intent.extras.get(EXTRA_EVENT_ID, 0) or 0)
        event = self.store.db.get(event_id) if event_id else None
        if event_id and event is None:
            self.finish()  # the row went away (deleted elsewhere)
            return
        if event is not None:
            self.state = EditorState.edit(event)
            if self.occurrence_ts and event.repeat_interval:
                span = event.end_ts - event.start_ts
                self.state.start = dates.to_datetime(self.occurrence_ts)
                self.state.end = dates.to_datetime(self.occurrence_ts + span)
                self.state.mark_opened()
            if self.intent.extras.get(EXTRA_IS_DUPLICATE):
                self.state.original = event.with_(id=None, import_id="")
        else:
            start_ts = self.intent.extras.get(EXTRA_NEW_EVENT_START_TS)
            if start_ts is None:
                start = dates.new_event_start(self.today, self.now_dt)
            else:
                start = dates.to_datetime(int(start_ts))
            self.state = EditorState.new(start, self.store.prefs.new_event_reminders())
        self._build()
        self._refresh_texts()
        if self.state.is_new:
            self.title_edit.request_focus()  # SOFT_INPUT_STATE_ALWAYS_VISIBLE

    @property
    def now_dt(self) -> datetime:
        return dates.to_datetime(int(self.ctx.now()))

    @property
    def today(self) -> date:
        return self.now_dt.date()

    # -- views ----------------------------------------------------------------------------
    def _build(self) -> None:
        s = self.state
        is_new = s.is_new
        toolbar = group("horizontal", id="event_toolbar", width=MATCH_PARENT,
                        height=theme.TOOLBAR_HEIGHT, gravity="center_vertical",
                        background=theme.BACKGROUND)
        items: list[MenuItem] = [("save", "Save", "check", self.save_current_event)]
        if not is_new:
            items += [("delete", "Delete", "delete", self.delete_event),
                      ("duplicate", "Duplicate event", "copy", self.duplicate_event),
                      ("share", "Share", "share", lambda: None)]
        menu = editor_menu(items)
        toolbar.add(
            ImageButton("arrow_back", content_desc="Navigate up", icon_color=theme.TEXT,
                        width=dp(56), height=dp(56), on_click=lambda: self.on_back()),
            TextView("New Event" if is_new else "Edit Event", text_size=theme.ACTIONBAR_TEXT,
                     text_color=theme.TEXT, width=0, weight=1, max_lines=1,
                     padding=(dp(16), 0, 0, 0)),
            menu)

        self.title_edit = EditText(s.title, id="event_title", hint="Title", single_line=True,
                                   max_length=180, input_type="textCapSentences",
                                   text_size=theme.BIG_TEXT, width=MATCH_PARENT,
                                   margin=(dp(16), dp(16), dp(16), 0),
                                   on_text_changed=lambda v, t: setattr(self.state, "title", t))
        self.location_edit = EditText(s.location, id="event_location", hint="Location",
                                      single_line=True, max_length=180, input_type="textCapWords",
                                      text_size=theme.BIG_TEXT, width=0, weight=1,
                                      margin=(dp(16), dp(16), 0, 0),
                                      on_text_changed=lambda v, t: setattr(self.state, "location", t))
        map_pin = ImageView("location", id="event_show_on_map", clickable=True, focusable=True,
                            icon_color=theme.PRIMARY, padding=dp(6), margin=(0, dp(16), dp(16), 0),
                            on_click=self._show_on_map)
        self.description_edit = EditText(s.description, id="event_description", hint="Description",
                                         input_type="textCapSentences|textMultiLine",
                                         text_size=theme.BIG_TEXT, width=MATCH_PARENT,
                                         margin=(dp(16), dp(16), dp(16), 0),
                                         on_text_changed=lambda v, t: setattr(self.state, "description", t))
        self.all_day = CheckBox("All-day", id="event_all_day", checked=s.all_day, clickable=False,
                                focusable=False, text_size=theme.BIG_TEXT, width=MATCH_PARENT)
        all_day_holder = RelativeLayout(id="event_all_day_holder", clickable=True, focusable=True,
                                        width=0, weight=1, padding=(0, dp(4), dp(16), dp(4)),
                                        on_click=self._toggle_all_day)
        all_day_holder.add(self.all_day)
        self.start_date = row_text("", "event_start_date", on_click=lambda: self._pick_date(True))
        self.start_time = row_text("", "event_start_time", on_click=lambda: self._pick_time(True),
                                   padding=dp(16))
        self.end_date = row_text("", "event_end_date", on_click=lambda: self._pick_date(False))
        self.end_time = row_text("", "event_end_time", on_click=lambda: self._pick_time(False),
                                 padding=dp(16))
        self.reminders = [
            row_text("", f"event_reminder_{i}", width=0, weight=1, max_lines=1,
                     on_click=(lambda i=i: self._pick_reminder(i - 1)))
            for i in (1, 2, 3)]
        self.repetition = row_text("", "event_repetition", width=0, weight=1,
                                   on_click=self._pick_repetition)
        self.rule_holder = RelativeLayout(id="event_repetition_rule_holder", clickable=True,
                                          focusable=True, width=MATCH_PARENT, visibility="gone",
                                          padding=(0, dp(12), dp(16), dp(12)),
                                          on_click=self._pick_rule)
        self.rule_label = TextView("Repeat on", id="event_repetition_rule_label",
                                   text_size=theme.BIG_TEXT, layout_gravity="start|center_vertical")
        self.rule_value = TextView("", id="event_repetition_rule", text_size=theme.BIG_TEXT,
                                   layout_gravity="end|center_vertical")
        self.rule_holder.add(self.rule_label, self.rule_value)
        self.limit_holder = RelativeLayout(id="event_repetition_limit_holder", clickable=True,
                                           focusable=True, width=MATCH_PARENT, visibility="gone",
                                           padding=(0, dp(12), dp(16), dp(12)),
                                           on_click=self._pick_limit)
        self.limit_label = TextView("Repeat", id="event_repetition_limit_label",
                                    text_size=theme.BIG_TEXT, layout_gravity="start|center_vertical")
        self.limit_value = TextView("Forever", id="event_repetition_limit",
                                    text_size=theme.BIG_TEXT, layout_gravity="end|center_vertical")
        self.limit_holder.add(self.limit_label, self.limit_value)
        type_holder = RelativeLayout(id="event_type_holder", clickable=True, focusable=True,
                                     width=0, weight=1, padding=(0, dp(16), dp(16), dp(16)),
                                     on_click=self._pick_event_type)
        self.type_text = TextView(model.REGULAR_EVENT_TYPE_TITLE, id="event_type",
                                  text_size=theme.BIG_TEXT, layout_gravity="start|center_vertical")
        self.type_color = ImageView(id="event_type_color", width=dp(20), height=dp(20),
                                    corner_radius=dp(10), background=theme.REGULAR_EVENT_COLOR,
                                    layout_gravity="end|center_vertical")
        type_holder.add(self.type_text, self.type_color)
        color_holder = RelativeLayout(id="event_color_holder", clickable=True, focusable=True,
                                      width=0, weight=1, padding=(0, dp(16), dp(16), dp(16)),
                                      on_click=lambda: None)
        color_holder.add(
            TextView("Event color", id="event_color_text", text_size=theme.BIG_TEXT,
                     layout_gravity="start|center_vertical"),
            ImageView(id="event_color", width=dp(20), height=dp(20), corner_radius=dp(10),
                      background=theme.REGULAR_EVENT_COLOR, layout_gravity="end|center_vertical"))

        indent = dp(12) + dp(40) + dp(6)
        holder = FlatRows(id="event_holder", width=MATCH_PARENT, height=WRAP_CONTENT,
                          padding=(0, 0, 0, dp(64)))
        holder.add_row(self.title_edit)
        holder.add_row(self.location_edit, map_pin)
        holder.add_row(self.description_edit)
        holder.add_row(ImageView(id="event_description_divider", width=MATCH_PARENT, height=1,
                                 background=theme.DIVIDER, margin=(0, dp(16), 0, dp(8))))
        holder.add_row(row_icon("schedule", "event_time_image"), all_day_holder)
        self.start_date.weight = 1
        self.start_date.width = 0
        self.end_date.weight = 1
        self.end_date.width = 0
        holder.add_row(self.start_date, self.start_time, indent=indent)
        holder.add_row(self.end_date, self.end_time, indent=indent)
        holder.add_row(ImageView(id="event_date_time_divider", width=MATCH_PARENT, height=1,
                                 background=theme.DIVIDER, margin=(0, dp(8), 0, dp(8))))
        holder.add_row(row_icon("notifications", "event_reminder_image"), self.reminders[0])
        holder.add_row(self.reminders[1], indent=indent)
        holder.add_row(self.reminders[2], indent=indent)
        holder.add_row(ImageView(id="event_reminder_divider", width=MATCH_PARENT, height=1,
                                 background=theme.DIVIDER, margin=(0, dp(8), 0, dp(8))))
        holder.add_row(row_icon("repeat", "event_repetition_image"), self.repetition)
        holder.add_row(self.rule_holder, indent=indent)
        holder.add_row(self.limit_holder, indent=indent)
        holder.add_row(ImageView(id="event_repetition_divider", width=MATCH_PARENT, height=1,
                                 background=theme.DIVIDER, margin=(0, dp(8), 0, dp(8))))
        holder.add_row(row_icon("event", "event_type_image"), type_holder)
        holder.add_row(ImageView(id="event_type_divider", width=MATCH_PARENT, height=1,
                                 background=theme.DIVIDER, margin=(0, dp(8), 0, dp(8))))
        holder.add_row(row_icon("palette", "event_color_image"), color_holder)
        for r in self.reminders[1:]:
            r.width = MATCH_PARENT
            r.weight = 0
            r.visibility = "gone"
        scroll = ScrollView(id="event_nested_scrollview", width=MATCH_PARENT, height=0, weight=1)
        scroll.add(holder)
        root = group("vertical", id="event_coordinator", width=MATCH_PARENT, height=MATCH_PARENT,
                     background=theme.BACKGROUND)
        root.add(toolbar, scroll)
        self.set_content(root)

    def _refresh_texts(self) -> None:
        s, today = self.state, self.today
        self.start_date.text = formatting.day_title(s.start.date(), today)
        self.start_time.text = formatting.time_text(s.start)
        self.end_date.text = formatting.day_title(s.end.date(), today)
        self.end_time.text = formatting.time_text(s.end)
        for v in (self.start_time, self.end_time):
            v.visibility = "gone" if s.all_day else "visible"
        end_color = theme.RED_TEXT if s.end_before_start else theme.TEXT
        self.end_date.text_color = end_color
        self.end_time.text_color = end_color
        self.all_day.checked = s.all_day
        r1, r2, r3 = s.reminders
        self.reminders[0].text = formatting.reminder_text(r1)
        for view, value, shown in ((self.reminders[1], r2, r1 != model.REMINDER_OFF or r2 != model.REMINDER_OFF),
                                   (self.reminders[2], r3, (r1 != model.REMINDER_OFF and r2 != model.REMINDER_OFF)
                                    or r3 != model.REMINDER_OFF)):
            if view.visibility == "gone" and not shown:
                continue
            view.visibility = "visible"
            off = value == model.REMINDER_OFF
            view.text = "Add another reminder" if off else formatting.reminder_text(value)
            view.text_color = 0x661B1B1F if off else theme.TEXT  # alpha 0.4
        self.repetition.text = formatting.repetition_text(s.repeat_interval)
        repeating = s.repeat_interval > 0
        weekly = repeating and model.is_weekly(s.repeat_interval)
        monthly_or_yearly = repeating and model.is_monthly_or_yearly(s.repeat_interval)
        self.rule_holder.visibility = "visible" if (weekly or monthly_or_yearly) else "gone"
        if weekly:
            self.rule_label.text = "Repeat on"
            self.rule_value.text = formatting.weekly_rule_text(s.repeat_rule)
        elif monthly_or_yearly:
            same = s.repeat_rule in (model.REPEAT_SAME_DAY, model.REPEAT_LAST_DAY)
            self.rule_label.text = "Repeat on" if same else "Repeat"
            self.rule_value.text = "The last day" if s.repeat_rule == model.REPEAT_LAST_DAY else "The same day"
        self.limit_holder.visibility = "visible" if repeating else "gone"
        limit_label, limit_value = formatting.repeat_limit_text(s.repeat_limit)
        self.limit_label.text = limit_label
        self.limit_value.text = limit_value

    # -- field actions --------------------------------------------------------------------
    def _hide_keyboard(self) -> None:
        for e in (self.title_edit, self.location_edit, self.description_edit):
            e.clear_focus()

    def _toggle_all_day(self) -> None:
        self._hide_keyboard()
        self.state.set_all_day(not self.state.all_day)
        self._refresh_texts()

    def _pick_date(self, is_start: bool) -> None:
        self._hide_keyboard()
        current = (self.state.start if is_start else self.state.end).date()

        def chosen(d: date) -> None:
            if is_start:
                self.state.set_start_date(d)
            else:
                self.state.set_end_date(d)
            self._refresh_texts()

        show_date_picker(self, current, chosen)

    def _pick_time(self, is_start: bool) -> None:
        self._hide_keyboard()
        current = self.state.start if is_start else self.state.end

        def chosen(hour: int, minute: int) -> None:
            if is_start:
                self.state.set_start_time(hour, minute)
            else:
                self.state.set_end_time(hour, minute)
            self._refresh_texts()

        show_time_picker(self, current.hour, current.minute, chosen)

    def _pick_reminder(self, slot: int) -> None:
        self._hide_keyboard()

        def chosen(minutes: int) -> None:
            self.state.reminders[slot] = minutes
            self._refresh_texts()

        def open_picker() -> None:
            dialogs.show_reminder_dialog(self, self.state.reminders[slot], chosen)

        if slot == 0:
            after_reminder_disclaimer(self, self.store.prefs, open_picker)
        else:
            open_picker()

    def _pick_repetition(self) -> None:
        self._hide_keyboard()

        def chosen(seconds: int) -> None:
            self.state.set_repeat_interval(seconds)
            self._refresh_texts()

        dialogs.show_repeat_interval_dialog(self, self.state.repeat_interval, chosen)

    def _pick_rule(self) -> None:
        self._hide_keyboard()

        def chosen(rule: int) -> None:
            if rule == 0:
                self.state.repeat_rule = 0
                self.state.set_repeat_interval(0)
            else:
                self.state.repeat_rule = rule
            self._refresh_texts()

        dialogs.show_repeat_rule_dialog(self, self.state, chosen)

    def _pick_limit(self) -> None:
        self._hide_keyboard()

        def chosen(limit: int) -> None:
            self.state.repeat_limit = limit
            self._refresh_texts()

        dialogs.show_repeat_limit_dialog(self, self.state, self.today, chosen)

    def _pick_event_type(self) -> None:
        self._hide_keyboard()
        types = self.store.db.event_types()

        def chosen(type_id: int) -> None:
            self.state.event_type = type_id
            match = [t for t in types if t.id == type_id]
            if match:
                self.type_text.text = match[0].title
                self.type_color.background = theme.argb_to_color(match[0].color)

        dialogs.show_event_type_dialog(self, types, self.state.event_type, chosen)

    def _show_on_map(self) -> None:
        if not self.state.location:
            self.show_toast("Please fill in a location to be shown on a map")

    # -- save / delete --------------------------------------------------------------------
    def save_current_event(self) -> None:
        """`saveCurrentEvent`: the reminder Disclaimer first (once), then `saveEvent`."""
        save_after_disclaimer(self, self.store.prefs, self.state.reminders, self._save_event)

    def _save_event(self) -> None:
        s = self.state
        error = s.validate()
        if error is not None:
            self.show_toast(error)
            if error == TITLE_EMPTY:
                self.title_edit.request_focus()
            return
        now_ms = int(round(self.ctx.now() * 1000))
        was_repeatable = s.original is not None and s.original.repeat_interval > 0
        event = s.to_event(now_ms)
        self.store.prefs.remember_reminders(event.reminders)
        self.store.prefs.put(last_used_local_event_type_id=event.event_type,
                             longs=("last_used_local_event_type_id",))
        if s.is_new:
            new_id = self.store.db.insert(event.with_(id=None))
            self._saved_toast(event.with_(id=new_id))
            self._close()
        elif s.repeat_interval > 0 and was_repeatable:
            dialogs.show_edit_repeating_dialog(self, lambda choice: self._store_repeating(event, choice))
        else:
            self.store.db.update(event)
            self._saved_toast(event)
            self._close()

    def _store_repeating(self, event: model.Event, choice: int) -> None:
        """EditRepeatingEventDialog: 0 this occurrence, 1 this and future, 2 all."""
        occurrence = self.occurrence_ts or event.start_ts
        parent_id = event.id
        assert parent_id is not None
        if choice == 0:
            self.store.add_repetition_exception(parent_id, occurrence)
            self.store.db.insert(event.with_(id=None, parent_id=parent_id, repeat_rule=0,
                                             repeat_interval=0, repeat_limit=0))
        elif choice == 1:
            self.store.add_repeat_limit(parent_id, occurrence)
            self.store.db.insert(event.with_(id=None))
        else:
            self.store.db.update(event)
        self._saved_toast(event)
        self._close()

    def _saved_toast(self, event: model.Event) -> None:
        """`scheduleNextEventReminder(showToasts)`: "Time remaining:\\n…" or "Saving…"."""
        now = self.ctx.now()
        reminder_secs = sorted((m * 60 for m in event.reminders if m != model.REMINDER_OFF),
                               reverse=True)
        for start in ([event.start_ts] if not event.repeat_interval else
                      [o.start_ts for o in self.store.occurrences_after(event, int(now))]):
            for secs in reminder_secs:
                if start - secs > now:
                    remaining = int((start - secs) * 1000 + 1000 - now * 1000) // 1000
                    self.show_toast("Time remaining:\n" + formatting.duration_text(remaining))
                    return
        self.show_toast("Saving…")

    def _close(self) -> None:
        self._hide_keyboard()
        self.finish()

    def delete_event(self) -> None:
        original = self.state.original
        if original is None or original.id is None:
            return
        event_id = original.id

        def confirmed(mode: int) -> None:
            if mode == model.DELETE_SELECTED_OCCURRENCE:
                self.store.add_repetition_exception(event_id, self.occurrence_ts or original.start_ts)
            elif mode == model.DELETE_FUTURE_OCCURRENCES:
                self.store.add_repeat_limit(event_id, self.occurrence_ts or original.start_ts)
            else:
                self.store.db.delete([event_id])
            self._close()

        dialogs.show_delete_event_dialog(self, original.repeat_interval > 0, confirmed)

    def duplicate_event(self) -> None:
        original = self.state.original
        if original is None or original.id is None:
            return
        self._hide_keyboard()
        self.finish()
        self.ctx.start_activity(".activities.EventActivity", **{
            EXTRA_EVENT_ID: original.id, EXTRA_OCCURRENCE_TS: self.occurrence_ts,
            EXTRA_IS_DUPLICATE: True})

    # -- back -----------------------------------------------------------------------------
    def on_back(self) -> bool:
        """Unsaved changes -> "Save before exit?" (Save / Discard), at most once a second."""
        now = self.ctx.now()
        if now - self._last_prompt > SAVE_DISCARD_PROMPT_INTERVAL and self.state.is_changed():
            self._last_prompt = now

            def answer(save: bool) -> None:
                if save:
                    self.save_current_event()
                else:
                    self._close()

            dialogs.show_save_discard_dialog(self, answer)
            return True
        self._close()
        return True
