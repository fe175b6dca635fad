"""Oracle moves particular to Pro Expense's screens: swiping one row of the expense logs (found
by its name, amount and date texts, scrolling the list down until it shows) and tapping a
category of the entry form's horizontal category list (scrolling it sideways)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from mobile_gym.apps import expense as model
from mobile_gym.spaces.actions import ActionType, make_action
from mobile_gym.tasks.families.oracle import (
    Move,
    Node,
    Oracle,
    OracleError,
    Sel,
    covered_by_keyboard,
    find,
)

MAX_SCROLLS = 40


def row_texts(e: model.Expense) -> dict[str, str]:
    """What a log row shows of an expense: its name and its formatted amount."""
    return {"tv_name": e.name, "tv_amount": model.format_amount(e.amount)}


def _row_node(windows: list[list[Node]], texts: dict[str, str], nth: int) -> Node | None:
    """The `nth` log row (`cd_expense` inside the list) whose descendants show `texts`
    (resource id -> text)."""
    hits = []
    for nodes in reversed(windows):
        for row in nodes:
            if not row.get("resource-id").endswith(":id/cd_expense"):
                continue
            inside = [n for n in nodes if row.order < n.order <= row.end]
            if all(any(n.get("resource-id").endswith(":id/" + rid) and n.get("text") == text
                       for n in inside) for rid, text in texts.items()):
                hits.append(row)
        if hits:
            break
    return hits[nth] if len(hits) > nth else None


@dataclass(frozen=True)
class SwipeRow(Move):
    """Slide a log row right (select it) or left (show its delete button)."""

    expense: model.Expense
    right: bool
    nth: int = 0
    position: int = 0   # the row's place in the list (0 = top): bounds the scrolling it needs

    def cost(self, vocabulary: Sequence[str]) -> int:
        return 6 + 4 * -(-self.position // 4)

    def run(self, o: Oracle) -> Iterator[dict[str, Any]]:
        texts = row_texts(self.expense)
        last: tuple[int, int, int, int] | None = None
        for _ in range(MAX_SCROLLS):
            windows = o.windows()
            node = _row_node(windows, texts, self.nth)
            box = find(windows, Sel(id="rv_expense"))
            if node is not None and box is not None:
                fab = find(windows, Sel(id="fb_main_add"))
                limit = fab.bounds[1] if fab is not None else box.bounds[3]
                clear = node.bounds[1] >= box.bounds[1] and node.bounds[3] <= min(limit, box.bounds[3])
                if clear or node.bounds == last:   # in the clear, or the list cannot scroll on
                    break
                last = node.bounds
            if box is None:
                yield make_action(ActionType.REPEAT)
                continue
            yield from o.swipe(box, up=True, moves=2)
            yield make_action(ActionType.REPEAT)   # let a fling settle
        else:
            raise OracleError(f"no log row showing {texts}")
        assert node is not None
        left, top, right, bottom = node.bounds
        y = (top + bottom) / 2
        width = right - left
        x0, x1 = (left + 0.1 * width, left + 0.6 * width) if self.right else \
            (left + 0.7 * width, left + 0.2 * width)
        yield from o.drag((x0, y), (x1, y))


@dataclass(frozen=True)
class TapCategory(Move):
    """Tap a category in the entry form, sliding the category list left until it shows."""

    category: int

    def cost(self, vocabulary: Sequence[str]) -> int:
        return 4

    def run(self, o: Oracle) -> Iterator[dict[str, Any]]:
        want = Sel(id="tv_name", text=model.category_name(self.category))
        for _ in range(12):
            windows = o.windows()
            box = find(windows, Sel(id="rv_category"))
            if box is None:
                raise OracleError("the category list is not on screen")
            if covered_by_keyboard(windows, box):
                yield make_action(ActionType.KEY, key="BACK")
                continue
            node = find(windows, want)
            if node is not None and node.bounds[0] >= box.bounds[0] and node.bounds[2] <= box.bounds[2]:
                yield o.touch(*node.center)
                yield make_action(ActionType.LIFT)
                return
            y = (box.bounds[1] + box.bounds[3]) / 2
            width = box.bounds[2] - box.bounds[0]
            x0, x1 = box.bounds[0] + 0.8 * width, box.bounds[0] + 0.3 * width
            yield from o.drag((x0, y), (x1, y))
        raise OracleError(f"category {model.category_name(self.category)!r} not found")
