"""Deep copy of the simulator's object graph for snapshot/restore.

Why not `copy.deepcopy`: view callbacks are often lambdas or nested functions that close over
views and activities. `copy.deepcopy` treats functions as atoms, so a restored device would
call back into the *old* objects. This copier also copies closure cells and default
arguments, and it shares what must not or need not be copied: skia objects (fonts, paints,
pictures; immutable for our purposes), classes, modules, plain immutable values, objects
given as `shared`, read-only numpy arrays, and on "plain" classes the named cache attributes (immutable values keyed
by content versions, so a restored screen needs no redraw). It is also several times faster
than `copy.deepcopy`: one handler per class, chosen once.
"""

from __future__ import annotations

import copy as _copy
import datetime as _dt
import functools
import random
import types
from collections.abc import Callable
from typing import Any

import numpy as np

_ATOMIC: frozenset[type] = frozenset({
    int, float, bool, str, bytes, complex, type(None), type, range, type(Ellipsis),
    type(NotImplemented), types.BuiltinFunctionType, types.ModuleType, types.CodeType,
    _dt.datetime, _dt.date, _dt.time, _dt.timedelta, _dt.timezone, property, staticmethod,
    classmethod, types.MethodWrapperType, types.WrapperDescriptorType,
})
_OBJECT_GETSTATE = getattr(object, "__getstate__", None)
_MISSING = object()

Handler = Callable[[Any, dict], Any]


class StateCopier:
    """Copies one object graph; `shared` objects (by identity) and `atomic_types` are kept as is."""

    def __init__(self, shared: tuple[Any, ...] = (), atomic_types: tuple[type, ...] = (),
                 plain_types: tuple[type, ...] = (), shared_attrs: tuple[str, ...] = ()) -> None:
        self._shared = shared  # keep them alive so their ids stay valid
        self._atomic = set(_ATOMIC) | set(atomic_types)
        self._plain = tuple(plain_types)
        self._shared_attrs = frozenset(shared_attrs)
        self._slots: dict[type, tuple[str, ...]] = {}  # slot names by class (_copy_instance)
        self._handlers: dict[type, Handler] = {
            list: self._copy_list, dict: self._copy_dict, tuple: self._copy_tuple, set: self._copy_set,
            frozenset: self._copy_set, types.FunctionType: self._copy_function,
            types.MethodType: self._copy_method, functools.partial: self._copy_partial,
            random.Random: self._copy_random, np.ndarray: self._copy_array,
        }

    def copy(self, obj: Any) -> Any:
        memo: dict[int, Any] = {id(o): o for o in self._shared}
        return self._copy(obj, memo)

    # -- dispatch ----------------------------------------------------------------------
    def _copy(self, obj: Any, memo: dict[int, Any]) -> Any:
        cls = type(obj)
        if cls in self._atomic:
            return obj
        found = memo.get(id(obj), _MISSING)
        if found is not _MISSING:
            return found
        handler = self._handlers.get(cls)
        if handler is None:
            handler = self._handlers[cls] = self._handler_for(cls)
        return handler(obj, memo)

    def _handler_for(self, cls: type) -> Handler:
        module = getattr(cls, "__module__", "") or ""
        if module == "skia" or module.startswith("skia.") or issubclass(cls, type):
            return _identity
        if self._plain and issubclass(cls, self._plain) and "__dict__" in dir(cls):
            return self._copy_plain
        if getattr(cls, "__deepcopy__", None) is not None:
            return _via_deepcopy_hook
        has_slots = any("__slots__" in k.__dict__ for k in cls.__mro__[:-1])
        has_dict = any("__dict__" in k.__dict__ for k in cls.__mro__[:-1])
        if not has_dict and not has_slots:
            return _copy.deepcopy  # builtin or C type: let its __reduce__ say how
        getstate = getattr(cls, "__getstate__", None)
        if getstate is not None and getstate is not _OBJECT_GETSTATE:
            return self._copy_with_state
        return self._copy_instance

    # -- containers --------------------------------------------------------------------
    def _copy_list(self, obj: list, memo: dict) -> list:
        new: list = []
        memo[id(obj)] = new
        atomic, c = self._atomic, self._copy
        new.extend([x if type(x) in atomic else c(x, memo) for x in obj])
        return new

    def _copy_dict(self, obj: dict, memo: dict) -> dict:
        atomic, c = self._atomic, self._copy
        for k in obj:
            if type(k) not in atomic:
                break
        else:  # plain keys (the usual case): copy at C speed, then replace the inner values
            new = obj.copy()
            memo[id(obj)] = new
            for k, v in new.items():
                if type(v) not in atomic:
                    new[k] = c(v, memo)
            return new
        new = {}
        memo[id(obj)] = new
        for k, v in obj.items():
            new[k if type(k) in atomic else c(k, memo)] = v if type(v) in atomic else c(v, memo)
        return new

    def _copy_tuple(self, obj: tuple, memo: dict) -> tuple:
        atomic = self._atomic
        for x in obj:
            if type(x) not in atomic:
                break
        else:
            return obj
        c = self._copy
        new = tuple([x if type(x) in atomic else c(x, memo) for x in obj])
        memo[id(obj)] = new
        return new

    def _copy_set(self, obj: Any, memo: dict) -> Any:
        new = type(obj)(self._copy(x, memo) for x in obj)
        memo[id(obj)] = new
        return new

    # -- callables ---------------------------------------------------------------------
    def _copy_function(self, fn: types.FunctionType, memo: dict) -> Any:
        if fn.__closure__ is None and not fn.__defaults__ and not fn.__kwdefaults__:
            return fn
        cells = None
        if fn.__closure__ is not None:
            new_cells = []
            for cell in fn.__closure__:
                try:
                    contents = cell.cell_contents
                except ValueError:  # empty cell (variable not yet assigned)
                    new_cells.append(types.CellType())
                    continue
                new_cells.append(types.CellType(self._copy(contents, memo)))
            cells = tuple(new_cells)
        new_fn = types.FunctionType(fn.__code__, fn.__globals__, fn.__name__,
                                    self._copy(fn.__defaults__, memo), cells)
        memo[id(fn)] = new_fn
        if fn.__kwdefaults__:
            new_fn.__kwdefaults__ = self._copy(fn.__kwdefaults__, memo)
        new_fn.__qualname__ = fn.__qualname__
        new_fn.__dict__.update(fn.__dict__)
        return new_fn

    def _copy_method(self, obj: types.MethodType, memo: dict) -> Any:
        new = types.MethodType(self._copy(obj.__func__, memo), self._copy(obj.__self__, memo))
        memo[id(obj)] = new
        return new

    def _copy_partial(self, obj: functools.partial, memo: dict) -> Any:
        c = self._copy
        new = functools.partial(c(obj.func, memo), *c(obj.args, memo), **c(obj.keywords, memo))
        memo[id(obj)] = new
        return new

    # -- special values ----------------------------------------------------------------
    def _copy_random(self, obj: random.Random, memo: dict) -> random.Random:
        new = random.Random()
        new.setstate(obj.getstate())
        memo[id(obj)] = new
        return new

    def _copy_array(self, obj: np.ndarray, memo: dict) -> np.ndarray:
        if not obj.flags.writeable:
            return obj  # read-only (a finished frame): shared like any immutable value
        new = obj.copy()
        memo[id(obj)] = new
        return new

    # -- instances ---------------------------------------------------------------------
    def _copy_plain(self, obj: Any, memo: dict) -> Any:
        """Attributes copied directly (ignoring __getstate__); cache attributes shared."""
        new = object.__new__(type(obj))
        memo[id(obj)] = new
        atomic, keep, c = self._atomic, self._shared_attrs, self._copy
        state = obj.__dict__.copy()
        for k, v in state.items():  # values replaced in place: the keys stay as they are
            if type(v) not in atomic and k not in keep:
                state[k] = c(v, memo)
        new.__dict__ = state
        return new

    def _copy_with_state(self, obj: Any, memo: dict) -> Any:
        """The class says what its state is (e.g. caches of skia surfaces left out)."""
        new = object.__new__(type(obj))
        memo[id(obj)] = new
        state = self._copy(obj.__getstate__(), memo)
        setstate = getattr(new, "__setstate__", None)
        if setstate is not None:
            setstate(state)
        else:
            new.__dict__.update(state)
        return new

    def _copy_instance(self, obj: Any, memo: dict) -> Any:
        cls = type(obj)
        try:
            new = object.__new__(cls)
        except TypeError:
            return _copy.deepcopy(obj, memo)
        memo[id(obj)] = new
        state = getattr(obj, "__dict__", None)
        if state is not None:
            new.__dict__.update(self._copy_dict(state, memo))
        slots = self._slots.get(cls)
        if slots is None:
            slots = self._slots[cls] = tuple(
                slot for klass in cls.__mro__ for slot in klass.__dict__.get("__slots__", ())
                if slot not in ("__dict__", "__weakref__"))
        for slot in slots:
            try:
                value = object.__getattribute__(obj, slot)
            except AttributeError:
                continue
            object.__setattr__(new, slot, self._copy(value, memo))
        return new


def _identity(obj: Any, memo: dict) -> Any:
    return obj


def _via_deepcopy_hook(obj: Any, memo: dict) -> Any:
    result = obj.__deepcopy__(memo)
    memo[id(obj)] = result
    return result
