"""Nothing the device shows (shell errors, logcat crash traces, adb sync errors) names the host
folder behind its storage or the host's own files; a path outside the storage reads as missing."""

from __future__ import annotations

import struct

from .conftest import Client, host_root_shown


def test_an_app_crash_in_logcat_shows_device_paths_and_java_style_frames(android):
    storage = android.storage
    try:
        open(storage.root + "/data/data/missing/file.txt", "rb")  # noqa: SIM115 - opened only to raise OSError
    except OSError as exc:
        android.am.crash("com.example.notesdemo", exc)
    _, log, _ = android.shell("logcat -d -b crash")
    assert "FATAL EXCEPTION: main" in log and "/data/data/missing/file.txt" in log
    assert not host_root_shown(log, android) and ".py:" in log and "/work" not in log
    assert all(not line.split(": ", 1)[-1].startswith("/") for line in log.splitlines())


def test_shell_error_from_a_host_call_names_the_device_path(android):
    code, _, err = android.shell("mkdir -p /sdcard/" + "/".join(["d" * 255] * 20))
    assert not host_root_shown(err, android)
    code, _, err = android.shell("echo x > /sdcard/" + "f" * 300)
    assert code != 0 and "File name too long" in err and not host_root_shown(err, android)


def _sync_recv(port: int, path: str) -> tuple[bytes, str]:
    client = Client(port)
    try:
        assert client.send("host:transport:emulator-5554") == "OKAY"
        assert client.send("sync:") == "OKAY"
        raw = path.encode()
        client.sock.sendall(b"RECV" + struct.pack("<I", len(raw)) + raw)
        ident = client._read(4)
        length = struct.unpack("<I", client._read(4))[0]
        return ident, client._read(length).decode()
    finally:
        client.close()


def test_adb_pull_of_a_path_outside_the_storage_reads_as_missing(served):
    server, sim = served
    missing = _sync_recv(server.port, "/sdcard/nothing-here")
    outside = _sync_recv(server.port, "/../../../etc/passwd")
    assert missing == outside == (b"FAIL", "No such file or directory")
    assert not host_root_shown(missing[1] + outside[1], sim)
