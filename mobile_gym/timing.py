"""Timing: the seconds a reset or step spent per part, as `info["timing"]` reports them."""

from __future__ import annotations

from collections.abc import Iterator, Mapping


class Timing(Mapping[str, float]):
    """Seconds spent per part of a reset/step ("act", "advance", "observe", "engine", ...).

    Durations measure the host, not the episode: two Timings compare equal when they cover
    the same parts, so `info` stays deterministic for Gymnasium's checker and for replays.
    """

    __slots__ = ("_parts",)

    def __init__(self, parts: Mapping[str, float]) -> None:
        self._parts = dict(parts)

    def __getitem__(self, key: str) -> float:
        return self._parts[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._parts)

    def __len__(self) -> int:
        return len(self._parts)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Timing) and self._parts.keys() == other.keys()

    def __hash__(self) -> int:
        return hash(frozenset(self._parts))

    def __repr__(self) -> str:
        return "Timing(" + ", ".join(f"{k}={v * 1e3:.3f}ms" for k, v in self._parts.items()) + ")"
