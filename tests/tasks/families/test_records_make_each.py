"""`RecordMaker(cls).make_each(**columns)` builds, row by row, what `cls(**row)` builds, and
refuses what `make` refuses."""

from __future__ import annotations

import pickle

import pytest

from mobile_gym.apps.calendar import Event
from mobile_gym.apps.expense import Expense
from mobile_gym.tasks.families.records import RecordMaker


def test_each_row_is_the_constructors():
    columns = {"start_ts": [1697000000, 1697100000, 5], "end_ts": [1697003600, 1697103600, 6],
               "title": ["Call with Bob", "Workshop on Campaign", "x"],
               "description": ["We will plan.", "", "y"], "source": ["imported-ics"] * 3}
    made = RecordMaker(Event).make_each(**columns)
    built = [Event(**dict(zip(columns, row))) for row in zip(*columns.values())]
    assert made == built
    for m, b in zip(made, built):
        assert type(m) is Event and hash(m) == hash(b) and repr(m) == repr(b)
        assert list(vars(m)) == list(vars(b))
        assert pickle.dumps(m) == pickle.dumps(b)
    assert made[0] is not made[1] and vars(made[0]) is not vars(made[1])


def test_empty_columns_make_no_records():
    assert RecordMaker(Event).make_each(start_ts=[], end_ts=[], title=[]) == []


def test_bad_columns_raise():
    maker = RecordMaker(Expense)
    with pytest.raises(TypeError, match="unknown fields \\['colour'\\]"):
        maker.make_each(name=["x"], amount=[1], category=[1], colour=["red"])
    with pytest.raises(TypeError, match="missing \\['amount'\\]"):
        maker.make_each(name=["x"], category=[1])
    with pytest.raises(ValueError, match="columns of one length"):
        maker.make_each(name=["x", "y"], amount=[1], category=[1, 2])
