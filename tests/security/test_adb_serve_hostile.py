"""adb-serve under a hostile client: a stalling command ends in bounded time with a clear
error, and the server keeps answering other clients meanwhile."""

from __future__ import annotations

import threading
import time

from .conftest import Client

HOSTILE = "echo " + "a" * 55 + "! | grep -E '(a|aa)+$'; while :; do :; done"


def test_host_version_answers_while_a_hostile_command_runs(served, monkeypatch):
    from mobile_gym.sim.system.shell import core
    monkeypatch.setattr(core, "COMMAND_LINE_SECONDS", 4.0)  # the server runs in this process
    server, _sim = served
    result: dict[str, str] = {}

    def attack() -> None:
        client = Client(server.port)
        try:
            result["out"] = client.shell("emulator-5554", HOSTILE)
        finally:
            client.close()

    attacker = threading.Thread(target=attack)
    t0 = time.monotonic()
    attacker.start()
    time.sleep(0.3)
    answers = []
    while attacker.is_alive() and len(answers) < 5:
        other = Client(server.port)
        try:
            assert other.send("host:version") == "OKAY"
            answers.append(other.block())
        finally:
            other.close()
        time.sleep(0.2)
    attacker.join(60)
    assert not attacker.is_alive() and time.monotonic() - t0 < 60
    assert answers and all(a == answers[0] for a in answers)
    assert "ran out of time" in result["out"] and "simulated shell's limit" in result["out"]
    assert not server.errors


def test_the_device_answers_again_after_the_hostile_command(served):
    server, _sim = served
    first = Client(server.port)
    try:
        first.shell("emulator-5554", "echo " + "a" * 55 + "! | grep -E '(a|aa)+$'")
    finally:
        first.close()
    again = Client(server.port)
    try:
        assert again.shell("emulator-5554", "echo ok") == "ok\n"
    finally:
        again.close()
