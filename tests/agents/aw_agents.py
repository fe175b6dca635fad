"""Agents written against AndroidWorld's env interface only (get_state / execute_action and
JSON action dicts), as an AndroidWorld user would write them; the tests run them unchanged."""

from __future__ import annotations

import re


def _index(state, **match) -> int:
    for i, e in enumerate(state.ui_elements):
        if all((getattr(e, k) or "").endswith(v) if k == "resource_id" else getattr(e, k) == v
               for k, v in match.items()):
            return i
    raise LookupError(f"no element {match}")


class MarkorFolderAgent:
    """Creates the folder a MarkorCreateFolder goal names, one action per `step`."""

    def __init__(self, env) -> None:
        self.env = env
        self.done_actions = 0

    def reset(self, go_home: bool = False) -> None:
        self.env.reset(go_home=go_home)

    def step(self, goal: str) -> bool:
        name = re.search(r"named (\S+)\.$", goal).group(1)
        state = self.env.get_state()
        if self.done_actions == 0:
            action = {"action_type": "open_app", "app_name": "Markor"}
        elif self.done_actions == 1:
            action = {"action_type": "click", "index": _index(state, content_description="Create a new file or folder")}
        elif self.done_actions == 2:
            action = {"action_type": "input_text", "text": name, "clear_text": True,
                      "index": _index(state, resource_id="new_file_dialog__name")}
        else:
            field = state.ui_elements[_index(state, resource_id="new_file_dialog__name")]
            assert field.text == name, field.text
            x0, y0, x1, y1 = state.ui_elements[_index(state, resource_id="android:id/button3")].bbox
            action = {"action_type": "click", "x": (x0 + x1) // 2, "y": (y0 + y1) // 2}
        self.env.execute_action(action)
        self.done_actions += 1
        return self.done_actions == 4


def make(env):
    return MarkorFolderAgent(env)


class Raises:
    def __init__(self, env) -> None:
        self.env = env

    def step(self, goal: str) -> bool:
        raise RuntimeError("this agent always fails")
