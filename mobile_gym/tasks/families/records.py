"""RecordMaker: makes instances of a frozen dataclass as its constructor would, at a fraction of
the cost, for the rows a family's `sample` draws by the dozen per seed.

A frozen dataclass's generated `__init__` sets every field through `object.__setattr__`, which
for a wide row (a calendar `Event` has 28 fields) costs 4-8 us, more than drawing the row's
random values. `RecordMaker(cls)` writes the instance's `__dict__` in one update instead, with
the fields in declaration order exactly as `__init__` leaves them, so equality, hashing, `repr`
and pickling cannot tell the two apart. It accepts only the classes for which that holds: frozen
dataclasses without `__post_init__`, `__slots__`, init-less fields or default factories.
"""

from __future__ import annotations

import dataclasses
from collections.abc import KeysView, Sequence
from typing import Any, Generic, TypeVar

T = TypeVar("T")

_REQUIRED = object()  # a placeholder of a field without a default, always overwritten


class RecordMaker(Generic[T]):
    """`make(**fields)` == `cls(**fields)` (keyword arguments only; unknown or missing fields
    raise TypeError as the constructor does)."""

    def __init__(self, cls: type[T]) -> None:
        if not dataclasses.is_dataclass(cls) or not cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
            raise TypeError(f"{cls.__name__}: RecordMaker needs a frozen dataclass")
        if hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
            raise TypeError(f"{cls.__name__}: RecordMaker cannot run __post_init__ or fill slots")
        self._cls = cls
        self._defaults: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if not f.init or f.default_factory is not dataclasses.MISSING:
                raise TypeError(f"{cls.__name__}.{f.name}: RecordMaker needs plain fields with "
                                "plain defaults")
            self._defaults[f.name] = _REQUIRED if f.default is dataclasses.MISSING else f.default
        self._names = frozenset(self._defaults)
        self._required = frozenset(k for k, v in self._defaults.items() if v is _REQUIRED)

    def make(self, **values: Any) -> T:
        """An instance with these field values and the defaults for the others."""
        if not (self._required <= values.keys() <= self._names):  # `_check`, written out
            self._check(values.keys())
        record = object.__new__(self._cls)
        fields = record.__dict__
        fields.update(self._defaults)  # declaration order, as __init__ assigns them
        fields.update(values)
        return record

    def make_each(self, **columns: Sequence[Any]) -> list[T]:
        """`make` once per row of the equal-length `columns` (field name -> one value per
        instance): the fields are checked once, and each column is written by one loop."""
        self._check(columns.keys())
        lengths = {len(column) for column in columns.values()}
        if len(lengths) != 1:
            raise ValueError(f"{self._cls.__name__}: make_each needs columns of one length, "
                             f"not {sorted(lengths)}")
        records = [object.__new__(self._cls) for _ in range(lengths.pop())]
        every_fields = list(map(vars, records))
        for fields in every_fields:
            fields.update(self._defaults)  # declaration order, as __init__ assigns them
        for name, column in columns.items():
            for fields, value in zip(every_fields, column):
                fields[name] = value
        return records

    def _check(self, names: KeysView[str]) -> None:
        """TypeError unless `names` holds every required field and only fields."""
        if not (self._required <= names <= self._names):
            unknown = sorted(names - self._names)
            missing = sorted(self._required - names)
            raise TypeError(f"{self._cls.__name__}: unknown fields {unknown}, missing {missing}")
