"""state_event sources: app state checks (SQLite, files, settings) through the Device.

The checks themselves are the task validators' (`mobile_gym.tasks.validators.state`): one
definition of AndroidWorld's semantics for Python task classes and for task files. Each step a
live state source evaluates its check; the observation (the validator's value, or "no match")
is the raw input, so a NONE source fires once per distinct passing state and a LAST source on a
change. A check whose inputs (`state_reads`: its files, database, setting) have the same
`Device.state_version` as when it last ran gives its last observation without reading the
device (sim: change counters; adb answers None, so it reads every step). When several
checks are live, one `state_version` of everything they read is taken per step
(`Context.live_state_version`), and while it stays equal none of them looks further; with
`EngineOptions.reuse_unchanged_state=False` every check runs every step. The value handed to
transformations is the validator's dict (e.g. {"value": "1"} for a setting). rows_added / rows_removed compare with a baseline taken at
`EventEngine.reset(device=...)` (or, without a device there, at the episode's first step).
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Iterable
from typing import Any

from mobile_gym.device.base import Device, DeviceError
from mobile_gym.events.errors import InputError, TaskCompileError
from mobile_gym.events.matchers import NO_MATCH
from mobile_gym.events.sources.base import Context, Repeat, Source, SourceSpec

__all__ = ["LiveStateChecks", "StateSource"]

_NEEDS_BASELINE = ("rows_added", "rows_removed")


class _Observation:
    """One observed state: hashable by a canonical text of the value (None = no match)."""

    __slots__ = ("value", "key")

    def __init__(self, value: dict[str, Any] | None) -> None:
        self.value = value
        self.key = "" if value is None else json.dumps(value, sort_keys=True, default=repr)

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Observation) and other.key == self.key


class StateSource(Source):
    kinds = ("state_event",)
    kind = "state_event"
    needs = "state"

    @classmethod
    def from_proto(cls, spec: SourceSpec) -> StateSource:
        return cls(spec.node_id, spec.repeat, spec.where, check=spec.event,
                   reuse_unchanged=spec.tools.options.reuse_unchanged_state)

    def __init__(self, node_id: int, repeat: Repeat, where: str, *, check: Any,
                 reuse_unchanged: bool = True) -> None:
        from mobile_gym.tasks.validators.state import state_reads

        self.check = check
        self.reuse_unchanged = reuse_unchanged
        self.which = check.WhichOneof("check")
        if self.which is None:
            raise TaskCompileError(f"{where}: state_event has no check (sqlite_query, rows_added, rows_removed, file, setting)")
        if self.which == "sqlite_query":
            sql = check.sqlite_query.sql.strip().lower()
            if not sql.startswith(("select", "with")):
                raise TaskCompileError(f"{where}: sqlite_query.sql must be one SELECT statement, got {check.sqlite_query.sql!r}")
        self.reads = state_reads(check)
        super().__init__(node_id, repeat, where)

    def reset(self) -> None:
        super().reset()
        self._baseline: Any = None
        self._has_baseline = False
        self._last_version: Hashable | None = None
        self._last_shared: Hashable | None = None  # Context.live_state_version at that look
        self._last_observation: _Observation | None = None

    def begin_episode(self, device: Device | None) -> None:
        """Take the baseline for row checks now (called by `EventEngine.reset(device=...)`)."""
        if device is not None and self.which in _NEEDS_BASELINE:
            self._capture(device)

    def _capture(self, device: Device) -> None:
        from mobile_gym.tasks.validators.state import capture_baseline

        try:
            self._baseline = capture_baseline(self.check, device)
        except (ValueError, FileNotFoundError) as exc:
            raise InputError(f"{self.where}: cannot take the {self.which} baseline: {exc}") from None
        self._has_baseline = True

    def raw_inputs(self, ctx: Context) -> list[Hashable]:
        device = ctx.device
        if device is None:
            raise InputError(f"{self.where}: a state_event needs StepInputs.device")
        if self.which in _NEEDS_BASELINE and not self._has_baseline:
            self._capture(device)
        shared = ctx.live_state_version(self) if self.reuse_unchanged else None
        if shared is not None and shared == self._last_shared:
            return [self._last_observation]  # nothing any live check reads changed
        try:
            version = (device.state_version(self.reads.paths, self.reads.settings)
                       if self.reuse_unchanged else None)
            if version is not None and version == self._last_version:
                self._last_shared = shared
                return [self._last_observation]  # nothing it reads changed since then
            from mobile_gym.tasks.validators.state import evaluate_state

            observation = _Observation(evaluate_state(self.check, device, self._baseline))
        except DeviceError:
            raise  # the device went away: the environment's business
        except (ValueError, RuntimeError) as exc:
            raise InputError(f"{self.where}: state check failed: {exc}") from None
        self._last_version, self._last_observation = version, observation
        self._last_shared = shared if version is not None else None
        return [observation]

    def match(self, raw: Any, ctx: Context) -> Any:
        return NO_MATCH if raw.value is None else raw.value


class LiveStateChecks:
    """The live state checks of a step that share one `Device.state_version` look (two or
    more that reuse unchanged state; with fewer, `checks` is empty and each looks at its own
    reads): what they read together, and which they are."""

    __slots__ = ("checks", "reads")

    def __init__(self, sources: Iterable[Source]) -> None:
        from mobile_gym.tasks.validators.state import StateReads

        checks = [s for s in sources if isinstance(s, StateSource) and s.reuse_unchanged]
        if len(checks) < 2:
            checks = []
        self.checks = frozenset(checks)
        self.reads = StateReads(  # in the live order: equal for an equal live set
            paths=tuple(dict.fromkeys(p for c in checks for p in c.reads.paths)),
            settings=tuple(dict.fromkeys(k for c in checks for k in c.reads.settings)))

    def version(self, device: Device) -> Hashable | None:
        """What they read with its version on `device`, or None when the device cannot tell."""
        version = device.state_version(self.reads.paths, self.reads.settings)
        return None if version is None else (self.reads, version)
