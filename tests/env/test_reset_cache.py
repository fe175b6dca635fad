"""A reset restores cached snapshots (after setup, after the reset steps every seed shares) and
keeps the engine while the event graph stays: the start state of a seed and the episode that
follows are the same as on a fresh environment."""

from __future__ import annotations

import numpy as np
import pytest

from mobile_gym.env import MobileEnv

IDS = ("MobileEnv/CalendarAddOneEvent-v0", "MobileEnv/SystemWifiTurnOff-v0",
       "MobileEnv/MarkorEditNote-v0", "MobileEnv/OpenApp-v0", "MobileEnv/CalendarOpenEditor-v0",
       "MobileEnv/SimpleSmsReply-v0")
OBS = ("view_hierarchy", "pixels", "instruction")
# touch/lift pairs at fixed places: the same raw actions on both environments
TAPS = ((540, 1200), (300, 600), (800, 2000))


def _start(env: MobileEnv, seed: int) -> dict:
    obs, info = env.reset(seed=seed)
    android = env.device.android
    files = android.storage.capture().files
    code, settings, _ = env.device.shell("settings list global; settings list system; settings list secure")
    assert code == 0
    return {"obs": obs, "files": files, "settings": settings, "time": android.clock.now(),
            "activity": env.device.current_activity(), "task": info.get("task_seed")}


def _action(kind: int, x: int = 0, y: int = 0) -> dict:
    return {"action_type": kind, "touch_position": np.array([x / 1080, y / 2400], dtype=np.float32),
            "input_token": 0, "key": 0, "response": ""}


def _episode(env: MobileEnv) -> list:
    out = []
    for x, y in TAPS:
        for action in (_action(0, x, y), _action(1)):
            obs, reward, terminated, truncated, info = env.step(action)
            out.append((obs["view_hierarchy"], obs["pixels"].tobytes(), reward, terminated, truncated,
                        info["score"], sorted(info["fired"])))
            if terminated or truncated:
                return out
    return out


def _same(a: dict, b: dict) -> None:
    assert a["obs"]["view_hierarchy"] == b["obs"]["view_hierarchy"]
    assert np.array_equal(a["obs"]["pixels"], b["obs"]["pixels"])
    assert a["obs"]["instruction"] == b["obs"]["instruction"]
    assert a["files"] == b["files"]
    assert (a["settings"], a["time"], a["activity"], a["task"]) == \
        (b["settings"], b["time"], b["activity"], b["task"])


@pytest.mark.parametrize("task_id", IDS)
def test_a_seed_after_cached_resets_starts_and_plays_as_on_a_fresh_env(task_id):
    used = MobileEnv(task_id, obs_keys=OBS, obs_size=(108, 240))
    fresh = MobileEnv(task_id, obs_keys=OBS, obs_size=(108, 240))
    try:
        for seed in (3, 4, 5):  # the second reset builds the shared-steps snapshot, the third uses it
            used.reset(seed=seed)
            _episode(used)
        late = _start(used, 7)
        late_episode = _episode(used)
        first = _start(fresh, 7)
        assert used._prefix is not None  # the cached path was taken
        _same(late, first)
        assert late_episode == _episode(fresh)
    finally:
        used.close()
        fresh.close()


def test_an_unchanged_event_graph_keeps_its_engine_and_a_changed_one_is_compiled_anew():
    env = MobileEnv("MobileEnv/SystemWifiTurnOff-v0", obs_keys=("view_hierarchy",))
    other = MobileEnv("MobileEnv/CalendarAddOneEvent-v0", obs_keys=("view_hierarchy",))
    try:
        env.reset(seed=1)
        engine = env.engine
        env.reset(seed=2)
        assert env.engine is engine
        other.reset(seed=1)
        before = other.engine.sources[2].source
        other.reset(seed=2)
        # same shape, other texts: the engine is rebound to seed 2's task, and the source
        # whose text changed (the title typed) is compiled from seed 2's definition
        assert other.engine.proto is other.task.proto
        after = other.engine.sources[2].source
        assert after is not before
        assert after.properties[0].regex.pattern == \
            other.task.proto.event_sources[1].view_hierarchy_event.properties[0].pattern
    finally:
        env.close()
        other.close()
