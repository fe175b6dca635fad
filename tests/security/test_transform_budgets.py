"""Transformations that pass the load-time checks cannot run for long or exhaust memory: C-level
operations whose cost is known in advance are bounded before they run, comparisons and hashing
are charged as trees, `re` calls share the run's time budget, parser failures on agent text are
ordinary located errors, results are data, and error texts are capped."""

from __future__ import annotations

import time
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest

import mobile_gym  # noqa: F401 - registers the environments
from mobile_gym.events import EventEngine
from mobile_gym.events.errors import TransformRuntimeError
from mobile_gym.events.inputs import StepInputs
from mobile_gym.events.transform import compile_transformation
from mobile_gym.tasks.loader import load_task

BOUND = 60.0  # generous: every case here stops in well under a second


def refused(statements: list[str], x: object = "x", match: str = "") -> str:
    fn = compile_transformation(statements)
    start = time.monotonic()
    with pytest.raises(TransformRuntimeError, match=match or None) as info:
        fn(x)
    assert time.monotonic() - start < BOUND
    return str(info.value)


def shared(name: str, levels: int, kind: str = "list") -> list[str]:
    """Statements doubling a structure by sharing: `levels` statements, 2**levels leaves."""
    pair = f"[{name}, {name}]" if kind == "list" else f"({name}, {name})"
    start = f"{name} = [x]" if kind == "list" else f"{name} = (x,)"
    return [start] + [f"{name} = {pair}"] * levels


# -- operations with a known C cost ------------------------------------------------------------

@pytest.mark.parametrize("expr", ["round(1, -10**9)", "round(1, 10**9)", "round(1.5, -10**6)",
                                  "round(x, -4001)"])
def test_round_digits_are_bounded(expr):
    refused([f"y = {expr}"], x=7, match="round")


def test_ordinary_rounding_works():
    assert compile_transformation(["y = round(x, 2)"])(3.14159) == 3.14
    assert compile_transformation(["y = round(x, -2)"])(1234) == 1200


@pytest.mark.parametrize("expr", ["2 ** 10**9", "1 << 10**9", "'ab' * 10**9", "[0] * 10**9",
                                  "(10**20000) * (10**20000)", "x * 10**9"])
def test_huge_ints_and_sequences_are_refused_before_they_are_built(expr):
    refused([f"y = {expr}"], x="abc")


def test_int_of_a_huge_string_is_refused():
    refused(["y = int(x)"], x="9" * 200_000, match="int")


# -- comparison and hashing of large or shared structures ---------------------------------------

def test_equality_of_shared_nested_lists_is_refused():
    statements = shared("a", 40) + shared("b", 40) + ["y = a == b"]
    refused(statements, match="counted as a tree")


def test_membership_in_a_shared_structure_is_refused():
    refused(shared("a", 40) + ["y = 'z' in a"], match="counted as a tree")


def test_hashing_shared_nested_tuples_is_refused():
    refused(shared("t", 40, "tuple") + ["y = {t: 1}"], match="counted as a tree")
    refused(shared("t", 40, "tuple") + ["y = len({t})"], match="counted as a tree")
    refused(shared("t", 40, "tuple") + ["y = set([t])"], match="counted as a tree")


def test_deep_values_are_refused():
    refused(["a = x"] + ["a = [a]"] * 150 + ["y = a == a"], match="max_value_depth")


def test_ordinary_comparisons_are_unchanged():
    fn = compile_transformation(["y = x[0] == 'done' and 'b' in x and {tuple(x): 1} != {}"])
    assert fn(["done", "b"]) is True


# -- regex calls against the run's time budget --------------------------------------------------

def test_fifty_thousand_regex_calls_each_under_the_per_call_limit_end_quickly():
    statements = ["import re", "y = [re.search('(a|aa)+$', x) for i in range(50000)]"]
    text = refused(statements, x="a" * 22 + "b", match="max_seconds")
    assert "re calls included" in text or "took longer" in text


def test_regex_subjects_count_as_work():
    refused(["import re", "y = [re.search('z', x) for i in range(1000)]"], x="a" * 999_000,
            match="items in total")


# -- parsers on agent text ---------------------------------------------------------------------

@pytest.mark.parametrize("text", ["[1, 2", "{'a': ", "not python at all", "1 +"])
def test_literal_eval_of_a_truncated_text_is_an_ordinary_error(text):
    message = refused(["import ast", "y = ast.literal_eval(x)"], x=text, match="not a Python literal")
    assert "SyntaxError" not in message


def test_json_of_a_truncated_text_is_an_ordinary_error():
    refused(["import json", "y = json.loads(x)"], x='{"a": [1, 2', match="JSONDecodeError")


@pytest.mark.parametrize("text,words", [
    ("0x" + "f" * 50_000, "bits exceeds"),  # hex literals have no digit limit
    ("[" * 150 + "]" * 150, "max_value_depth"),
    ("[" + "1," * 60_000 + "]", "exceeds the limit 100000"),
])
def test_literal_eval_results_and_inputs_are_bounded(text, words):
    refused(["import ast", "y = ast.literal_eval(x)"], x=text, match=words)


def test_json_nesting_is_bounded():
    refused(["import json", "y = json.loads(x)"], x="[" * 500 + "]" * 500, match="max_value_depth")


# -- results are data --------------------------------------------------------------------------

@pytest.mark.parametrize("expr,kind", [("zip(x, x)", "zip object"), ("(v for v in x)", "list_iterator"),
                                       ("len", "function"), ("[range(3)]", "range object"),
                                       ("{'k': enumerate(x)}", "enumerate object")])
def test_results_that_are_not_data_are_refused(expr, kind):
    message = refused([f"y = {expr}"], x=[1, 2], match="not data")
    assert kind in message and "list(...)" in message


def test_data_results_pass():
    assert compile_transformation(["y = list(zip(x, x))"])([1]) == [(1, 1)]
    assert compile_transformation(["y = {'a': (1, None), 'b': {2.5}}"])(0) == {"a": (1, None), "b": {2.5}}


# -- error texts -------------------------------------------------------------------------------

def test_error_texts_are_capped():
    start = time.monotonic()
    message = refused(["y = {'a': 1}[x]"], x="k" * 30_000_000, match="KeyError")
    assert len(message) < 2000 and "more characters" in message
    assert time.monotonic() - start < BOUND


# -- through the engine and the environment ----------------------------------------------------

TASK = """id: "answer"
event_sources { id: 1 response_event { pattern: ".*" mode: REGEX } }
event_slots { reward_listener {
  events { id: 1 }
  transformation: ["import ast", "y = len(ast.literal_eval(x[0]))"]
} }
"""


def inputs(response: str) -> StepInputs:
    return StepInputs(frame_id=0, screenshot=lambda: np.zeros((4, 4, 3), np.uint8),
                      view_hierarchy=lambda: "", text_boxes=list, log_lines=[],
                      response=response)


def test_the_engine_reports_a_located_error_and_goes_on(tmp_path: Path):
    path = tmp_path / "answer.textproto"
    path.write_text(TASK.replace('".*"', '"(.*)"'))
    engine = EventEngine(load_task(path))
    result = engine.step(inputs("[1, 2"))
    assert result.reward == 0 and len(result.errors) == 1
    assert f"{path}:3:" in result.errors[0] and "not a Python literal" in result.errors[0]
    assert engine.step(inputs("[1, 2, 3]")).reward == 3


def test_env_step_survives_an_agent_answer_that_is_not_a_literal(tmp_path: Path):
    path = tmp_path / "answer.textproto"
    path.write_text(TASK.replace('".*"', '"(.*)"'))
    env = gym.make("MobileEnv/Task-v0", task_path=str(path))
    try:
        env.reset(seed=0)
        action = env.action_space.sample()
        action["action_type"] = 2  # REPEAT: only the answer matters
        action["response"] = "[1, 2"
        _, reward, terminated, truncated, info = env.step(action)
    finally:
        env.close()
    assert reward == 0 and not terminated and not truncated
    assert any("not a Python literal" in e for e in info["engine_errors"])
