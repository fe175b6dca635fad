"""AdbDevice against a fake at the adbutils level (no adb server or emulator exists here)."""

from __future__ import annotations

import datetime
import stat
from dataclasses import dataclass

import numpy as np
import pytest
from adbutils import AdbError
from adbutils._proto import ShellReturn
from PIL import Image

from mobile_gym.device.adb_device import AdbDevice, escape_input_text, parse_epoch_logcat
from mobile_gym.device.base import Device, DeviceError, InvalidInputError
from mobile_gym.spaces import hierarchy_problem

DUMP = ("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
        "<node index=\"0\" text=\"\" resource-id=\"\" class=\"android.widget.FrameLayout\" package=\"p\" "
        "content-desc=\"\" checkable=\"false\" checked=\"false\" clickable=\"false\" enabled=\"true\" "
        "focusable=\"false\" focused=\"false\" scrollable=\"false\" long-clickable=\"false\" "
        "password=\"false\" selected=\"false\" bounds=\"[0,0][1080,2400]\" /></hierarchy>")


@dataclass
class _Info:
    mode: int
    size: int
    mtime: datetime.datetime | None
    path: str


class FakeSync:
    def __init__(self, files):
        self.files = files

    def stat(self, path):
        if path in self.files:
            return _Info(stat.S_IFREG | 0o644, len(self.files[path]), datetime.datetime(2023, 10, 15), path)
        if any(p.startswith(path.rstrip("/") + "/") for p in self.files):
            return _Info(stat.S_IFDIR | 0o755, 0, datetime.datetime(2023, 10, 15), path)
        return _Info(0, 0, None, path)

    def read_bytes(self, path):
        if path not in self.files:
            raise AdbError("No such file", path)
        return self.files[path]

    def push(self, src, dst, mode=0o755, check=False):
        self.files[dst] = src.read()
        return len(self.files[dst])

    def list(self, path):
        prefix = path.rstrip("/") + "/"
        names = sorted({p[len(prefix):].split("/")[0] for p in self.files if p.startswith(prefix)})
        return [_Info(stat.S_IFREG | 0o644, 1, datetime.datetime(2023, 10, 15), n) for n in names]


class FakeAdbutilsDevice:
    """Answers the shell commands AdbDevice sends, records them, fails on demand."""

    serial = "emulator-5554"

    def __init__(self):
        self.commands: list[str] = []
        self.files: dict[str, bytes] = {}
        self.sync = FakeSync(self.files)
        self.log = "--------- beginning of main\n  1697383980.000  100  100 I Boot: old line\n"
        self.fail_next = 0
        self.gone = False
        self.screenshot_calls: list[bool] = []

    def _maybe_fail(self):
        if self.gone:
            raise AdbError("device 'emulator-5554' not found")
        if self.fail_next:
            self.fail_next -= 1
            raise AdbError("connection closed")

    def get_state(self):
        self._maybe_fail()
        return "device"

    def shell(self, cmd, timeout=None):
        self._maybe_fail()
        self.commands.append(cmd)
        if cmd == "wm size":
            return "Physical size: 1080x2400"
        if cmd.startswith("rm -f") and "uiautomator dump" in cmd:
            path = cmd.rsplit(" ", 1)[1]
            self.files[path] = DUMP.encode()
            return f"UI hierchary dumped to: {path}"
        if cmd.startswith("logcat -d -v epoch -t 1"):
            return self.log.strip().splitlines()[-1]
        if cmd.startswith("logcat -d -v epoch -T"):
            since = float(cmd.rsplit(" ", 1)[1])
            return "\n".join(l.raw for l in _lines(self.log) if l.t >= since)
        if cmd == "dumpsys window windows":
            return "  mCurrentFocus=Window{a1b2 u0 com.simplemobiletools.calendar.pro/.activities.MainActivity}"
        return ""

    def get_features(self):
        return "cmd"  # an old device: no shell_v2, so AdbDevice.shell uses v1

    def shell2(self, cmd, timeout=None):
        self._maybe_fail()
        self.commands.append(cmd)
        return ShellReturn(command=cmd, returncode=1 if "false" in cmd else 0, output="out\n")

    def screenshot(self, error_ok=True):
        self._maybe_fail()
        self.screenshot_calls.append(error_ok)
        img = np.zeros((2400, 1080, 4), np.uint8)
        img[..., 0] = 200
        img[..., 3] = 255
        return Image.fromarray(img, "RGBA")


@dataclass
class _L:
    t: float
    raw: str


def _lines(text):
    out = []
    for raw in text.splitlines():
        parts = raw.split()
        if parts and parts[0].replace(".", "").isdigit():
            out.append(_L(float(parts[0]), raw))
    return out


@pytest.fixture
def fake():
    return FakeAdbutilsDevice()


@pytest.fixture
def dev(fake):
    return AdbDevice("emulator-5554", adb_device=fake, retry_delay=0.0)


def test_implements_the_device_protocol(dev):
    assert isinstance(dev, Device)
    assert dev.screen_size == (1080, 2400)
    assert dev.text_boxes() is None


def test_screenshot_uses_error_ok_false_and_resizes(dev, fake):
    frame = dev.screenshot(size=(270, 600))
    assert frame.shape == (600, 270, 3) and frame.dtype == np.uint8 and frame[0, 0, 0] == 200
    assert fake.screenshot_calls == [False]


def test_view_hierarchy_dumps_then_pulls(dev, fake):
    xml = dev.view_hierarchy()
    assert hierarchy_problem(xml) is None
    assert fake.commands[-1].startswith("rm -f /data/local/tmp/mobile_gym_dump.xml; uiautomator dump")


def test_touch_becomes_motionevents(dev, fake):
    dev.touch(10, 20, True)
    dev.touch(15, 25, True)
    dev.touch(15, 25, False)
    dev.touch(15, 25, False)  # already up: nothing sent
    assert [c for c in fake.commands if c.startswith("input")] == [
        "input motionevent DOWN 10 20", "input motionevent MOVE 15 25", "input motionevent UP 15 25"]
    with pytest.raises(InvalidInputError, match="outside"):
        dev.touch(2000, 5, True)


def test_keys_and_text(dev, fake):
    dev.key("BACK")
    dev.input_text("a b&c")
    assert fake.commands[-2:] == ["input keyevent KEYCODE_BACK", "input text a%sb\\&c"]
    with pytest.raises(InvalidInputError, match="unknown key"):
        dev.key("VOLUME_UP")
    with pytest.raises(InvalidInputError, match="ASCII"):
        dev.input_text("日本")


def test_logcat_returns_only_new_lines_once(dev, fake):
    assert dev.logcat() == []  # the boot line predates the device object
    fake.log += "  1697384040.500  200  201 I ActivityTaskManager: START u0 {cmp=a/.B}\n"
    fake.log += "  1697384040.500  200  201 D Tag with space: second: colon\n"
    lines = dev.logcat()
    assert [(l.tag, l.message) for l in lines] == [
        ("ActivityTaskManager", "START u0 {cmp=a/.B}"), ("Tag with space", "second: colon")]
    assert dev.logcat() == []
    fake.log += "  1697384041.000  200  201 W X: later\n"
    assert [l.message for l in dev.logcat()] == ["later"]


def test_files_and_activity(dev, fake):
    dev.push("/sdcard/Notes/a.md", b"hi")
    assert dev.pull("/sdcard/Notes/a.md") == b"hi"
    assert [e.name for e in dev.list_dir("/sdcard/Notes")] == ["a.md"]
    with pytest.raises(FileNotFoundError, match="/nope"):
        dev.pull("/nope")
    assert dev.current_activity() == (
        "com.simplemobiletools.calendar.pro/com.simplemobiletools.calendar.pro.activities.MainActivity")
    assert dev.shell("false") == (1, "out\n", "")


def test_transient_failures_are_retried(dev, fake):
    fake.fail_next = 2
    assert dev.screenshot().shape == (2400, 1080, 3)


def test_a_vanished_device_raises_device_error_naming_the_serial(dev, fake):
    fake.gone = True
    with pytest.raises(DeviceError, match=r"emulator-5554: screencap -p failed after 3 tries"):
        dev.screenshot()


def test_snapshot_is_unsupported_but_restore_none_is_harmless(dev):
    assert dev.snapshot() is None
    dev.restore(None)
    dev.close()
    with pytest.raises(DeviceError, match="closed"):
        dev.key("BACK")


def test_parse_and_escape_helpers():
    lines = parse_epoch_logcat("--------- beginning of main\n  12.250  1  2 E AndroidRLTask: reward: 1\n")
    assert [(l.time, l.priority, l.tag, l.message) for l in lines] == [(12.25, "E", "AndroidRLTask", "reward: 1")]
    assert escape_input_text("it's 100%") == "it\\'s%s100\\%"


def test_env_truncates_on_adb_failure(fake, monkeypatch):
    from mobile_gym.env import MobileEnv
    from mobile_gym.spaces import ActionType, make_action
    from mobile_gym.tasks.loader import LoadedTask
    from tests.env.fakes import FakeEngine, fake_task

    monkeypatch.setattr("mobile_gym.device.adb_device.AdbDevice.advance", lambda self, s: None)
    env = MobileEnv(LoadedTask(fake_task(), None, None), backend="adb", serial="emulator-5554",
                    engine_factory=FakeEngine, device_kwargs={"adb_device": fake, "retry_delay": 0.0})
    obs, _ = env.reset(seed=0)
    fake.gone = True
    obs2, reward, terminated, truncated, info = env.step(make_action(ActionType.REPEAT))
    assert truncated and not terminated and "emulator-5554" in info["error"]
    assert obs2 is obs or obs2.keys() == obs.keys()


def test_calendar_oracle_through_adb_device_against_the_simulated_phone():
    """MobileEnv(backend="adb") + ElementActions solve the Calendar task; the 'phone' answers
    AdbDevice's shell commands with the simulator's shell, and resets go through reset steps
    (AdbDevice has no snapshots)."""
    from mobile_gym.env import MobileEnv
    from mobile_gym.policies import oracle_path, read_script
    from mobile_gym.tasks.catalog import task_files
    from mobile_gym.wrappers import ElementActions
    from tests.env.adb_over_sim import AdbOverSim

    phone = AdbOverSim()
    env = ElementActions(MobileEnv("MobileEnv/CalendarOpenEditor-v0", backend="adb", serial=phone.serial,
                                   device_kwargs={"adb_device": phone, "sleep": phone.sleep}))
    script = read_script(oracle_path(task_files()["CalendarOpenEditor"]))
    for episode in range(2):
        obs, _ = env.reset(seed=0)
        assert '"Calendar"' in obs["elements"]  # reset steps brought the launcher back
        total = 0.0
        for line in script:
            obs, reward, terminated, truncated, info = env.step(env.command(line))
            total += reward
        assert terminated and info["success"] and total == 2.0, (episode, total)
    sent = " | ".join(phone.commands)
    assert "input motionevent DOWN" in sent and "uiautomator dump" in sent and "logcat -d -v epoch -T" in sent
    assert "input text Meeting" in sent
    env.close()


def test_adb_device_files_activity_and_logcat_against_the_simulated_phone():
    from tests.env.adb_over_sim import AdbOverSim

    phone = AdbOverSim()
    dev = AdbDevice(phone.serial, adb_device=phone, sleep=phone.sleep)
    assert dev.current_activity().startswith("com.google.android.apps.nexuslauncher/")
    assert dev.logcat() == []
    code, _, _ = dev.shell("am start -n com.simplemobiletools.calendar.pro/.activities.MainActivity")
    assert code == 0
    assert dev.current_activity() == (
        "com.simplemobiletools.calendar.pro/com.simplemobiletools.calendar.pro.activities.MainActivity")
    assert any("Displayed com.simplemobiletools.calendar.pro/.activities.MainActivity" in l.message
               for l in dev.logcat())
    dev.push("/sdcard/Documents/x.md", b"hello")
    assert dev.pull("/sdcard/Documents/x.md") == b"hello"
    assert [e.name for e in dev.list_dir("/sdcard/Documents")] == ["x.md"]
    assert dev.screenshot(size=(270, 600)).shape == (600, 270, 3)
    assert hierarchy_problem(dev.view_hierarchy()) is None


def test_no_adb_server_is_a_fast_clear_error(monkeypatch):
    import socket

    monkeypatch.setenv("ADBUTILS_ADB_PATH", "/bin/false")  # never start a real adb server
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(DeviceError, match=r"emulator-5554: get-state failed after 2 tries.*refused"):
        AdbDevice("emulator-5554", host="127.0.0.1", port=port, retries=2, retry_delay=0.0)


def test_state_versions_are_never_known(dev, fake):
    """adb cannot tell what changed: state checks read the device every step."""
    assert dev.state_version(["/sdcard/Documents/a.md"], [("global", "wifi_on")]) is None
    assert dev.state_version() is None
