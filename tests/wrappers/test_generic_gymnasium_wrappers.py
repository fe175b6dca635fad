"""Gymnasium's FrameStackObservation / FlattenObservation on the RL stacks and on the raw env."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.spaces import utils as space_utils
from gymnasium.wrappers import FlattenObservation, FrameStackObservation

from mobile_gym.env import MobileEnv
from mobile_gym.spaces import UnicodeText, ViewHierarchy
from mobile_gym.wrappers import ElementActions, ElementFeatures, GoalVector, PixelsOnly, TapGrid


def pixels_stack():
    return PixelsOnly(TapGrid(MobileEnv("OpenApp", obs_size=(48, 96))))


def features_goal_stack():
    return GoalVector(ElementFeatures(TapGrid(MobileEnv("OpenApp")), keep_pixels=False))


def test_frame_stack_on_pixels_only():
    env = FrameStackObservation(pixels_stack(), 4)
    obs, _ = env.reset(seed=0)
    assert obs.shape == (4, 96, 48, 3) and env.observation_space.contains(obs)
    obs, *_ = env.step(0)
    assert env.observation_space.contains(obs) and obs.shape == (4, 96, 48, 3)


def test_flatten_on_pixels_only():
    env = FlattenObservation(pixels_stack())
    obs, _ = env.reset(seed=0)
    assert obs.shape == (96 * 48 * 3,) and env.observation_space.contains(obs)


def test_flatten_and_frame_stack_on_element_features_with_goal():
    inner = features_goal_stack()
    flat = FlattenObservation(inner)
    obs, _ = flat.reset(seed=2)
    assert obs.shape == (space_utils.flatdim(inner.observation_space),)
    assert flat.observation_space.contains(obs) and obs.dtype == np.float32
    stacked = FrameStackObservation(features_goal_stack(), 3)
    obs, _ = stacked.reset(seed=2)
    assert obs["goal"].shape == (3, 256) and stacked.observation_space.contains(obs)
    obs, *_ = stacked.step(0)
    assert stacked.observation_space.contains(obs)


@pytest.mark.parametrize("make", [lambda: MobileEnv("OpenApp"), lambda: ElementActions(MobileEnv("OpenApp"))])
def test_generic_wrappers_on_the_raw_spaces_name_the_wrapper_to_use(make):
    with pytest.raises(TypeError, match="PixelsOnly.*ElementFeatures.*GoalVector"):
        FlattenObservation(make())
    with pytest.raises(TypeError, match="FrameStackObservation.*ViewHierarchy.*ElementFeatures"):
        FrameStackObservation(make(), 2)


@pytest.mark.parametrize("space", [UnicodeText(64), ViewHierarchy()])
@pytest.mark.parametrize("function", [space_utils.flatdim, space_utils.flatten_space])
def test_space_utils_refuse_string_spaces_clearly(space, function):
    with pytest.raises(TypeError, match="free text"):
        function(space)
    with pytest.raises(TypeError, match="free text"):
        space_utils.flatten(space, space.sample())
