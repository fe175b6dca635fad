"""Contacts families (AndroidWorld's ContactsAddContact and ContactsNewContactDraft).

Start state: the home screen with the contacts provider wiped (`pm clear
com.android.providers.contacts`, as AndroidWorld clears it). ContactsAddContact succeeds when
the provider lists a contact with the name and the number's digits (AndroidWorld reads
`content://contacts/phones/` with `--projection display_name:number`; here the same rows in
`contacts2.db`). ContactsNewContactDraft is a screen check: the new-contact editor shows the
first and last name, the phone number (same digits) and the phone label, unsaved.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from mobile_gym.apps import contacts as contacts_app
from mobile_gym.apps import contacts_provider as cp
from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.families import sms_data as sd
from mobile_gym.tasks.families.base import Progress, TaskFamily
from mobile_gym.tasks.families.common import (
    choice,
    force_stop,
    launch_once,
    press_home,
    shell_step,
    vh_source,
)
from mobile_gym.tasks.families.oracle import Move, Sel, Tap, Type

APP = contacts_app.APP
_VM = task_pb2.ValueMatch
_Q = task_pb2.StateEvent.SqliteQuery

_DIGITS = "data1"
for _ch in ("-", " ", "(", ")", "+", "."):
    _DIGITS = f"replace({_DIGITS}, '{_ch}', '')"
_PHONES = (f"SELECT r.display_name, {_DIGITS} FROM data d JOIN raw_contacts r ON r._id = d.raw_contact_id "
           f"JOIN mimetypes m ON m._id = d.mimetype_id WHERE m.mimetype = '{cp.MIME_PHONE}' AND r.deleted = 0")


def contact_listed(name: str, number: str) -> task_pb2.StateEvent:
    """AndroidWorld's `Contact(name, digits) in list_contacts()`."""
    row = _Q.Rows.Row(cells=[_VM(expected=name), _VM(expected=cp.digits(number))])
    return task_pb2.StateEvent(sqlite_query=_Q(db_path=cp.DB_PATH, sql=_PHONES,
                                               rows=_Q.Rows(rows=[row], mode=_Q.Rows.CONTAINS)))


def field_shows(view_id: str, pattern: str) -> task_pb2.EventSource:
    return vh_source(f'#$"{view_id}"', "text", pattern)


def open_editor() -> list[Move]:
    return [Tap(Sel(text=APP.label, cls="TextView")), Tap(Sel(desc=contacts_app.CREATE_CONTACT))]


def fill_editor(first: str, last: str, phone: str) -> list[Move]:
    return [Tap(Sel(id="first_name")), Type(first), Tap(Sel(id="last_name")), Type(last),
            Tap(Sel(id="phone_number")), Type(phone)]


@dataclass(frozen=True)
class ContactParams:
    first: str
    last: str
    number: str
    label: str = "Mobile"

    @property
    def name(self) -> str:
        return f"{self.first} {self.last}"


class _Contacts(TaskFamily):
    app = "contacts"
    types_text = True
    words = sd.WORDS

    def setup_steps(self) -> list[task_pb2.SetupStep]:
        return launch_once(APP.package, APP.component)

    def reset_steps(self, params: ContactParams) -> list[task_pb2.SetupStep]:
        return [force_stop(APP.package), shell_step(f"pm clear {cp.PACKAGE}"), press_home()]

    def progress(self, params: ContactParams) -> list[Progress]:
        return [Progress(vh_source('#$"first_name"'), 0.2)]


class ContactsAddContact(_Contacts):
    name = "ContactsAddContact"
    android_world_name = "ContactsAddContact"
    complexity = 1.2
    difficulty, optimal_steps = "easy", 5
    tags = ("contacts", "data_entry", "easy")
    template = "Create a new contact for {name}. Their number is {number}."

    def sample(self, rng: np.random.Generator) -> ContactParams:
        first, last = sd.random_name(rng).split(" ", 1)
        return ContactParams(first, last, sd.random_number(rng))

    def instruction(self, params: ContactParams) -> str:
        return self.template.format(name=params.name, number=params.number)

    def success_checks(self, params: ContactParams):
        return [contact_listed(params.name, params.number)]

    def plan(self, params: ContactParams):
        return [*open_editor(), *fill_editor(params.first, params.last, params.number),
                Tap(Sel(id="toolbar_button"))]


class ContactsNewContactDraft(_Contacts):
    name = "ContactsNewContactDraft"
    android_world_name = "ContactsNewContactDraft"
    complexity = 1.2
    difficulty, optimal_steps = "easy", 6
    tags = ("contacts", "data_entry", "ui_state", "easy")
    template = ("Go to the new contact screen and enter the following details: First Name: {first}, "
                "Last Name: {last}, Phone: {phone}, Phone Label: {phone_label}. Do NOT hit save.")

    def sample(self, rng: np.random.Generator) -> ContactParams:
        first, last = sd.random_name(rng).split(" ", 1)
        digits = [str(int(d)) for d in rng.integers(0, 10, size=10)]
        digits[0] = str(int(rng.integers(1, 10)))
        phone = f"{''.join(digits[:3])}-{''.join(digits[3:6])}-{''.join(digits[6:])}"
        return ContactParams(first, last, phone, choice(rng, ("Home", "Work")))

    def instruction(self, params: ContactParams) -> str:
        return self.template.format(first=params.first, last=params.last, phone=params.number,
                                    phone_label=params.label)

    def success_checks(self, params: ContactParams):
        digits = r"\D*".join(cp.digits(params.number))
        return [field_shows("first_name", f"(?i)^\\s*{re.escape(params.first)}\\s*$"),
                field_shows("last_name", f"(?i)^\\s*{re.escape(params.last)}\\s*$"),
                field_shows("phone_number", f"^\\D*{digits}\\D*$"),
                field_shows("phone_type", f"^{re.escape(params.label)}$")]

    def plan(self, params: ContactParams):
        return [*open_editor(), *fill_editor(params.first, params.last, params.number),
                Tap(Sel(id="phone_type")), Tap(Sel(id="title", text=params.label))]


FAMILIES: tuple[type[TaskFamily], ...] = (ContactsAddContact, ContactsNewContactDraft)
