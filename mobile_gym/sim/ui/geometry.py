"""Integer rectangles in device pixels (left/top inclusive, right/bottom exclusive)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle; `contains` uses half-open edges like android.graphics.Rect."""

    left: int
    top: int
    right: int
    bottom: int

    @property
    def width(self) -> int:
        return self.right - self.left

    @property
    def height(self) -> int:
        return self.bottom - self.top

    @property
    def center(self) -> tuple[int, int]:
        return ((self.left + self.right) // 2, (self.top + self.bottom) // 2)

    @property
    def is_empty(self) -> bool:
        return self.right <= self.left or self.bottom <= self.top

    def contains(self, x: float, y: float) -> bool:
        return self.left <= x < self.right and self.top <= y < self.bottom

    def intersect(self, r: Rect) -> Rect:
        """The overlap; an empty rect (right<=left or bottom<=top, clamped) when disjoint."""
        left = self.left if self.left > r.left else r.left
        top = self.top if self.top > r.top else r.top
        right = self.right if self.right < r.right else r.right
        bottom = self.bottom if self.bottom < r.bottom else r.bottom
        if right < left:
            right = left
        if bottom < top:
            bottom = top
        return Rect(left, top, right, bottom)

    def intersects(self, r: Rect) -> bool:
        """True when the two rects share some area (both non-empty)."""
        return (self.left < r.right and r.left < self.right and self.top < r.bottom
                and r.top < self.bottom and self.left < self.right and r.left < r.right
                and self.top < self.bottom and r.top < r.bottom)

    def offset(self, dx: int, dy: int) -> Rect:
        return Rect(self.left + dx, self.top + dy, self.right + dx, self.bottom + dy)

    def inset(self, left: int, top: int, right: int, bottom: int) -> Rect:
        return Rect(self.left + left, self.top + top, self.right - right, self.bottom - bottom)

    def short_string(self) -> str:
        """`[l,t][r,b]`, the form uiautomator writes (Rect.toShortString)."""
        return f"[{self.left},{self.top}][{self.right},{self.bottom}]"


EMPTY_RECT = Rect(0, 0, 0, 0)
