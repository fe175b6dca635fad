"""Clear errors when Gymnasium's generic wrappers meet our string spaces.

`FlattenObservation` (via `gymnasium.spaces.utils.flatten_space`/`flatdim`/`flatten`/
`unflatten`) and `FrameStackObservation` (via `gymnasium.wrappers.utils.create_zero_array`)
dispatch on the space type. `ViewHierarchy` and `UnicodeText` hold free strings (an XML dump,
an instruction) with no fixed numeric form, so those functions cannot support them; without
these registrations Gymnasium answers "Unknown space" or silently treats UnicodeText as a
charset-indexed `Text`. Each registration raises a TypeError naming the wrapper that turns
the raw observation into numbers first.
"""

from __future__ import annotations

from typing import Any, NoReturn

from gymnasium.spaces import utils as space_utils
from gymnasium.wrappers import utils as wrapper_utils

from mobile_gym.spaces.text import UnicodeText
from mobile_gym.spaces.view_hierarchy import ViewHierarchy

#: What to put under a generic wrapper instead of the raw observation.
REMEDY = (
    "wrap the env first with mobile_gym.wrappers.PixelsOnly (pixels), "
    "ElementFeatures (the hierarchy as floats) and GoalVector (the instruction as floats), "
    "e.g. FlattenObservation(GoalVector(ElementFeatures(TapGrid(env), keep_pixels=False)))"
)


def _refuse(operation: str, space: Any) -> NoReturn:
    raise TypeError(
        f"{operation} cannot handle {space!r}: it holds free text with no fixed numeric form. "
        f"Gymnasium's FlattenObservation/FrameStackObservation need numeric spaces; {REMEDY}"
    )


def _register(function: Any, operation: str, *space_types: type) -> None:
    for space_type in space_types:
        function.register(space_type)(lambda space, *args, **kwargs: _refuse(operation, space))


_register(space_utils.flatdim, "gymnasium.spaces.utils.flatdim", UnicodeText, ViewHierarchy)
_register(space_utils.flatten_space, "gymnasium.spaces.utils.flatten_space", UnicodeText, ViewHierarchy)
_register(space_utils.flatten, "gymnasium.spaces.utils.flatten", UnicodeText, ViewHierarchy)
_register(space_utils.unflatten, "gymnasium.spaces.utils.unflatten", UnicodeText, ViewHierarchy)
_register(wrapper_utils.create_zero_array, "FrameStackObservation (create_zero_array)", ViewHierarchy)
