"""The telephony provider's SMS store (`com.android.providers.telephony`, `mmssms.db`): its path,
the `sms` / `threads` / `canonical_addresses` columns of AOSP 13, and the message types.

Not an app (no `APP` record): the simulated provider (`sim/system/providers/telephony.py`) and
the SMS task families share these facts. Dates are Unix milliseconds, as on Android.
"""

from __future__ import annotations

PACKAGE = "com.android.providers.telephony"
DB_PATH = f"/data/data/{PACKAGE}/databases/mmssms.db"
SMS_TABLE = "sms"
THREADS_TABLE = "threads"

# Telephony.TextBasedSmsColumns.MESSAGE_TYPE_*
TYPE_ALL = 0
TYPE_INBOX = 1
TYPE_SENT = 2
TYPE_DRAFT = 3
TYPE_OUTBOX = 4
TYPE_FAILED = 5
TYPE_QUEUED = 6

#: `content://sms/<box>` -> the message type the box holds.
BOXES: dict[str, int] = {"inbox": TYPE_INBOX, "sent": TYPE_SENT, "draft": TYPE_DRAFT,
                         "outbox": TYPE_OUTBOX, "failed": TYPE_FAILED, "queued": TYPE_QUEUED}

#: The `sms` columns in table order (what `content query --uri content://sms/…` prints).
SMS_COLUMNS: tuple[str, ...] = (
    "_id", "thread_id", "address", "person", "date", "date_sent", "protocol", "read", "status",
    "type", "reply_path_present", "subject", "body", "service_center", "locked", "sub_id",
    "error_code", "creator", "seen",
)

THREAD_COLUMNS: tuple[str, ...] = (
    "_id", "date", "message_count", "recipient_ids", "snippet", "snippet_cs", "read", "archived",
    "type", "error", "has_attachment",
)

SCHEMA: tuple[str, ...] = (
    ("CREATE TABLE IF NOT EXISTS sms (_id INTEGER PRIMARY KEY, thread_id INTEGER, address TEXT, "
     "person INTEGER, date INTEGER, date_sent INTEGER DEFAULT 0, protocol INTEGER, "
     "read INTEGER DEFAULT 0, status INTEGER DEFAULT -1, type INTEGER, reply_path_present INTEGER, "
     "subject TEXT, body TEXT, service_center TEXT, locked INTEGER DEFAULT 0, "
     "sub_id INTEGER DEFAULT -1, error_code INTEGER DEFAULT 0, creator TEXT, seen INTEGER DEFAULT 0)"),
    ("CREATE TABLE IF NOT EXISTS threads (_id INTEGER PRIMARY KEY AUTOINCREMENT, "
     "date INTEGER DEFAULT 0, message_count INTEGER DEFAULT 0, recipient_ids TEXT, snippet TEXT, "
     "snippet_cs INTEGER DEFAULT 0, read INTEGER DEFAULT 1, archived INTEGER DEFAULT 0, "
     "type INTEGER DEFAULT 0, error INTEGER DEFAULT 0, has_attachment INTEGER DEFAULT 0)"),
    ("CREATE TABLE IF NOT EXISTS canonical_addresses (_id INTEGER PRIMARY KEY AUTOINCREMENT, "
     "address TEXT)"),
    # the thread follows its messages (AOSP keeps threads current with triggers as well)
    ("CREATE TRIGGER IF NOT EXISTS sms_update_thread_on_insert AFTER INSERT ON sms BEGIN "
     "UPDATE threads SET date = new.date, snippet = new.body, "
     "message_count = (SELECT COUNT(*) FROM sms WHERE thread_id = new.thread_id AND type != 3), "
     "read = CASE (SELECT COUNT(*) FROM sms WHERE read = 0 AND thread_id = new.thread_id) "
     "WHEN 0 THEN 1 ELSE 0 END WHERE _id = new.thread_id; END"),
    ("CREATE TRIGGER IF NOT EXISTS sms_update_thread_on_delete AFTER DELETE ON sms BEGIN "
     "UPDATE threads SET message_count = (SELECT COUNT(*) FROM sms WHERE thread_id = old.thread_id "
     "AND type != 3), date = IFNULL((SELECT MAX(date) FROM sms WHERE thread_id = old.thread_id), date), "
     "snippet = (SELECT body FROM sms WHERE thread_id = old.thread_id ORDER BY date DESC LIMIT 1) "
     "WHERE _id = old.thread_id; END"),
    ("CREATE TRIGGER IF NOT EXISTS sms_update_thread_read_on_update AFTER UPDATE OF read ON sms BEGIN "
     "UPDATE threads SET read = CASE (SELECT COUNT(*) FROM sms WHERE read = 0 "
     "AND thread_id = new.thread_id) WHEN 0 THEN 1 ELSE 0 END WHERE _id = new.thread_id; END"),
)


def digits_equal(a: str, b: str) -> bool:
    """AndroidWorld's address comparison: equal once dashes and spaces are removed."""
    return normalize_number(a) == normalize_number(b)


def normalize_number(number: str) -> str:
    return number.replace("-", "").replace(" ", "")
