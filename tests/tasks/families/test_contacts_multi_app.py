"""Contacts and multi-app families: oracles on 20 seeds; tampered states fail after a positive
control (wrong name/number, saved draft, note without SMS, wrong foreground app)."""

from __future__ import annotations

import shlex

import pytest

from mobile_gym.apps import contacts as contacts_app
from mobile_gym.apps import sms as sms_app
from mobile_gym.tasks.families import markor_data as md
from tests.tasks.families.helpers import make_env, noop, oracle_episodes, run_oracle, shell

FAMILIES = ["ContactsAddContact", "ContactsNewContactDraft", "MarkorCreateNoteFromClipboard",
            "MarkorCreateNoteAndSms", "TurnOnWifiAndOpenApp"]


@pytest.mark.parametrize("name", FAMILIES)
def test_oracle_succeeds_for_20_seeds(name):
    for ep in oracle_episodes(name, range(20)):
        assert ep.success and ep.terminated, (name, ep.seed, ep)


def success(env) -> bool:
    return bool(noop(env)[4]["success"])


def add_contact(env, name: str, number: str) -> None:
    env.device.android.content.contacts.add_contact(name, [(number, 2)])


def test_add_contact_check():
    env = make_env("ContactsAddContact")
    try:
        p = env.family.params(4)
        env.reset(seed=4)
        assert not success(env)                                      # nothing added
        env.reset(seed=4)
        n = p.number
        add_contact(env, p.name, f"{n[:2]} ({n[2:5]}) {n[5:8]}-{n[8:]}")
        assert success(env)                                          # positive control: same digits
        env.reset(seed=4)
        add_contact(env, p.name + "x", p.number)
        assert not success(env)                                      # wrong name
        env.reset(seed=4)
        add_contact(env, p.name, p.number[:-1] + str((int(p.number[-1]) + 1) % 10))
        assert not success(env)                                      # wrong number
        env.reset(seed=4)
        shell(env, "content insert --uri content://com.android.contacts/raw_contacts --bind account_type:n:")
        assert "No result found." in shell(env, "content query --uri content://contacts/phones/")
    finally:
        env.close()


def test_draft_must_stay_unsaved_and_complete():
    env = make_env("ContactsNewContactDraft")
    try:
        seed = 5
        p = env.family.params(seed)
        assert run_oracle(env, seed).success                          # positive control
        env.reset(seed=seed)
        shell(env, f"am start -a {contacts_app.INSERT_ACTION} -t {contacts_app.CONTACT_DIR_TYPE} "
                   f"-e name {shlex.quote(p.name)} -e phone {shlex.quote(p.number)}")
        assert not success(env)                                      # label left at Mobile
        env.reset(seed=seed)
        shell(env, f"am start -a {contacts_app.INSERT_ACTION} -t {contacts_app.CONTACT_DIR_TYPE} "
                   f"-e name {shlex.quote(p.first)} -e phone {shlex.quote(p.number)}")
        assert not success(env)                                      # last name missing
    finally:
        env.close()


def test_note_and_sms_needs_both():
    env = make_env("MarkorCreateNoteAndSms")
    try:
        seed = 2
        p = env.family.params(seed)
        note = f"{md.NOTEBOOK}/{p.file_name}"
        sent = ("content insert --uri content://sms/sent "
                f"--bind {shlex.quote('address:s:' + p.number)} --bind {shlex.quote('body:s:' + p.text)}")
        start = f"am start -n {sms_app.APP.component}"

        def attempt(with_note: bool, *cmds: str) -> bool:
            env.reset(seed=seed)
            env.device.advance(1.0)
            if with_note:
                env.device.push(note, p.text.encode())
            for c in cmds:
                shell(env, c)
            return success(env)

        assert attempt(True, sent, start)                            # positive control
        assert not attempt(False, sent, start)                       # no note
        assert not attempt(True, start)                              # no SMS
        assert not attempt(True, sent)                               # SMS app not in front
    finally:
        env.close()


def test_clipboard_note_needs_the_clipboard_text():
    env = make_env("MarkorCreateNoteFromClipboard")
    try:
        p = env.family.params(0)
        env.reset(seed=0)
        assert shell(env, "am broadcast -a clipper.get").splitlines()[-1] == \
            f'Broadcast completed: result=-1, data="{p.text}"'
        env.device.push(f"{md.NOTEBOOK}/{p.file_name}", p.text.encode())
        assert success(env)                                          # positive control
        env.reset(seed=0)
        env.device.push(f"{md.NOTEBOOK}/{p.file_name}", b"something else")
        assert not success(env)
    finally:
        env.close()


def test_wifi_and_app_needs_both():
    env = make_env("TurnOnWifiAndOpenApp")
    try:
        seed = next(s for s in range(20) if env.family.params(s).package == contacts_app.APP.package)
        env.reset(seed=seed)
        shell(env, "settings put global wifi_on 1")
        shell(env, f"am start -n {contacts_app.APP.component}")
        assert success(env)                                          # positive control
        env.reset(seed=seed)
        shell(env, f"am start -n {contacts_app.APP.component}")
        assert not success(env)                                      # Wi-Fi still off
        env.reset(seed=seed)
        shell(env, "settings put global wifi_on 1")
        assert not success(env)                                      # app not opened
    finally:
        env.close()
