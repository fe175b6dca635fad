"""One episode of a run: build the env stack the agent's observation mode needs, drive the
agent, and return the episode's record (one JSONL line). Nothing an agent does ends the run:
an agent that raises or returns an action its mode cannot run ends its episode with `error`.
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mobile_gym.agents.base import STOP, TaskInfo
from mobile_gym.agents.loader import AgentFactory, AndroidWorldDriven, LLMOptions
from mobile_gym.harness.suites import TaskSpec

STEP_BUDGETS: tuple[str, ...] = ("task", "aw")


@dataclass(frozen=True)
class RunConfig:
    """Everything that decides a run's episodes (and the limits workers run under)."""

    agent: str
    seed: int = 0
    episodes: int = 1
    step_budget: str = "task"
    record: bool = False
    backend: str = "sim"
    serial: str | None = None
    llm: LLMOptions = field(default_factory=LLMOptions)
    step_timeout_s: float = 120.0
    memory_bytes: int = 4 << 30
    episode_cpu_s: float = 900.0

    def identity(self) -> dict[str, Any]:
        """The options a resumed run must share with the one it continues."""
        return {"agent": self.agent, "seed": self.seed, "episodes": self.episodes,
                "step_budget": self.step_budget, "record": self.record, "backend": self.backend,
                "model": self.llm.model}


@dataclass(frozen=True)
class EpisodeJob:
    """Episode `index` of `task`, with its seed."""

    task: TaskSpec
    index: int
    seed: int

    @property
    def key(self) -> str:
        return f"{self.task.id}#{self.index}"


class EnvCache:
    """A worker's env stacks, keyed by task and observation mode (the last `size` kept: a
    reset restores a snapshot, so a reused env starts each episode as a fresh one would)."""

    def __init__(self, config: RunConfig, size: int = 2) -> None:
        self.config = config
        self.size = size
        self._envs: OrderedDict[tuple[Any, ...], Any] = OrderedDict()

    def get(self, task: TaskSpec, mode: str, pixels: bool, obs_size: tuple[int, int] | None = None,
            hierarchy: str | None = None) -> Any:
        key = (task.id, mode, pixels, obs_size, hierarchy)
        if key in self._envs:
            self._envs.move_to_end(key)
            return self._envs[key]
        env = build_stack(task, mode, pixels=pixels, config=self.config, obs_size=obs_size,
                          hierarchy=hierarchy)
        self._envs[key] = env
        while len(self._envs) > self.size:
            _, old = self._envs.popitem(last=False)
            old.close()
        return env

    def drop(self, task: TaskSpec) -> None:
        """Close the stacks of `task` (after an environment error)."""
        for key in [k for k in self._envs if k[0] == task.id]:
            self._envs.pop(key).close()

    def close(self) -> None:
        while self._envs:
            self._envs.popitem()[1].close()


def build_stack(task: TaskSpec, mode: str, *, pixels: bool, config: RunConfig,
                obs_size: tuple[int, int] | None = None, hierarchy: str | None = None) -> Any:
    """MobileEnv for `task` (+ ElementActions or AndroidWorldActions for those modes).
    `hierarchy` None: the AndroidWorld mode observes the all-windows forest, as AndroidWorld's
    agents do; the other modes the device dump."""
    from mobile_gym.env import MobileEnv

    keys = ("pixels", "view_hierarchy", "instruction") if pixels else ("view_hierarchy", "instruction")
    kwargs: dict[str, Any] = {"backend": config.backend, "obs_keys": keys}
    if obs_size is not None:
        kwargs["obs_size"] = tuple(obs_size)
    if config.serial:
        kwargs["serial"] = config.serial
    if config.step_budget == "aw":
        kwargs["max_steps"] = 0  # the agent-step budget below is the limit
    kwargs["hierarchy"] = hierarchy or ("forest" if mode == "android_world" else "device")
    env: Any = MobileEnv(task.family or task.source or task.id, **kwargs)
    if mode == "elements":
        from mobile_gym.wrappers import ElementActions

        env = ElementActions(env)
    elif mode == "android_world":
        from mobile_gym.agents.android_world import AndroidWorldActions

        env = AndroidWorldActions(env)
    return env


def _params(task: TaskSpec, seed: int) -> dict[str, Any]:
    """The family's parameters for `seed`, JSON-safe (empty for a task file)."""
    if task.family is None:
        return {}
    from mobile_gym.tasks.registry import get_family
    from mobile_gym.wrappers.record_episode import to_json

    params = get_family(task.family).params(seed)
    if dataclasses.is_dataclass(params) and not isinstance(params, type):
        params = dataclasses.asdict(params)  # nested dataclasses (noise rows, notes) too
    value = to_json(params)
    return value if isinstance(value, dict) else {"value": value}


def _instruction(task: TaskSpec, seed: int) -> str:
    if task.family is not None:
        from mobile_gym.tasks.registry import get_family

        family = get_family(task.family)
        return family.instruction(family.params(seed))
    from mobile_gym.tasks import load_task

    return "\n".join(load_task(Path(task.source or task.id)).proto.command)


def _answer_of(action: Any, info: dict[str, Any]) -> str | None:
    """The textual answer a step submitted, if any."""
    if info.get("agent_answer") is not None:
        return str(info["agent_answer"])
    if isinstance(action, dict):
        text = action.get("response") or (action.get("text") if action.get("action") == 8 else None)
        if text:
            return str(text)
    return None


def _point_of(action: Any, layer: Any, mode: str, screen: tuple[int, int]) -> dict[str, Any]:
    """Where an action touches (device pixels) and what it types, for replay drawings."""
    out: dict[str, Any] = {}
    if mode == "raw" and isinstance(action, dict):
        kind = int(action.get("action_type", 2))
        if kind == 0:
            x, y = (float(v) for v in action["touch_position"])
            out["point"] = [int(x * screen[0]), int(y * screen[1])]
        elif kind == 1:
            out["lift"] = True
        return out
    if mode == "android_world":
        data = json.loads(action)
        if data.get("x") is not None:
            out["point"] = [data["x"], data["y"]]
        elif data.get("index") is not None and data["index"] < len(layer.elements):
            out["point"] = list(layer.elements[data["index"]].center)
        if data.get("action_type") in ("scroll", "swipe"):
            out["direction"] = data.get("direction")
        if data.get("text"):
            out["text"] = data["text"]
        return out
    if isinstance(action, dict):
        element = int(action.get("element", layer.no_element))
        if element < len(layer.elements):
            out["point"] = list(layer.elements[element].center)
        if action.get("text"):
            out["text"] = str(action["text"])
    return out


def run_episode(job: EpisodeJob, config: RunConfig, factory: AgentFactory, cache: EnvCache,
                *, record_root: Path | None = None, beat: Callable[[], None] | None = None) -> dict[str, Any]:
    """Run one episode and return its record (see the module docstring)."""
    task, seed = job.task, job.seed
    t0 = time.perf_counter()
    record: dict[str, Any] = {
        "key": job.key, "task": task.id, "name": task.name, "episode": job.index, "seed": seed,
        "app": task.app, "difficulty": task.difficulty, "tags": list(task.tags),
        "agent": config.agent, "params": {}, "instruction": "", "steps": 0, "primitive_steps": 0,
        "reward": 0.0, "success": False, "terminated": False, "truncated": False,
        "agent_status": None, "answer": None, "error": None, "wall_time_s": 0.0,
        "tokens": {"prompt": 0, "completion": 0, "total": 0}, "llm_latency_s": 0.0,
        "recording": None,
    }
    clock: Callable[[], None] = beat or (lambda: None)
    recorder = None
    agent: Any = None
    try:
        record["params"] = _params(task, seed)
        record["instruction"] = _instruction(task, seed)
        pre = TaskInfo(task=task.id, instruction=record["instruction"], seed=seed, family=task.family,
                       task_source=task.source, app=task.app, complexity=task.complexity,
                       tags=task.tags, params=record["params"])
        agent = factory(pre)
        mode = agent.observation_mode
        pixels = config.record or bool(getattr(agent, "wants_pixels", True))
        env = cache.get(task, mode, pixels, getattr(agent, "obs_size", None),
                        getattr(agent, "hierarchy", None))
        outer = env
        if config.record and record_root is not None:
            from mobile_gym.wrappers import RecordEpisode

            recorder = RecordEpisode(env, record_root / f"{task.name}_{job.index:04d}")
            outer = recorder
        budget = task.aw_budget() if config.step_budget == "aw" else (task.step_limit or 10**6)
        if isinstance(agent, AndroidWorldDriven):
            steps_log = _drive_android_world(agent, outer, env, record, budget, seed, clock)
        else:
            steps_log = _drive(agent, outer, env, mode, record, budget, seed, clock)
        if recorder is not None:
            directory = recorder.finish()
            if directory is not None:
                _write_agent_steps(directory, steps_log)
                record["recording"] = str(directory.relative_to(record_root.parent))  # type: ignore[union-attr]
    except _EpisodeError as exc:
        record["error"] = str(exc)
        if exc.env_broken:
            cache.drop(task)
    except Exception as exc:  # noqa: BLE001 (the environment failed: setup, a device, a bug; the run goes on)
        record["error"] = f"environment error: {type(exc).__name__}: {exc}"
        cache.drop(task)
    finally:
        if recorder is not None:
            recorder.finish()
    record["tokens"]["total"] = record["tokens"]["prompt"] + record["tokens"]["completion"]
    record["wall_time_s"] = round(time.perf_counter() - t0, 4)
    return record


class _EpisodeError(RuntimeError):
    """The agent ended its episode with an error (`env_broken`: the env must be rebuilt)."""

    def __init__(self, message: str, env_broken: bool = False) -> None:
        super().__init__(message)
        self.env_broken = env_broken


def _task_info(job_record: dict[str, Any], env: Any, budget: int, seed: int) -> TaskInfo:
    base = env.unwrapped
    return TaskInfo(task=job_record["task"], instruction=job_record["instruction"], seed=seed,
                    family=base.family.name if base.family is not None else None,
                    task_source=base.task_source, app=job_record["app"],
                    tags=tuple(job_record["tags"]), params=job_record["params"],
                    complexity=float(getattr(base.family, "complexity", 0.0) or 0.0),
                    step_budget=budget, screen_size=tuple(base.device.screen_size),  # type: ignore[arg-type]
                    step_seconds=base.step_seconds, vocabulary_size=len(base.vocabulary))


def _account(agent: Any, record: dict[str, Any]) -> dict[str, Any]:
    """Add the last act's tokens and latency to the record; return its step info as a dict."""
    step_info = agent.step_info() if callable(getattr(agent, "step_info", None)) else None
    if step_info is None:
        return {}
    record["tokens"]["prompt"] += int(step_info.prompt_tokens)
    record["tokens"]["completion"] += int(step_info.completion_tokens)
    record["llm_latency_s"] = round(record["llm_latency_s"] + float(step_info.latency_s), 4)
    record.setdefault("llm_steps", []).append(
        {"prompt_tokens": int(step_info.prompt_tokens), "completion_tokens": int(step_info.completion_tokens),
         "latency_s": round(float(step_info.latency_s), 4), "calls": int(step_info.calls)})
    return {"reasoning": step_info.reasoning, "latency_s": round(step_info.latency_s, 4),
            "prompt_tokens": step_info.prompt_tokens, "completion_tokens": step_info.completion_tokens}


def _drive(agent: Any, outer: Any, layer: Any, mode: str, record: dict[str, Any], budget: int,
           seed: int, clock: Callable[[], None]) -> list[dict[str, Any]]:
    """The act loop: observation -> agent -> action -> env, until the episode ends."""
    from mobile_gym.agents.android_world import JSONAction
    from mobile_gym.spaces.actions import InvalidActionError

    obs, info = outer.reset(seed=seed)
    clock()  # a first reset builds the device: the watchdog counts steps after it
    agent.reset(_task_info(record, layer, budget, seed))
    screen = tuple(layer.unwrapped.device.screen_size)
    log: list[dict[str, Any]] = []
    while record["steps"] < budget:
        view = layer.state(obs) if mode == "android_world" else obs
        try:
            action = agent.act(view)
        except Exception as exc:  # noqa: BLE001 (an agent's error ends its episode, never the run)
            _account(agent, record)
            raise _EpisodeError(f"agent raised {type(exc).__name__}: {exc}") from None
        extra = _account(agent, record)
        if isinstance(action, str) and action == STOP:
            break
        label = action if isinstance(action, str) else None
        try:
            if mode == "elements" and isinstance(action, str):
                action = layer.command(action)
            elif mode == "android_world":
                action = JSONAction.parse(action).to_json()
                label = action
        except ValueError as exc:
            raise _EpisodeError(f"agent returned an action its mode ({mode}) cannot run: {exc}") from None
        drawn = _point_of(action, layer, mode, screen)  # before the step: the elements it names
        try:
            obs, reward, terminated, truncated, info = outer.step(action)
        except InvalidActionError as exc:
            raise _EpisodeError(f"agent returned an invalid action: {exc}") from None
        except (TypeError, KeyError, AttributeError) as exc:
            raise _EpisodeError(f"agent returned an invalid action {action!r}: {type(exc).__name__}: {exc}"
                                ) from None
        clock()
        record["steps"] += 1
        record["primitive_steps"] += int(info.get("primitive_steps", 1))
        record["reward"] = round(record["reward"] + float(reward), 6)
        answer = _answer_of(action, info)
        if answer is not None:
            record["answer"] = answer
        log.append({"t": record["steps"], "action": label or _describe(action), **drawn, **extra,
                    **({"action_error": info["action_error"]} if info.get("action_error") else {})})
        record["success"] = bool(info.get("success"))
        record["terminated"], record["truncated"] = bool(terminated), bool(truncated)
        if info.get("agent_status"):
            record["agent_status"] = info["agent_status"]
        if terminated or truncated or info.get("agent_status"):
            break
    return log


def _drive_android_world(driven: AndroidWorldDriven, outer: Any, layer: Any, record: dict[str, Any],
                         budget: int, seed: int, clock: Callable[[], None]) -> list[dict[str, Any]]:
    """An AndroidWorld-style agent drives the adapter env; each `step(goal)` is one agent step."""
    from mobile_gym.agents.android_world import AndroidWorldEnv, EpisodeEnded

    env = AndroidWorldEnv(outer)
    env.reset_episode(seed=seed)
    clock()
    try:
        agent = driven.make(env)
    except Exception as exc:  # noqa: BLE001 (an agent's error ends its episode, never the run)
        raise _EpisodeError(f"agent raised {type(exc).__name__} while being built: {exc}") from None
    calls = 0
    while calls < budget and not env.done:
        try:
            result = agent.step(record["instruction"])
        except EpisodeEnded:
            break
        except Exception as exc:  # noqa: BLE001 (an agent's error ends its episode, never the run)
            raise _EpisodeError(f"agent raised {type(exc).__name__}: {exc}") from None
        finally:
            record["steps"] = env.steps
            record["reward"] = round(env.reward, 6)
        calls += 1
        clock()
        done = result if isinstance(result, bool) else bool(getattr(result, "done", False))
        if done:
            break
    info = env.info
    record["primitive_steps"] = env.primitive_steps
    record["success"] = bool(info.get("success"))
    record["terminated"], record["truncated"] = env.terminated, env.truncated
    record["agent_status"] = info.get("agent_status")
    record["answer"] = env.interaction_cache or None
    return []


def _describe(action: Any) -> str:
    if isinstance(action, dict) and "action_type" in action:
        from mobile_gym.policies import describe_raw_action

        return describe_raw_action(action)
    if isinstance(action, dict):
        from mobile_gym.wrappers.element_actions import DIRECTIONS, ELEMENT_ACTIONS

        kind = ELEMENT_ACTIONS[int(action.get("action", 0))]
        parts = [kind]
        if kind in ("scroll", "swipe"):
            parts.append(DIRECTIONS[int(action.get("direction", 0))])
        if action.get("text"):
            parts.append(json.dumps(str(action["text"])))
        return " ".join(parts)
    return str(action)


def _write_agent_steps(directory: Path, log: list[dict[str, Any]]) -> None:
    """`agent_steps.jsonl` beside the trajectory: what the agent did and said at each step."""
    from mobile_gym.wrappers.record_episode import atomic_write

    text = "".join(json.dumps(line, sort_keys=True, ensure_ascii=False) + "\n" for line in log)
    atomic_write(directory / "agent_steps.jsonl", text.encode("utf-8"))
