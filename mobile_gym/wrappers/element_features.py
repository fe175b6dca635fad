"""ElementFeatures: the view hierarchy as a fixed-size float array plus a mask.

So SB3's MultiInputPolicy (or any network) can use screen structure. Each of the first
`max_elements` elements (see elements.py) becomes a row of FEATURE_NAMES; unused rows are
zero and their mask entry is 0. With flat=True (default) the array is flattened to
(max_elements * len(FEATURE_NAMES),), the 1-D shape SB3's CombinedExtractor expects. Text observations are dropped (networks cannot take str);
`pixels` is kept unless keep_pixels=False.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from mobile_gym.spaces.view_hierarchy import ViewHierarchy
from mobile_gym.wrappers.elements import Element, extract_elements

CLASS_BUCKETS: tuple[str, ...] = (
    "TextView", "EditText", "Button", "ImageButton", "ImageView", "CheckBox", "Switch",
    "RadioButton", "View",
)
_FLAGS = ("clickable", "long_clickable", "checkable", "checked", "focusable", "focused",
          "scrollable", "enabled", "selected", "password")
FEATURE_NAMES: tuple[str, ...] = (
    "left", "top", "right", "bottom", "center_x", "center_y", "width", "height",
    *_FLAGS, "has_text", "has_desc", "has_id", "depth", "text_length",
    *(f"class_{c}" for c in CLASS_BUCKETS), "class_other",
)


def element_row(e: Element, width: int, height: int) -> list[float]:
    """The FEATURE_NAMES vector of one element (all values in [0, 1])."""
    left, top, right, bottom = e.bounds
    clip = lambda v: min(max(v, 0.0), 1.0)
    row = [clip(left / width), clip(top / height), clip(right / width), clip(bottom / height),
           clip((left + right) / 2 / width), clip((top + bottom) / 2 / height),
           clip((right - left) / width), clip((bottom - top) / height)]
    row += [1.0 if getattr(e, f) else 0.0 for f in _FLAGS]
    row += [1.0 if e.text else 0.0, 1.0 if e.content_desc else 0.0, 1.0 if e.resource_id else 0.0,
            clip(e.depth / 16), clip(len(e.text) / 64)]
    cls = e.short_class
    row += [1.0 if cls == c else 0.0 for c in CLASS_BUCKETS]
    row.append(0.0 if cls in CLASS_BUCKETS else 1.0)
    return row


class ElementFeatures(gym.ObservationWrapper, gym.utils.RecordConstructorArgs):
    """Dict(pixels?, elements=Box(max_elements, F), mask=Box(max_elements)) observations."""

    def __init__(self, env: gym.Env, *, max_elements: int = 32, keep_pixels: bool = True,
                 flat: bool = True) -> None:
        gym.utils.RecordConstructorArgs.__init__(self, max_elements=max_elements, keep_pixels=keep_pixels,
                                                 flat=flat)
        gym.ObservationWrapper.__init__(self, env)
        space = env.observation_space
        if not isinstance(space, spaces.Dict) or "view_hierarchy" not in space.spaces:
            raise ValueError(f"ElementFeatures needs a Dict observation with 'view_hierarchy'; got {space}")
        vh = space.spaces["view_hierarchy"]
        self.screen_size = vh.screen_size if isinstance(vh, ViewHierarchy) else (1080, 2400)
        self.max_elements = int(max_elements)
        self.keep_pixels = bool(keep_pixels) and "pixels" in space.spaces
        self.flat = bool(flat)
        n, f = self.max_elements, len(FEATURE_NAMES)
        out: dict[str, spaces.Space] = {}
        if self.keep_pixels:
            out["pixels"] = space.spaces["pixels"]
        out["elements"] = spaces.Box(0.0, 1.0, shape=(n * f,) if self.flat else (n, f), dtype=np.float32)
        out["mask"] = spaces.Box(0.0, 1.0, shape=(n,), dtype=np.float32)
        self.observation_space = spaces.Dict(out)

    def record_spec(self) -> dict[str, Any]:
        """The constructor kwargs RecordEpisode stores, so a replay encodes the same features."""
        return {"max_elements": self.max_elements, "keep_pixels": self.keep_pixels, "flat": self.flat}

    def observation(self, observation: dict[str, Any]) -> dict[str, Any]:
        # the live device's screen (a real phone may differ from the space's default)
        device = getattr(self.env.unwrapped, "device", None)
        width, height = device.screen_size if device is not None else self.screen_size
        elements = extract_elements(observation["view_hierarchy"], limit=self.max_elements)
        feats = np.zeros((self.max_elements, len(FEATURE_NAMES)), dtype=np.float32)
        mask = np.zeros(self.max_elements, dtype=np.float32)
        for i, e in enumerate(elements):
            feats[i] = element_row(e, width, height)
            mask[i] = 1.0
        out: dict[str, Any] = {"elements": feats.reshape(-1) if self.flat else feats, "mask": mask}
        if self.keep_pixels:
            out = {"pixels": observation["pixels"], **out}
        return out
