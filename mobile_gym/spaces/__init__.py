"""Action and observation spaces of MobileEnv (DESIGN.md section 7)."""

from mobile_gym.spaces import generic_wrappers as _generic_wrappers  # noqa: F401  (registers errors)
from mobile_gym.spaces.actions import (
    ACTION_KEYS,
    ActionType,
    DeviceOp,
    InvalidActionError,
    decode_action,
    make_action,
    make_action_space,
    touch_to_pixels,
)
from mobile_gym.spaces.text import UnicodeText
from mobile_gym.spaces.view_hierarchy import (
    NODE_ATTRIBUTES,
    ViewHierarchy,
    hierarchy_problem,
    parse_bounds,
)

__all__ = [
    "ACTION_KEYS", "ActionType", "DeviceOp", "InvalidActionError", "NODE_ATTRIBUTES",
    "UnicodeText", "ViewHierarchy", "decode_action", "hierarchy_problem", "make_action", "make_action_space",
    "parse_bounds", "touch_to_pixels",
]
