"""`mobile-gym dataset`: oracle episodes of a suite exported to Minari and JSONL+PNG round-trip
through `minari.load_dataset` and the JSONL reader; both hold the same frames (lossless, at the
chosen size), actions, rewards and instructions; the raw actions replayed on a fresh env
reproduce the episode; element agents' macro actions carry their primitive raw actions; bad
input is a one-line error with exit status 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import minari
import numpy as np
import pytest
from gymnasium import spaces
from hypothesis import given
from hypothesis import strategies as st

from mobile_gym.env import MobileEnv
from mobile_gym.harness.dataset import DatasetError, parse_obs_size, read_jsonl
from mobile_gym.harness.minari_export import merge_action_spaces

REPO = Path(__file__).resolve().parents[2]
WIFI_OFF_FILE = REPO / "task_defs" / "settings_wifi_off.textproto"


def mg(*args: str, minari_path: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "MINARI_DATASETS_PATH": str(minari_path)}
    return subprocess.run([sys.executable, "-m", "mobile_gym.cli", *args], check=False, capture_output=True,
                          text=True, timeout=600, env=env)


def error_line(done: subprocess.CompletedProcess) -> str:
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len([line for line in lines if ": error: " in line]) == 1 and ": error: " in lines[-1], done.stderr
    return lines[-1]


@pytest.fixture(scope="module")
def oracle_dataset(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Two oracle episodes of SystemWifiTurnOff at 90x200, in both formats."""
    root = tmp_path_factory.mktemp("dataset")
    done = mg("dataset", "SystemWifiTurnOff", "--episodes", "2", "--out", str(root / "wifi"), "--obs-size", "90x200",
              "--dataset-id", "mobile_gym/wifi-oracle-v0", "--quiet", minari_path=root / "minari")
    assert done.returncode == 0, done.stderr
    assert "Minari mobile_gym/wifi-oracle-v0" in done.stdout and "2 episode(s)" in done.stdout
    return root, root / "minari"


def test_minari_and_jsonl_hold_the_same_episodes(oracle_dataset, monkeypatch: pytest.MonkeyPatch) -> None:
    root, minari_path = oracle_dataset
    monkeypatch.setenv("MINARI_DATASETS_PATH", str(minari_path))
    dataset = minari.load_dataset("mobile_gym/wifi-oracle-v0")
    run = [json.loads(line) for line in (root / "wifi" / "run" / "episodes.jsonl").read_text().splitlines()]
    jsonl = read_jsonl(root / "wifi" / "jsonl")
    assert dataset.total_episodes == len(jsonl) == len(run) == 2
    assert dataset.observation_space["pixels"].shape == (200, 90, 3)
    for i, (episode, plain, record) in enumerate(zip(dataset.iterate_episodes(), jsonl, run)):
        steps = len(plain.rows) - 1
        assert record["success"] and plain.summary["success"] and plain.summary["seed"] == record["seed"]
        assert len(episode) == steps == record["steps"]
        # observations: T+1 lossless frames at the chosen size, the same in both formats
        assert episode.observations["pixels"].shape == (steps + 1, 200, 90, 3)
        assert np.array_equal(episode.observations["pixels"], plain.frames)
        assert set(episode.observations["instruction"]) == {record["instruction"]} == {"Turn Wi-Fi off."}
        assert [r["view_hierarchy"] for r in plain.rows] == list(episode.observations["view_hierarchy"])
        assert "<hierarchy" in plain.rows[0]["view_hierarchy"]
        # actions: the raw Dicts of the oracle, in both formats
        actions = [r["action"] for r in plain.rows[:-1]]
        assert list(episode.actions["action_type"]) == [a["action_type"] for a in actions]
        assert np.allclose(episode.actions["touch_position"], [a["touch_position"] for a in actions])
        assert [r["raw_actions"] for r in plain.rows[:-1]] == [[a] for a in actions]
        assert episode.rewards.sum() == pytest.approx(record["reward"])
        assert episode.terminations[-1] and not episode.terminations[:-1].any()
        assert episode.infos["success"][-1] and not episode.infos["success"][:-1].any()
        # the element/JSON form: the harness's command, the touched element
        meta = next(iter(dataset.storage.get_episode_metadata([i])))
        assert meta["instruction"] == record["instruction"] and meta["task"] == record["task"]
        forms = [json.loads(f) for f in meta["action_json"]]
        assert forms == [r["action_json"] for r in plain.rows[:-1]]
        assert forms[0]["command"].startswith("TOUCH (") and forms[1]["command"] == "LIFT"
        assert forms[0]["element"]["text"] == "Settings"  # the launcher icon under the first tap


def test_the_raw_actions_replay_the_episode_on_a_fresh_env(oracle_dataset) -> None:
    root, _ = oracle_dataset
    plain = read_jsonl(root / "wifi" / "jsonl")[1]
    env = MobileEnv("SystemWifiTurnOff", obs_size=(90, 200))
    try:
        obs, _ = env.reset(seed=plain.summary["seed"])
        assert np.array_equal(obs["pixels"], plain.frames[0])
        for t, row in enumerate(plain.rows[:-1], 1):
            (raw,) = row["raw_actions"]
            obs, reward, terminated, _, info = env.step(raw)
            assert reward == row["reward"]
            assert np.array_equal(obs["pixels"], plain.frames[t])
        assert terminated and info["success"]
    finally:
        env.close()


def test_element_agents_keep_commands_and_their_primitive_raw_actions(tmp_path: Path) -> None:
    run = tmp_path / "run"
    done = mg("run", str(WIFI_OFF_FILE), "--agent", "oracle", "--record", "--out", str(run), "--quiet",
              minari_path=tmp_path / "minari")
    assert done.returncode == 0, done.stderr
    done = mg("dataset", "--from-run", str(run), "--out", str(tmp_path / "ds"), "--format", "jsonl",
              minari_path=tmp_path / "minari")
    assert done.returncode == 0, done.stderr
    (episode,) = read_jsonl(tmp_path / "ds" / "jsonl")
    script = [line for line in WIFI_OFF_FILE.with_suffix(".oracle").read_text().splitlines()
              if line and not line.startswith("#")]
    steps = episode.rows[:-1]
    assert [r["action_json"]["command"] for r in steps] == script
    assert episode.summary["mode"] == "elements" and episode.summary["success"]
    assert episode.frames.shape[1:] == (600, 270, 3)  # the default size
    assert not (tmp_path / "minari").exists() or not any((tmp_path / "minari").iterdir())
    opened, *clicks = steps
    assert opened["action_json"]["element_action"]["action"] == "open_app"
    assert None in opened["raw_actions"]  # a launch: no raw action says it
    for row in clicks:
        assert row["action"]["action"] == 0  # click
        touch, lift = row["raw_actions"]
        assert touch["action_type"] == 0 and lift["action_type"] == 1
        l, t, r, b = row["action_json"]["element"]["bounds"]
        x, y = touch["touch_position"][0] * 1080, touch["touch_position"][1] * 2400
        assert l <= x < r and t <= y < b  # the raw touch lands on the clicked element
        assert [op["kind"] for op in row["device_ops"]] == ["touch", "lift"]
    assert clicks[-1]["action_json"]["element"]["resource_id"].endswith("switch_widget")


@pytest.mark.parametrize(("args", "message"), [
    (["--obs-size", "90by200"], "--obs-size='90by200': expected WIDTHxHEIGHT"),
    (["--format", "parquet"], "--format='parquet': expected minari, jsonl"),
    (["--dataset-id", "a/b/c/d"], "--dataset-id 'a/b/c/d': expected (NAMESPACE/)NAME-vVERSION"),
    (["--from-run", "RUN", "--agent", "random"], "--from-run exports a finished run; it takes no --agent"),
    (["--from-run", "NOT_A_RUN", "--format", "jsonl"], "no episodes.jsonl (not a run directory"),
])
def test_bad_input_is_one_error_line_with_status_2(tmp_path: Path, args: list[str], message: str) -> None:
    args = [a.replace("NOT_A_RUN", str(tmp_path)).replace("RUN", str(tmp_path)) for a in args]
    tasks = [] if "--from-run" in args else ["SystemWifiTurnOff"]
    done = mg("dataset", *tasks, "--out", str(tmp_path / "out"), *args, minari_path=tmp_path / "minari")
    assert done.returncode == 2, (done.stdout, done.stderr)
    line = error_line(done)
    assert line.startswith("mobile-gym dataset: error: ") and message in line, line


def test_an_existing_minari_id_is_refused_before_anything_runs(oracle_dataset, tmp_path: Path) -> None:
    _, minari_path = oracle_dataset
    done = mg("dataset", "SystemWifiTurnOff", "--out", str(tmp_path / "again"), "--dataset-id",
              "mobile_gym/wifi-oracle-v0", minari_path=minari_path)
    assert done.returncode == 2
    assert "already exists" in error_line(done) and not (tmp_path / "again").exists()


def test_action_spaces_merge_over_vocabularies_but_not_across_agent_kinds() -> None:
    def raw(n: int) -> spaces.Dict:
        return spaces.Dict({"action_type": spaces.Discrete(5), "input_token": spaces.Discrete(n)})

    assert merge_action_spaces([raw(1), raw(7), raw(3)])["input_token"].n == 7
    element = spaces.Dict({"action": spaces.Discrete(10), "text": spaces.Text(5)})
    with pytest.raises(DatasetError, match="different action spaces"):
        merge_action_spaces([raw(1), element])
    with pytest.raises(DatasetError, match="no episodes"):
        merge_action_spaces([])


@given(st.integers(1, 5000), st.integers(1, 5000))
def test_obs_size_parses_width_by_height(width: int, height: int) -> None:
    assert parse_obs_size(f"{width}x{height}") == (width, height)
    assert parse_obs_size(f"{width}X{height}") == (width, height)
    with pytest.raises(DatasetError, match="WIDTHxHEIGHT"):
        parse_obs_size(f"{width}x{height}x3")


def test_android_world_agents_keep_their_json_actions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    agent = Path(__file__).with_name("aw_agents.py")
    done = mg("dataset", "SystemWifiTurnOff", "--agent", f"aw:{agent}:make", "--out", str(tmp_path / "aw"),
              "--dataset-id", "mobile_gym/aw-v0", "--quiet", minari_path=tmp_path / "minari")
    assert done.returncode == 0, done.stderr
    (plain,) = read_jsonl(tmp_path / "aw" / "jsonl")
    opened, clicked = plain.rows[:-1]
    assert json.loads(opened["action"]) == {"action_type": "open_app", "app_name": "Settings"}
    assert opened["raw_actions"] == [None] and opened["device_ops"][0]["kind"] == "shell"
    assert clicked["action_json"]["element"]["text"] == "Network & internet"
    assert [op["kind"] for op in clicked["device_ops"]] == ["touch", "lift"]
    monkeypatch.setenv("MINARI_DATASETS_PATH", str(tmp_path / "minari"))
    episode = minari.load_dataset("mobile_gym/aw-v0")[0]
    assert list(episode.actions) == [opened["action"], clicked["action"]]  # the JSON texts, as the agent gave them
    assert np.array_equal(episode.observations["pixels"], plain.frames)
