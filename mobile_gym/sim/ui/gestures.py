"""Gesture parameters and the small physics the window manager uses over device time:
ViewConfiguration-like thresholds, a velocity estimate from recent pointer samples, and an
exponentially decelerating fling."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from .units import dp

LONG_PRESS_TIMEOUT = 0.5      # s held before a long press fires
VELOCITY_WINDOW = 0.1         # s of pointer history used for the release velocity
FLING_TIME_CONSTANT = 0.325   # s; a fling travels v0 * tau in total
FLING_STOP_VELOCITY = 20.0    # px/s below which a fling ends


@dataclass(frozen=True)
class GestureConfig:
    """Thresholds in px for one display density (ViewConfiguration defaults)."""

    touch_slop: int
    min_fling_velocity: float   # px/s
    max_fling_velocity: float   # px/s
    pager_fling_distance: int   # px a ViewPager drag must cover to count as a fling
    pager_min_velocity: float   # px/s

    @staticmethod
    def for_density(density: int) -> GestureConfig:
        return GestureConfig(touch_slop=dp(8, density),
                             min_fling_velocity=float(dp(50, density)),
                             max_fling_velocity=float(dp(8000, density)),
                             pager_fling_distance=dp(25, density),
                             pager_min_velocity=float(dp(400, density)))


@dataclass
class VelocityTracker:
    """Pointer samples (t, x, y); velocity = displacement over the last VELOCITY_WINDOW."""

    samples: list[tuple[float, float, float]] = field(default_factory=list)

    def add(self, t: float, x: float, y: float) -> None:
        self.samples.append((t, x, y))
        cutoff = t - 4 * VELOCITY_WINDOW
        if len(self.samples) > 64 or (self.samples and self.samples[0][0] < cutoff):
            self.samples = [s for s in self.samples if s[0] >= cutoff][-64:]

    def velocity(self, now: float) -> tuple[float, float]:
        """(vx, vy) in px/s; zero when all recent samples share one timestamp."""
        recent = [s for s in self.samples if s[0] >= now - VELOCITY_WINDOW]
        if len(recent) < 2:
            older = [s for s in self.samples if s[0] < now - VELOCITY_WINDOW]
            if older and recent:
                recent = [older[-1]] + recent
            else:
                return (0.0, 0.0)
        t0, x0, y0 = recent[0]
        t1, x1, y1 = recent[-1]
        dt = t1 - t0
        if dt <= 0:
            return (0.0, 0.0)
        return ((x1 - x0) / dt, (y1 - y0) / dt)


@dataclass
class Fling:
    """Scroll content with initial velocity `v0` (px/s of scroll offset) decaying as
    exp(-t/tau): offset(t) = v0 * tau * (1 - exp(-t/tau))."""

    target: object  # the ScrollContainer
    v0: float
    start: float
    applied: int = 0

    @property
    def duration(self) -> float:
        if abs(self.v0) <= FLING_STOP_VELOCITY:
            return 0.0
        return FLING_TIME_CONSTANT * math.log(abs(self.v0) / FLING_STOP_VELOCITY)

    def offset_at(self, now: float) -> int:
        t = max(0.0, min(now - self.start, self.duration))
        return int(round(self.v0 * FLING_TIME_CONSTANT * (1 - math.exp(-t / FLING_TIME_CONSTANT))))

    def finished(self, now: float) -> bool:
        return now - self.start >= self.duration
