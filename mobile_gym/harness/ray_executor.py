"""Suite runs on Ray: the episodes of `run_suite` run in K Ray actors instead of K local
processes, so a run can use a Ray cluster's machines (`mobile-gym run --executor ray
--address auto|local|HOST:PORT`; the `ray` extra).

Each actor is one worker of the process pool's kind: its own agent and env cache, the
per-episode CPU limit (`RLIMIT_CPU`), and the step watchdog: the driver asks each busy actor
how long ago its last step finished and kills it past the run's step timeout. The driver
writes `episodes.jsonl`; an actor that dies or is killed has its episode recorded with the
error and is replaced. Differences from
the process pool: no address-space limit (a Ray worker maps Ray's object store, far beyond a
few GiB of address space; Ray's own memory monitor kills workers when the node runs short),
and `--record` writes each episode's recording on the machine that ran it (give a shared
`--out` on a cluster). The nodes need mobile_gym (and the agent's code) installed.
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from mobile_gym.harness.episode import EpisodeJob, RunConfig

ADDRESSES_HELP = "local (start a Ray instance here), auto (the running cluster), or HOST:PORT / ray://HOST:PORT"
#: Seconds between two rounds of the driver's watchdog questions.
WATCH_EVERY_S = 0.5


class EpisodeWorker:
    """The body of one Ray actor: runs the episodes it is given, one at a time."""

    def __init__(self, config: RunConfig, out: str) -> None:
        from mobile_gym.agents.loader import AgentFactory
        from mobile_gym.harness.episode import EnvCache

        self.config = config
        self.fatal: str | None = None
        try:
            self.factory = AgentFactory(config.agent, config.llm)
        except Exception as exc:  # noqa: BLE001 (reported to the driver, which ends the run)
            self.fatal = f"--agent {config.agent!r} failed in a Ray worker: {exc}"
            return
        self.cache = EnvCache(config)
        self.record_root = Path(out) / "recordings"
        self._beat = time.monotonic()
        self._busy = False

    def beat(self) -> None:
        self._beat = time.monotonic()

    def beat_age(self) -> float | None:
        """Seconds since the running episode's last step (None when idle); the driver's
        watchdog asks while `run` is busy (the actor runs two calls at once)."""
        return time.monotonic() - self._beat if self._busy else None

    def run(self, job: EpisodeJob) -> tuple[str, Any]:
        """("done", record), or ("fatal", message) when this worker cannot run agents."""
        from mobile_gym.harness.episode import run_episode
        from mobile_gym.harness.runner import STARTUP_GRACE_S, _arm_cpu

        if self.fatal is not None:
            return "fatal", self.fatal
        self._beat = time.monotonic() + STARTUP_GRACE_S  # the first beat comes after the reset
        self._busy = True
        try:
            _arm_cpu(self.config)
            return "done", run_episode(job, self.config, self.factory, self.cache,
                                       record_root=self.record_root, beat=self.beat)
        finally:
            self._busy = False


def connect(address: str | None, workers: int) -> bool:
    """Connect to (or start) Ray; True when this call started a local instance to shut down."""
    try:
        import ray
    except ImportError:
        raise RuntimeError("--executor ray needs Ray: pip install 'mobile-gym[ray]'") from None
    if ray.is_initialized():
        return False
    if address in (None, "local"):
        ray.init(address="local", num_cpus=max(workers, os.cpu_count() or 1), include_dashboard=False,
                 log_to_driver=False, configure_logging=False)
        return True
    _probe(address)
    try:
        ray.init(address=address, log_to_driver=False, configure_logging=False)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        from mobile_gym.harness.runner import RunError

        first = next((line.strip() for line in str(exc).splitlines() if line.strip()), type(exc).__name__)
        raise RunError(f"--address {address}: cannot connect to Ray ({first})") from None
    return False


def _probe(address: str, timeout_s: float = 5.0) -> None:
    """A HOST:PORT that accepts no TCP connection is an error now (Ray itself retries for
    minutes before giving up)."""
    import socket

    from mobile_gym.harness.runner import RunError

    if address == "auto" or "://" in address:
        return
    host, sep, port = address.rpartition(":")
    if not sep or not port.isdigit():
        raise RunError(f"--address {address!r}: expected local, auto, HOST:PORT or ray://HOST:PORT")
    try:
        socket.create_connection((host, int(port)), timeout=timeout_s).close()
    except OSError as exc:
        raise RunError(f"--address {address}: cannot connect to Ray ({exc.strerror or exc})") from None


def death_reason(exc: BaseException) -> str:
    """What the driver records for an episode whose actor died."""
    first = next((line.strip() for line in str(exc).splitlines() if line.strip()), "")
    return f"Ray worker died ({type(exc).__name__}: {first}); it was replaced"


def run_pending_ray(pending: list[EpisodeJob], config: RunConfig, out: Path, workers: int,
                    address: str | None) -> Iterator[dict[str, Any]]:
    """Yield each pending episode's record as soon as a Ray actor finishes it."""
    from mobile_gym.harness.runner import RunError, _error_record

    if not pending:
        return
    started = connect(address, workers)
    import ray

    actors: dict[int, Any] = {}
    try:
        cpus = ray.cluster_resources().get("CPU", 0)
        if cpus < workers:
            raise RunError(f"--workers {workers} needs {workers} CPUs in the Ray cluster at {address or 'local'}; "
                           f"it has {cpus:g}")
        # two calls at once: an episode and the watchdog's beat_age questions
        actor_class = ray.remote(num_cpus=1, max_restarts=0, max_concurrency=2)(EpisodeWorker)
        serials = config.serial.split(",") if config.serial else []

        def new_actor(slot: int) -> Any:
            own = dataclasses.replace(config, serial=serials[slot]) if serials else config
            return actor_class.remote(own, str(out))

        actors.update({slot: new_actor(slot) for slot in range(min(workers, len(pending)))})
        todo = list(reversed(pending))
        running: dict[Any, tuple[int, EpisodeJob]] = {}

        def submit(slot: int) -> None:
            job = todo.pop()
            running[actors[slot].run.remote(job)] = (slot, job)

        for slot in actors:
            submit(slot)
        while running:
            ready, _ = ray.wait(list(running), num_returns=1, timeout=WATCH_EVERY_S)
            finished: list[tuple[int, dict[str, Any]]] = []
            for ref in ready:
                slot, job = running.pop(ref)
                try:
                    kind, payload = ray.get(ref)
                except (ray.exceptions.RayActorError, ray.exceptions.RayTaskError) as exc:
                    ray.kill(actors[slot])
                    actors[slot] = new_actor(slot)
                    kind, payload = "done", _error_record(job, config, death_reason(exc))
                if kind == "fatal":
                    raise RunError(payload)
                finished.append((slot, payload))
            for ref, (slot, job) in list(running.items()):
                if _stalled(ray, actors[slot], config.step_timeout_s):
                    del running[ref]
                    ray.kill(actors[slot])
                    actors[slot] = new_actor(slot)
                    finished.append((slot, _error_record(
                        job, config, f"watchdog: no step finished within {config.step_timeout_s:g} s; "
                                     "the Ray worker was killed")))
            for slot, record in finished:
                yield record
                if todo:
                    submit(slot)
    finally:
        for actor in actors.values():
            ray.kill(actor)
        if started:
            ray.shutdown()


def _stalled(ray: Any, actor: Any, step_timeout_s: float) -> bool:
    """Whether `actor`'s running episode has finished no step within the step timeout."""
    try:
        age = ray.get(actor.beat_age.remote(), timeout=max(step_timeout_s, 10.0))
    except (ray.exceptions.RayActorError, ray.exceptions.GetTimeoutError):
        return False  # a dead actor's episode fails on its own reference; a busy one is asked again
    return age is not None and age > step_timeout_s
