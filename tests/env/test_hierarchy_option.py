"""EnvConfig(hierarchy=...): the device dump (default) or the all-windows forest as the
`view_hierarchy` observation; task-file selectors read the device dump in both modes."""

from __future__ import annotations

import pytest
from lxml import etree

from mobile_gym.config import EnvConfig
from mobile_gym.env import MobileEnv
from mobile_gym.events import EventEngine
from mobile_gym.spaces import ActionType, make_action
from mobile_gym.wrappers import extract_elements

CAL = "MobileEnv/CalendarOpenEditor-v0"
KEYS = ("view_hierarchy", "instruction")


class RecordingEngine(EventEngine):
    """The task's real engine, keeping the hierarchy each step's selectors read."""

    seen: list[str]

    def __init__(self, task) -> None:
        super().__init__(task)
        self.seen = []

    def step(self, inputs):
        self.seen.append(inputs.view_hierarchy())
        return super().step(inputs)


def _packages(xml: str) -> list[str]:
    return [n.get("package") for n in etree.fromstring(xml.encode()).findall("node")]


def test_bad_hierarchy_setting_is_named():
    with pytest.raises(ValueError, match="hierarchy='all': expected one of"):
        EnvConfig(hierarchy="all")


@pytest.mark.parametrize("mode", ["device", "forest"])
def test_observation_per_mode_and_selectors_read_the_device_dump(mode):
    engines: list[RecordingEngine] = []

    def factory(task):
        engines.append(RecordingEngine(task))
        return engines[-1]

    env = MobileEnv(CAL, obs_keys=KEYS, hierarchy=mode, engine_factory=factory)
    try:
        obs, _ = env.reset(seed=0)
        obs, *_ = env.step(make_action(ActionType.REPEAT))
        roots = _packages(obs["view_hierarchy"])
        device_dump = env.device.view_hierarchy()
        if mode == "device":
            assert obs["view_hierarchy"] == device_dump and len(roots) == 1
        else:
            assert obs["view_hierarchy"] == env.device.accessibility_forest()
            assert roots[0] == "com.android.systemui" and len(roots) >= 3
            assert any(e.content_desc == "Home" for e in extract_elements(obs["view_hierarchy"]))
        assert engines[-1].seen[-1] == device_dump  # whatever the observation holds
        assert all(len(_packages(xml)) == 1 for xml in engines[-1].seen)
    finally:
        env.close()


def test_forest_mode_episode_reaches_success_through_touches():
    """The CalendarOpenEditor task solved by an agent reading the forest: its selectors fire
    on the device dump just as in the default mode."""
    env = MobileEnv(CAL, obs_keys=KEYS, hierarchy="forest")
    try:
        obs, _ = env.reset(seed=0)
        width, height = env.device.screen_size

        def tap(**match):
            nonlocal obs
            for e in extract_elements(obs["view_hierarchy"]):
                if all(getattr(e, k) == v for k, v in match.items()):
                    x, y = e.center
                    for action in (make_action(ActionType.TOUCH, (x / width, y / height)),
                                   make_action(ActionType.LIFT)):
                        obs, reward, terminated, truncated, info = env.step(action)
                    return reward, terminated, info
            raise AssertionError(f"no element {match}")

        tap(content_desc="Home")  # the navigation bar, a node only the forest lists
        tap(text="Calendar")
        tap(content_desc="New Event")
        reward, _, _ = tap(text="Event", short_id="fab_event_label")
        assert reward == 1.0
        tap(short_id="event_title")
        obs, reward, terminated, truncated, info = env.step(
            make_action(ActionType.TEXT, input_token=env.vocabulary.index("Meeting")))
        assert terminated and info["success"]
    finally:
        env.close()


def test_forest_on_a_device_without_it_is_a_clear_error_and_the_env_recovers() -> None:
    from mobile_gym.env import ResetNeeded
    from tests.env.conftest import make_fake_env

    env = make_fake_env(hierarchy="forest")
    with pytest.raises(TypeError, match=r"hierarchy='forest': FakeDevice has no accessibility_forest\(\)"):
        env.reset(seed=0)
    with pytest.raises(ResetNeeded):  # the failed setup closed the device; the next reset starts afresh
        _ = env.device
    env.close()
