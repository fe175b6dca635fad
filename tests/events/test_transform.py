"""The safe transformation language: accepted forms, the escape corpus, limits, fuzzing."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.events import (
    TransformRuntimeError,
    TransformSyntaxError,
    compile_transformation,
)
from mobile_gym.events.transform import Limits


def run(statements, x=None):
    return compile_transformation(statements if isinstance(statements, list) else [statements])(x)


@pytest.mark.parametrize("statements,x,expected", [
    ([], 5, 5),
    ("y = x", (1,), (1,)),
    ("y = 1", None, 1),
    ("y = True", None, True),
    ("y = x[0]", ("a", "b"), "a"),
    ("y = x[0] and x[1]", [[1], [2]], [2]),
    ("y = ['Access the article \"How to 180 on a Scooter\"']", None, ['Access the article "How to 180 on a Scooter"']),
    ("y = {'a': x[0], 'b': [1, 2][-1]}", ("v",), {"a": "v", "b": 2}),
    (["import ast", "y = {x[0]: ast.literal_eval(x[1])}"], ("grid", "[[0, 2], [4, 8]]"), {"grid": [[0, 2], [4, 8]]}),
    (["import json", "y = json.loads(x)['k']"], '{"k": 3}', 3),
    (["import json as j", "y = j.loads(x)"], "[1]", [1]),
    (["from ast import literal_eval", "y = literal_eval(x)"], "(1, 2)", (1, 2)),
    (["import re", "m = re.search(r'(\\d+)', x)", "y = int(m[1]) if m else None"], "abc 42", 42),
    (["import re", "y = re.sub('a', 'b', x)"], "banana", "bbnbnb"),
    (["import re", "y = re.findall('[0-9]', x)"], "a1b2", ["1", "2"]),
    (["import math", "y = math.floor(x) + math.pi * 0"], 2.7, 2),
    (["k = 2", "y = [int(v) * k for v in x]"], ["1", "2"], [2, 4]),
    ("y = {v: i for i, v in enumerate(x)}", "ab", {"a": 0, "b": 1}),
    ("y = sum(v for v in x if v > 1)", [1, 2, 3], 5),
    ("y = sorted(x, key=len, reverse=True)", ["a", "ccc", "bb"], ["ccc", "bb", "a"]),
    ("y = max(x) - min(x) + len(x) + abs(-1) + round(2.5)", [1, 5], 4 + 2 + 1 + 2),
    ("y = x[1:] + x[:1]", "abc", "bca"),
    ("y = f'{x:>4}|{x!r}'", "a", "   a|'a'"),
    ("y = '%s-%d' % (x, 3)", "a", "a-3"),
    (["y = 1", "y += x"], 2, 3),
    (["a, *b = x", "y = (a, b)"], [1, 2, 3], (1, [2, 3])),
    ("y = not x or x is None", [], True),
    ("y = 1 if 'k' in x else 2", {"k": 1}, 1),
    ("y = [*x, *x]", (1,), [1, 1]),
    ("y = list(zip(x, range(3)))", "ab", [("a", 0), ("b", 1)]),
    ("y = dict(a=1, **{})" if False else "y = dict(a=1)", None, {"a": 1}),
    ("y = x; y = 2", None, 2),
])
def test_accepted_forms(statements, x, expected):
    assert run(statements, x) == expected


ESCAPES = [
    "y = x.__class__", "y = ().__class__.__bases__[0].__subclasses__()", "y = x.upper()",
    "y = __import__('os')", "y = __builtins__", "y = globals()", "y = locals()", "y = vars()",
    "y = eval('1')", "y = exec('y=1')", "y = compile('1', 'f', 'eval')", "y = open('/etc/passwd').read()",
    "y = getattr(x, 'a')", "y = type(x)", "y = lambda: 1", "y = (lambda q: q)(1)",
    "import os\ny = os.system('true')", "import subprocess\ny = 1", "from os import path\ny = 1",
    "import ast\ny = ast.parse('1')", "import json\ny = json.dumps(1)", "import re\ny = re.compile('a')",
    "from re import *\ny = 1", "import math\ny = math.factorial(5)", "y = x.__dict__",
    "y = [c for c in ().__class__.__mro__]", "y = {}.get", "y = print(1)", "y = input()",
    "def f():\n    return 1\ny = 1", "class A: pass\ny = 1", "for i in x:\n    y = i", "while True:\n    y = 1",
    "with open('f') as f:\n    y = 1", "try:\n    y = 1\nexcept Exception:\n    y = 2", "y = (z := 1)",
    "global q\ny = 1", "del x\ny = 1", "x.a = 1\ny = 1", "x[0] = 1\ny = 1", "y = yield 1",
    "assert False\ny = 1", "raise ValueError\ny = 1", "y = await x", "y = x @ x", "y = 1j",
    "y = ...", "y = __name__", "len = 1\ny = len", "str = x\ny = 1", "import ast\nast = 1\ny = 1",
    "y = ast.literal_eval('1')", "y = z", "y = [v for v in x] + [v]", "y = f'{x:{x}}'",
    "y = f'{x:>999999999}'", "q = 1", "y = 1 if True else (lambda: 2)()", "y = sorted(x, key=lambda v: v)",
    "y = x." + "a" * 3, "y = " + "(" * 300 + "1" + ")" * 300, "y = " + "[" * 60 + "]" * 60,
    "y = " + " + ".join(["x"] * 10) + "".join(["[0]"] * 60), "y = " + "-" * 200 + "1",
    "y = (" * 1000, "y = 'a' * 10 if", "y = x" + "\n" * 3 + "y = y.b",
]


@pytest.mark.parametrize("text", ESCAPES)
def test_escape_attempts_are_rejected_at_compile_time(text):
    with pytest.raises(TransformSyntaxError):
        compile_transformation(text.split("\n") if "def " not in text and "class " not in text and ":\n" not in text
                               else [text], where="task.textproto:7: reward_listener (slot id 4)")


def test_rejection_names_where_and_line():
    with pytest.raises(TransformSyntaxError) as info:
        compile_transformation(["y = 1", "k = 2\ny = x.__class__"], where="f.textproto:12:5: slot 3")
    msg = str(info.value)
    assert "f.textproto:12:5: slot 3 transformation[1]" in msg and "statement line 2" in msg


RESOURCE_ATTACKS = [
    "y = 9 ** 9 ** 9", "y = 10 ** 100000", "y = 2 << 10 ** 6", "y = 'a' * 10 ** 9", "y = [0] * 10 ** 9",
    "y = [[0] * 100000] * 100000" if False else "y = [0] * 100000 * 100000",
    "y = [i for i in range(10 ** 9)]", "y = list(range(10 ** 9))", "y = [a + b for a in range(10000) for b in range(10000)]",
    "y = sum(range(10 ** 7))", "y = '%999999999d' % 1", "y = str(10 ** 5000)",
    "y = len(str([[[[x] * 1000] * 1000] * 1000]))",
]


@pytest.mark.parametrize("text", RESOURCE_ATTACKS)
def test_resource_attacks_stop_quickly(text):
    fn = compile_transformation([text])
    with pytest.raises(TransformRuntimeError):
        fn(1)


@pytest.mark.parametrize("statements,reason", [
    # each string is under max_len, but together they would be 25 GB
    (["y = len([('a' * 999990) + str(i) for i in range(25000)])"], "values built in one run exceed"),
    # few nodes, each walking a million items
    (["a = [0] * 1000000", "y = len([1 in a for i in range(40000)])"], "went through more than"),
    (["a = 'b' * 1000000", "y = [a == a for i in range(100)]"], "went through more than"),
    # catastrophic backtracking is cut off by the pattern timeout
    (["import re", "y = re.search('(a|aa)+$', 'a' * 60 + 'b')"], "took longer than"),
    (["import re", "y = re.sub('(a|aa)+$', '', 'a' * 60 + 'b')"], "took longer than"),
])
def test_work_and_memory_are_bounded_per_run(statements, reason):
    with pytest.raises(TransformRuntimeError, match=reason):
        compile_transformation(statements)(None)


def test_runtime_errors_are_transform_runtime_errors():
    for text, x in [("y = x[5]", []), ("y = 1 / x", 0), ("y = int(x)", "a"), ("y = x + 1", "s"),
                    (["import json", "y = json.loads(x)"], "{"), (["import ast", "y = ast.literal_eval(x)"], "os.system()"),
                    (["import json", "y = json.loads(x)"], "[" * 100000), ("y = x[0]", len)]:
        with pytest.raises(TransformRuntimeError):
            compile_transformation(text if isinstance(text, list) else [text])(x)


def test_step_budget_bounds_time():
    fn = compile_transformation(["y = [[a * b for a in range(300)] for b in range(300)]"], limits=Limits(max_steps=10_000))
    with pytest.raises(TransformRuntimeError, match="steps"):
        fn(None)


def test_constant_results_are_fresh_objects():
    fn = compile_transformation(["y = ['a']"])
    first = fn(None)
    first.append("mutated")
    assert fn(None) == ["a"]


SAFE_NAMES = st.sampled_from(["x", "len", "str", "int", "abs", "min", "max", "sorted", "list", "y"])
TOKENS = st.lists(st.sampled_from(["x", "1", "2.5", "'s'", "+", "-", "*", "/", "//", "%", "**", "(", ")", "[", "]",
                                   ",", ":", "len", "(x)", "if", "else", "and", "or", "not", "in", "for", "v",
                                   ".", "__class__", "lambda", "==", "<", "{", "}", "import", "os", "x[0]"]),
                  min_size=1, max_size=25)


@settings(max_examples=300, deadline=None)
@given(TOKENS, st.one_of(st.none(), st.integers(-5, 5), st.text(max_size=5),
                         st.lists(st.integers(0, 3), max_size=4), st.tuples(st.text(max_size=3))))
def test_fuzzed_statements_only_raise_documented_errors(tokens, x):
    text = "y = " + " ".join(tokens)
    try:
        fn = compile_transformation([text])
    except TransformSyntaxError:
        return
    try:
        fn(x)
    except TransformRuntimeError:
        pass
