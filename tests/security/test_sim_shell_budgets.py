"""Shell attacks: every one ends in bounded time with a clear error, never a hang, a raw
RecursionError, a host path, or unbounded memory or disk."""

from __future__ import annotations

import time

import pytest

from mobile_gym.sim.android import SimAndroid

from .conftest import host_root_shown

HOSTILE_REGEX = "echo " + "a" * 55 + "! | grep -E '(a|aa)+$'"


def _timed(android, cmd):
    t0 = time.monotonic()
    result = android.shell(cmd)
    assert time.monotonic() - t0 < 30, cmd[:80]  # generous: CI hosts may be loaded
    return result


def test_backtracking_grep_ends_with_a_clear_error(android):
    code, out, err = _timed(android, HOSTILE_REGEX)
    assert (code, out) == (2, "") and "ran out of time" in err and "(a|aa)+$" in err


def test_a_regex_that_expands_past_memory_is_refused_before_compiling(android):
    code, _, err = _timed(android, "echo a | grep -E '(?:(?:(?:a{1000}){1000}){1000})'")
    assert code == 2 and "expands to over" in err


def test_doubling_a_variable_fails_fast(android):
    code, _, err = _timed(android, "a=x; for i in $(seq 36); do a=$a$a; done; echo done")
    assert code == 1 and "simulated shell's limit" in err


def test_an_endless_pipe_producer_is_bounded(android):
    code, out, err = _timed(android, "a=$(seq 1 100000); while :; do echo \"$a\"; done | wc -c")
    assert (code, out) == (1, "") and "output over 67108864 bytes" in err


@pytest.mark.parametrize("cmd", [
    "(" * 10000 + "echo x" + ")" * 10000,
    "{ " * 10000 + "echo x; " + "}; " * 10000,
    "echo $((" + "(" * 10000 + "1" + ")" * 10000 + "))",
    "echo " + "$(echo " * 3000 + "x" + ")" * 3000,
    "if true; then " * 5000 + "echo x; " + "fi; " * 5000,
])
def test_deep_nesting_is_a_shell_error(android, cmd):
    code, out, err = _timed(android, cmd)
    assert code != 0 and out == "" and err.startswith("/system/bin/sh: ")
    assert "RecursionError" not in err and "Traceback" not in err


def test_cp_into_itself_is_refused(android):
    code, _, err = _timed(android, "mkdir -p /sdcard/sub && cp -r /sdcard /sdcard/sub")
    assert code == 1 and "into itself" in err and not host_root_shown(err, android)


def test_the_storage_quota_holds_on_every_write_path(tmp_path):
    phone = SimAndroid(storage_quota_bytes=1024 * 1024)
    try:
        code, _, err = _timed(phone, "seq 1 200000 > /sdcard/a.txt")  # 1.3 MB
        assert code == 1 and "No space left on device" in err
        assert phone.storage.used_bytes() <= phone.storage.quota_bytes
        assert phone.shell("seq 1 70000 > /sdcard/b.txt")[0] == 0  # 409 kB, fits
        code, _, err = _timed(phone, "cp /sdcard/b.txt /sdcard/c.txt && cp /sdcard/b.txt /sdcard/d.txt")
        assert code == 1 and "No space left on device" in err and phone.storage.exists("/sdcard/c.txt")
        with pytest.raises(OSError, match="No space left on device"):
            phone.storage.write("/sdcard/e.bin", b"x" * (600 * 1024))
        code, _, err = _timed(phone, "sqlite3 /data/local/tmp/big.db \"CREATE TABLE t(x); WITH RECURSIVE "
                                     "c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c LIMIT 20000) "
                                     "INSERT INTO t SELECT randomblob(1000) FROM c\"")
        assert code == 1 and "database or disk is full" in err
        assert phone.storage.used_bytes() <= 2 * phone.storage.quota_bytes
    finally:
        phone.close()


@pytest.mark.parametrize("cmd", ["cat /../../etc/passwd", "cat /nonexistent/passwd", "ls /../../..",
                                 "cd /../..; ls", "sqlite3 /../../tmp/x.db 'select 1'",
                                 "mkdir -p /sdcard/" + "d" * 300, "touch /sdcard/" + "/".join(["x" * 250] * 20)])
def test_errors_never_show_the_host_folder(android, cmd):
    _, out, err = _timed(android, cmd)
    assert not host_root_shown(out + err, android) and "/tmp/" not in out + err


def test_missing_and_outside_paths_read_the_same(android):
    assert android.shell("cat /../../etc/passwd")[2] == "cat: /../../etc/passwd: No such file or directory\n"
    assert android.shell("cat /etc/passwd")[2] == "cat: /etc/passwd: No such file or directory\n"


def test_a_command_line_has_a_wall_clock_budget(android, monkeypatch):
    from mobile_gym.sim.system.shell import core
    monkeypatch.setattr(core, "COMMAND_LINE_SECONDS", 0.5)
    code, _, err = _timed(android, "while :; do :; done")
    assert code == 1 and ("0.5 s" in err or "loop iterations" in err)


def test_the_per_reset_budget_starts_over_on_restore(android, monkeypatch):
    from mobile_gym.sim.system.shell import core
    snap = android.snapshot()
    monkeypatch.setattr(core, "RESET_SECONDS", 0.3)
    android.shell("while :; do :; done")
    code, _, err = android.shell("echo hi")
    assert code == 1 and "between two resets" in err
    android.restore(snap)
    assert android.shell("echo hi") == (0, "hi\n", "")


def test_adb_push_past_the_quota_is_refused_with_enospc(monkeypatch, tmp_path):
    import struct

    from mobile_gym.adb_serve import AdbServer
    from mobile_gym.device.sim_device import SimDevice

    from .conftest import Client

    sim = SimDevice(storage_quota_bytes=1024 * 1024)
    server = AdbServer({"emulator-5554": sim}, clock=0.05).start()
    try:
        client = Client(server.port)
        assert client.send("host:transport:emulator-5554") == "OKAY"
        assert client.send("sync:") == "OKAY"
        spec = b"/sdcard/big.bin,33188"
        client.sock.sendall(b"SEND" + struct.pack("<I", len(spec)) + spec)
        for _ in range(40):  # 40 chunks of 64 KiB: 2.5 MiB
            client.sock.sendall(b"DATA" + struct.pack("<I", 65536) + b"x" * 65536)
        client.sock.sendall(b"DONE" + struct.pack("<I", 0))
        ident = client._read(4)
        message = client._read(struct.unpack("<I", client._read(4))[0]).decode()
        client.close()
    finally:
        server.stop()
        sim.close()
    assert (ident, message) == (b"FAIL", "couldn't create file: No space left on device")
