"""Datasets of agent episodes: a suite run's recordings, replayed at a chosen observation size,
as plain JSONL+PNG (here) or Minari (`minari_export`).

A run made with `--record` keeps, per episode, the agent's actions and digests of what it saw.
`dataset_episodes` rebuilds each recorded env stack with `pixels`, `view_hierarchy` and
`instruction` at the chosen `obs_size`, replays the actions and checks step by step that the
rewards, episode ends and hierarchies are the recorded ones (`ReplayMismatch` names the episode
and step otherwise). The replay yields what a recording does not keep: frames at the chosen
size, every hierarchy, and the primitive device operations behind each macro action. Each step
then carries the action in three forms:

* `action`: the agent's action in its own space (the raw Dict for raw agents, the
  ElementActions Dict for element agents, the JSON text for AndroidWorld agents);
* `action_json`: the element/JSON form the harness logs (`command`, e.g. `click id=save`,
  `TOUCH (0.861, 0.277)` or the AndroidWorld JSON; `point` in device pixels; `element`, the
  smallest on-screen element under the point or the one the action names);
* `raw_actions`: the env's raw action Dicts that ran (one per primitive step; None where the
  raw space cannot say it: free text, an `open_app` launch), beside `device_ops`, the exact
  primitive operations.

JSONL+PNG layout (`JsonlWriter`): `episodes.jsonl` (one line per episode: task, seed,
instruction, params, agent, success, ...) and one directory per episode with `steps.jsonl`
(line t: the observation t, i.e. `frame` and `view_hierarchy`, and for t < T the action taken
in it with its reward, ends and info) and `frames/NNNNNN.png`.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np

from mobile_gym.env import MobileEnv
from mobile_gym.spaces.actions import DeviceOp

#: The observation keys a dataset keeps.
DATASET_OBS_KEYS: tuple[str, ...] = ("pixels", "view_hierarchy", "instruction")
EPISODES_FILE = "episodes.jsonl"
STEPS_FILE = "steps.jsonl"


class DatasetError(ValueError):
    """A dataset cannot be made from this input (the message names the option, run or episode)."""


class ReplayMismatch(gym.error.Error):
    """A recording did not replay to what was recorded (the env is not deterministic there)."""


def parse_obs_size(text: str) -> tuple[int, int]:
    """`WxH` (e.g. `270x600`) -> (width, height); DatasetError names the value otherwise."""
    width, sep, height = text.lower().partition("x")
    if not sep or not width.isdigit() or not height.isdigit() or int(width) < 1 or int(height) < 1:
        raise DatasetError(f"--obs-size={text!r}: expected WIDTHxHEIGHT in pixels, e.g. 270x600")
    return int(width), int(height)


@dataclass
class DatasetStep:
    """One agent step: its action in the three forms, and what the env returned."""

    action: Any
    action_json: dict[str, Any]
    raw_actions: list[dict[str, Any] | None]
    device_ops: list[dict[str, Any]]
    reward: float
    terminated: bool
    truncated: bool
    info: dict[str, Any]


@dataclass
class DatasetEpisode:
    """A replayed episode: T+1 observations (pixels, view_hierarchy, instruction), T steps, the
    harness's episode record, the agent's observation mode and action space."""

    record: dict[str, Any]
    mode: str
    action_space: gym.spaces.Space
    observations: list[dict[str, Any]] = field(default_factory=list)
    steps: list[DatasetStep] = field(default_factory=list)
    reset_info: dict[str, Any] = field(default_factory=dict)
    vocabulary: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        """Directory name of the episode (`<task name>_<episode index>`)."""
        return f"{self.record['name']}_{int(self.record['episode']):04d}"

    def summary(self, obs_size: tuple[int, int]) -> dict[str, Any]:
        """The episode's line in `episodes.jsonl`."""
        keys = ("key", "task", "name", "episode", "seed", "app", "agent", "instruction", "params",
                "success", "reward", "terminated", "truncated", "answer", "agent_status")
        return {**{k: self.record.get(k) for k in keys}, "mode": self.mode, "steps": len(self.steps),
                "obs_size": list(obs_size), "directory": self.name}


class _OpLoggingEnv(MobileEnv):
    """A MobileEnv that keeps every primitive operation it runs (with its response), so the
    raw actions behind a macro action can be read back."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ops: list[tuple[DeviceOp, str | None]] = []

    def step_op(self, op: DeviceOp, *, response: str | None = None):
        self.ops.append((op, response))
        return super().step_op(op, response=response)


def _mode_of(env: gym.Env) -> str:
    from mobile_gym.agents.android_world import AndroidWorldActions
    from mobile_gym.wrappers import ElementActions

    if isinstance(env, AndroidWorldActions):
        return "android_world"
    return "elements" if isinstance(env, ElementActions) else "raw"


def _raw_of(op: DeviceOp, response: str | None, screen: tuple[int, int],
            vocabulary: Sequence[str]) -> dict[str, Any] | None:
    """The raw action Dict that runs `op` (None when the raw space cannot express it)."""
    from mobile_gym.device.base import KEY_NAMES
    from mobile_gym.spaces import ActionType

    action: dict[str, Any] = {"action_type": 0, "touch_position": [0.0, 0.0], "input_token": 0, "key": 0,
                              "response": response or ""}
    if op.kind == "touch":  # the pixel centre maps back to the same pixel (touch_to_pixels floors)
        action["touch_position"] = [(op.x + 0.5) / screen[0], (op.y + 0.5) / screen[1]]
        action["action_type"] = int(ActionType.TOUCH)
    elif op.kind == "lift":
        action["action_type"] = int(ActionType.LIFT)
    elif op.kind == "repeat":
        action["action_type"] = int(ActionType.REPEAT)
    elif op.kind == "key" and op.text in KEY_NAMES:
        action["action_type"], action["key"] = int(ActionType.KEY), KEY_NAMES.index(op.text)
    elif op.kind == "text" and op.text in vocabulary:
        action["action_type"], action["input_token"] = int(ActionType.TEXT), list(vocabulary).index(op.text)
    else:
        return None  # free text, a shell launch, a key the raw space lacks
    return action


def _op_json(op: DeviceOp, response: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": op.kind}
    if op.kind == "touch":
        out["x"], out["y"] = op.x, op.y
    if op.text:
        out["text"] = op.text
    if response:
        out["response"] = response
    return out


def _element_json(element: Any) -> dict[str, Any]:
    keys = ("index", "class_name", "text", "content_desc", "resource_id", "bounds")
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in dataclasses.asdict(element).items() if k in keys}


def _element_at(hierarchy: str, point: Sequence[int]) -> dict[str, Any] | None:
    """The smallest element of `hierarchy` whose bounds hold `point` (device pixels)."""
    from mobile_gym.wrappers.elements import extract_elements

    x, y = int(point[0]), int(point[1])
    inside = [e for e in extract_elements(hierarchy)
              if e.bounds[0] <= x < e.bounds[2] and e.bounds[1] <= y < e.bounds[3]]
    if not inside:
        return None
    best = min(inside, key=lambda e: ((e.bounds[2] - e.bounds[0]) * (e.bounds[3] - e.bounds[1]), -e.depth))
    return _element_json(best)


def _action_json(mode: str, action: Any, logged: dict[str, Any] | None, layer: Any, hierarchy: str,
                 vocabulary: Sequence[str]) -> dict[str, Any]:
    """The element/JSON form of one agent step, from the harness's log line of it (`logged`)
    and the screen it was taken on (call it before the step)."""
    from mobile_gym.policies import describe_raw_action
    from mobile_gym.wrappers.element_actions import DIRECTIONS, ELEMENT_ACTIONS

    logged = logged or {}
    out: dict[str, Any] = {k: logged[k] for k in ("point", "lift", "text", "direction", "reasoning",
                                                   "action_error") if logged.get(k) not in (None, "")}
    element: dict[str, Any] | None = None
    if mode == "raw":
        out["command"] = logged.get("action") or describe_raw_action(action)
        kind = int(action["action_type"])
        if kind == 3 and int(action["input_token"]) < len(vocabulary):
            out["text"] = vocabulary[int(action["input_token"])]
        if action.get("response"):
            out["answer"] = str(action["response"])
    elif mode == "elements":
        names = {"action": ELEMENT_ACTIONS[int(action["action"])], "element": int(action["element"]),
                 "text": str(action["text"]), "direction": DIRECTIONS[int(action["direction"])]}
        out["command"] = logged.get("action") or names["action"]
        out["element_action"] = names
        if names["element"] < len(layer.elements):
            element = _element_json(layer.elements[names["element"]])
    else:
        from mobile_gym.agents.android_world import JSONAction

        parsed = JSONAction.parse(action)
        out["command"] = logged.get("action") or parsed.to_json()
        out["json_action"] = parsed.to_dict()
        if parsed.index is not None and parsed.index < len(layer.elements):
            element = _element_json(layer.elements[parsed.index])
        elif parsed.x is not None and "point" not in out:
            out["point"] = [parsed.x, parsed.y]
    if element is None and out.get("point") is not None:
        element = _element_at(hierarchy, out["point"])
    out["element"] = element
    return out


def _agent_steps(directory: Path) -> dict[int, dict[str, Any]]:
    """The harness's `agent_steps.jsonl` of a recording, by step number (empty when absent)."""
    path = directory / "agent_steps.jsonl"
    if not path.exists():
        return {}
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return {int(line["t"]): line for line in lines}


def _compare(digest: dict[str, Any], recorded: dict[str, Any], keys: Sequence[str], where: str) -> None:
    for key in keys:
        if key in recorded and key in digest and digest[key] != recorded[key]:
            raise ReplayMismatch(f"{where}: the replayed {key} differs from the recorded one")


def replay_recording(directory: Path, record: dict[str, Any], obs_size: tuple[int, int] | None = None
                     ) -> DatasetEpisode:
    """Replay one recorded episode at `obs_size` (None: the recorded size) into a DatasetEpisode."""
    from mobile_gym.wrappers.record_episode import (
        build_env,
        complete_action,
        load_trajectory,
        observation_digest,
        recorded_action,
        to_json,
    )

    header, steps = load_trajectory(directory)
    recorded_size = tuple(header["env"]["obs_size"]) if header.get("env") else None
    size = tuple(obs_size) if obs_size is not None else recorded_size
    compared = ["view_hierarchy", "instruction", "elements"] + (["pixels"] if size == recorded_size else [])

    def base(**kwargs: Any) -> _OpLoggingEnv:
        kwargs["obs_keys"] = DATASET_OBS_KEYS
        if size is not None:
            kwargs["obs_size"] = size
        return _OpLoggingEnv(**kwargs)

    env = build_env(header, base=base)
    logged = _agent_steps(directory)
    inner: Any = env.unwrapped
    try:
        obs, info = env.reset(seed=header["seed"], options=header.get("options"))
        where = f"{directory}: reset"
        _compare(observation_digest(obs), header["obs"], compared, where)
        mode = _mode_of(env)
        vocabulary = tuple(inner.vocabulary)
        episode = DatasetEpisode(record=record, mode=mode, action_space=env.action_space,
                                 reset_info=to_json({k: v for k, v in info.items() if k != "timing"}),
                                 vocabulary=vocabulary)
        episode.observations.append(_keep(obs))
        screen = tuple(inner.device.screen_size)
        for step in steps:
            where = f"{directory}: step {step['t']}"
            given = recorded_action(env.action_space, step)
            action = given
            if "action_as_given" in step:  # accepted by the env but outside its space: stored completed
                try:
                    action = complete_action(env.action_space, given)
                except (TypeError, ValueError):
                    pass
            forms = _action_json(mode, action, logged.get(int(step["t"])), env, obs["view_hierarchy"], vocabulary)
            first = len(inner.ops)
            obs, reward, terminated, truncated, info = env.step(given)
            ops = inner.ops[first:]
            if float(reward) != float(step["reward"]) or (bool(terminated), bool(truncated)) != (
                    step["terminated"], step["truncated"]):
                raise ReplayMismatch(f"{where}: reward/terminated/truncated {reward}/{terminated}/{truncated}, "
                                     f"recorded {step['reward']}/{step['terminated']}/{step['truncated']}")
            _compare(observation_digest(obs), step["obs"], compared, where)
            raw = ([to_json(action)] if mode == "raw"
                   else [_raw_of(op, response, screen, vocabulary) for op, response in ops])  # type: ignore[arg-type]
            keep_info = {k: to_json(info[k]) for k in ("success", "score", "action_error", "agent_status",
                                                       "primitive_steps") if k in info}
            episode.steps.append(DatasetStep(
                action=action, action_json=forms, raw_actions=raw,
                device_ops=[_op_json(op, response) for op, response in ops],
                reward=float(reward), terminated=bool(terminated), truncated=bool(truncated), info=keep_info))
            episode.observations.append(_keep(obs))
        return episode
    finally:
        env.close()


def _keep(obs: dict[str, Any]) -> dict[str, Any]:
    return {"pixels": np.asarray(obs["pixels"]), "view_hierarchy": str(obs["view_hierarchy"]),
            "instruction": str(obs["instruction"])}


def run_records(run: Path) -> list[dict[str, Any]]:
    """The episode records of a run directory (DatasetError when it is not one)."""
    from mobile_gym.harness.runner import EPISODES_FILE as RUN_EPISODES
    from mobile_gym.harness.runner import read_episodes

    path = run / RUN_EPISODES
    if not path.exists():
        raise DatasetError(f"{run}: no {RUN_EPISODES} (not a run directory of mobile-gym run)")
    return read_episodes(path)


def exported_records(run: Path, *, successes_only: bool = False, skipped: list[str] | None = None
                     ) -> list[tuple[dict[str, Any], Path]]:
    """(record, recording directory) of each episode of the run `run` a dataset takes, in the
    run's order. Episodes without a recording (errors) or, with `successes_only`, without
    success are left out; their keys and why are appended to `skipped`."""
    records = run_records(run)
    if records and not any(r.get("recording") for r in records):
        raise DatasetError(f"{run}: the run has no recordings (run it with --record)")
    chosen = []
    for record in records:
        why = None
        if not record.get("recording"):
            why = f"no recording ({record.get('error') or 'not recorded'})"
        elif successes_only and not record.get("success"):
            why = "not a success"
        if why is None:
            chosen.append((record, run / record["recording"]))
        elif skipped is not None:
            skipped.append(f"{record['key']}: {why}")
    return chosen


def recorded_action_space(directory: Path) -> gym.spaces.Space:
    """The action space the agent of a recorded episode acted in (its env stack is built, not reset)."""
    from mobile_gym.wrappers.record_episode import build_env, load_trajectory

    header, _ = load_trajectory(directory)
    env = build_env(header)
    try:
        return env.action_space
    finally:
        env.close()


def dataset_episodes(chosen: Sequence[tuple[dict[str, Any], Path]], obs_size: tuple[int, int] | None = None
                     ) -> Iterator[DatasetEpisode]:
    """Replay the chosen episodes (see `exported_records`) one at a time."""
    for record, directory in chosen:
        yield replay_recording(directory, record, obs_size)


# ---------------------------------------------------------------------------- JSONL + PNG


def _png(pixels: np.ndarray) -> bytes:
    import cv2

    ok, data = cv2.imencode(".png", cv2.cvtColor(pixels, cv2.COLOR_RGB2BGR))
    if not ok:
        raise ValueError("cannot encode a frame as PNG")
    return data.tobytes()


class JsonlWriter:
    """Writes episodes as JSONL+PNG into `out`, which `finish` replaces whole (the episodes go
    to `out.partial` first, so a reader never sees half a dataset)."""

    def __init__(self, out: Path, obs_size: tuple[int, int]) -> None:
        self.out = Path(out)
        self.obs_size = obs_size
        self._partial = self.out.with_name(self.out.name + ".partial")
        if self._partial.exists():
            shutil.rmtree(self._partial)
        self._partial.mkdir(parents=True)
        self._lines: list[str] = []

    def add(self, episode: DatasetEpisode) -> None:
        from mobile_gym.wrappers.record_episode import to_json

        directory = self._partial / episode.name
        (directory / "frames").mkdir(parents=True)
        rows = []
        for t, observation in enumerate(episode.observations):
            frame = f"frames/{t:06d}.png"
            (directory / frame).write_bytes(_png(observation["pixels"]))
            row: dict[str, Any] = {"t": t, "frame": frame, "view_hierarchy": observation["view_hierarchy"]}
            if t == 0:
                row["info"] = episode.reset_info
            if t < len(episode.steps):
                step = episode.steps[t]
                row.update({"action": to_json(step.action), "action_json": step.action_json,
                            "raw_actions": step.raw_actions, "device_ops": step.device_ops,
                            "reward": step.reward, "terminated": step.terminated, "truncated": step.truncated,
                            "step_info": step.info})
            rows.append(json.dumps(row, sort_keys=True, ensure_ascii=False))
        (directory / STEPS_FILE).write_text("\n".join(rows) + "\n", encoding="utf-8")
        self._lines.append(json.dumps(episode.summary(self.obs_size), sort_keys=True, ensure_ascii=False))

    def finish(self) -> int:
        """Move the dataset into place; returns how many episodes it has."""
        from mobile_gym.wrappers.record_episode import atomic_write

        atomic_write(self._partial / EPISODES_FILE, "".join(line + "\n" for line in self._lines).encode("utf-8"))
        if self.out.exists():
            shutil.rmtree(self.out)
        os.replace(self._partial, self.out)
        return len(self._lines)


@dataclass
class JsonlEpisode:
    """One episode read back from a JSONL+PNG dataset: its `episodes.jsonl` line, its
    `steps.jsonl` rows, and the frames as (T+1, H, W, 3) uint8."""

    summary: dict[str, Any]
    rows: list[dict[str, Any]]
    frames: np.ndarray


def read_jsonl(directory: str | Path) -> list[JsonlEpisode]:
    """Read a dataset written by `JsonlWriter` (ValueError names a missing or bad file)."""
    import cv2

    directory = Path(directory)
    index = directory / EPISODES_FILE
    if not index.exists():
        raise DatasetError(f"{directory}: no {EPISODES_FILE} (not a JSONL dataset)")
    out = []
    for number, line in enumerate(index.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            summary = json.loads(line)
        except json.JSONDecodeError:
            raise DatasetError(f"{index}:{number}: not a JSON episode line") from None
        episode_dir = directory / summary["directory"]
        rows = [json.loads(r) for r in (episode_dir / STEPS_FILE).read_text(encoding="utf-8").splitlines() if r]
        frames = []
        for row in rows:
            image = cv2.imread(str(episode_dir / row["frame"]), cv2.IMREAD_COLOR)
            if image is None:
                raise DatasetError(f"{episode_dir / row['frame']}: missing or not a PNG")
            frames.append(cv2.cvtColor(image, cv2.COLOR_BGR2RGB))
        out.append(JsonlEpisode(summary, rows, np.stack(frames)))
    return out
