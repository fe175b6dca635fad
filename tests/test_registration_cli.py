"""Registered ids, gym.make with any task file, and the CLI commands that need no device."""

from __future__ import annotations

from pathlib import Path

import gymnasium as gym
import pytest

import mobile_gym
from mobile_gym.cli import main
from mobile_gym.env import MobileEnv
from mobile_gym.tasks.catalog import file_env_name, resolve, task_files

TASK = Path(__file__).resolve().parents[1] / "task_defs" / "calendar_open_editor.textproto"


def test_import_registers_ids():
    assert mobile_gym.__version__
    assert "MobileEnv/Task-v0" in gym.registry
    assert "MobileEnv/Calendar-v0" in gym.registry
    assert "MobileEnv/CalendarOpenEditor-v0" in gym.registry
    assert resolve("MobileEnv/CalendarOpenEditor-v0").source == str(TASK.resolve())
    assert resolve("CalendarOpenEditor").source == str(TASK.resolve())
    assert resolve("MobileEnv/Calendar-v0").family.name == "CalendarAddOneEvent"
    with pytest.raises(FileNotFoundError):
        resolve("some/file.textproto")
    assert file_env_name("calendar_open_editor") == "CalendarOpenEditor"
    assert set(task_files()) >= {"CalendarOpenEditor", "SettingsWifiOff"}
    # app aliases belong to the templated families: Calendar-v0 is CalendarAddOneEvent
    assert gym.registry["MobileEnv/Calendar-v0"].kwargs == {"task": "CalendarAddOneEvent"}


def test_make_builds_spaces_without_a_device():
    env = gym.make("MobileEnv/Task-v0", task_path=str(TASK), obs_size=(135, 300))
    base = env.unwrapped
    assert isinstance(base, MobileEnv)
    assert base.observation_space["pixels"].shape == (300, 135, 3)
    assert base.action_space["input_token"].n == 3
    assert base.max_steps == 60
    env.close()


def test_make_without_a_task_is_a_clear_error():
    with pytest.raises(TypeError, match="needs a task"):
        gym.make("MobileEnv/Task-v0")
    with pytest.raises(FileNotFoundError, match="nope.textproto"):
        MobileEnv("nope.textproto")
    with pytest.raises(ValueError, match="backend='bluetooth'"):
        MobileEnv(str(TASK), backend="bluetooth")


def test_cli_list_and_check(capsys, tmp_path):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "MobileEnv/Calendar-v0" in out and "MobileEnv/Task-v0" in out
    assert main(["check", str(TASK)]) == 0
    assert "ok" in capsys.readouterr().out
    bad = tmp_path / "bad.textproto"
    bad.write_text('id: "x"\nmax_num_steps: "ten"\n')
    assert main(["check", str(bad)]) == 2
    assert "bad.textproto:2" in capsys.readouterr().out


def test_mobile_env_task_files_load_unchanged_and_missing_apps_fail_clearly():
    from mobile_gym.tasks import TaskSetupError

    fixture = Path(__file__).resolve().parent / "fixtures" / "mobile_env_tasks" / "recipe_search-omelette.textproto"
    env = gym.make("MobileEnv/Task-v0", task_path=str(fixture))
    assert env.unwrapped.vocabulary == ("omelette", "french", "recipe for")
    assert env.action_space["input_token"].n == 3 and env.unwrapped.max_steps == 400
    with pytest.raises(TaskSetupError, match="setup step 0 .*install_apk.*not found"):
        env.reset(seed=0)


def test_cli_run_names_a_missing_policy_script(capsys, tmp_path):
    missing = tmp_path / "nope.script"
    assert main(["run", "MobileEnv/CalendarOpenEditor-v0", "--policy", str(missing)]) == 2
    assert f"policy '{missing}' is neither random, oracle nor an existing script file" in capsys.readouterr().err
    assert main(["run", "MobileEnv/CalendarOpenEditor-v0", "--policy", "oracle", "--steps", "1"]) == 0


def test_long_task_text_is_read_as_text_not_a_file_name():
    """Text longer than a file name may be (or with a newline) is task text, never an OSError."""
    text = 'id: "long"\n# ' + "a" * 5000 + "\n"
    assert resolve(text).task.proto.id == "long"
    with pytest.raises(ValueError, match="is neither a task file nor one of the"):
        resolve("A" * 5000)
