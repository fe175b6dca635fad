"""Suite runs: worker processes, one JSONL line per episode, resume, and the limits.

`run_suite` splits a run into episodes (task x index, each with its own seed, see
`suites.episode_seed`) and hands them one at a time to K spawned worker processes, each with
its own environments and agent. Each finished episode is appended to `episodes.jsonl` as one
line in one `write` (then fsync), so a killed run leaves whole lines and at most one torn last
line, which `--resume` drops before continuing with the episodes that have no line yet. When
the run ends the file is rewritten in task/episode order (temp file + rename), so the same
seeds give the same file whatever the worker count (apart from timing fields).

Workers run under OS limits (`RLIMIT_AS` for memory; `RLIMIT_CPU` re-armed per episode) and a
watchdog: a worker that dies or finishes no step within `step_timeout_s` is killed and
replaced, and its episode is recorded with the error; the run goes on.
"""

from __future__ import annotations

import dataclasses
import json
import multiprocessing
import os
import queue
import signal
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from mobile_gym.harness.episode import EpisodeJob, RunConfig, run_episode
from mobile_gym.harness.suites import TaskSpec, episode_seed

EPISODES_FILE = "episodes.jsonl"
RUN_FILE = "run.json"
SCORES_FILE = "scores.json"
#: Fields that measure the host, not the episode (they differ from run to run).
TIMING_FIELDS: tuple[str, ...] = ("wall_time_s", "llm_latency_s", "llm_steps")


class RunError(ValueError):
    """A run cannot start or resume (the message names the directory and the reason)."""


def versions() -> dict[str, str]:
    """Versions that decide a run's numbers."""
    import platform

    import gymnasium
    import numpy

    import mobile_gym

    return {"mobile_gym": mobile_gym.__version__, "python": platform.python_version(),
            "numpy": numpy.__version__, "gymnasium": gymnasium.__version__}


def plan_jobs(tasks: Sequence[TaskSpec], config: RunConfig) -> list[EpisodeJob]:
    """Every episode of the run in task/episode order."""
    return [EpisodeJob(task, i, episode_seed(config.seed, task.name, i))
            for task in tasks for i in range(config.episodes)]


def read_episodes(path: Path, *, repair: bool = False) -> list[dict[str, Any]]:
    """The episode records of a run; a torn last line (a run killed mid-write) is dropped and,
    with `repair`, cut from the file. A bad line elsewhere is an error naming its number."""
    if not path.exists():
        return []
    data = path.read_bytes()
    lines = data.split(b"\n")
    torn = lines.pop()  # b"" when the file ends with a newline
    records = []
    for number, raw in enumerate(lines, 1):
        if raw.strip():
            try:
                records.append(json.loads(raw))
            except json.JSONDecodeError:
                raise RunError(f"{path}:{number}: not a JSON episode record") from None
    if repair and torn:
        with open(path, "r+b") as f:
            f.truncate(len(data) - len(torn))
    return records


def _append_line(fd: int, record: dict[str, Any]) -> None:
    os.write(fd, (json.dumps(record, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8"))
    os.fsync(fd)


def _prepare(out: Path, tasks: Sequence[TaskSpec], config: RunConfig, resume: bool) -> set[str]:
    """Check or write run.json; return the keys of the episodes already done."""
    from mobile_gym.wrappers.record_episode import atomic_write

    out.mkdir(parents=True, exist_ok=True)
    episodes = out / EPISODES_FILE
    run_file = out / RUN_FILE
    identity = {**config.identity(), "tasks": [t.id for t in tasks]}
    if resume:
        if not run_file.exists():
            raise RunError(f"--resume {out}: no {RUN_FILE} there (not a run directory)")
        previous = json.loads(run_file.read_text())
        changed = sorted(k for k in identity if previous.get("identity", {}).get(k) != identity[k])
        if changed:
            raise RunError(f"--resume {out}: the run was started with other options ({', '.join(changed)}); "
                           "give the same options or another --out")
        return {r["key"] for r in read_episodes(episodes, repair=True)}
    if episodes.exists() and episodes.stat().st_size:
        raise RunError(f"{out} already holds a run ({EPISODES_FILE}); use --resume to continue it "
                       "or choose another --out")
    info = {"identity": identity, "config": {**asdict(config), "llm": {**asdict(config.llm), "api_key": None}},
            "versions": versions(), "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    atomic_write(run_file, (json.dumps(info, indent=2, sort_keys=True) + "\n").encode())
    return set()


@dataclass
class _Worker:
    process: Any
    jobs: Any
    job: EpisodeJob | None = None
    last_beat: float = 0.0
    slot: int = 0  # which of the run's K places it fills (and which adb serial it drives)


EXECUTORS: tuple[str, ...] = ("processes", "ray")


def run_suite(tasks: Sequence[TaskSpec], config: RunConfig, out: str | Path, *, workers: int = 1,
              resume: bool = False, progress: bool = True,
              on_record: Callable[[dict[str, Any]], None] | None = None, executor: str = "processes",
              address: str | None = None) -> list[dict[str, Any]]:
    """Run every episode not yet done; write episodes.jsonl and scores.json; return the records.
    `on_record` sees each episode's record once it is written (e.g. TensorBoard metrics).

    `executor` "processes" runs the episodes in local worker processes; "ray" in Ray actors
    (`mobile_gym.harness.ray_executor`, on the Ray instance or cluster at `address`)."""
    if executor not in EXECUTORS:
        raise RunError(f"executor={executor!r}: expected one of {list(EXECUTORS)}")
    if address is not None and executor != "ray":
        raise RunError(f"address={address!r} is for the ray executor (--executor ray)")
    from mobile_gym.agents.loader import AgentFactory
    from mobile_gym.harness.scores import write_scores

    serials = config.serial.split(",") if config.serial else []
    if serials and len(serials) < workers:
        raise RunError(f"--workers {workers} needs {workers} devices; --serial names {len(serials)}")
    AgentFactory(config.agent, config.llm).check()  # a bad --agent fails here, not in every worker
    out = Path(out)
    done = _prepare(out, tasks, config, resume)
    jobs = plan_jobs(tasks, config)
    pending = [j for j in jobs if j.key not in done]
    path = out / EPISODES_FILE
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    bar = _progress(len(jobs), len(done), progress)
    successes = sum(1 for r in read_episodes(path) if r.get("success"))
    finished = len(done)
    try:
        if executor == "ray":
            from mobile_gym.harness.ray_executor import run_pending_ray

            produced = run_pending_ray(pending, config, out, workers, address)
        else:
            produced = _run_pending(pending, config, out, workers)
        for record in produced:
            _append_line(fd, record)
            if on_record is not None:
                on_record(record)
            finished += 1
            successes += bool(record.get("success"))
            if bar is not None:
                bar.update(1)
                bar.set_postfix(success=f"{successes / finished:.0%}")
    finally:
        os.close(fd)
        if bar is not None:
            bar.close()
    records = _sorted_records(read_episodes(path), jobs)
    _rewrite(path, records)
    write_scores(out, records, config=config, tasks=tasks)
    return records


def _progress(total: int, initial: int, enabled: bool) -> Any:
    if not enabled:
        return None
    from tqdm import tqdm

    return tqdm(total=total, initial=initial, unit="ep", dynamic_ncols=True, file=sys.stderr)


def _sorted_records(records: list[dict[str, Any]], jobs: Sequence[EpisodeJob]) -> list[dict[str, Any]]:
    order = {j.key: i for i, j in enumerate(jobs)}
    unique = {r["key"]: r for r in records}
    return sorted(unique.values(), key=lambda r: order.get(r["key"], len(order)))


def _rewrite(path: Path, records: list[dict[str, Any]]) -> None:
    from mobile_gym.wrappers.record_episode import atomic_write

    text = "".join(json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n" for r in records)
    atomic_write(path, text.encode("utf-8"))


# ---------------------------------------------------------------------------- the worker pool


def _run_pending(pending: list[EpisodeJob], config: RunConfig, out: Path, workers: int):
    """Yield each pending episode's record as soon as a worker finishes it."""
    if not pending:
        return
    ctx = multiprocessing.get_context("spawn")
    results = ctx.Queue()
    pool: dict[int, _Worker] = {}
    todo = list(reversed(pending))
    next_id = 0

    serials = (config.serial or "").split(",") if config.serial else []

    def spawn(slot: int) -> None:
        nonlocal next_id
        jobs = ctx.Queue()
        own = dataclasses.replace(config, serial=serials[slot]) if serials else config  # its own device
        process = ctx.Process(target=_worker_main, args=(next_id, own, str(out), jobs, results, os.getpid()),
                              daemon=True)
        process.start()
        pool[next_id] = _Worker(process, jobs, slot=slot)
        next_id += 1

    def replace(wid: int, reason: str) -> dict[str, Any] | None:
        worker = pool.pop(wid)
        if worker.process.is_alive():
            worker.process.kill()
        worker.process.join(5)
        record = None
        if worker.job is not None:
            record = _error_record(worker.job, config, reason)
        if todo:
            spawn(worker.slot)
        return record

    for slot in range(min(workers, len(pending))):
        spawn(slot)
    try:
        while todo or any(w.job is not None for w in pool.values()):
            for worker in pool.values():
                if worker.job is None and todo:
                    worker.job = todo.pop()
                    # start-up, env building and the reset are not steps: the step watchdog starts
                    # at the worker's first beat, which it sends once the episode has been reset
                    worker.last_beat = time.monotonic() + STARTUP_GRACE_S
                    worker.jobs.put(worker.job)
            try:
                kind, wid, payload = results.get(timeout=0.5)
            except queue.Empty:
                kind = None
            if kind == "beat" and wid in pool:
                pool[wid].last_beat = time.monotonic()
            elif kind == "done" and wid in pool:
                pool[wid].job = None
                pool[wid].last_beat = time.monotonic()
                yield payload
            elif kind == "last" and wid in pool:  # its final record: the worker is ending
                pool[wid].job = None
                pool[wid].process.join(10)
                replace(wid, "")
                yield payload
            elif kind == "fatal":
                raise RunError(payload)
            now = time.monotonic()
            for wid in list(pool):
                worker = pool[wid]
                if not worker.process.is_alive():
                    reason = _death_reason(worker.process.exitcode)
                    record = replace(wid, reason)
                    if record is not None:
                        yield record
                elif worker.job is not None and now - worker.last_beat > config.step_timeout_s:
                    record = replace(wid, f"watchdog: no step finished within {config.step_timeout_s:g} s; "
                                          "the worker was killed")
                    if record is not None:
                        yield record
    finally:
        for worker in pool.values():
            worker.jobs.put(None)
        deadline = time.monotonic() + 5
        for worker in pool.values():
            worker.process.join(max(0.0, deadline - time.monotonic()))
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join(1)


def _death_reason(exitcode: int | None) -> str:
    if exitcode is not None and exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        hint = {"SIGXCPU": " (the per-episode CPU limit)", "SIGKILL": " (killed; out of memory?)",
                "SIGSEGV": " (a crash)"}.get(name, "")
        return f"worker died of {name}{hint}"
    if exitcode == _EXIT_MEMORY:
        return "worker ran out of memory (the address-space limit) and was replaced"
    return f"worker exited with status {exitcode}"


def _error_record(job: EpisodeJob, config: RunConfig, reason: str) -> dict[str, Any]:
    task = job.task
    return {"key": job.key, "task": task.id, "name": task.name, "episode": job.index, "seed": job.seed,
            "app": task.app, "difficulty": task.difficulty, "tags": list(task.tags), "agent": config.agent,
            "params": {}, "instruction": "", "steps": 0, "primitive_steps": 0, "reward": 0.0,
            "success": False, "terminated": False, "truncated": False, "agent_status": None,
            "answer": None, "error": reason, "wall_time_s": 0.0,
            "tokens": {"prompt": 0, "completion": 0, "total": 0}, "llm_latency_s": 0.0, "recording": None}


_EXIT_MEMORY = 3
#: Seconds a worker may take to start an episode (imports, env building, reset) before the
#: watchdog replaces it; after that each step has the run's step timeout.
STARTUP_GRACE_S = 120.0


def _set_limits(config: RunConfig) -> None:
    """The worker's address-space limit (CPU is re-armed per episode by `_arm_cpu`)."""
    import resource

    if config.memory_bytes > 0:
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        limit = config.memory_bytes if hard == resource.RLIM_INFINITY else min(hard, config.memory_bytes)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def _arm_cpu(config: RunConfig) -> None:
    """SIGXCPU once this episode has used `episode_cpu_s` CPU seconds."""
    import resource

    if config.episode_cpu_s <= 0:
        return
    usage = resource.getrusage(resource.RUSAGE_SELF)
    soft = int(usage.ru_utime + usage.ru_stime + config.episode_cpu_s) + 1
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    if hard != resource.RLIM_INFINITY:
        soft = min(soft, hard)
    resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))


def _worker_main(wid: int, config: RunConfig, out: str, jobs: Any, results: Any, parent: int) -> None:
    """A worker: take episodes until told to stop (or the parent is gone), send their records."""
    from mobile_gym.agents.loader import AgentFactory
    from mobile_gym.harness.episode import EnvCache

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _set_limits(config)
    try:
        factory = AgentFactory(config.agent, config.llm)
    except Exception as exc:  # noqa: BLE001 (reported to the parent, which ends the run)
        results.put(("fatal", wid, f"--agent {config.agent!r} failed in a worker: {exc}"))
        return
    cache = EnvCache(config)
    record_root = Path(out) / "recordings"

    every = min(0.2, config.step_timeout_s / 4)
    last = [float("-inf")]

    def beat() -> None:  # at most one message per `every` seconds: the parent only needs recent news
        now = time.monotonic()
        if now - last[0] >= every:
            last[0] = now
            results.put(("beat", wid, None))

    try:
        while True:
            try:
                job = jobs.get(timeout=1.0)
            except queue.Empty:
                if os.getppid() != parent:
                    return  # the run was killed: do not outlive it
                continue
            if job is None:
                return
            last[0] = float("-inf")  # the episode's first beat (after its reset) always goes out
            _arm_cpu(config)
            record = run_episode(job, config, factory, cache, record_root=record_root, beat=beat)
            out_of_memory = bool(record["error"]) and "MemoryError" in record["error"]
            results.put(("last" if out_of_memory else "done", wid, record))
            if out_of_memory:  # memory may be left in a bad state: a fresh worker takes over
                results.close()
                results.join_thread()  # the record reaches the parent before this process ends
                os._exit(_EXIT_MEMORY)
    finally:
        cache.close()
        factory.close()
