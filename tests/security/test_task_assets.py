"""Host files a task file names (push sources, APKs, icon images, icon template folders) are read
only from the task file's own folder: every other path, a symlink leading out, a missing file and
a task without a file get one and the same refusal, naming the task file, line and field, and
the host's canary files are neither copied to the device nor shown in any message."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import cv2
import gymnasium as gym
import numpy as np
import pytest
from google.protobuf import text_format

import mobile_gym  # noqa: F401 - registers the environments
from mobile_gym.cli import main as cli_main
from mobile_gym.events import EventEngine
from mobile_gym.events.errors import ModelUnavailableError, TaskCompileError
from mobile_gym.tasks import (
    LoadedTask,
    StepContext,
    TaskSetupError,
    load_task,
    run_steps,
    task_pb2,
)
from mobile_gym.tasks.assets import TaskAssets
from mobile_gym.tasks.errors import TaskFormatError

SECRET = b"CANARY-7f3a9c-host-secret"
REFUSAL = "not found in the task's folder"


class PushDevice:
    """Just what push and install_apk steps use: files pushed, shell commands run."""

    screen_size = (1080, 2400)

    def __init__(self, packages: tuple[str, ...] = ()) -> None:
        self.files: dict[str, bytes] = {}
        self.commands: list[str] = []
        self.packages = set(packages)

    def push(self, path: str, data: bytes) -> None:
        self.files[path] = data

    def shell(self, cmd: str) -> tuple[int, str, str]:
        self.commands.append(cmd)
        if cmd == "pm list packages":
            return 0, "".join(f"package:{p}\n" for p in sorted(self.packages)), ""
        return 127, "", f"/system/bin/sh: {cmd.split()[0]}: not found"

    def advance(self, seconds: float) -> None:
        pass


@pytest.fixture
def host(tmp_path: Path) -> dict[str, Path]:
    """A task folder and, beside it, a host folder holding canary files."""
    task_dir = tmp_path / "task"
    outside = tmp_path / "outside"
    task_dir.mkdir()
    outside.mkdir()
    canary = outside / "canary.txt"
    canary.write_bytes(SECRET)
    cv2.imwrite(str(outside / "canary.png"), icon_image())
    os.utime(canary, (1_000_000, 1_000_000))
    return {"task": task_dir, "outside": outside, "canary": canary}


def icon_image(size: int = 24) -> np.ndarray:
    img = np.full((size, size, 3), 255, np.uint8)
    cv2.circle(img, (size // 2, size // 2), size // 3, (0, 0, 0), -1)
    return img


def untouched(canary: Path) -> bool:
    return canary.read_bytes() == SECRET and canary.stat().st_mtime == 1_000_000


def push_task(task_dir: Path, local_path: str) -> Path:
    path = task_dir / "task.textproto"
    path.write_text('id: "push"\n'
                    'setup_steps {\n'
                    '  adb_call {\n'
                    f'    push {{ path: "/sdcard/Download/x" local_path: "{local_path}" }}\n'
                    '  }\n'
                    '}\n')
    return path


def run_push(task_dir: Path | None, local_path: str, device: PushDevice) -> TaskSetupError:
    task = text_format.Parse(
        f'setup_steps {{ adb_call {{ push {{ path: "/sdcard/x" local_path: "{local_path}" }} }} }}',
        task_pb2.Task())
    with pytest.raises(TaskSetupError) as info:
        run_steps(task.setup_steps, device, context=StepContext(directory=task_dir),
                  label="setup step")
    return info.value


def without_paths(text: str) -> str:
    """The refusal with the quoted path taken out (to compare texts of different paths)."""
    return re.sub(r"'[^']*'", "'…'", text)


# -- push { local_path } -----------------------------------------------------------------------

@pytest.mark.parametrize("local", ["ABS", "../outside/canary.txt", "sub/../../outside/canary.txt",
                                   "/proc/self/environ", "/etc/passwd", "missing.bin"])
def test_push_from_outside_the_folder_is_refused_when_the_task_loads(host, local):
    local = str(host["canary"]) if local == "ABS" else local
    path = push_task(host["task"], local)
    with pytest.raises(TaskFormatError) as info:
        load_task(path)
    err = info.value
    assert (err.path, err.line) == (str(path), 4)
    assert err.field == "setup_steps[0].adb_call.push.local_path"
    assert REFUSAL in err.message and SECRET.decode() not in str(err)
    assert untouched(host["canary"])


def test_missing_and_forbidden_paths_get_the_same_text(host):
    at_load, at_run = set(), set()
    for local in (str(host["canary"]), "../outside/canary.txt", "missing.bin", "/no/such/file",
                  "../outside/no-such-file", "/proc/self/environ"):
        with pytest.raises(TaskFormatError) as info:
            load_task(push_task(host["task"], local))
        at_load.add(without_paths(info.value.message))
        at_run.add(without_paths(run_push(host["task"], local, PushDevice()).message))
    assert len(at_load) == 1 and at_load == at_run
    assert at_load.pop().startswith(f"push local_path '…' {REFUSAL}")


def test_a_symlink_leading_out_of_the_folder_is_refused(host):
    (host["task"] / "link.txt").symlink_to(host["canary"])
    (host["task"] / "dirlink").symlink_to(host["outside"], target_is_directory=True)
    for local in ("link.txt", "dirlink/canary.txt"):
        with pytest.raises(TaskFormatError, match=REFUSAL):
            load_task(push_task(host["task"], local))
        device = PushDevice()
        assert REFUSAL in str(run_push(host["task"], local, device))
        assert device.files == {}
    assert untouched(host["canary"])


def test_a_fifo_in_the_folder_is_refused_without_blocking(host):
    os.mkfifo(host["task"] / "pipe")
    start = time.monotonic()
    device = PushDevice()
    assert REFUSAL in str(run_push(host["task"], "pipe", device))
    with pytest.raises(TaskFormatError, match=REFUSAL):
        load_task(push_task(host["task"], "pipe"))
    assert time.monotonic() - start < 30 and device.files == {}


def test_a_task_without_a_folder_reads_no_host_file(host, monkeypatch):
    monkeypatch.chdir(host["outside"])  # a relative path must not resolve against the CWD
    device = PushDevice()
    err = run_push(None, "canary.txt", device)
    assert REFUSAL in str(err) and device.files == {}
    assert untouched(host["canary"])


def test_files_inside_the_folder_are_pushed_also_through_an_inner_symlink(host):
    (host["task"] / "notes").mkdir()
    (host["task"] / "notes" / "a.md").write_text("hello")
    (host["task"] / "alias.md").symlink_to(host["task"] / "notes" / "a.md")
    for local in ("notes/a.md", "alias.md", "./notes/../notes/a.md"):
        task = load_task(push_task(host["task"], local))
        device = PushDevice()
        run_steps(task.proto.setup_steps, device, context=StepContext(directory=task.directory))
        assert device.files == {"/sdcard/Download/x": b"hello"}


def test_the_environment_refuses_the_task_at_make(host):
    path = push_task(host["task"], str(host["canary"]))
    with pytest.raises(TaskFormatError, match=REFUSAL):
        gym.make("MobileEnv/Task-v0", task_path=str(path))
    assert untouched(host["canary"])


def test_a_refused_push_at_reset_names_the_file_line_and_field(host):
    """A task whose file changed after loading (the asset became a symlink to a host file)."""
    (host["task"] / "data.txt").write_text("fine")
    path = push_task(host["task"], "data.txt")
    env = gym.make("MobileEnv/Task-v0", task_path=str(path))
    (host["task"] / "data.txt").unlink()
    (host["task"] / "data.txt").symlink_to(host["canary"])
    try:
        with pytest.raises(TaskSetupError) as info:
            env.reset(seed=0)
    finally:
        env.close()
    text = str(info.value)
    assert f"{path}:4:" in text and "push local_path 'data.txt'" in text and REFUSAL in text
    assert SECRET.decode() not in text and untouched(host["canary"])


# -- install_apk -------------------------------------------------------------------------------

def apk_task(task_dir: Path, apk: str) -> Path:
    path = task_dir / "apk.textproto"
    path.write_text('id: "apk"\n'
                    f'setup_steps {{ adb_call {{ install_apk {{ filesystem {{ path: "{apk}" }} }} }} }}\n')
    return path


def test_an_absolute_apk_path_is_refused_when_the_task_loads(host):
    apk = host["outside"] / "com.evil.apk"
    apk.write_bytes(SECRET)
    with pytest.raises(TaskFormatError) as info:
        load_task(apk_task(host["task"], str(apk)))
    assert info.value.line == 2 and "install_apk" in info.value.field and REFUSAL in str(info.value)


def test_an_apk_outside_the_folder_is_never_read(host):
    apk = host["outside"] / "com.evil.apk"
    apk.write_bytes(SECRET)
    task = load_task(apk_task(host["task"], "../outside/com.evil.apk"))  # Mobile-Env's layout
    device = PushDevice()
    with pytest.raises(TaskSetupError, match=REFUSAL) as info:
        run_steps(task.proto.setup_steps, device,
                  context=StepContext(directory=task.directory, locate=task.where))
    assert "com.evil is not installed" in str(info.value) and device.files == {}
    installed = PushDevice(packages=("com.evil",))
    run_steps(task.proto.setup_steps, installed, context=StepContext(directory=task.directory))
    assert installed.files == {}  # the package is there: nothing to read


# -- icon images and template folders ----------------------------------------------------------

def icon_task(task_dir: Path, kind: str, path: str) -> Path:
    file = task_dir / "icon.textproto"
    file.write_text('id: "icon"\n'
                    f'event_sources {{ id: 1 {kind} {{ path: "{path}" }} }}\n'
                    'event_slots { reward_listener { events { id: 1 } transformation: "y = 1" } }\n')
    return file


@pytest.mark.parametrize("kind", ["icon_match", "icon_detect_match"])
def test_icon_references_outside_the_folder_are_refused(host, kind):
    (host["task"] / "link.png").symlink_to(host["outside"] / "canary.png")
    for ref in (str(host["outside"] / "canary.png"), "../outside/canary.png", "link.png",
                "missing.png"):
        file = icon_task(host["task"], kind, ref)
        with pytest.raises(TaskFormatError) as info:
            load_task(file)
        assert info.value.line == 2 and info.value.field == f"event_sources[0].{kind}.path"
        assert REFUSAL in info.value.message
        # the engine refuses the same path of a task that skipped the loader's check
        proto = text_format.Parse(file.read_text(), task_pb2.Task())
        with pytest.raises(TaskCompileError, match=REFUSAL):
            EventEngine(LoadedTask(proto, file, host["task"]))


def test_an_icon_reference_inside_the_folder_loads(host):
    cv2.imwrite(str(host["task"] / "ref.png"), icon_image())
    EventEngine(load_task(icon_task(host["task"], "icon_match", "ref.png")))


def test_an_icon_template_folder_leading_out_of_the_task_folder_is_not_read(host):
    stars = host["outside"] / "star"
    stars.mkdir()
    cv2.imwrite(str(stars / "a.png"), icon_image())
    (host["task"] / "icons").symlink_to(host["outside"], target_is_directory=True)
    file = host["task"] / "rec.textproto"
    file.write_text('event_sources { id: 1 icon_recognize { class: "star" } }\n'
                    'event_slots { reward_listener { events { id: 1 } transformation: "y = 1" } }\n')
    with pytest.raises(ModelUnavailableError, match="no templates for class 'star'"):
        EventEngine(load_task(file))
    (host["task"] / "icons").unlink()
    (host["task"] / "icons").mkdir()
    (host["task"] / "icons" / "star").symlink_to(stars, target_is_directory=True)
    with pytest.raises(ModelUnavailableError, match="no templates for class 'star'"):
        EventEngine(load_task(file))
    (host["task"] / "icons" / "star").unlink()
    (host["task"] / "icons" / "star").mkdir()
    (host["task"] / "icons" / "star" / "b.png").symlink_to(stars / "a.png")
    with pytest.raises(ModelUnavailableError, match="no templates for class 'star'"):
        EventEngine(load_task(file))
    cv2.imwrite(str(host["task"] / "icons" / "star" / "own.png"), icon_image())
    assert EventEngine(load_task(file)) is not None  # its own template: fine


def test_a_task_without_a_folder_has_no_icons(host, monkeypatch):
    monkeypatch.chdir(host["outside"])
    proto = text_format.Parse('event_sources { id: 1 icon_match { path: "canary.png" } }\n'
                              'event_slots { reward_listener { events { id: 1 } } }',
                              task_pb2.Task())
    with pytest.raises(TaskCompileError, match=REFUSAL):
        EventEngine(LoadedTask(proto, None, None))


def test_asset_reads_are_bounded_in_size(host, monkeypatch):
    (host["task"] / "big.bin").write_bytes(b"x" * 5000)
    with pytest.raises(ValueError, match="MAX_ASSET_BYTES = 4,096"):
        TaskAssets(host["task"]).read("big.bin", where="here", field="push local_path",
                                      max_bytes=4096)


# -- mobile-gym check --------------------------------------------------------------------------

def test_check_refuses_every_host_read_naming_file_and_line(host, capsys):
    files = [push_task(host["task"], str(host["canary"])),
             apk_task(host["task"], "/etc/passwd"),
             icon_task(host["task"], "icon_match", "../outside/canary.png")]
    lines = {files[0]: 4, files[1]: 2, files[2]: 2}
    for file in files:
        assert cli_main(["check", str(file)]) == 2
        out = capsys.readouterr().out
        assert f"{file}:{lines[file]}:" in out and "error" in out and REFUSAL in out
        assert SECRET.decode() not in out
    assert untouched(host["canary"])
