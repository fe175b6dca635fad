"""EnvConfig: MobileEnv's settings in one validated dataclass (mobile_gym/config.py)."""

from __future__ import annotations

import pytest

from mobile_gym.config import OBS_KEYS, EnvConfig
from mobile_gym.env import MobileEnv
from tests.env.conftest import make_fake_env


def test_keyword_settings_and_a_config_build_the_same_env():
    by_kwargs = MobileEnv("MobileEnv/Calendar-v0", obs_size=(135, 300), step_seconds=0.2)
    by_config = MobileEnv("MobileEnv/Calendar-v0", config=EnvConfig(obs_size=(135, 300), step_seconds=0.2))
    assert by_kwargs.config == by_config.config
    assert by_kwargs.observation_space == by_config.observation_space
    assert by_kwargs.obs_size == (135, 300) and by_kwargs.step_seconds == 0.2


def test_an_unknown_setting_is_named():
    with pytest.raises(TypeError, match=r"unknown MobileEnv argument\(s\) \['obs_sise'\]"):
        MobileEnv("MobileEnv/Calendar-v0", obs_sise=(1, 1))


def test_config_and_keyword_settings_together_are_refused():
    with pytest.raises(TypeError, match="give config= or keyword settings"):
        MobileEnv("MobileEnv/Calendar-v0", config=EnvConfig(), step_seconds=0.2)


@pytest.mark.parametrize(("field", "value", "message"), [
    ("obs_size", (0, 10), "obs_size=0: must be >= 1"),
    ("obs_keys", ("pixels", "nope"), "choose a non-empty subset"),
    ("step_seconds", 0, "step_seconds=0: must be > 0"),
    ("max_seconds", float("nan"), "max_seconds=nan"),
    ("backend", "usb", "backend='usb'"),
    ("vocabulary", "abc", "not one string"),
    ("success_check", "sometimes", "success_check='sometimes'"),
])
def test_each_bad_value_names_its_field(field, value, message):
    with pytest.raises((TypeError, ValueError), match=message):
        EnvConfig(**{field: value})


def test_values_are_normalised_once():
    config = EnvConfig(obs_keys=["instruction", "pixels"], vocabulary=["a", "b"], device_kwargs={"seed": 3})
    assert config.obs_keys == tuple(k for k in OBS_KEYS if k in ("instruction", "pixels"))
    assert config.vocabulary == ("a", "b") and config.device_seed == 3


def test_a_fake_env_still_takes_its_engine_factory_by_keyword():
    env = make_fake_env()
    assert env.config.engine_factory is not None
