"""Wrapper contracts: Gymnasium can check and recreate every wrapper stack from its spec, and
ElementActions rejects every malformed command or raw action with an error that names it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium as gym
import pytest
from gymnasium.envs.registration import EnvSpec
from gymnasium.utils.env_checker import check_env

from mobile_gym.spaces import InvalidActionError
from mobile_gym.wrappers import (
    DIRECTIONS,
    ELEMENT_ACTIONS,
    Element,
    ElementActions,
    ElementFeatures,
    PixelsOnly,
    SingleTap,
    TapGrid,
)
from tests.env.conftest import make_fake_env

TASK = "MobileEnv/Calendar-v0"

STACKS: dict[str, Callable[[], gym.Env]] = {
    "TapGrid": lambda: TapGrid(gym.make(TASK), cols=3, rows=4, keys=["BACK"]),
    "PixelsOnly(TapGrid)": lambda: PixelsOnly(TapGrid(gym.make(TASK))),
    "ElementFeatures(TapGrid)": lambda: ElementFeatures(TapGrid(gym.make(TASK)), max_elements=8, flat=False),
    "SingleTap": lambda: SingleTap(gym.make(TASK), hold_steps=2),
    "ElementActions": lambda: ElementActions(gym.make(TASK), max_elements=16, swipe_moves=3,
                                             app_components={"Cal": "a.b/.C"}),
    "PixelsOnly(ElementActions)": lambda: PixelsOnly(ElementActions(gym.make(TASK))),
}


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", sorted(STACKS))
def test_gymnasium_checks_and_recreates_each_wrapper_stack(name: str) -> None:
    env = STACKS[name]()
    check_env(env, skip_render_check=True)
    assert env.spec is not None
    for spec in (env.spec, EnvSpec.from_json(env.spec.to_json())):  # also through JSON
        again = gym.make(spec)
        assert type(again) is type(env) and again.spec == env.spec
        assert again.observation_space == env.observation_space
        assert again.action_space == env.action_space
        again.close()
    env.close()


def _remake(env: gym.Env) -> Any:
    """`gym.make` of the env's spec (typed Any so tests can read the wrapper's attributes)."""
    assert env.spec is not None
    return gym.make(env.spec)


def test_recreated_wrappers_keep_their_constructor_arguments() -> None:
    grid = _remake(TapGrid(gym.make(TASK), cols=3, rows=4, keys=["BACK"]))
    assert (grid.cols, grid.rows, grid.keys, grid.action_space.n) == (3, 4, ("BACK",), 13)
    agent = _remake(ElementActions(gym.make(TASK), max_elements=16, long_press_seconds=1.0,
                                   app_components={"Cal": "a.b/.C"}))
    assert agent.record_spec() == {"max_elements": 16, "text_max_length": 512, "long_press_seconds": 1.0,
                                   "swipe_moves": 4, "app_components": {"cal": "a.b/.C"}}
    tap = _remake(SingleTap(gym.make(TASK), hold_steps=2))
    assert tap.record_spec() == {"hold_steps": 2}


def test_record_spec_is_unchanged_by_record_constructor_args() -> None:
    assert TapGrid(make_fake_env(), cols=2, rows=3).record_spec() == {
        "cols": 2, "rows": 3, "keys": ["BACK", "HOME", "ENTER"]}
    assert PixelsOnly(make_fake_env()).record_spec() == {}
    assert ElementFeatures(make_fake_env(), keep_pixels=False).record_spec() == {
        "max_elements": 32, "keep_pixels": False, "flat": True}
    assert SingleTap(make_fake_env(), hold_steps=1).record_spec() == {"hold_steps": 1}


# ---------------------------------------------------------------- ElementActions commands
def _element(index: int, text: str = "", desc: str = "", rid: str = "") -> Element:
    return Element(index=index, class_name="android.widget.Button", text=text, content_desc=desc,
                   resource_id=rid, package="com.example", bounds=(0, 100 * index, 100, 100 * index + 50),
                   depth=1, clickable=True)


@pytest.fixture
def agent() -> ElementActions:
    """ElementActions on the fake env, with a crafted screen of elements to resolve against."""
    env = ElementActions(make_fake_env())
    env.reset(seed=0)
    env.elements = [_element(0, text="Save", rid="com.example:id/save"), _element(1, desc="Back arrow"),
                    _element(2, text="a=b"), _element(3, text="7"), _element(4, text="Two words")]
    return env


def _action(kind: str, element: int = 128, text: str = "", direction: str = "up") -> dict:
    return {"action": ELEMENT_ACTIONS.index(kind), "element": element, "text": text,
            "direction": DIRECTIONS.index(direction)}


@pytest.mark.parametrize(("line", "expected"), [
    ("click 1", _action("click", 1)),
    ('click "Save"', _action("click", 0)),
    ("click Save", _action("click", 0)),
    ('click "Back arrow"', _action("click", 1)),
    ("click id=save", _action("click", 0)),
    ("click id=com.example:id/save", _action("click", 0)),
    ('click text="Two words"', _action("click", 4)),
    ('click desc="Back arrow"', _action("click", 1)),
    ('click "a=b"', _action("click", 2)),  # a quoted text may contain '='
    ('click text="a=b"', _action("click", 2)),
    ("click 3", _action("click", 3)),
    ('click "7"', _action("click", 3)),  # quoted digits are a text, not an index
    ("CLICK 0", _action("click", 0)),
    ("long_press id=save", _action("long_press", 0)),
    ('type id=save "hello world"', _action("type", 0, "hello world")),
    ("scroll down", _action("scroll", direction="down")),
    ("scroll UP 4", _action("scroll", 4, direction="up")),
    ('swipe left "Save"', _action("swipe", 0, direction="left")),
    ("back", _action("back")),
    ("home", _action("home")),
    ("open_app Settings", _action("open_app", text="Settings")),
    ('open_app "Simple Calendar"', _action("open_app", text="Simple Calendar")),
    ('answer "42"', _action("answer", text="42")),
    ('answer ""', _action("answer", text="")),
    ("wait", _action("wait")),
])
def test_every_documented_command_form_still_builds_its_action(agent: ElementActions, line: str,
                                                               expected: dict) -> None:
    assert agent.command(line) == expected


@pytest.mark.parametrize(("line", "words"), [
    ("wait 5", ["command 'wait 5'", "wait takes no arguments", "'5'", "usage: wait"]),
    ("back now please", ["command 'back now please'", "back takes no arguments", "'now'", "usage: back"]),
    ("home 3", ["command 'home 3'", "home takes no arguments", "'3'", "usage: home"]),
    ("click 1 2", ["click takes at most 1 argument", "'2'", "usage: click TARGET"]),
    ("click Two words", ["click takes at most 1 argument", "'words'", "quote"]),
    ('type id=save "a" "b"', ["type takes at most 2 argument", "'b'", 'usage: type TARGET "TEXT"']),
    ("scroll down 1 2", ["scroll takes at most 2 argument", "'2'", "usage: scroll DIRECTION [TARGET]"]),
    ("open_app Simple Calendar", ["open_app takes at most 1 argument", "'Calendar'", "usage: open_app APP"]),
    ('answer "a" "b"', ["answer takes at most 1 argument", "'b'"]),
    ("click", ["click is missing TARGET", "element index", "id=", "text=", "desc="]),
    ('type "hello"', ['type is missing "TEXT"', 'usage: type TARGET "TEXT"']),
    ("scroll", ["scroll is missing DIRECTION", "up, down, left, right"]),
    ("open_app", ["open_app is missing APP"]),
    ("answer", ['answer is missing "TEXT"']),
    ("scroll sideways", ["scroll", "direction 'sideways'", "up, down, left, right"]),
    ("click foo=bar", ["command 'click foo=bar'", "unknown target key 'foo'", "id, text, desc"]),
    ("swipe up Foo=bar", ["swipe", "unknown target key 'Foo'", "id, text, desc"]),
    ('click ""', ["empty target", "element index"]),
    ("click id=", ["empty target 'id='"]),
    ("click 9", ["no element matches index 9", "5 element(s)", '[0] Button "Save"']),
    ('click "Nope"', ["no element matches 'Nope'", '[0] Button "Save"']),
    ('click "open', ["command 'click \"open'", "No closing quotation"]),
    ("fly 3", ["unknown action 'fly'", "click"]),
    ("", ["empty command", "click"]),
])
def test_malformed_commands_name_the_command_the_word_and_the_accepted_form(
        agent: ElementActions, line: str, words: list[str]) -> None:
    with pytest.raises(ValueError) as caught:
        agent.command(line)
    for word in words:
        assert word in str(caught.value), (word, str(caught.value))


def test_overlong_command_text_is_rejected_by_command_not_by_step() -> None:
    agent = ElementActions(make_fake_env(), text_max_length=8)
    agent.reset(seed=0)
    with pytest.raises(ValueError, match=r"answer.*exceeds max_length 8"):
        agent.command('answer "far too long"')


def test_find_names_an_unknown_key(agent: ElementActions) -> None:
    assert agent.find("id=save").index == 0 and agent.find("Two words").index == 4
    with pytest.raises(ValueError, match=r"unknown target key 'foo'.*valid keys: id, text, desc"):
        agent.find("foo=bar")


def test_wait_is_one_repeat_step(agent: ElementActions) -> None:
    _, _, _, _, info = agent.step(agent.command("wait"))
    assert info["primitive_steps"] == 1


# ---------------------------------------------------------------- ElementActions raw actions
def test_a_raw_action_without_the_action_key_says_so() -> None:
    env = ElementActions(make_fake_env())
    env.reset(seed=0)
    with pytest.raises(InvalidActionError, match=r"no 'action' key") as caught:
        env.step({})
    assert "-1" not in str(caught.value) and "click" in str(caught.value)
    with pytest.raises(InvalidActionError, match=r"no 'action' key"):
        env.step({"element": 1})
    with pytest.raises(InvalidActionError, match=r"unknown keys \['x'\]; valid keys: .*'direction'"):
        env.step({"action": 0, "x": 1})
    _, _, _, _, info = env.step({"action": ELEMENT_ACTIONS.index("wait")})  # the rest defaults
    assert info["primitive_steps"] == 1
