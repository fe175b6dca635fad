"""adbutils 2.12 against adb-serve: devices, shell (v1/v2), screenshot, hierarchy, sync, apps."""

from __future__ import annotations

import io

import adbutils
import numpy as np
import pytest

from tests.adb_serve.conftest import STEP, launcher_icon_center

CAL = "com.simplemobiletools.calendar.pro"


@pytest.fixture
def client(one):
    server, _ = one
    return adbutils.AdbClient(host="127.0.0.1", port=server.port)


@pytest.fixture
def device(client):
    return client.device("emulator-5554")


def test_lists_devices_and_version(two):
    server, _ = two
    client = adbutils.AdbClient(host="127.0.0.1", port=server.port)
    assert client.server_version() == 41
    assert [(d.serial, d.state) for d in client.list()] == [("emulator-5554", "device"), ("emulator-5556", "device")]
    info = client.list(extended=True)[1]
    assert info.tags["transport_id"] == "2" and info.tags["model"] == "Pixel_6"
    assert [d.serial for d in client.device_list()] == ["emulator-5554", "emulator-5556"]
    assert client.device("emulator-5556").get_state() == "device"
    with pytest.raises(adbutils.AdbError, match="device 'nosuch' not found"):
        client.device("nosuch").get_state()
    # Each device is its own phone.
    assert client.device("emulator-5556").shell("getprop ro.product.model") == "Pixel 6"


def test_shell_and_exit_codes_v1_and_v2(device):
    assert device.shell("echo hello; echo world") == "hello\nworld"
    v1 = device.shell2("ls /nope")
    assert (v1.returncode, v1.output) == (1, "ls: /nope: No such file or directory\n")
    merged = device.shell2("nosuchcmd; echo after")
    assert merged.returncode == 0
    assert merged.output == "/system/bin/sh: nosuchcmd: inaccessible or not found\nafter\n"  # write order kept
    v2 = device.shell2("echo out; foo", v2=True)
    assert (v2.returncode, v2.stdout) == (127, "out\n")
    assert v2.stderr == "/system/bin/sh: foo: inaccessible or not found\n"
    assert device.shell2("exit 3", v2=True).returncode == 3
    assert device.shell(["echo", "it's quoted"]) == "it's quoted"


def test_screenshot_is_the_sims_frame(one, device):
    _, sim = one
    image = device.screenshot(error_ok=False)
    assert image.size == (1080, 2400)
    assert np.array_equal(np.asarray(image.convert("RGB")), sim.screenshot())
    assert device.window_size() == (1080, 2400)


def test_screencap_bytes_pass_through_unmodified(one, device):
    _, sim = one
    stream = device.shell("screencap -p", stream=True)
    data = stream.read_until_close(encoding=None)
    _, expected, _ = sim.android.shell_bytes("screencap -p")
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data == expected


def test_dump_hierarchy_is_the_sims_xml(one, device):
    _, sim = one
    xml = device.dump_hierarchy()
    assert xml.startswith("<?xml") and xml == sim.view_hierarchy()


def test_push_and_pull_binary_files_and_directories(device, tmp_path):
    blob = bytes(range(256)) * 700  # 179 200 bytes: several 64 KiB DATA chunks, every byte value
    assert device.sync.push(blob, "/sdcard/Download/blob.bin") == len(blob)
    assert device.sync.read_bytes("/sdcard/Download/blob.bin") == blob
    info = device.sync.stat("/sdcard/Download/blob.bin")
    assert info.size == len(blob) and info.mode == 0o100660
    assert device.sync.stat("/sdcard/nothing-here").mode == 0
    assert not device.sync.exists("/sdcard/nothing-here")
    # push into a directory appends the basename; SEND creates missing parents like adbd
    local = tmp_path / "note.md"
    local.write_bytes(b"# title\n")
    device.sync.push(str(local), "/sdcard/Documents")
    device.sync.push(io.BytesIO(b"deep"), "/sdcard/Documents/sub/dir/deep.txt")
    names = {e.path for e in device.sync.list("/sdcard/Documents")}
    assert {".", "..", "note.md", "sub"} <= names
    assert device.shell("cat /sdcard/Documents/note.md") == "# title"
    # pull a whole directory tree
    out = tmp_path / "pulled"
    device.sync.pull("/sdcard/Documents", out)
    assert (out / "note.md").read_bytes() == b"# title\n"
    assert (out / "sub" / "dir" / "deep.txt").read_bytes() == b"deep"
    with pytest.raises(adbutils.AdbError, match="No such file or directory"):
        device.sync.read_bytes("/sdcard/missing.txt")


def test_app_start_and_app_current(device):
    assert device.app_current().package == "com.google.android.apps.nexuslauncher"
    device.app_start(CAL)  # monkey -p … LAUNCHER 1
    current = device.app_current()
    assert (current.package, current.activity) == (CAL, f"{CAL}.activities.MainActivity")
    device.app_stop(CAL)
    device.app_start(CAL, ".activities.SettingsActivity")  # am start -n
    assert device.app_current().activity == f"{CAL}.activities.SettingsActivity"


def test_input_drives_the_sim_and_time_passes_per_service(one, device):
    _, sim = one
    before = sim.android.clock.now()
    device.click(*launcher_icon_center(sim.view_hierarchy(), "Calendar"))
    assert device.app_current().package == CAL
    device.keyevent("KEYCODE_BACK")
    assert device.app_current().package == "com.google.android.apps.nexuslauncher"
    # four device services at a fixed STEP each (app_current is one `dumpsys window windows`)
    after = sim.android.clock.now()
    assert after - before == pytest.approx(4 * STEP)
    device.swipe(540, 1800, 540, 600, 0.5)  # the swipe's own 0.5 s is device time too
    assert sim.android.clock.now() - after == pytest.approx(STEP + 0.5, abs=0.02)


def test_concurrent_connections_are_serialized_per_device(one, client):
    """Many clients at once: every reply is its own, every append lands, the clock sums exactly."""
    import threading

    _, sim = one
    device = client.device("emulator-5554")
    t0 = sim.android.clock.now()
    failures: list[str] = []

    def worker(k: int) -> None:
        for i in range(8):
            out = device.shell(f"echo t{k}-{i} >> /data/local/tmp/log; echo t{k}-{i}")
            if out != f"t{k}-{i}":
                failures.append(out)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not failures and not any(t.is_alive() for t in threads)
    lines = sim.pull("/data/local/tmp/log").decode().split()
    assert sorted(lines) == sorted(f"t{k}-{i}" for k in range(6) for i in range(8))
    assert sim.android.clock.now() - t0 == pytest.approx(48 * STEP)


def test_streaming_logcat_follows_new_lines(one, device, tmp_path):
    """adbutils' logcat() runs `logcat -v time` without -d: the first dump, then lines as they come."""
    import time

    out = tmp_path / "logcat.txt"
    device.logcat(str(out), command="logcat -v time")
    wanted = f"Displayed {CAL}/.activities.MainActivity"
    deadline = time.monotonic() + 10
    while "System now ready" not in (out.read_text() if out.exists() else "") and time.monotonic() < deadline:
        time.sleep(0.05)
    device.app_start(CAL)  # written after the stream started
    while wanted not in out.read_text() and time.monotonic() < deadline:
        time.sleep(0.05)
    text = out.read_text()
    assert "I/ActivityManager( 1433): System now ready" in text and wanted in text
    assert text.count("System now ready") == 1  # each line once
    # the fixture's server.stop() ends the stream (the client's reader sees EOF)


def test_sync_round_trips_arbitrary_bytes_and_names(one, client):
    """Property: whatever bytes are pushed under whatever (safe) name are pulled back unchanged."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    _, sim = one
    device = client.device("emulator-5554")
    names = st.text(st.characters(min_codepoint=33, max_codepoint=0x2FF, blacklist_characters="/\\"),
                    min_size=1, max_size=30).filter(lambda n: n not in (".", ".."))

    @settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.binary(max_size=150_000), names)
    def check(data: bytes, name: str) -> None:
        path = f"/sdcard/Download/{name}"
        device.sync.push(data, path)
        assert device.sync.read_bytes(path) == data
        assert sim.pull(path) == data
        assert name in {e.path for e in device.sync.list("/sdcard/Download")}

    check()


def test_framebuffer_is_the_sims_frame(one, device):
    _, sim = one
    image = device.framebuffer()
    assert image.mode == "RGBA" and image.size == (1080, 2400)
    assert np.array_equal(np.asarray(image)[:, :, :3], sim.screenshot())
