"""Tasks across apps (AndroidWorld's composite and clipboard tasks): a note from the clipboard,
a note shared by SMS, and Wi-Fi plus opening an app.

MarkorCreateNoteFromClipboard: the clipboard holds 10 alphanumerics (set through the Clipper
broadcast, as AndroidWorld does); success is the note with that content. MarkorCreateNoteAndSms:
the note exists with the text AND the text was sent by SMS to the number with the SMS app in
front (AndroidWorld averages the two checks: 0.5 for one; here the note alone is a 0.5 shaping
reward). TurnOnWifiAndOpenApp: `wifi_on` is 1 and the named app is in front.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from mobile_gym.apps import contacts as contacts_app
from mobile_gym.apps import settings as settings_app
from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.families import markor_data as md
from mobile_gym.tasks.families import sms as sms_families
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
from mobile_gym.tasks.families.markor import (
    EDITOR,
    file_check,
    new_file_dialog,
    open_markor,
)
from mobile_gym.tasks.families.oracle import Key, LongPress, Move, Sel, Tap, Type
from mobile_gym.tasks.families.settings import setting_check

_NS = task_pb2.AdbCall.Settings
_VM = task_pb2.ValueMatch


def _stem_ext(file_name: str) -> tuple[str, str]:
    stem, dot, ext = file_name.rpartition(".")
    return (stem, "." + ext) if dot else (file_name, "")


def create_note(file_name: str, text: str | None) -> list[Move]:
    """Markor: new file named `file_name`, then type `text` (or paste the clipboard), save."""
    stem, ext = _stem_ext(file_name)
    moves = [*open_markor(), *new_file_dialog(stem, ext), Tap(Sel(id="android:id/button1"))]
    if text is None:
        moves += [LongPress(Sel(id=EDITOR)), Tap(Sel(text="Paste"))]
    else:
        moves += [Tap(Sel(id=EDITOR)), Type(text)]
    return moves + [Tap(Sel(desc="Save"))]


@dataclass(frozen=True)
class NoteParams:
    file_name: str
    text: str
    number: str = ""


class MarkorCreateNoteFromClipboard(TaskFamily):
    name = "MarkorCreateNoteFromClipboard"
    android_world_name = "MarkorCreateNoteFromClipboard"
    app = "markor"
    complexity = 1.4
    difficulty, optimal_steps = "medium", 7
    tags = ("markor", "data_entry", "clipboard", "medium")
    template = ("Create a note in Markor named {file_name}. Perform a paste operation in the note and "
                "save the note.")
    types_text = True
    words = md.WORDS

    def setup_steps(self) -> list[task_pb2.SetupStep]:
        return launch_once(md.APP.package, md.APP.component)

    def sample(self, rng: np.random.Generator) -> NoteParams:
        return NoteParams(md.random_note_name(rng), md.random_string(rng, 10))

    def instruction(self, params: NoteParams) -> str:
        return self.template.format(file_name=params.file_name)

    def reset_steps(self, params: NoteParams) -> list[task_pb2.SetupStep]:
        return [*md.reset_notebook(()), sd.clipboard_step(params.text)]

    def success_checks(self, params: NoteParams):
        return [file_check(f"{md.NOTEBOOK}/{params.file_name}", fuzzy=params.text)]

    def plan(self, params: NoteParams):
        return create_note(params.file_name, None)


class MarkorCreateNoteAndSms(TaskFamily):
    name = "MarkorCreateNoteAndSms"
    android_world_name = "MarkorCreateNoteAndSms"
    app = "markor"
    apps = ("sms",)
    complexity = 1.8
    difficulty, optimal_steps = "hard", 9
    tags = ("markor", "composite", "sms", "multi_app", "hard")
    template = ("Create a new note in Markor named {file_name} with the following text: {text}. Share the "
                "entire content of the note with the phone number {number} via SMS using Simple SMS Messenger")
    types_text = True
    words = (*md.WORDS, *sd.WORDS)

    def setup_steps(self) -> list[task_pb2.SetupStep]:
        return [*launch_once(md.APP.package, md.APP.component),
                setting_step(_NS.SECURE, "sms_default_application", sd.APP.package),
                *launch_once(sd.APP.package, sd.APP.component)]

    def sample(self, rng: np.random.Generator) -> NoteParams:
        return NoteParams(md.random_note_name(rng), md.choice(rng, md.SENTENCES), sd.random_number(rng))

    def instruction(self, params: NoteParams) -> str:
        return self.template.format(file_name=params.file_name, text=params.text, number=params.number)

    def reset_steps(self, params: NoteParams) -> list[task_pb2.SetupStep]:
        return [force_stop(sd.APP.package), *sd.clear_messages(), *md.reset_notebook(())]

    def progress(self, params: NoteParams) -> list[Progress]:
        note = task_pb2.EventSource(state_event=file_check(f"{md.NOTEBOOK}/{params.file_name}", fuzzy=params.text))
        return [Progress(note, 0.5)]

    def success_checks(self, params: NoteParams):
        return [file_check(f"{md.NOTEBOOK}/{params.file_name}", fuzzy=params.text),
                sms_families.was_sent(params.number, params.text), sms_families.in_foreground()]

    def plan(self, params: NoteParams):
        return [*create_note(params.file_name, params.text), Key("HOME"), *sms_families.open_app(),
                *sms_families.new_conversation(params.number), *sms_families.send_in_thread(params.text)]


#: The apps TurnOnWifiAndOpenApp draws from that the phone has (AndroidWorld: camera, clock,
#: contacts, settings, dialer).
OPEN_APPS = (contacts_app.APP, settings_app.APP)


@dataclass(frozen=True)
class WifiAppParams:
    app_name: str
    package: str


class TurnOnWifiAndOpenApp(TaskFamily):
    name = "TurnOnWifiAndOpenApp"
    android_world_name = "TurnOnWifiAndOpenApp"
    app = "settings"
    apps = ("contacts",)
    complexity = 2.0
    difficulty, optimal_steps = "easy", 4
    tags = ("settings", "composite", "multi_app", "easy")
    template = "Turn on Wi-Fi and open {app_name}."
    words = tuple(a.label for a in OPEN_APPS)

    def sample(self, rng: np.random.Generator) -> WifiAppParams:
        record = choice(rng, OPEN_APPS)
        return WifiAppParams(record.label.lower(), record.package)

    def instruction(self, params: WifiAppParams) -> str:
        return self.template.format(app_name=params.app_name)

    def reset_steps(self, params: WifiAppParams) -> list[task_pb2.SetupStep]:
        return [*(force_stop(a.package) for a in OPEN_APPS), setting_step(_NS.GLOBAL, "wifi_on", "0"), press_home()]

    def success_checks(self, params: WifiAppParams):
        return [setting_check(_NS.GLOBAL, "wifi_on", _VM(expected="^[12]$", mode=_VM.REGEX)),
                vh_source(f'$"{params.package}"')]

    def plan(self, params: WifiAppParams):
        label = next(a.label for a in OPEN_APPS if a.package == params.package)
        moves: list[Move] = [Tap(Sel(text="Settings", cls="TextView")), Tap(Sel(text="Network & internet")),
                             Tap(Sel(id="title", text="Internet")), Tap(Sel(id="switch_widget"))]
        if params.package != settings_app.APP.package:
            moves += [Key("HOME"), Tap(Sel(text=label, cls="TextView"))]
        return moves


FAMILIES: tuple[type[TaskFamily], ...] = (MarkorCreateNoteFromClipboard, MarkorCreateNoteAndSms,
                                          TurnOnWifiAndOpenApp)
