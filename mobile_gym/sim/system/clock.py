"""The device's virtual clock: time passes only when `advance()` is called (no wall clock)."""

from __future__ import annotations

import math
from datetime import datetime, timezone

DEFAULT_START = datetime(2023, 10, 15, 15, 34, 0, tzinfo=timezone.utc)
#: The last second a device clock can show (datetime ends with year 9999).
LAST_SECOND = datetime(9999, 12, 31, 23, 59, 59, tzinfo=timezone.utc).timestamp()


class Clock:
    """Virtual UTC clock in epoch seconds.

    Tasks and validators depend on the AndroidWorld start time (2023-10-15 15:34 UTC);
    everything time-dependent in the simulator reads this object, never the host clock.
    """

    def __init__(self, start: datetime | float = DEFAULT_START) -> None:
        if isinstance(start, datetime):
            if start.tzinfo is None:
                raise ValueError(f"clock start {start!r} must be timezone-aware (the device runs in UTC)")
            self._now = start.timestamp()
        else:
            value = float(start)
            if not math.isfinite(value):
                raise ValueError(f"clock start {start!r} is not a finite epoch time")
            self._now = value
        self._boot = self._now

    def now(self) -> float:
        """Current device time, seconds since the Unix epoch."""
        return self._now

    def uptime(self) -> float:
        """Seconds since the device booted (what SystemClock.uptimeMillis measures)."""
        return self._now - self._boot

    def advance(self, seconds: float) -> None:
        """Let `seconds` (>= 0, finite) of device time pass."""
        if not isinstance(seconds, (int, float)) or not math.isfinite(seconds) or seconds < 0:
            raise ValueError(f"cannot advance the clock by {seconds!r}: need a finite number >= 0")
        if self._now + seconds > LAST_SECOND:
            raise ValueError(f"cannot advance the clock by {seconds:g} s: it would pass the end of "
                             "year 9999, the last date a device clock shows")
        self._now += float(seconds)

    def set(self, epoch_seconds: float) -> None:
        """Set the wall time (like `date -s` / `settings put global auto_time 0`); uptime is kept."""
        if not isinstance(epoch_seconds, (int, float)) or not 0 <= epoch_seconds <= LAST_SECOND:
            raise ValueError(f"cannot set the clock to {epoch_seconds!r}: need a time from 1970 to 9999")
        delta = float(epoch_seconds) - self._now
        self._now += delta
        self._boot += delta

    def datetime(self) -> datetime:
        """Current device time as an aware UTC datetime."""
        return datetime.fromtimestamp(self._now, tz=timezone.utc)
