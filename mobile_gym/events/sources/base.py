"""What every source shares: the repeatability gate, per-episode state and the step context API."""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Protocol

import numpy as np
from lxml import etree

from mobile_gym.device.base import Device, LogLine, TextBox
from mobile_gym.events.matchers import NO_MATCH
from mobile_gym.events.ui_tree import UiTree

__all__ = ["CompileTools", "Context", "Repeat", "Source", "SourceSpec", "rect_to_box"]


class Repeat(enum.Enum):
    """One internal repeatability enum. The wire enums differ: EventSource NONE=0 LAST=1
    UNLIMITED=2 (default NONE) and EventSlot UNLIMITED=0 LAST=1 NONE=2 (default UNLIMITED);
    `from_source_wire` / `from_slot_wire` map them by name, never by arithmetic."""

    NONE = "none"
    LAST = "last"
    UNLIMITED = "unlimited"

    @staticmethod
    def from_source_wire(value: int) -> Repeat:
        return {0: Repeat.NONE, 1: Repeat.LAST, 2: Repeat.UNLIMITED}[value]

    @staticmethod
    def from_slot_wire(value: int) -> Repeat:
        return {0: Repeat.UNLIMITED, 1: Repeat.LAST, 2: Repeat.NONE}[value]


class Context(Protocol):
    """One step's lazily computed observations (implemented by the engine)."""

    frame_id: int
    log_lines: Sequence[LogLine]
    response: str | None
    device: Device | None

    def screen_size(self) -> tuple[int, int]: ...
    def screenshot(self) -> np.ndarray: ...
    def hierarchy_text(self) -> str: ...
    def hierarchy(self) -> etree._Element: ...
    def ui_tree(self) -> UiTree | None: ...
    def hierarchy_memo(self) -> dict[Hashable, Any]: ...
    def text_boxes(self) -> list[TextBox]: ...
    def text_memo(self) -> dict[Hashable, Any]: ...
    def memo(self, key: Hashable) -> Any: ...
    def set_memo(self, key: Hashable, value: Any) -> None: ...
    def live_state_version(self, check: Any) -> Hashable | None: ...


class CompileTools(Protocol):
    """What the engine lends a source kind while it compiles (implemented by the engine)."""

    directory: Path | None      # the task file's folder, None in memory
    assets: Any                 # tasks.assets.TaskAssets of that folder: the only files it may read
    options: Any                # the engine's EngineOptions

    def rect(self, event: Any, where: str) -> tuple[float, float, float, float]: ...
    def icon_model(self) -> Any: ...
    def sentence_encoder(self) -> Any: ...


@dataclass(frozen=True)
class SourceSpec:
    """One `EventSource` message as a source kind's `from_proto` receives it."""

    node_id: int
    repeat: Repeat
    kind: str                   # the oneof name, e.g. "text_detect"
    event: Any                  # the oneof's message
    where: str                  # "FILE:LINE:COL: event source #i (id n) <kind>"
    locate: Callable[[tuple[Any, ...], str], str]  # (field path inside the event, what) -> where
    tools: CompileTools


def rect_to_box(rect: tuple[float, float, float, float], size: tuple[int, int]) -> tuple[int, int, int, int]:
    """Normalised (x0, y0, x1, y1) -> device pixels (left, top, right, bottom), rounded outward."""
    w, h = size
    x0, y0, x1, y1 = rect
    return (int(np.floor(x0 * w)), int(np.floor(y0 * h)), int(np.ceil(x1 * w)), int(np.ceil(y1 * h)))


# Read as globals on every step: a class attribute of an Enum goes through
# EnumType.__getattr__ on Python 3.11, several times slower.
_UNLIMITED, _NONE = Repeat.UNLIMITED, Repeat.NONE


class Source:
    """A leaf of the event graph. Subclasses produce raw inputs and match them.

    Per step: `evaluate(ctx)` gathers raw inputs, passes each through the repeatability gate
    (NONE: skip an input equal to one that activated this source earlier in the episode;
    LAST: skip an input seen in the previous observation -- with `sequential_last`, an input
    equal to the input just before it, as Mobile-Env does; UNLIMITED: no gate), matches the rest
    and returns the match values (several matches in one step accumulate).
    """

    #: The `EventSource.event` oneof names this class compiles (the engine's kind table).
    kinds: ClassVar[tuple[str, ...]] = ()
    kind: str = ""
    needs: str = ""  # "text" | "icon" | "hierarchy" | "log" | "response" | "state"
    stream: bool = False  # log/response: LAST compares with the previous input, not the previous step

    @classmethod
    def from_proto(cls, spec: SourceSpec) -> Source:
        """Compile one source of this kind; TaskCompileError naming `spec.where` on bad input."""
        raise NotImplementedError

    def begin_episode(self, device: Device | None) -> None:
        """The episode starts (after the task's reset steps): take baselines here if needed."""

    def __init__(self, node_id: int, repeat: Repeat, where: str) -> None:
        self.id = node_id
        self.repeat = repeat
        self.where = where
        # LAST compares each input with the one input before it (Mobile-Env's rule; always for
        # streams, for screen sources with EngineOptions.mobile_env_last)
        self.sequential_last = self.stream
        self.reset()

    def reset(self) -> None:
        self.ever_set = False
        self._history: set[Any] = set()
        self._previous: Any = _UNSET
        self._previous_set: frozenset[Any] = frozenset()

    def raw_inputs(self, ctx: Context) -> list[Hashable]:
        raise NotImplementedError

    def match(self, raw: Any, ctx: Context) -> Any:
        raise NotImplementedError

    def evaluate(self, ctx: Context) -> list[Any]:
        raws = self.raw_inputs(ctx)
        values: list[Any] = []
        rep = self.repeat
        if rep is _UNLIMITED:
            for raw in raws:
                v = self.match(raw, ctx)
                if v is not NO_MATCH:
                    values.append(v)
        elif rep is _NONE:
            history = self._history
            for raw in raws:
                if raw in history:
                    continue
                v = self.match(raw, ctx)
                if v is not NO_MATCH:
                    history.add(raw)
                    values.append(v)
        elif self.sequential_last:
            for raw in raws:
                if raw == self._previous:
                    continue
                self._previous = raw
                v = self.match(raw, ctx)
                if v is not NO_MATCH:
                    values.append(v)
        else:
            prev = self._previous_set
            for raw in raws:
                if raw in prev:
                    continue
                v = self.match(raw, ctx)
                if v is not NO_MATCH:
                    values.append(v)
            self._previous_set = frozenset(raws)
        if values:
            self.ever_set = True
        return values


class _Unset:
    def __repr__(self) -> str:
        return "<unset>"


_UNSET = _Unset()
