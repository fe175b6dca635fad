"""Pro Expense's amount and date conversions (the entry form's text <-> stored cents)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mobile_gym.apps import expense as model


@given(st.integers(min_value=0, max_value=10**9))
def test_typed_amount_round_trips(amount_cents):
    text = model.typed_amount(amount_cents)
    assert model.cents(text) == amount_cents
    assert len(text) <= 13 and not text.endswith(".")
    assert model.format_amount(amount_cents).replace(",", "") == f"{amount_cents / 100:.2f}"


@given(st.text(alphabet="0123456789.", min_size=1, max_size=10))
def test_cents_floors_to_two_decimals_or_rejects(text):
    if text.count(".") > 1 or text == ".":
        with pytest.raises(ValueError):
            model.cents(text)
        return
    whole, _, frac = text.partition(".")
    assert model.cents(text) == int(whole or "0") * 100 + int((frac + "00")[:2])


@pytest.mark.parametrize("bad", ["", " ", "abc", "1,5", "-3", "1e3"])
def test_cents_rejects_what_is_no_amount(bad):
    with pytest.raises(ValueError):
        model.cents(bad)


def test_category_names_and_dates():
    assert [model.category_name(c) for c in model.CATEGORY_GRID][:3] == ["Income", "Food", "Housing"]
    assert sorted(model.CATEGORY_GRID) == list(range(1, 12))
    with pytest.raises(ValueError, match="1..11"):
        model.category_name(12)
    assert model.entry_date_label(1697384040000) == "15 Oct 2023 3:34 PM"
