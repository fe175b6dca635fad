"""Clock, log buffer, storage, settings provider, package manager and the state copier."""

from __future__ import annotations

import os
from datetime import datetime, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mobile_gym.sim.system.clock import Clock
from mobile_gym.sim.system.logcat import LogBuffer, LogEntry, LogFilter, format_entry
from mobile_gym.sim.system.packages import App, PackageManager
from mobile_gym.sim.system.settings_provider import SettingsProvider
from mobile_gym.sim.system.statecopy import StateCopier
from mobile_gym.sim.system.storage import Storage, normalize


def test_clock_starts_at_androidworld_time_and_moves_only_on_advance():
    c = Clock()
    assert c.datetime() == datetime(2023, 10, 15, 15, 34, tzinfo=timezone.utc)
    t = c.now()
    assert c.now() == t
    c.advance(1.25)
    assert c.now() == t + 1.25 and c.uptime() == 1.25
    for bad in (-1, float("nan"), float("inf"), "1"):
        with pytest.raises(ValueError):
            c.advance(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="timezone"):
        Clock(datetime(2023, 1, 1))
    assert Clock(datetime(2024, 2, 29, tzinfo=timezone.utc)).datetime().day == 29


def test_log_formats():
    e = LogEntry(1697384040.361, 1433, 1470, "I", "ActivityManager", "Process x has died")
    assert format_entry(e, "threadtime") == "10-15 15:34:00.361  1433  1470 I ActivityManager: Process x has died"
    assert format_entry(e, "time") == "10-15 15:34:00.361 I/ActivityManager( 1433): Process x has died"
    assert format_entry(e, "brief") == "I/ActivityManager( 1433): Process x has died"
    short = LogEntry(1697384040.0, 7, 7, "D", "Tag", "m")
    assert format_entry(short, "brief") == "D/Tag     (    7): m"
    assert format_entry(short, "raw") == "m"
    with pytest.raises(ValueError, match="unknown logcat format"):
        format_entry(e, "fancy")


def test_log_filters_and_cursors():
    clock = Clock()
    logs = LogBuffer(clock)
    logs.write("D", "A", "debug", 1)
    logs.write("E", "B", "error", 2)
    f = LogFilter(["A:I", "*:S"])
    assert [x.message for x in logs.entries() if f.accepts(x)] == []
    f = LogFilter(["A:D", "*:S"])
    assert [x.message for x in logs.entries() if f.accepts(x)] == ["debug"]
    with pytest.raises(ValueError, match="Invalid filter"):
        LogFilter(["A:Q"])
    lines, cur = logs.read_since(0)
    assert len(lines) == 2
    logs.clear()
    logs.write("I", "C", "after", 3)
    lines, cur2 = logs.read_since(cur)
    assert [x.message for x in lines] == ["after"] and cur2 == 3
    with pytest.raises(ValueError):
        logs.write("X", "T", "m", 1)


@given(st.lists(st.sampled_from(["a", "b", "..", ".", ""]), max_size=8))
def test_normalize_never_escapes_the_root(parts):
    path = "/" + "/".join(parts)
    try:
        norm = normalize(path)
    except PermissionError:
        return
    assert norm.startswith("/") and ".." not in norm.split("/")


def test_storage_mapping_and_escape(tmp_path):
    s = Storage(Clock(), str(tmp_path))
    s.write("/sdcard/Documents/a.md", b"x")
    assert (tmp_path / "storage/emulated/0/Documents/a.md").read_bytes() == b"x"
    assert s.read("/storage/self/primary/Documents/a.md") == b"x"
    assert s.host_path("/data/user/0/pkg/f") == str(tmp_path / "data/data/pkg/f")
    with pytest.raises(PermissionError, match="escapes"):
        s.read("/sdcard/../../../../etc/passwd")
    with pytest.raises(PermissionError, match="Read-only"):
        s.write("/system/evil", b"")
    os.symlink("/etc", tmp_path / "storage/emulated/0/link")
    with pytest.raises(PermissionError, match="outside"):
        s.read("/sdcard/link/passwd")
    with pytest.raises(FileNotFoundError, match="/sdcard/none"):
        s.read("/sdcard/none")
    with pytest.raises(PermissionError, match="outside"):  # a listing follows links as stat does
        s.list("/sdcard")
    # a folder already read from is remembered as real; a link put into it later still counts
    os.symlink("/etc/hostname", tmp_path / "storage/emulated/0/Documents/evil")
    with pytest.raises(PermissionError, match="outside"):
        s.read("/sdcard/Documents/evil")


def test_storage_listing_agrees_with_stat_and_follows_inner_links(tmp_path):
    s = Storage(Clock(), str(tmp_path))
    s.write("/sdcard/Notes/b.md", b"bee")
    s.write("/sdcard/Notes/a.md", b"a")
    s.mkdir("/sdcard/Notes/sub")
    os.symlink(tmp_path / "storage/emulated/0/Notes/sub", tmp_path / "storage/emulated/0/Notes/c")
    listing = s.list("/sdcard/Notes")
    assert [(e.name, e.is_dir, e.size) for e in listing] == [
        ("a.md", False, 1), ("b.md", False, 3), ("c", True, 4096), ("sub", True, 4096)]
    assert listing == [s.stat("/sdcard/Notes/" + e.name) for e in listing]


def test_storage_capture_restore_writes_only_changes(tmp_path):
    clock = Clock()
    s = Storage(clock, str(tmp_path))
    s.write("/data/data/p/keep", b"same")
    s.write("/data/data/p/change", b"v1")
    image = s.capture()
    keep_stat = os.stat(s.host_path("/data/data/p/keep")).st_mtime_ns
    s.write("/data/data/p/change", b"v2")
    s.write("/data/data/p/new/extra", b"x")
    s.remove("/data/data/p/keep")
    s.write("/data/data/p/keep", b"same")
    keep_stat = os.stat(s.host_path("/data/data/p/keep")).st_mtime_ns
    s.restore(image)
    assert s.read("/data/data/p/change") == b"v1"
    assert not s.exists("/data/data/p/new")
    assert os.stat(s.host_path("/data/data/p/keep")).st_mtime_ns == keep_stat  # untouched
    other = Storage(clock, str(tmp_path / "other"))
    with pytest.raises(ValueError, match="another device"):
        other.restore(image)


def test_storage_mtimes_are_device_time(tmp_path):
    clock = Clock()
    s = Storage(clock, str(tmp_path))
    s.write("/sdcard/a", b"1")
    clock.advance(60)
    assert s.stat("/sdcard/a").mtime == Clock().now()
    with open(s.host_path("/sdcard/a"), "ab") as fh:  # an app writing behind the storage's back
        fh.write(b"2")
    assert s.stat("/sdcard/a").mtime == clock.now()


def test_settings_provider():
    p = SettingsProvider()
    assert p.get("global", "wifi_on") == "1" and p.get("global", "bluetooth_on") == "0"
    assert p.get("global", "airplane_mode_on") == "0"
    assert p.get("system", "screen_brightness") == "102" and p.get("system", "time_12_24") == "24"
    assert p.get("system", "screen_off_timeout") is not None
    seen = []
    stop = p.observe(lambda ns, k, v: seen.append((ns, k, v)))
    p.put("GLOBAL", "wifi_on", 0)
    p.put("global", "wifi_on", "0")  # unchanged: no event
    stop()
    p.put("global", "wifi_on", "1")
    assert seen == [("global", "wifi_on", "0")]
    with pytest.raises(ValueError, match="namespace"):
        p.get("nope", "x")
    # a namespace in any case names the same table
    assert p.get("GLOBAL", "wifi_on") == p.get("Global", "wifi_on") == p.get("global", "wifi_on") == "1"


def test_package_manager_validates_declarations():
    class NoPkg(App):
        label = "x"
    with pytest.raises(ValueError, match="package"):
        PackageManager([NoPkg])

    class BadLauncher(App):
        package = "com.x.y"
        label = "x"
        launcher_activity = ".Main"
        activities = {}
    with pytest.raises(ValueError, match="launcher_activity"):
        PackageManager([BadLauncher])


def test_state_copier_copies_closures_and_bound_methods():
    class Box:
        def __init__(self) -> None:
            self.value = 0
            self.items = [1, 2]

        def bump(self) -> None:
            self.value += 1

    box = Box()
    holder = {"lam": lambda: box.bump(), "meth": box.bump, "box": box}
    copy = StateCopier().copy(holder)
    copy["lam"]()
    copy["meth"]()
    assert copy["box"].value == 2 and box.value == 0
    assert copy["box"] is not box and copy["box"].items == [1, 2] and copy["box"].items is not box.items
    shared = object()
    assert StateCopier(shared=(shared,)).copy({"s": shared})["s"] is shared


@given(st.lists(st.one_of(st.text(max_size=600), st.binary(max_size=600)), max_size=6))
def test_state_copier_texts_of_any_length_come_back_equal(texts):
    """Long strings and bytes go into the shared table rather than the bytes (a cached screen
    dump); whichever way a text travels, the copy holds equal values in the same places, and
    the containers around them are new."""
    class Holder:
        def __init__(self) -> None:
            self.texts = list(texts)
            self.by_text = {t: i for i, t in enumerate(texts)}
            self.pair = tuple(texts[:2])

    holder = Holder()
    frozen = StateCopier().freeze({"holder": holder, "again": texts})
    copy = StateCopier.thaw(frozen)
    assert copy["holder"].texts == texts and copy["holder"].texts is not holder.texts
    assert copy["holder"].by_text == holder.by_text and copy["holder"].pair == holder.pair
    assert copy["again"] == texts
    for original, copied in zip(texts, copy["again"]):
        if len(original) > 255:
            assert copied is original  # kept, not decoded again on every thaw


class _Stateful:
    """Copied by the pickle protocol with a state dict of its own (like the window manager)."""

    def __init__(self, items: list[int], label: str) -> None:
        self.items = items
        self.label = label
        self.cache = {"k": label}
        self.seen_state: dict | None = None

    def __getstate__(self) -> dict:
        return {"items": list(self.items), "label": self.label, "cache": dict(self.cache), "n": len(self.items)}

    def __setstate__(self, state: dict) -> None:
        self.seen_state = dict(state)
        self.__dict__.update(state)


@given(st.lists(st.integers(), max_size=5), st.text(max_size=300))
def test_state_copier_gives_setstate_the_state_getstate_made(items, label):
    """A `__getstate__` dict travels as a template; `__setstate__` still gets a dict equal to
    the one `__getstate__` made, with new copies of its containers."""
    original = _Stateful(items, label)
    copy = StateCopier().copy({"a": original, "b": original})
    assert copy["a"] is copy["b"] and copy["a"] is not original
    assert copy["a"].seen_state == original.__getstate__()
    assert copy["a"].items == items and copy["a"].items is not original.items
    assert copy["a"].cache == original.cache and copy["a"].cache is not original.cache
