"""EnvConfig: every setting of a MobileEnv except the task, validated in one place.

`gym.make("MobileEnv/…-v0", obs_size=(540, 1200), step_seconds=0.2)` and
`MobileEnv(task, config=EnvConfig(...))` build the same environment: keyword arguments are the
fields below. Each error names the field and the value.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

import numpy as np

from mobile_gym.device.base import Device

#: The observation keys, in the order the Dict observation lists them.
OBS_KEYS: tuple[str, ...] = ("pixels", "view_hierarchy", "instruction")
DEFAULT_OBS_SIZE: tuple[int, int] = (270, 600)  # (width, height)
RENDER_MODES: tuple[str, ...] = ("rgb_array", "human")
BACKENDS: tuple[str, ...] = ("sim", "adb")
SUCCESS_CHECKS: tuple[str, ...] = ("every_step", "on_answer")
#: What the `view_hierarchy` observation holds: "device" (what `uiautomator dump` writes on a
#: real phone: the active window only) or "forest" (every accessibility window, top first).
HIERARCHIES: tuple[str, ...] = ("device", "forest")


@dataclass(frozen=True)
class EnvConfig:
    """How a MobileEnv runs its task (not which task: that is the catalogue's `TaskSource`)."""

    # Device backend: "sim" (the in-process simulated phone), "adb" (a real device or an
    # emulator), or a zero-argument callable returning a `Device`.
    backend: str | Callable[[], Device] = "sim"
    # adb serial of the device (backend="adb" only; None: the one attached device).
    serial: str | None = None
    # Extra keyword arguments for the backend's constructor (sim: seed, storage_dir, ...).
    device_kwargs: Mapping[str, Any] = field(default_factory=dict)
    # (width, height) of the `pixels` observation; the device frame is scaled to it.
    obs_size: tuple[int, int] = DEFAULT_OBS_SIZE
    # Which observation keys to return: a non-empty subset of OBS_KEYS.
    obs_keys: tuple[str, ...] = OBS_KEYS
    # What `view_hierarchy` holds: "device" = the device dump, what `uiautomator dump` writes
    # (the active window only: just the dialog while one is open, no bars, keyboard or
    # toast), the same bytes on sim and adb; "forest" = every accessibility window's tree,
    # top window first (as uiautomator2 and AndroidWorld's forest give; on adb from
    # `uiautomator dump --windows`). Task-file selectors always read the device dump.
    hierarchy: str = "device"
    # Device time that passes per step (sim: virtual seconds; adb: waited), > 0.
    step_seconds: float = 0.1
    # Truncation after this many steps / device seconds; None takes the task's own limit
    # (`max_num_steps` / `max_duration_sec`), 0 disables it.
    max_steps: int | None = None
    max_seconds: float | None = None
    # None, "rgb_array" or "human" (an OpenCV window; needs a display).
    render_mode: str | None = None
    # Tokens TEXT actions type (None: the task's `vocabulary`).
    vocabulary: tuple[str, ...] | None = None
    # Longest `response` (textual answer) an action may carry.
    response_max_length: int = 256
    # Longest `instruction` observation (the goal text, cut beyond it).
    instruction_max_length: int = 4096
    # Templated families only: "every_step" (the state check runs every step, the first
    # success ends the episode) or "on_answer" (AndroidWorld's protocol: the episode ends when
    # the agent answers). None: the family's own.
    success_check: str | None = None
    # Builds the event engine from the loaded task (None: mobile_gym.events.EventEngine).
    engine_factory: Callable[[Any], Any] | None = None

    def __post_init__(self) -> None:
        set_ = object.__setattr__  # frozen: normalise the fields once, here
        if isinstance(self.backend, str) and self.backend not in BACKENDS:
            raise ValueError(f"backend={self.backend!r}: expected 'sim', 'adb' or a callable returning a Device")
        if not isinstance(self.backend, str) and not callable(self.backend):
            raise TypeError(f"backend={self.backend!r}: expected 'sim', 'adb' or a callable returning a Device")
        if self.serial is not None and self.backend != "adb":
            raise ValueError(f"serial={self.serial!r} is only meaningful with backend='adb'")
        if not isinstance(self.device_kwargs, Mapping):
            raise TypeError(f"device_kwargs={self.device_kwargs!r}: expected a mapping of keyword arguments")
        set_(self, "device_kwargs", dict(self.device_kwargs))
        size = self.obs_size
        if isinstance(size, (str, bytes)) or not hasattr(size, "__len__") or len(size) != 2:
            raise ValueError(f"obs_size={size!r}: expected (width, height), two whole numbers")
        set_(self, "obs_size", tuple(whole_number("obs_size", v, minimum=1) for v in size))
        keys = self.obs_keys
        if isinstance(keys, str) or [k for k in keys if k not in OBS_KEYS] or not keys:
            raise ValueError(f"obs_keys={list(keys) if not isinstance(keys, str) else keys!r}: "
                             f"choose a non-empty subset of {OBS_KEYS}")
        set_(self, "obs_keys", tuple(k for k in OBS_KEYS if k in keys))
        if self.hierarchy not in HIERARCHIES:
            raise ValueError(f"hierarchy={self.hierarchy!r}: expected one of {HIERARCHIES}")
        step = seconds("step_seconds", self.step_seconds)
        if step == 0:
            raise ValueError("step_seconds=0: must be > 0")
        set_(self, "step_seconds", step)
        if self.max_steps is not None:
            set_(self, "max_steps", whole_number("max_steps", self.max_steps, minimum=0))
        if self.max_seconds is not None:
            set_(self, "max_seconds", seconds("max_seconds", self.max_seconds))
        if self.render_mode is not None and self.render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode={self.render_mode!r}: expected None, 'rgb_array' or 'human'")
        if self.vocabulary is not None:
            if isinstance(self.vocabulary, (str, bytes)):
                raise TypeError(f"vocabulary={self.vocabulary!r}: expected a list of tokens, not one string")
            vocabulary = tuple(self.vocabulary)
            bad = next((t for t in vocabulary if not isinstance(t, str)), None)
            if bad is not None:
                raise TypeError(f"vocabulary token {bad!r}: tokens must be str")
            set_(self, "vocabulary", vocabulary)
        set_(self, "response_max_length",
             whole_number("response_max_length", self.response_max_length, minimum=0))
        set_(self, "instruction_max_length",
             whole_number("instruction_max_length", self.instruction_max_length, minimum=1))
        if self.success_check is not None and self.success_check not in SUCCESS_CHECKS:
            raise ValueError(f"success_check={self.success_check!r}: expected one of {SUCCESS_CHECKS}")

    @classmethod
    def from_kwargs(cls, kwargs: Mapping[str, Any]) -> EnvConfig:
        """A config from keyword arguments; TypeError naming an unknown one."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(kwargs) - known)
        if unknown:
            raise TypeError(f"unknown MobileEnv argument(s) {unknown}; the settings are {sorted(known)}")
        return cls(**kwargs)

    @property
    def device_seed(self) -> int:
        """The sim device's seed (the device never depends on a reset seed)."""
        return int(self.device_kwargs.get("seed", 0))


def whole_number(name: str, value: Any, *, minimum: int) -> int:
    """`value` as an int >= minimum; TypeError / ValueError naming the argument otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name}={value!r}: expected a whole number")
    if value < minimum:
        raise ValueError(f"{name}={value}: must be >= {minimum}")
    return int(value)


def seconds(name: str, value: Any) -> float:
    """`value` as a finite float >= 0; TypeError / ValueError naming the argument otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"{name}={value!r}: expected a number of seconds")
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"{name}={value}: must be a finite number >= 0")
    return float(value)


def limit(name: str, configured: int | float | None, task_value: int | float, *,
          whole: bool) -> Any:
    """A truncation limit: the configured one, else the task's; 0 (either way) means none."""
    value = task_value if configured is None else configured
    checked = whole_number(name, value, minimum=0) if whole else seconds(name, value)
    return checked or None


__all__ = ["DEFAULT_OBS_SIZE", "HIERARCHIES", "OBS_KEYS", "EnvConfig"]
