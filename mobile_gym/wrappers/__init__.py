"""Wrappers over MobileEnv: RL-friendly actions/observations, LLM element actions, recording.

Resize and grayscale: use Gymnasium's own `ResizeObservation` / `GrayscaleObservation` on top
of `PixelsOnly` (or `TransformObservation` on the Dict).
"""

from mobile_gym.wrappers.element_actions import DIRECTIONS, ELEMENT_ACTIONS, ElementActions
from mobile_gym.wrappers.element_clicks import ElementClicks
from mobile_gym.wrappers.element_features import FEATURE_NAMES, ElementFeatures
from mobile_gym.wrappers.elements import Element, describe_elements, extract_elements
from mobile_gym.wrappers.goal_vector import GoalVector, hashed_bag_of_words, params_vector
from mobile_gym.wrappers.pixels_only import PixelsOnly
from mobile_gym.wrappers.record_episode import RecordEpisode, ReplayReport, replay_episode
from mobile_gym.wrappers.single_tap import SingleTap
from mobile_gym.wrappers.tap_grid import TapGrid

__all__ = [
    "DIRECTIONS", "ELEMENT_ACTIONS", "FEATURE_NAMES", "Element", "ElementActions", "ElementClicks", "ElementFeatures",
    "GoalVector", "PixelsOnly", "RecordEpisode", "ReplayReport", "SingleTap", "TapGrid", "describe_elements",
    "extract_elements", "hashed_bag_of_words", "params_vector", "replay_episode",
]
