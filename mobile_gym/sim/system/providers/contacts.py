"""The contacts provider: raw contacts with a structured name and phone numbers in `contacts2.db`.

URIs: `content://com.android.contacts/{raw_contacts,contacts,data,data/phones}` and the legacy
`content://contacts/phones` AndroidWorld queries (`--projection display_name:number`). Inserting
a name data row sets the raw contact's display name, as the provider's name aggregation does.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from mobile_gym.apps import contacts_provider as cp
from mobile_gym.sim.system.providers.base import (
    ProviderDb,
    ProviderError,
    QueryResult,
    Value,
    projection_sql,
    select,
)

AUTHORITIES = ("com.android.contacts", "contacts")

_PHONES_SQL = ("SELECT d._id AS _id, r.contact_id AS person, d.data2 AS type, d.data1 AS number, "
               "d.data3 AS label, r.display_name AS name, r.display_name AS display_name, "
               "d.is_primary AS isprimary FROM data d JOIN raw_contacts r ON r._id = d.raw_contact_id "
               "JOIN mimetypes m ON m._id = d.mimetype_id WHERE m.mimetype = '" + cp.MIME_PHONE + "' "
               "AND r.deleted = 0")
_LEGACY_PHONE_COLUMNS = ("_id", "person", "isprimary", "type", "number", "label", "name", "display_name")
_DATA_SQL = ("SELECT d._id AS _id, d.raw_contact_id AS raw_contact_id, r.contact_id AS contact_id, "
             "m.mimetype AS mimetype, r.display_name AS display_name, d.is_primary AS is_primary, "
             "d.data1 AS data1, d.data2 AS data2, d.data3 AS data3 FROM data d "
             "JOIN raw_contacts r ON r._id = d.raw_contact_id JOIN mimetypes m ON m._id = d.mimetype_id "
             "WHERE r.deleted = 0")
_DATA_COLUMNS = ("_id", "raw_contact_id", "contact_id", "mimetype", "display_name", "is_primary",
                 "data1", "data2", "data3")
_RAW_COLUMNS = ("_id", "contact_id", "account_name", "account_type", "deleted", "display_name",
                "display_name_alt", "starred")
_CONTACT_SQL = ("SELECT c._id AS _id, r.display_name AS display_name, c.has_phone_number AS "
                "has_phone_number, c.starred AS starred, c.name_raw_contact_id AS name_raw_contact_id "
                "FROM contacts c JOIN raw_contacts r ON r._id = c.name_raw_contact_id WHERE r.deleted = 0")
_CONTACT_COLUMNS = ("_id", "display_name", "has_phone_number", "starred", "name_raw_contact_id")


@dataclass(frozen=True)
class Contact:
    """One contact as the apps show it."""

    contact_id: int
    raw_contact_id: int
    name: str
    numbers: tuple[tuple[str, int], ...]  # (number, phone type)


class ContactsProvider:
    """Names and phone numbers (tables in `mobile_gym.apps.contacts_provider`)."""

    def __init__(self, db: ProviderDb) -> None:
        self.db = db

    # -- the Python API the apps use --------------------------------------------------------
    def add_contact(self, name: str, numbers: Sequence[tuple[str, int]] = ()) -> int:
        """A new contact with a display name and phone numbers; its contact id."""
        with self.db.session() as conn:
            conn.execute("BEGIN")
            raw = self._insert_raw(conn, {})
            self._insert_data(conn, {"raw_contact_id": raw, "mimetype": cp.MIME_NAME, "data1": name})
            for number, kind in numbers:
                self._insert_data(conn, {"raw_contact_id": raw, "mimetype": cp.MIME_PHONE, "data1": number,
                                         "data2": kind})
            contact = conn.execute("SELECT contact_id FROM raw_contacts WHERE _id = ?", (raw,)).fetchone()[0]
            conn.execute("COMMIT")
            return int(contact)

    def contacts(self) -> list[Contact]:
        """Every contact, sorted by name (as a contact list shows them)."""
        with self.db.session() as conn:
            people = select(conn, "SELECT c._id, r._id, IFNULL(r.display_name, '') FROM contacts c "
                                  "JOIN raw_contacts r ON r._id = c.name_raw_contact_id WHERE r.deleted = 0")
            phones = select(conn, f"SELECT person, number, type FROM ({_PHONES_SQL}) ORDER BY _id")
        by_contact: dict[int, list[tuple[str, int]]] = {}
        for person, number, kind in phones.rows:
            by_contact.setdefault(int(person), []).append((str(number), int(kind or cp.PHONE_TYPE_MOBILE)))  # type: ignore[arg-type]
        out = [Contact(int(cid), int(rid), str(name), tuple(by_contact.get(int(cid), ())))  # type: ignore[arg-type]
               for cid, rid, name in people.rows]
        return sorted(out, key=lambda c: (c.name.casefold(), c.contact_id))

    def delete_contact(self, contact_id: int) -> None:
        with self.db.session() as conn:
            self._delete_raw(conn, f"contact_id = {int(contact_id)}")

    # -- rows -------------------------------------------------------------------------------
    @staticmethod
    def _mimetype_id(conn: sqlite3.Connection, mimetype: str) -> int:
        row = conn.execute("SELECT _id FROM mimetypes WHERE mimetype = ?", (mimetype,)).fetchone()
        if row is not None:
            return int(row[0])
        return int(conn.execute("INSERT INTO mimetypes (mimetype) VALUES (?)", (mimetype,)).lastrowid or 0)

    @staticmethod
    def _insert_raw(conn: sqlite3.Connection, values: Mapping[str, Value]) -> int:
        allowed = ("account_name", "account_type", "starred")
        bad = [k for k in values if k not in allowed]
        if bad:
            raise ProviderError(f"Invalid column {bad[0]}")
        cols = list(values)
        cur = conn.execute(f"INSERT INTO raw_contacts ({', '.join(cols) or 'deleted'}) VALUES "
                           f"({', '.join('?' * len(cols)) or '0'})", [values[c] for c in cols])
        raw = int(cur.lastrowid or 0)
        contact = int(conn.execute("INSERT INTO contacts (name_raw_contact_id) VALUES (?)", (raw,)).lastrowid or 0)
        conn.execute("UPDATE raw_contacts SET contact_id = ? WHERE _id = ?", (contact, raw))
        return raw

    def _insert_data(self, conn: sqlite3.Connection, values: Mapping[str, Value]) -> int:
        vals = dict(values)
        mimetype = vals.pop("mimetype", None)
        raw = vals.pop("raw_contact_id", None)
        if mimetype is None or raw is None:
            raise ProviderError("mimetype and raw_contact_id are required")
        exists = conn.execute("SELECT contact_id FROM raw_contacts WHERE _id = ? AND deleted = 0", (raw,)).fetchone()
        if exists is None:
            raise ProviderError(f"raw_contact_id {raw} does not exist")
        bad = [k for k in vals if k not in ("data1", "data2", "data3", "data4", "data5", "is_primary")]
        if bad:
            raise ProviderError(f"Invalid column {bad[0]}")
        vals["mimetype_id"] = self._mimetype_id(conn, str(mimetype))
        vals["raw_contact_id"] = raw
        cols = list(vals)
        cur = conn.execute(f"INSERT INTO data ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
                           [vals[c] for c in cols])
        if mimetype == cp.MIME_NAME:
            conn.execute("UPDATE raw_contacts SET display_name = ?, display_name_source = 40 WHERE _id = ?",
                         (vals.get("data1"), raw))
        elif mimetype == cp.MIME_PHONE:
            conn.execute("UPDATE contacts SET has_phone_number = 1 WHERE _id = ?", (exists[0],))
            conn.execute("UPDATE raw_contacts SET display_name = IFNULL(display_name, ?) WHERE _id = ?",
                         (vals.get("data1"), raw))
        return int(cur.lastrowid or 0)

    @staticmethod
    def _delete_raw(conn: sqlite3.Connection, where: str) -> int:
        try:
            ids = [r[0] for r in conn.execute(f"SELECT _id FROM raw_contacts WHERE {where}")]
        except sqlite3.Error as exc:
            raise ProviderError(str(exc)) from None
        for raw in ids:
            conn.execute("DELETE FROM data WHERE raw_contact_id = ?", (raw,))
            conn.execute("DELETE FROM contacts WHERE name_raw_contact_id = ?", (raw,))
            conn.execute("DELETE FROM raw_contacts WHERE _id = ?", (raw,))
        return len(ids)

    # -- content:// access ------------------------------------------------------------------
    @staticmethod
    def _table(authority: str, path: Sequence[str]) -> tuple[str, tuple[str, ...]]:
        key = "/".join(path)
        if authority == "contacts" and key == "phones":
            return _PHONES_SQL, _LEGACY_PHONE_COLUMNS
        if authority == "com.android.contacts":
            if key == "data/phones":
                return _PHONES_SQL, _LEGACY_PHONE_COLUMNS
            if key == "data":
                return _DATA_SQL, _DATA_COLUMNS
            if key == "raw_contacts":
                return "SELECT * FROM raw_contacts WHERE deleted = 0", _RAW_COLUMNS
            if key == "contacts":
                return _CONTACT_SQL, _CONTACT_COLUMNS
        raise ProviderError(f"Unknown URI content://{authority}/{key}")

    def query(self, authority: str, path: Sequence[str], projection: Sequence[str] | None,
              where: str | None, sort: str | None) -> QueryResult:
        inner, columns = self._table(authority, path)
        sql = f"SELECT {projection_sql(projection, columns)} FROM ({inner})"
        if where:
            sql += f" WHERE {where}"
        sql += f" ORDER BY {sort or '_id'}"
        with self.db.session() as conn:
            return select(conn, sql)

    def insert(self, authority: str, path: Sequence[str], values: Mapping[str, Value]) -> str:
        key = "/".join(path)
        with self.db.session() as conn:
            conn.execute("BEGIN")
            if authority == "com.android.contacts" and key == "raw_contacts":
                new = self._insert_raw(conn, values)
            elif authority == "com.android.contacts" and key == "data":
                new = self._insert_data(conn, values)
            else:
                raise ProviderError(f"Unknown URI content://{authority}/{key}")
            conn.execute("COMMIT")
            return f"content://{authority}/{key}/{new}"

    def delete(self, authority: str, path: Sequence[str], where: str | None) -> int:
        key = "/".join(path)
        if authority == "com.android.contacts" and key in ("raw_contacts", "contacts"):
            with self.db.session() as conn:
                col = "_id" if key == "raw_contacts" else "contact_id"
                clause = where or "1"
                if key == "contacts" and where:
                    clause = f"{col} IN (SELECT _id FROM contacts WHERE {where})"
                return self._delete_raw(conn, clause)
        raise ProviderError(f"Unknown URI content://{authority}/{key}")
