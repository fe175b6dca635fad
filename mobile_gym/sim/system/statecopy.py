"""Deep copy of the simulator's object graph for snapshot/restore.

Why not `copy.deepcopy`: view callbacks are often lambdas or nested functions that close over
views and activities. `copy.deepcopy` treats functions as atoms, so a restored device would
call back into the *old* objects. This copier also copies closure cells and default
arguments, and it shares what must not or need not be copied: skia objects (fonts, paints,
pictures; immutable for our purposes), classes, modules and plain immutable values.
"""

from __future__ import annotations

import copy as _copy
import datetime as _dt
import functools
import random
import types
from typing import Any

import numpy as np

_ATOMIC: frozenset[type] = frozenset({
    int, float, bool, str, bytes, complex, type(None), type, range, type(Ellipsis),
    type(NotImplemented), types.BuiltinFunctionType, types.ModuleType, types.CodeType,
    _dt.datetime, _dt.date, _dt.time, _dt.timedelta, _dt.timezone, property, staticmethod,
    classmethod, types.MethodWrapperType, types.WrapperDescriptorType,
})


_OBJECT_GETSTATE = getattr(object, "__getstate__", None)


class StateCopier:
    """Copies one object graph; `shared` objects (by identity) and `atomic_types` are kept as is."""

    def __init__(self, shared: tuple[Any, ...] = (), atomic_types: tuple[type, ...] = (),
                 plain_types: tuple[type, ...] = (), shared_attrs: tuple[str, ...] = ()) -> None:
        self._shared_ids = {id(o) for o in shared}
        self._shared = shared  # keep them alive so ids stay valid
        self._atomic = set(_ATOMIC) | set(atomic_types)
        self._share_cache: dict[type, bool] = {}
        # Classes (and subclasses) whose __getstate__ drops caches we want to keep; their
        # `shared_attrs` are taken by reference.
        self._plain = tuple(plain_types)
        self._plain_cache: dict[type, bool] = {}
        self._shared_attrs = frozenset(shared_attrs)

    def copy(self, obj: Any) -> Any:
        memo: dict[int, Any] = {i: self._lookup(i) for i in self._shared_ids}
        return self._copy(obj, memo)

    def _lookup(self, ident: int) -> Any:
        for o in self._shared:
            if id(o) == ident:
                return o
        raise KeyError(ident)

    def _is_plain(self, cls: type) -> bool:
        cached = self._plain_cache.get(cls)
        if cached is None:
            cached = bool(self._plain) and issubclass(cls, self._plain) and hasattr(cls, "__dict__")
            self._plain_cache[cls] = cached
        return cached

    def _is_shared_type(self, cls: type) -> bool:
        cached = self._share_cache.get(cls)
        if cached is None:
            module = getattr(cls, "__module__", "") or ""
            cached = module == "skia" or module.startswith("skia.") or issubclass(cls, type)
            self._share_cache[cls] = cached
        return cached

    def _copy(self, obj: Any, memo: dict[int, Any]) -> Any:  # noqa: C901 - one dispatch table
        cls = type(obj)
        if cls in self._atomic:
            return obj
        ident = id(obj)
        found = memo.get(ident, memo)
        if found is not memo:
            return found
        c = self._copy
        if cls is list:
            new_list: list = []
            memo[ident] = new_list
            new_list.extend([x if type(x) in self._atomic else c(x, memo) for x in obj])
            return new_list
        if cls is dict:
            new_dict: dict = {}
            memo[ident] = new_dict
            atomic = self._atomic
            for k, v in obj.items():
                new_dict[k if type(k) in atomic else c(k, memo)] = v if type(v) in atomic else c(v, memo)
            return new_dict
        if cls is tuple:
            atomic = self._atomic
            for x in obj:
                if type(x) not in atomic:
                    break
            else:
                return obj
            items = tuple([x if type(x) in atomic else c(x, memo) for x in obj])
            memo[ident] = items
            return items
        if cls is set or cls is frozenset:
            new_set = cls(c(x, memo) for x in obj)
            memo[ident] = new_set
            return new_set
        if cls is types.FunctionType:
            return self._copy_function(obj, memo)
        if cls is types.MethodType:
            new_method = types.MethodType(c(obj.__func__, memo), c(obj.__self__, memo))
            memo[ident] = new_method
            return new_method
        if cls is functools.partial:
            new_partial = functools.partial(c(obj.func, memo), *c(obj.args, memo), **c(obj.keywords, memo))
            memo[ident] = new_partial
            return new_partial
        if cls is random.Random:
            new_rng = random.Random()
            new_rng.setstate(obj.getstate())
            memo[ident] = new_rng
            return new_rng
        if cls is np.ndarray:
            new_arr = obj.copy()
            memo[ident] = new_arr
            return new_arr
        if self._is_shared_type(cls):
            return obj
        hook = getattr(cls, "__deepcopy__", None)
        if hook is not None:
            result = hook(obj, memo)
            memo[ident] = result
            return result
        if not hasattr(obj, "__dict__") and not any("__slots__" in k.__dict__ for k in cls.__mro__[:-1]):
            return _copy.deepcopy(obj, memo)
        return self._copy_instance(obj, cls, memo)

    def _copy_instance(self, obj: Any, cls: type, memo: dict[int, Any]) -> Any:
        try:
            new = object.__new__(cls)
        except TypeError:
            return _copy.deepcopy(obj, memo)
        memo[id(obj)] = new
        if self._is_plain(cls):
            # Copy the attributes directly; cache attributes (immutable values replaced, never
            # mutated, keyed by content versions) are shared so a restored screen needs no redraw.
            state = obj.__dict__
            new_state = {}
            atomic, keep, c = self._atomic, self._shared_attrs, self._copy
            for k, v in state.items():
                new_state[k] = v if (type(v) in atomic or k in keep) else c(v, memo)
            new.__dict__.update(new_state)
            return new
        getstate = getattr(cls, "__getstate__", None)
        if getstate is not None and getstate is not _OBJECT_GETSTATE:
            # The class says what its state is (e.g. caches of skia surfaces left out).
            state = self._copy(obj.__getstate__(), memo)
            setstate = getattr(new, "__setstate__", None)
            if setstate is not None:
                setstate(state)
            else:
                new.__dict__.update(state)
            return new
        state = getattr(obj, "__dict__", None)
        if state is not None:
            new.__dict__.update(self._copy(state, memo))
        for klass in cls.__mro__:
            for slot in klass.__dict__.get("__slots__", ()):
                if slot in ("__dict__", "__weakref__"):
                    continue
                try:
                    value = object.__getattribute__(obj, slot)
                except AttributeError:
                    continue
                object.__setattr__(new, slot, self._copy(value, memo))
        return new

    def _copy_function(self, fn: types.FunctionType, memo: dict[int, Any]) -> Any:
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
