"""Debian's `adb` client (1.0.41) against adb-serve: devices, shell (v2), push/pull, exec-out, logcat.

Always `-H 127.0.0.1 -P <port>`: a non-local-looking server spec, so the client never starts a
real adb server (reference/adb.md 6.2); HOME is a temporary directory.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import threading

import numpy as np
import pytest

ADB = shutil.which("adb")
pytestmark = pytest.mark.skipif(ADB is None, reason="Debian's `adb` client is not installed "
                                                    "(apt-get install adb) - the adbutils tests still run")


def run_adb(port: int, *args: str, cwd=None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ANDROID_", "ADB_"))}
    return subprocess.run([ADB, "-H", "127.0.0.1", "-P", str(port), *args], capture_output=True,
                          timeout=20, env=env, cwd=cwd, stdin=subprocess.DEVNULL, check=False)


def test_devices_and_shell(one):
    server, _ = one
    r = run_adb(server.port, "devices")
    assert r.returncode == 0 and r.stdout.decode() == "List of devices attached\nemulator-5554\tdevice\n\n"
    r = run_adb(server.port, "shell", "echo", "hi")
    assert (r.returncode, r.stdout) == (0, b"hi\n")
    r = run_adb(server.port, "shell", "echo out; echo err >&2; exit 7")
    assert (r.returncode, r.stdout, r.stderr) == (7, b"out\n", b"err\n")
    assert run_adb(server.port, "shell", "nosuchcmd").returncode == 127
    assert "shell,v2,TERM=" in " ".join(server.requests)  # the client chose shell v2 from our features
    r = run_adb(server.port, "features")
    assert sorted(r.stdout.decode().split()) == ["cmd", "shell_v2", "stat_v2"]


def test_push_pull_and_exec_out(one, tmp_path):
    server, sim = one
    blob = bytes(range(256)) * 400
    (tmp_path / "blob.bin").write_bytes(blob)
    r = run_adb(server.port, "push", str(tmp_path / "blob.bin"), "/data/local/tmp/")
    assert r.returncode == 0, r.stderr
    assert sim.pull("/data/local/tmp/blob.bin") == blob
    r = run_adb(server.port, "pull", "/data/local/tmp/blob.bin", str(tmp_path / "back.bin"))
    assert r.returncode == 0 and (tmp_path / "back.bin").read_bytes() == blob
    assert b"1 file pulled" in r.stdout
    r = run_adb(server.port, "pull", "/sdcard/nope", str(tmp_path))
    assert r.returncode == 1
    assert b"failed to stat remote object '/sdcard/nope': No such file or directory" in r.stdout + r.stderr
    sim.push("/sdcard/Documents/d/one.md", b"1")
    r = run_adb(server.port, "pull", "/sdcard/Documents/d", str(tmp_path / "dir"))
    assert r.returncode == 0 and (tmp_path / "dir" / "one.md").read_bytes() == b"1"
    r = run_adb(server.port, "exec-out", "screencap", "-p")
    import cv2

    frame = cv2.cvtColor(cv2.imdecode(np.frombuffer(r.stdout, np.uint8), cv2.IMREAD_COLOR), cv2.COLOR_BGR2RGB)
    assert np.array_equal(frame, sim.screenshot())
    sent = list(server.requests)
    assert "host:version" in sent and "sync:" in sent


def test_logcat_and_forward(one):
    server, _ = one
    r = run_adb(server.port, "logcat", "-d")
    assert r.returncode == 0 and b"I ActivityManager: System now ready" in r.stdout
    r = run_adb(server.port, "forward", "tcp:12345", "tcp:5678")
    assert r.returncode == 1 and b"port forwarding is not supported" in r.stderr
    assert run_adb(server.port, "get-state").stdout == b"device\n"


def test_logcat_streams_until_the_client_goes(one):
    server, _ = one
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ANDROID_", "ADB_"))}
    proc = subprocess.Popen([ADB, "-H", "127.0.0.1", "-P", str(server.port), "logcat", "-v", "brief"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, env=env)
    watchdog = threading.Timer(20, proc.kill)  # bounded: a broken stream cannot hang the suite
    watchdog.start()
    try:
        first = proc.stdout.readline()
        assert first.startswith(b"--------- beginning of")
        run_adb(server.port, "shell", "am start -n com.simplemobiletools.calendar.pro/.activities.MainActivity")
        seen = b""
        while b"Displayed com.simplemobiletools.calendar.pro" not in seen:
            line = proc.stdout.readline()
            assert line, "the stream ended early"
            seen += line
        assert proc.poll() is None  # still following
    finally:
        watchdog.cancel()
        proc.kill()
        proc.wait(10)


def test_choosing_a_device_with_s(two):
    server, _ = two
    r = run_adb(server.port, "-s", "emulator-5556", "shell", "getprop", "ro.product.model")
    assert (r.returncode, r.stdout) == (0, b"Pixel 6\n")
    assert "host-serial:emulator-5556:features" in server.requests
    assert "host:tport:serial:emulator-5556" in server.requests
    r = run_adb(server.port, "shell", "echo", "which?")
    assert r.returncode == 1 and b"more than one device/emulator" in r.stderr
    r = run_adb(server.port, "-s", "nosuch", "shell", "true")
    assert r.returncode == 1 and b"device 'nosuch' not found" in r.stderr


def test_choosing_a_device_by_transport_id(two):
    server, _ = two
    r = run_adb(server.port, "-t", "2", "shell", "echo", "two")
    assert (r.returncode, r.stdout) == (0, b"two\n")
    assert "host:transport-id:2" in server.requests  # Debian 29; newer clients send host:tport:id:2
