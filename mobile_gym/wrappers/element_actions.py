"""ElementActions: the element-indexed action interface LLM/VLM agents use.

Observation: the base observation plus `elements`, a compact text listing of the screen's
elements (`[3] Button "Save" id=save clickable`, see elements.py).

Action Dict:
  action     Discrete: click, long_press, type, scroll, swipe, back, home, open_app, answer, wait
  element    Discrete(max_elements + 1): the element index; max_elements = "no element"
             (scroll/swipe then use the whole screen)
  text       UnicodeText: what `type` types, the app `open_app` opens, the `answer`
  direction  Discrete(4): up, down, left, right (scroll: where the content should move
             into view, e.g. "down" shows what is below; swipe: where the finger moves)

Each action runs as several primitive MobileEnv steps (a click is TOUCH + LIFT, a long
press holds for `long_press_seconds`, a scroll moves the finger in `swipe_moves` steps);
rewards are summed and `info["primitive_steps"]` says how many ran. An index that is in
the space but not on the current screen does not raise: time passes (one REPEAT) and
`info["action_error"]` explains, since language agents make such mistakes.

`command("click id=save")` builds an action from a one-line text command; see its docstring.
"""

from __future__ import annotations

import math
import re
import shlex
from collections.abc import Iterator, Mapping
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from mobile_gym.spaces.actions import DeviceOp, InvalidActionError
from mobile_gym.spaces.text import UnicodeText
from mobile_gym.wrappers._macro import run_primitives
from mobile_gym.wrappers.elements import Element, describe_elements, extract_elements

ELEMENT_ACTIONS: tuple[str, ...] = (
    "click", "long_press", "type", "scroll", "swipe", "back", "home", "open_app", "answer", "wait",
)
DIRECTIONS: tuple[str, ...] = ("up", "down", "left", "right")

#: App names open_app understands -> launch component (AndroidWorld's names and packages).
APP_COMPONENTS: dict[str, str] = {
    "calendar": "com.simplemobiletools.calendar.pro/com.simplemobiletools.calendar.pro.activities.MainActivity",
    "simple calendar": "com.simplemobiletools.calendar.pro/com.simplemobiletools.calendar.pro.activities.MainActivity",
    "simple calendar pro": "com.simplemobiletools.calendar.pro/com.simplemobiletools.calendar.pro.activities.MainActivity",
    "markor": "net.gsantner.markor/net.gsantner.markor.activity.MainActivity",
    "settings": "com.android.settings/com.android.settings.Settings",
}


class ElementActions(gym.Wrapper):
    """Element-indexed high-level actions over a MobileEnv (see module docstring)."""

    def __init__(
        self,
        env: gym.Env,
        *,
        max_elements: int = 128,
        text_max_length: int = 512,
        long_press_seconds: float = 0.6,
        swipe_moves: int = 4,
        app_components: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(env)
        base = env.unwrapped
        if not hasattr(base, "step_op"):
            raise TypeError("ElementActions wraps a MobileEnv (its unwrapped env needs step_op)")
        space: Any = env.observation_space
        if space != base.observation_space:
            raise ValueError(
                "ElementActions must wrap MobileEnv directly (observation wrappers in between "
                "would be bypassed); apply observation wrappers on top of ElementActions"
            )
        if "view_hierarchy" not in space.spaces:
            raise ValueError("ElementActions needs the 'view_hierarchy' observation (obs_keys)")
        self.max_elements = int(max_elements)
        self.text_max_length = int(text_max_length)
        self.long_press_seconds = float(long_press_seconds)
        self.swipe_moves = max(1, int(swipe_moves))
        self.app_components = {k.lower(): v for k, v in (app_components or APP_COMPONENTS).items()}
        self.no_element = self.max_elements
        self._text_space = UnicodeText(self.text_max_length)
        self.action_space = spaces.Dict({
            "action": spaces.Discrete(len(ELEMENT_ACTIONS)),
            "element": spaces.Discrete(self.max_elements + 1),
            "text": self._text_space,
            "direction": spaces.Discrete(len(DIRECTIONS)),
        })
        self.observation_space = spaces.Dict(
            {**space.spaces, "elements": UnicodeText(self.max_elements * 200)}
        )
        self.elements: list[Element] = []

    def record_spec(self) -> dict[str, Any]:
        return {"max_elements": self.max_elements, "text_max_length": self.text_max_length,
                "long_press_seconds": self.long_press_seconds, "swipe_moves": self.swipe_moves,
                "app_components": dict(self.app_components)}

    # ------------------------------------------------------------------ gym API
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        obs, info = self.env.reset(seed=seed, options=options)
        return self._with_elements(obs), info

    def step(self, action: Any):
        kind, element, text, direction = self._validate(action)
        base: Any = self.env.unwrapped
        error = None
        if kind in ("click", "long_press", "type") and element is None:
            error = f"{kind} needs an element; element={self._raw_element(action)} is not on this screen " \
                    f"({len(self.elements)} elements)"
        if kind in ("scroll", "swipe") and element is None and self._raw_element(action) != self.no_element:
            error = f"{kind}: element={self._raw_element(action)} is not on this screen ({len(self.elements)} elements)"
        if kind == "open_app" and self._component(text) is None:
            error = f"open_app: unknown app {text!r}; known: {sorted(self.app_components)} or 'package/activity'"
        if error is not None:
            plan: Iterator[tuple[DeviceOp, str | None]] = iter([(DeviceOp("repeat"), None)])
        else:
            plan = self._plan(kind, element, text, direction)
        obs, reward, terminated, truncated, info = run_primitives(
            lambda step: base.step_op(step[0], response=step[1]), plan)
        if error is None and kind == "open_app" and info.get("action_note"):
            error = f"open_app {text!r}: {info['action_note']}"  # e.g. no such activity
        if error is not None:
            info["action_error"] = error
        return self._with_elements(obs), reward, terminated, truncated, info

    # ------------------------------------------------------------------ commands
    def command(self, line: str) -> dict[str, Any]:
        """Build an action from a text command against the current elements.

        Forms: `click T`, `long_press T`, `type T "text"`, `scroll DIR [T]`, `swipe DIR [T]`,
        `back`, `home`, `open_app NAME`, `answer "text"`, `wait`. A target T is an element
        index (`3`), `id=<resource-id or its short form>`, `text="<exact text>"` or
        `desc="<content-desc>"`; a bare quoted string matches text, then content-desc.
        """
        try:
            words = shlex.split(line)
        except ValueError as exc:
            raise ValueError(f"command {line!r}: {exc}") from None
        if not words:
            raise ValueError("empty command")
        kind, args = words[0].lower(), words[1:]
        if kind not in ELEMENT_ACTIONS:
            raise ValueError(f"command {line!r}: unknown action {kind!r}; expected one of {ELEMENT_ACTIONS}")
        action = {"action": ELEMENT_ACTIONS.index(kind), "element": self.no_element, "text": "",
                  "direction": 0}
        need = {"click": 1, "long_press": 1, "type": 2, "open_app": 1, "answer": 1}
        if kind in need and len(args) != need[kind]:
            raise ValueError(f"command {line!r}: {kind} takes {need[kind]} argument(s), got {len(args)}")
        if kind in ("click", "long_press", "type"):
            action["element"] = self.find(args[0]).index
        if kind == "type":
            action["text"] = args[1]
        if kind in ("open_app", "answer"):
            action["text"] = args[0]
        if kind in ("scroll", "swipe"):
            if not args or args[0].lower() not in DIRECTIONS or len(args) > 2:
                raise ValueError(f"command {line!r}: {kind} takes a direction {DIRECTIONS} and an optional target")
            action["direction"] = DIRECTIONS.index(args[0].lower())
            if len(args) == 2:
                action["element"] = self.find(args[1]).index
        return action

    def find(self, target: str) -> Element:
        """The element a command target names (see `command`); ValueError lists the screen."""
        if target.isdigit():
            index = int(target)
            if index < len(self.elements):
                return self.elements[index]
        else:
            key, _, value = target.partition("=") if "=" in target else ("", "", target)
            for e in self.elements:
                if key == "id" and (e.resource_id == value or e.short_id == value):
                    return e
                if key in ("text", "") and e.text == value:
                    return e
                if key == "desc" and e.content_desc == value:
                    return e
            if key == "":
                for e in self.elements:
                    if e.content_desc == value:
                        return e
        raise ValueError(f"no element matches {target!r} on this screen:\n{describe_elements(self.elements)}")

    # ------------------------------------------------------------------ internals
    def _with_elements(self, obs: dict[str, Any]) -> dict[str, Any]:
        self.elements = extract_elements(obs["view_hierarchy"], limit=self.max_elements)
        text = describe_elements(self.elements)
        return {**obs, "elements": text[: self.max_elements * 200]}

    def _raw_element(self, action: Mapping[str, Any]) -> int:
        return int(np.asarray(action.get("element", self.no_element)))

    def _validate(self, action: Any) -> tuple[str, Element | None, str, str]:
        if not isinstance(action, Mapping):
            raise InvalidActionError(f"ElementActions action={action!r}: expected a dict (see command())")
        unknown = [k for k in action if k not in ("action", "element", "text", "direction")]
        if unknown:
            raise InvalidActionError(f"ElementActions action has unknown keys {unknown}")

        def index(field: str, n: int, default: int) -> int:
            value = action.get(field, default)
            if isinstance(value, np.ndarray) and value.shape == ():
                value = value[()]
            if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) or not 0 <= value < n:
                raise InvalidActionError(f"{field}={value!r} is outside Discrete({n})")
            return int(value)

        kind = ELEMENT_ACTIONS[index("action", len(ELEMENT_ACTIONS), -1)]
        raw_element = index("element", self.max_elements + 1, self.no_element)
        direction = DIRECTIONS[index("direction", len(DIRECTIONS), 0)]
        text = action.get("text", "")
        if isinstance(text, np.ndarray) and text.shape == ():
            text = text[()]
        problem = self._text_space.why_not(text)
        if problem:
            raise InvalidActionError(f"text={text!r}: {problem}")
        element = self.elements[raw_element] if raw_element < len(self.elements) else None
        return kind, element, text, direction

    def _component(self, name: str) -> str | None:
        if re.fullmatch(r"[A-Za-z][\w.]*/[\w.$]+", name.strip()):
            return name.strip()  # an explicit package/activity
        return self.app_components.get(name.strip().lower())

    def _plan(self, kind: str, element: Element | None, text: str, direction: str) -> Iterator[tuple[DeviceOp, str | None]]:
        base: Any = self.env.unwrapped
        if kind in ("click", "long_press", "type"):
            assert element is not None
            x, y = element.center
            yield DeviceOp("touch", x, y), None
            if kind == "long_press":
                holds = max(0, math.ceil(self.long_press_seconds / base.step_seconds - 1e-9) - 1)
                for _ in range(holds):
                    yield DeviceOp("repeat"), None
            yield DeviceOp("lift"), None
            if kind == "type":
                yield DeviceOp("text", text=text), None
        elif kind in ("scroll", "swipe"):
            width, height = base.device.screen_size
            box = element.bounds if element is not None else (0, int(height * 0.15), width, int(height * 0.85))
            finger = direction
            if kind == "scroll":  # content moves into view from `direction`: finger goes the other way
                finger = {"up": "down", "down": "up", "left": "right", "right": "left"}[direction]
            left, top, right, bottom = box
            cx, cy = (left + right) // 2, (top + bottom) // 2
            dx = {"left": -1, "right": 1}.get(finger, 0) * (right - left) * 0.35
            dy = {"up": -1, "down": 1}.get(finger, 0) * (bottom - top) * 0.35
            for i in range(self.swipe_moves + 1):
                f = -1 + 2 * i / self.swipe_moves
                x = min(max(int(cx + dx * f), 0), width - 1)
                y = min(max(int(cy + dy * f), 0), height - 1)
                yield DeviceOp("touch", x, y), None
            yield DeviceOp("lift"), None
        elif kind in ("back", "home"):
            yield DeviceOp("key", text=kind.upper()), None
        elif kind == "open_app":
            yield DeviceOp("shell", text=f"am start -n {shlex.quote(self._component(text) or '')}"), None
        elif kind == "answer":
            yield DeviceOp("repeat"), text or None
        else:  # wait
            yield DeviceOp("repeat"), None
