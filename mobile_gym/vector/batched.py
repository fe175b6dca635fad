"""BatchedVectorEnv: N sub-envs stepped in worker processes over shared memory.

Each worker owns a contiguous block of sub-envs and steps them in turn on one command, so
a step costs one pipe round trip per worker, not per env. Array parts of observations and
actions (frames, features, goal vectors, discrete actions) live in one shared-memory block;
only `info`s and the non-array observation parts (text, view hierarchy) are pickled. With
`copy=True` the workers write each step's observation into a slot of shared memory that the
caller no longer holds and that slot is returned as it is (`slots`), so the main process
copies no frames; infos come as columns per worker (`infos.info_columns`).
Autoreset follows Gymnasium 1.x (`AutoresetMode`; NEXT_STEP by default, as Gymnasium's own
vector envs), infos are batched with `_key` masks as Gymnasium does, and a failing sub-env
raises `SubEnvError` with its index and traceback and closes the vector env. `close()`
asks the workers to stop, then terminates and kills any that do not, so it never hangs.

Besides lock-step `step()`, the same workers serve EnvPool's asynchronous mode
(`async_reset`, `send`, `recv`, `step(actions, env_id)`; see `BatchedVectorEnv`): no barrier,
each worker answers per env as soon as that env is done, and `recv()` returns the first
`batch_size` envs that finished.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import pickle
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import numpy as np
from gymnasium import Env
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from mobile_gym.vector.infos import batch_infos, column_rows, merge_columns
from mobile_gym.vector.layout import SharedBlock, SpaceLayout
from mobile_gym.vector.pending import PendingEnvs
from mobile_gym.vector.readiness import Readable, ReadableSet, WakeOrHangup
from mobile_gym.vector.seeding import SEEDINGS, sub_env_seeds
from mobile_gym.vector.slots import ObservationSlots, slot_fields
from mobile_gym.vector.tickets import BatchBlocks, block_count, ticket_fields
from mobile_gym.vector.worker import PLAIN_PICKLE, WorkerSpec, run_worker

#: Seconds close() waits for workers to exit by themselves, then after terminate().
CLOSE_GRACE_SECONDS = 2.0
#: Seconds the asynchronous mode waits for the ticket lock before it checks that no worker died.
LOCK_CHECK_SECONDS = 1.0


class SubEnvError(RuntimeError):
    """A sub-env raised in its worker (or a worker died): names the sub-env and carries the
    worker's traceback. The vector env is closed when this is raised."""

    def __init__(self, message: str, *, index: int | None, worker: int, error_type: str,
                 remote_traceback: str) -> None:
        super().__init__(message)
        self.index = index
        self.worker = worker
        self.error_type = error_type
        self.remote_traceback = remote_traceback


def split_blocks(num_envs: int, num_workers: int) -> list[tuple[int, ...]]:
    """Contiguous, near-equal blocks of sub-env indices, one per worker."""
    bounds = [w * num_envs // num_workers for w in range(num_workers + 1)]
    return [tuple(range(bounds[w], bounds[w + 1])) for w in range(num_workers)]


class BatchedVectorEnv(VectorEnv):
    """A Gymnasium VectorEnv of `len(env_fns)` sub-envs in `num_workers` worker processes.

    Args:
        env_fns: one constructor per sub-env (picklable under the `forkserver`/`spawn`
            contexts; lambdas work under `fork`, Linux's default).
        num_workers: worker processes (default: min(num_envs, CPU count)).
        autoreset_mode: Gymnasium's AutoresetMode (or its value); NEXT_STEP by default.
        copy: return observation arrays that are the caller's own, never written again while
            referenced (True), or the live shared views, which the next step overwrites (False).
        seeding: how `reset(seed=int)` seeds the sub-envs: "spawn" (default, SeedSequence:
            never colliding across indices or nearby root seeds) or "offset" (Gymnasium's
            seed + i).
        context: multiprocessing start method (None: the platform default).
        timeout: seconds to wait for a step/reset/call (or a `recv`) before SubEnvError
            (None: no limit; a dead worker is always detected at once).
        batch_size: how many envs `recv()` returns in the asynchronous mode (default: num_envs).
            Given, it also sets up the shared-memory batch blocks that the workers write the
            asynchronous mode's observations into, so `recv()` copies no frames (`tickets`);
            without it the returned envs' rows are copied out of shared memory.

    Asynchronous mode (EnvPool's): `async_reset(seed=..., options=...)` starts a reset of
    every env (seeded as `reset(seed=...)` seeds: the same per-env seeds) and returns at
    once; `recv()` waits until `batch_size` envs have finished their work and returns
    theirs, first finished first: `(obs, rewards, terminations, truncations, infos)`
    batched over those `batch_size` envs, with `infos["env_id"]` (int64, which env each row
    is) and `_key` masks over the returned rows; `send(actions, env_id)` hands those envs
    (any idle ones) their next actions, batched over `env_id` in its order, and returns at
    once; `step(actions, env_id)` is `send` then `recv`. An env is sent its next action only
    after `recv` returned it (else ValueError). No barrier: a worker steps its envs in the
    order their actions came and answers each one as soon as it is done, never waiting for
    the other workers. Per env, everything is as in lock-step `step()`: autoreset by
    `autoreset_mode` (NEXT_STEP: the action after an episode's end is spent on the reset,
    which returns reward 0 and the reset's info; SAME_STEP: `final_obs`/`final_info`;
    DISABLED is refused), an env's results depend only on its seed and its own actions
    (not on timing or on the other envs), errors raise SubEnvError naming the env and
    close the vector env, a dead worker or `timeout` is detected, `close()` never hangs
    (also with work outstanding). The returned observation arrays are the caller's own
    (never written again while anything references them) and frames are never pickled:
    with `batch_size` given, the workers write each finished env's observation straight
    into its row of a shared batch block that nothing holds (`tickets`), else (or when
    the caller holds every block) the returned envs' rows are copied out of shared memory.
    An env's info key `env_id` would be replaced by the batch's.
    `reset()` first waits for any outstanding envs (their results are dropped) and returns
    to lock-step; lock-step `step(actions)` is refused while the asynchronous mode is on;
    `call`/`get_attr`/`set_attr` wait for the outstanding envs (keeping their results).
    """

    def __init__(self, env_fns: Sequence[Callable[[], Env]], *, num_workers: int | None = None,
                 autoreset_mode: str | AutoresetMode = AutoresetMode.NEXT_STEP, copy: bool = True,
                 seeding: str = "spawn", context: str | None = None, timeout: float | None = None,
                 batch_size: int | None = None) -> None:
        super().__init__()
        self._workers: list[Any] = []
        self._conns: list[Any] = []
        self._readable: list[Readable] = []
        self.closed = False
        env_fns = list(env_fns)
        if not env_fns:
            raise ValueError("BatchedVectorEnv needs at least one env constructor")
        if seeding not in SEEDINGS:
            raise ValueError(f"seeding={seeding!r}: expected one of {list(SEEDINGS)}")
        self.num_envs = len(env_fns)
        workers = min(self.num_envs, os.cpu_count() or 1) if num_workers is None else int(num_workers)
        if not 1 <= workers <= self.num_envs:
            raise ValueError(f"num_workers={num_workers}: expected 1..num_envs ({self.num_envs})")
        self.num_workers = workers
        self.batch_size = self.num_envs if batch_size is None else int(batch_size)
        if not 1 <= self.batch_size <= self.num_envs:
            raise ValueError(f"batch_size={batch_size}: expected 1..num_envs ({self.num_envs})")
        blocks = 0 if batch_size is None else block_count(self.num_envs, self.batch_size)
        self.autoreset_mode = autoreset_mode if isinstance(autoreset_mode, AutoresetMode) \
            else AutoresetMode(autoreset_mode)
        self.copy = bool(copy)
        self.seeding = seeding
        self.timeout = timeout

        probe = env_fns[0]()
        try:
            self.single_observation_space = probe.observation_space
            self.single_action_space = probe.action_space
            self.metadata = dict(probe.metadata)
            self.render_mode = probe.render_mode
        finally:
            probe.close()
        self.metadata["autoreset_mode"] = self.autoreset_mode
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)

        self._obs_layout = SpaceLayout(self.single_observation_space, self.num_envs)
        self._act_layout = SpaceLayout(self.single_action_space, self.num_envs)
        fields = {**slot_fields(self._obs_layout, self.copy), **self._act_layout.fields("act"),
                  "reward": ((self.num_envs,), np.dtype(np.float64)),
                  "terminated": ((self.num_envs,), np.dtype(np.bool_)),
                  "truncated": ((self.num_envs,), np.dtype(np.bool_)),
                  **ticket_fields(self._obs_layout, self.num_envs, self.batch_size, blocks)}
        ctx = mp.get_context(context)
        self._block = SharedBlock(fields, ctx)
        ticket_lock = ctx.Lock()
        self._batch_blocks = BatchBlocks(self._obs_layout, self._block, blocks, self.batch_size, ticket_lock)
        self._wake_reader, self._wake_writer = ctx.Pipe(duplex=False)
        views = self._block.views()
        self._act_arrays = self._act_layout.arrays(views, "act")
        self._rewards, self._terminated, self._truncated = views["reward"], views["terminated"], views["truncated"]
        del views
        self._obs_slots = ObservationSlots(self._obs_layout, self._block, self.copy)
        self._pipe_obs: list[list[Any]] = [[None] * self.num_envs for _ in self._obs_layout.pipe_leaves]

        self._blocks = split_blocks(self.num_envs, workers)
        self._pending = PendingEnvs([w for w, indices in enumerate(self._blocks) for _ in indices])
        self._async = False
        self._batch_obs_layout = SpaceLayout(self.single_observation_space, self.batch_size)
        try:
            for w, indices in enumerate(self._blocks):
                spec = WorkerSpec(worker=w, indices=indices, env_fns=tuple(env_fns[i] for i in indices),
                                  observation_space=self.single_observation_space,
                                  action_space=self.single_action_space, num_envs=self.num_envs,
                                  autoreset_mode=self.autoreset_mode.value, block=self._block, copy=self.copy,
                                  batch_size=self.batch_size, blocks=blocks, ticket_lock=ticket_lock,
                                  wake=self._wake_writer)
                parent, child = ctx.Pipe(duplex=True)
                proc = ctx.Process(target=run_worker, args=(spec, child, os.getpid()),
                                   name=f"BatchedVectorEnv-worker-{w}", daemon=True)
                proc.start()
                child.close()  # only the worker holds its end: its death reads as EOF here
                self._workers.append(proc)
                self._conns.append(parent)
                self._readable.append(Readable(parent))
            for _ in self._replies(range(workers), "start"):
                pass
            self._answers = ReadableSet(self._conns)
            self._woken = Readable(self._wake_reader)
            self._wake_or_hangup = WakeOrHangup(self._wake_reader, self._conns)
        except BaseException:
            self.close()
            raise

    # -- Gymnasium API -------------------------------------------------------------------------

    def reset(self, *, seed: int | Sequence[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """Reset every sub-env (or those in `options["reset_mask"]`, a bool array of shape
        (num_envs,)); `seed` as in Gymnasium, an int expanded by the `seeding` rule."""
        self._check_open()
        seeds = sub_env_seeds(seed, self.num_envs, self.seeding)
        options = dict(options) if options is not None else None
        self._leave_async()
        mask = np.ones(self.num_envs, dtype=np.bool_)
        if options is not None and "reset_mask" in options:
            mask = self._check_mask(options.pop("reset_mask"))
        # copy=True writes every row into a fresh slot: the envs not reset write their last
        # observation again; copy=False leaves their rows in the live arrays
        jobs = {w: [(i, seeds[i], bool(mask[i])) for i in indices if mask[i] or self.copy]
                for w, indices in enumerate(self._blocks)}
        jobs = {w: job for w, job in jobs.items() if job}
        targets, outputs = self._obs_slots.acquire()
        entries: list[tuple[int, dict[str, Any]]] = []
        with self._exchange():
            for w, job in jobs.items():
                self._send(w, ("reset", job, options, targets))
            for w, (infos, pipe_parts) in self._replies(list(jobs), "reset"):
                reset = [index for index, _, flag in jobs[w] if flag]
                for index, parts in zip(reset, pipe_parts):
                    self._store_pipe_obs(index, parts)
                entries.extend(zip(reset, _rows(infos, len(reset))))
            self._obs_slots.take_in(targets, outputs, slice(None))
        return self._obs_layout.assemble(outputs, self._pipe_obs), batch_infos(entries, self.num_envs)

    def step(self, actions: Any, env_id: Any = None) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray,
                                                              dict[str, Any]]:
        """Step every sub-env once (an env whose episode ended last step is reset instead,
        under NEXT_STEP); returns batched obs, rewards, terminations, truncations, infos.
        With `env_id` (asynchronous mode): `send(actions, env_id)` then `recv()`."""
        if env_id is not None:
            self.send(actions, env_id)
            return self.recv()
        self._check_open()
        if self._async:
            raise RuntimeError("step(actions) without env_id is lock-step, but the asynchronous mode is on "
                               "(async_reset was called): pass env_id, or reset() to return to lock-step")
        pipe_columns = self._act_layout.write_batch(self._act_arrays, actions)
        targets, outputs = self._obs_slots.acquire()
        replies: list[tuple[Any, list[Any]]] = []
        with self._exchange():
            for w, indices in enumerate(self._blocks):
                pipe = [[column[i] for column in pipe_columns] for i in indices] if pipe_columns else None
                self._send(w, ("step", pipe, targets))
            for w, (infos, pipe_parts, finals) in self._replies(range(self.num_workers), "step"):
                indices = self._blocks[w]
                self._obs_slots.take_in(targets, outputs, slice(indices[0], indices[-1] + 1))
                if pipe_parts is not None:
                    for index, parts in zip(indices, pipe_parts):
                        self._store_pipe_obs(index, parts)
                replies.append((infos, finals))
        return (self._obs_layout.assemble(outputs, self._pipe_obs), self._rewards.copy(), self._terminated.copy(),
                self._truncated.copy(), self._step_infos(replies))

    def render(self) -> tuple[Any, ...]:
        return self.call("render")

    def call(self, name: str, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
        """Call `name` on every sub-env (`get_wrapper_attr`; a non-callable is returned as is)."""
        self._check_open()
        self._settle()
        with self._exchange():
            for w in range(self.num_workers):
                self._send(w, ("call", name, args, kwargs))
            values = dict(self._replies(range(self.num_workers), f"call {name!r}"))
        return tuple(value for w in range(self.num_workers) for value in values[w])

    def get_attr(self, name: str) -> tuple[Any, ...]:
        return self.call(name)

    def set_attr(self, name: str, values: list[Any] | tuple[Any, ...] | Any) -> None:
        self._check_open()
        if not isinstance(values, (list, tuple)):
            values = [values] * self.num_envs
        if len(values) != self.num_envs:
            raise ValueError(f"set_attr({name!r}) got {len(values)} values; expected num_envs={self.num_envs}")
        self._settle()
        with self._exchange():
            for w, indices in enumerate(self._blocks):
                self._send(w, ("set_attr", name, [values[i] for i in indices]))
            for _ in self._replies(range(self.num_workers), f"set_attr {name!r}"):
                pass

    # -- asynchronous mode (EnvPool's; see the class docstring) ----------------------------------

    def async_reset(self, *, seed: int | Sequence[int | None] | None = None,
                    options: dict[str, Any] | None = None) -> None:
        """Start a reset of every sub-env (seeds as `reset(seed=...)`); `recv()` returns them."""
        self._check_open()
        if self.autoreset_mode == AutoresetMode.DISABLED:
            raise ValueError("the asynchronous mode resets each env itself: it needs autoreset_mode NEXT_STEP "
                             "or SAME_STEP, not DISABLED")
        if options is not None and "reset_mask" in options:
            raise ValueError("async_reset resets every env (each env resets itself after its episode ends): "
                             "options['reset_mask'] is for the lock-step reset()")
        seeds = sub_env_seeds(seed, self.num_envs, self.seeding)
        self._leave_async()
        targets = self._obs_slots.rows_targets()
        with self._exchange():
            self._pending.start_all()
            self._batch_blocks.restart()
            self._batch_blocks.cover(self.num_envs)
            self._async = True
            for w, indices in enumerate(self._blocks):
                self._send(w, ("async_reset", [(i, seeds[i]) for i in indices], options, targets))

    def send(self, actions: Any, env_id: Any) -> None:
        """Hand the envs `env_id` (idle: returned by `recv` since their last send) their next
        actions, `actions` batched over `env_id` in its order; returns at once."""
        self._check_open()
        if not self._async:
            raise RuntimeError("send() needs the asynchronous mode: call async_reset() first")
        ids = self._pending.check_send(env_id)
        pipe_columns = self._act_layout.write_rows(self._act_arrays, ids, actions)
        targets = self._obs_slots.rows_targets()
        jobs: dict[int, list[tuple[int, list[Any]]]] = {}
        worker_of = self._pending.worker_of
        for k, index in enumerate(ids):
            jobs.setdefault(worker_of[index], []).append((index, [column[k] for column in pipe_columns]))
        with self._exchange():
            self._pending.sent(ids)
            self._batch_blocks.cover(self._pending.tickets_possible)
            for w, job in jobs.items():
                self._send(w, ("async_step", job, targets))

    def recv(self) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """The results of the first `batch_size` envs to finish (waiting for them), batched
        over those envs; `infos["env_id"]` says which env each row is."""
        self._check_open()
        if not self._async:
            raise RuntimeError("recv() needs the asynchronous mode: call async_reset() first")
        pending = self._pending
        if len(pending.answered) + pending.in_flight_count < self.batch_size:
            raise RuntimeError(f"recv() waits for batch_size={self.batch_size} envs, but only "
                               f"{len(pending.answered) + pending.in_flight_count} have work outstanding "
                               "(send actions to more of the returned envs first)")
        with self._exchange():
            self._collect(self.batch_size, "recv")
        batch = pending.next_batch(self.batch_size)
        return self._async_batch(pending.take(self.batch_size), self._batch_blocks.take(batch))

    def _collect(self, count: int | None, what: str) -> None:
        """Read the workers' per-env answers until the next `count` tickets are in (None:
        until none is in flight), sleeping until the worker whose answer may complete them
        wakes this process (`tickets`). An error answer, a dead worker or `timeout` raises
        SubEnvError."""
        pending = self._pending
        deadline = None if self.timeout is None else time.monotonic() + self.timeout
        while pending.in_flight_count and (count is None or not pending.ready(count)):
            ready = self._answers.wait(0)
            if not ready:
                needed = pending.tickets_possible if count is None else pending.next_ticket + count
                asked = self._batch_blocks.sleep_until(needed, LOCK_CHECK_SECONDS)
                left = None if deadline is None else max(0.0, deadline - time.monotonic())
                if asked is None:  # the lock stays taken: by a worker at work, or by one that died in it
                    for w, proc in enumerate(self._workers):
                        if not proc.is_alive():
                            self._fail(*self._died(w, what))
                if asked is None and left == 0.0 or asked and not self._wake_or_hangup.wait(left):
                    self._timed_out(what)
                while self._woken.wait(0):
                    self._wake_reader.recv_bytes()
                continue
            for w in ready:
                try:
                    reply = self._conns[w].recv()
                except (EOFError, OSError):
                    self._fail(*self._died(w, what))
                if reply[0] == "error":
                    self._raise_error(w, reply, what)
                _, index, ticket, info, pipe_parts, final = reply
                if pipe_parts is not None:
                    self._store_pipe_obs(index, pipe_parts)
                pending.answer(ticket, index, (info, pipe_parts, final))

    def _async_batch(self, results: list[tuple[int, Any]], outputs: list[np.ndarray] | None
                     ) -> tuple[Any, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """The batch of the returned envs: their observations (the batch's block, or their
        rows copied out of shared memory when `outputs` is None), rewards and flags, their
        infos batched over the rows plus `env_id`."""
        ids = np.fromiter((index for index, _ in results), dtype=np.int64, count=len(results))
        if outputs is None:
            outputs = self._obs_slots.copy_rows(ids)
        pipe_columns = [[parts[j] for _, (_, parts, _) in results] for j in range(len(self._obs_layout.pipe_leaves))]
        entries: list[tuple[int, dict[str, Any]]] = []
        for row, (_, (info, _, final)) in enumerate(results):
            if final is not None:
                final_info, final_obs = final
                entries.append((row, {"final_obs": final_obs, "final_info": final_info}))
            entries.append((row, info))
        infos = batch_infos(entries, len(results))
        infos["env_id"] = ids
        infos["_env_id"] = np.ones(len(results), dtype=np.bool_)
        return (self._batch_obs_layout.assemble(outputs, pipe_columns), self._rewards[ids], self._terminated[ids],
                self._truncated[ids], infos)

    def _timed_out(self, what: str) -> None:
        pending = self._pending
        w = pending.workers_in_flight()[0]
        waiting = [i for i in self._blocks[w] if i in pending.in_flight]
        self._fail(w, waiting[0], "TimeoutError", f"worker {w} (sub-envs {waiting} in flight) did not answer "
                   f"{what} within {self.timeout} s", "")

    def _settle(self) -> None:
        """Wait for every env in flight (their results stay queued for recv)."""
        if self._async and self._pending.in_flight_count:
            with self._exchange():
                self._collect(None, "the outstanding async work")

    def _leave_async(self) -> None:
        """Back to lock-step: wait for the envs in flight and drop every queued result."""
        if self._async:
            self._settle()
            self._pending.clear()
            self._async = False

    @property
    def worker_pids(self) -> tuple[int, ...]:
        """The worker processes' ids (for CPU accounting and monitoring)."""
        return tuple(int(p.pid) for p in self._workers)

    @property
    def np_random_seed(self) -> tuple[int, ...]:
        return self.get_attr("np_random_seed")

    @property
    def np_random(self) -> tuple[np.random.Generator, ...]:
        return self.get_attr("np_random")

    def close_extras(self, **kwargs: Any) -> None:
        """Stop the workers: ask, wait CLOSE_GRACE_SECONDS, terminate, wait, kill."""
        self.closed = True
        for conn in self._conns:
            try:
                conn.send(("close",))
            except (OSError, ValueError):
                pass
        deadline = time.monotonic() + CLOSE_GRACE_SECONDS
        pending = list(zip(self._workers, self._conns))
        while pending and time.monotonic() < deadline:
            for proc, conn in list(pending):
                try:  # read (and drop) replies still on the way, so no worker blocks in send
                    if not proc.is_alive() or (conn.poll(0.01) and conn.recv() is None):
                        pending.remove((proc, conn))
                except (EOFError, OSError):
                    proc.join(max(0.0, deadline - time.monotonic()))
                    pending.remove((proc, conn))
        for stop in ("terminate", "kill"):
            alive = [p for p in self._workers if p.is_alive()]
            if not alive:
                break
            for proc in alive:
                getattr(proc, stop)()
            deadline = time.monotonic() + CLOSE_GRACE_SECONDS
            for proc in alive:
                proc.join(max(0.0, deadline - time.monotonic()))
        for conn in self._conns:
            conn.close()
        self._conns = []
        self._readable = []
        self._workers = []
        for end in (getattr(self, "_wake_reader", None), getattr(self, "_wake_writer", None)):
            if end is not None:
                end.close()

    def __del__(self) -> None:
        if not getattr(self, "closed", True):
            self.close()

    # -- internals -----------------------------------------------------------------------------

    @contextmanager
    def _exchange(self) -> Iterator[None]:
        """Commands sent and replies read as one unit: anything that interrupts it
        (Ctrl-C, an error) closes the vector env, so no later call reads a stale reply."""
        try:
            yield
        except BaseException:
            if not self.closed:
                self.close()
            raise

    def _check_open(self) -> None:
        if self.closed:
            raise RuntimeError("this BatchedVectorEnv is closed (close() was called, or a sub-env failed)")

    def _check_mask(self, mask: Any) -> np.ndarray:
        if not isinstance(mask, np.ndarray) or mask.dtype != np.bool_ or mask.shape != (self.num_envs,):
            raise TypeError(f"options['reset_mask'] must be a numpy bool array of shape ({self.num_envs},); "
                            f"got {type(mask).__name__} {getattr(mask, 'dtype', '')} {getattr(mask, 'shape', '')}")
        if not mask.any():
            raise ValueError("options['reset_mask'] has no True entry: nothing to reset")
        return mask

    def _store_pipe_obs(self, index: int, parts: list[Any]) -> None:
        for column, part in zip(self._pipe_obs, parts):
            column[index] = part

    def _step_infos(self, replies: list[tuple[Any, list[Any]]]) -> dict[str, Any]:
        """The batched info of every worker's reply: straight from the columns when every
        block sent columns with the same keys, else as batch_infos from the rows (with a
        SAME_STEP episode's final info and observation before the reset's info)."""
        if all(type(infos) is dict and not finals for infos, finals in replies):
            merged = merge_columns([infos for infos, _ in replies], self.num_envs)
            if merged is not None:
                return merged
        entries: list[tuple[int, dict[str, Any]]] = []
        for indices, (infos, finals) in zip(self._blocks, replies):
            final_of = {index: (info, obs) for index, info, obs in finals}
            for index, info in zip(indices, _rows(infos, len(indices))):
                if index in final_of:
                    final_info, final_obs = final_of[index]
                    entries.append((index, {"final_obs": final_obs, "final_info": final_info}))
                entries.append((index, info))
        return batch_infos(entries, self.num_envs)

    def _send(self, w: int, message: tuple) -> None:
        try:
            if message[0] == "step":
                self._conns[w].send_bytes(pickle.dumps(message, PLAIN_PICKLE))
            else:
                self._conns[w].send(message)
        except (OSError, ValueError):
            self._fail(*self._died(w, str(message[0])))

    def _died(self, w: int, what: str) -> tuple:
        proc = self._workers[w]
        proc.join(0.5)
        return (w, None, "WorkerDied", f"worker {w} (pid {proc.pid}, sub-envs {list(self._blocks[w])}) "
                f"died during {what} (exit code {proc.exitcode})", "")

    def _replies(self, workers: Iterable[int], what: str) -> Iterator[tuple[int, Any]]:
        """(worker, payload) for each of `workers`, read in worker order (blocking in the
        kernel until each answers). A failure (an error reply, a dead worker, no reply within
        `timeout` seconds of the call) raises SubEnvError for the lowest-numbered worker that
        failed: the workers numbered below it were waited for, the others are not."""
        deadline = None if self.timeout is None else time.monotonic() + self.timeout
        for w in workers:
            conn = self._conns[w]
            try:
                if deadline is not None and not self._readable[w].wait(max(0.0, deadline - time.monotonic())):
                    self._fail(w, None, "TimeoutError", f"worker {w} (sub-envs {list(self._blocks[w])}) did not "
                               f"answer {what} within {self.timeout} s", "")
                reply = conn.recv()
            except (EOFError, OSError):
                self._fail(*self._died(w, what))
            if reply[0] != "error":
                yield w, reply[1]
                continue
            self._raise_error(w, reply, what)

    def _raise_error(self, w: int, reply: tuple, what: str) -> None:
        """SubEnvError (after closing) for worker `w`'s error reply."""
        _, index, error_type, message, text = reply
        where = f"sub-env {index}" if index is not None else f"worker {w}"
        self._fail(w, index, error_type, f"{where} raised {error_type} during {what}: {message}\n"
                   f"--- traceback in worker {w} (pid {self._workers[w].pid}) ---\n{text}", text)

    def _fail(self, w: int, index: int | None, error_type: str, message: str, text: str) -> None:
        self.close()
        raise SubEnvError(message, index=index, worker=w, error_type=error_type, remote_traceback=text)


def _rows(infos: Any, count: int) -> list[dict[str, Any]]:
    """A worker's infos as one dict per env (they come as columns or as rows)."""
    return column_rows(infos, count) if type(infos) is dict else infos
