"""The seven listeners: how a listener's top-level slot wraps and reduces values, and how the
episode end value becomes success or failure.

| listener            | wrap (each value)                        | reduce (values of one step)   |
|---------------------|------------------------------------------|-------------------------------|
| score_listener      | float                                    | last wins                     |
| reward_listener     | float                                    | sum                           |
| episode_end_listener| identity                                 | last wins                     |
| extra_listener      | must be a dict name -> value             | name -> list of values        |
| json_extra_listener | JSON text of a dict, parsed              | name -> list of values        |
| instruction_listener| a string becomes [string]; lists of str  | concatenation                 |
| null_listener       | identity (evaluated every step, no output)| last wins                    |

Nested slots use identity and "last wins" (as in Mobile-Env).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

import numpy as np

__all__ = [
    "LISTENERS",
    "LISTENER_KINDS",
    "MAX_EXTRA_VALUES",
    "NESTED",
    "EpisodeEndPolicy",
    "ListenerKind",
    "default_episode_end",
    "mobile_env_episode_end",
]

LISTENERS: tuple[str, ...] = ("score_listener", "reward_listener", "episode_end_listener", "extra_listener",
                              "json_extra_listener", "instruction_listener", "null_listener")
MAX_EXTRA_VALUES = 100  # per extra name and step, like Mobile-Env's buffer cap


def _identity(v: Any) -> Any:
    return v


def _last(values: list[Any]) -> Any:
    return values[-1]


def _float(v: Any) -> float:
    if isinstance(v, (tuple, list)) and len(v) == 1:
        v = v[0]  # a one-group regex match, e.g. "y = x" over `score: (\d+)`
    return float(v)


def _sum(values: list[Any]) -> float:
    return float(sum(values))


def _extra(v: Any) -> dict[str, list[Any]]:
    if not isinstance(v, dict):
        raise TypeError(f"an extra_listener value must be a dict name -> value, got {type(v).__name__}")
    return {str(k): [val] for k, val in v.items()}


def _json_extra(v: Any) -> dict[str, list[Any]]:
    if isinstance(v, (tuple, list)) and len(v) == 1:
        v = v[0]
    if not isinstance(v, (str, bytes)):
        raise TypeError(f"a json_extra_listener value must be JSON text, got {type(v).__name__}")
    data = json.loads(v)
    if not isinstance(data, dict):
        raise TypeError("a json_extra_listener value must be JSON of an object (name -> value)")
    return {str(k): [val] for k, val in data.items()}


def _merge(values: list[dict[str, list[Any]]]) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    for d in values:
        for k, vs in d.items():
            out.setdefault(k, []).extend(vs)
    for k in out:
        del out[k][:-MAX_EXTRA_VALUES]
    return out


def _instruction(v: Any) -> list[str]:
    if isinstance(v, str):
        return [v]
    if isinstance(v, (list, tuple)) and all(isinstance(s, str) for s in v):
        return list(v)
    raise TypeError(f"an instruction_listener value must be a string or a list of strings, got {v!r}")


def _concat(values: list[list[str]]) -> list[str]:
    return [s for v in values for s in v]


@dataclass(frozen=True)
class ListenerKind:
    name: str
    wrap: Callable[[Any], Any]
    reduce: Callable[[list[Any]], Any]


NESTED = ListenerKind("nested", _identity, _last)
LISTENER_KINDS: dict[str, ListenerKind] = {
    "score_listener": ListenerKind("score_listener", _float, _last),
    "reward_listener": ListenerKind("reward_listener", _float, _sum),
    "episode_end_listener": ListenerKind("episode_end_listener", _identity, _last),
    "extra_listener": ListenerKind("extra_listener", _extra, _merge),
    "json_extra_listener": ListenerKind("json_extra_listener", _json_extra, _merge),
    "instruction_listener": ListenerKind("instruction_listener", _instruction, _concat),
    "null_listener": ListenerKind("null_listener", _identity, _last),
}


class EpisodeEndPolicy(Protocol):
    def __call__(self, value: Any, *, episode_return: float, score: float) -> Literal["success", "failure"] | None:
        """Turn the episode_end listener's value into an outcome; None = the episode goes on."""
        ...


def default_episode_end(value: Any, *, episode_return: float, score: float) -> Literal["success", "failure"] | None:
    """mobile_gym's rule (documented in the README):

    * `None` -> no end (a transformation can suppress an end with `y = None`);
    * `()` -- what a regex without groups yields on a match, i.e. "the end event happened" with no
      verdict (Mobile-Env turned it into a failure, defect 2) -> success iff the episode's return
      so far (this step included) is > 0;
    * the strings "success" / "failure" -> that outcome;
    * anything else -> success if truthy (`y = True`), failure if falsy (`y = False`, 0, "").
    """
    if value is None:
        return None
    if isinstance(value, tuple) and len(value) == 0:
        return "success" if episode_return > 0 else "failure"
    if isinstance(value, str) and value.strip().lower() in ("success", "failure"):
        return value.strip().lower()  # type: ignore[return-value]
    try:
        return "success" if bool(value) else "failure"
    except (TypeError, ValueError):  # e.g. a numpy array of several values
        return "success"


def mobile_env_episode_end(value: Any, *, episode_return: float, score: float) -> Literal["success", "failure"] | None:
    """Mobile-Env 4.1's rule: None -> no end, truthy -> success, anything else (incl. `()`) -> failure."""
    if value is None:
        return None
    try:
        return "success" if bool(value) else "failure"
    except (TypeError, ValueError):
        return "success"


#: numpy dtypes of the task proto's ArraySpec.DataType names (Mobile-Env's extras_spec).
EXTRA_DTYPES: dict[str, str] = {
    "FLOAT": "float32", "DOUBLE": "float64", "INT8": "int8", "INT16": "int16", "INT32": "int32",
    "INT64": "int64", "UINT8": "uint8", "UINT16": "uint16", "UINT32": "uint32", "UINT64": "uint64",
    "BOOL": "bool", "STRING_U1": "<U1", "STRING_U16": "<U16", "STRING_U25": "<U25",
    "STRING_U250": "<U250",
}


@dataclass(frozen=True)
class ExtraSpec:
    """One `extras_spec` entry: the numpy dtype (None = inferred) and shape of one value."""

    dtype: str | None
    shape: tuple[int, ...] | None


def stack_extras(extras: Mapping[str, Sequence[Any]], specs: Mapping[str, ExtraSpec]
                 ) -> tuple[dict[str, Any], list[str]]:
    """Mobile-Env's extras: the step's values of each name (plain and JSON extras concatenated)
    stacked into one array of shape (n, *value shape), each value first converted to its
    `extras_spec` dtype and shape (reshaped when only the shape differs). A name whose values
    cannot be stacked keeps its list and gets an error text (returned second)."""
    out: dict[str, Any] = {}
    errors: list[str] = []
    for name, values in extras.items():
        spec = specs.get(name)
        try:
            arrays = []
            for v in values:
                arr = np.asarray(v, dtype=spec.dtype if spec is not None else None)
                if spec is not None and spec.shape is not None and arr.shape != spec.shape:
                    arr = arr.reshape(spec.shape)
                arrays.append(arr)
            out[name] = np.stack(arrays)
        except (ValueError, TypeError, OverflowError) as exc:
            shape = f" to the extras_spec shape {list(spec.shape)}" if spec and spec.shape else ""
            errors.append(f"extra {name!r}: its values cannot be stacked{shape} ({exc}); kept as "
                          "a list")
            out[name] = list(values)
    return out, errors


def extra_specs(task_proto: Any) -> dict[str, ExtraSpec]:
    """The `extras_spec` entries of a task proto by name."""
    out: dict[str, ExtraSpec] = {}
    for spec in getattr(task_proto, "extras_spec", ()):
        dtype_name = spec.DataType.Name(spec.dtype) if spec.dtype else ""
        out[spec.name] = ExtraSpec(EXTRA_DTYPES.get(dtype_name),
                                   tuple(int(n) for n in spec.shape) if spec.shape else None)
    return out
