"""Copies of the simulator's object graph for snapshot/restore, made by pickling.

`freeze` pickles a graph once into a `FrozenState` (bytes plus a table of shared objects);
`thaw` unpickles a new, independent graph from it at C speed, as often as wanted (every
environment reset). Why not plain `pickle` or `copy.deepcopy`: view callbacks are often
lambdas or nested functions that close over views and activities. Both treat functions as
atoms (or refuse them), so a restored device would call back into the *old* objects. Here a
function with a closure or default arguments is made again from its code with new cells
(a cell shared by two functions stays shared), and a bound method is bound to the copy of its
object.

Objects that must not or need not be copied go into the shared table instead of the bytes and
come back as the same objects: skia objects (fonts, paints, pictures; immutable for our
purposes), classes, modules, code, functions without state, enum members, plain immutable
values, strings and bytes longer than 255 (shorter ones unpickle faster than a look-up),
instances of `atomic_types`, objects given as `shared`, read-only numpy arrays (finished
frames), and on `plain_types` the `shared_attrs` (caches: immutable values keyed by content
versions, so a restored screen needs no redraw).

Most of a device is views and other objects copied by their `__dict__`, and most of a
`__dict__` is scalars, shared objects and tuples of them. Such a dict is frozen as a template
(in the shared table) plus the few values that need copying: thawing it is one C-level dict
copy and a few insertions, not one pickle opcode per attribute. That covers `plain_types`
(copied by `__dict__` whatever their `__getstate__` says: it is for other pickling) and classes
the default pickle protocol copies by `__dict__`; every other class follows the pickle
protocol (`__reduce__`, `__getstate__`/`__setstate__`), a state dict its `__getstate__` makes
travelling as such a template too (`__setstate__` gets an equal dict).
"""

from __future__ import annotations

import copyreg
import datetime as _dt
import enum
import io
import pickle
import random
import types
from dataclasses import dataclass
from typing import Any

import numpy as np

#: Types pickled into the bytes without being looked at (values and containers).
_INLINE: frozenset[type] = frozenset({
    int, float, bool, str, bytes, complex, type(None), list, dict, tuple, set, frozenset,
})
#: Immutable values a frozen `__dict__` template keeps as they are.
_SCALARS: frozenset[type] = frozenset({int, float, bool, str, bytes, complex, type(None)})
#: Immutable texts shared rather than pickled when longer than `_LONG_TEXT` (a screen's dump
#: cached as a string: decoding it again on every thaw costs more than a table look-up).
_TEXTS: frozenset[type] = frozenset({str, bytes})
_LONG_TEXT = 255
#: Types whose instances are shared as they are (immutable, or meaningful only by identity).
_ATOMIC: frozenset[type] = frozenset({
    range, type(Ellipsis), type(NotImplemented), types.BuiltinFunctionType, types.ModuleType,
    types.CodeType, _dt.datetime, _dt.date, _dt.time, _dt.timedelta, _dt.timezone, property,
    staticmethod, classmethod, types.MethodWrapperType, types.WrapperDescriptorType,
    types.MethodDescriptorType, types.GetSetDescriptorType, types.MemberDescriptorType,
})


class _Kind(enum.Enum):
    """How the freezer treats the instances of one class (decided once per class)."""

    PROTOCOL = "by the pickle protocol"
    SHARE = "into the shared table"
    FUNCTION = "shared when stateless, else made again from its code (_reduce_function)"
    ARRAY = "shared when read-only, else pickled"
    PLAIN = "a plain_types instance: by its __dict__ (template), shared_attrs kept"
    BY_DICT = "an instance the pickle protocol would copy by its __dict__: by template"
    METHOD = "bound to the copy of its object"
    CELL = "a closure cell holding a copy of its contents"
    RANDOM = "a generator set to the (shared, immutable) state tuple it had"


#: Kinds whose instances are never shared (unless given as `shared`).
_NEVER_SHARED = frozenset({_Kind.PROTOCOL, _Kind.PLAIN, _Kind.BY_DICT, _Kind.METHOD, _Kind.CELL, _Kind.RANDOM})

_SPECIAL_KINDS: dict[type, _Kind] = {
    types.FunctionType: _Kind.FUNCTION, np.ndarray: _Kind.ARRAY, types.MethodType: _Kind.METHOD,
    types.CellType: _Kind.CELL, random.Random: _Kind.RANDOM,
}


@dataclass(frozen=True)
class ThawedObjects:
    """The dicts (instance `__dict__`s among them), lists and sets one thaw made."""

    containers: list[dict | list | set]


@dataclass(frozen=True)
class FrozenState:
    """A pickled object graph: `blob` refers to the objects of `shared` by index. After the
    graph's pickle comes a second one, read by `thaw_owned` only: the list of the dicts
    (instance `__dict__`s among them), lists and sets the first one makes, by memo reference."""

    blob: bytes
    shared: tuple[Any, ...]


class StateCopier:
    """Freezes and thaws object graphs; `shared` objects (by identity) and `atomic_types` are
    kept as they are, `plain_types` are copied by `__dict__` with their `shared_attrs` kept."""

    def __init__(self, shared: tuple[Any, ...] = (), atomic_types: tuple[type, ...] = (),
                 plain_types: tuple[type, ...] = (), shared_attrs: tuple[str, ...] = ()) -> None:
        self._shared = shared  # kept alive, so their ids stay theirs
        self.shared_ids = frozenset(id(o) for o in shared)
        self.shared_types = frozenset(type(o) for o in shared)
        self._atomic = _ATOMIC | frozenset(atomic_types)
        self._plain = tuple(plain_types)
        self.shared_attrs = tuple(shared_attrs)
        self._kinds: dict[type, _Kind] = {}

    def freeze(self, obj: Any) -> FrozenState:
        """`obj`'s graph as bytes (shared objects by reference): the cost of one pickling."""
        out = io.BytesIO()
        freezer = _Freezer(out, self)
        freezer.dump(obj)
        # every container pickled in the bytes (so made anew by each thaw), by memo reference:
        # the same pickler, whose memo keeps them alive
        made, freezer.containers = tuple(freezer.containers), None
        freezer.dump(made)
        return FrozenState(out.getvalue(), tuple(freezer.table))

    @staticmethod
    def thaw(frozen: FrozenState) -> Any:
        """A new graph equal to the frozen one, sharing only the shared objects."""
        unpickler = pickle.Unpickler(io.BytesIO(frozen.blob))
        unpickler.persistent_load = frozen.shared.__getitem__  # type: ignore[method-assign]
        return unpickler.load()

    @staticmethod
    def thaw_owned(frozen: FrozenState) -> tuple[Any, ThawedObjects]:
        """`thaw`, also returning the objects the thaw made (for `discard`, once the graph
        is no longer used)."""
        unpickler = pickle.Unpickler(io.BytesIO(frozen.blob))
        unpickler.persistent_load = frozen.shared.__getitem__  # type: ignore[method-assign]
        graph = unpickler.load()
        return graph, ThawedObjects(unpickler.load())  # the same memo: the graph's objects

    @staticmethod
    def discard(made: ThawedObjects) -> None:
        """Empty the dicts (instance `__dict__`s among them), lists and sets a thaw made, so
        its graph, which nothing may use any more, is freed by reference counting now rather
        than left to the cycle collector (views and their parents, callbacks and their
        owners refer to each other).

        Only containers the unpickler made go (those `freeze` listed: pickled into the bytes,
        so new in every thaw); a graph never holds one of another thaw, since what the freezer
        shares is an immutable value or an object kept as it is (a shared object, a template's
        scalars and kept attributes), never a container a thaw made. Objects the graph gained
        after the thaw are freed with it when no cycle of their own keeps them."""
        for container in made.containers:
            container.clear()

    def copy(self, obj: Any) -> Any:
        """A deep copy of `obj` by the rules above (`thaw(freeze(obj))`)."""
        return self.thaw(self.freeze(obj))

    def kind(self, cls: type) -> _Kind:
        found = self._kinds.get(cls)
        if found is None:
            found = self._kinds[cls] = self._kind_of(cls)
        return found

    def _kind_of(self, cls: type) -> _Kind:
        module = getattr(cls, "__module__", "") or ""
        if cls in self._atomic or issubclass(cls, (type, enum.Enum)) or module == "skia" \
                or module.startswith("skia."):
            return _Kind.SHARE
        special = _SPECIAL_KINDS.get(cls)
        if special is not None:
            return special
        if self._plain and issubclass(cls, self._plain) and "__dict__" in dir(cls):
            return _Kind.PLAIN
        if _pickled_by_dict(cls):
            return _Kind.BY_DICT
        return _Kind.PROTOCOL


class _Template:
    """A dict to thaw as a copy of `template` (shared, never changed) with the values of `rest`
    (copied) put in."""

    __slots__ = ("template", "rest")

    def __init__(self, template: dict, rest: dict) -> None:
        self.template = template
        self.rest = rest


#: The containers `discard` empties (with the `_Template`s, which thaw into `__dict__`s).
_CONTAINERS: frozenset[type] = frozenset({dict, list, set})


class _Ref:
    """Marks a value to share that `persistent_id` would otherwise pickle (a dict, a tuple)."""

    __slots__ = ("target",)

    def __init__(self, target: Any) -> None:
        self.target = target


class _Freezer(pickle.Pickler):
    """The pickler behind `StateCopier.freeze`: fills `table` with the objects it shares."""

    def __init__(self, file: io.BytesIO, copier: StateCopier) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self._copier = copier
        self.table: list[Any] = []
        self._index: dict[int, int] = {}
        self._copied: set[type] = set()  # classes none of whose instances is shared
        # ids of the dicts that only carry a `__dict__` to its object (dropped once it is set;
        # the memo keeps them alive, so their ids stay theirs)
        self._carriers: set[int] = set()
        # the dicts (instance `__dict__`s as their `_Template`s), lists and sets it pickles
        # (None once the graph is pickled)
        self.containers: list[Any] | None = []

    def _share(self, obj: Any) -> int:
        index = self._index.get(id(obj))
        if index is None:
            index = self._index[id(obj)] = len(self.table)
            self.table.append(obj)  # also keeps obj alive, so its id stays its own
        return index

    def persistent_id(self, obj: Any) -> int | None:
        cls = type(obj)
        if cls in _INLINE:
            if cls in _CONTAINERS and self.containers is not None and id(obj) not in self._carriers:
                self.containers.append(obj)  # pickled inline next (or referenced again: harmless)
            elif cls in _TEXTS and len(obj) > _LONG_TEXT:
                return self._share(obj)
            return None
        if cls in self._copied:
            return None
        if cls is _Ref:
            return self._share(obj.target)
        return self._share(obj) if self._shares(obj, cls) else None

    def _shares(self, obj: Any, cls: type) -> bool:
        """Whether `obj` (of no `_INLINE` type) goes into the table rather than the bytes."""
        if cls in self._copied:
            return False
        if id(obj) in self._copier.shared_ids:
            return True
        kind = self._copier.kind(cls)
        if kind in _NEVER_SHARED and cls not in self._copier.shared_types:
            self._copied.add(cls)  # instances always copied: later ones are not looked at
            return False
        if kind is _Kind.SHARE:
            return True
        if kind is _Kind.FUNCTION:
            return obj.__closure__ is None and not obj.__defaults__ and not obj.__kwdefaults__
        if kind is _Kind.ARRAY:
            return not obj.flags.writeable
        return False

    def _immutable(self, value: Any) -> bool:
        """Whether `value` needs no copy: a scalar, a shared object, or a tuple of those."""
        cls = type(value)
        if cls in _SCALARS:
            return True
        if cls is tuple:
            return all(type(item) in _SCALARS or self._immutable(item) for item in value)
        return cls not in _INLINE and self._shares(value, cls)

    def _template(self, state: dict, kept: tuple[str, ...]) -> _Template:
        """`state` as a template of what needs no copy (scalars, shared objects, the values of
        the `kept` keys) and the rest."""
        template = state.copy()
        rest = {}
        immutable = self._immutable
        for key in [k for k, v in state.items() if type(v) not in _SCALARS]:
            value = state[key]
            if key not in kept and not immutable(value):
                rest[key] = value
                template[key] = None  # filled in when thawed (the key keeps its place)
        return _Template(template, rest)

    def _by_template(self, obj: Any, kept: tuple[str, ...]) -> Any:
        """NEWOBJ, then the whole `__dict__` set at once (as a "slot" state) from a template."""
        carrier = {"__dict__": self._template(obj.__dict__, kept)}
        self._carriers.add(id(carrier))
        return copyreg.__newobj__, (type(obj),), (None, carrier)

    def _by_protocol(self, obj: Any) -> Any:
        """The pickle protocol's reduction of `obj`; a state that is a dict of its own (made by
        `__getstate__` for the copy, not the object's `__dict__`, which the graph may hold
        elsewhere) travels as a template, so its keys and plain values are not pickled one by
        one (its `__setstate__` gets a dict equal to the one pickling would give)."""
        reduced = obj.__reduce_ex__(pickle.HIGHEST_PROTOCOL)
        if type(reduced) is not tuple or len(reduced) < 3:
            return reduced
        state = reduced[2]
        if type(state) is not dict or not state or state is getattr(obj, "__dict__", None):
            return reduced
        return (*reduced[:2], self._template(state, ()), *reduced[3:])

    def reducer_override(self, obj: Any) -> Any:
        cls = type(obj)
        if cls is _Template:  # the template's own (shared) `copy`: one call, no arguments
            if self.containers is not None:
                self.containers.append(obj)  # thawed into its object's `__dict__`
            if obj.rest:
                return obj.template.copy, (), None, None, iter(obj.rest.items())
            return obj.template.copy, ()
        kind = self._copier.kind(cls)
        if kind is _Kind.PLAIN:
            return self._by_template(obj, self._copier.shared_attrs)
        if kind is _Kind.BY_DICT:
            return self._by_template(obj, ())
        if kind is _Kind.FUNCTION:
            return _reduce_function(obj)
        if kind is _Kind.METHOD:
            return types.MethodType, (obj.__func__, obj.__self__)
        if kind is _Kind.CELL:
            try:
                return types.CellType, (obj.cell_contents,)
            except ValueError:  # an empty cell (its variable not yet assigned)
                return types.CellType, ()
        if kind is _Kind.RANDOM:
            return _random_at, (cls, _Ref(obj.getstate()))
        if kind is _Kind.PROTOCOL and cls not in copyreg.dispatch_table:
            return self._by_protocol(obj)
        return NotImplemented


def _pickled_by_dict(cls: type) -> bool:
    """Whether the pickle protocol copies instances of `cls` by their `__dict__` alone (no
    __reduce__, __getstate__, __setstate__, __slots__ or __new__ of its own), and setting
    `__dict__` is plain (no __setattr__ of its own)."""
    own_slots = any(k.__dict__.get("__slots__") for k in cls.__mro__[:-1])
    return ("__dict__" in dir(cls) and not own_slots and cls.__new__ is object.__new__
            and cls.__reduce_ex__ is object.__reduce_ex__ and cls.__reduce__ is object.__reduce__
            and cls.__getstate__ is object.__getstate__ and getattr(cls, "__setstate__", None) is None
            and cls.__setattr__ is object.__setattr__)


def _random_at(cls: type[random.Random], state: tuple) -> random.Random:
    """A generator of class `cls` (exactly `random.Random`) in `state`: made by `__new__`
    with a cheap seed (its `__init__` would seed it once more), then set (which also sets
    `gauss_next`, all `__init__` adds)."""
    new = cls.__new__(cls, 0)
    new.setstate(state)
    return new


def _reduce_function(fn: types.FunctionType) -> Any:
    """A function with a closure or defaults: made again from its (shared) code and globals,
    with copies of its defaults and cells; its qualname, keyword defaults and attributes kept."""
    attrs: dict[str, Any] = {}
    if fn.__qualname__ != fn.__code__.co_qualname:
        attrs["__qualname__"] = fn.__qualname__
    if fn.__kwdefaults__:
        attrs["__kwdefaults__"] = fn.__kwdefaults__
    state = (fn.__dict__ or None, attrs) if attrs or fn.__dict__ else None
    return (types.FunctionType, (fn.__code__, _Ref(fn.__globals__), fn.__name__, fn.__defaults__,
                                 fn.__closure__), state)
