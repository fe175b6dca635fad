"""Action/observation spaces: validation errors name the field and value; hierarchies round-trip."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.spaces import (
    ActionType,
    InvalidActionError,
    UnicodeText,
    ViewHierarchy,
    decode_action,
    hierarchy_problem,
    make_action,
    make_action_space,
    parse_bounds,
)
from mobile_gym.spaces.view_hierarchy import XML_HEADER, render_node

VOCAB = ("hello", "world")


def decode(action):
    return decode_action(action, vocabulary=VOCAB, screen_size=(1080, 2400), response_max_length=16)


def test_touch_maps_to_device_pixels_like_android_env():
    op, response = decode(make_action(ActionType.TOUCH, (0.5, 1.0)))
    assert (op.kind, op.x, op.y, response) == ("touch", 540, 2399, None)


def test_text_key_and_response_fields():
    op, response = decode(make_action(ActionType.TEXT, input_token=1, response="done"))
    assert (op.kind, op.text, response) == ("text", "world", "done")
    op, _ = decode(make_action(ActionType.KEY, key="ENTER"))
    assert (op.kind, op.text) == ("key", "ENTER")


@pytest.mark.parametrize("action, fragment", [
    ({"action_type": 7}, "action_type=7"),
    ({"action_type": 1.5}, "action_type=1.5"),
    ({"action_type": 0, "touch_position": [1.2, 0.1]}, "touch_position"),
    ({"action_type": 0}, "'touch_position'"),
    ({"action_type": 3, "input_token": 2}, "input_token=2"),
    ({"action_type": 4, "key": -1}, "key=-1"),
    ({"action_type": 2, "response": "x" * 17}, "response"),
    ({"action_type": 2, "bogus": 1}, "bogus"),
    ("tap", "action='tap'"),
])
def test_invalid_actions_name_field_and_value(action, fragment):
    with pytest.raises(InvalidActionError, match=None) as exc:
        decode(action)
    assert fragment in str(exc.value)


def test_text_without_vocabulary_is_a_noted_noop():
    op, _ = decode_action({"action_type": 3, "input_token": 0}, vocabulary=(), screen_size=(10, 10),
                          response_max_length=4)
    assert op.kind == "repeat" and "no vocabulary" in op.note


def test_sampled_actions_always_decode():
    space = make_action_space(len(VOCAB), 16)
    space.seed(3)
    for _ in range(200):
        op, _ = decode(space.sample())
        assert op.kind in ("touch", "lift", "repeat", "text", "key")


def test_unicode_text_accepts_any_unicode_within_bounds():
    space = UnicodeText(8)
    assert space.contains("Añadir 日本") is False  # 9 characters
    assert space.contains("Añadir 日")
    assert not space.contains("a\x00")
    assert not space.contains(b"bytes")
    assert space.contains(space.sample())


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**31 - 1))
def test_sampled_hierarchies_are_valid(seed):
    space = ViewHierarchy(seed=seed)
    xml = space.sample()
    assert hierarchy_problem(xml) is None and space.contains(xml)


def _node(**over):
    attrs = {"index": "0", "text": "", "resource-id": "", "class": "android.view.View", "package": "p",
             "content-desc": "", "checkable": "false", "checked": "false", "clickable": "true",
             "enabled": "true", "focusable": "false", "focused": "false", "scrollable": "false",
             "long-clickable": "false", "password": "false", "selected": "false", "bounds": "[0,0][10,10]"}
    attrs.update(over)
    return f'{XML_HEADER}<hierarchy rotation="0">{render_node(attrs)}</hierarchy>'


@pytest.mark.parametrize("xml, fragment", [
    ("<hierarchy", "not well-formed"),
    ("<root/>", "<root>"),
    (_node(bounds="[0,0][10]"), "bounds"),
    (_node(bounds="[10,0][0,10]"), "negative size"),
    (_node(clickable="yes"), "clickable='yes'"),
    (_node(index="-1"), "index"),
    ('<hierarchy><node index="0"/></hierarchy>', "lacks"),
    ('<hierarchy><view/></hierarchy>', "<view>"),
])
def test_invalid_hierarchies_are_explained(xml, fragment):
    problem = hierarchy_problem(xml)
    assert problem is not None and fragment in problem
    assert not ViewHierarchy().contains(xml)


def test_real_dump_quirks_are_accepted():
    # multi-root, NAF before index, extra attributes, pretty printing
    root = _node()[len(XML_HEADER):].replace("<hierarchy rotation=\"0\">", "").replace("</hierarchy>", "")
    extra = root.replace("<node ", '<node NAF="true" drawing-order="2"\n\t')
    xml = f'{XML_HEADER}<hierarchy rotation="0">{root}{extra}</hierarchy>'
    assert hierarchy_problem(xml) is None


@settings(max_examples=50, deadline=None)
@given(st.integers(-5000, 5000), st.integers(-5000, 5000), st.integers(0, 5000), st.integers(0, 5000))
def test_parse_bounds_round_trip(left, top, w, h):
    assert parse_bounds(f"[{left},{top}][{left + w},{top + h}]") == (left, top, left + w, top + h)


_values = st.one_of(st.none(), st.booleans(), st.integers(-10, 10), st.floats(allow_nan=True),
                    st.text(max_size=20), st.lists(st.floats(-2, 2), max_size=3))


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["action_type", "touch_position", "input_token", "key",
                                        "response", "extra"]), _values))
def test_decode_never_fails_other_than_with_invalid_action_error(action):
    try:
        op, response = decode(action)
    except InvalidActionError as exc:
        assert str(exc)  # names what is wrong
    else:
        assert op.kind in ("touch", "lift", "repeat", "text", "key")
        assert response is None or isinstance(response, str)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\x00"), max_size=12), min_size=3, max_size=3))
def test_unicode_text_survives_shared_memory(strings):
    from gymnasium.vector.utils import create_shared_memory, read_from_shared_memory, write_to_shared_memory

    space = UnicodeText(12)
    memory = create_shared_memory(space, n=3)
    view = read_from_shared_memory(space, memory, n=3)
    for i, s in enumerate(strings):
        write_to_shared_memory(space, i, s, memory)
    assert tuple(view) == tuple(strings)  # the view decodes what is there now


def test_view_hierarchy_shared_memory_round_trip_and_size_error():
    from gymnasium.vector.utils import create_shared_memory, read_from_shared_memory, write_to_shared_memory

    space = ViewHierarchy(max_bytes=20_000, seed=0)
    memory = create_shared_memory(space, n=2)
    view = read_from_shared_memory(space, memory, n=2)
    a, b = space.sample(), space.sample()
    write_to_shared_memory(space, 0, a, memory)
    write_to_shared_memory(space, 1, b, memory)
    import copy
    assert copy.deepcopy(view) == (a, b)
    with pytest.raises(ValueError, match="max_bytes"):
        write_to_shared_memory(space, 0, "x" * 20_001, memory)


_INDEX_FORMS = (int, np.int64, np.int32, np.uint8, lambda v: np.array(v, dtype=np.int64))


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 4), st.integers(0, 1), st.integers(0, 4), st.sampled_from(range(len(_INDEX_FORMS))),
       st.tuples(st.floats(0, 1, width=32), st.floats(0, 1, width=32)), st.sampled_from(["", "ok"]))
def test_index_fields_decode_alike_in_every_integer_form(kind, token, key, form, position, response):
    """A Python int, a numpy integer of any width and a 0-d integer array name the same index
    (the sampled np.int64 takes a shorter path); the decoded op and response are the same."""
    def action(make):
        return {"action_type": make(kind), "input_token": make(token), "key": make(key),
                "touch_position": np.array(position, dtype=np.float32), "response": response}

    assert decode(action(_INDEX_FORMS[form])) == decode(action(int))


@pytest.mark.parametrize("value", [True, np.bool_(False), np.array(True)])
def test_booleans_are_not_indices(value):
    with pytest.raises(InvalidActionError, match="expected an integer"):
        decode({"action_type": value})
