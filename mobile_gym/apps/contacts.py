"""Contacts (`com.google.android.contacts`, Google Contacts on the AndroidWorld emulator image):
its catalogue record and the strings the simulated app shows. Contacts live in the contacts
provider (`mobile_gym.apps.contacts_provider`).

The app is closed source: the activity names are the AOSP-derived ones it keeps
(`com.android.contacts.*`); resource ids come from public UI-automation scripts
(`floating_action_button`, `toolbar_button`, `large_title`, `cliv_name_textview`,
`open_search_bar_text_view`); the editor fields' ids are this simulation's own.
"""

from __future__ import annotations

from mobile_gym.apps import AppRecord

APP = AppRecord(
    key="contacts",
    package="com.google.android.contacts",
    label="Contacts",
    main_activity="com.android.contacts.activities.PeopleActivity",
    version="4.22.37.586680692",
    version_code=2677500,
    aliases=("google contacts", "contacts app"),
)

EDITOR_ACTIVITY = "com.android.contacts.activities.ContactEditorActivity"
DETAILS_ACTIVITY = "com.android.contacts.quickcontact.QuickContactActivity"
INSERT_ACTION = "android.intent.action.INSERT"
CONTACT_DIR_TYPE = "vnd.android.cursor.dir/contact"

CREATE_CONTACT = "Create contact"
FIRST_NAME = "First name"
LAST_NAME = "Last name"
PHONE = "Phone"
SAVE = "Save"
#: The phone-label choices of the editor's spinner (Phone.TYPE_* labels), in menu order.
PHONE_LABELS: tuple[tuple[str, int], ...] = (("Mobile", 2), ("Home", 1), ("Work", 3), ("Other", 7))
