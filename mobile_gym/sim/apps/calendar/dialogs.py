"""Simple-Commons / Simple-Calendar dialogs built on an AppCompat AlertDialog frame.

Frame: the toolkit's AppCompat AlertDialog (`parentPanel` > `topPanel` > `alertTitle` /
`customPanel` > `custom` > the dialog's own view / `buttonPanel` > `android:id/button3`
(neutral), `button2` (negative), `button1` (positive)); AppCompat ids are merged into the app
package, the message and buttons keep `android:id/`.
"""

from __future__ import annotations

import calendar as _cal
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from mobile_gym.apps import calendar as model

from ...ui.dialogs import Dismissable, alert_dialog
from ...ui.layouts import LinearLayout, RadioGroup, RelativeLayout
from ...ui.lists import ScrollView
from ...ui.units import MATCH_PARENT, WRAP_CONTENT, dp
from ...ui.view import View
from ...ui.widgets import EditText, RadioButton, TextView
from . import dates, formatting, theme

if TYPE_CHECKING:
    from ...system.activity import Activity, DialogHandle
    from .editor_state import EditorState

REMINDER_WARNING = ("Please make sure the reminders work properly before relying on them. "
                    "Check your device battery and notification settings, if there is nothing "
                    "blocking the reminders, or killing the app in the background.")


@dataclass
class DialogButton:
    text: str
    on_click: Callable[[], Any] | None  # None = just dismiss


def dialog_frame(*, title: str = "", message: str = "", custom: View | None = None,
                 positive: DialogButton | None = None, negative: DialogButton | None = None,
                 neutral: DialogButton | None = None) -> View:
    """The AppCompat AlertDialog root (toolkit `alert_dialog`); buttons run, then dismiss."""
    def spec(b: DialogButton | None):
        if b is None:
            return None
        cb = b.on_click
        return (b.text, (lambda: cb()) if cb is not None else None)

    buttons = [spec(positive), spec(negative), spec(neutral)]
    while buttons and buttons[-1] is None:
        buttons.pop()
    return alert_dialog(title or None, message or None, buttons, view=custom, appcompat=True)


class _Dialog:
    """Shows a dialog root for an activity; `dismiss()` closes it through the system."""

    def __init__(self, activity: Activity) -> None:
        self.activity = activity
        self.handle: DialogHandle | None = None

    def dismiss(self) -> None:
        if self.handle is not None:
            self.handle.dismiss()

    def show(self, root: View, *, cancelable: bool = True,
             on_cancel: Callable[[], Any] | None = None) -> _Dialog:
        self.handle = self.activity.show_dialog(root, cancelable=cancelable, on_cancel=on_cancel)
        if isinstance(root, Dismissable):
            root.request_dismiss = self.dismiss
        return self


def radio_group_dialog(activity: Activity, items: list[tuple[Any, str]], checked: Any,
                       on_pick: Callable[[Any], None], *, title: str = "") -> _Dialog:
    """Commons RadioGroupDialog: a radio per item, no buttons; picking one closes it."""
    d = _Dialog(activity)
    holder = ScrollView(id="dialog_radio_holder", width=MATCH_PARENT, height=WRAP_CONTENT)
    group = RadioGroup(id="dialog_radio_group", width=MATCH_PARENT, height=WRAP_CONTENT,
                       padding=(dp(16), dp(8), dp(16), dp(8)))
    for value, text in items:
        def picked(v: Any = value) -> None:
            d.dismiss()
            on_pick(v)
        group.add(RadioButton(text, checked=(value == checked), width=MATCH_PARENT,
                              text_size=theme.BIG_TEXT, padding=(dp(8), dp(4), dp(8), dp(4)),
                              on_click=picked))
    holder.add(group)
    return d.show(dialog_frame(title=title, custom=holder))


# -- main screen ----------------------------------------------------------------------------

VIEW_ITEMS = [(5, "Daily view"), (4, "Weekly view"), (1, "Monthly view"),
              (7, "Monthly and daily view"), (2, "Yearly view"), (3, "Simple event list")]


def show_view_dialog(activity: Activity, current: int, on_pick: Callable[[int], None]) -> _Dialog:
    """MainActivity.showViewDialog (the "Change view" item)."""
    return radio_group_dialog(activity, VIEW_ITEMS, current, on_pick)


# -- editor ---------------------------------------------------------------------------------

def show_reminder_warning(activity: Activity, on_ok: Callable[[], None]) -> _Dialog:
    """ReminderWarningDialog: "Disclaimer", OK continues, Settings only closes it here."""
    d = _Dialog(activity)
    body = ScrollView(width=MATCH_PARENT, height=WRAP_CONTENT)
    inner = RelativeLayout(width=MATCH_PARENT, height=WRAP_CONTENT)
    inner.add(TextView(REMINDER_WARNING, id="reminder_warning", text_size=theme.BIG_TEXT,
                       text_color=theme.TEXT_SECONDARY, width=MATCH_PARENT,
                       padding=(dp(24), dp(8), dp(24), dp(8))))
    body.add(inner)
    return d.show(dialog_frame(title="Disclaimer", custom=body,
                               positive=DialogButton("OK", on_ok),
                               neutral=DialogButton("Settings", None)))


def reminder_items(current: int) -> list[tuple[int, str]]:
    """showPickSecondsDialog items (minutes; -1 off), the current custom value inserted."""
    values = [-1, 0, 1, 5, 10, 30, 60]
    items = [(v, formatting.reminder_text(v)) for v in values]
    if current not in values:
        items.append((current, formatting.reminder_text(current)))
        items.sort(key=lambda it: it[0])
    return items


def show_reminder_dialog(activity: Activity, current: int, on_pick: Callable[[int], None]) -> _Dialog:
    items: list[tuple[Any, str]] = list(reminder_items(current))
    items.append(("custom", "Custom"))

    def picked(value: Any) -> None:
        if value == "custom":
            show_custom_number_dialog(activity, ("minutes", "hours", "days"),
                                      {"minutes": 1, "hours": 60, "days": 1440}, on_pick)
        else:
            on_pick(int(value))

    return radio_group_dialog(activity, items, current, picked)


def repeat_items(current: int) -> list[tuple[int, str]]:
    values = [0, model.DAY, model.WEEK, model.MONTH, model.YEAR]
    items = [(v, formatting.repetition_text(v)) for v in values]
    if current not in values:
        items.append((current, formatting.repetition_text(current)))
    return items


def show_repeat_interval_dialog(activity: Activity, current: int,
                                on_pick: Callable[[int], None]) -> _Dialog:
    """showEventRepeatIntervalDialog: No repetition / Daily / Weekly / Monthly / Yearly / Custom."""
    items: list[tuple[Any, str]] = list(repeat_items(current))
    items.append(("custom", "Custom"))

    def picked(value: Any) -> None:
        if value == "custom":
            show_custom_number_dialog(activity, ("days", "weeks", "months", "years"),
                                      {"days": model.DAY, "weeks": model.WEEK,
                                       "months": model.MONTH, "years": model.YEAR}, on_pick,
                                      value_id="dialog_custom_repeat_interval_value")
        else:
            on_pick(int(value))

    return radio_group_dialog(activity, items, current, picked)


def show_custom_number_dialog(activity: Activity, units: tuple[str, ...],
                              factors: dict[str, int], on_pick: Callable[[int], None], *,
                              value_id: str = "dialog_custom_interval_value") -> _Dialog:
    """Custom interval: a number field and unit radios, OK / Cancel. Empty or 0 keeps nothing."""
    d = _Dialog(activity)
    body = LinearLayout("vertical", width=MATCH_PARENT, height=WRAP_CONTENT,
                        padding=(dp(24), 0, dp(24), 0))
    value = EditText("", id=value_id, hint="Value", input_type="number", single_line=True,
                     width=MATCH_PARENT, max_length=5)
    radios = RadioGroup(id="dialog_radio_view", width=MATCH_PARENT, height=WRAP_CONTENT)
    for i, unit in enumerate(units):
        radios.add(RadioButton(unit, id=f"dialog_radio_{unit}", checked=(i == 0), width=MATCH_PARENT))
    body.add(value, radios)

    def ok() -> None:
        digits = "".join(ch for ch in value.text if ch.isdigit())
        n = int(digits) if digits else 0
        checked = radios.checked_button
        unit = checked.text if checked is not None else units[0]
        on_pick(n * factors[unit])

    d.show(dialog_frame(custom=body, positive=DialogButton("OK", ok),
                        negative=DialogButton("Cancel", None)))
    value.request_focus()
    return d


def show_repeat_rule_dialog(activity: Activity, state: EditorState,
                            on_pick: Callable[[int], None]) -> _Dialog:
    """Weekly: day checkboxes (RepeatRuleWeeklyDialog); monthly/yearly: rule radios."""
    interval = state.repeat_interval
    start = state.start.date()
    if model.is_weekly(interval):
        from ...ui.widgets import CheckBox

        d = _Dialog(activity)
        body = LinearLayout("vertical", width=MATCH_PARENT, height=WRAP_CONTENT,
                            padding=(dp(24), 0, dp(24), 0))
        boxes = []
        for i, name in enumerate(formatting.WEEKDAYS):
            cb = CheckBox(name, checked=bool(state.repeat_rule & (1 << i)), width=MATCH_PARENT)
            boxes.append(cb)
            body.add(cb)

        def ok() -> None:
            on_pick(sum(1 << i for i, cb in enumerate(boxes) if cb.checked))

        return d.show(dialog_frame(custom=body, positive=DialogButton("OK", ok),
                                   negative=DialogButton("Cancel", None)))
    items = [(model.REPEAT_SAME_DAY, "Repeat on the same day every month"
              if interval % model.YEAR != 0 else "Repeat on the same day every year")]
    last = start.day == _cal.monthrange(start.year, start.month)[1]
    if last and interval % model.YEAR != 0:
        items.append((model.REPEAT_LAST_DAY, "Repeat on the last day of the month"))
    return radio_group_dialog(activity, items, state.repeat_rule, on_pick)


def show_repeat_limit_dialog(activity: Activity, state: EditorState, today: date,
                             on_pick: Callable[[int], None]) -> _Dialog:
    """RepeatLimitTypePickerDialog: till a date / x times / forever, OK / Cancel."""
    d = _Dialog(activity)
    body = LinearLayout("vertical", width=MATCH_PARENT, height=WRAP_CONTENT,
                        padding=(dp(24), 0, dp(24), 0))
    group = RadioGroup(id="dialog_radio_view", width=MATCH_PARENT, height=WRAP_CONTENT)
    till = RadioButton("Repeat till a date", id="repeat_type_till_date", width=MATCH_PARENT,
                       checked=state.repeat_limit > 0)
    count_row = LinearLayout("horizontal", width=MATCH_PARENT, height=WRAP_CONTENT)
    count_value = EditText(str(-state.repeat_limit) if state.repeat_limit < 0 else "",
                           id="repeat_type_count", hint="Value", input_type="number",
                           single_line=True, width=dp(80))
    x_times = RadioButton("Stop repeating after x occurrences", id="repeat_type_x_times",
                          width=0, weight=1, checked=state.repeat_limit < 0)
    count_row.add(count_value, x_times)
    forever = RadioButton("Repeat forever", id="repeat_type_forever", width=MATCH_PARENT,
                          checked=state.repeat_limit == 0)
    group.add(till, forever)
    body.add(group, count_row)

    def ok() -> None:
        if x_times.checked:
            digits = "".join(ch for ch in count_value.text if ch.isdigit())
            on_pick(-int(digits) if digits and int(digits) > 0 else 0)
        elif till.checked:
            limit = state.repeat_limit if state.repeat_limit > 0 else \
                dates.day_end_ts(state.start.date())
            on_pick(limit)
        else:
            on_pick(0)

    return d.show(dialog_frame(custom=body, positive=DialogButton("OK", ok),
                               negative=DialogButton("Cancel", None)))


def show_event_type_dialog(activity: Activity, types: list[model.EventType], current: int,
                           on_pick: Callable[[int], None]) -> _Dialog:
    """SelectEventTypeDialog: a radio per type (+ "Manage event types")."""
    d = _Dialog(activity)
    body = LinearLayout("vertical", width=MATCH_PARENT, height=WRAP_CONTENT)
    group = RadioGroup(id="dialog_radio_group", width=MATCH_PARENT, height=WRAP_CONTENT,
                       padding=(dp(16), 0, dp(16), 0))
    for t in types:
        def picked(tid: int = t.id) -> None:
            d.dismiss()
            on_pick(tid)
        group.add(RadioButton(t.title, checked=(t.id == current), width=MATCH_PARENT,
                              on_click=picked))
    body.add(group, TextView("Manage event types", id="dialog_manage_event_types",
                             clickable=True, text_color=theme.PRIMARY,
                             padding=(dp(24), dp(16), dp(24), dp(16)), on_click=d.dismiss))
    return d.show(dialog_frame(custom=body))


def show_edit_repeating_dialog(activity: Activity, on_pick: Callable[[int], None]) -> _Dialog:
    """EditRepeatingEventDialog: which occurrences an edit applies to (0, 1, 2)."""
    d = _Dialog(activity)
    body = LinearLayout("vertical", width=MATCH_PARENT, height=WRAP_CONTENT,
                        padding=(dp(24), dp(16), dp(24), 0))
    body.add(TextView("The event is repeatable", id="edit_repeating_event_title",
                      text_size=theme.BIG_TEXT))
    group = RadioGroup(id="edit_repeating_event_radio_view", width=MATCH_PARENT, height=WRAP_CONTENT)
    for i, (vid, text) in enumerate((
            ("edit_repeating_event_one_only", "Update the selected occurrence only"),
            ("edit_repeating_event_this_and_future_occurences", "Update this and all future occurrences"),
            ("edit_repeating_event_all_occurrences", "Update all occurrences"))):
        def picked(i: int = i) -> None:
            d.dismiss()
            on_pick(i)
        group.add(RadioButton(text, id=vid, width=MATCH_PARENT, on_click=picked))
    body.add(group)
    return d.show(dialog_frame(custom=body))


def show_delete_event_dialog(activity: Activity, repeating: bool,
                             on_yes: Callable[[int], None]) -> _Dialog:
    """DeleteEventDialog: the question (+ occurrence radios when repeating), Yes / No."""
    d = _Dialog(activity)
    body = LinearLayout("vertical", id="delete_event_holder", width=MATCH_PARENT,
                        height=WRAP_CONTENT, padding=(dp(24), dp(16), dp(24), 0))
    body.add(TextView("Are you sure you want to proceed with the deletion?",
                      id="delete_event_description", text_size=theme.BIG_TEXT,
                      text_color=theme.TEXT, width=MATCH_PARENT))
    group = None
    if repeating:
        body.add(TextView("The event is repeatable", id="delete_event_repeat_description",
                          text_size=theme.BIG_TEXT, width=MATCH_PARENT,
                          padding=(0, dp(16), 0, dp(8))))
        group = RadioGroup(id="delete_event_radio_view", width=MATCH_PARENT, height=WRAP_CONTENT)
        group.add(RadioButton("Delete the selected occurrence only", id="delete_event_one_only",
                              width=MATCH_PARENT, checked=True),
                  RadioButton("Delete this and all future occurrences", id="delete_event_future",
                              width=MATCH_PARENT),
                  RadioButton("Delete all occurrences", id="delete_event_all", width=MATCH_PARENT))
        body.add(group)

    def yes() -> None:
        mode = model.DELETE_ALL_OCCURRENCES
        if group is not None:
            checked = group.checked_button
            mode = {"delete_event_one_only": model.DELETE_SELECTED_OCCURRENCE,
                    "delete_event_future": model.DELETE_FUTURE_OCCURRENCES}.get(
                checked.id if checked is not None else "", model.DELETE_ALL_OCCURRENCES)
        on_yes(mode)

    return d.show(dialog_frame(custom=body, positive=DialogButton("Yes", yes),
                               negative=DialogButton("No", None)))


def show_save_discard_dialog(activity: Activity, on_answer: Callable[[bool], None]) -> _Dialog:
    """ConfirmationAdvancedDialog "You have unsaved changes. Save before exit?" Save / Discard."""
    d = _Dialog(activity)
    body = LinearLayout("vertical", width=MATCH_PARENT, height=WRAP_CONTENT)
    body.add(TextView("You have unsaved changes. Save before exit?", id="message",
                      text_size=theme.BIG_TEXT, text_color=theme.TEXT, width=MATCH_PARENT,
                      padding=(dp(24), dp(24), dp(24), dp(8))))
    return d.show(dialog_frame(custom=body,
                               positive=DialogButton("Save", lambda: on_answer(True)),
                               negative=DialogButton("Discard", lambda: on_answer(False))))
