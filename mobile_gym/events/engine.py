"""The event engine: a task's sources -> slots -> listeners, evaluated one step at a time.

`EventEngine(task)` compiles everything once (selectors to XPath, regexes, transformations,
log filters, icon references, the id graph) and raises `TaskCompileError` subclasses naming the
file, line and node. `step(inputs)` is synchronous -- the step's reward, score, episode end,
extras and instructions come from that step's own frame, hierarchy, log lines and response --
and lazy: only sources reachable from live slots are evaluated, the hierarchy is parsed and OCR
runs only when such a source needs them. `reset()` starts a new episode with nothing carried
over.
"""

from __future__ import annotations

import operator
import time
from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from lxml import etree

from mobile_gym.device.base import Device, LogLine, TextBox
from mobile_gym.device.read_cache import Carry, ReadCache
from mobile_gym.events.errors import (
    EventGraphError,
    InputError,
    TaskCompileError,
)
from mobile_gym.events.icon_model import IconModel, TemplateIconModel, load_templates
from mobile_gym.events.inputs import StepInputs, StepResult
from mobile_gym.events.listeners import (
    LISTENER_KINDS,
    LISTENERS,
    EpisodeEndPolicy,
    default_episode_end,
    extra_specs,
    stack_extras,
)
from mobile_gym.events.matchers import (
    SentenceEncoder,
    default_sentence_encoder,
)
from mobile_gym.events.slots import (
    NEVER,
    Node,
    Slot,
    SourceNode,
    StepState,
    stateless,
    topological,
)
from mobile_gym.events.sources import SOURCE_KINDS
from mobile_gym.events.sources.base import Repeat, SourceSpec
from mobile_gym.events.sources.state import LiveStateChecks
from mobile_gym.events.sources.text import FULL_SCREEN, TextSource
from mobile_gym.events.sources.view_hierarchy import ViewHierarchySource
from mobile_gym.events.text_model import RapidOcrTextModel, TextModel, union_box
from mobile_gym.events.transform import DEFAULT_LIMITS, Limits, compile_transformation
from mobile_gym.events.ui_tree import UiTree, UiTreeReader
from mobile_gym.tasks.assets import TaskAssets

__all__ = ["EngineOptions", "EventEngine", "StepInputs", "StepResult"]

_UNREAD = object()  # the current dump has not been read into a UiTree yet
_UNSET = object()  # a listener with no value this step


@dataclass(frozen=True)
class EngineOptions:
    """Behaviour switches. The defaults are mobile_gym's; see the README for Mobile-Env's."""

    episode_end: EpisodeEndPolicy = default_episode_end
    strict: bool = False  # raise TransformRuntimeError instead of reporting it in StepResult.errors
    vh_reference_on_left: bool = False  # Mobile-Env compared `reference <sign> actual`
    limits: Limits = DEFAULT_LIMITS
    # extras as Mobile-Env gives them: each name's values stacked into one numpy array shaped by
    # extras_spec; True keeps mobile_gym's per-occurrence lists
    extras_as_lists: bool = False
    # LAST on screen sources as Mobile-Env: skip an input equal to the previous input seen
    # (node by node, kept over steps without any); default: skip inputs of the previous step
    mobile_env_last: bool = False
    # state checks keep their last result while `Device.state_version` of what they read is
    # unchanged; False evaluates every live check every step (same results, for comparison)
    reuse_unchanged_state: bool = True


FieldPath = tuple[Any, ...]


#: View-hierarchy sources an engine keeps for `rebind` (a few kilobytes each).
_REBOUND_SOURCES = 512
#: Dump readers an engine keeps for `rebind`, one per set of selector compounds (each holds at
#: most its reader's cache of tags).
_KEPT_READERS = 4


class _Where:
    """Names places in the task file: FILE:LINE:COL via the loader's source map when present."""

    def __init__(self, task: Any) -> None:
        self.task = task
        path = getattr(task, "path", None)
        self.name = str(path) if path is not None else "<task>"

    def __call__(self, path: FieldPath, what: str) -> str:
        fn = getattr(self.task, "where", None)
        loc = self.name
        if callable(fn):
            try:
                loc = fn(path)
            except Exception:  # noqa: BLE001 - locating is best effort; the node name still follows
                loc = self.name
        return f"{loc}: {what}"


def _fmt(path: FieldPath) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (("." if out else "") + str(p))
    return out


class _CompileTools:
    """The engine's helpers a source kind uses while it compiles (sources.base.CompileTools)."""

    def __init__(self, engine: EventEngine) -> None:
        self._engine = engine
        self.directory = engine.directory
        self.assets = TaskAssets.of(engine.task)
        self.options = engine.options

    def rect(self, event: Any, where: str) -> tuple[float, float, float, float]:
        return self._engine._rect(event, where)

    def icon_model(self) -> IconModel:
        return self._engine._icon()

    def sentence_encoder(self) -> SentenceEncoder:
        return self._engine._encoder_factory()


class _Context:
    """One step's lazily computed observations."""

    def __init__(self, engine: EventEngine, inputs: StepInputs) -> None:
        self.engine = engine
        self.inputs = inputs
        self.frame_id = inputs.frame_id
        self.log_lines: Sequence[LogLine] = inputs.log_lines
        self.response = inputs.response
        self._device: ReadCache | None = None
        self._size: tuple[int, int] | None = inputs.screen_size
        self._shot: np.ndarray | None = None
        self._boxes: list[TextBox] | None = None
        self._xml: str | None = None
        self._memo: dict[Hashable, Any] = {}
        self._state_version: Hashable | None | object = _UNREAD
        self.timing: dict[str, float] = {}

    @property
    def device(self) -> Device | None:
        """The step's device behind a read cache made at the first use (state checks of one
        step read one device state: repeated reads come from memory); None without a device."""
        if self._device is None and self.inputs.device is not None:
            self._device = ReadCache(self.inputs.device, carry=self.engine._reads_carry)
        return self._device  # type: ignore[return-value]

    def live_state_version(self, check: Any) -> Hashable | None:
        """What the step's live state checks read, with its `Device.state_version`, looked at
        once for all of them (it holds what `check` reads); None when `check` is not one of
        at least two live checks (each looks at its own), without a device, or when the
        device cannot tell."""
        live = self.engine._live_state
        if check not in live.checks:
            return None
        if self._state_version is _UNREAD:
            device = self.inputs.device
            self._state_version = None if device is None else live.version(device)
        return self._state_version

    def close(self) -> None:
        """End the step's reads: the read cache, if one was made, hands its table reads on
        to the next span."""
        if self._device is not None:
            self._device.close()

    def _time(self, key: str, t0: float) -> None:
        self.timing[key] = self.timing.get(key, 0.0) + time.perf_counter() - t0

    def screen_size(self) -> tuple[int, int]:
        if self._size is None:
            if self.inputs.device is not None:
                self._size = tuple(self.inputs.device.screen_size)  # type: ignore[assignment]
            else:
                shot = self.screenshot()
                self._size = (int(shot.shape[1]), int(shot.shape[0]))
        return self._size  # type: ignore[return-value]

    def screenshot(self) -> np.ndarray:
        if self._shot is None:
            t0 = time.perf_counter()
            shot = self.inputs.screenshot()
            if not isinstance(shot, np.ndarray) or shot.ndim != 3 or shot.shape[2] < 3:
                raise InputError(f"frame {self.frame_id}: screenshot must be an (H, W, 3) array, "
                                 f"got {getattr(shot, 'shape', type(shot).__name__)}")
            self._shot = shot
            self._time("screenshot", t0)
        return self._shot

    def hierarchy_text(self) -> str:
        if self._xml is None:
            t0 = time.perf_counter()
            xml = self.inputs.view_hierarchy()
            if not isinstance(xml, str):
                raise InputError(f"frame {self.frame_id}: view_hierarchy() must return XML text, got {type(xml).__name__}")
            if "<" not in xml:  # caught here, before any pre-test could skip the parse
                raise InputError(f"frame {self.frame_id}: view hierarchy is not XML: {xml[:80]!r}")
            self.engine._note_hierarchy_text(xml)
            self._xml = xml
            self._time("hierarchy", t0)
        return self._xml

    def hierarchy(self) -> etree._Element:
        xml = self.hierarchy_text()  # first: it tells the engine whether the dump changed
        t0 = time.perf_counter()
        root = self.engine._parse_hierarchy(xml, self.frame_id)
        self._time("hierarchy_parse", t0)
        return root

    def ui_tree(self) -> UiTree | None:
        """The dump read by the fast reader, or None when it needs lxml (see ui_tree.py)."""
        xml = self.hierarchy_text()
        t0 = time.perf_counter()
        tree = self.engine._read_tree(xml)
        self._time("hierarchy_parse", t0)
        return tree

    def hierarchy_memo(self) -> dict[Hashable, Any]:
        """Results that hold as long as the dump's text does (kept across identical steps)."""
        self.hierarchy_text()
        return self.engine._vh_memo

    def text_boxes(self) -> list[TextBox]:
        if self._boxes is None:
            t0 = time.perf_counter()
            boxes = self.inputs.text_boxes()
            if boxes is None:
                # Computed at the first text read of the step, so that sources whose prerequisites
                # were met earlier in this step (or may still be met later in it) are in the crop.
                regions = [s.region(self) for s in self.engine._text_sources_this_step()]
                region = union_box(regions) if regions else (0, 0, *self.screen_size())
                model = self.engine._get_text_model()
                boxes = model.read(self.frame_id, self.screenshot(), region)
                self._time("ocr", t0)
            else:
                self._time("text_boxes", t0)
            self._boxes = list(boxes)
            self.engine._note_text_boxes(self._boxes)
        return self._boxes

    def text_memo(self) -> dict[Hashable, Any]:
        """Results that hold as long as the text boxes do (kept across identical steps)."""
        self.text_boxes()
        return self.engine._text_memo

    def memo(self, key: Hashable) -> Any:
        return self._memo.get(key)

    def set_memo(self, key: Hashable, value: Any) -> None:
        self._memo[key] = value


class EventEngine:
    """Evaluates a task's event graph step by step. See the module docstring."""

    def __init__(self, task: Any, *, text_model: TextModel | None = None, icon_model: IconModel | None = None,
                 options: EngineOptions | None = None,
                 sentence_encoder: SentenceEncoder | None = None) -> None:
        self.task = task
        self.proto = getattr(task, "proto", task)
        self.options = options or EngineOptions()
        directory = getattr(task, "directory", None)
        self.directory = Path(directory) if directory is not None else None
        self._text_model = text_model
        self._icon_model = icon_model
        self._encoder = sentence_encoder
        self._where = _Where(task)
        self._state = StepState()
        self._state.strict = self.options.strict
        # The last dump's text and what was derived from it, while it stays the same.
        self._seen_xml: str | None = None
        self._root: etree._Element | None = None
        self._tree: UiTree | None | object = _UNREAD
        self._vh_memo: dict[Hashable, Any] = {}
        #: View-hierarchy sources compiled for earlier tasks that `rebind` may take again, by
        #: (index, source definition), oldest first (at most _REBOUND_SOURCES).
        self._rebound: dict[tuple[int, bytes], Any] = {}
        #: Dump readers by the set of selector compounds they flag, most recent last (at most
        #: _KEPT_READERS): a seed whose selectors are an earlier seed's keeps that reader's tags.
        self._readers: dict[frozenset[Any], UiTreeReader] = {}
        # The last step's text boxes and what text sources derived from them, while the
        # device hands out the very same (immutable) boxes again.
        self._seen_boxes: list[TextBox] | None = None
        self._text_memo: dict[Hashable, Any] = {}
        # What the state checks' reads hand on from one reset or step to the next: table
        # reads by the database bytes they came from, and the databases' kept copies.
        self._reads_carry = Carry()
        self._parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True,
                                       remove_blank_text=False)
        self.sources: dict[int, SourceNode] = {}
        self._all_sources: list[SourceNode] = []
        self.slots: dict[int, Slot] = {}
        self._all_slots: list[Slot] = []
        self.listeners: dict[str, Slot] = {}
        self._compile()
        self._order = topological(list(self.listeners.values()) + self._all_slots)  # the graph is fixed now
        self._listener_slots = tuple(self.listeners[name] for name in _LISTENER_ORDER if name in self.listeners)
        self.reset()

    # -- compile ------------------------------------------------------------------------------

    def _encoder_factory(self) -> SentenceEncoder:
        if self._encoder is None:
            self._encoder = default_sentence_encoder()
        return self._encoder

    def _icon(self) -> IconModel:
        if self._icon_model is None:
            where = self._where((), "icon templates icons/")
            self._icon_model = TemplateIconModel(load_templates(TaskAssets.of(self.task), "icons",
                                                                where=where))
        return self._icon_model

    def _rect(self, ev: Any, where: str) -> tuple[float, float, float, float]:
        if not ev.HasField("rect"):
            return FULL_SCREEN
        r = ev.rect
        rect = (float(r.x0), float(r.y0), float(r.x1), float(r.y1))
        if not all(-1e-6 <= v <= 1 + 1e-6 for v in rect):
            raise TaskCompileError(f"{where}: rect {rect} must use normalised coordinates in [0, 1]")
        if rect[2] <= rect[0] or rect[3] <= rect[1]:
            raise TaskCompileError(f"{where}: rect {rect} has zero area (x1 <= x0 or y1 <= y0); "
                                   "omit `rect` to use the whole screen")
        return rect

    def _compile_source(self, index: int, es: Any) -> SourceNode:
        path: FieldPath = ("event_sources", index)
        kind = es.WhichOneof("event")
        label = f"event source #{index} (id {es.id})"
        where = self._where(path, label)
        if kind is None:
            raise TaskCompileError(f"{where}: has no event kind (text_recognize, view_hierarchy_event, ...)")
        if es.repeatability not in (0, 1, 2):
            raise TaskCompileError(f"{where}: unknown repeatability {es.repeatability} (NONE=0, LAST=1, UNLIMITED=2)")
        source_class = SOURCE_KINDS.get(kind)
        if source_class is None:  # a proto field without a source class
            raise TaskCompileError(f"{where}: unsupported event kind {kind!r}")

        def locate(sub: FieldPath, what: str) -> str:
            return self._where(path + (kind, *sub), f"{label} {what}")

        spec = SourceSpec(node_id=es.id, repeat=Repeat.from_source_wire(es.repeatability), kind=kind,
                          event=getattr(es, kind), where=self._where(path + (kind,), f"{label} {kind}"),
                          locate=locate, tools=_CompileTools(self))
        src = source_class.from_proto(spec)
        if self.options.mobile_env_last:
            src.sequential_last = True
        return SourceNode(src)

    def _compile(self) -> None:
        proto = self.proto
        for i, es in enumerate(proto.event_sources):
            node = self._compile_source(i, es)
            self._all_sources.append(node)
            if es.id != 0:
                if es.id in self.sources:
                    raise EventGraphError(self._where(("event_sources", i, "id"), f"event source #{i}") +
                                          f": id {es.id} is defined twice")
                self.sources[es.id] = node
        self._tree_reader = self._reader_for(self._compounds())
        pending: list[tuple[Slot, Any, FieldPath]] = []

        def build(msg: Any, path: FieldPath, label: str) -> Slot:
            where = self._where(path, f"{_fmt(path)} (slot id {msg.id})" if msg.id else _fmt(path))
            if msg.type not in (0, 1, 2):
                raise TaskCompileError(f"{where}: unknown slot type {msg.type}")
            if msg.repeatability not in (0, 1, 2):
                raise TaskCompileError(f"{where}: unknown repeatability {msg.repeatability} "
                                       "(UNLIMITED=0, LAST=1, NONE=2)")
            stmt_where = [self._where(path + ("transformation", k), f"{_fmt(path)} transformation[{k}]"
                                      + (f" (slot id {msg.id})" if msg.id else ""))
                          for k in range(len(msg.transformation))]
            transform = compile_transformation(list(msg.transformation), where=where, limits=self.options.limits,
                                               statement_where=stmt_where)
            slot = Slot(msg.id, msg.type, Repeat.from_slot_wire(msg.repeatability), transform, where, label)
            if msg.id != 0:
                if msg.id in self.sources or msg.id in self.slots:
                    raise EventGraphError(f"{where}: id {msg.id} is already used by another "
                                          f"{'source' if msg.id in self.sources else 'slot'} (sources and slots share one id space)")
                self.slots[msg.id] = slot
            self._all_slots.append(slot)
            pending.append((slot, msg, path))
            return slot

        es = proto.event_slots if proto.HasField("event_slots") else None
        for name in LISTENERS:
            if es is not None and es.HasField(name):
                msg = getattr(es, name)
                slot = build(msg, ("event_slots", name), f"slot:{msg.id}" if msg.id else f"listener:{name}")
                slot.kind = LISTENER_KINDS[name]
                self.listeners[name] = slot
        # pass 1: build every slot (ids may be referenced before the slot that defines them)
        built: list[tuple[Slot, Any, FieldPath]] = []
        nested: dict[tuple[int, int], Slot] = {}
        while pending:
            slot, msg, path = pending.pop(0)
            built.append((slot, msg, path))
            for j, fake in enumerate(msg.events):
                if fake.WhichOneof("source") == "event":
                    sub = fake.event
                    nested[(id(slot), j)] = build(sub, path + ("events", j, "event"),
                                                  f"slot:{sub.id}" if sub.id else f"slot@{_fmt(path)}.events[{j}]")
        # pass 2: resolve references
        for slot, msg, path in built:
            for j, fake in enumerate(msg.events):
                which = fake.WhichOneof("source")
                if which == "event":
                    slot.children.append(nested[(id(slot), j)])
                elif which == "id":
                    slot.children.append(self._ref(fake.id, path + ("events", j, "id"), "events"))
                else:
                    empty = Slot(0, 0, Repeat.UNLIMITED, compile_transformation([]), slot.where, "empty")
                    self._all_slots.append(empty)
                    slot.children.append(empty)
            for j, pid in enumerate(msg.prerequisite):
                slot.prerequisites.append(self._ref(pid, path + ("prerequisite", j), "prerequisite"))
            for j, cid in enumerate(msg.cache_until):
                if cid == NEVER:
                    slot.never_release = True
                elif cid != 0:
                    slot.cache_until.append(self._ref(cid, path + ("cache_until", j), "cache_until"))
            if slot.type == 0 and len(slot.children) > 1:
                raise TaskCompileError(f"{slot.where}: a SINGLE slot has {len(slot.children)} events; use OR or AND")
        self._check_cycles()
        self._mark_stateless()

    def rebind(self, task: Any) -> bool:
        """Take `task` in place of the current task when its event graph has the same shape:
        the same slots and listeners, extras spec, file, folder and source ids, in the same
        order. Only the sources whose definition changed are compiled (a task family's seed
        changes texts and expected rows, not the graph); slots and unchanged sources are kept.
        Returns False, changing nothing, when the shape differs (compile a new engine then).
        Call `reset` before the next step, as after any episode."""
        proto = getattr(task, "proto", task)
        old = self.proto
        if proto is old:
            return True
        if (getattr(task, "path", None) != getattr(self.task, "path", None)
                or getattr(task, "directory", None) != getattr(self.task, "directory", None)
                or getattr(task, "locations", None) != getattr(self.task, "locations", None)
                or proto.HasField("event_slots") != old.HasField("event_slots")
                or proto.event_slots != old.event_slots or proto.extras_spec != old.extras_spec
                or len(proto.event_sources) != len(old.event_sources)
                or any(new.id != was.id for new, was in zip(proto.event_sources, old.event_sources))):
            return False
        changed = [i for i, (new, was) in enumerate(zip(proto.event_sources, old.event_sources))
                   if new != was]
        kept = (self.task, self.proto, self._where)
        self.task, self.proto, self._where = task, proto, _Where(task)
        try:
            compiled = [self._rebound_source(i, proto.event_sources[i]) for i in changed]
        except BaseException:
            self.task, self.proto, self._where = kept
            raise
        hierarchy_changed = repeats_changed = False
        for i, source in zip(changed, compiled):
            before = self._all_sources[i].source
            if isinstance(before, ViewHierarchySource):
                self._keep_rebound(i, old.event_sources[i], before)
            hierarchy_changed |= isinstance(before, ViewHierarchySource) \
                or isinstance(source, ViewHierarchySource)
            repeats_changed |= before.repeat is not source.repeat
            self._all_sources[i].source = source  # the slots hold the SourceNode
        if hierarchy_changed:
            # the reader that flags these selectors' compounds (a compiled selector is shared
            # by every source with its text, so a family whose seeds permute or repeat their
            # selectors finds its reader, and the tags it read, again). Nodes also keep
            # verdicts keyed by source objects: a replaced source's are merely never read.
            self._tree_reader = self._reader_for(self._compounds())
            self._forget_dump(None)  # the current tree's flags are the old reader's
        if repeats_changed:
            self._mark_stateless()
        return True

    def _rebound_source(self, index: int, es: Any) -> Any:
        """The compiled source `es` at `index` for `rebind`: a view-hierarchy source compiled
        for an earlier task with this very definition is taken again (it keeps nothing of an
        episode past `reset`, and a family's seeds come back to the same titles and dates);
        anything else is compiled."""
        if es.WhichOneof("event") != "view_hierarchy_event":
            return self._compile_source(index, es).source
        key = (index, es.SerializeToString(deterministic=True))
        source = self._rebound.pop(key, None)
        return source if source is not None else self._compile_source(index, es).source

    def _keep_rebound(self, index: int, es: Any, source: Any) -> None:
        """Remember the view-hierarchy source `rebind` replaces, for a later task."""
        self._rebound[(index, es.SerializeToString(deterministic=True))] = source
        if len(self._rebound) > _REBOUND_SOURCES:
            del self._rebound[next(iter(self._rebound))]

    def _reader_for(self, compounds: list[Any]) -> UiTreeReader:
        """The dump reader flagging exactly `compounds`: a kept one, or a new one."""
        key = frozenset(compounds)
        reader = self._readers.pop(key, None)
        if reader is None:
            reader = UiTreeReader(compounds)
        self._readers[key] = reader  # most recent last
        if len(self._readers) > _KEPT_READERS:
            del self._readers[next(iter(self._readers))]
        return reader

    def _compounds(self) -> list[Any]:
        """The selector compounds of the view-hierarchy sources (what the tree reader flags)."""
        return [c for n in self._all_sources if isinstance(n.source, ViewHierarchySource)
                and n.source.selector.tree is not None for c in n.source.selector.tree.compounds]

    def _mark_stateless(self) -> None:
        memo: dict[int, bool] = {}
        for slot in self._all_slots:
            slot.children_stateless = all(stateless(c, memo) for c in slot.children)

    def _ref(self, ref_id: int, path: FieldPath, what: str) -> Node:
        node: Node | None = self.slots.get(ref_id) or self.sources.get(ref_id)
        if node is None:
            raise EventGraphError(self._where(path, _fmt(path)) + f": {what} refers to id {ref_id}, which no source or slot defines")
        return node

    def _check_cycles(self) -> None:
        state: dict[int, int] = {}
        for root in self._all_slots:
            if state.get(id(root)) == 2:
                continue
            stack: list[tuple[Slot, int]] = [(root, 0)]
            trail: list[Slot] = []
            state[id(root)] = 1
            trail.append(root)
            while stack:
                node, i = stack[-1]
                edges = [n for n in (*node.children, *node.prerequisites) if isinstance(n, Slot)]
                if i < len(edges):
                    stack[-1] = (node, i + 1)
                    nxt = edges[i]
                    s = state.get(id(nxt))
                    if s == 1:
                        cycle = trail[trail.index(nxt):] + [nxt]
                        raise EventGraphError(f"{nxt.where}: cycle through events/prerequisites: "
                                              + " -> ".join(n.label for n in cycle))
                    if s is None:
                        state[id(nxt)] = 1
                        trail.append(nxt)
                        stack.append((nxt, 0))
                else:
                    state[id(node)] = 2
                    stack.pop()
                    trail.pop()

    # -- runtime ------------------------------------------------------------------------------

    def _get_text_model(self) -> TextModel:
        if self._text_model is None:
            self._text_model = RapidOcrTextModel()  # loads rapidocr (or names the extra) on first use
        return self._text_model

    def _note_hierarchy_text(self, xml: str) -> None:
        """A step's dump: what was derived from the previous one is kept only if the text is identical."""
        if self._seen_xml is not None and (xml is self._seen_xml or xml == self._seen_xml):
            return
        self._forget_dump(xml)

    def _note_text_boxes(self, boxes: list[TextBox]) -> None:
        """A step's text boxes: what was derived from the previous ones is kept only if every
        box is the same object as before (TextBox is frozen; a new object may differ)."""
        seen = self._seen_boxes
        if seen is not None and len(seen) == len(boxes) and all(map(operator.is_, seen, boxes)):
            return
        self._seen_boxes = boxes
        self._text_memo.clear()

    def _forget_dump(self, xml: str | None) -> None:
        """Drop what was derived from the previous dump; `xml` is the new one (None: none yet)."""
        self._seen_xml = xml
        self._root = None
        self._tree = _UNREAD
        self._vh_memo.clear()

    def _parse_hierarchy(self, xml: str, frame_id: int) -> etree._Element:
        """The current dump's lxml tree (`xml` is the text just passed to `_note_hierarchy_text`)."""
        if self._root is not None:
            return self._root
        start, end = xml.find("<"), xml.rfind(">")
        if start < 0 or end < start:
            raise InputError(f"frame {frame_id}: view hierarchy is not XML: {xml[:80]!r}")
        try:
            root = etree.fromstring(xml[start:end + 1].encode("utf-8"), self._parser)
        except etree.XMLSyntaxError as exc:
            raise InputError(f"frame {frame_id}: view hierarchy XML does not parse: {exc}") from None
        self._root = root
        return root

    def _read_tree(self, xml: str) -> UiTree | None:
        """The current dump as a UiTree (`xml` as for `_parse_hierarchy`), None if it needs lxml."""
        if self._tree is _UNREAD:
            self._tree = self._tree_reader.read(xml)
        return self._tree  # type: ignore[return-value]

    @property
    def needs_hierarchy(self) -> bool:
        """Whether any live source reads the view hierarchy."""
        return any(s.source.needs == "hierarchy" for s in self._live_sources)

    def reset(self, *, device: Device | None = None) -> None:
        """Start a new episode: every source, slot, score and cache is cleared. `device`, when
        given (after the task's reset steps), lets state sources take their baselines now."""
        st = self._state
        st.step = 0
        st.fired = {}
        st.errors = []
        st.status_changed = False
        for s in self._all_sources:
            s.reset()
        for slot in self._all_slots:
            slot.reset()
        self.score = 0.0
        self.episode_return = 0.0
        self._update_dead()
        self._refresh_live()
        self._forget_dump(None)
        self._seen_boxes = None
        self._text_memo.clear()
        if device is None:
            for s in self._all_sources:
                s.source.begin_episode(None)
            return
        # Nothing writes while the baselines are taken: sources reading one database share its
        # reads, and a table whose database bytes equal an earlier read's is not read again.
        with ReadCache(device, carry=self._reads_carry) as shared:
            for s in self._all_sources:
                s.source.begin_episode(shared)  # type: ignore[arg-type]

    def close(self) -> None:
        """Release what the state checks keep between resets and steps (their database
        copies); the engine stays usable and opens them again when it needs them."""
        self._reads_carry.close()

    def _update_dead(self) -> bool:
        changed = False
        for slot in self._order:
            if not slot.dead and slot.update_dead():  # dead stays dead
                changed = True
        return changed

    def _refresh_live(self) -> None:
        live_sources: list[SourceNode] = []
        cache_slots: list[Slot] = []
        gated: list[tuple[Slot, list[TextSource]]] = []
        stack: list[Node] = list(self.listeners.values())
        for n in _each_once(stack):
            if isinstance(n, SourceNode):
                live_sources.append(n)
                continue
            if n.dead:
                continue
            if n.cache_until:
                stack.extend(n.cache_until)
                cache_slots.append(n)
            if not n.prereq_ok:
                stack.extend(n.prerequisites)
                if not n.held and n.children_stateless:
                    # Blocked and history-free: its children are evaluated only in a step in
                    # which its prerequisites become met, so its text is read only then.
                    texts = _text_sources_under(n.children)
                    if texts:
                        gated.append((n, texts))
                    continue
            stack.extend(n.children)
        self._live_sources = live_sources
        # every slot that can hold (a slot blocked at the start of a step may fire and hold in it)
        self._cache_slots = [s for s in self._all_slots if s.cache_until and not s.dead]
        self._cache_targets = [t for s in cache_slots for t in s.cache_until]
        self._live_text = [s.source for s in live_sources if isinstance(s.source, TextSource)]
        self._live_state = LiveStateChecks(s.source for s in live_sources)
        self._gated_text = gated
        self._prereq_snapshot = tuple(s.prereq_ok for s in self._all_slots)

    def _text_sources_this_step(self) -> list[TextSource]:
        """The text sources the current step may still read: the live ones and those under
        blocked slots that can still be unblocked in this step (the OCR crop covers all of them)."""
        out = list(self._live_text)
        step = self._state.step
        for slot, texts in self._gated_text:
            if _may_unblock(slot, step):
                out.extend(texts)
        return out

    def step(self, inputs: StepInputs) -> StepResult:
        """Evaluate one step. Raises only EventError subclasses (InputError for malformed inputs,
        ModelUnavailableError for a missing model, TransformRuntimeError in strict mode) and the
        device's own errors from state sources."""
        t_start = time.perf_counter()
        st = self._state
        st.step += 1
        st.fired = {}
        st.errors = []
        ctx = _Context(self, inputs)
        st.ctx = ctx
        try:
            for slot in self._listener_slots:
                slot.evaluate(st)
            for t in self._cache_targets:
                t.evaluate(st)
            for slot in self._cache_slots:
                slot.end_step(st)
        finally:
            st.ctx = None
            ctx.close()
        if self._listeners_set():
            reward, extras, instructions, end = self._listener_results(st)
        else:  # what the listeners' results are when none produced a value
            reward, extras, instructions, end = 0.0, {}, [], None
        if st.status_changed:  # else no slot can have died or been unblocked (see StepState)
            st.status_changed = False
            if self._update_dead() or self._prereq_snapshot != tuple(s.prereq_ok for s in self._all_slots):
                self._refresh_live()
        timing = ctx.timing
        total = time.perf_counter() - t_start
        timing["slots"] = max(0.0, total - sum(timing.values()))
        timing["events_total"] = total
        return StepResult(reward=reward, score=self.score, episode_end=end, extras=extras,
                          instructions=instructions, fired=st.fired, timing=timing, errors=st.errors)

    def _listener_results(self, st: StepState) -> tuple[float, dict[str, Any], list[str], Any]:
        """The step's reward, extras, instructions and episode end from the listeners' values
        (score and episode return updated)."""
        reward = 0.0
        new_score = self._listener_value("score_listener")
        if new_score is not _UNSET:
            reward += float(new_score) - self.score
            self.score = float(new_score)
        paid = self._listener_value("reward_listener")
        if paid is not _UNSET:
            reward += float(paid)
        self.episode_return += reward
        extras: dict[str, list] = {}
        for name in ("extra_listener", "json_extra_listener"):
            value = self._listener_value(name)
            if value is not _UNSET:
                for k, vs in value.items():
                    extras.setdefault(k, []).extend(vs)
        if extras and not self.options.extras_as_lists:
            extras, problems = stack_extras(extras, extra_specs(self.proto))
            st.errors.extend(problems)
        value = self._listener_value("instruction_listener")
        instructions: list[str] = [] if value is _UNSET else list(value)
        value = self._listener_value("episode_end_listener")
        end = None if value is _UNSET else self.options.episode_end(
            value, episode_return=self.episode_return, score=self.score)
        return reward, extras, instructions, end

    def _listener_value(self, name: str) -> Any:
        """The value a listener produced this step, or _UNSET when it has none."""
        slot = self.listeners.get(name)
        if slot is not None and slot.set and slot.values:
            return slot.values[0]
        return _UNSET

    def _listeners_set(self) -> bool:
        """Whether any listener produced a value this step (else the step's result is empty)."""
        for slot in self._listener_slots:
            if slot.set and slot.values:
                return True
        return False

    def live_source_ids(self) -> list[int]:
        """Ids of the sources evaluated next step (for tests, traces and debugging)."""
        return sorted(s.id for s in self._live_sources)


#: The listeners in the order a step evaluates them.
_LISTENER_ORDER = ("null_listener", "score_listener", "reward_listener", "extra_listener",
                   "json_extra_listener", "instruction_listener", "episode_end_listener")


def _each_once(stack: list[Node]) -> Iterator[Node]:
    """Pop `stack` until it is empty, yielding each node once; the caller pushes what to visit
    next onto the same list (a depth-first walk of a graph whose nodes may be shared)."""
    seen: set[int] = set()
    while stack:
        n = stack.pop()
        if id(n) not in seen:
            seen.add(id(n))
            yield n


def _text_sources_under(children: Sequence[Node]) -> list[TextSource]:
    """Text sources in the subtrees of `children`, skipping dead slots (which read nothing)."""
    out: list[TextSource] = []
    stack: list[Node] = list(children)
    for n in _each_once(stack):
        if isinstance(n, SourceNode):
            if isinstance(n.source, TextSource):
                out.append(n.source)
        elif not n.dead:
            stack.extend(n.children)
    return out


def _may_unblock(slot: Slot, step: int) -> bool:
    """Whether a slot blocked at the start of `step` can still evaluate its children in it: no
    prerequisite has been found unmet yet in this step (evaluation is memoised per step)."""
    if slot.prereq_ok:
        return True
    if slot.memo == step:
        return False  # evaluated and still blocked: its children were skipped for this step
    for p in slot.prerequisites:
        if p.ever_set:
            continue
        if p.memo == step and not p.set:
            return False  # already evaluated, unset: it cannot become set later in this step
        if p.dead:
            return False
    return True
