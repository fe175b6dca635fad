"""The Contacts app declaration."""

from __future__ import annotations

from typing import ClassVar

from mobile_gym.apps import contacts as contacts_app
from mobile_gym.sim.apps.contacts.activities import (
    ContactEditorActivity,
    PeopleActivity,
    QuickContactActivity,
)
from mobile_gym.sim.system.activity import Activity
from mobile_gym.sim.system.packages import App


class ContactsApp(App):
    """`com.google.android.contacts`: a list, a new-contact editor and contact details over the
    contacts provider (no accounts, groups, photos or editing of existing contacts)."""

    record = contacts_app.APP
    icon: ClassVar[str] = "person"
    icon_color: ClassVar[int] = 0xFF0B57D0
    activities: ClassVar[dict[str, type[Activity]]] = {
        "com.android.contacts.activities.PeopleActivity": PeopleActivity,
        "com.android.contacts.activities.ContactEditorActivity": ContactEditorActivity,
        "com.android.contacts.quickcontact.QuickContactActivity": QuickContactActivity,
    }
