"""The contacts provider (`com.android.providers.contacts`, `contacts2.db`): path, tables and the
MIME types of the data rows the simulation keeps (names and phone numbers).

Not an app (no `APP` record): the simulated provider and the Contacts task families share it.
The tables are a subset of AOSP's (the columns AndroidWorld's queries and the apps read).
"""

from __future__ import annotations

PACKAGE = "com.android.providers.contacts"
DB_PATH = f"/data/data/{PACKAGE}/databases/contacts2.db"

MIME_NAME = "vnd.android.cursor.item/name"
MIME_PHONE = "vnd.android.cursor.item/phone_v2"

# ContactsContract.CommonDataKinds.Phone.TYPE_*
PHONE_TYPES: dict[int, str] = {1: "Home", 2: "Mobile", 3: "Work", 7: "Other"}
PHONE_TYPE_MOBILE = 2

SCHEMA: tuple[str, ...] = (
    ("CREATE TABLE IF NOT EXISTS raw_contacts (_id INTEGER PRIMARY KEY AUTOINCREMENT, "
     "account_name TEXT, account_type TEXT, contact_id INTEGER, deleted INTEGER NOT NULL DEFAULT 0, "
     "display_name TEXT, display_name_alt TEXT, display_name_source INTEGER NOT NULL DEFAULT 0, "
     "starred INTEGER NOT NULL DEFAULT 0)"),
    ("CREATE TABLE IF NOT EXISTS contacts (_id INTEGER PRIMARY KEY AUTOINCREMENT, "
     "name_raw_contact_id INTEGER, starred INTEGER NOT NULL DEFAULT 0, "
     "has_phone_number INTEGER NOT NULL DEFAULT 0, lookup TEXT)"),
    ("CREATE TABLE IF NOT EXISTS mimetypes (_id INTEGER PRIMARY KEY AUTOINCREMENT, "
     "mimetype TEXT NOT NULL UNIQUE)"),
    ("CREATE TABLE IF NOT EXISTS data (_id INTEGER PRIMARY KEY AUTOINCREMENT, "
     "mimetype_id INTEGER NOT NULL, raw_contact_id INTEGER NOT NULL, "
     "is_primary INTEGER NOT NULL DEFAULT 0, is_super_primary INTEGER NOT NULL DEFAULT 0, "
     "data1 TEXT, data2 TEXT, data3 TEXT, data4 TEXT, data5 TEXT)"),
)


def digits(number: str) -> str:
    """Only the digits of a phone number (AndroidWorld's `Contact.number` form)."""
    return "".join(c for c in number if c.isdigit())
