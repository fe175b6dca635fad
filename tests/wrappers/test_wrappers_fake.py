"""Wrappers over the fake-device MobileEnv: taps, grid, element actions, features, recording."""

from __future__ import annotations

import json

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from mobile_gym.spaces import InvalidActionError
from mobile_gym.wrappers import (
    ELEMENT_ACTIONS,
    FEATURE_NAMES,
    ElementActions,
    ElementFeatures,
    PixelsOnly,
    RecordEpisode,
    SingleTap,
    TapGrid,
    extract_elements,
    replay_episode,
)
from tests.env.conftest import make_fake_env


def test_single_tap_is_touch_then_lift():
    env = SingleTap(make_fake_env())
    env.reset(seed=0)
    _, reward, _, _, info = env.step(np.array([0.5, 1100 / 2400], np.float32))
    assert reward == 1.0 and info["primitive_steps"] == 2
    with pytest.raises(InvalidActionError, match="SingleTap"):
        env.step(np.array([2.0, 0.0], np.float32))


def test_tap_grid_cells_and_keys():
    env = TapGrid(make_fake_env(), cols=6, rows=12, keys=("BACK", "ENTER"))
    assert env.action_space.n == 74
    env.reset(seed=0)
    cell = 5 * 6 + 3  # row 5 (y 0.458) col 3 (x 0.583): the "Open editor" button
    assert env.cell_center(cell) == pytest.approx((3.5 / 6, 5.5 / 12))
    _, reward, _, _, _ = env.step(cell)
    assert reward == 1.0
    obs, _, _, _, _ = env.step(72)  # BACK
    assert 'text="Home"' in obs["view_hierarchy"]
    with pytest.raises(InvalidActionError, match="74"):
        env.step(74)


def test_pixels_only_and_tap_grid_pass_gymnasium_checker():
    env = PixelsOnly(TapGrid(make_fake_env()))
    check_env(env, skip_render_check=True)
    obs, _ = env.reset(seed=0)
    assert isinstance(obs, np.ndarray) and obs.shape == (600, 270, 3)


def test_element_features_shape_mask_and_values():
    env = ElementFeatures(make_fake_env(), max_elements=4, flat=False)
    obs, _ = env.reset(seed=0)
    assert obs["elements"].shape == (4, len(FEATURE_NAMES)) and obs["elements"].dtype == np.float32
    assert obs["mask"].tolist() == [1.0, 1.0, 0.0, 0.0]  # header text + Open button
    button = dict(zip(FEATURE_NAMES, obs["elements"][1], strict=True))
    assert button["clickable"] == 1.0 and button["class_Button"] == 1.0
    assert button["left"] == pytest.approx(100 / 1080) and button["bottom"] == pytest.approx(1200 / 2400)
    assert env.observation_space.contains(obs)
    flat = ElementFeatures(make_fake_env(), max_elements=4)
    obs_flat, _ = flat.reset(seed=0)
    assert obs_flat["elements"].shape == (4 * len(FEATURE_NAMES),)
    assert np.array_equal(obs_flat["elements"], obs["elements"].ravel())


def test_element_actions_scripted_episode_reaches_success():
    env = ElementActions(make_fake_env())
    obs, _ = env.reset(seed=0)
    assert '[1] Button "Open editor" id=open clickable' in obs["elements"]
    total = 0.0
    for line in ['click "Open editor"', 'type id=title "hello"', "click id=save"]:
        obs, reward, terminated, truncated, info = env.step(env.command(line))
        total += reward
    assert terminated and not truncated and info["success"] and total == 11.0
    assert 'EditText "hello" id=title' in obs["elements"]


def test_element_actions_long_press_back_answer_and_errors():
    env = ElementActions(make_fake_env())
    env.reset(seed=0)
    env.step(env.command("click 1"))
    _, _, _, _, info = env.step(env.command("long_press id=title"))
    assert info["primitive_steps"] == 7  # touch, 5 holds (0.6 s at 0.1 s/step), lift
    _, _, _, _, info = env.step(env.command('answer "done"'))
    assert info["fired"] == {"source:9": [("done",)]}
    _, _, _, _, info = env.step({"action": ELEMENT_ACTIONS.index("click"), "element": 40, "text": "",
                                 "direction": 0})
    assert "not on this screen" in info["action_error"] and info["primitive_steps"] == 1
    obs, _, _, _, _ = env.step(env.command("back"))
    assert 'Button "Open editor"' in obs["elements"]
    with pytest.raises(ValueError, match="no element matches"):
        env.command('click "Nope"')
    with pytest.raises(ValueError, match="unknown action"):
        env.command("fly 3")
    _, _, _, _, info = env.step(env.command('open_app "Solitaire"'))
    assert "unknown app" in info["action_error"]


def test_element_actions_scroll_plans_a_drag():
    env = ElementActions(make_fake_env(), swipe_moves=3)
    env.reset(seed=0)
    _, _, _, _, info = env.step(env.command("scroll down"))
    assert info["primitive_steps"] == 5  # 4 touches (start + 3 moves) and a lift


def test_extract_elements_keeps_interactive_and_text_nodes():
    env = make_fake_env()
    obs, _ = env.reset(seed=0)
    elements = extract_elements(obs["view_hierarchy"])
    assert [(e.short_class, e.text) for e in elements] == [("TextView", "Home"), ("Button", "Open editor")]
    assert elements[1].center == (540, 1100)


def test_recorded_episode_replays_identically(tmp_path):
    def build():
        return ElementActions(make_fake_env())

    env = RecordEpisode(build(), tmp_path)
    env.reset(seed=3)
    for line in ['click "Open editor"', 'type id=title "hello"', "click id=save"]:
        env.step(env.env.command(line))  # env.env is the ElementActions layer
    env.close()
    episode = tmp_path / "episode_000000"
    assert episode.is_dir() and not list(tmp_path.glob("*.partial"))
    lines = (episode / "trajectory.jsonl").read_text().splitlines()
    assert json.loads(lines[0])["kind"] == "header" and len(lines) == 4
    assert len(list((episode / "frames").glob("*.png"))) == 4
    report = replay_episode(episode, env=build())
    assert report.identical, report.mismatches
    assert report.rewards == [1.0, 0.0, 10.0]


def test_replay_detects_a_different_episode(tmp_path):
    env = RecordEpisode(make_fake_env(), tmp_path, save_frames=False)
    env.reset(seed=0)
    env.step({"action_type": 0, "touch_position": np.array([0.5, 0.458], np.float32)})
    env.step({"action_type": 1})
    env.close()
    other = make_fake_env(step_seconds=0.6)  # long press instead of tap: nothing opens
    report = replay_episode(tmp_path / "episode_000000", env=other)
    assert not report.identical and any("reward" in m for m in report.mismatches)


def test_sb3_checker_on_tap_grid_stacks():
    sb3_checker = pytest.importorskip("stable_baselines3.common.env_checker")
    sb3_checker.check_env(PixelsOnly(TapGrid(make_fake_env())), warn=True)
    sb3_checker.check_env(ElementFeatures(TapGrid(make_fake_env())), warn=True)
