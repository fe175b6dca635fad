"""Oracles: scripted policies that solve a family's task through the raw action space.

A plan is a list of `Move`s (tap an element, type a text, press a key, swipe, answer). The
`Oracle` turns them into raw actions one environment step at a time, reading element positions
from the observation's view hierarchy (uiautomator XML) -- the same information an agent has.
Taps are TOUCH then LIFT at the element's centre; text is typed as vocabulary tokens (whole
words where the vocabulary has them, else characters); a long press holds the finger with
REPEAT steps. The hierarchy is either the device dump (the active window only, what
`uiautomator dump` writes) or the all-windows forest (several roots, top window first,
EnvConfig(hierarchy="forest")). Elements are looked up in the topmost window first (a dialog
before the screen behind it, which the device dump does not even list). With the forest an
element hidden by the on-screen keyboard is reached by closing the keyboard (BACK) first; the
device dump does not show the keyboard, but the sim's app windows resize above it
(adjustResize), so their elements stay clear of it. An element not (yet) on screen is
scrolled to when the move names a container.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from lxml import etree

from mobile_gym.spaces.actions import ActionType, make_action

_BOUNDS = re.compile(r"\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]")
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)
_WORD = re.compile(r"[A-Za-z0-9]+|\n|.", re.DOTALL)
IME_ID_PREFIX = "key_pos_"


class OracleError(RuntimeError):
    """The plan cannot go on (an element is missing, a text cannot be typed, ...)."""


@dataclass(frozen=True)
class Node:
    """One on-screen node of a dump."""

    attrs: dict[str, str]
    bounds: tuple[int, int, int, int]
    window: int
    order: int = 0  # document order within the window
    end: int = 0    # order of its last descendant

    def get(self, key: str) -> str:
        return self.attrs.get(key, "")

    @property
    def center(self) -> tuple[int, int]:
        left, top, right, bottom = self.bounds
        return (left + right) // 2, (top + bottom) // 2


@dataclass(frozen=True)
class Sel:
    """Which node: every given criterion must hold; `nth` picks among the matches of a window.

    `id` may be short ("save") or full ("android:id/button1"); `text_re` / `desc_re` are
    `re.fullmatch` patterns.
    """

    id: str | None = None
    text: str | None = None
    desc: str | None = None
    cls: str | None = None
    text_re: str | None = None
    desc_re: str | None = None
    nth: int = 0

    def matches(self, n: Node) -> bool:
        if self.id is not None:
            rid = n.get("resource-id")
            if rid != self.id and not rid.endswith(":id/" + self.id):
                return False
        if self.text is not None and n.get("text") != self.text:
            return False
        if self.desc is not None and n.get("content-desc") != self.desc:
            return False
        if self.cls is not None and n.get("class") != self.cls and \
                not n.get("class").endswith("." + self.cls):
            return False
        if self.text_re is not None and re.fullmatch(self.text_re, n.get("text")) is None:
            return False
        return self.desc_re is None or re.fullmatch(self.desc_re, n.get("content-desc")) is not None


def parse_windows(xml: str) -> list[list[Node]]:
    """Nodes with a non-empty box per window (bottom window first), in document order.

    A hierarchy with several roots is the forest, which lists the top window first."""
    start = xml.find("<hierarchy")
    root = etree.fromstring(xml[max(start, 0):].encode("utf-8"), _PARSER)
    windows: list[list[Node]] = []
    for w, top in enumerate(reversed(root.findall("node"))):
        elements = list(top.iter("node"))
        order = {el: i for i, el in enumerate(elements)}
        nodes = []
        for i, el in enumerate(elements):
            m = _BOUNDS.fullmatch(el.get("bounds", ""))
            if m is None:
                continue
            b = tuple(int(g) for g in m.groups())
            if b[2] > b[0] and b[3] > b[1]:
                last = el
                while len(last):
                    last = last[-1]
                nodes.append(Node(dict(el.attrib), b, w, i, order[last]))  # type: ignore[arg-type]
        windows.append(nodes)
    return windows


def tap_point(windows: list[list[Node]], node: Node, fx: float = 0.5,
              fy: float = 0.5) -> tuple[int, int]:
    """A point of `node` that no later clickable node of its window (drawn above it, e.g. an
    overlapping neighbour on a clock face) covers: the requested point if free, else the free
    point of a 9x9 grid closest to it."""
    left, top, right, bottom = node.bounds
    later = [n.bounds for n in windows[node.window]
             if n.order > node.end and n.get("clickable") == "true"]

    def free(x: int, y: int) -> bool:
        return not any(l <= x < r and t <= y < b for l, t, r, b in later)

    def at(ax: float, ay: float) -> tuple[int, int]:
        x = (left + right) // 2 if ax == 0.5 else int(left + ax * (right - left - 1) + 0.5)
        y = (top + bottom) // 2 if ay == 0.5 else int(top + ay * (bottom - top - 1) + 0.5)
        return x, y

    want = at(fx, fy)
    if free(*want):
        return want
    grid = [at(i / 8, j / 8) for i in range(9) for j in range(9)]
    grid.sort(key=lambda p: (p[0] - want[0]) ** 2 + (p[1] - want[1]) ** 2)
    return next((p for p in grid if free(*p)), want)


def find(windows: list[list[Node]], sel: Sel) -> Node | None:
    """The selector's node in the topmost window that has matches, or None."""
    for nodes in reversed(windows):
        hits = [n for n in nodes if sel.matches(n)]
        if len(hits) > sel.nth:
            return hits[sel.nth]
    return None


def covered_by_keyboard(windows: list[list[Node]], node: Node) -> bool:
    """Whether the on-screen keyboard (a window above the node's) covers its centre."""
    x, y = node.center
    for nodes in windows[node.window + 1:]:
        if any(n.get("resource-id").split("/")[-1].startswith(IME_ID_PREFIX) for n in nodes[:50]):
            left, top, right, bottom = nodes[0].bounds if nodes else (0, 0, 0, 0)
            if left <= x < right and top <= y < bottom:
                return True
    return False


def tokenize(text: str, vocabulary: Sequence[str]) -> list[int]:
    """Vocabulary indices typing `text`: whole words where possible, else characters.

    A newline is not a token (the oracle presses ENTER); raises OracleError for a character
    the vocabulary lacks.
    """
    index = {tok: i for i, tok in enumerate(vocabulary)}
    out: list[int] = []
    for piece in _WORD.findall(text):
        if piece == "\n":
            out.append(-1)
        elif piece in index:
            out.append(index[piece])
        else:
            for ch in piece:
                if ch not in index:
                    raise OracleError(f"cannot type {ch!r} of {text!r}: not in the vocabulary")
                out.append(index[ch])
    return out


# -- moves ---------------------------------------------------------------------------------------


class Move:
    """One step of a plan; `cost` is its nominal number of raw steps."""

    def cost(self, vocabulary: Sequence[str]) -> int:
        raise NotImplementedError

    def run(self, o: Oracle) -> Iterator[dict[str, Any]]:
        raise NotImplementedError


@dataclass(frozen=True)
class Tap(Move):
    """Tap a node at (fx, fy) of its box; `optional`: skip if absent (e.g. a first-run dialog);
    `scroll`: a scrollable container to swipe up in until the node shows."""

    sel: Sel
    fx: float = 0.5
    fy: float = 0.5
    optional: bool = False
    scroll: Sel | None = None
    hold_seconds: float = 0.0

    def cost(self, vocabulary: Sequence[str]) -> int:
        return 2 + (math.ceil(self.hold_seconds / 0.1) if self.hold_seconds else 0)

    def run(self, o: Oracle) -> Iterator[dict[str, Any]]:
        node = yield from o.locate(self.sel, optional=self.optional, scroll=self.scroll)
        if node is None:
            return
        x, y = tap_point(o.windows(), node, self.fx, self.fy)
        yield o.touch(x, y)
        for _ in range(math.ceil(self.hold_seconds / o.step_seconds - 1e-9)):
            yield make_action(ActionType.REPEAT)
        yield make_action(ActionType.LIFT)


def LongPress(sel: Sel, *, scroll: Sel | None = None) -> Tap:
    """A press held 0.7 s (long press needs >= 0.5 s of device time)."""
    return Tap(sel, scroll=scroll, hold_seconds=0.7)


@dataclass(frozen=True)
class Type(Move):
    """Type `text` into the focused field (newlines with ENTER)."""

    text: str

    def cost(self, vocabulary: Sequence[str]) -> int:
        return len(tokenize(self.text, vocabulary))

    def run(self, o: Oracle) -> Iterator[dict[str, Any]]:
        for tok in tokenize(self.text, o.vocabulary):
            if tok < 0:
                yield make_action(ActionType.KEY, key="ENTER")
            else:
                yield make_action(ActionType.TEXT, input_token=tok)


@dataclass(frozen=True)
class Key(Move):
    """Press a key (BACK, HOME, ENTER, DEL, APP_SWITCH) `times` times."""

    name: str
    times: int = 1

    def cost(self, vocabulary: Sequence[str]) -> int:
        return self.times

    def run(self, o: Oracle) -> Iterator[dict[str, Any]]:
        for _ in range(self.times):
            yield make_action(ActionType.KEY, key=self.name)


@dataclass(frozen=True)
class Answer(Move):
    """Submit a textual answer (e.g. "done") with a REPEAT step."""

    text: str

    def cost(self, vocabulary: Sequence[str]) -> int:
        return 1

    def run(self, o: Oracle) -> Iterator[dict[str, Any]]:
        yield make_action(ActionType.REPEAT, response=self.text)


@dataclass(frozen=True)
class Note(Move):
    """Read the screen into the oracle's notes: wait until `at` shows, then append
    `read(windows)` (a list); with `scroll`, swipe that container up and read again until a
    page adds nothing new (rows seen on both pages are merged). An information-retrieval
    oracle finds its answer this way, from what the agent would see."""

    at: Sel
    read: Callable[[list[list[Node]]], list[Any]]
    scroll: Sel | None = None
    max_pages: int = 6

    def cost(self, vocabulary: Sequence[str]) -> int:
        return 0

    def run(self, o: Oracle) -> Iterator[dict[str, Any]]:
        yield from o.locate(self.at)
        seen = list(self.read(o.windows()))
        for _ in range(self.max_pages - 1 if self.scroll is not None else 0):
            box = find(o.windows(), self.scroll)  # type: ignore[arg-type]
            if box is None or not _fills(o.windows(), box):
                break
            yield from o.swipe(box, up=True)
            yield make_action(ActionType.REPEAT)  # let the list settle
            page = list(self.read(o.windows()))
            merged = _merge(seen, page)
            if merged == seen:
                break
            seen = merged
        o.notes.extend(seen)


def _fills(windows: list[list[Node]], box: Node) -> bool:
    """Whether the container's content reaches its bottom edge (more may be below)."""
    inside = [n for n in windows[box.window] if box.order < n.order <= box.end]
    return bool(inside) and max(n.bounds[3] for n in inside) >= box.bounds[3] - 4


def _merge(seen: list[Any], page: list[Any]) -> list[Any]:
    """`seen` + the part of `page` not already at its end (the longest overlap)."""
    for k in range(min(len(seen), len(page)), 0, -1):
        if seen[-k:] == page[:k]:
            return seen + page[k:]
    return seen + page


@dataclass(frozen=True)
class AnswerNotes(Move):
    """Answer with `combine(notes)` (the text made from what `Note` moves read)."""

    combine: Callable[[list[Any]], str]

    def cost(self, vocabulary: Sequence[str]) -> int:
        return 1

    def run(self, o: Oracle) -> Iterator[dict[str, Any]]:
        yield make_action(ActionType.REPEAT, response=self.combine(list(o.notes)))


@dataclass(frozen=True)
class Wait(Move):
    """Let time pass (REPEAT steps)."""

    steps: int = 1

    def cost(self, vocabulary: Sequence[str]) -> int:
        return self.steps

    def run(self, o: Oracle) -> Iterator[dict[str, Any]]:
        for _ in range(self.steps):
            yield make_action(ActionType.REPEAT)


def plan_cost(moves: Sequence[Move], vocabulary: Sequence[str]) -> int:
    """Nominal raw steps of a plan (retries and scrolling not counted)."""
    return sum(m.cost(vocabulary) for m in moves)


@dataclass
class Oracle:
    """A policy: `act(observation) -> raw action` following `moves` (see the module docstring).

    The observation must contain "view_hierarchy". After the last move `finished` is True and
    `act` returns REPEAT actions.
    """

    moves: Sequence[Move]
    vocabulary: Sequence[str]
    screen_size: tuple[int, int] = (1080, 2400)
    step_seconds: float = 0.1
    max_waits: int = 10
    max_scrolls: int = 8
    finished: bool = False
    steps: int = 0
    notes: list[Any] = field(default_factory=list)  # what Note moves read
    _obs: Any = field(default=None, repr=False)
    _gen: Iterator[dict[str, Any]] | None = field(default=None, repr=False)
    _parsed: tuple[str, list[list[Node]]] | None = field(default=None, repr=False)

    def act(self, observation: Any) -> dict[str, Any]:
        if "view_hierarchy" not in observation:
            raise OracleError("the oracle needs the 'view_hierarchy' observation (obs_keys)")
        self._obs = observation
        if self._gen is None:
            self._gen = self._run()
        if not self.finished:
            try:
                action = next(self._gen)
                self.steps += 1
                return action
            except StopIteration:
                self.finished = True
        return make_action(ActionType.REPEAT)

    __call__ = act

    def _run(self) -> Iterator[dict[str, Any]]:
        for move in self.moves:
            yield from move.run(self)

    # -- helpers for moves ----------------------------------------------------------------------
    def windows(self) -> list[list[Node]]:
        """The current observation's windows (parsed once per observation)."""
        xml = self._obs["view_hierarchy"]
        if self._parsed is None or self._parsed[0] is not xml:
            self._parsed = (xml, parse_windows(xml))
        return self._parsed[1]

    def touch(self, x: float, y: float) -> dict[str, Any]:
        w, h = self.screen_size
        px = min(max(math.floor(x + 0.5), 0), w - 1)
        py = min(max(math.floor(y + 0.5), 0), h - 1)
        return make_action(ActionType.TOUCH, np.array([(px + 0.5) / w, (py + 0.5) / h]))

    def locate(self, sel: Sel, *, optional: bool = False,
               scroll: Sel | None = None) -> Generator[dict[str, Any], Any, Node | None]:
        """Yield actions (waits, keyboard closing, swipes) until `sel` is reachable; return it."""
        waits = scrolls = closes = 0
        while True:
            windows = self.windows()
            node = find(windows, sel)
            if node is not None:
                if covered_by_keyboard(windows, node) and closes < 2:
                    closes += 1
                    yield make_action(ActionType.KEY, key="BACK")
                    continue
                return node
            if optional:
                return None
            if scroll is not None and scrolls < self.max_scrolls:
                box = find(windows, scroll)
                if box is not None:
                    scrolls += 1
                    yield from self.swipe(box, up=True)
                    continue
            if waits < self.max_waits:
                waits += 1
                yield make_action(ActionType.REPEAT)
                continue
            texts = sorted({n.get("text") for nodes in windows for n in nodes if n.get("text")})
            raise OracleError(f"no element {sel} on screen; texts: {texts[:40]}")

    def swipe(self, box: Node, *, up: bool, moves: int = 4) -> Iterator[dict[str, Any]]:
        """Drag the content of `box` up (show what is below) or down, over `moves` steps."""
        left, top, right, bottom = box.bounds
        x = (left + right) / 2
        y0, y1 = top + 0.75 * (bottom - top), top + 0.3 * (bottom - top)
        if not up:
            y0, y1 = y1, y0
        yield from self.drag((x, y0), (x, y1), moves)

    def drag(self, start: tuple[float, float], end: tuple[float, float],
             moves: int = 4) -> Iterator[dict[str, Any]]:
        """Touch at `start`, move in `moves` even steps to `end`, lift."""
        (x0, y0), (x1, y1) = start, end
        for i in range(moves + 1):
            yield self.touch(x0 + (x1 - x0) * i / moves, y0 + (y1 - y0) * i / moves)
        yield make_action(ActionType.LIFT)
