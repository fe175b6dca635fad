"""mobile_gym's AdbDevice (and MobileEnv backend="adb") driving a simulated phone through adb-serve."""

from __future__ import annotations

import numpy as np
import pytest

from mobile_gym.device import Device
from tests.adb_serve.conftest import launcher_icon_center

CAL = "com.simplemobiletools.calendar.pro"
LAUNCHER = "com.google.android.apps.nexuslauncher"


def test_tap_a_launcher_icon_and_see_the_app(adb_dev):
    dev, _, sim = adb_dev
    assert isinstance(dev, Device)
    assert dev.screen_size == (1080, 2400)
    assert dev.current_activity() == f"{LAUNCHER}/{LAUNCHER}.NexusLauncherActivity"
    assert 'text="Calendar"' in dev.view_hierarchy()
    x, y = launcher_icon_center(dev.view_hierarchy(), "Calendar")
    dev.touch(x, y, True)
    dev.touch(x, y, False)
    assert dev.current_activity() == f"{CAL}/{CAL}.activities.MainActivity"
    assert dev.view_hierarchy() == sim.view_hierarchy()
    frame = dev.screenshot()
    assert np.array_equal(frame, sim.screenshot())
    assert dev.screenshot(size=(270, 600)).shape == (600, 270, 3)
    dev.key("BACK")
    assert dev.current_activity().startswith(LAUNCHER + "/")


def test_waits_become_device_time_through_the_injected_sleep(adb_dev):
    """AdbDevice waits with `sleep`; here that is device time, so a 0.6 s hold lasts 0.6 s on the phone."""
    dev, _, sim = adb_dev
    t0 = sim.android.clock.now()
    dev.touch(150, 400, True)
    dev.advance(0.6)
    dev.touch(150, 400, False)
    assert sim.android.clock.now() - t0 >= 0.6


def test_type_text_and_read_logcat(adb_dev):
    dev, _, sim = adb_dev
    assert dev.logcat() == []  # only lines written after the device was opened
    code, out, _ = dev.shell(f"am start -n {CAL}/.activities.EventActivity")
    assert code == 0, out
    lines = dev.logcat()
    assert any(f"Displayed {CAL}/.activities.EventActivity" in line.message for line in lines)
    assert dev.logcat() == []  # each line once
    assert 'focused="true"' in dev.view_hierarchy()
    dev.input_text("Team sync 10% (v2)")
    assert 'text="Team sync 10% (v2)"' in sim.view_hierarchy()


def test_files_and_shell_through_the_device_protocol(adb_dev):
    dev, _, _ = adb_dev
    dev.push("/sdcard/Documents/new/x.md", b"\x00hello\xff")
    assert dev.pull("/sdcard/Documents/new/x.md") == b"\x00hello\xff"
    assert [(e.name, e.is_dir, e.size) for e in dev.list_dir("/sdcard/Documents/new")] == [("x.md", False, 7)]
    with pytest.raises(FileNotFoundError):
        dev.pull("/sdcard/Documents/none.md")
    # the same errors as SimDevice for the wrong kind of path
    with pytest.raises(IsADirectoryError):
        dev.pull("/sdcard/Documents/new")
    with pytest.raises(NotADirectoryError):
        dev.list_dir("/sdcard/Documents/new/x.md")
    # shell protocol v2: stdout and stderr apart, as SimDevice.shell gives them
    assert dev.shell("echo hi; ls /nope; false") == (1, "hi\n", "ls: /nope: No such file or directory\n")


def test_shell_exit_status_of_exit_n(adb_dev):
    dev, _, _ = adb_dev
    assert dev.shell("echo hi; exit 4") == (4, "hi\n", "")
    assert dev.shell("ls /nope")[2].startswith("ls: /nope")


def test_mobile_env_with_the_adb_backend(one):
    """MobileEnv(backend="adb") through adb-serve solves the Calendar task with its oracle script."""
    from mobile_gym.env import MobileEnv
    from mobile_gym.policies import oracle_path, read_script
    from mobile_gym.tasks.catalog import task_files
    from mobile_gym.wrappers import ElementActions

    server, _ = one
    env = ElementActions(MobileEnv(
        "MobileEnv/CalendarOpenEditor-v0", backend="adb", serial="emulator-5554",
        device_kwargs={"host": "127.0.0.1", "port": server.port, "retries": 1,
                       "sleep": lambda s: server.advance("emulator-5554", s)}))
    script = read_script(oracle_path(task_files()["CalendarOpenEditor"]))
    try:
        obs, _ = env.reset(seed=0)
        assert '"Calendar"' in obs["elements"]
        total = 0.0
        for line in script:
            obs, reward, terminated, _truncated, info = env.step(env.command(line))
            total += reward
        assert terminated and info["success"] and total == 2.0
    finally:
        env.close()
    sent = " ".join(server.requests)
    # the hot calls go over shell v2 (adb_wire); the dump is read with `cat` in the batched read
    assert "shell,v2,raw:input motionevent DOWN" in sent and "uiautomator dump" in sent
    assert "screencap;" in sent and "logcat -d -v epoch" in sent
