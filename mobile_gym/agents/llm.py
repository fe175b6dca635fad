"""LLM agents over any OpenAI-compatible chat-completions endpoint (the `llm` extra: httpx).

Two flavours share one loop: ``text`` reads the numbered element list (like AndroidWorld's
T3A), ``som`` also sends the screenshot with the element numbers drawn on it (set-of-marks,
like M3A). Each step the model gets the goal, the actions so far and the screen, and answers
with a short reason and one AndroidWorld JSON action. A reply that holds no valid action is
sent back once with the error; a second bad reply ends the episode with an `AgentError`
quoting it. Token usage and latency of every step are reported through `step_info()`.

Configuration: `LLMOptions` (model, base URL such as ``http://127.0.0.1:8000/v1``, API key),
from ``--model/--base-url/--api-key`` or ``MOBILE_GYM_LLM_MODEL`` / ``MOBILE_GYM_LLM_BASE_URL`` /
``MOBILE_GYM_LLM_API_KEY``.
"""

from __future__ import annotations

import base64
import json
import time
from typing import Any

from mobile_gym.agents.android_world import (
    ACTION_TYPES,
    JSONAction,
    State,
    set_of_marks,
)
from mobile_gym.agents.base import Agent, AgentError, StepInfo, TaskInfo

#: Most characters of the element list sent per step (long screens are cut, saying so).
MAX_ELEMENT_CHARS = 12000
#: (width, height) of the set-of-marks screenshot: half the Pixel 6's resolution.
SOM_SIZE = (540, 1200)
#: Actions of the episode so far that the prompt repeats (the most recent ones).
HISTORY_STEPS = 12

SYSTEM_PROMPT = """You operate an Android phone to reach a goal a user gave you.
Every turn you see the goal, what you did so far and the current screen as a numbered list of
UI elements (and, when attached, a screenshot whose boxes carry the same numbers).
Answer with one line starting "Reason:" (why, in a sentence), then one line starting "Action:"
followed by exactly one JSON object, for example
Reason: The Save button stores the event.
Action: {"action_type": "click", "index": 12}

Actions (index = an element number; x, y = screen pixels):
  {"action_type": "click" | "double_tap" | "long_press", "index": N}   or with "x": X, "y": Y
  {"action_type": "input_text", "text": "...", "index": N}   taps N, types, presses Enter;
      add "clear_text": true to erase what the field holds first
  {"action_type": "keyboard_enter"}
  {"action_type": "navigate_back"}   {"action_type": "navigate_home"}
  {"action_type": "scroll", "direction": "up" | "down" | "left" | "right"}   optional "index";
      "down" reveals what is below
  {"action_type": "swipe", "direction": "up" | "down" | "left" | "right"}   the finger's direction
  {"action_type": "open_app", "app_name": "Settings"}
  {"action_type": "wait"}
  {"action_type": "answer", "text": "..."}   when the goal asks a question
  {"action_type": "status", "goal_status": "complete" | "infeasible"}   when you are done or it cannot be done
"""


def check_options(options: Any) -> None:
    """ValueError saying what the LLM agent still needs (httpx, a model, a base URL)."""
    try:
        import httpx  # noqa: F401
    except ImportError:
        raise ValueError("the LLM agent needs httpx: pip install 'mobile-gym[llm]'") from None
    if not options.model:
        raise ValueError("the LLM agent needs --model (or $MOBILE_GYM_LLM_MODEL)")
    if not options.base_url:
        raise ValueError("the LLM agent needs --base-url (or $MOBILE_GYM_LLM_BASE_URL), e.g. "
                         "http://127.0.0.1:8000/v1")
    if not str(options.base_url).startswith(("http://", "https://")):
        raise ValueError(f"--base-url {options.base_url!r}: expected an http:// or https:// URL")


class ChatClient:
    """POST /chat/completions on an OpenAI-compatible server; returns (text, usage, seconds)."""

    def __init__(self, options: Any) -> None:
        import httpx

        headers = {"Content-Type": "application/json"}
        if options.api_key:
            headers["Authorization"] = f"Bearer {options.api_key}"
        self.options = options
        self._http = httpx.Client(base_url=str(options.base_url).rstrip("/") + "/", headers=headers,
                                  timeout=options.timeout_s)

    def complete(self, messages: list[dict[str, Any]]) -> tuple[str, dict[str, int], float]:
        import httpx

        body = {"model": self.options.model, "messages": messages, "temperature": self.options.temperature}
        t0 = time.perf_counter()
        try:
            response = self._http.post("chat/completions", json=body)
        except httpx.HTTPError as exc:
            raise AgentError(f"chat-completions request to {self.options.base_url} failed: {exc}") from None
        seconds = time.perf_counter() - t0
        if response.status_code >= 400:
            raise AgentError(f"chat-completions answered HTTP {response.status_code}: {response.text[:300]}")
        try:
            data = response.json()
            text = data["choices"][0]["message"]["content"] or ""
        except (ValueError, KeyError, IndexError, TypeError):
            raise AgentError(f"chat-completions reply is not a completion: {response.text[:300]}") from None
        usage = data.get("usage") or {}
        return str(text), {"prompt": int(usage.get("prompt_tokens", 0) or 0),
                           "completion": int(usage.get("completion_tokens", 0) or 0)}, seconds

    def close(self) -> None:
        self._http.close()


def parse_reply(text: str) -> tuple[JSONAction, str]:
    """(action, reason) from a model reply: the first JSON object in it (code fences allowed)
    is the action; the text before it is the reason. ValueError says what is wrong."""
    decoder = json.JSONDecoder()
    start = text.find("{")
    if start < 0:
        raise ValueError("the reply holds no JSON object")
    while start >= 0:
        try:
            value, _end = decoder.raw_decode(text, start)
        except json.JSONDecodeError:
            start = text.find("{", start + 1)
            continue
        if isinstance(value, dict):
            reason = text[:start].replace("```json", "").replace("```", "")
            reason = reason.replace("Action:", "").replace("Reason:", "").strip()
            return JSONAction.parse(value), reason
        start = text.find("{", start + 1)
    raise ValueError("the JSON object in the reply is not complete JSON")


class LLMAgent(Agent):
    """The LLM agent (see the module docstring); `flavour` is "text" or "som"."""

    observation_mode = "android_world"

    def __init__(self, options: Any, *, flavour: str = "text", client: ChatClient | None = None) -> None:
        if flavour not in ("text", "som"):
            raise ValueError(f"flavour={flavour!r}: expected 'text' or 'som'")
        check_options(options)
        self.flavour = flavour
        self.name = f"llm:{flavour}"
        self.wants_pixels = flavour == "som"
        self.obs_size = SOM_SIZE if flavour == "som" else None
        self.client = client or ChatClient(options)
        self._goal = ""
        self._history: list[str] = []
        self._info: StepInfo | None = None

    def reset(self, task: TaskInfo) -> None:
        self._goal = task.instruction
        self._history = []
        self._info = None

    def step_info(self) -> StepInfo | None:
        return self._info

    def act(self, observation: Any) -> Any:
        if not isinstance(observation, State):
            raise AgentError("the LLM agent acts on AndroidWorld states (observation_mode android_world)")
        info = StepInfo()
        self._info = info
        messages = [{"role": "system", "content": SYSTEM_PROMPT},
                    {"role": "user", "content": self._user_content(observation)}]
        problem = ""
        for _attempt in range(2):
            text, usage, seconds = self.client.complete(messages)
            info.calls += 1
            info.prompt_tokens += usage["prompt"]
            info.completion_tokens += usage["completion"]
            info.latency_s += seconds
            try:
                action, reason = parse_reply(text)
            except ValueError as exc:
                problem = f"{exc}; reply: {text[:200]!r}"
                messages += [{"role": "assistant", "content": text},
                             {"role": "user", "content": (
                                 f"That reply could not be used: {exc}. Answer again with a Reason: line "
                                 "and an Action: line holding exactly one JSON object whose action_type "
                                 f"is one of {', '.join(ACTION_TYPES)}.")}]
                continue
            info.reasoning = reason
            self._history.append(f"{action.to_json()}  ({reason[:120]})" if reason else action.to_json())
            return action.to_dict()
        raise AgentError(f"the model gave no valid action in 2 replies: {problem}")

    def _user_content(self, state: State) -> Any:
        elements = state.describe_elements()
        if len(elements) > MAX_ELEMENT_CHARS:
            elements = elements[:MAX_ELEMENT_CHARS] + "\n… (list cut)"
        done = "\n".join(f"{i + 1}. {h}" for i, h in enumerate(self._history[-HISTORY_STEPS:])) or "(nothing yet)"
        text = (f"Goal: {self._goal}\n\nActions so far:\n{done}\n\n"
                f"Foreground activity: {state.foreground_activity}\n"
                f"Screen: {state.screen_size[0]}x{state.screen_size[1]} pixels\n"
                f"UI elements:\n{elements}\n\nWhat is the next action?")
        if self.flavour == "text" or state.pixels is None:
            return text
        import cv2

        ok, png = cv2.imencode(".png", cv2.cvtColor(set_of_marks(state), cv2.COLOR_RGB2BGR))
        if not ok:
            raise AgentError("could not encode the set-of-marks screenshot")
        url = "data:image/png;base64," + base64.b64encode(png.tobytes()).decode("ascii")
        return [{"type": "text", "text": text}, {"type": "image_url", "image_url": {"url": url}}]

    def close(self) -> None:
        self.client.close()

