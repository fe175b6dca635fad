"""Simple SMS Messenger families: oracles on 20 seeds, and tampered provider states (wrong
number, wrong body, nothing sent, app not in front, an extra resend) after a positive control."""

from __future__ import annotations

import shlex

import pytest

from mobile_gym.apps import sms as sms_app
from tests.tasks.families.helpers import make_env, noop, oracle_episodes, random_agent_on, shell

FAMILIES = ["SimpleSmsSend", "SimpleSmsReply", "SimpleSmsReplyMostRecent", "SimpleSmsSendClipboardContent",
            "SimpleSmsSendReceivedAddress", "SimpleSmsResend"]


def send(env, number: str, body: str) -> None:
    """What a send leaves in the provider (a sent row dated now)."""
    shell(env, "content insert --uri content://sms/sent "
               f"--bind {shlex.quote('address:s:' + number)} --bind {shlex.quote('body:s:' + body)}")


def attempt(env, seed: int, sends: list[tuple[str, str]], *, open_app: bool = True) -> bool:
    env.reset(seed=seed)
    env.device.advance(1.0)
    for number, body in sends:
        send(env, number, body)
    if open_app:
        shell(env, f"am start -n {sms_app.APP.component}")
    return bool(noop(env)[4]["success"])


@pytest.mark.parametrize("name", FAMILIES)
def test_oracle_succeeds_for_20_seeds(name):
    for ep in oracle_episodes(name, range(20)):
        assert ep.success and ep.terminated, (name, ep.seed, ep)


@pytest.mark.parametrize("name", ["SimpleSmsSend", "SimpleSmsReply"])
def test_random_agent_rarely_succeeds(name):
    episodes, successes, _ = random_agent_on(name, 200)
    assert successes == 0, (episodes, successes)


@pytest.mark.parametrize("name", FAMILIES)
def test_tampered_states_fail(name):
    env = make_env(name)
    try:
        seed = 3
        p = env.family.params(seed)
        number, body = p.number, p.message
        dashed = f"{number[:5]}-{number[5:8]} {number[8:]}"
        assert attempt(env, seed, [(number, body)])                          # positive control
        assert attempt(env, seed, [(dashed, body)])                          # dashes/spaces ignored
        assert attempt(env, seed, [(number, body.upper())])                  # fuzzy, case-insensitive
        wrong = number[:-1] + str((int(number[-1]) + 1) % 10)
        assert not attempt(env, seed, [(wrong, body)])                       # wrong number
        assert not attempt(env, seed, [(number, "Something else entirely.")])  # wrong body
        assert not attempt(env, seed, [])                                    # nothing sent
        assert not attempt(env, seed, [(number, body)], open_app=False)      # app not in front
        if name == "SimpleSmsResend":
            assert not attempt(env, seed, [(number, body), (number, body)])  # sent twice
    finally:
        env.close()


def test_reset_seeds_messages_contacts_and_clipboard_as_android_world():
    env = make_env("SimpleSmsSendReceivedAddress")
    try:
        env.reset(seed=1)
        p = env.family.params(1)
        inbox = shell(env, "content query --uri content://sms/inbox --projection address:body")
        assert inbox.splitlines() == [f"Row: 0 address={p.messages[0].address}, body={p.message}"]
        phones = shell(env, "content query --uri content://contacts/phones/ --projection display_name:number")
        assert phones.splitlines() == [f"Row: 0 display_name={p.people[0].name}, number={p.people[0].number}",
                                       f"Row: 1 display_name={p.people[1].name}, number={p.people[1].number}"]
        assert shell(env, "content query --uri content://sms/sent").strip() == "No result found."
        assert env.device.current_activity().startswith("com.google.android.apps.nexuslauncher/")
    finally:
        env.close()
    env = make_env("SimpleSmsSendClipboardContent")
    try:
        env.reset(seed=2)
        assert shell(env, "cmd clipboard get-primary-clip-text").strip() == env.family.params(2).message
    finally:
        env.close()


def test_most_recent_message_is_the_targets():
    env = make_env("SimpleSmsReplyMostRecent")
    try:
        for seed in range(5):
            env.reset(seed=seed)
            newest = shell(env, "content query --uri content://sms/inbox --projection address").splitlines()[0]
            assert newest == f"Row: 0 address={env.family.params(seed).number}"
    finally:
        env.close()
