"""MobileEnv: an Android task as a Gymnasium environment (DESIGN.md section 7).

One step = apply one device operation (touch / lift / nothing / text / key), let device
time pass (`step_seconds`), observe, and run the task's event engine on that observation.
The episode's reward, success and end come from the engine; step and time limits truncate.

Backends: "sim" (the in-process simulated phone, default) or "adb" (a real device or
emulator, `serial=`), or any callable returning a `Device`.
"""

from __future__ import annotations

import math
import os
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import gymnasium as gym
from gymnasium import spaces
from gymnasium.error import ResetNeeded

from mobile_gym.device.base import Device, DeviceError
from mobile_gym.spaces.actions import DeviceOp, decode_action, make_action_space
from mobile_gym.spaces.text import UnicodeText
from mobile_gym.spaces.view_hierarchy import ViewHierarchy, fit_hierarchy

OBS_KEYS: tuple[str, ...] = ("pixels", "view_hierarchy", "instruction")
DEFAULT_OBS_SIZE: tuple[int, int] = (270, 600)  # (width, height)


class Timing(Mapping[str, float]):
    """Seconds spent per part of a reset/step ("act", "advance", "observe", "engine", ...).

    Durations measure the host, not the episode: two Timings compare equal when they cover
    the same parts, so `info` stays deterministic for Gymnasium's checker and for replays.
    """

    __slots__ = ("_parts",)

    def __init__(self, parts: Mapping[str, float]) -> None:
        self._parts = dict(parts)

    def __getitem__(self, key: str) -> float:
        return self._parts[key]

    def __iter__(self):
        return iter(self._parts)

    def __len__(self) -> int:
        return len(self._parts)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Timing) and self._parts.keys() == other._parts.keys()

    def __hash__(self) -> int:
        return hash(frozenset(self._parts))

    def __repr__(self) -> str:
        return "Timing(" + ", ".join(f"{k}={v * 1e3:.3f}ms" for k, v in self._parts.items()) + ")"


class EngineLike(Protocol):
    """What MobileEnv needs from the event engine (mobile_gym.events.EventEngine)."""

    def reset(self, *, device: Device | None = None) -> None: ...
    def step(self, inputs: Any) -> Any: ...


@dataclass(frozen=True)
class _ResolvedTask:
    task: Any            # a LoadedTask (or anything with .proto)
    source: str | None   # path or registered id it came from, for recording/replay


def resolve_task(task: Any, *, is_path: bool = False) -> _ResolvedTask:
    """A registered id / task name, a textproto path or text, a LoadedTask or a Task proto.
    `is_path` (the `task_path=` argument): a string is a file path, never task text."""
    if hasattr(task, "proto"):
        path = getattr(task, "path", None)
        return _ResolvedTask(task, str(path) if path else None)
    from mobile_gym.tasks import load_task  # lazy: keep `import mobile_gym.env` light

    if isinstance(task, Path):
        return _ResolvedTask(load_task(task), os.path.abspath(task))
    if isinstance(task, str):
        from mobile_gym.registration import GENERIC_ID, task_path_for

        registered = task_path_for(task)
        if registered is not None:
            return _ResolvedTask(load_task(registered), str(registered))
        if task.strip() in (GENERIC_ID, GENERIC_ID.split("/")[1]):
            raise ValueError(f"{GENERIC_ID} runs a task file: gym.make({GENERIC_ID!r}, "
                             "task_path='my_task.textproto') (on the command line, give the file's path)")
        if Path(task).exists():
            return _ResolvedTask(load_task(task), os.path.abspath(task))
        looks_like_path = task.startswith(("/", "./", "../", "~")) or (
            Path(task).suffix and "\n" not in task and "{" not in task)
        if is_path or looks_like_path:
            raise FileNotFoundError(f"task file {task!r} does not exist (and it is not a registered id)")
        if re.fullmatch(r"[A-Za-z][\w-]*(/[\w-]+)?", task.strip()) and ":" not in task:
            raise ValueError(_unknown_task_message(task.strip()))
        return _ResolvedTask(load_task(task), None)  # textproto / JSON text
    from mobile_gym.tasks import LoadedTask, task_pb2

    if isinstance(task, task_pb2.Task):
        return _ResolvedTask(LoadedTask(proto=task, path=None, directory=None), None)
    raise TypeError(
        f"task={task!r}: expected a registered id, a textproto path, a LoadedTask or a Task proto"
    )


def _whole_number(name: str, value: Any, *, minimum: int) -> int:
    """`value` as an int >= minimum; TypeError / ValueError naming the argument otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name}={value!r}: expected a whole number")
    if value < minimum:
        raise ValueError(f"{name}={value}: must be >= {minimum}")
    return int(value)


def _seconds(name: str, value: Any) -> float:
    """`value` as a finite float >= 0; TypeError / ValueError naming the argument otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"{name}={value!r}: expected a number of seconds")
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"{name}={value}: must be a finite number >= 0")
    return float(value)


def _unknown_task_message(name: str) -> str:
    """Names the closest registered ids (task files, families and app aliases)."""
    import difflib

    from mobile_gym.registration import NAMESPACE, registered_tasks
    from mobile_gym.tasks.registry import ALIASES, family_names

    ids = [f"{NAMESPACE}/{n}-v0" for n in [*registered_tasks(), *family_names(), *ALIASES]]
    short = name.removeprefix(NAMESPACE + "/").removesuffix("-v0")
    by_short = {i.removeprefix(NAMESPACE + "/").removesuffix("-v0"): i for i in ids}
    close = [by_short[n] for n in difflib.get_close_matches(short, list(by_short), n=5, cutoff=0.5)]
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    return (f"{name!r} is neither a task file nor one of the {len(ids)} registered tasks{hint} "
            "(`mobile-gym list` shows them all)")


class MobileEnv(gym.Env[dict, dict]):
    """A task on a device backend as a Gymnasium environment.

    Args:
        task: a templated family ("MobileEnv/Calendar-v0", "CalendarAddOneEvent", or a
            TaskFamily: a new task per reset seed), a registered task file id
            ("MobileEnv/CalendarOpenEditor-v0"), a textproto path or text, a `LoadedTask`, or
            a `task_pb2.Task`. `task_path=` names a file (or a registered id); it is never
            read as task text.
        backend: "sim" (default), "adb" (needs `serial` unless one device is attached),
            or a zero-argument callable returning a `Device`.
        serial: adb serial for backend="adb".
        obs_size: (width, height) of the `pixels` observation (default 270x600).
        obs_keys: which of "pixels", "view_hierarchy", "instruction" to return.
        step_seconds: device time that passes per step (sim: virtual; adb: waited).
        max_steps / max_seconds: truncation limits; None (default) takes the task's
            `max_num_steps` / `max_duration_sec`; 0 disables the limit.
        render_mode: None, "rgb_array" or "human" (an OpenCV window; needs a display).
        vocabulary: tokens TEXT actions type (default: the task's `vocabulary`).
        response_max_length: maximum length of the `response` answer field.
        device_kwargs: extra keyword arguments for the backend's constructor.
        engine_factory: builds the event engine from the loaded task (default EventEngine).
        success_check: templated families only: "every_step" (the family's default: the
            state check runs every step and the first success ends the episode) or "on_answer"
            (the episode ends when the agent answers, AndroidWorld's protocol).
    """

    metadata = {"render_modes": ["rgb_array", "human"], "render_fps": 10}

    def __init__(
        self,
        task: Any = None,
        *,
        task_path: str | Path | None = None,
        backend: str | Callable[[], Device] = "sim",
        serial: str | None = None,
        obs_size: tuple[int, int] = DEFAULT_OBS_SIZE,
        obs_keys: Sequence[str] = OBS_KEYS,
        step_seconds: float = 0.1,
        max_steps: int | None = None,
        max_seconds: float | None = None,
        render_mode: str | None = None,
        vocabulary: Sequence[str] | None = None,
        response_max_length: int = 256,
        instruction_max_length: int = 4096,
        device_kwargs: Mapping[str, Any] | None = None,
        engine_factory: Callable[[Any], EngineLike] | None = None,
        success_check: str | None = None,
    ) -> None:
        if task is not None and task_path is not None:
            raise TypeError("give either task= or task_path=, not both")
        if task is None and task_path is None:
            raise TypeError("MobileEnv needs a task: task=<id | path | LoadedTask> or task_path=<path>")
        from mobile_gym.tasks.registry import as_family  # templated families: a task per seed

        self.family = as_family(task if task is not None else task_path,
                                success_check=success_check)  # type: ignore[arg-type]
        if success_check is not None and self.family is None:
            raise ValueError(f"success_check={success_check!r} only applies to templated task families, "
                             f"not to {task if task is not None else task_path!r}")
        self.task_seed: int | None = None
        if self.family is not None:
            resolved = _ResolvedTask(self.family.make_task(0), f"MobileEnv/{self.family.name}-v0")
        else:
            if task_path is not None and not isinstance(task_path, (str, Path)):
                raise TypeError(f"task_path={task_path!r}: expected a file path (str or Path)")
            if task_path is not None and str(task_path).strip() == "":
                raise ValueError("task_path is empty: give the path of a task file")
            resolved = resolve_task(task if task is not None else task_path, is_path=task is None)
        self.task = resolved.task
        self.task_source = resolved.source
        proto = self.task.proto

        if isinstance(backend, str) and backend not in ("sim", "adb"):
            raise ValueError(f"backend={backend!r}: expected 'sim', 'adb' or a callable returning a Device")
        if serial is not None and backend != "adb":
            raise ValueError(f"serial={serial!r} is only meaningful with backend='adb'")
        self.backend = backend
        self.serial = serial
        if isinstance(obs_size, (str, bytes)) or not hasattr(obs_size, "__len__") or len(obs_size) != 2:
            raise ValueError(f"obs_size={obs_size!r}: expected (width, height), two whole numbers")
        width, height = (_whole_number("obs_size", v, minimum=1) for v in obs_size)
        self.obs_size = (width, height)
        unknown = [k for k in obs_keys if k not in OBS_KEYS]
        if unknown or not obs_keys:
            raise ValueError(f"obs_keys={list(obs_keys)}: choose a non-empty subset of {OBS_KEYS}")
        self.obs_keys = tuple(k for k in OBS_KEYS if k in obs_keys)
        self.step_seconds = _seconds("step_seconds", step_seconds)
        if step_seconds == 0:
            raise ValueError("step_seconds=0: must be > 0")
        # None takes the task's limit; 0 means no limit.
        self.max_steps: int | None = _whole_number(
            "max_steps", proto.max_num_steps if max_steps is None else max_steps, minimum=0) or None
        self.max_seconds: float | None = _seconds(
            "max_seconds", proto.max_duration_sec if max_seconds is None else max_seconds) or None
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode={render_mode!r}: expected None, 'rgb_array' or 'human'")
        if render_mode == "human":
            _check_display()
        self.render_mode = render_mode
        # Instance metadata lists the render modes this machine supports (no window headless).
        self.metadata = {**type(self).metadata, "render_modes": _available_render_modes()}
        if isinstance(vocabulary, (str, bytes)):
            raise TypeError(f"vocabulary={vocabulary!r}: expected a list of tokens, not one string")
        self.vocabulary: tuple[str, ...] = tuple(vocabulary if vocabulary is not None else proto.vocabulary)
        bad_token = next((t for t in self.vocabulary if not isinstance(t, str)), None)
        if bad_token is not None:
            raise TypeError(f"vocabulary token {bad_token!r}: tokens must be str")
        self.response_max_length = _whole_number("response_max_length", response_max_length, minimum=0)
        self.instruction_max_length = _whole_number("instruction_max_length", instruction_max_length, minimum=1)
        self.device_kwargs = dict(device_kwargs or {})
        self._engine_factory = engine_factory

        self.action_space = make_action_space(len(self.vocabulary), self.response_max_length)
        obs: dict[str, spaces.Space] = {}
        if "pixels" in self.obs_keys:
            obs["pixels"] = spaces.Box(0, 255, shape=(height, width, 3), dtype=np.uint8)
        if "view_hierarchy" in self.obs_keys:
            obs["view_hierarchy"] = ViewHierarchy(self._expected_screen_size())
        if "instruction" in self.obs_keys:
            obs["instruction"] = UnicodeText(self.instruction_max_length)
        self.observation_space = spaces.Dict(obs)

        self._device: Device | None = None
        self._snapshot: Any = None
        self._engine: EngineLike | None = None
        self._screen_size: tuple[int, int] | None = None
        self._finger: tuple[int, int] | None = None
        self._frame_id = 0
        self._episode_step = 0
        self._episode_seconds = 0.0
        self._done = False
        self._device_broken = False
        self._instructions: list[str] = []
        self._last_obs: dict[str, Any] | None = None
        self._full_dump: str | None = None  # the dump, when the observation holds a shortened one
        self._window: str | None = None
        self._instruction_cache: tuple[tuple[str, ...], str] | None = None
        self._reset_failed = False
        self._closed = False
        self.reset_seed: int | None = None
        # The device (and the setup steps snapshotted with it) never depends on a reset seed,
        # so a seed gives the same start state whatever episodes came before.
        self._device_seed = int(self.device_kwargs.get("seed", 0))
        if self.family is None:
            # Compile the event graph now, so a bad task file fails in `gym.make`, naming
            # its file and line, rather than at the first reset.
            self._engine = self._make_engine()

    # ------------------------------------------------------------------ construction helpers
    def _expected_screen_size(self) -> tuple[int, int]:
        """The hierarchy space's screen (the sim's Pixel 6; only `sample()` uses it)."""
        return (1080, 2400)

    def _make_device(self) -> Device:
        if callable(self.backend):
            device = self.backend()
        elif self.backend == "sim":
            from mobile_gym.device.sim_device import SimDevice

            kwargs = {"seed": self._device_seed, **self.device_kwargs}
            device = SimDevice(**kwargs)
        else:
            from mobile_gym.device.adb_device import AdbDevice

            device = AdbDevice(self.serial, **self.device_kwargs)
        if not isinstance(device, Device):
            raise TypeError(f"backend returned {type(device).__name__}, which does not implement Device")
        return device

    def _make_engine(self) -> EngineLike:
        if self._engine_factory is not None:
            return self._engine_factory(self.task)
        from mobile_gym.events import EventEngine

        return EventEngine(self.task)

    @property
    def device(self) -> Device:
        """The live device (created by the first `reset`)."""
        if self._device is None:
            raise ResetNeeded("the device is created by reset(); call env.reset() first")
        return self._device

    @property
    def engine(self) -> EngineLike | None:
        """The episode's event engine (None before the first reset of a templated family)."""
        return self._engine

    @property
    def instructions(self) -> tuple[str, ...]:
        """The instructions the task's instruction listener has given so far this episode."""
        return tuple(self._instructions)

    @property
    def truncates_on_device_error(self) -> bool:
        """adb devices can go away: their failures truncate; sim failures are bugs and raise."""
        return self.backend == "adb"

    # ------------------------------------------------------------------ gymnasium API
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        """Restore the task's start state (setup once, then snapshot/restore + reset steps).

        Everything that varies between episodes derives from one `reset_seed`: `seed`, or a
        seed drawn from `np_random` when none is given. It is returned as `info["reset_seed"]`,
        and `reset(seed=info["reset_seed"])` gives the same start state whatever ran before.
        """
        unknown = [k for k in options or {} if k not in ("skip_reset_steps",)]
        if unknown:
            raise ValueError(f"reset(options=...) got unknown keys {unknown}; supported: ['skip_reset_steps']")
        super().reset(seed=seed)
        reset_seed = int(seed) if seed is not None else int(self.np_random.integers(0, 2**31 - 1))
        self._reset_failed = True  # until this reset completes, step() refuses to run
        self._closed = False
        if self.family is not None:
            self._next_family_task(reset_seed)
        timing: dict[str, float] = {}
        t0 = time.perf_counter()
        if self._device is not None and self._device_broken:
            self._close_device()
        if self._device is None:
            self._device = self._make_device()
            try:
                self._screen_size = tuple(self._device.screen_size)  # type: ignore[assignment]
                self._run_steps(self.task.proto.setup_steps, "setup step", seed=self._device_seed)
                self._snapshot = self._device.snapshot()
            except BaseException:
                self._close_device()  # the next reset sets up a fresh device
                raise
            timing["setup"] = time.perf_counter() - t0
        else:
            self._device.restore(self._snapshot)
            timing["restore"] = time.perf_counter() - t0
        t1 = time.perf_counter()
        if not (options or {}).get("skip_reset_steps"):
            self._run_steps(self.task.proto.reset_steps, "reset step", seed=reset_seed)
        self._device.logcat()  # lines written by setup/reset belong to no step
        timing["reset_steps"] = time.perf_counter() - t1
        if self._engine is None:
            self._engine = self._make_engine()
        self._engine.reset(device=self._device)
        self._finger = None
        self._episode_step = 0
        self._episode_seconds = 0.0
        self._done = False
        self._instructions = []
        self._frame_id += 1
        self.reset_seed = reset_seed
        t2 = time.perf_counter()
        obs = self._observe()
        timing["observe"] = time.perf_counter() - t2
        timing["total"] = time.perf_counter() - t0
        info = self._info(reward_parts=None, timing=timing)
        info["reset_seed"] = reset_seed
        if self.family is not None:
            info["task_seed"] = self.task_seed
        self._reset_failed = False
        return obs, info

    def _next_family_task(self, seed: int) -> None:
        """A templated family's episode task: the one of `seed`."""
        self.task_seed = seed
        self.task = self.family.make_task(seed)  # type: ignore[union-attr]
        self._engine = None
        self._instruction_cache = None

    def step(self, action: Any):
        """Apply one raw action (see mobile_gym.spaces.actions), advance time, observe, score."""
        self._check_can_step()
        op, response = decode_action(
            action, vocabulary=self.vocabulary, screen_size=self._screen_size,  # type: ignore[arg-type]
            response_max_length=self.response_max_length,
        )
        return self.step_op(op, response=response)

    def step_op(self, op: DeviceOp, *, response: str | None = None):
        """One step with a device operation (wrappers use this for free text and shell ops)."""
        self._check_can_step()
        timing: dict[str, float] = {}
        t0 = time.perf_counter()
        device = self._device
        assert device is not None
        self._episode_step += 1
        self._frame_id += 1
        try:
            note = self._apply(op) or op.note
            t1 = time.perf_counter()
            timing["act"] = t1 - t0
            device.advance(self.step_seconds)
            t2 = time.perf_counter()
            timing["advance"] = t2 - t1
            self._episode_seconds += self.step_seconds
            obs = self._observe()
            t3 = time.perf_counter()
            timing["observe"] = t3 - t2
            log_lines = device.logcat()
            t4 = time.perf_counter()
            timing["logcat"] = t4 - t3
            # state sources and lazy inputs read the device too
            result = self._engine.step(self._step_inputs(log_lines, response, obs))  # type: ignore[union-attr]
            timing["engine"] = time.perf_counter() - t4
        except DeviceError as exc:
            if not self.truncates_on_device_error:
                raise
            return self._device_failure(exc, timing)
        for key, value in (getattr(result, "timing", None) or {}).items():
            timing[f"engine.{key}"] = value
        if result.instructions:
            self._instructions = list(result.instructions)
            if "instruction" in obs:
                obs["instruction"] = self._instruction_text()
        terminated = result.episode_end is not None
        truncated = not terminated and self._limit_reached()
        self._done = terminated or truncated
        timing["total"] = time.perf_counter() - t0
        info = self._info(reward_parts=result, timing=timing)
        if note:
            info["action_note"] = note
        if getattr(result, "errors", None):
            info["engine_errors"] = list(result.errors)
        return obs, float(result.reward), terminated, truncated, info

    def render(self) -> np.ndarray | None:
        """rgb_array: the current frame at obs_size; human: show it in an OpenCV window."""
        if self.render_mode is None:
            gym.logger.warn("render() called without render_mode; pass render_mode='rgb_array' or 'human'")
            return None
        frame = self.device.screenshot(size=self.obs_size)
        if self.render_mode == "rgb_array":
            return np.array(frame, copy=True)
        import cv2

        self._window = "mobile_gym"
        cv2.imshow(self._window, cv2.cvtColor(frame, cv2.COLOR_RGB2BGR))
        cv2.waitKey(1)
        return None

    def close(self) -> None:
        self._close_device()
        self._closed = True
        if self._window is not None:
            import cv2

            cv2.destroyWindow(self._window)
            self._window = None
        super().close()

    # ------------------------------------------------------------------ recording support
    def make_kwargs(self) -> dict[str, Any]:
        """JSON-able constructor arguments that rebuild an equivalent env (for replay)."""
        if self.task_source is None:
            raise ValueError("this env was built from an in-memory task; it cannot be rebuilt from a file")
        if callable(self.backend):
            raise ValueError("this env uses a custom backend callable; it cannot be rebuilt from JSON")
        return {
            "task": self.task_source, "backend": self.backend, "serial": self.serial,
            "obs_size": list(self.obs_size), "obs_keys": list(self.obs_keys),
            "step_seconds": self.step_seconds, "max_steps": self.max_steps or 0,
            "max_seconds": self.max_seconds or 0.0, "vocabulary": list(self.vocabulary),
            "response_max_length": self.response_max_length,
            "instruction_max_length": self.instruction_max_length,
            "device_kwargs": self.device_kwargs,
            "success_check": self.family.success_check if self.family is not None else None,
        }

    # ------------------------------------------------------------------ internals
    def _check_can_step(self) -> None:
        if self._reset_failed:
            raise ResetNeeded("the last reset() raised an error; call env.reset() again")
        if self._device is None:
            if self._closed:
                raise ResetNeeded("step() after close(): call env.reset() to start a new device")
            raise ResetNeeded("step() before reset(): call env.reset() first")
        if self._done:
            raise ResetNeeded(
                "step() after the episode ended (terminated or truncated); call env.reset() first"
            )

    def _run_steps(self, steps: Sequence[Any], label: str, *, seed: int) -> None:
        """Run setup or reset steps; `start_random_activity` draws from `seed` alone."""
        if not steps:
            return
        from mobile_gym.tasks import StepContext, run_steps

        context = StepContext(directory=getattr(self.task, "directory", None), seed=seed,
                              locate=getattr(self.task, "where", None))
        assert self._device is not None
        run_steps(steps, self._device, context=context, label=label)

    def _apply(self, op: DeviceOp) -> str:
        """Perform `op` on the device; returns a note when the op did not do what it asked."""
        device = self._device
        assert device is not None
        kind = op.kind
        if kind == "touch":
            device.touch(op.x, op.y, True)
            self._finger = (op.x, op.y)
        elif kind == "lift":
            if self._finger is not None:
                device.touch(self._finger[0], self._finger[1], False)
                self._finger = None
        elif kind == "text":
            device.input_text(op.text)
        elif kind == "key":
            device.key(op.text)
        elif kind == "shell":
            code, out, err = device.shell(op.text)
            if code != 0:
                return f"shell {op.text!r} exited with {code}: {(err or out).strip()[:300]}"
        elif kind != "repeat":
            raise ValueError(f"DeviceOp kind={kind!r} is not one of touch/lift/repeat/text/key/shell")
        return ""

    def _observe(self) -> dict[str, Any]:
        device = self._device
        assert device is not None
        obs: dict[str, Any] = {}
        if "pixels" in self.obs_keys:
            frame = device.screenshot(size=self.obs_size)
            expected = (self.obs_size[1], self.obs_size[0], 3)
            if frame.shape != expected or frame.dtype != np.uint8:
                raise DeviceError(
                    f"{type(device).__name__}.screenshot(size={self.obs_size}) returned "
                    f"{frame.dtype}{frame.shape}, expected uint8{expected}"
                )
            obs["pixels"] = np.array(frame, copy=True)
        self._full_dump = None
        if "view_hierarchy" in self.obs_keys:
            dump = device.view_hierarchy()
            obs["view_hierarchy"] = fit_hierarchy(dump, self.observation_space["view_hierarchy"].max_bytes)
            if obs["view_hierarchy"] is not dump:  # shortened to fit its space: events see it all
                self._full_dump = dump
        if "instruction" in self.obs_keys:
            obs["instruction"] = self._instruction_text()
        self._last_obs = obs
        return obs

    def _instruction_text(self) -> str:
        key = tuple(self._instructions)
        if self._instruction_cache is None or self._instruction_cache[0] != key:
            text = "\n".join([*self.task.proto.command, *key])[: self.instruction_max_length]
            self._instruction_cache = (key, text)
        return self._instruction_cache[1]

    def _step_inputs(self, log_lines: Sequence[Any], response: str | None, obs: Mapping[str, Any]) -> Any:
        from mobile_gym.events import StepInputs

        device = self._device
        hierarchy_cache: list[str] = [self._full_dump or obs["view_hierarchy"]] \
            if "view_hierarchy" in obs else []

        def view_hierarchy() -> str:
            if not hierarchy_cache:
                hierarchy_cache.append(device.view_hierarchy())  # type: ignore[union-attr]
            return hierarchy_cache[0]

        return StepInputs(
            frame_id=self._frame_id,
            screenshot=device.screenshot,  # type: ignore[union-attr]
            view_hierarchy=view_hierarchy,
            text_boxes=device.text_boxes,  # type: ignore[union-attr]
            log_lines=log_lines,
            response=response,
            device=device,
            screen_size=self._screen_size,
        )

    def _limit_reached(self) -> bool:
        if self.max_steps is not None and self._episode_step >= self.max_steps:
            return True
        return self.max_seconds is not None and self._episode_seconds >= self.max_seconds - 1e-9

    def _info(self, *, reward_parts: Any, timing: dict[str, float]) -> dict[str, Any]:
        end = getattr(reward_parts, "episode_end", None)
        return {
            "frame_id": self._episode_step,
            "device_time": self._episode_seconds,
            "fired": dict(getattr(reward_parts, "fired", None) or {}),
            "score": float(getattr(reward_parts, "score", 0.0) or 0.0),
            "extras": dict(getattr(reward_parts, "extras", None) or {}),
            "success": end == "success",
            "episode_end": end,
            "timing": Timing(timing),
        }

    def _device_failure(self, exc: DeviceError, timing: dict[str, float]):
        self._device_broken = True
        self._done = True
        obs = self._last_obs if self._last_obs is not None else {}
        info = self._info(reward_parts=None, timing=timing)
        info["error"] = str(exc)
        return obs, 0.0, False, True, info

    def _close_device(self) -> None:
        if self._device is not None:
            try:
                self._device.close()
            except DeviceError:
                pass
            self._device = None
            self._snapshot = None
            self._device_broken = False


def _available_render_modes() -> list[str]:
    try:
        _check_display()
    except RuntimeError:
        return ["rgb_array"]
    return ["rgb_array", "human"]


def _check_display() -> None:
    """render_mode='human' needs a display and an OpenCV build with GUI support."""
    import sys

    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        raise RuntimeError(
            "render_mode='human' needs a display (DISPLAY/WAYLAND_DISPLAY is not set); "
            "use render_mode='rgb_array' on headless machines"
        )
    import cv2

    gui = re.search(r"^\s*GUI:\s*(\S+)", cv2.getBuildInformation(), re.MULTILINE)
    if gui is None or gui.group(1).upper() == "NONE":
        raise RuntimeError(
            "render_mode='human' needs OpenCV with GUI support (opencv-python, not "
            "opencv-python-headless); use render_mode='rgb_array'"
        )
