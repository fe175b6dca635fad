"""`mobile-gym run` over suites, `results` and `replay --out`, through subprocesses: the oracle
solves the whole suite, worker counts give the same episodes, a killed run resumes without
losing or repeating an episode, bad input is a one-line error (exit 2) or a recorded episode
error, and misbehaving workers are replaced while the run goes on."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mobile_gym.harness.runner import TIMING_FIELDS

AGENTS = Path(__file__).with_name("misbehaving_agents.py")


def mg(*args: str, timeout: float = 300, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mobile_gym.cli", *args], check=False, capture_output=True, text=True,
                          timeout=timeout, env=env)


def records(out: Path) -> list[dict]:
    return [json.loads(line) for line in (out / "episodes.jsonl").read_text().splitlines()]


def without_timings(rows: list[dict]) -> list[dict]:
    return [{k: v for k, v in r.items() if k not in TIMING_FIELDS} for r in rows]


def error_line(done: subprocess.CompletedProcess) -> str:
    """The error line; argparse's usage lines may come before it, nothing else may."""
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    errors = [line for line in lines if ": error: " in line]
    assert len(errors) == 1 and errors[0] == lines[-1], done.stderr
    if len(lines) > 1:
        assert lines[0].startswith("usage: "), done.stderr
    return lines[-1]


def test_the_oracle_solves_the_whole_suite_with_two_workers(tmp_path: Path) -> None:
    out = tmp_path / "all"
    t0 = time.perf_counter()
    done = mg("run", "--suite", "all", "--agent", "oracle", "--workers", "2", "--out", str(out), "--quiet")
    seconds = time.perf_counter() - t0
    assert done.returncode == 0, done.stderr
    rows = records(out)
    from mobile_gym.harness.suites import catalogue

    assert [r["task"] for r in rows] == [t.id for t in catalogue()]
    failed = [(r["task"], r["error"]) for r in rows if not r["success"]]
    assert not failed
    scores = json.loads((out / "scores.json").read_text())
    assert scores["overall"]["success_rate"] == 1.0 and scores["overall"]["errors"] == 0
    assert all(s["success_rate"] == 1.0 for s in scores["per_task"].values())
    assert scores["config"]["agent"] == "oracle" and scores["config"]["llm"]["api_key"] is None
    assert set(scores["per_app"]) >= {"settings", "calendar", "markor", "launcher"}
    assert scores["seeds"] == {r["key"]: r["seed"] for r in rows}
    print(f"oracle suite, {len(rows)} episodes, --workers 2: {seconds:.1f} s")


def test_one_and_two_workers_give_identical_episodes(tmp_path: Path) -> None:
    runs = {}
    for workers in ("1", "2"):
        out = tmp_path / f"w{workers}"
        done = mg("run", "System*", "OpenApp", "--agent", "random", "--episodes", "2", "--seed", "7",
                  "--workers", workers, "--step-budget", "aw", "--out", str(out), "--quiet")
        assert done.returncode == 0, done.stderr
        runs[workers] = records(out)
    assert len(runs["1"]) == 14
    assert without_timings(runs["1"]) == without_timings(runs["2"])
    assert all(r["steps"] <= 10 for r in runs["1"])  # AndroidWorld's 10 x complexity budget
    assert len({r["seed"] for r in runs["1"]}) == 14


def test_a_killed_run_resumes_without_losing_or_repeating_episodes(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["run", "Markor*", "--agent", "oracle", "--episodes", "2", "--workers", "1", "--out", str(out), "--quiet"]
    process = subprocess.Popen([sys.executable, "-m", "mobile_gym.cli", *args],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    episodes = out / "episodes.jsonl"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        if episodes.exists() and episodes.read_text().count("\n") >= 3:
            break
        time.sleep(0.05)
    assert process.poll() is None, "the run ended before it could be killed"
    process.send_signal(signal.SIGKILL)
    process.wait(10)
    from mobile_gym.harness.suites import select

    total = 2 * len(select(["Markor*"]))
    before = records(out)
    assert 3 <= len(before) < total
    with open(episodes, "ab") as f:  # a line torn by the kill
        f.write(b"{\"key\": \"MobileEnv/MarkorMergeNotes-v0#1\", \"succ")
    again = mg("run", "Markor*", "--agent", "random", "--episodes", "2", "--out", str(out), "--resume")
    assert again.returncode == 2
    assert "the run was started with other options (agent)" in error_line(again)
    done = mg(*args, "--resume")
    assert done.returncode == 0, done.stderr
    after = records(out)
    keys = [r["key"] for r in after]
    assert len(keys) == total and len(set(keys)) == total
    by_key = {r["key"]: r for r in after}
    assert all(without_timings([by_key[r["key"]]]) == without_timings([r]) for r in before)
    assert all(r["success"] for r in after)
    fresh = mg(*args)
    assert fresh.returncode == 2 and "already holds a run" in error_line(fresh)


@pytest.mark.parametrize(("args", "message"), [
    (["NoSuchTask", "--agent", "oracle"], "'NoSuchTask' is neither a task file nor one of the"),
    (["--suite", "everything", "--agent", "oracle"], "--suite 'everything': unknown suite; known: all, android_world_sim"),
    (["OpenApp", "--agent", "clever"], "--agent 'clever': expected one of random, oracle, script:FILE"),
    (["OpenApp", "--agent", "module:no_such_pkg.agents:make"],
     "--agent 'module:no_such_pkg.agents:make': cannot import no_such_pkg.agents: ModuleNotFoundError"),
    (["OpenApp", "--agent", f"module:{AGENTS}:Missing"], "has no attribute 'Missing'"),
    (["OpenApp", "--agent", f"module:{AGENTS}:not_an_agent"], "which has no reset or act()"),
    (["OpenApp", "--agent", "script:/no/such/script"], "no command script /no/such/script"),
    (["OpenApp", "--tags", "nosuchtag"], "--tags nosuchtag: no task has all of these tags"),
    (["OpenApp", "--workers", "0"], "--workers='0': expected a number >= 1"),
    (["OpenApp", "--episodes", "2", "--n-task-combinations", "2"], "give --episodes or --n-task-combinations"),
    (["OpenApp", "--agent", "oracle", "--policy", "oracle"], "--policy is for a single-task run"),
])
def test_bad_input_is_a_one_line_error(args: list[str], message: str, tmp_path: Path) -> None:
    done = mg("run", *args, "--out", str(tmp_path / "out"))
    assert done.returncode == 2, done.stderr
    line = error_line(done)
    assert line.startswith("mobile-gym run: error: ") and message in line, line


def test_an_unreadable_agent_module_is_a_one_line_error(tmp_path: Path) -> None:
    broken = tmp_path / "broken_agent.py"
    broken.write_text("def make(:\n")
    done = mg("run", "OpenApp", "--agent", f"module:{broken}:make", "--out", str(tmp_path / "out"))
    assert done.returncode == 2
    assert f"cannot import {broken}: SyntaxError" in error_line(done)
    missing = tmp_path / "missing.py"
    done = mg("run", "OpenApp", "--agent", f"module:{missing}:make", "--out", str(tmp_path / "out2"))
    assert done.returncode == 2 and f"no such file {missing}" in error_line(done)


def test_agents_that_raise_or_return_garbage_end_only_their_episode(tmp_path: Path) -> None:
    expected = {"Raises": "agent raised RuntimeError: boom at the first step",
                "Garbage": "agent returned an invalid action: action=42: expected a dict",
                "BadCommand": "agent returned an action its mode (elements) cannot run: command 'fly to the moon'"}
    for name, message in expected.items():
        out = tmp_path / name
        done = mg("run", "OpenApp", "SystemWifiTurnOn", "--agent", f"module:{AGENTS}:{name}",
                  "--out", str(out), "--quiet")
        assert done.returncode == 0, done.stderr
        rows = records(out)
        assert len(rows) == 2 and all(r["error"].startswith(message) for r in rows), rows
        assert json.loads((out / "scores.json").read_text())["overall"]["errors"] == 2


def test_hung_memory_hungry_and_spinning_workers_are_replaced(tmp_path: Path) -> None:
    env = {**os.environ, "MISBEHAVE_MARKER": str(tmp_path / "slept")}
    out = tmp_path / "sleepy"
    done = mg("run", "OpenApp", "--episodes", "2", "--agent", f"module:{AGENTS}:SleepsOnce",
              "--step-timeout", "3", "--out", str(out), "--quiet", env=env)
    assert done.returncode == 0, done.stderr
    first, second = records(out)
    assert first["error"] == "watchdog: no step finished within 3 s; the worker was killed"
    assert second["error"] is None and second["steps"] > 0
    out = tmp_path / "hog"
    done = mg("run", "OpenApp", "--episodes", "2", "--agent", f"module:{AGENTS}:HogsMemory",
              "--memory-gib", "2", "--out", str(out), "--quiet")
    assert done.returncode == 0, done.stderr
    assert [r["error"] for r in records(out)] == ["agent raised MemoryError: "] * 2
    out = tmp_path / "spin"
    done = mg("run", "OpenApp", "SystemWifiTurnOn", "--agent", f"module:{AGENTS}:Spins",
              "--episode-cpu-seconds", "1", "--out", str(out), "--quiet")
    assert done.returncode == 0, done.stderr
    assert [r["error"] for r in records(out)] == ["worker died of SIGXCPU (the per-episode CPU limit)"] * 2


def test_record_replay_render_and_results(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    pytest.importorskip("imageio")
    out = tmp_path / "rec"
    done = mg("run", "OpenApp", "MarkorCreateFolder", "--agent", "oracle", "--record", "--out", str(out), "--quiet")
    assert done.returncode == 0, done.stderr
    rows = records(out)
    recording = out / rows[1]["recording"]
    assert recording.name == "episode_000000" and (recording / "agent_steps.jsonl").exists()
    check = mg("replay", str(recording))
    assert check.returncode == 0 and "identical" in check.stdout
    gif = tmp_path / "ep.gif"
    done = mg("replay", str(recording), "--out", str(gif))
    assert done.returncode == 0, done.stderr
    import imageio.v3 as iio

    frames = iio.imread(gif, index=None)
    assert frames.shape[0] == rows[1]["steps"] + 1
    mp4 = tmp_path / "ep.mp4"
    done = mg("replay", str(recording), "--out", str(mp4))
    try:
        import imageio_ffmpeg  # noqa: F401
        assert done.returncode == 0 and mp4.stat().st_size > 0, done.stderr
    except ImportError:
        assert done.returncode == 2 and "MP4 needs imageio-ffmpeg" in error_line(done)
    bad = mg("replay", str(recording), "--out", str(tmp_path / "ep.avi"))
    assert bad.returncode == 2 and "expected a .gif or .mp4" in error_line(bad)

    other = tmp_path / "random"
    assert mg("run", "OpenApp", "--agent", "random", "--n-task-combinations", "2", "--out", str(other),
              "--quiet").returncode == 0
    html = tmp_path / "report.html"
    shown = mg("results", str(out), str(other), "--html", str(html), "--plots", str(tmp_path / "plots"),
               "--gifs", "1")
    assert shown.returncode == 0, shown.stderr
    assert [p.name for p in (tmp_path / "plots" / "gifs").iterdir()] == ["rec_OpenApp_0000.gif"]
    assert "MobileEnv/MarkorCreateFolder-v0" in shown.stdout and "rec" in shown.stdout and "random" in shown.stdout
    for name in ("success_task", "success_app", "success_difficulty", "steps", "reward"):
        assert (tmp_path / "plots" / f"{name}.png").read_bytes()[:4] == b"\x89PNG"
    page = html.read_text()
    assert page.count("data:image/png;base64,") == 5 and "http://" not in page and "https://" not in page
    missing = mg("results", str(tmp_path / "nothing"))
    assert missing.returncode == 2 and "no such run directory" in error_line(missing)


def test_suite_and_tags_select_together(tmp_path: Path) -> None:
    out = tmp_path / "wifi"
    done = mg("run", "--suite", "android_world_sim", "--tags", "wifi", "--agent", "oracle", "--seed", "3",
              "--out", str(out), "--quiet")
    assert done.returncode == 0, done.stderr
    rows = records(out)
    assert [r["name"] for r in rows] == ["SystemWifiTurnOn", "SystemWifiTurnOff"] and all(r["success"] for r in rows)
    from mobile_gym.harness.suites import episode_seed

    assert [r["seed"] for r in rows] == [episode_seed(3, r["name"], 0) for r in rows]
    assert "success rate 1.000" in done.stdout


def test_the_single_task_run_is_unchanged(tmp_path: Path) -> None:
    done = mg("run", "MobileEnv/Calendar-v0", "--policy", "oracle", "--quiet", "--record", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert "outcome success" in done.stdout and (tmp_path / "episode_000000").is_dir()
    bare = mg("run", "MobileEnv/Calendar-v0", "--record")
    assert bare.returncode == 2 and "--record needs a DIR in a single-task run" in error_line(bare)
