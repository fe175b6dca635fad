"""Generators and seeding steps for the SMS and Contacts families: phone numbers in
AndroidWorld's form (`+1` and ten digits, so the app adds no country code), people's names,
message texts and street addresses (this project's own lists), and the shell steps that clear
and fill the telephony and contacts providers the way AndroidWorld's setup does."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from mobile_gym.apps import contacts_provider as cp
from mobile_gym.apps import sms as sms_app
from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.families.common import choice, shell_step

APP = sms_app.APP

GIVEN_NAMES = ("Ada", "Bruno", "Carla", "Dmitri", "Elena", "Farid", "Greta", "Hiro", "Ines", "Jonas",
               "Kira", "Lukas", "Mina", "Nils", "Olga", "Pablo", "Quinn", "Rosa", "Stefan", "Tara",
               "Umar", "Vera", "Wen", "Yusuf", "Zoe")
FAMILY_NAMES = ("Andersen", "Becker", "Costa", "Dubois", "Eriksen", "Fischer", "Gomez", "Haddad",
                "Ito", "Jansen", "Kowalski", "Larsen", "Moreau", "Novak", "Okafor", "Petrov",
                "Rossi", "Silva", "Tanaka", "Weber")
MESSAGES = (
    "Can you bring the blue folder tomorrow?",
    "The train leaves at 7:40, see you on the platform.",
    "Please remember to feed the cat tonight.",
    "Dinner is at Marco's place on Saturday.",
    "I left the spare key under the flower pot.",
    "Call me when you land, no matter how late.",
    "The plumber is coming between 9 and 11.",
    "Happy birthday! Hope you have a great day.",
    "Running ten minutes late, save me a seat.",
    "Don't forget your library card.",
    "Meeting moved to room 4B at 3 pm.",
    "Tickets are booked for Friday night.",
    "Could you pick up some bread and eggs?",
    "The package arrived, it is on your desk.",
    "Practice starts an hour earlier this week.",
    "Thanks for lending me the ladder!",
    "Let's try the new noodle bar on Main Street.",
    "My phone battery is almost dead, text later.",
    "The report is due next Wednesday morning.",
    "Great news: the car passed inspection.",
)
ADDRESSES = (
    "42 Harbor Rd, Portland, ME, 04101",
    "310 Pine Ave, Boise, ID, 83702",
    "77 Lake Shore Dr, Madison, WI, 53703",
    "1500 Canyon Blvd, Boulder, CO, 80302",
    "9 Orchard Ln, Burlington, VT, 05401",
    "2204 Magnolia St, Savannah, GA, 31401",
    "85 Ridge Way, Asheville, NC, 28801",
    "610 Desert Palm Ct, Tucson, AZ, 85701",
)
RESEND_PROMPT = "Sorry, there was a glitch, what was the last message you sent me?"
#: Characters the SMS families type beyond the base vocabulary.
WORDS: tuple[str, ...] = ("+",)


def random_number(rng: np.random.Generator) -> str:
    """A `+1` and ten random digits (AndroidWorld's `generate_random_number` form)."""
    return "+1" + "".join(str(int(d)) for d in rng.integers(0, 10, size=10))


def random_name(rng: np.random.Generator, excluding: Sequence[str] = ()) -> str:
    """A "Given Family" name whose parts do not appear in `excluding`."""
    taken = {part for name in excluding for part in name.split()}
    given = choice(rng, [n for n in GIVEN_NAMES if n not in taken])
    family = choice(rng, [n for n in FAMILY_NAMES if n not in taken])
    return f"{given} {family}"


def other_message(rng: np.random.Generator, not_this: str) -> str:
    return choice(rng, [m for m in MESSAGES if m != not_this])


@dataclass(frozen=True)
class Sms:
    """A message the reset files in the provider: received (inbox) or sent."""

    address: str
    body: str
    sent: bool = False


@dataclass(frozen=True)
class Person:
    """A contact the reset adds: display name and one mobile number."""

    name: str
    number: str


def clear_messages() -> list[task_pb2.SetupStep]:
    """AndroidWorld's `clear_sms_and_threads` (it runs `DELETE FROM sms` and `DELETE FROM
    threads` with `sqlite3`): deleting every message through the provider also drops the
    threads it leaves empty, and costs no `sqlite3` process per reset."""
    return [shell_step("content delete --uri content://sms")]


def message_steps(messages: Sequence[Sms]) -> list[task_pb2.SetupStep]:
    """File each message through the provider, one second apart (so "most recent" is the last)."""
    steps: list[task_pb2.SetupStep] = []
    for m in messages:
        box = "sent" if m.sent else "inbox"
        steps.append(shell_step(f"content insert --uri content://sms/{box} "
                                f"--bind {shlex.quote('address:s:' + m.address)} "
                                f"--bind {shlex.quote('body:s:' + m.body)}"))
        steps.append(task_pb2.SetupStep(sleep=task_pb2.Sleep(time_sec=1.0)))
    return steps


def contact_steps(people: Sequence[Person]) -> list[task_pb2.SetupStep]:
    """Wipe the contacts provider (`pm clear`, as AndroidWorld does) and add `people`, each a raw
    contact with a name row and a mobile phone row (raw contact ids count from 1 again)."""
    steps = [shell_step(f"pm clear {cp.PACKAGE}")]
    for raw_id, person in enumerate(people, start=1):
        steps.append(shell_step("content insert --uri content://com.android.contacts/raw_contacts "
                                "--bind account_type:n: --bind account_name:n:"))
        steps.append(shell_step("content insert --uri content://com.android.contacts/data "
                                f"--bind raw_contact_id:i:{raw_id} --bind mimetype:s:{cp.MIME_NAME} "
                                f"--bind {shlex.quote('data1:s:' + person.name)}"))
        steps.append(shell_step("content insert --uri content://com.android.contacts/data "
                                f"--bind raw_contact_id:i:{raw_id} --bind mimetype:s:{cp.MIME_PHONE} "
                                f"--bind {shlex.quote('data1:s:' + person.number)} "
                                f"--bind data2:i:{cp.PHONE_TYPE_MOBILE}"))
    return steps


def clipboard_step(text: str) -> task_pb2.SetupStep:
    """Set the clipboard as AndroidWorld does, through the Clipper helper's broadcast."""
    return shell_step(f"am broadcast -a clipper.set -e text {shlex.quote(text)}")
