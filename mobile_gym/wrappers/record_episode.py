"""RecordEpisode: trajectories as JSONL plus PNG frames, written atomically, replayable.

Layout of one episode (`<directory>/episode_000003/`):
  trajectory.jsonl   line 1 = header (env constructor kwargs, wrapper stack including a
                     TimeLimit, the reset seed (`info["reset_seed"]`, so an unseeded reset
                     replays too), options, reset observation digest); then one line per step (action as JSON,
                     reward, terminated, truncated, observation digest, a JSON view of info)
  frames/000000.png  the `pixels` observation of the reset, then of every step

The episode is written into `episode_000003.partial/` and renamed when it ends (or when the
env is reset or closed), and every file is written to a temporary name then `os.replace`d,
so a reader never sees a half-written episode. `replay_episode` rebuilds the env (or uses
the one given), replays the actions and compares observation digests and rewards.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.wrappers import TimeLimit

FORMAT_VERSION = 1
_TIME_LIMIT = "gymnasium.wrappers:TimeLimit"


def observation_digest(obs: Any) -> Any:
    """sha256 (hex, 16 chars) of each observation part; dicts give a dict of digests."""
    if isinstance(obs, dict):
        return {k: observation_digest(v) for k, v in sorted(obs.items())}
    h = hashlib.sha256()
    if isinstance(obs, np.ndarray):
        h.update(f"{obs.dtype.str}{obs.shape}".encode())
        h.update(np.ascontiguousarray(obs).tobytes())
    elif isinstance(obs, str):
        h.update(obs.encode("utf-8"))
    else:
        h.update(json.dumps(to_json(obs), sort_keys=True).encode())
    return h.hexdigest()[:16]


def to_json(value: Any) -> Any:
    """A JSON-safe view of info values (numpy -> lists/scalars, unknown -> repr)."""
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, np.generic):
        return value.item()
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return repr(value)


def complete_action(space: spaces.Space, action: Any) -> Any:
    """The action in the space's own types (MobileEnv also takes lists and plain numbers), with
    the fields a partial Dict action leaves out filled with their defaults."""
    if isinstance(space, spaces.Dict) and isinstance(action, dict):
        full = {}
        for key, sub in space.spaces.items():
            if key in action:
                full[key] = complete_action(sub, action[key])
            elif isinstance(sub, spaces.Discrete):
                full[key] = int(sub.start)
            elif isinstance(sub, spaces.Box):
                full[key] = np.array(sub.low, dtype=sub.dtype)
            elif isinstance(sub, spaces.Text):
                full[key] = ""
            else:
                raise ValueError(f"cannot default the missing action field {key!r} ({sub})")
        return full
    if isinstance(space, spaces.Box):
        return np.asarray(action, dtype=space.dtype).reshape(space.shape)
    if isinstance(space, spaces.Discrete):
        return int(action)
    return action


def atomic_write(path: Path, data: bytes) -> None:
    """Write `data` to `path` so a reader sees the old file or the whole new one (temp file + rename)."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _wrapper_stack(env: gym.Env) -> list[dict[str, Any]]:
    """Wrappers below the recorder that change behaviour, outermost first, with their kwargs."""
    stack = []
    current = env
    while isinstance(current, gym.Wrapper):
        spec = getattr(current, "record_spec", None)
        cls = type(current)
        if spec is not None:
            stack.append({"class": f"{cls.__module__}:{cls.__qualname__}", "kwargs": spec()})
        elif isinstance(current, TimeLimit):  # gym.make(..., max_episode_steps=N) truncates
            stack.append({"class": _TIME_LIMIT, "kwargs": {"max_episode_steps": current._max_episode_steps}})
        elif cls.__module__.startswith("gymnasium.wrappers.common") or cls.__name__ in (
                "PassiveEnvChecker", "OrderEnforcing"):
            pass  # no effect on observations or actions
        else:
            stack.append({"class": f"{cls.__module__}:{cls.__qualname__}", "kwargs": None})
        current = current.env
    return stack


class RecordEpisode(gym.Wrapper):
    """Record every episode of the wrapped env under `directory` (see module docstring)."""

    def __init__(self, env: gym.Env, directory: str | Path, *, save_frames: bool = True) -> None:
        super().__init__(env)
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.save_frames = bool(save_frames)
        self._lines: list[str] = []
        self._partial: Path | None = None
        self._final: Path | None = None
        self._frame = 0
        self.episode_dirs: list[Path] = []

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        self._finish()
        obs, info = self.env.reset(seed=seed, options=options)
        index = self._next_index()
        self._final = self.directory / f"episode_{index:06d}"
        self._partial = self.directory / f"episode_{index:06d}.partial"
        if self._partial.exists():
            shutil.rmtree(self._partial)
        (self._partial / "frames").mkdir(parents=True)
        self._frame = 0
        base = self.env.unwrapped
        try:
            make = base.make_kwargs() if hasattr(base, "make_kwargs") else None
        except ValueError:
            make = None
        header = {
            "kind": "header", "format": FORMAT_VERSION, "env": make,
            "wrappers": _wrapper_stack(self.env), "seed": info.get("reset_seed", seed),
            "options": to_json(options),
            "obs": observation_digest(obs), "info": to_json(_info_view(info)),
        }
        self._lines = [json.dumps(header, sort_keys=True)]
        self._save_frame(obs)
        return obs, info

    def step(self, action: Any):
        if self._partial is None:
            raise gym.error.ResetNeeded("RecordEpisode: call reset() before step()")
        obs, reward, terminated, truncated, info = self.env.step(action)  # an invalid action raises here
        record = {
            "kind": "step", "t": len(self._lines),
            "reward": float(reward), "terminated": bool(terminated), "truncated": bool(truncated),
            "obs": observation_digest(obs), "info": to_json(_info_view(info)),
        }
        try:
            record["action"] = self.env.action_space.to_jsonable(
                [complete_action(self.env.action_space, action)])
        except (TypeError, ValueError, AttributeError):
            # Accepted by the env but outside its space (e.g. a LIFT with a 3-number
            # touch_position it never reads): kept as given, and replayed as given.
            record["action_as_given"] = to_json(action)
        self._lines.append(json.dumps(record, sort_keys=True))
        self._save_frame(obs)
        if terminated or truncated:
            self._finish()
        return obs, reward, terminated, truncated, info

    def finish(self) -> Path | None:
        """Write the episode being recorded now (one the caller ends without terminated or
        truncated, e.g. at an agent's own stop); returns the last episode's directory (None
        before the first)."""
        self._finish()
        return self.episode_dirs[-1] if self.episode_dirs else None

    def close(self) -> None:
        self._finish()
        super().close()

    def _next_index(self) -> int:
        taken = [int(p.name.split("_")[1].split(".")[0]) for p in self.directory.glob("episode_*")
                 if p.name.split("_")[1].split(".")[0].isdigit()]
        return max(taken, default=-1) + 1

    def _save_frame(self, obs: Any) -> None:
        if not self.save_frames or self._partial is None:
            return
        pixels = obs.get("pixels") if isinstance(obs, dict) else obs
        if isinstance(pixels, np.ndarray) and pixels.ndim == 3 and pixels.shape[2] == 3:
            import cv2

            ok, png = cv2.imencode(".png", cv2.cvtColor(pixels, cv2.COLOR_RGB2BGR))
            if ok:
                atomic_write(self._partial / "frames" / f"{self._frame:06d}.png", png.tobytes())
        self._frame += 1

    def _finish(self) -> None:
        if self._partial is None or self._final is None:
            return
        atomic_write(self._partial / "trajectory.jsonl", ("\n".join(self._lines) + "\n").encode())
        if self._final.exists():
            shutil.rmtree(self._final)
        os.replace(self._partial, self._final)
        self.episode_dirs.append(self._final)
        self._partial = self._final = None
        self._lines = []


def _info_view(info: dict[str, Any]) -> dict[str, Any]:
    """The part of info worth keeping (no timings: they differ run to run)."""
    keep = ("frame_id", "device_time", "score", "success", "episode_end",
            "primitive_steps", "action_error", "action_note", "error")
    return {k: info[k] for k in keep if k in info}


@dataclass
class ReplayReport:
    """How a replay compared with its recording."""

    steps: int
    rewards: list[float] = field(default_factory=list)
    mismatches: list[str] = field(default_factory=list)

    @property
    def identical(self) -> bool:
        return not self.mismatches


def recorded_action(space: spaces.Space, record: dict[str, Any]) -> Any:
    """The action of a recorded step, as the env received it."""
    if "action_as_given" in record:
        return record["action_as_given"]
    return space.from_jsonable(record["action"])[0]


def load_trajectory(path: str | Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """(header, steps) of a recorded episode directory or trajectory.jsonl file."""
    path = Path(path)
    if path.is_dir():
        path = path / "trajectory.jsonl"
    text = path.read_text()
    lines = []
    offset = 0
    for line in text.splitlines(keepends=True):
        if line.strip():
            try:
                lines.append(json.loads(line.rstrip("\r\n")))
            except json.JSONDecodeError as exc:  # re-raised with the line in the whole file
                raise json.JSONDecodeError(f"{exc.msg} in {path} (the recording may have been "
                                           "cut short)", text, offset + exc.pos) from None
        offset += len(line)
    if not lines or lines[0].get("kind") != "header":
        raise ValueError(f"{path}: line 1 is not a trajectory header")
    if lines[0].get("format") != FORMAT_VERSION:
        raise ValueError(f"{path}: format {lines[0].get('format')!r}, this reader knows {FORMAT_VERSION}")
    return lines[0], lines[1:]


def build_env(header: dict[str, Any], *, base: Callable[..., gym.Env] | None = None) -> gym.Env:
    """Rebuild the recorded env stack (MobileEnv + mobile_gym wrappers) from a header; `base`
    builds the innermost env from the recorded keyword arguments (MobileEnv by default; a
    dataset export passes a MobileEnv subclass and other settings)."""
    from mobile_gym.env import MobileEnv

    if header.get("env") is None:
        raise ValueError("the recording has no env constructor arguments; pass env= to replay")
    kwargs = dict(header["env"])
    kwargs["obs_size"] = tuple(kwargs["obs_size"])
    env: gym.Env = (base or MobileEnv)(**kwargs)
    for layer in reversed(header.get("wrappers", [])):
        if layer["class"] == _TIME_LIMIT:
            env = TimeLimit(env, **layer["kwargs"])
            continue
        module, _, name = layer["class"].partition(":")
        if not module.startswith("mobile_gym.") or layer["kwargs"] is None:
            raise ValueError(f"cannot rebuild wrapper {layer['class']}; pass env= to replay")
        cls = getattr(importlib.import_module(module), name)
        env = cls(env, **layer["kwargs"])
    return env


def replay_episode(path: str | Path, env: gym.Env | None = None) -> ReplayReport:
    """Replay a recorded episode and compare observations and rewards step by step."""
    header, steps = load_trajectory(path)
    own = env is None
    env = build_env(header) if env is None else env
    try:
        obs, _info = env.reset(seed=header["seed"], options=header.get("options"))
        report = ReplayReport(steps=len(steps))
        if observation_digest(obs) != header["obs"]:
            report.mismatches.append("reset: observation differs")
        for record in steps:
            action = recorded_action(env.action_space, record)
            obs, reward, terminated, truncated, _info = env.step(action)
            report.rewards.append(float(reward))
            t = record["t"]
            if observation_digest(obs) != record["obs"]:
                report.mismatches.append(f"step {t}: observation differs")
            if float(reward) != record["reward"]:
                report.mismatches.append(f"step {t}: reward {reward} != recorded {record['reward']}")
            if (bool(terminated), bool(truncated)) != (record["terminated"], record["truncated"]):
                report.mismatches.append(
                    f"step {t}: terminated/truncated {terminated}/{truncated} != recorded "
                    f"{record['terminated']}/{record['truncated']}")
        return report
    finally:
        if own:
            env.close()
