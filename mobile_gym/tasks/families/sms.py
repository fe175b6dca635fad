"""Simple SMS Messenger families (AndroidWorld's SimpleSms*, `task_evals/single/sms.py`).

Start state: the home screen; the `sms` and `threads` tables emptied (AndroidWorld's
`clear_sms_and_threads`), then the seed's contacts and messages filed through the providers
(`content insert`, one second apart; AndroidWorld texts the emulator console instead).
Success is AndroidWorld's `was_sent`: a sent SMS (`type=2`) whose address equals the number once
dashes and spaces are removed and whose body fuzzy-matches the message, sent after the newest
message the task seeded (AndroidWorld: within 5 minutes; the tables are cleared per episode),
read from `mmssms.db` (the table `content query --uri content://sms/sent` lists), and the SMS
app in the foreground. SimpleSmsResend is AndroidWorld's stricter check: exactly one new sent
message, equal to the one sent before.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mobile_gym.apps import telephony as tel
from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.families import sms_data as sd
from mobile_gym.tasks.families.base import Progress, TaskFamily
from mobile_gym.tasks.families.common import (
    choice,
    force_stop,
    launch_once,
    press_home,
    setting_step,
    vh_source,
)
from mobile_gym.tasks.families.oracle import LongPress, Move, Sel, Tap, Type

_VM = task_pb2.ValueMatch
_Q = task_pb2.StateEvent.SqliteQuery
APP = sd.APP

#: Sent messages newer than every message the reset filed (the task's own sends).
_NEW_SENT = ("SELECT replace(replace(address, '-', ''), ' ', ''), body FROM sms WHERE type = 2 "
             "AND date > (SELECT IFNULL(MAX(date), 0) FROM sms WHERE type = 1)")


def was_sent(number: str, body: str) -> task_pb2.StateEvent:
    """AndroidWorld's `was_sent(number, body)` on the provider's sent messages."""
    row = _Q.Rows.Row(cells=[_VM(expected=tel.normalize_number(number)), _VM(expected=body, mode=_VM.FUZZY)])
    return task_pb2.StateEvent(sqlite_query=_Q(db_path=tel.DB_PATH, sql=_NEW_SENT,
                                               rows=_Q.Rows(rows=[row], mode=_Q.Rows.CONTAINS)))


def sent_count(n: int) -> task_pb2.StateEvent:
    return task_pb2.StateEvent(sqlite_query=_Q(db_path=tel.DB_PATH, sql="SELECT _id FROM sms WHERE type = 2",
                                               row_count=n))


def in_foreground() -> task_pb2.EventSource:
    """The SMS app is in front (a node of its package on screen)."""
    return vh_source(f'$"{APP.package}"')


def thread_open() -> task_pb2.EventSource:
    return vh_source('#$"thread_type_message"')


def open_app() -> list[Move]:
    return [Tap(Sel(text=APP.label, cls="TextView"))]


def send_in_thread(message: str | None) -> list[Move]:
    """Type `message` (or paste the clipboard when None) in the composer and send it."""
    field = Sel(id="thread_type_message")
    if message is None:
        return [LongPress(field), Tap(Sel(text="Paste")), Tap(Sel(id="thread_send_message"))]
    return [Tap(field), Type(message), Tap(Sel(id="thread_send_message"))]


def new_conversation(number: str) -> list[Move]:
    return [Tap(Sel(id="conversations_fab")), Tap(Sel(id="new_conversation_address")), Type(number),
            Tap(Sel(id="new_conversation_confirm"))]


def copy_message(body: str) -> list[Move]:
    """Long-press a message bubble and copy it to the clipboard."""
    return [LongPress(Sel(id="thread_message_body", text=body)), Tap(Sel(id="cab_copy_to_clipboard"))]


@dataclass(frozen=True)
class SmsParams:
    number: str
    message: str
    name: str = ""            # the contact the task names (Resend; name1 for the received address)
    sender: str = ""          # name2 of SimpleSmsSendReceivedAddress
    people: tuple[sd.Person, ...] = ()
    messages: tuple[sd.Sms, ...] = ()
    clipboard: str | None = None


class _Sms(TaskFamily):
    app = "sms"
    complexity = 1.2
    types_text = True
    words = sd.WORDS

    def setup_steps(self) -> list[task_pb2.SetupStep]:
        # AndroidWorld's setup makes the app the default SMS app (it answers the role prompt)
        return [setting_step(task_pb2.AdbCall.Settings.SECURE, "sms_default_application", APP.package),
                *launch_once(APP.package, APP.component)]

    def instruction(self, params: SmsParams) -> str:
        return self.template.format(number=params.number, message=params.message, name=params.name,
                                    name1=params.name, name2=params.sender)

    def reset_steps(self, params: SmsParams) -> list[task_pb2.SetupStep]:
        steps = [force_stop(APP.package), *sd.clear_messages()]
        if params.people:
            steps += sd.contact_steps(params.people)
        steps += sd.message_steps(params.messages)
        if params.clipboard is not None:
            steps.append(sd.clipboard_step(params.clipboard))
        return steps + [press_home()]

    def progress(self, params: SmsParams) -> list[Progress]:
        return [Progress(thread_open(), 0.2)]

    def success_checks(self, params: SmsParams):
        return [was_sent(params.number, params.message), in_foreground()]


class SimpleSmsSend(_Sms):
    name = "SimpleSmsSend"
    android_world_name = "SimpleSmsSend"
    difficulty, optimal_steps = "medium", 6
    tags = ("sms", "data_entry", "medium")
    template = "Send a text message using Simple SMS Messenger to {number} with message: {message}"

    def sample(self, rng: np.random.Generator) -> SmsParams:
        return SmsParams(sd.random_number(rng), choice(rng, sd.MESSAGES))

    def plan(self, params: SmsParams):
        return [*open_app(), *new_conversation(params.number), *send_in_thread(params.message)]


class SimpleSmsReply(_Sms):
    name = "SimpleSmsReply"
    android_world_name = "SimpleSmsReply"
    difficulty, optimal_steps = "easy", 4
    tags = ("sms", "data_entry", "easy")
    template = "Reply to {number} with message: {message} in Simple SMS Messenger"

    def sample(self, rng: np.random.Generator) -> SmsParams:
        number, message = sd.random_number(rng), choice(rng, sd.MESSAGES)
        texts: list[sd.Sms] = []
        relevant = False
        for _ in range(int(rng.integers(1, 6))):  # 1-5 texts, the number's one interspersed
            if not relevant and rng.random() < 0.5:
                texts.append(sd.Sms(number, choice(rng, sd.MESSAGES)))
                relevant = True
            texts.append(sd.Sms(sd.random_number(rng), choice(rng, sd.MESSAGES)))
        if not relevant:
            texts.append(sd.Sms(number, choice(rng, sd.MESSAGES)))
        return SmsParams(number, message, messages=tuple(texts))

    def plan(self, params: SmsParams):
        return [*open_app(), Tap(Sel(id="conversation_address", text=params.number)),
                *send_in_thread(params.message)]


class SimpleSmsReplyMostRecent(_Sms):
    name = "SimpleSmsReplyMostRecent"
    android_world_name = "SimpleSmsReplyMostRecent"
    difficulty, optimal_steps = "medium", 5
    tags = ("sms", "data_entry", "medium")
    template = "Reply to the most recent text message using Simple SMS Messenger with message: {message}"

    def sample(self, rng: np.random.Generator) -> SmsParams:
        number, message = sd.random_number(rng), choice(rng, sd.MESSAGES)
        texts = [sd.Sms(sd.random_number(rng), sd.other_message(rng, message)) for _ in range(int(rng.integers(0, 6)))]
        texts.append(sd.Sms(number, sd.other_message(rng, message)))
        return SmsParams(number, message, messages=tuple(texts))

    def plan(self, params: SmsParams):
        return [*open_app(), Tap(Sel(id="conversation_frame")), *send_in_thread(params.message)]


class SimpleSmsSendClipboardContent(_Sms):
    name = "SimpleSmsSendClipboardContent"
    android_world_name = "SimpleSmsSendClipboardContent"
    difficulty, optimal_steps = "easy", 6
    tags = ("sms", "data_entry", "clipboard", "easy")
    template = "Send a message to {number} with the clipboard content in Simple SMS Messenger"

    def sample(self, rng: np.random.Generator) -> SmsParams:
        message = choice(rng, sd.MESSAGES)
        return SmsParams(sd.random_number(rng), message, clipboard=message)

    def plan(self, params: SmsParams):
        return [*open_app(), *new_conversation(params.number), *send_in_thread(None)]


class SimpleSmsSendReceivedAddress(_Sms):
    name = "SimpleSmsSendReceivedAddress"
    android_world_name = "SimpleSmsSendReceivedAddress"
    complexity = 1.8
    difficulty, optimal_steps = "medium", 9
    tags = ("sms", "data_entry", "contacts", "clipboard", "medium")
    template = "Text the address of the event to {name1} that {name2} just sent me in Simple SMS Messenger"

    def sample(self, rng: np.random.Generator) -> SmsParams:
        name1 = sd.random_name(rng)
        name2 = sd.random_name(rng, excluding=(name1,))
        number, sender_number = sd.random_number(rng), sd.random_number(rng)
        address = choice(rng, sd.ADDRESSES)
        people = (sd.Person(name1, number), sd.Person(name2, sender_number))
        return SmsParams(number, address, name=name1, sender=name2, people=people,
                         messages=(sd.Sms(sender_number, address),))

    def plan(self, params: SmsParams):
        return [*open_app(), Tap(Sel(id="conversation_address", text=params.sender)),
                *copy_message(params.message), Tap(Sel(desc="Back")),
                Tap(Sel(id="conversations_fab")), Tap(Sel(id="new_conversation_address")), Type(params.name),
                Tap(Sel(id="item_contact_name", text=params.name)), *send_in_thread(None)]


class SimpleSmsResend(_Sms):
    name = "SimpleSmsResend"
    android_world_name = "SimpleSmsResend"
    difficulty, optimal_steps = "medium", 6
    tags = ("sms", "data_entry", "contacts", "clipboard", "medium")
    template = "Resend the message I just sent to {name} in Simple SMS Messenger"

    def sample(self, rng: np.random.Generator) -> SmsParams:
        name, number, message = sd.random_name(rng), sd.random_number(rng), choice(rng, sd.MESSAGES)
        return SmsParams(number, message, name=name, people=(sd.Person(name, number),),
                         messages=(sd.Sms(number, message, sent=True), sd.Sms(number, sd.RESEND_PROMPT)))

    def success_checks(self, params: SmsParams):
        return [was_sent(params.number, params.message), sent_count(2), in_foreground()]

    def plan(self, params: SmsParams):
        return [*open_app(), Tap(Sel(id="conversation_address", text=params.name)),
                *copy_message(params.message), *send_in_thread(None)]


FAMILIES: tuple[type[TaskFamily], ...] = (SimpleSmsSend, SimpleSmsReply, SimpleSmsReplyMostRecent,
                                          SimpleSmsSendClipboardContent, SimpleSmsSendReceivedAddress,
                                          SimpleSmsResend)
