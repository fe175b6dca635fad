"""Task/event traces: which sources and slots fired at which step, and which never did.

`trace_task` runs a task under a policy (random, the task's oracle, or a command script) and
`trace_replay` re-runs a RecordEpisode recording; both return a `Trace`: one `StepTrace` per
primitive environment step (the engine's step, so step numbers match `info["frame_id"]`) and
one `NodeTrace` per event source and slot of the task, with its kind, where it is written in
the task file, how often it fired and how often it was live (evaluated). A source that never
fired is the usual reason a task "does not work"; "never live" says it was never even
evaluated (nothing live references it, or a prerequisite blocked it), "live, never matched"
says its condition was checked and never held.

Primitive steps are observed by wrapping the env's `step_op` for the duration of the trace,
so macro wrappers (ElementActions commands of several touches) lose no step's events.
"""

from __future__ import annotations

import json
import reprlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from mobile_gym.policies import (
    describe_raw_action,
    family_oracle,
    policy_script,
    random_action,
)

TRACE_FORMAT = 1
_SHORT = reprlib.Repr()
_SHORT.maxstring = 60
_SHORT.maxother = 60
_SHORT.maxlist = 6
_SHORT.maxdict = 6


def short_repr(value: Any) -> str:
    """A bounded repr for values in tables and JSON (long strings and lists are elided)."""
    return _SHORT.repr(value)


@dataclass
class StepTrace:
    """One primitive environment step: what was done and what the task's events made of it."""

    step: int
    action: str
    reward: float
    score: float
    fired: dict[str, str]  # "source:1" / "slot:10" / "listener:<name>" -> short repr of the value
    live_sources: list[int] = field(default_factory=list)  # source ids evaluated this step
    instructions: list[str] = field(default_factory=list)
    extras: dict[str, str] = field(default_factory=dict)
    engine_errors: list[str] = field(default_factory=list)
    note: str = ""  # action_note / action_error / device error
    terminated: bool = False
    truncated: bool = False
    episode_end: str | None = None

    @property
    def interesting(self) -> bool:
        """Worth a row in the table: something fired, a reward, an error or the episode end."""
        return bool(self.fired or self.reward or self.engine_errors or self.instructions
                    or self.terminated or self.truncated)


@dataclass
class NodeTrace:
    """One event source or slot of the task and its record over the episode."""

    key: str        # the key it has in info["fired"]
    kind: str       # log_event, view_hierarchy_event, state_event, ..., or "OR slot (reward_listener)"
    where: str      # FILE:LINE:COL in the task file
    fired_steps: int = 0
    first_step: int | None = None
    live_steps: int | None = None  # sources only: steps it was evaluated (None for slots)

    @property
    def is_source(self) -> bool:
        return self.key.startswith("source:")


@dataclass
class Trace:
    """A whole traced episode; `to_json`/`from_json` round-trip it."""

    task: str
    policy: str
    seed: int
    steps: list[StepTrace]
    nodes: list[NodeTrace]
    outcome: str  # success / failure / truncated / not finished
    total_reward: float

    @property
    def never_fired(self) -> list[NodeTrace]:
        """Sources and slots that did not fire once in the episode."""
        return [n for n in self.nodes if n.fired_steps == 0]

    def to_json(self) -> dict[str, Any]:
        return {"format": TRACE_FORMAT, **asdict(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Trace:
        if data.get("format") != TRACE_FORMAT:
            raise ValueError(f"trace format {data.get('format')!r}, this reader knows {TRACE_FORMAT}")
        body = {k: v for k, v in data.items() if k != "format"}
        body["steps"] = [StepTrace(**s) for s in body["steps"]]
        body["nodes"] = [NodeTrace(**n) for n in body["nodes"]]
        return cls(**body)

    def write_json(self, path: str | Path) -> Path:
        """Write the full trace (every step) to `path` atomically (temporary file + rename)."""
        from mobile_gym.wrappers.record_episode import atomic_write

        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(path, (json.dumps(self.to_json(), indent=1, sort_keys=True) + "\n").encode("utf-8"))
        return path


# ---------------------------------------------------------------------------- the node catalogue

def _fmt(path: tuple[Any, ...]) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (("." if out else "") + str(p))
    return out


def task_nodes(task: Any) -> list[NodeTrace]:
    """Every source and slot of a loaded task, keyed as the engine keys them in `fired`.

    Sources with id 0 cannot be referenced; they are listed (as `source:0`) since they can
    never fire, which is worth knowing.
    """
    from mobile_gym.events.listeners import LISTENERS

    proto = task.proto
    where_fn: Callable[[tuple[Any, ...]], str] | None = getattr(task, "where", None)
    name = str(getattr(task, "path", None) or "<task>")

    def where(path: tuple[Any, ...]) -> str:
        if getattr(task, "path", None) is None or not callable(where_fn):
            return f"{name} {_fmt(path)}"  # built in memory (a templated family): the field path
        return where_fn(path)

    nodes: list[NodeTrace] = []
    for i, es in enumerate(proto.event_sources):
        nodes.append(NodeTrace(f"source:{es.id}", es.WhichOneof("event") or "no kind",
                               where(("event_sources", i)), live_steps=0))
    if not proto.HasField("event_slots"):
        return nodes
    slots = proto.event_slots
    queue: list[tuple[Any, tuple[Any, ...], str, str]] = []
    for listener in LISTENERS:
        if slots.HasField(listener):
            msg = getattr(slots, listener)
            key = f"slot:{msg.id}" if msg.id else f"listener:{listener}"
            queue.append((msg, ("event_slots", listener), key, listener))
    while queue:
        msg, path, key, listener = queue.pop(0)
        type_name = msg.DESCRIPTOR.fields_by_name["type"].enum_type.values_by_number.get(msg.type)
        kind = f"{type_name.name if type_name else msg.type} slot ({listener})"
        nodes.append(NodeTrace(key, kind, where(path)))
        for j, fake in enumerate(msg.events):
            if fake.WhichOneof("source") == "event":
                sub = fake.event
                sub_key = f"slot:{sub.id}" if sub.id else f"slot@{_fmt(path)}.events[{j}]"
                queue.append((sub, path + ("events", j, "event"), sub_key, listener))
    return nodes


# ---------------------------------------------------------------------------- running

def _describe_raw(action: Any) -> str:
    """A short label for a raw Dict action (or anything else: its short repr)."""
    if isinstance(action, dict) and "action" in action and "element" in action:
        return _describe_element_action(action)
    if not isinstance(action, dict) or "action_type" not in action:
        return short_repr(action)
    text = describe_raw_action(action)
    if action.get("response"):
        text += f" answer {short_repr(str(action['response']))}"
    return text


def _describe_element_action(action: dict[str, Any]) -> str:
    """An ElementActions Dict action as `click element 3` / `type element 5 "text"`."""
    from mobile_gym.wrappers.element_actions import DIRECTIONS, ELEMENT_ACTIONS

    kind = ELEMENT_ACTIONS[int(action["action"])]
    parts = [str(kind), f"element {int(action['element'])}"]
    if kind in ("scroll", "swipe"):
        parts.append(str(DIRECTIONS[int(action["direction"])]))
    if action.get("text"):
        parts.append(short_repr(str(action["text"])))
    return " ".join(parts)


def _describe_op(op: Any) -> str:
    kind = getattr(op, "kind", "?")
    if kind == "touch":
        return f"touch ({op.x}, {op.y})"
    if kind in ("text", "key", "shell"):
        return f"{kind} {short_repr(op.text)}"
    return str(kind)


class _Recorder:
    """Collects a StepTrace per primitive step by wrapping the base env's `step_op`."""

    def __init__(self, base: Any) -> None:
        self.base = base
        self.steps: list[StepTrace] = []
        self.label = ""
        self.obs: Any = None
        self._primitive = 0
        self._instructions: list[str] = []

    def begin(self, label: str) -> None:
        """The agent-level action whose primitive steps follow."""
        self.label = label
        self._primitive = 0

    @contextmanager
    def tapped(self) -> Iterator[None]:
        original = self.base.step_op

        def step_op(op: Any, *, response: str | None = None):
            engine: Any = self.base.engine
            live = list(engine.live_source_ids()) if hasattr(engine, "live_source_ids") else []
            result = original(op, response=response)
            self._primitive += 1
            label = self.label if self._primitive == 1 else f"{self.label} [{_describe_op(op)}]"
            self._record(label, live, result)
            current = list(self.base.instructions)
            if current != self._instructions:
                self.steps[-1].instructions = current
                self._instructions = current
            return result

        self.base.step_op = step_op  # instance attribute shadows the method for this trace only
        try:
            yield
        finally:
            del self.base.step_op

    def _record(self, label: str, live: list[int], result: tuple) -> None:
        _obs, reward, terminated, truncated, info = result
        notes = [str(info[k]) for k in ("action_note", "action_error", "error") if info.get(k)]
        self.steps.append(StepTrace(
            step=len(self.steps) + 1, action=label, reward=float(reward),
            score=float(info.get("score", 0.0)),
            fired={k: short_repr(v) for k, v in (info.get("fired") or {}).items()},
            live_sources=live,
            instructions=[],
            extras={k: short_repr(v) for k, v in (info.get("extras") or {}).items()},
            engine_errors=[str(e) for e in info.get("engine_errors", [])],
            note="; ".join(notes), terminated=bool(terminated), truncated=bool(truncated),
            episode_end=info.get("episode_end"),
        ))

    def note_error(self, message: str) -> None:
        """A wrapper-level error (e.g. ElementActions' action_error) for the last step."""
        if self.steps and message and message not in self.steps[-1].note:
            last = self.steps[-1]
            last.note = f"{last.note}; {message}" if last.note else message


def _summarise(task: Any, task_name: str, policy: str, seed: int, steps: list[StepTrace]) -> Trace:
    nodes = task_nodes(task)
    by_key: dict[str, list[NodeTrace]] = {}
    for node in nodes:
        by_key.setdefault(node.key, []).append(node)
    for st in steps:
        for key in st.fired:
            for node in by_key.get(key, []):
                node.fired_steps += 1
                if node.first_step is None:
                    node.first_step = st.step
        for sid in set(st.live_sources):
            for node in by_key.get(f"source:{sid}", []):
                node.live_steps = (node.live_steps or 0) + 1
    last = steps[-1] if steps else None
    if last is None:
        outcome = "not finished"
    elif last.episode_end == "success":
        outcome = "success"
    elif last.terminated:
        outcome = "failure"
    elif last.truncated:
        outcome = "truncated"
    else:
        outcome = "not finished"
    return Trace(task=task_name, policy=policy, seed=seed, steps=steps, nodes=nodes, outcome=outcome,
                 total_reward=sum(s.reward for s in steps))


def _drive(env: Any, recorder: _Recorder, actions: Iterator[tuple[str, Callable[[Any], Any]]]) -> None:
    """Step `env` with (label, obs -> action) pairs until they run out or the episode ends;
    an empty label is replaced by a description of the raw action."""
    obs = recorder.obs
    with recorder.tapped():
        for label, make in actions:
            action = make(obs)
            recorder.begin(label or _describe_raw(action))
            obs, _reward, terminated, truncated, info = env.step(action)
            if info.get("action_error"):
                recorder.note_error(str(info["action_error"]))
            if terminated or truncated:
                break


def trace_task(task: str, *, policy: str = "random", seed: int = 0, steps: int = 200,
               env_kwargs: dict[str, Any] | None = None) -> Trace:
    """Run one episode of `task` (registered id, family name or task file) and trace it.

    policy: "random" (raw actions sampled with `seed`, at most `steps`), "oracle" (a templated
    family's oracle, or the task file's `<task>.oracle` command script) or a path to a script
    of ElementActions commands. Scripts and oracles are also capped at `steps` steps.
    """
    from mobile_gym.env import MobileEnv
    from mobile_gym.wrappers import ElementActions

    if steps <= 0:
        raise ValueError(f"steps={steps}: must be positive")
    if seed < 0:
        raise ValueError(f"seed={seed}: must be >= 0")
    env: Any = MobileEnv(task, **(env_kwargs or {}))
    try:
        script = policy_script(env, policy)
        if script is not None:
            env = ElementActions(env)
        base = env.unwrapped
        recorder = _Recorder(base)
        env.action_space.seed(seed)
        recorder.obs, _info = env.reset(seed=seed)
        actions: Iterator[tuple[str, Callable[[Any], Any]]]
        if script is not None:
            actions = ((line, _command(env, line)) for line in script[:steps])
        elif policy == "oracle":
            actions = _oracle_actions(family_oracle(base), steps)
        else:
            actions = _random_actions(env, steps)
        _drive(env, recorder, actions)
        return _summarise(base.task, task, policy, seed, recorder.steps)
    finally:
        env.close()


def _oracle_actions(oracle: Any, steps: int) -> Iterator[tuple[str, Callable[[Any], Any]]]:
    for _ in range(steps):
        yield "", oracle.act


def _random_actions(env: Any, steps: int) -> Iterator[tuple[str, Callable[[Any], Any]]]:
    for _ in range(steps):
        action = random_action(env.action_space)
        yield _describe_raw(action), _constant(action)


def _constant(action: Any) -> Callable[[Any], Any]:
    """A policy step that ignores the observation (random samples, recorded actions)."""
    return lambda _obs: action


def _command(env: Any, line: str) -> Callable[[Any], Any]:
    """A policy step that turns an ElementActions command into an action on the current screen."""
    return lambda _obs: env.command(line)


def trace_replay(directory: str | Path) -> Trace:
    """Re-run a RecordEpisode recording (`mobile-gym replay`'s input) and trace its steps."""
    from mobile_gym.wrappers.record_episode import build_env, load_trajectory, recorded_action

    header, records = load_trajectory(directory)
    env = build_env(header)
    try:
        base: Any = env.unwrapped
        recorder = _Recorder(base)
        recorder.obs, _info = env.reset(seed=header["seed"], options=header.get("options"))

        def actions() -> Iterator[tuple[str, Callable[[Any], Any]]]:
            for record in records:
                action = recorded_action(env.action_space, record)
                yield _describe_raw(action), _constant(action)

        _drive(env, recorder, actions())
        seed = header["seed"] if header.get("seed") is not None else 0
        task_name = str((header.get("env") or {}).get("task", directory))
        return _summarise(base.task, task_name, f"replay {directory}", int(seed), recorder.steps)
    finally:
        env.close()


# ---------------------------------------------------------------------------- the table

def format_trace(trace: Trace, *, all_steps: bool = False) -> str:
    """The readable report: steps where something happened, the episode end, the summary."""
    lines = [f"task: {trace.task}  policy: {trace.policy}  seed: {trace.seed}  steps: {len(trace.steps)}"]
    shown = [s for s in trace.steps if all_steps or s.interesting]
    lines.append(f"{'step':>5}  {'reward':>7}  {'score':>7}  {'action':36s}  fired")
    for st in shown:
        fired = "  ".join(f"{k}={v}" for k, v in st.fired.items()) or "-"
        lines.append(f"{st.step:5d}  {st.reward:+7.3f}  {st.score:7.3f}  {st.action[:36]:36s}  {fired}")
        pad = " " * 62
        for text in st.instructions:
            lines.append(f"{pad}instruction: {text}")
        for k, v in st.extras.items():
            lines.append(f"{pad}extra {k}: {v}")
        for err in st.engine_errors:
            lines.append(f"{pad}engine error: {err}")
        if st.note:
            lines.append(f"{pad}note: {st.note}")
        if st.terminated or st.truncated:
            lines.append(f"{pad}episode end: {st.episode_end or ('truncated' if st.truncated else '?')}")
    if not shown:
        lines.append("  (no step fired anything or gave a reward)")
    lines.append(f"outcome: {trace.outcome} after {len(trace.steps)} steps, total reward {trace.total_reward:.3f}")
    lines.append("")
    lines.append("summary:")
    width = max([len(n.key) for n in trace.nodes] + [4])
    kind_w = max([len(n.kind) for n in trace.nodes] + [4])
    lines.append(f"  {'node':{width}s}  {'kind':{kind_w}s}  {'fired':>5}  {'first':>5}  {'live':>5}  where")
    for n in trace.nodes:
        first = str(n.first_step) if n.first_step is not None else "-"
        live = str(n.live_steps) if n.live_steps is not None else ""
        lines.append(f"  {n.key:{width}s}  {n.kind:{kind_w}s}  {n.fired_steps:5d}  {first:>5}  {live:>5}  {n.where}")
    never = [n for n in trace.never_fired if n.is_source]
    lines.append("")
    if never:
        lines.append("never fired:")
        for n in never:
            if n.key == "source:0":
                why = "id 0: no slot can reference it"
            elif not n.live_steps:
                why = "never live (no live slot references it, or a prerequisite never held)"
            else:
                why = f"live for {n.live_steps} steps, never matched"
            lines.append(f"  {n.where}: {n.key} ({n.kind}): {why}")
    else:
        lines.append("never fired: none (every source fired at least once)")
    slots = [n for n in trace.never_fired if not n.is_source]
    if slots:
        lines.append("slots that never fired: " + ", ".join(f"{n.key} ({n.where})" for n in slots))
    return "\n".join(lines)
