"""Contacts' three screens: the contact list (PeopleActivity), the new-contact editor
(ContactEditorActivity, also the target of the INSERT intent AndroidWorld's setup uses) and
the contact details (QuickContactActivity). Saving writes through the contacts provider."""

from __future__ import annotations

from functools import partial

from mobile_gym.apps import contacts as contacts_app
from mobile_gym.apps.contacts_provider import PHONE_TYPES
from mobile_gym.sim.system.activity import Activity, IntentFilter
from mobile_gym.sim.system.providers import Contact
from mobile_gym.sim.ui.dialogs import popup_menu
from mobile_gym.sim.ui.layouts import FrameLayout, LinearLayout
from mobile_gym.sim.ui.lists import RecyclerView, ScrollView
from mobile_gym.sim.ui.units import MATCH_PARENT, WRAP_CONTENT, dp, sp
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.widgets import Button, EditText, ImageButton, ImageView, TextView

PRIMARY = 0xFF0B57D0
TEXT = 0xFF1F1F1F
SECONDARY = 0xFF444746
SURFACE = 0xFFFFFFFF
CONTACT_ID = "contact_id"


class PeopleActivity(Activity):
    """`com.android.contacts.activities.PeopleActivity`: the list, re-read on every resume."""

    launch_mode = "singleTop"

    def on_create(self) -> None:
        root = FrameLayout(width=MATCH_PARENT, height=MATCH_PARENT, background=SURFACE)
        column = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT)
        search = LinearLayout("horizontal", id="open_search_bar", width=MATCH_PARENT, height=dp(56),
                              gravity="center_vertical", margin=(dp(16), dp(8)), padding=(dp(16), 0),
                              background=0xFFE9EEF6, corner_radius=dp(28))
        search.add(TextView("Search contacts", id="open_search_bar_text_view", text_size=sp(16),
                            text_color=SECONDARY))
        self.empty = TextView("No contacts", id="android:id/text1", text_size=sp(16), text_color=SECONDARY,
                              gravity="center", width=MATCH_PARENT, padding=(0, dp(48)))
        self.list = RecyclerView(id="android:id/list", width=MATCH_PARENT, height=0, weight=1)
        column.add(search, self.empty, self.list)
        fab = ImageButton("add", id="floating_action_button", content_desc=contacts_app.CREATE_CONTACT,
                          width=dp(56), height=dp(56), padding=dp(16), icon_color=0xFF041E49, background=0xFFC2E7FF,
                          corner_radius=dp(16), layout_gravity="bottom|end", margin=(0, 0, dp(16), dp(16)),
                          on_click=self._create)
        root.add(column, fab)
        self.set_content(root)

    def on_resume(self) -> None:
        people = self.ctx.content.contacts.contacts()
        self.list.set_items([self._row(c) for c in people])
        self.empty.visibility = "gone" if people else "visible"

    def _row(self, contact: Contact) -> View:
        row = LinearLayout("horizontal", id="cliv_container", width=MATCH_PARENT, height=dp(56),
                           gravity="center_vertical", padding=(dp(16), 0), clickable=True, focusable=True,
                           content_desc=contact.name, on_click=partial(self._open, contact.contact_id))
        row.add(ImageView("person", width=dp(40), height=dp(40), padding=dp(8), icon_color=0xFFFFFFFF,
                          background=PRIMARY, corner_radius=dp(20)))
        row.add(TextView(contact.name, id="cliv_name_textview", text_size=sp(16), text_color=TEXT, max_lines=1,
                         padding=(dp(16), 0)))
        return row

    def _create(self) -> None:
        self.start_activity(contacts_app.EDITOR_ACTIVITY)

    def _open(self, contact_id: int) -> None:
        self.start_activity(contacts_app.DETAILS_ACTIVITY, **{CONTACT_ID: contact_id})


class ContactEditorActivity(Activity):
    """The "Create contact" editor: first / last name, phone with its label spinner, Save.
    An INSERT intent's `name` and `phone` extras prefill the fields."""

    intent_filters = (IntentFilter((contacts_app.INSERT_ACTION,), mime_types=(contacts_app.CONTACT_DIR_TYPE,)),)

    def on_create(self) -> None:
        extras = self.intent.extras
        first, _, last = str(extras.get("name") or "").partition(" ")
        self.label_index = 0
        root = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT, background=SURFACE)
        bar = LinearLayout("horizontal", id="toolbar", width=MATCH_PARENT, height=dp(64), gravity="center_vertical",
                           padding=(dp(4), 0, dp(12), 0))
        bar.a11y_class = "android.view.ViewGroup"
        bar.add(ImageButton("close", content_desc="Cancel", icon_color=TEXT, width=dp(48), height=dp(48),
                            on_click=self.finish))
        bar.add(TextView(contacts_app.CREATE_CONTACT, text_size=sp(22), text_color=TEXT, width=0, weight=1,
                         padding=(dp(12), 0)))
        save = Button(contacts_app.SAVE, id="toolbar_button", on_click=self._save)
        save.a11y_class = "android.widget.TextView"
        bar.add(save)
        form = LinearLayout("vertical", width=MATCH_PARENT, height=WRAP_CONTENT, padding=(dp(16), dp(8)))
        self.first = EditText(first, id="first_name", hint=contacts_app.FIRST_NAME, single_line=True,
                              input_type="textPersonName|textCapWords", width=MATCH_PARENT, ime_action="next")
        self.last = EditText(last, id="last_name", hint=contacts_app.LAST_NAME, single_line=True,
                             input_type="textPersonName|textCapWords", width=MATCH_PARENT, ime_action="next")
        self.phone = EditText(str(extras.get("phone") or ""), id="phone_number", hint=contacts_app.PHONE,
                              single_line=True, input_type="phone", width=MATCH_PARENT)
        self.label = TextView("", id="phone_type", text_size=sp(16), text_color=TEXT, clickable=True,
                              focusable=True, padding=(dp(4), dp(12)), on_click=self._pick_label)
        self.label.a11y_class = "android.widget.Spinner"
        form.add(self.first, self.last, self.phone, self.label)
        scroll = ScrollView(width=MATCH_PARENT, height=0, weight=1)
        scroll.add(form)
        root.add(bar, scroll)
        self.set_content(root)
        self._show_label()
        self.first.request_focus()

    def _show_label(self) -> None:
        name = contacts_app.PHONE_LABELS[self.label_index][0]
        self.label.text = name
        self.label.content_desc = f"{name} {contacts_app.PHONE}"

    def _pick_label(self) -> None:
        def pick(i: int) -> None:
            self.label_index = i
            self._show_label()

        menu = popup_menu([(name, partial(pick, i)) for i, (name, _t) in enumerate(contacts_app.PHONE_LABELS)],
                          width=dp(200))
        self.show_popup(menu, self.label.bounds)

    def _save(self) -> None:
        name = " ".join(p for p in (self.first.text.strip(), self.last.text.strip()) if p)
        number = self.phone.text.strip()
        if not name and not number:
            self.finish()
            return
        kind = contacts_app.PHONE_LABELS[self.label_index][1]
        contact_id = self.ctx.content.contacts.add_contact(name or number, [(number, kind)] if number else [])
        self.ctx.notify_change("content://com.android.contacts/contacts")
        self.finish()
        self.start_activity(contacts_app.DETAILS_ACTIVITY, **{CONTACT_ID: contact_id})


class QuickContactActivity(Activity):
    """A contact's details: the name (`large_title`) and its phone numbers with their labels."""

    def on_create(self) -> None:
        self.root = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT, background=SURFACE)
        self.set_content(self.root)

    def on_resume(self) -> None:
        wanted = int(self.intent.extras.get(CONTACT_ID) or 0)
        contact = next((c for c in self.ctx.content.contacts.contacts() if c.contact_id == wanted), None)
        self.root.clear()
        bar = LinearLayout("horizontal", width=MATCH_PARENT, height=dp(64), gravity="center_vertical",
                           padding=(dp(4), 0))
        bar.add(ImageButton("arrow_back", id="nav_back_icon", content_desc="Navigate up", icon_color=TEXT,
                            width=dp(48), height=dp(48), on_click=self.finish))
        self.root.add(bar)
        if contact is None:
            self.finish()
            return
        self.root.add(TextView(contact.name, id="large_title", text_size=sp(28), text_color=TEXT, gravity="center",
                               width=MATCH_PARENT, padding=(dp(16), dp(16))))
        for number, kind in contact.numbers:
            row = LinearLayout("vertical", width=MATCH_PARENT, height=WRAP_CONTENT, padding=(dp(24), dp(12)))
            row.add(TextView(number, id="header", text_size=sp(16), text_color=TEXT))
            row.add(TextView(PHONE_TYPES.get(kind, "Other"), id="sub_header", text_size=sp(14),
                             text_color=SECONDARY))
            self.root.add(row)
