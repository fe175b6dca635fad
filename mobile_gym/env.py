"""MobileEnv: an Android task as a Gymnasium environment (DESIGN.md section 7).

One step = apply one device operation (touch / lift / nothing / text / key), let device
time pass (`step_seconds`), read the screen, run the task's event engine on it, and build the
observation. The episode's reward, success and end come from the engine; step and time limits
truncate.

The parts come from elsewhere: the task from the catalogue (`tasks.catalog.resolve`), the
settings from `EnvConfig`, the device from `device.factory.make_device`, the spaces from
`spaces/`; this module only makes them behave as one environment.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

import gymnasium as gym
import numpy as np
from gymnasium.error import ResetNeeded

from mobile_gym.config import DEFAULT_OBS_SIZE, OBS_KEYS, EnvConfig, limit
from mobile_gym.device.base import Device, DeviceError, LogLine
from mobile_gym.device.factory import make_device
from mobile_gym.display import available_render_modes, check_display
from mobile_gym.events.inputs import StepInputs, StepResult
from mobile_gym.spaces.actions import DeviceOp, decode_action, make_action_space
from mobile_gym.spaces.observation import observation_space
from mobile_gym.spaces.view_hierarchy import fit_hierarchy
from mobile_gym.timing import Timing

__all__ = ["DEFAULT_OBS_SIZE", "OBS_KEYS", "EngineLike", "MobileEnv", "Timing"]

RESET_OPTIONS: tuple[str, ...] = ("skip_reset_steps",)


class EngineLike(Protocol):
    """What MobileEnv needs from the event engine (mobile_gym.events.EventEngine)."""

    def reset(self, *, device: Device | None = None) -> None: ...
    def step(self, inputs: StepInputs) -> StepResult: ...


class MobileEnv(gym.Env[dict, dict]):
    """A task on a device backend as a Gymnasium environment.

    Args:
        task: a templated family ("MobileEnv/Calendar-v0", "CalendarAddOneEvent", or a
            TaskFamily: a new task per reset seed), a registered task file id
            ("MobileEnv/CalendarOpenEditor-v0"), a textproto path or text, a `LoadedTask`, or
            a `task_pb2.Task`. `task_path=` names a file (or a registered id); it is never
            read as task text.
        config: an `EnvConfig`; or give its fields as keyword arguments (backend, serial,
            obs_size, obs_keys, step_seconds, max_steps, max_seconds, render_mode, vocabulary,
            response_max_length, instruction_max_length, device_kwargs, engine_factory,
            success_check: see `mobile_gym.config.EnvConfig`).
    """

    metadata = {"render_modes": ["rgb_array", "human"], "render_fps": 10}

    def __init__(self, task: Any = None, *, task_path: str | Path | None = None,
                 config: EnvConfig | None = None, **settings: Any) -> None:
        if task is not None and task_path is not None:
            raise TypeError("give either task= or task_path=, not both")
        if task is None and task_path is None:
            raise TypeError("MobileEnv needs a task: task=<id | path | LoadedTask> or task_path=<path>")
        if config is not None and settings:
            raise TypeError(f"give config= or keyword settings {sorted(settings)}, not both")
        from mobile_gym.tasks.catalog import resolve  # lazy: keep `import mobile_gym.env` light

        success_check = settings.get("success_check") if config is None else config.success_check
        resolved = resolve(task if task is not None else task_path, is_path=task is None,
                           success_check=success_check)
        self.config = config if config is not None else EnvConfig.from_kwargs(settings)
        cfg = self.config
        self.family = resolved.family
        self.task = resolved.task
        self.task_source = resolved.source
        self.task_seed: int | None = None
        self.reset_seed: int | None = None
        proto = self.task.proto
        self.max_steps: int | None = limit("max_steps", cfg.max_steps, proto.max_num_steps, whole=True)
        self.max_seconds: float | None = limit("max_seconds", cfg.max_seconds, proto.max_duration_sec,
                                               whole=False)
        if cfg.render_mode == "human":
            check_display()
        self.render_mode = cfg.render_mode
        # Instance metadata lists the render modes this machine supports (no window headless).
        self.metadata = {**type(self).metadata, "render_modes": available_render_modes()}
        self.vocabulary: tuple[str, ...] = cfg.vocabulary if cfg.vocabulary is not None else tuple(proto.vocabulary)
        self.action_space = make_action_space(len(self.vocabulary), cfg.response_max_length)
        self.observation_space = observation_space(cfg.obs_keys, cfg.obs_size,
                                                   instruction_max_length=cfg.instruction_max_length)

        self._device: Device | None = None
        self._snapshot: Any = None
        self._engine: EngineLike | None = None
        # The reset steps every episode starts with, and the device after them (see _restore).
        self._prefix: tuple[tuple[bytes, ...], Any] | None = None
        self._last_steps: list[bytes] = []
        self._screen_size: tuple[int, int] | None = None
        self._finger: tuple[int, int] | None = None
        self._frame_id = 0
        self._episode_step = 0
        self._episode_seconds = 0.0
        self._done = False
        self._device_broken = False
        self._instructions: list[str] = []
        self._last_obs: dict[str, Any] | None = None
        self._window: str | None = None
        self._instruction_cache: tuple[list[str], str] | None = None
        self._reset_failed = False
        self._closed = False
        if self.family is None:
            # Compile the event graph now, so a bad task file fails in `gym.make`, naming
            # its file and line, rather than at the first reset.
            self._engine = self._make_engine()

    # ------------------------------------------------------------------ settings
    backend = property(lambda self: self.config.backend, doc="The device backend setting.")
    serial = property(lambda self: self.config.serial, doc="The adb serial (backend='adb').")
    obs_size = property(lambda self: self.config.obs_size, doc="(width, height) of `pixels`.")
    obs_keys = property(lambda self: self.config.obs_keys, doc="The observation keys returned.")
    step_seconds = property(lambda self: self.config.step_seconds, doc="Device seconds per step.")
    device_kwargs = property(lambda self: dict(self.config.device_kwargs),
                             doc="The backend constructor's extra arguments.")
    response_max_length = property(lambda self: self.config.response_max_length)
    instruction_max_length = property(lambda self: self.config.instruction_max_length)

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
        unknown = [k for k in options or {} if k not in RESET_OPTIONS]
        if unknown:
            raise ValueError(f"reset(options=...) got unknown keys {unknown}; supported: {list(RESET_OPTIONS)}")
        super().reset(seed=seed)
        reset_seed = int(seed) if seed is not None else int(self.np_random.integers(0, 2**31 - 1))
        self._reset_failed = True  # until this reset completes, step() refuses to run
        self._closed = False
        if self.family is not None:
            self.task_seed = reset_seed
            self.task = self.family.make_task(reset_seed)
            if self.config.engine_factory is not None or not self._rebind_engine():
                self._release_engine()
                self._engine = None  # another event graph: compiled below
            self._instruction_cache = None
        timing: dict[str, float] = {}
        t0 = time.perf_counter()
        if self._device is not None and self._device_broken:
            self._close_device()
        steps = () if (options or {}).get("skip_reset_steps") else self.task.proto.reset_steps
        done = 0  # reset steps whose effect the restored state already has
        if self._device is None:
            self._device = self._new_device()
            self._last_steps = self._replayable_keys(steps)
            done = self._snapshot_prefix(steps, reset_seed)
            timing["setup"] = time.perf_counter() - t0
        else:
            done = self._restore(steps, reset_seed)
            timing["restore"] = time.perf_counter() - t0
        t1 = time.perf_counter()
        if steps:
            self._run_steps(steps, "reset step", seed=reset_seed, start=done)
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
        obs = self._observation(*self._read_screen())
        timing["observe"] = time.perf_counter() - t2
        timing["total"] = time.perf_counter() - t0
        info = self._info(None, timing)
        info["reset_seed"] = reset_seed
        if self.family is not None:
            info["task_seed"] = self.task_seed
        self._reset_failed = False
        return obs, info

    def step(self, action: Any):
        """Apply one raw action (see mobile_gym.spaces.actions), advance time, observe, score."""
        self._check_can_step()
        op, response = decode_action(
            action, vocabulary=self.vocabulary, screen_size=self._screen_size,  # type: ignore[arg-type]
            response_max_length=self.config.response_max_length,
        )
        return self.step_op(op, response=response)

    def step_op(self, op: DeviceOp, *, response: str | None = None):
        """One step with a device operation (wrappers use this for free text and shell ops)."""
        self._check_can_step()
        timing: dict[str, float] = {}
        t0 = time.perf_counter()
        device, engine = self._device, self._engine
        assert device is not None and engine is not None
        self._episode_step += 1
        self._frame_id += 1
        try:
            note = self._apply(op) or op.note
            t1 = time.perf_counter()
            timing["act"] = t1 - t0
            step_seconds = self.config.step_seconds
            device.advance(step_seconds)
            t2 = time.perf_counter()
            timing["advance"] = t2 - t1
            self._episode_seconds += step_seconds
            frame, hierarchy = self._read_screen()
            t3 = time.perf_counter()
            timing["observe"] = t3 - t2
            log_lines = device.logcat()
            t4 = time.perf_counter()
            timing["logcat"] = t4 - t3
            result = engine.step(self._step_inputs(log_lines, response, hierarchy))
            timing["engine"] = time.perf_counter() - t4
        except DeviceError as exc:
            if not self.truncates_on_device_error:
                raise
            return self._device_failure(exc, timing)
        for key, value in result.timing.items():
            timing[f"engine.{key}"] = value
        if result.instructions:
            self._instructions = list(result.instructions)
        obs = self._observation(frame, hierarchy)
        terminated = result.episode_end is not None
        truncated = not terminated and self._limit_reached()
        self._done = terminated or truncated
        timing["total"] = time.perf_counter() - t0
        info = self._info(result, timing)
        if note:
            info["action_note"] = note
        if result.errors:
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
        self._release_engine()
        self._closed = True
        if self._window is not None:
            import cv2

            cv2.destroyWindow(self._window)
            self._window = None
        super().close()

    # ------------------------------------------------------------------ copying
    def __getstate__(self) -> dict[str, Any]:
        """Pickle / deepcopy state: an env that has not started a device yet (before the first
        reset, or after close). The compiled event engine is dropped and rebuilt from the task.
        A live device (a whole simulated phone, or an adb connection) is not copied."""
        if self._device is not None:
            raise TypeError(
                "cannot copy or pickle a MobileEnv with a live device (created by reset()): the "
                "device is a running phone or adb connection, not plain data. Copy or pickle the "
                "env before reset() or after close(), or rebuild one with MobileEnv(**env.make_kwargs())")
        state = dict(self.__dict__)
        state["_engine"] = None
        state["_last_obs"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        if self.family is None:
            self._engine = self._make_engine()

    # ------------------------------------------------------------------ recording support
    def make_kwargs(self) -> dict[str, Any]:
        """JSON-able constructor arguments that rebuild an equivalent env (for replay)."""
        if self.task_source is None:
            raise ValueError("this env was built from an in-memory task; it cannot be rebuilt from a file")
        if callable(self.backend):
            raise ValueError("this env uses a custom backend callable; it cannot be rebuilt from JSON")
        cfg = self.config
        return {
            "task": self.task_source, "backend": cfg.backend, "serial": cfg.serial,
            "obs_size": list(cfg.obs_size), "obs_keys": list(cfg.obs_keys),
            "hierarchy": cfg.hierarchy,
            "step_seconds": cfg.step_seconds, "max_steps": self.max_steps or 0,
            "max_seconds": self.max_seconds or 0.0, "vocabulary": list(self.vocabulary),
            "response_max_length": cfg.response_max_length,
            "instruction_max_length": cfg.instruction_max_length,
            "device_kwargs": dict(cfg.device_kwargs),
            "success_check": self.family.success_check if self.family is not None else None,
        }

    # ------------------------------------------------------------------ internals
    def _new_device(self) -> Device:
        """A device with the task's setup steps run and snapshotted (closed again on failure)."""
        cfg = self.config
        # The device (and the setup steps snapshotted with it) never depends on a reset seed,
        # so a seed gives the same start state whatever episodes came before.
        device = make_device(cfg.backend, serial=cfg.serial, device_kwargs=cfg.device_kwargs,
                             seed=cfg.device_seed)
        self._device = device
        try:
            if cfg.hierarchy == "forest" and not callable(getattr(device, "accessibility_forest", None)):
                raise TypeError(f"hierarchy='forest': {type(device).__name__} has no "
                                "accessibility_forest() (SimDevice and AdbDevice have it)")
            self._screen_size = tuple(device.screen_size)  # type: ignore[assignment]
            self._run_steps(self.task.proto.setup_steps, "setup step", seed=cfg.device_seed)
            if self.backend != "adb":
                # On an in-process device the snapshot keeps the screen's dump and frame
                # caches, so every restore starts with them (an adb screen read costs seconds).
                self._read_screen()
            self._snapshot = device.snapshot()
        except BaseException:
            self._close_device()  # the next reset sets up a fresh device
            raise
        return device

    def _restore(self, steps: Sequence[Any], seed: int) -> int:
        """Bring the device to the start of an episode whose reset steps are `steps`; returns
        how many of them the restored state already has.

        The leading steps that two resets in a row share (a family's force-stops, fixed
        settings: everything before the seed's own writes), when each one's effect depends on
        the device alone (`tasks.steps.replayable`), are run once more after the post-setup
        snapshot and snapshotted; later resets that start with the same steps restore that
        snapshot instead of running them. The device state is the same either way (the
        simulator is deterministic); only a device whose snapshot is real takes part."""
        device = self._device
        assert device is not None
        prefix = self._prefix
        if prefix is not None:
            # only as many steps as the prefix holds are serialized to compare (the rest of a
            # seed's steps, its own writes, are the long ones)
            if tuple(self._replayable_keys(steps, len(prefix[0]))) == prefix[0]:
                device.restore(prefix[1])
                return len(prefix[0])
        keys = self._replayable_keys(steps)
        device.restore(self._snapshot)
        shared = _common_length(keys, self._last_steps)
        self._last_steps = keys
        return self._snapshot_after(steps, keys, shared, seed)

    def _snapshot_prefix(self, steps: Sequence[Any], seed: int) -> int:
        """At the first reset, right after setup: run the leading reset steps this seed shares
        with another seed's (`seed + 1`, or the same steps for a task file) and snapshot the
        device after them, as `_restore` would at the second reset; returns how many ran.

        Building that snapshot is part of setting up (a pickling of the device, several ms),
        so the second reset no longer pays for it; later resets whose steps do not start with
        the snapshotted ones restore the post-setup snapshot as before."""
        keys = self._last_steps
        if not keys:
            return 0
        other = keys
        if self.family is not None:
            probe = self.family.make_task(seed + 1).proto.reset_steps
            other = self._replayable_keys(probe)
        return self._snapshot_after(steps, keys, _common_length(keys, other), seed)

    def _snapshot_after(self, steps: Sequence[Any], keys: Sequence[bytes], shared: int,
                        seed: int) -> int:
        """Run the first `shared` reset steps and keep a snapshot of the device after them as
        the prefix later resets restore; returns `shared`."""
        if shared == 0:
            return 0
        device = self._device
        assert device is not None
        self._run_steps(steps[:shared], "reset step", seed=seed)
        self._read_screen()  # the snapshot keeps the screen's caches (as in _new_device)
        self._prefix = (tuple(keys[:shared]), device.snapshot())
        return shared

    def _replayable_keys(self, steps: Sequence[Any], limit: int | None = None) -> list[bytes]:
        """The leading replayable steps (at most `limit` of them), serialized (none on a device
        without real snapshots)."""
        from mobile_gym.tasks.steps import replayable

        keys: list[bytes] = []
        if self._snapshot is not None:
            for step in steps if limit is None else steps[:limit]:
                if not replayable(step):
                    break
                keys.append(step.SerializeToString(deterministic=True))
        return keys

    def _rebind_engine(self) -> bool:
        """Keep the engine for the new seed's task when its event graph has the same shape
        (`EventEngine.rebind`: only the sources whose texts changed are compiled again)."""
        from mobile_gym.events import EventEngine

        engine = self._engine
        return isinstance(engine, EventEngine) and engine.rebind(self.task)

    def _release_engine(self) -> None:
        """Let the event engine free what it keeps between episodes (`EventEngine.close`: its
        database copies); it stays usable."""
        from mobile_gym.events import EventEngine

        if isinstance(self._engine, EventEngine):
            self._engine.close()

    def _make_engine(self) -> EngineLike:
        if self.config.engine_factory is not None:
            return self.config.engine_factory(self.task)
        from mobile_gym.events import EventEngine

        return EventEngine(self.task)

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

    def _run_steps(self, steps: Sequence[Any], label: str, *, seed: int, start: int = 0) -> None:
        """Run setup or reset steps from index `start`; `start_random_activity` draws from
        `seed` alone."""
        if len(steps) <= start:
            return
        from mobile_gym.tasks import StepContext, run_steps

        # a family's seed writes (package code) may skip the shell's parse; a task file's may not
        writes = getattr(self.task, "seed_writes", {}) if self.family is not None else {}
        context = StepContext(directory=self.task.directory, seed=seed,
                              locate=getattr(self.task, "where", None), seed_writes=writes)
        assert self._device is not None
        run_steps(steps, self._device, context=context, label=label, start=start)

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

    def _read_screen(self) -> tuple[np.ndarray | None, str | None]:
        """The frame at obs_size and the hierarchy, for the observation keys that need them."""
        device = self._device
        assert device is not None
        cfg = self.config
        frame = hierarchy = None
        if "pixels" in cfg.obs_keys:
            size = cfg.obs_size
            frame = device.screenshot(size=size)
            expected = (size[1], size[0], 3)
            if frame.shape != expected or frame.dtype != np.uint8:
                raise DeviceError(
                    f"{type(device).__name__}.screenshot(size={size}) returned "
                    f"{frame.dtype}{frame.shape}, expected uint8{expected}"
                )
        if "view_hierarchy" in cfg.obs_keys:
            # forest: checked to exist when the device was made
            hierarchy = (device.accessibility_forest() if cfg.hierarchy == "forest"  # type: ignore[attr-defined]
                         else device.view_hierarchy())
        return frame, hierarchy

    def _observation(self, frame: np.ndarray | None, hierarchy: str | None) -> dict[str, Any]:
        """The step's observation, built once its instructions are known."""
        obs: dict[str, Any] = {}
        if frame is not None:
            obs["pixels"] = np.array(frame, copy=True)
        if hierarchy is not None:
            # a dump over the space's max_bytes (a huge note) has its longest values shortened;
            # the events read the dump as it is (_step_inputs gets `hierarchy`)
            obs["view_hierarchy"] = fit_hierarchy(hierarchy,
                                                  self.observation_space["view_hierarchy"].max_bytes)
        if "instruction" in self.obs_keys:
            obs["instruction"] = self._instruction_text()
        self._last_obs = obs
        return obs

    def _instruction_text(self) -> str:
        """The task's command and the instructions so far, cut to the space's length (cached
        while `_instructions` is the same list: a step with new instructions makes a new one)."""
        shown = self._instructions
        cache = self._instruction_cache
        if cache is None or cache[0] is not shown:
            text = "\n".join([*self.task.proto.command, *shown])[: self.instruction_max_length]
            cache = self._instruction_cache = (shown, text)
        return cache[1]

    def _step_inputs(self, log_lines: Sequence[LogLine], response: str | None,
                     hierarchy: str | None) -> StepInputs:
        device = self._device
        assert device is not None
        # selectors read the device dump whatever the observation holds (the same reward on
        # sim and adb, with either observation option)
        read: Callable[[], str] = device.view_hierarchy
        if hierarchy is not None and self.config.hierarchy == "device":
            def read() -> str:
                return hierarchy
        return StepInputs(frame_id=self._frame_id, screenshot=device.screenshot, view_hierarchy=read,
                          text_boxes=device.text_boxes, log_lines=log_lines, response=response,
                          device=device, screen_size=self._screen_size)

    def _limit_reached(self) -> bool:
        if self.max_steps is not None and self._episode_step >= self.max_steps:
            return True
        return self.max_seconds is not None and self._episode_seconds >= self.max_seconds - 1e-9

    def _info(self, result: StepResult | None, timing: dict[str, float]) -> dict[str, Any]:
        end = result.episode_end if result is not None else None
        return {
            "frame_id": self._episode_step,
            "env_steps": self._episode_step,  # raw steps this episode (what max_steps counts)
            "device_time": self._episode_seconds,
            "fired": dict(result.fired) if result is not None else {},
            "score": float(result.score) if result is not None else 0.0,
            "extras": dict(result.extras) if result is not None else {},
            "success": end == "success",
            "episode_end": end,
            "timing": Timing(timing),
        }

    def _device_failure(self, exc: DeviceError, timing: dict[str, float]):
        self._device_broken = True
        self._done = True
        obs = self._last_obs if self._last_obs is not None else {}
        info = self._info(None, timing)
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
            self._prefix = None
            self._last_steps = []
            self._device_broken = False


def _common_length(a: Sequence[bytes], b: Sequence[bytes]) -> int:
    """How many leading items `a` and `b` share."""
    n = 0
    for mine, theirs in zip(a, b):
        if mine != theirs:
            break
        n += 1
    return n
