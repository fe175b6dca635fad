"""The raw action space (Mobile-Env compatible) and the device operations it maps to.

Action Dict keys:
  action_type     Discrete(5): TOUCH=0, LIFT=1, REPEAT=2, TEXT=3, KEY=4
  touch_position  Box([0,1]^2, float32), (x, y) relative to the screen width/height
  input_token     Discrete(len(vocabulary)): the vocabulary token TEXT types
  key             Discrete(5): index into KEY_NAMES (BACK, HOME, ENTER, DEL, APP_SWITCH)
  response        UnicodeText: a textual answer that response events see ("" = none)

`decode_action` validates an action quickly (no generic `Space.contains`, which is slow) and
raises `InvalidActionError` naming the field and the value.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Literal

import numpy as np
from gymnasium import spaces

from mobile_gym.device.base import KEY_NAMES
from mobile_gym.spaces.text import UnicodeText, text_problem


class ActionType(IntEnum):
    """What one raw step does."""

    TOUCH = 0   # press, or move the pressed finger, at touch_position
    LIFT = 1    # release the finger where it is
    REPEAT = 2  # keep the finger state; only time passes
    TEXT = 3    # type vocabulary[input_token]
    KEY = 4     # press and release KEY_NAMES[key]


ACTION_KEYS: tuple[str, ...] = ("action_type", "touch_position", "input_token", "key", "response")


class InvalidActionError(ValueError):
    """An action outside the action space; the message names the field and value."""


@dataclass(frozen=True)
class DeviceOp:
    """One primitive device operation of a step (device pixels for touches).

    kind: "touch" (press/move at x, y), "lift", "repeat" (nothing), "text" (type `text`),
    "key" (press `text` = key name) or "shell" (run `text` as a shell command).
    """

    kind: Literal["touch", "lift", "repeat", "text", "key", "shell"]
    x: int = 0
    y: int = 0
    text: str = ""
    note: str = ""  # why an op was turned into a no-op (reported in info["action_note"])


def make_action_space(vocabulary_size: int, response_max_length: int = 256) -> spaces.Dict:
    """The raw action Dict for a task whose vocabulary has `vocabulary_size` tokens."""
    return spaces.Dict(
        {
            "action_type": spaces.Discrete(len(ActionType)),
            "touch_position": spaces.Box(0.0, 1.0, shape=(2,), dtype=np.float32),
            "input_token": spaces.Discrete(max(1, vocabulary_size)),
            "key": spaces.Discrete(len(KEY_NAMES)),
            "response": UnicodeText(response_max_length),
        }
    )


def _as_index(field: str, value: Any, n: int, what: str) -> int:
    if type(value) is int or type(value) is np.int64:  # what the spaces sample (never a bool)
        index = int(value)
    else:
        if isinstance(value, np.ndarray):
            if value.shape != ():
                raise InvalidActionError(f"{field}={value!r}: expected a scalar {what}, got shape {value.shape}")
            value = value[()]
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
            raise InvalidActionError(f"{field}={value!r}: expected an integer {what}, got {type(value).__name__}")
        index = int(value)
    if not 0 <= index < n:
        raise InvalidActionError(f"{field}={index} is outside Discrete({n}) ({what})")
    return index


def touch_to_pixels(position: Any, screen_size: tuple[int, int]) -> tuple[int, int]:
    """Validated [0,1]^2 position -> device pixels (x = min(int(x*w), w-1), like android_env)."""
    if type(position) is np.ndarray and position.dtype == np.float32 and position.shape == (2,):
        # the action space's own dtype and shape (every sampled action): no conversion needed
        x, y = position.tolist()
    else:
        x, y = _coordinates(position)
    if not (math.isfinite(x) and math.isfinite(y) and 0.0 <= x <= 1.0 and 0.0 <= y <= 1.0):
        raise InvalidActionError(f"touch_position={[x, y]}: each coordinate must be within [0, 1]")
    width, height = screen_size
    return min(int(x * width), width - 1), min(int(y * height), height - 1)


def _coordinates(position: Any) -> tuple[float, float]:
    """(x, y) as floats from any array-like of two numbers; InvalidActionError otherwise."""
    try:
        raw = np.asarray(position)
        if raw.dtype.kind == "c":  # numpy would drop the imaginary part with only a warning
            raise TypeError("complex numbers are not coordinates")
        arr = raw.astype(np.float64) if raw.dtype.kind != "O" else np.asarray(position, dtype=np.float64)
    except (TypeError, ValueError, OverflowError) as exc:
        raise InvalidActionError(f"touch_position={position!r}: not numeric ({exc})") from None
    if arr.shape != (2,):
        raise InvalidActionError(f"touch_position={position!r}: expected shape (2,), got {arr.shape}")
    return float(arr[0]), float(arr[1])


# the ops that carry no coordinates or free text, made once (DeviceOp is frozen)
_LIFT = DeviceOp("lift")
_REPEAT = DeviceOp("repeat")
_NO_VOCABULARY = DeviceOp("repeat", note="TEXT ignored: the task has no vocabulary")
_KEY_OPS = tuple(DeviceOp("key", text=name) for name in KEY_NAMES)
_ACTION_KEY_SET = frozenset(ACTION_KEYS)
_ACTION_TYPES = len(ActionType)
_TOUCH = int(ActionType.TOUCH)
_LIFT_TYPE = int(ActionType.LIFT)
_REPEAT_TYPE = int(ActionType.REPEAT)
_TEXT = int(ActionType.TEXT)


def decode_action(
    action: Any,
    *,
    vocabulary: Sequence[str],
    screen_size: tuple[int, int],
    response_max_length: int,
) -> tuple[DeviceOp, str | None]:
    """Validate a raw action and turn it into (device op, response or None).

    Only the fields the action type needs must be present; unknown keys are an error.
    """
    if type(action) is not dict and not isinstance(action, Mapping):  # (a dict skips the ABC check)
        raise InvalidActionError(f"action={action!r}: expected a dict with keys {ACTION_KEYS}")
    for k in action:
        if k not in _ACTION_KEY_SET:
            unknown = [k for k in action if k not in _ACTION_KEY_SET]
            raise InvalidActionError(f"action has unknown keys {unknown}; valid keys are {ACTION_KEYS}")
    if "action_type" not in action:
        raise InvalidActionError("action lacks 'action_type'")
    kind = _as_index("action_type", action["action_type"], _ACTION_TYPES,
                     "TOUCH=0 LIFT=1 REPEAT=2 TEXT=3 KEY=4")
    response: str | None = None
    if "response" in action:
        value = action["response"]
        if type(value) is not str or value:  # (no answer, "", in every sampled action)
            if isinstance(value, np.ndarray) and value.shape == ():
                value = value[()]
            if not isinstance(value, str):
                raise InvalidActionError(f"response={value!r}: expected a str")
            problem = text_problem(value, 0, response_max_length)
            if problem is not None:
                raise InvalidActionError(f"response {problem} (the space is UnicodeText({response_max_length}))")
            response = value or None

    if kind == _TOUCH:
        x, y = touch_to_pixels(_field(action, kind, "touch_position"), screen_size)
        return DeviceOp("touch", x, y), response
    if kind == _LIFT_TYPE:
        return _LIFT, response
    if kind == _REPEAT_TYPE:
        return _REPEAT, response
    if kind == _TEXT:
        if not vocabulary:
            # In the space (Discrete(1)) but nothing to type: time passes, info says why.
            return _NO_VOCABULARY, response
        token = _as_index("input_token", _field(action, kind, "input_token"), len(vocabulary),
                          "vocabulary index")
        return DeviceOp("text", text=vocabulary[token]), response
    key = _as_index("key", _field(action, kind, "key"), len(KEY_NAMES), "index into " + "/".join(KEY_NAMES))
    return _KEY_OPS[key], response


def _field(action: Mapping[str, Any], kind: int, field: str) -> Any:
    """`action[field]`; InvalidActionError naming the action type when it is missing."""
    if field not in action:
        raise InvalidActionError(f"action_type={ActionType(kind).name} needs the {field!r} field")
    return action[field]


def make_action(
    action_type: ActionType | int,
    touch_position: tuple[float, float] | np.ndarray = (0.0, 0.0),
    *,
    input_token: int = 0,
    key: int | str = 0,
    response: str = "",
) -> dict[str, Any]:
    """A complete raw action dict (all fields, right dtypes); `key` may be a key name."""
    if isinstance(key, str):
        if key not in KEY_NAMES:
            raise InvalidActionError(f"key={key!r} is not one of {KEY_NAMES}")
        key = KEY_NAMES.index(key)
    return {
        "action_type": int(action_type),
        "touch_position": np.asarray(touch_position, dtype=np.float32).reshape(2),
        "input_token": int(input_token),
        "key": int(key),
        "response": response,
    }
