"""`RecordMaker(cls).make(**fields)` builds what `cls(**fields)` builds: equal, same hash, repr,
pickle and attribute order; it refuses the fields and classes the constructor would treat
differently."""

from __future__ import annotations

import pickle
from dataclasses import dataclass, field

import pytest

from mobile_gym.apps.broccoli import Recipe
from mobile_gym.apps.calendar import Event
from mobile_gym.apps.expense import Expense
from mobile_gym.tasks.families.records import RecordMaker

CASES = [
    (Event, {"start_ts": 1697000000, "end_ts": 1697003600, "title": "Call with Bob",
             "description": "We will plan.", "source": "imported-ics"}),
    (Expense, {"name": "Taxi", "amount": 1234, "category": 3, "note": "Urgent",
               "created_date": 5, "modified_date": 5}),
    (Recipe, {"title": "Soup", "servings": "2 servings", "directions": "Boil it."}),
]


@pytest.mark.parametrize(("cls", "values"), CASES)
def test_made_records_are_the_constructors(cls, values):
    made, built = RecordMaker(cls).make(**values), cls(**values)
    assert type(made) is cls
    assert made == built and hash(made) == hash(built) and repr(made) == repr(built)
    assert list(vars(made)) == list(vars(built))
    assert pickle.dumps(made) == pickle.dumps(built)


def test_unknown_and_missing_fields_raise():
    maker = RecordMaker(Expense)
    with pytest.raises(TypeError, match="unknown fields \\['colour'\\]"):
        maker.make(name="x", amount=1, category=1, colour="red")
    with pytest.raises(TypeError, match="missing \\['amount'\\]"):
        maker.make(name="x", category=1)


def test_classes_the_constructor_treats_differently_are_refused():
    @dataclass
    class Mutable:
        a: int

    @dataclass(frozen=True)
    class Checked:
        a: int

        def __post_init__(self) -> None:
            raise ValueError

    @dataclass(frozen=True)
    class Factory:
        a: list = field(default_factory=list)

    for cls in (Mutable, Checked, Factory, int):
        with pytest.raises(TypeError):
            RecordMaker(cls)
