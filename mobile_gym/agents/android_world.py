"""AndroidWorld's agent interface over mobile_gym: JSON actions, a `State`, and an env adapter.

* `JSONAction`: AndroidWorld's action set, parsed from a dict or a JSON string and checked
  field by field (a bad field raises `ValueError` naming it): ``click``, ``double_tap``,
  ``long_press`` (target ``index`` or ``x``/``y`` in device pixels), ``input_text`` (``text``,
  optional target and ``clear_text``; like AndroidWorld it taps the target, types, then
  presses ENTER), ``keyboard_enter``, ``navigate_home``, ``navigate_back``, ``scroll``
  (``direction``: where the content comes from, "down" shows what is below; optional
  ``index``), ``swipe`` (``direction`` the finger moves), ``open_app`` (``app_name``),
  ``wait`` (one second), ``answer`` (``text``) and ``status`` (``goal_status`` complete or
  infeasible: the agent ends the episode).
* `UIElement` and `State`: pixels, the element list (text, content description, class,
  resource id, bounding box in device pixels, clickable/editable/scrollable/checked/... flags)
  and the foreground activity.
* `AndroidWorldActions`: a wrapper (an `ElementActions` whose action is one JSON action)
  that runs those actions as primitive MobileEnv steps and reports ``info["agent_status"]``
  after a ``status`` action; an index that is not on screen costs one idle step and sets
  ``info["action_error"]``, as ElementActions does.
* `AndroidWorldEnv`: the adapter an agent written against AndroidWorld's env calls:
  `get_state()`, `execute_action(action)`, `foreground_activity_name`, `device_screen_size`,
  `logical_screen_size`, `interaction_cache` (the last answer), `reset(go_home)`.
* `set_of_marks(state)`: the frame with a numbered box on every element (for VLM agents).

An agent in AndroidWorld's style drives the adapter itself; it runs unchanged:

>>> from mobile_gym.env import MobileEnv
>>> from mobile_gym.agents.android_world import AndroidWorldActions, AndroidWorldEnv
>>> class OpenNetworkSettings:              # written against AndroidWorld's interface
...     def __init__(self, env):
...         self.env = env
...     def step(self, goal):
...         self.env.execute_action({"action_type": "open_app", "app_name": "Settings"})
...         state = self.env.get_state()
...         row = next(i for i, e in enumerate(state.ui_elements) if e.text == "Network & internet")
...         self.env.execute_action({"action_type": "click", "index": row})
...         return True                       # done
>>> gym_env = AndroidWorldActions(MobileEnv("SystemWifiTurnOff"))
>>> env = AndroidWorldEnv(gym_env)
>>> _ = env.reset_episode(seed=0)
>>> env.foreground_activity_name.split("/")[0]
'com.google.android.apps.nexuslauncher'
>>> OpenNetworkSettings(env).step("open the network settings")
True
>>> env.steps, any(e.text == "Internet" for e in env.get_state().ui_elements)
(2, True)
>>> gym_env.close()
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

import numpy as np

from mobile_gym.spaces.actions import DeviceOp, InvalidActionError
from mobile_gym.spaces.text import UnicodeText
from mobile_gym.wrappers._macro import run_primitives
from mobile_gym.wrappers.element_actions import DIRECTIONS, ElementActions
from mobile_gym.wrappers.elements import Element

ACTION_TYPES: tuple[str, ...] = (
    "click", "double_tap", "long_press", "input_text", "keyboard_enter", "navigate_home",
    "navigate_back", "scroll", "swipe", "open_app", "wait", "answer", "status",
)
GOAL_STATUSES: tuple[str, ...] = ("complete", "infeasible")
_TARGETED = ("click", "double_tap", "long_press")
_FIELDS = ("action_type", "index", "x", "y", "text", "direction", "app_name", "goal_status",
           "clear_text", "keycode")
#: Longest JSON action text the wrapper's action space holds.
MAX_ACTION_CHARS = 8192


@dataclass(frozen=True)
class JSONAction:
    """One AndroidWorld action (see the module docstring); build it with `JSONAction.parse`."""

    action_type: str
    index: int | None = None
    x: int | None = None
    y: int | None = None
    text: str | None = None
    direction: str | None = None
    app_name: str | None = None
    goal_status: str | None = None
    clear_text: bool | None = None
    keycode: str | None = None

    @classmethod
    def parse(cls, action: Any) -> JSONAction:
        """A JSONAction from a dict, a JSON object text or a JSONAction; ValueError names the
        field and value that are wrong (unknown keys are refused, never ignored)."""
        if isinstance(action, JSONAction):
            action = action.to_dict()
        if isinstance(action, (str, bytes)):
            try:
                action = json.loads(action)
            except json.JSONDecodeError as exc:
                raise ValueError(f"action is not JSON: {exc}") from None
        if not isinstance(action, Mapping):
            raise ValueError(f"action {action!r}: expected a JSON object with an action_type")  # noqa: TRY004 (callers take ValueError for every bad action)
        unknown = sorted(str(k) for k in action if k not in _FIELDS)
        if unknown:
            raise ValueError(f"action has unknown field(s) {unknown}; fields: {', '.join(_FIELDS)}")
        kind = action.get("action_type")
        if kind not in ACTION_TYPES:
            raise ValueError(f"action_type={kind!r}: expected one of {', '.join(ACTION_TYPES)}")
        values = {k: v for k, v in action.items() if v is not None}
        for key in ("index", "x", "y"):
            if key in values:
                value = values[key]
                if isinstance(value, float) and value.is_integer():
                    value = int(value)
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    raise ValueError(f"{key}={values[key]!r}: expected a whole number >= 0")
                values[key] = value
        for key in ("text", "app_name", "keycode"):
            if key in values and not isinstance(values[key], str):
                raise ValueError(f"{key}={values[key]!r}: expected a string")
        if "clear_text" in values and not isinstance(values["clear_text"], bool):
            raise ValueError(f"clear_text={values['clear_text']!r}: expected true or false")
        if "direction" in values and values["direction"] not in DIRECTIONS:
            raise ValueError(f"direction={values['direction']!r}: expected one of {', '.join(DIRECTIONS)}")
        if "goal_status" in values and values["goal_status"] not in GOAL_STATUSES:
            raise ValueError(f"goal_status={values['goal_status']!r}: expected one of {', '.join(GOAL_STATUSES)}")
        parsed = cls(**values)
        parsed._check_required()
        return parsed

    def _check_required(self) -> None:
        kind = self.action_type
        has_point = self.x is not None or self.y is not None
        if has_point and (self.x is None or self.y is None):
            raise ValueError(f"{kind}: give both x and y (got x={self.x}, y={self.y})")
        if has_point and self.index is not None:
            raise ValueError(f"{kind}: give index or x/y, not both")
        if kind in _TARGETED and self.index is None and not has_point:
            raise ValueError(f"{kind} needs a target: index (an element of ui_elements) or x and y")
        if kind == "input_text" and self.text is None:
            raise ValueError("input_text needs text")
        if kind in ("scroll", "swipe") and self.direction is None:
            raise ValueError(f"{kind} needs a direction ({', '.join(DIRECTIONS)})")
        if kind == "open_app" and not self.app_name:
            raise ValueError("open_app needs app_name")
        if kind == "answer" and self.text is None:
            raise ValueError("answer needs text")
        if kind == "status" and self.goal_status is None:
            raise ValueError(f"status needs goal_status ({', '.join(GOAL_STATUSES)})")

    def to_dict(self) -> dict[str, Any]:
        """The fields that are set (AndroidWorld's JSON form)."""
        return {k: v for k, v in asdict(self).items() if v is not None}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=False)


@dataclass(frozen=True)
class UIElement:
    """One screen element as AndroidWorld describes it (bbox in device pixels: left, top,
    right, bottom)."""

    text: str
    content_description: str
    class_name: str
    resource_id: str
    resource_name: str
    package_name: str
    bbox: tuple[int, int, int, int]
    is_clickable: bool
    is_long_clickable: bool
    is_editable: bool
    is_scrollable: bool
    is_checkable: bool
    is_checked: bool
    is_focusable: bool
    is_focused: bool
    is_selected: bool
    is_enabled: bool
    is_visible: bool = True

    @classmethod
    def from_element(cls, e: Element) -> UIElement:
        return cls(text=e.text, content_description=e.content_desc, class_name=e.class_name,
                   resource_id=e.resource_id, resource_name=e.resource_id, package_name=e.package,
                   bbox=e.bounds, is_clickable=e.clickable, is_long_clickable=e.long_clickable,
                   is_editable=e.editable, is_scrollable=e.scrollable, is_checkable=e.checkable,
                   is_checked=e.checked, is_focusable=e.focusable, is_focused=e.focused,
                   is_selected=e.selected, is_enabled=e.enabled)

    def to_dict(self) -> dict[str, Any]:
        """Only the fields that say something (empty strings and false flags left out)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "resource_name" or f.name == "is_visible":
                continue
            if f.name == "bbox":
                out["bbox"] = list(value)
            elif f.name == "is_enabled":
                if not value:
                    out["is_enabled"] = False
            elif value:
                out[f.name] = value
        return out


@dataclass(frozen=True)
class State:
    """An observation in AndroidWorld's form: `pixels` (the frame, H x W x 3 uint8, None
    without the pixels observation), `ui_elements`, the foreground activity ("pkg/activity"),
    the instruction and the device's screen size (bbox coordinates are in that space)."""

    pixels: np.ndarray | None
    ui_elements: tuple[UIElement, ...]
    foreground_activity: str
    instruction: str = ""
    screen_size: tuple[int, int] = (1080, 2400)

    def describe_elements(self) -> str:
        """One JSON line per element, prefixed by its index (what a text-only agent reads)."""
        return "\n".join(f"{i}: {json.dumps(e.to_dict(), ensure_ascii=False)}"
                         for i, e in enumerate(self.ui_elements))


def set_of_marks(state: State, *, thickness: int = 1) -> np.ndarray:
    """`state.pixels` with each element's box and index drawn (a new array; the frame's scale)."""
    import cv2

    if state.pixels is None:
        raise ValueError("set-of-marks needs the pixels observation")
    frame = np.ascontiguousarray(state.pixels.copy())
    height, width = frame.shape[:2]
    sx, sy = width / state.screen_size[0], height / state.screen_size[1]
    scale = max(0.3, min(width, height) / 900)
    for i, e in enumerate(state.ui_elements):
        left, top, right, bottom = e.bbox
        p0 = (int(left * sx), int(top * sy))
        p1 = (max(p0[0] + 1, int(right * sx) - 1), max(p0[1] + 1, int(bottom * sy) - 1))
        colour = _mark_colour(i)
        cv2.rectangle(frame, p0, p1, colour, thickness)
        label = str(i)
        (tw, th), base = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)
        x0, y0 = p0[0], max(p0[1], th + base)
        cv2.rectangle(frame, (x0, y0 - th - base), (x0 + tw + 1, y0), colour, -1)
        cv2.putText(frame, label, (x0, y0 - base), cv2.FONT_HERSHEY_SIMPLEX, scale,
                    (255, 255, 255), 1, cv2.LINE_AA)
    return frame


def _mark_colour(i: int) -> tuple[int, int, int]:
    """A dark, distinct RGB colour for mark `i` (white labels stay readable on it)."""
    palette = ((200, 30, 30), (30, 120, 200), (30, 150, 60), (160, 40, 170), (200, 110, 0),
               (0, 130, 130), (110, 80, 40), (60, 60, 200))
    return palette[i % len(palette)]


class AndroidWorldActions(ElementActions):
    """MobileEnv with AndroidWorld JSON actions (see the module docstring).

    The action is one JSON action: a dict, a `JSONAction` or its JSON text (the action space is
    text, so recordings keep it verbatim). `wait_seconds` is how long ``wait`` lets pass;
    `enter_after_text` presses ENTER after ``input_text`` (AndroidWorld does).
    """

    def __init__(self, env: Any, *, max_elements: int = 128, long_press_seconds: float = 0.6,
                 swipe_moves: int = 4, app_components: Mapping[str, str] | None = None,
                 wait_seconds: float = 1.0, enter_after_text: bool = True) -> None:
        super().__init__(env, max_elements=max_elements, long_press_seconds=long_press_seconds,
                         swipe_moves=swipe_moves, app_components=app_components)
        self.wait_seconds = float(wait_seconds)
        self.enter_after_text = bool(enter_after_text)
        self.action_space = UnicodeText(MAX_ACTION_CHARS)

    def record_spec(self) -> dict[str, Any]:
        spec = super().record_spec()
        spec.pop("text_max_length", None)
        return {**spec, "wait_seconds": self.wait_seconds, "enter_after_text": self.enter_after_text}

    def state(self, obs: Mapping[str, Any]) -> State:
        """The AndroidWorld state of an observation this wrapper returned."""
        base: Any = self.env.unwrapped
        return State(pixels=obs.get("pixels"),
                     ui_elements=tuple(UIElement.from_element(e) for e in self.elements),
                     foreground_activity=base.device.current_activity(),
                     instruction=str(obs.get("instruction", "")),
                     screen_size=tuple(base.device.screen_size))  # type: ignore[arg-type]

    def step(self, action: Any):
        try:
            parsed = JSONAction.parse(action)
        except ValueError as exc:
            raise InvalidActionError(f"AndroidWorld action: {exc}") from None
        base: Any = self.env.unwrapped
        error = self._target_error(parsed)
        if parsed.action_type == "open_app" and self._component(parsed.app_name or "") is None:
            error = f"open_app: unknown app {parsed.app_name!r}; known: {sorted(self.app_components)}"
        plan = iter([(DeviceOp("repeat"), None)]) if error else self._json_plan(parsed)
        obs, reward, terminated, truncated, info = run_primitives(
            lambda step: base.step_op(step[0], response=step[1]), plan)
        if error is None and parsed.action_type == "open_app" and info.get("action_note"):
            error = f"open_app {parsed.app_name!r}: {info['action_note']}"
        if error:
            info["action_error"] = error
        if parsed.action_type == "status":
            info["agent_status"] = parsed.goal_status
        if parsed.action_type == "answer":
            info["agent_answer"] = parsed.text
        return self._with_elements(obs), reward, terminated, truncated, info

    # ------------------------------------------------------------------ internals
    def _target_error(self, a: JSONAction) -> str | None:
        if a.index is not None and a.index >= len(self.elements):
            return (f"{a.action_type}: index {a.index} is not on this screen "
                    f"({len(self.elements)} elements)")
        if a.x is not None and a.y is not None:
            width, height = self.env.unwrapped.device.screen_size
            if a.x >= width or a.y >= height:
                return f"{a.action_type}: ({a.x}, {a.y}) is outside the {width}x{height} screen"
        return None

    def _element(self, a: JSONAction) -> Element | None:
        if a.index is not None:
            return self.elements[a.index]
        if a.x is None or a.y is None:
            return None
        inside = [e for e in self.elements
                  if e.bounds[0] <= a.x < e.bounds[2] and e.bounds[1] <= a.y < e.bounds[3]]
        return min(inside, key=lambda e: (e.bounds[2] - e.bounds[0]) * (e.bounds[3] - e.bounds[1]),
                   default=None)

    def _point(self, a: JSONAction) -> tuple[int, int] | None:
        if a.x is not None and a.y is not None:
            return a.x, a.y
        element = self._element(a)
        return element.center if element is not None else None

    def _tap(self, point: tuple[int, int], hold_seconds: float = 0.0) -> Iterator[tuple[DeviceOp, str | None]]:
        step_seconds = self.env.unwrapped.step_seconds
        yield DeviceOp("touch", *point), None
        for _ in range(max(0, math.ceil(hold_seconds / step_seconds - 1e-9) - 1)):
            yield DeviceOp("repeat"), None
        yield DeviceOp("lift"), None

    def _json_plan(self, a: JSONAction) -> Iterator[tuple[DeviceOp, str | None]]:
        kind = a.action_type
        point = self._point(a)
        if kind in ("click", "double_tap", "long_press"):
            assert point is not None
            yield from self._tap(point, self.long_press_seconds if kind == "long_press" else 0.0)
            if kind == "double_tap":
                yield from self._tap(point)
        elif kind == "input_text":
            if point is not None:
                yield from self._tap(point)
            if a.clear_text:  # what AndroidWorld sends: Ctrl+A, then DEL (wherever the tap left the cursor)
                yield DeviceOp("shell", text="input keycombination 113 29 && input keyevent 67"), None
            if a.text:
                yield DeviceOp("text", text=a.text), None
            if self.enter_after_text:
                yield DeviceOp("key", text="ENTER"), None
        elif kind == "keyboard_enter":
            yield DeviceOp("key", text="ENTER"), None
        elif kind in ("navigate_home", "navigate_back"):
            yield DeviceOp("key", text="HOME" if kind == "navigate_home" else "BACK"), None
        elif kind in ("scroll", "swipe"):
            element = self.elements[a.index] if a.index is not None else None
            yield from self._plan(kind, element, "", a.direction or "down")
        elif kind == "open_app":
            yield from self._plan("open_app", None, a.app_name or "", "up")
        elif kind == "wait":
            steps = max(1, math.ceil(self.wait_seconds / self.env.unwrapped.step_seconds - 1e-9))
            for _ in range(steps):
                yield DeviceOp("repeat"), None
        elif kind == "answer":
            yield DeviceOp("repeat"), a.text or None
        else:  # status: one idle step, so the success check sees the final state
            yield DeviceOp("repeat"), None


class EpisodeEnded(RuntimeError):
    """`execute_action` after the episode ended (success, failure or a limit)."""


class AndroidWorldEnv:
    """AndroidWorld's env interface over an `AndroidWorldActions` stack (outermost env given,
    e.g. with a recorder around it). It keeps the episode's totals: `steps`, `reward`,
    `terminated`, `truncated`, the last `info`."""

    def __init__(self, env: Any) -> None:
        self.env = env
        layer = env
        while not isinstance(layer, AndroidWorldActions):
            if not hasattr(layer, "env"):
                raise TypeError("AndroidWorldEnv needs an env stack with AndroidWorldActions in it")
            layer = layer.env
        self.actions = layer
        self._obs: Mapping[str, Any] | None = None
        self.steps = self.primitive_steps = 0
        self.reward = 0.0
        self.terminated = self.truncated = False
        self.info: dict[str, Any] = {}
        self.interaction_cache = ""

    # ------------------------------------------------------------------ episode control
    def reset_episode(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        """Start an episode (the harness calls this; AndroidWorld's own `reset` does not
        choose a task)."""
        self._obs, self.info = self.env.reset(seed=seed, options=options)
        self.steps, self.primitive_steps, self.reward = 0, 0, 0.0
        self.terminated = self.truncated = False
        self.interaction_cache = ""
        return self._obs, self.info

    @property
    def done(self) -> bool:
        return self.terminated or self.truncated or bool(self.info.get("agent_status"))

    # ------------------------------------------------------------------ AndroidWorld's interface
    def reset(self, go_home: bool = False) -> State:
        """Go home when asked (a BACK-free HOME press) and return the state."""
        if go_home and not self.done:
            self.execute_action({"action_type": "navigate_home"})
        return self.get_state()

    def get_state(self, wait_to_stabilize: bool = False) -> State:
        """The current state (the simulator is always stable: its frames follow its clock)."""
        if self._obs is None:
            raise RuntimeError("no episode: the harness starts one with reset_episode()")
        return self.actions.state(self._obs)

    def execute_action(self, action: Any) -> None:
        """Run one JSON action; EpisodeEnded once the episode is over."""
        if self.terminated or self.truncated:
            raise EpisodeEnded("the episode has ended; no more actions")
        text = JSONAction.parse(action).to_json()
        self._obs, reward, self.terminated, self.truncated, self.info = self.env.step(text)
        self.steps += 1
        self.primitive_steps += int(self.info.get("primitive_steps", 1))
        self.reward += float(reward)
        if self.info.get("agent_answer") is not None:
            self.interaction_cache = str(self.info["agent_answer"])

    @property
    def foreground_activity_name(self) -> str:
        return self.actions.env.unwrapped.device.current_activity()

    @property
    def device_screen_size(self) -> tuple[int, int]:
        return tuple(self.actions.env.unwrapped.device.screen_size)  # type: ignore[return-value]

    @property
    def logical_screen_size(self) -> tuple[int, int]:
        return self.device_screen_size

    def ask_question(self, question: str, timeout_seconds: float = -1.0) -> str | None:
        """There is no user to ask (AndroidWorld's own env does not implement it either)."""
        return None

    def display_message(self, message: str, header: str = "") -> None:
        """Nothing is shown on the simulated screen."""

    def hide_automation_ui(self) -> None:
        """The simulator draws no automation overlay."""

    def close(self) -> None:
        self.env.close()
