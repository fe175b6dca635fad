"""TaskFamily: an AndroidWorld-style templated task that becomes an ordinary `LoadedTask` per seed.

A family draws its parameters from `numpy.random.default_rng(seed)`'s numbers (through
`draws.Draws`, which gives them faster) and builds a `task_pb2.Task`:

* `command`: the instruction (template filled with the parameters);
* `setup_steps`: seed-independent steps run once per device (the environment snapshots after
  them), e.g. launch an app once so it creates its database;
* `reset_steps`: the seed's start state, run after every snapshot restore (`pm clear`, noise
  rows with `sqlite3`, files pushed, settings put, the app launched);
* `event_sources` / `event_slots`: shaped intermediate rewards (one-shot slots on view-hierarchy
  or log events) and the terminal success check: `state_event` sources ANDed into the
  episode_end listener. With `success_check="every_step"` the check runs every step; with
  `"on_answer"` the episode ends when the agent answers (any non-empty `response`), as a
  success iff the state check holds at that step.

A family with `ends_on_answer` always uses the "on_answer" protocol (information-retrieval
families, whose check is a typed `response_event.answer`, and Verify families);
`confirm_after` makes success wait for a progress item; `parts` gives partial credit as the
episode score (composite tasks).

The vocabulary (TEXT tokens) is fixed per family, so the action space is the same for every
seed. Every family also has an oracle: a list of `Move`s solving the seed's task through the raw
action space (see `oracle.py`); the step limit is derived from the longest oracle plan.
"""

from __future__ import annotations

import abc
import string
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any, ClassVar, Literal

import numpy as np

from mobile_gym.tasks import task_pb2
from mobile_gym.tasks.families.common import ResetStep, split_seed_writes
from mobile_gym.tasks.families.draws import Draws
from mobile_gym.tasks.loader import LoadedTask

SuccessCheck = Literal["every_step", "on_answer"]
SUCCESS_CHECKS: tuple[str, ...] = ("every_step", "on_answer")

#: Characters every family's vocabulary contains (so any text can be typed token by token).
BASE_CHARS: tuple[str, ...] = tuple(string.ascii_letters + string.digits + " .,'!?-_:;/()&")

#: Reward for reaching the goal state (shaping rewards are fractions of it).
SUCCESS_REWARD = 1.0
#: Step limit = this factor x the longest oracle plan over `PLAN_SAMPLES` seeds (+ slack).
STEP_LIMIT_FACTOR = 2
STEP_LIMIT_SLACK = 10
PLAN_SAMPLES = 64

_ID_SUCCESS_SLOT = 1000
_ID_ANSWER_SOURCE = 1001
_ID_ANSWER_SLOT = 1002
_ID_ANSWER_OK_SLOT = 1003
_ID_FAILURE_SLOT = 1004
_ID_SCORE_SLOTS = 2000


@dataclass(frozen=True)
class Progress:
    """A shaping reward: `reward` the first time `source` fires in an episode.

    `after` names the index of another Progress of the same family that must have fired before
    (e.g. "title typed" only counts once "editor opened" did); None = no prerequisite.
    """

    source: task_pb2.EventSource
    reward: float
    after: int | None = None


Difficulty = Literal["easy", "medium", "hard"]
DIFFICULTIES: tuple[str, ...] = ("easy", "medium", "hard")


@dataclass(frozen=True)
class FamilyInfo:
    """Registry metadata of a family: what the harness groups results by."""

    name: str
    app: str                        # the primary app's catalogue key (whose state is checked)
    complexity: float               # AndroidWorld's complexity (its step budget is 10x this)
    tags: tuple[str, ...]
    step_limit: int                 # raw env steps (TOUCH/LIFT/TEXT/KEY), from the oracle plans
    template: str
    apps: tuple[str, ...] = ()      # every app the task uses (catalogue keys), primary first
    android_world_name: str | None = None  # the AndroidWorld task this family reproduces
    difficulty: Difficulty | None = None   # AndroidWorld's difficulty label
    optimal_steps: int | None = None       # AndroidWorld's optimal number of agent steps


def tokens_for(words: Sequence[str]) -> tuple[str, ...]:
    """A family vocabulary: BASE_CHARS then the extra words (sorted, deduplicated)."""
    extra = sorted({w for w in words if w and w not in BASE_CHARS})
    return BASE_CHARS + tuple(extra)


class TaskFamily(abc.ABC):
    """Base class of templated task families (see the module docstring).

    Subclasses set the class attributes and implement `sample`, `instruction`, `reset_steps`,
    `success_checks` and `plan`; optionally `setup_steps` and `progress`.
    """

    name: ClassVar[str]
    app: ClassVar[str]
    complexity: ClassVar[float]  # AndroidWorld's complexity (its step budget is 10x this)
    tags: ClassVar[tuple[str, ...]] = ()
    template: ClassVar[str] = ""
    apps: ClassVar[tuple[str, ...]] = ()   # other apps the task uses, beyond `app`
    android_world_name: ClassVar[str | None] = None
    difficulty: ClassVar[Difficulty | None] = None
    optimal_steps: ClassVar[int | None] = None
    #: True: whatever `success_check` says, the episode ends when the agent answers (a
    #: non-empty `response`), as a success iff every check holds then -- information-retrieval
    #: families (one check is the typed answer) and Verify families (the agent must report).
    ends_on_answer: ClassVar[bool] = False
    #: Index of a `progress` item that must have fired (at any earlier or the same step)
    #: before success counts, e.g. a Verify task's "the setting's page was on screen".
    confirm_after: ClassVar[int | None] = None
    words: ClassVar[tuple[str, ...]] = ()  # vocabulary words beyond BASE_CHARS
    types_text: ClassVar[bool] = False  # False: no vocabulary (TEXT actions do nothing)

    def __init__(self, *, success_check: SuccessCheck = "every_step") -> None:
        if success_check not in SUCCESS_CHECKS:
            raise ValueError(f"success_check={success_check!r}: expected one of {SUCCESS_CHECKS}")
        self.success_check = success_check

    # -- what subclasses define -----------------------------------------------------------------
    @abc.abstractmethod
    def sample(self, rng: np.random.Generator) -> Any:
        """The seed's parameters (a frozen dataclass), drawn from `rng` only."""

    @abc.abstractmethod
    def instruction(self, params: Any) -> str:
        """The goal text shown to the agent."""

    def setup_steps(self) -> list[task_pb2.SetupStep]:
        """Seed-independent steps run once per device before the snapshot."""
        return []

    @abc.abstractmethod
    def reset_steps(self, params: Any) -> list[ResetStep]:
        """Steps putting the device into this seed's start state (after a snapshot restore);
        a `common.sqlite_step` among them carries its words to `LoadedTask.seed_writes`."""

    def progress(self, params: Any) -> list[Progress]:
        """Shaping rewards (default: none)."""
        return []

    def parts(self, params: Any) -> list[tuple[task_pb2.StateEvent, task_pb2.StateEvent]]:
        """Partial credit (composite tasks): each part as (holds, does not hold) checks. When
        given, the episode score is the fraction of parts that hold (0.5 per part of two, as
        AndroidWorld averages its composite checks), the reward is the score's change (no
        success bonus), and success still needs every `success_checks` item. Default: none."""
        return []

    @abc.abstractmethod
    def success_checks(self, params: Any) -> list[task_pb2.StateEvent | task_pb2.EventSource]:
        """Checks that must all hold (in the same step) for success: `state_event`s, or event
        sources for what the app state cannot show (e.g. the foreground app). A tuple of
        checks is a group of alternatives (any one of them)."""

    def failure_checks(self, params: Any) -> list[task_pb2.EventSource]:
        """Wrong choices the real task would judge a failure (e.g. a wrong app in front): any
        one of them ends the episode at once as a failure, so an agent cannot reach success
        by trying every option. Default: none."""
        return []

    @abc.abstractmethod
    def plan(self, params: Any) -> list[Any]:
        """The oracle's moves (`oracle.Move`s) for these parameters."""

    # -- derived --------------------------------------------------------------------------------
    @classmethod
    def vocabulary(cls) -> tuple[str, ...]:
        if not cls.types_text:
            return ()
        words = cls.words
        return _family_tokens(words) if isinstance(words, tuple) else tokens_for(words)

    @property
    def protocol(self) -> SuccessCheck:
        """How the episode ends: "on_answer" for `ends_on_answer` families, else `success_check`."""
        return "on_answer" if self.ends_on_answer else self.success_check

    def params(self, seed: int) -> Any:
        """The parameters of `seed` (deterministic): `sample` draws from `Draws(seed)`, the
        numbers of `numpy.random.default_rng(seed)` at a lower cost per draw."""
        if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool) or seed < 0:
            raise ValueError(f"seed={seed!r}: a task seed must be a non-negative int")
        return self.sample(Draws(int(seed)))  # type: ignore[arg-type]  # a Generator stand-in

    @property
    def step_limit(self) -> int:
        """STEP_LIMIT_FACTOR x the longest oracle plan (raw steps) over PLAN_SAMPLES seeds + slack
        (computed once per family class)."""
        return _step_limit(type(self))

    def info(self) -> FamilyInfo:
        if self.difficulty is not None and self.difficulty not in DIFFICULTIES:
            raise ValueError(f"{self.name}.difficulty={self.difficulty!r}: expected one of {DIFFICULTIES}")
        apps = tuple(dict.fromkeys((self.app, *self.apps)))
        return FamilyInfo(self.name, self.app, float(self.complexity), tuple(self.tags),
                          self.step_limit, self.template, apps, self.android_world_name,
                          self.difficulty, self.optimal_steps)

    def make_task(self, seed: int) -> LoadedTask:
        """The seed's task as an ordinary LoadedTask (what the environment runs)."""
        params = self.params(seed)
        instruction = self.instruction(params)
        task = task_pb2.Task()
        task.CopyFrom(self._seedless_part)
        task.id = f"{self.name}/{int(seed)}"
        task.name = self.name
        task.description = instruction
        task.command.append(instruction)
        steps, writes = split_seed_writes(self.reset_steps(params))
        task.reset_steps.extend(steps)
        self._events(task, params)
        return LoadedTask(proto=task, path=None, directory=None, seed_writes=writes)

    @cached_property
    def _seedless_part(self) -> task_pb2.Task:
        """What every seed's task holds alike: the step limit, the vocabulary and the setup
        steps, built once per family object (a copy of it costs a third of building them)."""
        task = task_pb2.Task(max_num_steps=self.step_limit)
        task.vocabulary.extend(self.vocabulary())
        task.setup_steps.extend(self.setup_steps())
        return task

    def oracle(self, seed: int, *, screen_size: tuple[int, int] = (1080, 2400),
               step_seconds: float = 0.1):
        """A scripted policy solving `seed`'s task through the raw action space (`screen_size`
        and `step_seconds` are the environment's: they place touches and time long presses)."""
        from mobile_gym.tasks.families.oracle import Answer, AnswerNotes, Oracle

        moves = list(self.plan(self.params(seed)))
        if self.protocol == "on_answer" and not (moves and isinstance(moves[-1], (Answer, AnswerNotes))):
            moves.append(Answer("done"))
        return Oracle(moves, self.vocabulary(), screen_size=screen_size, step_seconds=step_seconds)

    # -- event graph ----------------------------------------------------------------------------
    def _events(self, task: task_pb2.Task, params: Any) -> None:
        reward = task.event_slots.reward_listener
        reward.type = task_pb2.EventSlot.OR
        next_id = 1
        progress_slot_ids: list[int] = []
        for item in self.progress(params):
            src = task.event_sources.add()
            src.CopyFrom(item.source)
            src.id = next_id
            src.repeatability = task_pb2.EventSource.UNLIMITED
            slot = reward.events.add().event
            slot.id = next_id + 500
            slot.events.add().id = next_id
            slot.transformation.append(f"y = {float(item.reward)!r}")
            slot.repeatability = task_pb2.EventSlot.NONE
            if item.after is not None:
                if not 0 <= item.after < len(progress_slot_ids):
                    raise ValueError(f"{self.name}: Progress.after={item.after} must name an "
                                     "earlier progress item")
                slot.prerequisite.append(progress_slot_ids[item.after])
            progress_slot_ids.append(slot.id)
            next_id += 1
        checks = self.success_checks(params)
        if not checks:
            raise ValueError(f"{self.name}: success_checks() returned no checks")
        success = task_pb2.EventSlot(id=_ID_SUCCESS_SLOT, type=task_pb2.EventSlot.AND,
                                     repeatability=task_pb2.EventSlot.UNLIMITED)
        if self.confirm_after is not None:
            if not 0 <= self.confirm_after < len(progress_slot_ids):
                raise ValueError(f"{self.name}: confirm_after={self.confirm_after} must name a "
                                 "progress item")
            success.prerequisite.append(progress_slot_ids[self.confirm_after])
        for item in checks:
            group = item if isinstance(item, (tuple, list)) else (item,)
            target = success
            if len(group) > 1:  # alternatives: any one of them
                target = success.events.add().event
                target.type = task_pb2.EventSlot.OR
            for check in group:
                src = task.event_sources.add()
                if isinstance(check, task_pb2.StateEvent):
                    src.state_event.CopyFrom(check)
                elif isinstance(check, task_pb2.EventSource):
                    src.CopyFrom(check)
                else:
                    raise TypeError(f"{self.name}: a success check must be a StateEvent or an "
                                    f"EventSource, got {type(check).__name__}")
                src.id = next_id
                src.repeatability = task_pb2.EventSource.UNLIMITED
                target.events.add().id = next_id
                next_id += 1
        success.transformation.append("y = True")
        failure, next_id = self._failure_slot(task, self.failure_checks(params), next_id)
        end = task.event_slots.episode_end_listener
        if failure is not None:
            end.type = task_pb2.EventSlot.OR
            end.events.add().event.CopyFrom(failure)  # first: the OR keeps the last value
        parts = self.parts(params)
        if parts:
            next_id = self._score_parts(task, parts, next_id)
        if self.protocol == "every_step":
            end.events.add().event.CopyFrom(success)
            if parts:
                return
            paid = task_pb2.EventSlot(id=_ID_SUCCESS_SLOT + 10, repeatability=task_pb2.EventSlot.NONE,
                                      transformation=[f"y = {SUCCESS_REWARD!r}"])
            paid.events.add().id = _ID_SUCCESS_SLOT
            reward.events.add().event.CopyFrom(paid)
            return
        # on_answer: any non-empty answer ends the episode; success iff the state holds then.
        task.event_sources.add(id=_ID_ANSWER_SOURCE, repeatability=task_pb2.EventSource.UNLIMITED,
                               response_event=task_pb2.EventSource.ResponseEvent(pattern=r"\S"))
        answered = task_pb2.EventSlot(id=_ID_ANSWER_SLOT, transformation=["y = False"])
        answered.events.add().id = _ID_ANSWER_SOURCE
        ok = task_pb2.EventSlot(id=_ID_ANSWER_OK_SLOT, type=task_pb2.EventSlot.AND,
                                transformation=["y = True"])
        ok.events.add().id = _ID_ANSWER_SOURCE
        ok.events.add().event.CopyFrom(success)
        end.type = task_pb2.EventSlot.OR
        end.events.add().event.CopyFrom(answered)  # first: the OR keeps the last value
        end.events.add().event.CopyFrom(ok)
        if parts:
            return
        paid = task_pb2.EventSlot(id=_ID_ANSWER_OK_SLOT + 10, repeatability=task_pb2.EventSlot.NONE,
                                  transformation=[f"y = {SUCCESS_REWARD!r}"])
        paid.events.add().id = _ID_ANSWER_OK_SLOT
        reward.events.add().event.CopyFrom(paid)


    def _failure_slot(self, task: task_pb2.Task, checks: list[task_pb2.EventSource],
                      next_id: int) -> tuple[task_pb2.EventSlot | None, int]:
        """An OR slot worth False over the failure check sources (None without checks)."""
        if not checks:
            return None, next_id
        failure = task_pb2.EventSlot(id=_ID_FAILURE_SLOT, type=task_pb2.EventSlot.OR,
                                     transformation=["y = False"])
        for check in checks:
            if not isinstance(check, task_pb2.EventSource):
                raise TypeError(f"{self.name}: a failure check must be an EventSource, got "
                                f"{type(check).__name__}")
            src = task.event_sources.add()
            src.CopyFrom(check)
            src.id = next_id
            src.repeatability = task_pb2.EventSource.UNLIMITED
            failure.events.add().id = next_id
            next_id += 1
        return failure, next_id

    def _score_parts(self, task: task_pb2.Task,
                     parts: list[tuple[task_pb2.StateEvent, task_pb2.StateEvent]],
                     next_id: int) -> int:
        """The score listener: one AND slot per combination of part outcomes (exactly one fires
        each step), valued at the fraction of parts that hold; the reward is the score change."""
        ids: list[tuple[int, int]] = []
        for holds, fails in parts:
            pair = []
            for check in (holds, fails):
                task.event_sources.add(id=next_id, repeatability=task_pb2.EventSource.UNLIMITED,
                                       state_event=check)
                pair.append(next_id)
                next_id += 1
            ids.append((pair[0], pair[1]))
        score = task.event_slots.score_listener
        score.type = task_pb2.EventSlot.OR
        n = len(parts)
        for mask in range(2 ** n):
            combo = score.events.add().event
            combo.id = _ID_SCORE_SLOTS + mask
            combo.type = task_pb2.EventSlot.AND
            combo.repeatability = task_pb2.EventSlot.UNLIMITED
            held = 0
            for k, (yes, no) in enumerate(ids):
                hold = bool(mask >> k & 1)
                held += hold
                combo.events.add().id = yes if hold else no
            combo.transformation.append(f"y = {held / n!r}")
        return next_id


@cache
def _family_tokens(words: tuple[str, ...]) -> tuple[str, ...]:
    """`tokens_for` of a family's words, once per family (every `make_task` asks for it)."""
    return tokens_for(words)


@cache
def _step_limit(cls: type[TaskFamily]) -> int:
    from mobile_gym.tasks.families.oracle import plan_cost

    family = cls()
    vocab = cls.vocabulary()
    longest = max(plan_cost(family.plan(family.params(s)), vocab) for s in range(PLAN_SAMPLES))
    return STEP_LIMIT_FACTOR * longest + STEP_LIMIT_SLACK
