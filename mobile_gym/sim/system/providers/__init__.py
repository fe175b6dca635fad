"""Content providers of the simulated phone and the resolver that routes `content://` URIs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from mobile_gym.apps import contacts_provider as cp
from mobile_gym.apps import telephony as tel
from mobile_gym.sim.system.providers.base import (
    ProviderConnections,
    ProviderDb,
    ProviderError,
    QueryResult,
    Value,
)
from mobile_gym.sim.system.providers.contacts import AUTHORITIES as CONTACT_AUTHORITIES
from mobile_gym.sim.system.providers.contacts import Contact, ContactsProvider
from mobile_gym.sim.system.providers.telephony import TelephonyProvider

if TYPE_CHECKING:
    from mobile_gym.sim.system.clock import Clock
    from mobile_gym.sim.system.storage import Storage

__all__ = ["Contact", "ContactsProvider", "ContentResolver", "ProviderConnections", "ProviderError",
           "QueryResult", "TelephonyProvider", "Value", "parse_uri"]


def parse_uri(uri: str) -> tuple[str, list[str]]:
    """`content://authority/a/b` -> ("authority", ["a", "b"]); ProviderError otherwise."""
    if not isinstance(uri, str) or not uri.startswith("content://"):
        raise ProviderError(f"Unsupported scheme in URI {uri!r}: expected content://")
    rest = uri[len("content://"):].split("?", 1)[0]
    authority, *path = rest.split("/")
    if not authority:
        raise ProviderError(f"Missing authority in URI {uri!r}")
    return authority, [p for p in path if p]


class ContentResolver:
    """The phone's providers by authority (the providers read storage and the clock they are
    given; `use_clock` follows a restored device clock). `connections` keeps their database
    connections open between commands; the device owns it and shares it between its states."""

    def __init__(self, storage: Storage, clock: Clock, connections: ProviderConnections) -> None:
        self.telephony = TelephonyProvider(ProviderDb(storage, clock, tel.DB_PATH, tel.SCHEMA, connections))
        self.contacts = ContactsProvider(ProviderDb(storage, clock, cp.DB_PATH, cp.SCHEMA, connections))

    def use_clock(self, clock: Clock) -> None:
        self.telephony.db.clock = clock
        self.contacts.db.clock = clock

    def query(self, uri: str, projection: Sequence[str] | None = None, where: str | None = None,
              sort: str | None = None) -> QueryResult:
        authority, path = parse_uri(uri)
        if authority == "sms":
            return self.telephony.query(path, projection, where, sort)
        if authority in CONTACT_AUTHORITIES:
            return self.contacts.query(authority, path, projection, where, sort)
        raise ProviderError(f"Could not find provider: {authority}")

    def insert(self, uri: str, values: Mapping[str, Value]) -> str:
        authority, path = parse_uri(uri)
        if authority == "sms":
            return self.telephony.insert(path, values)
        if authority in CONTACT_AUTHORITIES:
            return self.contacts.insert(authority, path, values)
        raise ProviderError(f"Could not find provider: {authority}")

    def delete(self, uri: str, where: str | None = None) -> int:
        authority, path = parse_uri(uri)
        if authority == "sms":
            return self.telephony.delete(uri, where)
        if authority in CONTACT_AUTHORITIES:
            return self.contacts.delete(authority, path, where)
        raise ProviderError(f"Could not find provider: {authority}")
