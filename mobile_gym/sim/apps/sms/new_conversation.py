"""NewConversationActivity: the address field (`new_conversation_address`), the confirm button
(shown from three characters on, as the app does), and the contacts list filtered as you type
(`item_contact_with_number` rows). A forwarded message's text rides along to the thread."""

from __future__ import annotations

from functools import partial

from mobile_gym.apps import sms as sms_app
from mobile_gym.sim.apps.sms import common
from mobile_gym.sim.system.activity import Activity
from mobile_gym.sim.system.providers import Contact
from mobile_gym.sim.ui.layouts import FrameLayout, LinearLayout, RelativeLayout
from mobile_gym.sim.ui.lists import HorizontalScrollView, RecyclerView
from mobile_gym.sim.ui.units import MATCH_PARENT, WRAP_CONTENT, dp, sp
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.widgets import EditText, ImageView, TextView


def _matches(contact: Contact, query: str) -> bool:
    q = query.casefold()
    return q in contact.name.casefold() or any(q in "".join(c for c in n if c.isdigit() or c == "+")
                                               for n, _ in contact.numbers)


class NewConversationActivity(Activity):
    """`.activities.NewConversationActivity`."""

    def on_create(self) -> None:
        self.text = str(self.intent.extras.get(common.THREAD_TEXT) or "")
        self.contacts: list[Contact] = []
        root = FrameLayout(id="new_conversation_coordinator", width=MATCH_PARENT, height=MATCH_PARENT,
                           background=common.BACKGROUND)
        column = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT)
        bar, _ = common.toolbar(sms_app.NEW_CONVERSATION, toolbar_id="new_conversation_toolbar", on_back=self.finish)
        holder = RelativeLayout(id="new_conversation_holder", width=MATCH_PARENT, height=0, weight=1)
        inner = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT)
        line = LinearLayout("horizontal", width=MATCH_PARENT, height=WRAP_CONTENT, gravity="center_vertical",
                            padding=(dp(16), 0, dp(8), 0))
        self.address = EditText("", id="new_conversation_address", hint=sms_app.ADD_CONTACT_OR_NUMBER,
                                input_type="textNoSuggestions", single_line=True, width=0, weight=1,
                                on_text_changed=lambda _v, t: self._on_typed(t))
        self.confirm = ImageView("check", id="new_conversation_confirm", width=dp(48), height=dp(48),
                                 padding=dp(12), icon_color=common.TEXT, clickable=True, focusable=True,
                                 visibility="gone", on_click=self._confirm)
        line.add(self.address, self.confirm)
        self.suggestions_label = TextView("Suggestions", id="suggestions_label", text_size=sp(14),
                                          text_color=common.PRIMARY, padding=(dp(16), dp(8)))
        self.suggestions = LinearLayout("horizontal", id="suggestions_holder", width=WRAP_CONTENT,
                                        height=WRAP_CONTENT)
        scroll = HorizontalScrollView(id="suggestions_scrollview", width=MATCH_PARENT, height=WRAP_CONTENT)
        scroll.add(self.suggestions)
        self.list = RecyclerView(id="contacts_list", width=MATCH_PARENT, height=0, weight=1)
        inner.add(line, self.suggestions_label, scroll, self.list)
        holder.add(inner)
        column.add(bar, holder)
        root.add(column)
        self.set_content(root)
        self.address.request_focus()

    def on_resume(self) -> None:
        self.contacts = [c for c in self.ctx.content.contacts.contacts() if c.numbers]
        self._on_typed(self.address.text)

    def _on_typed(self, text: str) -> None:
        query = text.strip()
        shown = [c for c in self.contacts if not query or _matches(c, query)]
        shown.sort(key=lambda c: not c.name.casefold().startswith(query.casefold()))
        self.list.set_items([self._contact_row(c) for c in shown])
        self.confirm.visibility = "visible" if len(text) > 2 else "gone"
        suggested = self.contacts[:3] if not query else []
        self.suggestions.clear()
        for c in suggested:
            self.suggestions.add(self._suggestion(c))
        self.suggestions_label.visibility = "visible" if suggested else "gone"

    def _contact_row(self, contact: Contact) -> View:
        number = contact.numbers[0][0]
        frame = FrameLayout(id="item_contact_frame", width=MATCH_PARENT, height=WRAP_CONTENT, clickable=True,
                            focusable=True, on_click=partial(self._open, number, contact.name))
        line = LinearLayout("horizontal", id="item_contact_holder", width=MATCH_PARENT, height=WRAP_CONTENT,
                            gravity="center_vertical", padding=(dp(16), dp(8)))
        line.add(common.avatar(contact.name, "item_contact_image"))
        texts = LinearLayout("vertical", width=0, weight=1, height=WRAP_CONTENT, padding=(dp(16), 0, 0, 0))
        texts.add(TextView(contact.name, id="item_contact_name", text_size=sp(16), text_color=common.TEXT,
                           max_lines=1))
        texts.add(TextView(number, id="item_contact_number", text_size=sp(14), text_color=common.SECONDARY,
                           max_lines=1))
        line.add(texts)
        frame.add(line)
        return frame

    def _suggestion(self, contact: Contact) -> View:
        holder = LinearLayout("vertical", id="suggested_contact_holder", width=dp(80), height=WRAP_CONTENT,
                              gravity="center_horizontal", clickable=True, focusable=True,
                              on_click=partial(self._open, contact.numbers[0][0], contact.name))
        holder.add(common.avatar(contact.name, "suggested_contact_image"))
        holder.add(TextView(contact.name, id="suggested_contact_name", text_size=sp(12), text_color=common.TEXT,
                            max_lines=1))
        return holder

    def _confirm(self) -> None:
        number = self.address.text.strip()
        if number:
            self._open(number, number)

    def _open(self, number: str, title: str) -> None:
        extras = {common.THREAD_NUMBER: number, common.THREAD_TITLE: title}
        if self.text:
            extras[common.THREAD_TEXT] = self.text
        self.start_activity(sms_app.THREAD_ACTIVITY, **extras)
        self.finish()
