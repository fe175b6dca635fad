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
rewards are summed and `info["primitive_steps"]` says how many ran; `info["agent_steps"]`
counts ElementActions steps this episode and `info["env_steps"]` raw env steps. An index that is in
the space but not on the current screen does not raise: time passes (one REPEAT) and
`info["action_error"]` explains, since language agents make such mistakes.

`command("click id=save")` builds an action from a one-line text command; see its docstring.
A malformed command raises ValueError naming the command, the offending word and the accepted
form (COMMAND_ARGS); extra arguments are never ignored.
"""

from __future__ import annotations

import math
import re
import shlex
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from mobile_gym import apps
from mobile_gym.spaces.actions import DeviceOp, InvalidActionError
from mobile_gym.spaces.text import UnicodeText
from mobile_gym.wrappers._macro import AgentSteps, run_primitives
from mobile_gym.wrappers.elements import Element, describe_elements, extract_elements

ELEMENT_ACTIONS: tuple[str, ...] = (
    "click", "long_press", "type", "scroll", "swipe", "back", "home", "open_app", "answer", "wait",
)
DIRECTIONS: tuple[str, ...] = ("up", "down", "left", "right")
#: The keys of a raw action Dict; only "action" is required.
ACTION_KEYS: tuple[str, ...] = ("action", "element", "text", "direction")
#: The keys a `key=value` command target may use.
TARGET_KEYS: tuple[str, ...] = ("id", "text", "desc")
#: Each command's arguments in order (a bracketed one is optional); error messages quote these.
COMMAND_ARGS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "click": ("TARGET",), "long_press": ("TARGET",), "type": ("TARGET", '"TEXT"'),
    "scroll": ("DIRECTION", "[TARGET]"), "swipe": ("DIRECTION", "[TARGET]"),
    "back": (), "home": (), "open_app": ("APP",), "answer": ('"TEXT"',), "wait": (),
})
_TARGET_HELP = ('TARGET is an element index (3), id=<resource-id>, text="<exact text>", '
                'desc="<content-desc>" or a quoted text')
_DIRECTION_HELP = f"DIRECTION is one of {', '.join(DIRECTIONS)}"
_KEY_RE = re.compile(r"([A-Za-z_]\w*)=")
#: One shell word: unquoted characters, backslash escapes and quoted runs, as shlex splits them.
_WORD_RE = re.compile(r"""(?:[^\s"'\\]|\\.|"(?:[^"\\]|\\.)*"|'[^']*')+""", re.DOTALL)

#: App names open_app understands -> launch component: every name the catalogue gives an app of
#: a default phone (label, key, AndroidWorld's names).
APP_COMPONENTS: dict[str, str] = {name: record.component for record in apps.installed_by_default()
                                  for name in record.names()}


@dataclass(frozen=True)
class _Word:
    """One word of a command: its unquoted text, and whether it began with a quote (so `"a=b"`
    is a text while `id=b` is a key)."""

    text: str
    quoted: bool


def _split_command(line: str) -> list[_Word]:
    """The shell words of a command line; ValueError names unbalanced quotes or a dangling escape."""
    try:
        expected = shlex.split(line)
    except ValueError as exc:
        raise ValueError(f"command {line!r}: {exc}") from None
    words = [_Word(shlex.split(raw)[0], raw.startswith(('"', "'")))
             for raw in _WORD_RE.findall(line)]
    if [w.text for w in words] != expected:  # a defensive check: both splits must agree
        raise ValueError(f"command {line!r}: cannot split it into words")
    return words


def _command_usage(kind: str) -> str:
    """How the command `kind` is written, with what its placeholders accept (for error messages)."""
    args = COMMAND_ARGS[kind]
    notes = [_DIRECTION_HELP] if "DIRECTION" in args else []
    if any("TARGET" in a for a in args):
        notes.append(_TARGET_HELP)
    usage = " ".join((kind, *args))
    return f"usage: {usage}" + (f" ({'; '.join(notes)})" if notes else "")


class ElementActions(gym.Wrapper, gym.utils.RecordConstructorArgs):
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
        gym.utils.RecordConstructorArgs.__init__(
            self, max_elements=max_elements, text_max_length=text_max_length,
            long_press_seconds=long_press_seconds, swipe_moves=swipe_moves,
            app_components=None if app_components is None else dict(app_components))
        gym.Wrapper.__init__(self, env)
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
        self.agent_steps = AgentSteps()

    def record_spec(self) -> dict[str, Any]:
        """The constructor kwargs RecordEpisode stores, so a replay plans the same primitive steps."""
        return {"max_elements": self.max_elements, "text_max_length": self.text_max_length,
                "long_press_seconds": self.long_press_seconds, "swipe_moves": self.swipe_moves,
                "app_components": dict(self.app_components)}

    # ------------------------------------------------------------------ gym API
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        self.agent_steps.reset()
        obs, info = self.env.reset(seed=seed, options=options)
        return self._with_elements(obs), info

    def step(self, action: Any):
        return self.agent_steps.tick(self._step(action))

    def _step(self, action: Any):
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
        `back`, `home`, `open_app APP`, `answer "text"`, `wait` (one REPEAT step; it takes no
        count). A target T is an element index (`3`), `id=<resource-id or its short form>`,
        `text="<exact text>"` or `desc="<content-desc>"`; a bare string (quoted, or one unquoted
        word) matches text, then content-desc. Quote values with spaces. ValueError names the
        command, the offending word and the accepted form; extra arguments are rejected.
        """
        words = _split_command(line)
        if not words:
            raise ValueError(f"empty command; expected one of {ELEMENT_ACTIONS}")
        head, args = words[0], words[1:]
        kind = head.text.lower()
        if kind not in ELEMENT_ACTIONS:
            raise ValueError(f"command {line!r}: unknown action {head.text!r}; expected one of {ELEMENT_ACTIONS}")
        params = COMMAND_ARGS[kind]
        required = sum(not p.startswith("[") for p in params)
        if len(args) > len(params):
            takes = "no arguments" if not params else f"at most {len(params)} argument(s)"
            hint = {"wait": " (a wait is one REPEAT step; send wait again to wait longer)"}.get(
                kind, " (quote a value that has spaces)" if params else "")
            raise ValueError(f"command {line!r}: {kind} takes {takes}; unexpected extra argument "
                             f"{args[len(params)].text!r}{hint}; {_command_usage(kind)}")
        if len(args) < required:
            missing = " ".join(params[len(args):required])
            raise ValueError(f"command {line!r}: {kind} is missing {missing}; {_command_usage(kind)}")
        action: dict[str, Any] = {"action": ELEMENT_ACTIONS.index(kind), "element": self.no_element,
                                  "text": "", "direction": 0}
        try:
            if kind in ("scroll", "swipe"):
                word = args[0].text.lower()
                if word not in DIRECTIONS:
                    raise ValueError(f"direction {args[0].text!r} is not one of {', '.join(DIRECTIONS)}; "
                                     f"{_command_usage(kind)}")
                action["direction"] = DIRECTIONS.index(word)
                args = args[1:]
            if kind in ("click", "long_press", "type", "scroll", "swipe") and args:
                action["element"] = self._resolve(args[0]).index
            if kind in ("type", "open_app", "answer"):
                action["text"] = args[-1].text
                problem = self._text_space.why_not(action["text"])
                if problem:
                    raise ValueError(f"{params[-1]} {_clip(action['text'])!r}: {problem}")
        except ValueError as exc:
            raise ValueError(f"command {line!r}: {kind}: {exc}") from None
        return action

    def find(self, target: str) -> Element:
        """The element a command target names (see `command`; `target` is one unquoted word);
        ValueError names an unknown key or lists the screen."""
        return self._resolve(_Word(target, quoted=False))

    def _resolve(self, word: _Word) -> Element:
        """The element a target word names: a quoted word is always a text, never a key or index."""
        target = word.text
        if not word.quoted and re.fullmatch(r"[0-9]+", target):
            index = int(target)
            if index < len(self.elements):
                return self.elements[index]
            raise ValueError(f"no element matches index {index}: this screen has {len(self.elements)} "
                             f"element(s){self._listing()}")
        key, value = "", target
        match = None if word.quoted else _KEY_RE.match(target)
        if match is not None:
            key, value = match.group(1).lower(), target[match.end():]
            if key not in TARGET_KEYS:
                raise ValueError(f"unknown target key {match.group(1)!r} in {target!r}; valid keys: "
                                 f"{', '.join(TARGET_KEYS)} ({_TARGET_HELP}; quote a text that contains '=')")
        if not value:
            raise ValueError(f"empty target {target!r} names no element ({_TARGET_HELP})")
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
        raise ValueError(f"no element matches {target!r} on this screen{self._listing()}")

    def _listing(self) -> str:
        """The screen's elements for an error message (or a note that there are none)."""
        return ":\n" + describe_elements(self.elements) if self.elements else " (it lists no elements)"

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
        unknown = [k for k in action if k not in ACTION_KEYS]
        if unknown:
            raise InvalidActionError(f"ElementActions action has unknown keys {unknown}; valid keys: {ACTION_KEYS}")
        if "action" not in action:
            raise InvalidActionError(
                f"ElementActions action {dict(action)!r} has no 'action' key; it is required (an index "
                f"into {ELEMENT_ACTIONS}), 'element', 'text' and 'direction' are optional (see command())")

        def index(field: str, n: int, default: int) -> int:
            value = action.get(field, default)
            if isinstance(value, np.ndarray) and value.shape == ():
                value = value[()]
            if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) or not 0 <= value < n:
                raise InvalidActionError(f"{field}={value!r} is outside Discrete({n})")
            return int(value)

        kind = ELEMENT_ACTIONS[index("action", len(ELEMENT_ACTIONS), 0)]
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


def _clip(text: str, limit: int = 40) -> str:
    """`text` cut to `limit` characters for an error message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
