"""`StateCopier.thaw_owned` + `discard`: a graph that is no longer used is freed by reference
counting at once (not left to the cycle collector), and nothing else is touched: the frozen
state, other thaws and the shared objects stay as they were."""

from __future__ import annotations

import gc
import weakref
from contextlib import contextmanager

from mobile_gym.sim.system.statecopy import StateCopier


class Node:
    """A view-like object: a parent link, children, and callbacks closing over it."""

    def __init__(self, name: str, parent: Node | None = None) -> None:
        self.name = name
        self.parent = parent
        self.children: list[Node] = []
        self.tags = {"name": name}
        self.seen: set[str] = set()
        if parent is not None:
            parent.children.append(self)
        self.on_click = lambda: self.name.upper()
        self.bound = self.describe

    def describe(self) -> str:
        return f"{self.name} in {self.parent.name if self.parent else '-'}"


class Shared:
    """An object kept by identity (like the device or its storage)."""

    def __init__(self) -> None:
        self.log: list[str] = ["kept"]


@contextmanager
def _collector_off():
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _tree(shared: Shared) -> Node:
    root = Node("root")
    for i in range(3):
        child = Node(f"c{i}", root)
        Node(f"g{i}", child)
    root.tags["shared"] = shared
    return root


def test_a_discarded_graph_is_freed_without_the_collector():
    shared = Shared()
    copier = StateCopier(shared=(shared,))
    frozen = copier.freeze(_tree(shared))
    with _collector_off():
        graph, made = copier.thaw_owned(frozen)
        watched = [weakref.ref(graph), weakref.ref(graph.children[1]), weakref.ref(graph.children[2].children[0])]
        del graph
        assert all(ref() is not None for ref in watched)  # cycles keep it alive ...
        copier.discard(made)
        del made
        assert all(ref() is None for ref in watched)  # ... until discard breaks them


def test_without_discard_the_cycles_keep_a_graph_until_a_collection():
    copier = StateCopier()
    frozen = copier.freeze(_tree(Shared()))
    with _collector_off():
        graph = copier.thaw(frozen)
        ref = weakref.ref(graph.children[0])
        del graph
        assert ref() is not None
    gc.collect()
    assert ref() is None


def test_discard_leaves_the_frozen_state_other_thaws_and_shared_objects_alone():
    shared = Shared()
    copier = StateCopier(shared=(shared,))
    frozen = copier.freeze(_tree(shared))
    other = copier.thaw(frozen)
    graph, made = copier.thaw_owned(frozen)
    copier.discard(made)
    assert graph.__dict__ == {}  # the discarded graph is emptied
    for tree in (other, copier.thaw(frozen)):
        assert [c.name for c in tree.children] == ["c0", "c1", "c2"]
        assert tree.children[1].children[0].describe() == "g1 in c1"
        assert tree.children[2].on_click() == "C2"
        assert tree.tags["shared"] is shared
        assert tree.children[0].bound.__self__ is tree.children[0]
    assert shared.log == ["kept"]


def test_thaw_owned_gives_the_same_graph_as_thaw():
    copier = StateCopier()
    frozen = copier.freeze(_tree(Shared()))
    graph, _made = copier.thaw_owned(frozen)
    plain = copier.thaw(frozen)
    assert [n.describe() for n in graph.children] == [n.describe() for n in plain.children]
    assert [[g.name for g in n.children] for n in graph.children] == [["g0"], ["g1"], ["g2"]]
    assert graph.children[0].parent is graph


def test_a_restored_phone_frees_the_state_it_replaced_without_the_collector():
    from mobile_gym.sim.android import SimAndroid
    from mobile_gym.sim.apps.launcher import LauncherApp

    phone = SimAndroid([LauncherApp])
    try:
        activity, dump = phone.current_activity(), phone.view_hierarchy()
        snap = phone.snapshot()
        phone.restore(snap)
        phone.key("APP_SWITCH")  # the episode changes the screen
        with _collector_off():
            replaced = weakref.ref(phone.wm)
            phone.restore(snap)
            assert replaced() is None
        assert (phone.current_activity(), phone.view_hierarchy()) == (activity, dump)
    finally:
        phone.close()
