"""Simple SMS Messenger's shared pieces: colours, the toolbar, dates as the app formats them,
the contact-name lookup, and the default-SMS-app role prompt."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any

from mobile_gym.apps import sms as sms_app
from mobile_gym.apps.telephony import normalize_number
from mobile_gym.sim.system.activity import Activity
from mobile_gym.sim.ui.dialogs import alert_dialog, popup_menu
from mobile_gym.sim.ui.layouts import LinearLayout
from mobile_gym.sim.ui.units import MATCH_PARENT, WRAP_CONTENT, dp, sp
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.widgets import ImageButton, ImageView, RadioButton, TextView

PRIMARY = 0xFFF57C00      # Simple-Commons' default primary colour
BACKGROUND = 0xFFFFFFFF
TEXT = 0xFF333333
SECONDARY = 0xB3333333
SENT_BUBBLE = 0xFFF57C00
RECEIVED_BUBBLE = 0xFFE8E8E8
THREAD_ID = "thread_id"
THREAD_TITLE = "thread_title"
THREAD_NUMBER = "thread_number"
THREAD_TEXT = "thread_text"


def format_date(ms: int, now_s: float) -> str:
    """The conversation-list date: the time for today's messages (24-hour, as the phone's clock),
    else the date in Simple-Commons' default `dd.MM.yyyy`."""
    when = datetime.fromtimestamp(ms / 1000, tz=timezone.utc)
    today = datetime.fromtimestamp(now_s, tz=timezone.utc).date()
    if when.date() == today:
        return when.strftime("%H:%M")
    return when.strftime("%d.%m.%Y")


def contact_names(activity: Activity) -> dict[str, str]:
    """Normalised phone number -> contact name (what the app shows instead of a number)."""
    names: dict[str, str] = {}
    for contact in activity.ctx.content.contacts.contacts():
        for number, _kind in contact.numbers:
            names.setdefault(normalize_number(number), contact.name)
    return names


def toolbar(title: str, *, toolbar_id: str, on_back: Callable[[], None] | None,
            actions: list[tuple[str, str, str, Callable[[], None]]] = (),  # type: ignore[assignment]
            on_overflow: Callable[[View], None] | None = None) -> tuple[LinearLayout, TextView]:
    """A MaterialToolbar: optional "Back" navigation, the title, icon actions
    (id, title, icon, handler) and the "More options" button."""
    bar = LinearLayout("horizontal", id=toolbar_id, width=MATCH_PARENT, height=dp(56),
                       gravity="center_vertical", background=BACKGROUND, padding=(dp(4), 0))
    bar.a11y_class = "android.view.ViewGroup"
    if on_back is not None:
        bar.add(ImageButton("arrow_back", content_desc="Back", icon_color=TEXT, width=dp(48),
                            height=dp(48), on_click=lambda: on_back()))
    label = TextView(title, text_size=sp(20), text_color=TEXT, max_lines=1, width=0, weight=1,
                     padding=(dp(16), 0, dp(4), 0))
    bar.add(label)
    for item_id, item_title, icon, handler in actions:
        btn = ImageButton(icon, id=item_id, content_desc=item_title, icon_color=TEXT, width=dp(48),
                          height=dp(48), padding=dp(12), on_click=(lambda h=handler: h()))
        btn.a11y_class = "android.widget.Button"
        bar.add(btn)
    if on_overflow is not None:
        more = ImageView("more_vert", content_desc="More options", icon_color=TEXT, width=dp(40),
                         height=dp(48), padding=(dp(8), dp(12)), clickable=True, focusable=True)
        more.on_click = lambda v: on_overflow(v)
        bar.add(more)
    return bar, label


def show_menu(activity: Activity, anchor: View, items: list[tuple[str, Callable[[], None]]]) -> None:
    activity.show_popup(popup_menu(items, width=dp(220)), anchor.bounds)


def is_default_sms_app(activity: Activity) -> bool:
    return activity.ctx.settings.get("secure", sms_app.DEFAULT_SMS_SETTING) == sms_app.APP.package


def ask_default_sms_app(activity: Activity, on_done: Callable[[bool], None]) -> Any:
    """The SMS role request (RoleManager.createRequestRoleIntent) Android 13 shows for the app:
    pick "SMS Messenger", then "Set as default"; Cancel refuses."""
    holder: list[Any] = []
    choice = RadioButton(sms_app.APP.label, id="android:id/text1", width=MATCH_PARENT, height=dp(56))

    def set_default() -> None:
        if not choice.checked:
            return
        activity.ctx.settings.put("secure", sms_app.DEFAULT_SMS_SETTING, sms_app.APP.package)
        holder[0].dismiss()
        on_done(True)

    def cancel() -> None:
        holder[0].dismiss()
        on_done(False)

    body = LinearLayout("vertical", width=MATCH_PARENT, height=WRAP_CONTENT)
    body.add(choice)
    dialog = alert_dialog(f"Set {sms_app.APP.label} as your default SMS app?", None,
                          [("Set as default", set_default), ("Cancel", cancel)], view=body,
                          dismiss_on_click=False)
    holder.append(activity.show_dialog(dialog, cancelable=True, on_cancel=lambda: on_done(False)))
    return holder[0]


def avatar(name: str, view_id: str) -> View:
    """The round letter avatar of a conversation or contact."""
    image = ImageView("person", id=view_id, width=dp(48), height=dp(48), padding=dp(8),
                      icon_color=0xFFFFFFFF, background=PRIMARY, corner_radius=dp(24))
    return image


def alert(activity: Activity, message: str, positive: str, on_yes: Callable[[], None]) -> Any:
    """A confirmation dialog (message, positive button, Cancel)."""
    holder: list[Any] = []

    def yes() -> None:
        holder[0].dismiss()
        on_yes()

    dialog = alert_dialog(None, message, [(positive, yes), ("Cancel", lambda: holder[0].dismiss())],
                          dismiss_on_click=False)
    holder.append(activity.show_dialog(dialog))
    return holder[0]
