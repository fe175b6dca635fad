"""The telephony provider's SMS part: `content://sms[/<box>][/<id>]` over `mmssms.db`.

Inserting a message files it in a thread by address (canonical address -> thread, as
`Threads.getOrCreateThreadId` does); triggers keep the thread's date, snippet and count. The
default sort order is `date DESC`, so row 0 of a query is the newest message (AndroidWorld
relies on it).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence

from mobile_gym.apps import telephony as tel
from mobile_gym.sim.system.providers.base import (
    ProviderDb,
    ProviderError,
    QueryResult,
    Value,
    projection_sql,
    select,
)

AUTHORITY = "sms"


class TelephonyProvider:
    """SMS messages and their threads (device paths and columns in `mobile_gym.apps.telephony`)."""

    def __init__(self, db: ProviderDb) -> None:
        self.db = db

    # -- the Python API the apps use --------------------------------------------------------
    def thread_id_for(self, conn: sqlite3.Connection, address: str) -> int:
        """The thread of a one-recipient conversation with `address` (created when new)."""
        row = conn.execute("SELECT _id FROM canonical_addresses WHERE address = ?", (address,)).fetchone()
        if row is None:
            cur = conn.execute("INSERT INTO canonical_addresses (address) VALUES (?)", (address,))
            recipient = int(cur.lastrowid or 0)
        else:
            recipient = int(row[0])
        found = conn.execute("SELECT _id FROM threads WHERE recipient_ids = ?", (str(recipient),)).fetchone()
        if found is not None:
            return int(found[0])
        cur = conn.execute("INSERT INTO threads (date, recipient_ids) VALUES (?, ?)",
                           (self.db.now_ms(), str(recipient)))
        return int(cur.lastrowid or 0)

    def add_message(self, address: str, body: str, msg_type: int, *, date: int | None = None,
                    read: int | None = None, creator: str | None = None,
                    extra: Mapping[str, Value] | None = None) -> int:
        """Insert one message (a received one: TYPE_INBOX; a sent one: TYPE_SENT); its `_id`."""
        if not address:
            raise ProviderError("an SMS needs an address")
        values: dict[str, Value] = dict(extra or {})
        values.update(address=address, body=body, type=msg_type)
        values.setdefault("date", self.db.now_ms() if date is None else date)
        values.setdefault("date_sent", 0)
        values.setdefault("read", (1 if msg_type != tel.TYPE_INBOX else 0) if read is None else read)
        values.setdefault("seen", values["read"])
        if creator is not None:
            values.setdefault("creator", creator)
        if msg_type == tel.TYPE_INBOX:
            values.setdefault("sub_id", 1)
            values.setdefault("protocol", 0)
            values.setdefault("reply_path_present", 0)
            values.setdefault("service_center", None)
        else:
            values.setdefault("sub_id", 1)
            values.setdefault("error_code", -1)
        for col in values:
            if col not in tel.SMS_COLUMNS or col == "_id":
                raise ProviderError(f"table sms has no column named {col}")
        with self.db.session() as conn:
            conn.execute("BEGIN")
            values["thread_id"] = self.thread_id_for(conn, str(address))
            cols = list(values)
            cur = conn.execute(f"INSERT INTO sms ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
                               [values[c] for c in cols])
            conn.execute("COMMIT")
            return int(cur.lastrowid or 0)

    def threads(self) -> list[dict[str, Value]]:
        """Threads with messages, newest first, each with its address (`address` key added)."""
        with self.db.session() as conn:
            res = select(conn, "SELECT t._id, t.date, t.message_count, t.snippet, t.read, c.address "
                               "FROM threads t LEFT JOIN canonical_addresses c ON c._id = t.recipient_ids "
                               "WHERE t.message_count > 0 ORDER BY t.date DESC, t._id DESC")
        return [dict(zip(("_id", "date", "message_count", "snippet", "read", "address"), r)) for r in res.rows]

    def messages(self, thread_id: int) -> list[dict[str, Value]]:
        """A thread's messages, oldest first (as a conversation shows them)."""
        with self.db.session() as conn:
            res = select(conn, f"SELECT {', '.join(tel.SMS_COLUMNS)} FROM sms WHERE thread_id = ? "
                               "ORDER BY date ASC, _id ASC", (thread_id,))
        return res.dicts()

    def mark_thread_read(self, thread_id: int) -> None:
        with self.db.session() as conn:
            conn.execute("UPDATE sms SET read = 1, seen = 1 WHERE thread_id = ? AND read = 0", (thread_id,))

    def delete_message(self, message_id: int) -> None:
        self.delete(f"content://sms/{int(message_id)}", None)

    def delete_thread(self, thread_id: int) -> int:
        return self.delete("content://sms", f"thread_id = {int(thread_id)}")

    # -- content:// access ------------------------------------------------------------------
    @staticmethod
    def _parse(path: Sequence[str]) -> tuple[int | None, int | None]:
        """(message type filter, message id) of `content://sms/<path>`."""
        box: int | None = None
        rest = list(path)
        if rest and rest[0] in tel.BOXES:
            box = tel.BOXES[rest.pop(0)]
        msg_id: int | None = None
        if rest:
            if len(rest) != 1 or not rest[0].isdigit():
                raise ProviderError(f"Unknown URL content://sms/{'/'.join(path)}")
            msg_id = int(rest[0])
        return box, msg_id

    @staticmethod
    def _where(box: int | None, msg_id: int | None, where: str | None) -> str:
        clauses = []
        if box is not None:
            clauses.append(f"type = {box}")
        if msg_id is not None:
            clauses.append(f"_id = {msg_id}")
        if where:
            clauses.append(f"({where})")
        return (" WHERE " + " AND ".join(clauses)) if clauses else ""

    def query(self, path: Sequence[str], projection: Sequence[str] | None, where: str | None,
              sort: str | None) -> QueryResult:
        box, msg_id = self._parse(path)
        sql = (f"SELECT {projection_sql(projection, tel.SMS_COLUMNS)} FROM sms"
               f"{self._where(box, msg_id, where)} ORDER BY {sort or 'date DESC'}")
        with self.db.session() as conn:
            return select(conn, sql)

    def insert(self, path: Sequence[str], values: Mapping[str, Value]) -> str:
        box, msg_id = self._parse(path)
        if msg_id is not None:
            raise ProviderError(f"Unknown URL content://sms/{'/'.join(path)}")
        vals = dict(values)
        msg_type = box if box is not None else int(vals.pop("type", tel.TYPE_INBOX) or tel.TYPE_INBOX)
        vals.pop("type", None)
        address = vals.pop("address", None)
        body = vals.pop("body", "")
        if address is None:
            raise ProviderError("an SMS needs an address")
        new_id = self.add_message(str(address), "" if body is None else str(body), msg_type,
                                  date=None if vals.get("date") is None else int(vals.pop("date")),  # type: ignore[arg-type]
                                  read=None if vals.get("read") is None else int(vals.pop("read")),  # type: ignore[arg-type]
                                  extra=vals)
        return f"content://sms/{new_id}"

    def delete(self, uri: str, where: str | None) -> int:
        path = [p for p in uri.split("://", 1)[1].split("/")[1:] if p]
        box, msg_id = self._parse(path)
        with self.db.session() as conn:
            try:
                n = int(conn.execute(f"DELETE FROM sms{self._where(box, msg_id, where)}").rowcount)
            except sqlite3.Error as exc:
                raise ProviderError(str(exc)) from None
            # a thread left without messages goes too (the provider's obsolete-thread cleanup)
            conn.execute("DELETE FROM threads WHERE _id NOT IN (SELECT DISTINCT thread_id FROM sms "
                         "WHERE thread_id IS NOT NULL)")
            return n
