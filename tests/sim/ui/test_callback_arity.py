"""call_back passes a callback as many arguments as it requires, and keeps no callback alive.

The arity used to be memoised on the callable itself, so up to 1024 click handlers (closures
and bound methods of past activities) kept whole devices of finished episodes in memory and
the garbage collector walked them on every full collection.
"""

from __future__ import annotations

import functools
import gc
import inspect
import weakref

import pytest

from mobile_gym.sim.ui.view import call_back


def _reference_arity(fn) -> int:
    """What inspect.signature says: required positional parameters, 99 for *args."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return 1
    if any(p.kind == p.VAR_POSITIONAL for p in params):
        return 99
    return sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty for p in params)


class Handler:
    def none(self):
        return ()

    def one(self, view):
        return (view,)

    def two(self, view, checked):
        return (view, checked)

    def defaults(self, view, checked=None, *, key=1):
        return (view,)

    def star(self, *args):
        return args

    @staticmethod
    def static(view):
        return (view,)

    @classmethod
    def klass(cls, view, checked):
        return (view, checked)


class CallableObject:
    def __call__(self, view):
        return (view,)


class CallableStar:
    def __call__(self, *args):
        return args


def _decorated(fn):
    @functools.wraps(fn)
    def inner(*args):
        return fn(*args)
    return inner


@_decorated
def wrapped_two(view, checked):
    return (view, checked)


def positional_only(view, /, checked):
    return (view, checked)


def _cases():
    h = Handler()
    i = 3
    return {
        "lambda": lambda: (),
        "lambda one": lambda v: (v,),
        "lambda default": lambda i=i: (),
        "lambda one + default": lambda v, i=i: (v,),
        "lambda star": lambda *a: a,
        "lambda kwonly": lambda v, *, k=1: (v,),
        "method none": h.none, "method one": h.one, "method two": h.two,
        "method defaults": h.defaults, "method star": h.star,
        "staticmethod": Handler.static, "classmethod": Handler.klass,
        "unbound function of a class": Handler.one,
        "callable object": CallableObject(), "callable object star": CallableStar(),
        "partial": functools.partial(lambda a, v: (v,), 1),
        "wrapped": wrapped_two, "positional-only": positional_only,
        "builtin": len, "class": str,
    }


@pytest.mark.parametrize("name", list(_cases()))
def test_call_back_passes_the_required_positional_arguments(name):
    fn = _cases()[name]
    args = ("view", True, "x", "y")
    assert call_back(fn, *args) == fn(*args[:_reference_arity(fn)])


def test_call_back_keeps_no_callback_alive():
    class Activity:
        def on_click(self, view):
            return view

    activity = Activity()
    ref = weakref.ref(activity)
    handler = (lambda a: lambda view: a.on_click(view))(activity)
    assert call_back(handler, "v") == "v"
    assert call_back(activity.on_click, "v") == "v"
    del activity, handler
    gc.collect()
    assert ref() is None
