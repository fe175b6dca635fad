"""The logcat filter specs a task's `log_event.filters` may hold, checked alike by the loader
and the event engine: `TAG:PRIORITY`, a bare `TAG` (= `TAG:V`), `*:P` for every other tag."""

from __future__ import annotations

__all__ = ["FILTER_SPEC_RULE", "LEVELS", "filter_spec_problem", "split_spec"]

#: Priority letter -> level (V lowest, S silences; A, for "assert", counts as F).
LEVELS = {"V": 0, "D": 1, "I": 2, "W": 3, "E": 4, "F": 5, "A": 5, "S": 6}

#: The accepted form of a filter spec, as error messages state it.
FILTER_SPEC_RULE = ("TAG:PRIORITY or a bare TAG (= TAG:V), several separated by spaces; PRIORITY is one "
                    "of V D I W E F S (A = F; any case); TAG is `*` for every other tag")


def split_spec(part: str) -> tuple[str, str] | None:
    """(tag, upper-case priority letter) of one whitespace-free spec, or None if it is invalid."""
    tag, sep, prio = part.rpartition(":")
    if not sep:
        tag, prio = part, "V"
    prio = prio.upper()
    if not tag or prio not in LEVELS:
        return None
    return tag, prio


def filter_spec_problem(spec: str) -> str | None:
    """Why one `filters` entry (one or more whitespace-separated specs) is invalid, or None."""
    for part in spec.split():
        if split_spec(part) is None:
            return f"invalid logcat filter {part!r} (expected {FILTER_SPEC_RULE})"
    return None
