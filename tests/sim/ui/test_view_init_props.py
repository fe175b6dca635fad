"""A new view stores its init properties at once (`View._init_props`): the result must be the
view that assigning them one by one gives (same attributes, same subtree version, same errors)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.sim.ui import Button, FrameLayout, ImageView, LinearLayout, TextView, View
from mobile_gym.sim.ui.units import MATCH_PARENT, WRAP_CONTENT


def _one_by_one(cls: type) -> type:
    """`cls` with an `_invalidate` of its own, which makes its views assign every property."""

    class OneByOne(cls):  # type: ignore[misc, valid-type]
        def _invalidate(self, layout: bool = True) -> None:
            super()._invalidate(layout)

    return OneByOne


def _state(view: View) -> dict:
    return {k: v for k, v in view.__dict__.items()}


sizes = st.sampled_from([MATCH_PARENT, WRAP_CONTENT, 0, 7, 120])
insets = st.one_of(st.integers(0, 40), st.tuples(st.integers(0, 9), st.integers(0, 9)),
                   st.tuples(*[st.integers(0, 9)] * 4))
gravities = st.sampled_from(["start|top", "center", "center_vertical|end", "bottom", "fill"])
kwargs = st.fixed_dictionaries({}, optional={
    "id": st.sampled_from(["", "title", "com.example:id/row"]), "text": st.text(max_size=8),
    "content_desc": st.text(max_size=5), "width": sizes, "height": sizes,
    "weight": st.sampled_from([0, 0.0, 1, 2.5]), "margin": insets, "padding": insets,
    "gravity": gravities, "layout_gravity": st.one_of(st.none(), gravities),
    "background": st.one_of(st.none(), st.just(0xFF00FF00)),
    "visibility": st.sampled_from(["visible", "invisible", "gone"]),
    "clickable": st.booleans(), "long_clickable": st.booleans(), "focusable": st.booleans(),
    "enabled": st.booleans(), "checkable": st.booleans(), "checked": st.booleans(),
    "selected": st.booleans(), "scrollable": st.booleans(), "password": st.booleans(),
    "min_width": st.integers(0, 50), "min_height": st.integers(0, 50), "corner_radius": st.integers(0, 9)})


@pytest.mark.parametrize("cls", [View, FrameLayout, LinearLayout, TextView, Button, ImageView])
@settings(max_examples=40, deadline=None)
@given(kw=kwargs)
def test_init_properties_match_assigning_them(cls: type, kw: dict) -> None:
    assert cls._props_plain and not _one_by_one(cls)._props_plain
    if "text" in kw and cls is ImageView:
        kw.pop("text")
    fast, slow = cls(**kw), _one_by_one(cls)(**kw)
    assert _state(fast) == _state(slow)
    assert fast._sv == slow._sv and fast._sv > 0


@pytest.mark.parametrize("bad", [{"margin": "wide"}, {"padding": (1, 2, 3)}, {"gravity": "sideways"},
                                 {"layout_gravity": "up"}, {"visibility": "hidden"},
                                 {"margin": "x", "visibility": "hidden"}])
def test_bad_init_properties_give_the_same_error(bad: dict) -> None:
    with pytest.raises(ValueError) as fast:
        View(**bad)
    with pytest.raises(ValueError) as slow:
        _one_by_one(View)(**bad)
    assert str(fast.value) == str(slow.value)


def test_a_class_overriding_an_init_property_assigns_them() -> None:
    class Custom(TextView):
        @property
        def enabled(self) -> bool:
            return True

        @enabled.setter
        def enabled(self, value: bool) -> None:
            self.seen = value

    assert not Custom._props_plain
    assert Custom("x", enabled=False).seen is False
