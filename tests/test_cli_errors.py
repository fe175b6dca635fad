"""`mobile-gym` command-line errors: one line on stderr naming the bad option or value, exit
status 2 for bad input and 1 for runtime failures, never a traceback."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import gymnasium
import pytest

from mobile_gym import cli
from mobile_gym.bench import measure_env, measure_vector
from mobile_gym.cli import _env_kwargs, build_parser, main

CAL = "MobileEnv/CalendarOpenEditor-v0"
TASK = Path(__file__).resolve().parents[1] / "task_defs" / "calendar_open_editor.textproto"


def _error_line(capsys: pytest.CaptureFixture[str], command: str) -> str:
    """The captured stderr's last line, checked to be the CLI's error line for `command`."""
    err = capsys.readouterr().err
    assert "Traceback" not in err
    last = err.rstrip("\n").splitlines()[-1]
    assert last.startswith(f"mobile-gym {command}: error: "), err
    return last


def _free_port() -> int:
    """A TCP port on 127.0.0.1 where nothing listens (bound once by the OS, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ---------------------------------------------------------------------------- counts and seeds

@pytest.mark.parametrize(("argv", "shown"), [
    (["bench", "--steps", "0"], "--steps=0: expected a whole number >= 1"),
    (["bench", "--steps", "-3"], "--steps=-3: expected a whole number >= 1"),
    (["run", CAL, "--steps", "0"], "--steps=0: expected a whole number >= 1"),
    (["run", CAL, "--steps", "many"], "--steps=many: expected a whole number >= 1"),
    (["run", CAL, "--episodes", "0"], "--episodes=0: expected a whole number >= 1"),
    (["run", CAL, "--max-steps", "-1"], "--max-steps=-1: expected a whole number >= 0"),
    (["trace", CAL, "--steps", "-2"], "--steps=-2: expected a whole number >= 1"),
    (["run", "MobileEnv/Calendar-v0", "--seed", "-1"], "--seed=-1: expected a whole number >= 0"),
    (["trace", "MobileEnv/Calendar-v0", "--seed", "-1"], "--seed=-1: expected a whole number >= 0"),
    (["bench", "--seed", "-5"], "--seed=-5: expected a whole number >= 0"),
])
def test_bad_counts_and_seeds_are_usage_errors(argv: list[str], shown: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert _error_line(capsys, argv[0]) == f"mobile-gym {argv[0]}: error: {shown}"


def test_a_type_error_from_another_module_names_its_option_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["adb-serve", "--devices", "0"]) == 2
    assert _error_line(capsys, "adb-serve") == \
        "mobile-gym adb-serve: error: --devices '0': expected a whole number from 1 to 64"


def test_bench_functions_refuse_empty_runs() -> None:
    with pytest.raises(ValueError, match=r"steps=0: expected a whole number >= 1"):
        measure_env(lambda: pytest.fail("no env is built"), 0)
    with pytest.raises(ValueError, match=r"num_envs=0"):
        measure_vector(lambda: pytest.fail("no env is built"), 0, 5, asynchronous=False)


def test_help_returns_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--help"]) == 0
    out = capsys.readouterr().out
    assert "searched recursively" in out and ".textproto" in out and ".yml" in out


# ---------------------------------------------------------------------------- --max-steps

def test_max_steps_zero_reaches_the_env_and_absent_leaves_the_task_limit() -> None:
    parser = build_parser()
    assert _env_kwargs(parser.parse_args(["run", CAL, "--max-steps", "0"]))["max_steps"] == 0
    assert "max_steps" not in _env_kwargs(parser.parse_args(["run", CAL]))
    assert "max_steps" not in _env_kwargs(parser.parse_args(["bench"]))


def test_max_steps_zero_means_no_limit(capsys: pytest.CaptureFixture[str]) -> None:
    # The task's own limit is 60 steps; 0 lifts it, so the random policy's 65-step cap ends the run.
    assert main(["run", CAL, "--steps", "65", "--quiet"]) == 0
    assert "steps 60 " in capsys.readouterr().out
    assert main(["run", CAL, "--steps", "65", "--max-steps", "0", "--quiet"]) == 0
    summary = capsys.readouterr().out.splitlines()[-1]
    assert "steps 65 " in summary and "outcome not finished" in summary and "truncated False" in summary
    assert main(["run", CAL, "--steps", "65", "--max-steps", "2", "--quiet"]) == 0
    assert "steps 2 " in capsys.readouterr().out


# ---------------------------------------------------------------------------- runtime failures

def test_unreachable_adb_server_is_a_one_line_runtime_error(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("ADBUTILS_ADB_PATH", "/bin/false")  # adbutils must not start a real server
    monkeypatch.setenv("ANDROID_ADB_SERVER_HOST", "127.0.0.1")
    monkeypatch.setenv("ANDROID_ADB_SERVER_PORT", str(_free_port()))
    t0 = time.monotonic()
    assert main(["run", "MobileEnv/Calendar-v0", "--backend", "adb", "--serial", "emulator-5554"]) == 1
    line = _error_line(capsys, "run")
    assert "adb device emulator-5554" in line and "failed" in line
    assert time.monotonic() - t0 < 5  # 3 tries, 0.5 s apart


def test_failed_task_setup_is_a_runtime_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    task = tmp_path / "setup_fails.textproto"
    task.write_text('id: "setup_fails"\n'
                    'setup_steps: { adb_call: { install_apk: { filesystem: { path: "missing.apk" } } } }\n')
    assert main(["run", str(task), "--steps", "2"]) == 1
    line = _error_line(capsys, "run")
    assert "setup step 0" in line and "missing.apk" in line
    assert main(["trace", str(task), "--steps", "2"]) == 1
    assert "setup step 0" in _error_line(capsys, "trace")


def test_library_errors_are_reported_and_bugs_are_not_swallowed(monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    def raise_(exc: BaseException):
        def fn(_args: object) -> int:
            raise exc
        return fn

    monkeypatch.setattr(cli, "cmd_list", raise_(gymnasium.error.Error("Seed must be greater or equal to zero")))
    assert main(["list"]) == 1
    assert _error_line(capsys, "list") == "mobile-gym list: error: Seed must be greater or equal to zero"
    monkeypatch.setattr(cli, "cmd_list", raise_(ValueError("first\n  second")))
    assert main(["list"]) == 2
    assert _error_line(capsys, "list") == "mobile-gym list: error: first; second"
    monkeypatch.setattr(cli, "cmd_list", raise_(KeyboardInterrupt()))
    assert main(["list"]) == 130
    assert capsys.readouterr().err == "mobile-gym list: interrupted\n"
    monkeypatch.setattr(cli, "cmd_list", raise_(ZeroDivisionError("a bug")))
    with pytest.raises(ZeroDivisionError):
        main(["list"])


# ---------------------------------------------------------------------------- missing tasks and files

@pytest.mark.parametrize("command", [["run"], ["bench", "--steps", "5"], ["trace"]])
def test_unknown_task_ids_and_missing_task_files(command: list[str], tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    name = command[0]
    assert main([name, "NoSuchTask", *command[1:]]) == 2
    assert "'NoSuchTask' is neither a task file nor" in _error_line(capsys, name)
    missing = tmp_path / "missing.textproto"
    assert main([name, str(missing), *command[1:]]) == 2
    assert str(missing) in _error_line(capsys, name)


def test_missing_and_bad_recordings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "no_episode"
    assert main(["replay", str(missing)]) == 2
    assert _error_line(capsys, "replay") == f"mobile-gym replay: error: {missing}: No such file or directory"
    assert main(["trace", "--replay", str(missing)]) == 2
    assert str(missing) in _error_line(capsys, "trace")
    garbage = tmp_path / "garbage"
    garbage.mkdir()
    (garbage / "trajectory.jsonl").write_text("not json\n")
    assert main(["replay", str(garbage)]) == 2
    assert f"{garbage}: not a RecordEpisode recording" in _error_line(capsys, "replay")


def test_policy_that_is_a_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", CAL, "--policy", str(tmp_path)]) == 2
    assert "is a directory, not a command script file" in _error_line(capsys, "run")


# ---------------------------------------------------------------------------- check

def test_check_a_missing_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nope.textproto"
    assert main(["check", str(missing), str(TASK)]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"mobile-gym check: error: {missing}: no such file or directory\n"
    assert f"{TASK}: ok" in captured.out  # the other files are still checked


def test_check_a_directory_lints_its_task_files_recursively(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "sub" / "deeper").mkdir(parents=True)
    (tmp_path / ".hidden").mkdir()
    (tmp_path / "sub" / "good.textproto").write_text(TASK.read_text())
    (tmp_path / "sub" / "deeper" / "bad.pbtxt").write_text('id: "x"\nmax_num_steps: "ten"\n')
    (tmp_path / ".hidden" / "ignored.textproto").write_text("not a task\n")
    (tmp_path / "notes.txt").write_text("not a task file\n")
    assert main(["check", str(tmp_path)]) == 2
    out = capsys.readouterr().out
    assert f"{tmp_path / 'sub' / 'good.textproto'}: ok" in out
    assert f"{tmp_path / 'sub' / 'deeper' / 'bad.pbtxt'}:2" in out
    assert "ignored" not in out and "notes.txt" not in out
    (tmp_path / "sub" / "deeper" / "bad.pbtxt").unlink()
    assert main(["check", str(tmp_path / "sub")]) == 0


def test_check_a_directory_without_task_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "readme.md").write_text("nothing to lint\n")
    assert main(["check", str(tmp_path)]) == 2
    line = _error_line(capsys, "check")
    assert f"{tmp_path}: directory has no task files (*.textproto" in line and "not found" not in line


@pytest.mark.parametrize("transformation,reason", [
    ("y = lambda: 1", "lambda is not allowed"),
    ("y = __import__('os').system('true')", "not allowed"),
])
def test_check_compiles_what_the_linter_cannot(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               transformation: str, reason: str) -> None:
    """A transformation the engine refuses fails `check` as it would fail gym.make."""
    task = tmp_path / "t.textproto"
    task.write_text('id: "t"\nevent_sources: { id: 1 response_event: { pattern: "(yes)" } }\n'
                    "event_slots: {\n"
                    f"  reward_listener: {{ events: {{ id: 1 }} transformation: {transformation!r} }}\n"
                    "}\n")
    assert main(["check", str(task)]) == 2
    out = capsys.readouterr().out
    assert out.startswith(f"{task}:4:") and "error: [compile]" in out and reason in out


def test_trace_takes_a_task_or_a_recording_not_both(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["trace", "MobileEnv/Calendar-v0", "--replay", "runs/episode_000000"]) == 2
    assert "not both" in capsys.readouterr().err
