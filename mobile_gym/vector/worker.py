"""The loop a worker process runs: it owns a contiguous block of sub-envs.

Observations, rewards and episode flags are written into shared memory (each observation
into the slot the command names, see `slots`); only `info`s (as columns when every env of
the block gives the same keys, see `infos.info_columns`), the observation parts that are
not arrays, a SAME_STEP episode's final observation (once per episode, exactly as the env
returned it) and the replies to `call`/`get_attr` go through the pipe. An exception in a
sub-env is caught and answered as an error naming that sub-env with the traceback; the
worker then waits for the next command (the main side closes).

The asynchronous mode's commands (`async_reset`, `async_step`) name some of the block's envs;
the worker resets or steps them in the order given and answers each one on its own
(`("env", index, ticket, info, pipe parts, final)`) as soon as that env is done, so the main
process can hand back whichever envs are ready while the others still run; the env's
observation goes into the row its ticket names (`tickets`). Commands queue in the pipe: a
worker never waits for another worker.

Once its sub-envs are built, the worker moves every object alive at that point (what it
inherited from the parent process and the sub-envs' long-lived parts) to the garbage
collector's permanent generation (`gc.freeze`): full collections, which stop a step for tens
of milliseconds and so hold up every other worker at the step barrier, then walk only what
the episodes create. None of those objects is garbage later (measured: none of the ~50k
frozen objects of four OpenApp envs became garbage over 200 steps with resets).
"""

from __future__ import annotations

import gc
import os
import pickle
import signal
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from mobile_gym.vector.infos import info_columns
from mobile_gym.vector.layout import SharedBlock, SpaceLayout
from mobile_gym.vector.readiness import Readable
from mobile_gym.vector.slots import slot_arrays, worker_arrays
from mobile_gym.vector.tickets import NO_BLOCK, TicketRows

#: How often (s) an idle worker checks that the process that started it is still alive.
PARENT_CHECK_SECONDS = 1.0
#: The pickle protocol of step commands and replies. They are pickled with `pickle.dumps`,
#: not `Connection.send`, whose pickler copies the copyreg dispatch table on every call
#: (~10 us a message here); what it adds (passing pipes and sockets between processes)
#: has no place in actions, observations or infos.
PLAIN_PICKLE = pickle.HIGHEST_PROTOCOL


@dataclass(frozen=True)
class WorkerSpec:
    """What one worker needs: its sub-envs (global indices and constructors) and the layout."""

    worker: int
    indices: tuple[int, ...]
    env_fns: tuple[Callable[[], Any], ...]
    observation_space: spaces.Space
    action_space: spaces.Space
    num_envs: int
    autoreset_mode: str
    block: SharedBlock
    copy: bool
    #: the asynchronous mode's batch size, its blocks of shared memory and the ticket lock
    batch_size: int
    blocks: int
    ticket_lock: Any
    #: the write end of the pipe that wakes the main process (`tickets`)
    wake: Any


class SubEnvFailure(Exception):
    """Raised inside the worker loop to answer an error for one sub-env."""

    def __init__(self, index: int | None, error: BaseException) -> None:
        super().__init__(str(error))
        self.index = index
        self.error = error
        self.text = "".join(traceback.format_exception(type(error), error, error.__traceback__))


class _Worker:
    def __init__(self, spec: WorkerSpec) -> None:
        self.spec = spec
        self.mode = AutoresetMode(spec.autoreset_mode)
        self.obs_layout = SpaceLayout(spec.observation_space, spec.num_envs)
        self.act_layout = SpaceLayout(spec.action_space, spec.num_envs)
        views = spec.block.views()
        self.obs_slots = slot_arrays(views, self.obs_layout, spec.copy)
        self.act_arrays = self.act_layout.arrays(views, "act")
        self.rewards, self.terminated, self.truncated = views["reward"], views["terminated"], views["truncated"]
        self.tickets = TicketRows(views, self.obs_layout, spec.blocks, spec.batch_size, spec.ticket_lock, spec.wake)
        self.envs: list[Any] = []
        self.needs_reset = [False] * len(spec.indices)
        #: each env's observation as last written (a reset of other envs writes it again
        #: into a new slot)
        self.last_obs: list[Any] = [None] * len(spec.indices)

    def build(self) -> None:
        for index, fn in zip(self.spec.indices, self.spec.env_fns):
            try:
                env = fn()
            except Exception as e:
                raise SubEnvFailure(index, e) from e
            self.envs.append(env)
            for name, expected in (("observation", self.spec.observation_space),
                                   ("action", self.spec.action_space)):
                got = getattr(env, f"{name}_space")
                if got != expected:
                    raise SubEnvFailure(index, ValueError(
                        f"sub-env {index} has {name}_space {got}; sub-env 0 has {expected} "
                        "(all sub-envs of a batched vector env need the same spaces)"))

    def reset(self, jobs: Sequence[tuple[int, int | None, bool]], options: dict[str, Any] | None,
              targets: tuple[int, ...]) -> tuple[Any, list[Any]]:
        """Reset the envs of `jobs` whose flag is set; write the others' last observation
        again (into a new slot); the reset envs' infos (columns or rows) and pipe parts."""
        arrays = worker_arrays(self.obs_slots, targets)
        infos, pipe_parts = [], []
        for index, seed, reset in jobs:
            k = index - self.spec.indices[0]
            if not reset:
                if self.last_obs[k] is not None:
                    self.obs_layout.write(arrays, index, self.last_obs[k])
                else:  # never reset yet: zeros, as the shared arrays start
                    for array in arrays:
                        array[index] = 0
                continue
            try:
                obs, info = self._reset_one(k, index, seed, options)
                pipe_parts.append(self.obs_layout.write(arrays, index, obs))
            except Exception as e:
                raise SubEnvFailure(index, e) from e
            infos.append(info)
        return _pack(infos), pipe_parts

    def _reset_one(self, k: int, index: int, seed: int | None, options: dict[str, Any] | None) -> tuple[Any, Any]:
        """Reset env `k` of the block (global `index`): its observation and info; its reward
        and flags cleared."""
        obs, info = self.envs[k].reset(seed=seed, options=options)
        self.last_obs[k] = obs
        self.needs_reset[k] = False
        self.rewards[index] = 0.0
        self.terminated[index] = False
        self.truncated[index] = False
        return obs, info

    def step(self, pipe_actions: list[list[Any]] | None, targets: tuple[int, ...]) -> tuple[Any, Any, list[Any]]:
        """Step (or autoreset) every env of the block; their infos (columns or rows), pipe
        parts (None when the observation is all arrays) and SAME_STEP final (index, info, obs)."""
        arrays = worker_arrays(self.obs_slots, targets)
        infos, pipe_parts, finals = [], [], []
        for k, (index, env) in enumerate(zip(self.spec.indices, self.envs)):
            try:
                info, obs, final = self._step_one(k, index, env, pipe_actions[k] if pipe_actions else [])
                pipe_parts.append(self.obs_layout.write(arrays, index, obs))
            except Exception as e:
                raise SubEnvFailure(index, e) from e
            self.last_obs[k] = obs
            infos.append(info)
            if final is not None:
                finals.append((index, *final))
        return _pack(infos) if not finals else infos, \
            None if self.obs_layout.all_in_memory else pipe_parts, finals

    def _step_one(self, k: int, index: int, env: Any, pipe_action: list[Any]) -> tuple[Any, Any, Any]:
        final = None
        if self.needs_reset[k] and self.mode == AutoresetMode.NEXT_STEP:
            obs, info = env.reset()
            reward, terminated, truncated = 0.0, False, False
        else:
            if self.needs_reset[k]:
                raise RuntimeError(f"sub-env {index}: its episode ended and autoreset_mode is DISABLED; "
                                   "reset it with reset(options={'reset_mask': mask}) before stepping")
            action = self.act_layout.read_one(self.act_arrays, index, pipe_action)
            obs, reward, terminated, truncated, info = env.step(action)
            if self.mode == AutoresetMode.SAME_STEP and (terminated or truncated):
                final = (info, obs)  # as the env returned it (pickled: once per episode)
                obs, info = env.reset()
        self.rewards[index] = reward
        self.terminated[index] = terminated
        self.truncated[index] = truncated
        self.needs_reset[k] = self.mode != AutoresetMode.SAME_STEP and bool(terminated or truncated)
        return info, obs, final

    def async_reset(self, conn: Any, jobs: Sequence[tuple[int, int | None]], options: dict[str, Any] | None,
                    targets: tuple[int, ...]) -> None:
        """Reset each env of `jobs` ((index, seed) pairs) and answer it at once."""
        arrays = worker_arrays(self.obs_slots, targets)
        for index, seed in jobs:
            k = index - self.spec.indices[0]
            try:
                obs, info = self._reset_one(k, index, seed, options)
            except Exception as e:
                raise SubEnvFailure(index, e) from e
            self._answer(conn, arrays, index, obs, info, None)

    def async_step(self, conn: Any, jobs: Sequence[tuple[int, list[Any]]], targets: tuple[int, ...]) -> None:
        """Step (or autoreset) each env of `jobs` ((index, pipe action parts) pairs; the array
        parts are in shared memory) and answer it at once."""
        arrays = worker_arrays(self.obs_slots, targets)
        for index, pipe_action in jobs:
            k = index - self.spec.indices[0]
            try:
                info, obs, final = self._step_one(k, index, self.envs[k], pipe_action)
            except Exception as e:
                raise SubEnvFailure(index, e) from e
            self.last_obs[k] = obs
            self._answer(conn, arrays, index, obs, info, final)

    def _answer(self, conn: Any, rows: list[np.ndarray], index: int, obs: Any, info: Any, final: Any) -> None:
        """Write a finished env's observation where its ticket says (its batch's block, or
        its own row of `rows`) and answer it."""
        ticket, block, row = self.tickets.claim()
        try:
            if block == NO_BLOCK:
                parts = self.obs_layout.write(rows, index, obs)
            else:
                parts = self.obs_layout.write(self.tickets.blocks[block], row, obs)
        except Exception as e:
            raise SubEnvFailure(index, e) from e
        _send_plain(conn, ("env", index, ticket, info, None if self.obs_layout.all_in_memory else parts, final))
        self.tickets.answered()

    def call(self, name: str, args: tuple, kwargs: dict) -> list[Any]:
        out = []
        for index, env in zip(self.spec.indices, self.envs):
            try:
                attr = env.get_wrapper_attr(name)
                out.append(attr(*args, **kwargs) if callable(attr) else attr)
            except Exception as e:
                raise SubEnvFailure(index, e) from e
        return out

    def set_attr(self, name: str, values: list[Any]) -> None:
        for index, env, value in zip(self.spec.indices, self.envs, values):
            try:
                env.set_wrapper_attr(name, value)
            except Exception as e:
                raise SubEnvFailure(index, e) from e

    def close(self) -> None:
        for index, env in zip(self.spec.indices, self.envs):
            try:
                env.close()
            except Exception as e:
                raise SubEnvFailure(index, e) from e


def _pack(infos: list[dict[str, Any]]) -> Any:
    """The block's infos as columns (a dict) when they have the same keys, else the rows (a list)."""
    columns = info_columns(infos)
    return infos if columns is None else columns


def _send_plain(conn: Any, message: tuple) -> None:
    conn.send_bytes(pickle.dumps(message, PLAIN_PICKLE))


def _error_reply(failure: SubEnvFailure) -> tuple:
    return ("error", failure.index, type(failure.error).__name__, str(failure.error), failure.text)


def run_worker(spec: WorkerSpec, conn: Any, parent_pid: int) -> None:
    """Serve commands on `conn` until `close` (or until the parent process is gone)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle; it closes us
    worker = _Worker(spec)
    try:
        worker.build()
        gc.freeze()
        conn.send(("ready", None))
    except SubEnvFailure as failure:
        conn.send(_error_reply(failure))
    handlers = {"step": worker.step, "reset": worker.reset, "call": worker.call, "set_attr": worker.set_attr}
    answers_per_env = {"async_step": worker.async_step, "async_reset": worker.async_reset}
    readable = Readable(conn)
    while True:
        while not readable.wait(PARENT_CHECK_SECONDS):
            if os.getppid() != parent_pid:
                return
        try:
            command, *args = conn.recv()
        except (EOFError, OSError):
            return
        if command == "close":
            try:
                worker.close()
                conn.send(("ok", None))
            except SubEnvFailure as failure:
                conn.send(_error_reply(failure))
            return
        try:
            if command == "step":  # the per-step reply: plain pickle (see PLAIN_PICKLE)
                _send_plain(conn, ("ok", worker.step(*args)))
            elif command in answers_per_env:  # one reply per env, sent as each is done
                try:
                    answers_per_env[command](conn, *args)
                except Exception as e:
                    conn.send(_error_reply(e if isinstance(e, SubEnvFailure) else SubEnvFailure(None, e)))
                    worker.tickets.wake()  # the main process may sleep until a count never reached
            else:
                conn.send(("ok", handlers[command](*args)))
        except SubEnvFailure as failure:
            conn.send(_error_reply(failure))
        except Exception as e:  # a reply that cannot be pickled, an unknown command
            conn.send(_error_reply(SubEnvFailure(None, e)))
