"""SimDevice driven only through the Device protocol: touches, keys, text, shell, logcat."""

from __future__ import annotations

import numpy as np
import pytest
from lxml import etree

from mobile_gym.device.base import Device, DeviceError, InvalidInputError, LogLine
from mobile_gym.device.sim_device import SimDevice
from mobile_gym.sim.apps.demo import NotesDemoApp
from tests.device.helpers import bounds_of, center, find, tap, tap_node

LAUNCHER = "com.google.android.apps.nexuslauncher/com.google.android.apps.nexuslauncher.NexusLauncherActivity"
NOTES = "com.example.notesdemo/com.example.notesdemo.MainActivity"
NOTE = "com.example.notesdemo/com.example.notesdemo.NoteActivity"


def open_notes(device: SimDevice) -> None:
    tap_node(device, text="Notes demo", content_desc="Notes demo")
    assert device.current_activity() == NOTES


def test_is_a_device_and_boots_to_the_launcher(device):
    assert isinstance(device, Device)
    assert device.screen_size == (1080, 2400)
    assert device.current_activity() == LAUNCHER
    icon = find(device, text="Notes demo")
    assert icon is not None and icon.get("class") == "android.widget.TextView"
    assert icon.get("clickable") == "true"
    clock = find(device, resource_id="com.android.systemui:id/clock")
    assert clock is not None and clock.get("text") == "15:34"
    for desc, rid in (("Back", "back"), ("Home", "home"), ("Overview", "recent_apps")):
        node = find(device, content_desc=desc)
        assert node is not None and node.get("package") == "com.android.systemui"
        assert node.get("resource-id") == f"com.android.systemui:id/{rid}"
    shot = device.screenshot()
    assert shot.shape == (2400, 1080, 3) and shot.dtype == np.uint8


def test_tapping_a_launcher_icon_starts_the_app(device):
    before = device.view_hierarchy()
    device.logcat()
    open_notes(device)
    lines = device.logcat()
    assert all(isinstance(line, LogLine) for line in lines)
    starts = [ln for ln in lines if ln.tag == "ActivityTaskManager" and ln.message.startswith("START u0 {")]
    assert len(starts) == 1
    msg = starts[0].message
    assert "act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] flg=0x10200000 " \
           "cmp=com.example.notesdemo/.MainActivity" in msg
    displayed = [ln for ln in lines if ln.message.startswith("Displayed com.example.notesdemo/.MainActivity: +")]
    assert len(displayed) == 1 and displayed[0].message.endswith("ms")
    assert any(ln.tag == "ActivityManager" and ln.message.startswith("Start proc ") and ":com.example.notesdemo/u0a"
               in ln.message for ln in lines)
    after = device.view_hierarchy()
    assert after != before
    assert find(device, resource_id="com.example.notesdemo:id/notes_list") is not None
    assert find(device, text="Notes demo", content_desc="Notes demo") is None


def test_back_and_home_by_keys(device):
    open_notes(device)
    tap_node(device, text="Note 3")
    assert device.current_activity() == NOTE
    device.key("BACK")
    assert device.current_activity() == NOTES
    device.key("HOME")
    assert device.current_activity() == LAUNCHER
    open_notes(device)  # the task comes back as it was
    device.key("BACK")
    assert device.current_activity() == LAUNCHER


def test_back_and_home_by_navigation_bar_touches(device):
    open_notes(device)
    tap_node(device, text="Note 2")
    assert device.current_activity() == NOTE
    tap_node(device, content_desc="Back")
    assert device.current_activity() == NOTES
    tap_node(device, content_desc="Home")
    assert device.current_activity() == LAUNCHER


def test_overview_lists_recent_tasks_and_switches(device):
    open_notes(device)
    device.key("HOME")
    tap_node(device, content_desc="Overview")
    card = find(device, resource_id="com.google.android.apps.nexuslauncher:id/snapshot", content_desc="Notes demo")
    assert card is not None
    tap(device, *center(device, resource_id="com.google.android.apps.nexuslauncher:id/snapshot"))
    assert device.current_activity() == NOTES
    device.key("APP_SWITCH")
    assert find(device, resource_id="com.google.android.apps.nexuslauncher:id/clear_all") is not None
    device.key("BACK")
    assert device.current_activity() == NOTES


def _type_by_touch(device: SimDevice, text: str) -> None:
    for ch in text:
        if ch.isupper():
            tap_node(device, content_desc="Shift")
        desc = "Space" if ch == " " else ch
        tap_node(device, content_desc=desc, package="com.google.android.inputmethod.latin")


def test_on_screen_keyboard_types_like_input_text():
    a = SimDevice([NotesDemoApp], seed=1)
    b = SimDevice([NotesDemoApp], seed=1)
    try:
        for d in (a, b):
            open_notes(d)
            tap_node(d, resource_id="com.example.notesdemo:id/note_input")
            assert find(d, package="com.google.android.inputmethod.latin") is not None
        _type_by_touch(a, "Hello world")
        b.input_text("Hello world")
        for d in (a, b):
            field = find(d, resource_id="com.example.notesdemo:id/note_input")
            assert field is not None and field.get("text") == "Hello world"
        # Back first hides the keyboard, keeping the text
        a.key("BACK")
        assert find(a, package="com.google.android.inputmethod.latin") is None
        assert a.current_activity() == NOTES
    finally:
        a.close()
        b.close()


def test_long_press_and_tap_are_told_apart_by_held_time(device):
    open_notes(device)
    x, y = center(device, text="Note 5")
    device.touch(x, y, True)
    device.advance(0.2)
    device.touch(x, y, False)
    assert device.current_activity() == NOTE  # short hold = tap
    device.key("BACK")
    x, y = center(device, text="Note 5")
    device.touch(x, y, True)
    device.advance(0.6)
    device.touch(x, y, False)
    assert device.current_activity() == NOTES
    title = find(device, resource_id="android:id/alertTitle")
    assert title is not None and title.get("text") == "Delete note?"
    device.key("BACK")  # cancels the dialog
    assert find(device, resource_id="android:id/alertTitle") is None


def test_swipe_scrolls_the_list_and_bounds_move(device):
    open_notes(device)
    before = bounds_of(find(device, text="Note 5"))
    x = 540
    device.touch(x, 1800, True)
    for k in range(1, 11):
        device.advance(0.016)
        device.touch(x, 1800 - 60 * k, True)
    device.advance(0.3)  # hold still: no fling
    device.touch(x, 1200, False)
    after = bounds_of(find(device, text="Note 5"))
    assert after[1] < before[1]
    moved = before[1] - after[1]
    assert 400 <= moved <= 600
    assert after[0] == before[0]
    assert find(device, text="Note 16") is not None


def test_toast_appears_and_disappears_after_two_seconds(device):
    open_notes(device)
    tap_node(device, resource_id="com.example.notesdemo:id/add_button")  # empty -> toast

    def painted() -> bool:
        return any(b.text == "Note is empty" for b in device.text_boxes())

    # a toast is no accessibility window: neither dump lists it, only the pixels show it
    assert painted()
    assert "Note is empty" not in device.view_hierarchy() + device.accessibility_forest()
    device.advance(1.9)
    assert painted()
    device.advance(0.2)
    assert not painted()


def test_determinism_same_seed_same_actions():
    def run() -> tuple[bytes, str, list[LogLine], str]:
        d = SimDevice([NotesDemoApp], seed=42)
        try:
            open_notes(d)
            tap_node(d, resource_id="com.example.notesdemo:id/note_input")
            d.input_text("abc")
            tap_node(d, resource_id="com.example.notesdemo:id/add_button")
            d.advance(0.5)
            x, y = center(d, text="Note 2")
            d.touch(x, y, True)
            d.advance(0.7)
            d.touch(x, y, False)
            d.key("BACK")
            d.shell("am start -n com.example.notesdemo/.NoteActivity")
            return d.screenshot().tobytes(), d.view_hierarchy(), d.logcat(), d.shell("logcat -d")[1]
        finally:
            d.close()
    first, second = run(), run()
    assert first[0] == second[0]
    assert first[1] == second[1]
    assert first[2] == second[2]
    assert first[3] == second[3]


def test_different_seeds_give_different_pids():
    a, b = SimDevice([NotesDemoApp], seed=1), SimDevice([NotesDemoApp], seed=2)
    try:
        assert a.shell("pidof com.google.android.apps.nexuslauncher") != \
            b.shell("pidof com.google.android.apps.nexuslauncher")
    finally:
        a.close()
        b.close()


def test_launcher_labels_are_legible_to_ocr():
    rapidocr = pytest.importorskip("rapidocr_onnxruntime",
                                   reason="rapidocr_onnxruntime is not installed (pip install mobile-gym[ocr])")
    d = SimDevice([NotesDemoApp])
    try:
        engine = rapidocr.RapidOCR()
        result, _ = engine(d.screenshot()[:, :, ::-1])
        texts = [r[1] for r in result or []]
        assert any("Notes demo" in t for t in texts), texts
        assert any("15:34" in t for t in texts), texts
    finally:
        d.close()


def test_text_boxes_are_exact(device):
    boxes = device.text_boxes()
    label = [b for b in boxes if b.text == "Notes demo"]
    assert len(label) == 1
    node = find(device, text="Notes demo")
    left, top, right, bottom = bounds_of(node)
    box = label[0]
    assert left <= box.left < box.right <= right and top <= box.top < box.bottom <= bottom


def test_bad_input_gives_clear_errors(device):
    with pytest.raises(InvalidInputError, match="outside"):
        device.touch(5000, 10, True)
    with pytest.raises(InvalidInputError, match="outside"):
        device.touch(-1, 10, True)
    with pytest.raises(InvalidInputError, match=r"must be finite; got \(nan, 10\)"):
        device.touch(float("nan"), 10, True)
    with pytest.raises(InvalidInputError, match="must be numbers"):
        device.touch("5", 10, True)
    with pytest.raises(InvalidInputError, match="VOLUME_UP.*BACK, HOME, ENTER, DEL, APP_SWITCH"):
        device.key("VOLUME_UP")
    code, out, err = device.shell("echo 'unterminated")
    assert code != 0 and err.startswith("/system/bin/sh: ") and out == ""
    code, _, err = device.shell("ls &&")
    assert code != 0 and "syntax error" in err
    with pytest.raises(InvalidInputError):
        device.advance(-1)
    # the device keeps working after all of that
    assert device.current_activity() == LAUNCHER
    tap_node(device, text="Notes demo")
    assert device.current_activity() == NOTES


def test_foreign_snapshot_is_refused(device):
    other = SimDevice([NotesDemoApp], name="emulator-5556")
    try:
        snap = other.snapshot()
        with pytest.raises(ValueError, match="emulator-5556"):
            device.restore(snap)
        with pytest.raises(TypeError, match="snapshot"):
            device.restore("not a snapshot")
    finally:
        other.close()


def test_snapshot_restore_round_trip(device):
    open_notes(device)
    device.push("/sdcard/Download/a.txt", b"one")
    device.shell("settings put system screen_brightness 40")
    snap = device.snapshot()
    t0 = device.shell("date +%s")[1]
    device.logcat()
    # change everything
    device.push("/sdcard/Download/a.txt", b"two")
    device.push("/sdcard/Download/b.txt", b"new")
    device.shell("settings put system screen_brightness 200")
    device.shell("sqlite3 /data/data/com.example.notesdemo/databases/notes.db 'DELETE FROM notes'")
    tap_node(device, text="Note 1")
    device.advance(100)
    assert device.current_activity() == NOTE
    device.restore(snap)
    assert device.pull("/sdcard/Download/a.txt") == b"one"
    with pytest.raises(FileNotFoundError):
        device.pull("/sdcard/Download/b.txt")
    assert device.shell("settings get system screen_brightness")[1] == "40\n"
    assert device.shell("date +%s")[1] == t0
    assert device.current_activity() == NOTES
    assert device.shell("sqlite3 /data/data/com.example.notesdemo/databases/notes.db "
                        "'SELECT count(*) FROM notes'")[1] == "25\n"
    # the restored views are live: tapping works and logs continue from the snapshot's cursor
    tap_node(device, text="Note 1")
    assert device.current_activity() == NOTE
    assert any("cmp=com.example.notesdemo/.NoteActivity" in ln.message for ln in device.logcat())
    # a snapshot can be restored more than once
    device.restore(snap)
    assert device.current_activity() == NOTES


def test_files_push_pull_list(device):
    device.push("/sdcard/Documents/x/y.md", b"# hi")
    assert device.pull("/storage/emulated/0/Documents/x/y.md") == b"# hi"
    entries = device.list_dir("/sdcard/Documents/x")
    assert [(e.name, e.is_dir, e.size) for e in entries] == [("y.md", False, 4)]
    assert entries[0].mtime == pytest.approx(1697384040.0)
    with pytest.raises(FileNotFoundError, match="/sdcard/nope"):
        device.pull("/sdcard/nope")
    with pytest.raises(FileNotFoundError):
        device.list_dir("/sdcard/nope")
    with pytest.raises(PermissionError):
        device.pull("/sdcard/../../../etc/passwd")


def test_closed_device_raises_device_error():
    d = SimDevice([NotesDemoApp])
    d.close()
    for call in (lambda: d.screenshot(), lambda: d.key("BACK"), lambda: d.shell("ls"), lambda: d.logcat(),
                 lambda: d.touch(1, 1, True), lambda: d.snapshot(), lambda: d.current_activity()):
        with pytest.raises(DeviceError, match="closed"):
            call()
    d.close()  # closing twice is fine


def test_pm_clear_returns_app_to_first_launch(device):
    open_notes(device)
    tap_node(device, resource_id="com.example.notesdemo:id/note_input")
    device.input_text("keep me")
    tap_node(device, resource_id="com.example.notesdemo:id/add_button")
    assert find(device, resource_id="com.example.notesdemo:id/note_count").get("text") == "26 notes"
    assert device.shell("pm clear com.example.notesdemo") == (0, "Success\n", "")
    assert device.current_activity() == LAUNCHER
    open_notes(device)
    assert find(device, resource_id="com.example.notesdemo:id/note_count").get("text") == "25 notes"


def test_hierarchy_parses_and_has_attributes_in_order(device):
    open_notes(device)
    xml = device.view_hierarchy()
    assert xml.startswith("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">")
    root = etree.fromstring(xml.encode())
    order = ["index", "text", "resource-id", "class", "package", "content-desc", "checkable", "checked",
             "clickable", "enabled", "focusable", "focused", "scrollable", "long-clickable", "password",
             "selected", "bounds"]
    for n in root.iter("node"):
        keys = [k for k in n.keys() if k != "NAF"]
        assert keys == order
    # the device dump holds the active window only; the forest every window, top first
    assert [n.get("package") for n in root] == ["com.example.notesdemo"]
    forest = etree.fromstring(device.accessibility_forest().encode())
    packages = [n.get("package") for n in forest]
    assert packages == ["com.android.systemui", "com.android.systemui", "com.example.notesdemo"]


def test_dialog_buttons_dismiss_for_good(device):
    open_notes(device)
    x, y = center(device, text="Note 7")
    device.touch(x, y, True)
    device.advance(0.6)
    device.touch(x, y, False)
    tap_node(device, resource_id="android:id/button2")  # Cancel
    assert find(device, resource_id="android:id/alertTitle") is None
    tap_node(device, text="Note 8")  # the screen reacts normally afterwards
    device.key("BACK")
    assert find(device, resource_id="android:id/alertTitle") is None
    x, y = center(device, text="Note 7")
    device.touch(x, y, True)
    device.advance(0.6)
    device.touch(x, y, False)
    tap_node(device, resource_id="android:id/button1")  # Delete
    assert find(device, text="Note 7") is None
    assert find(device, resource_id="com.example.notesdemo:id/note_count").get("text") == "24 notes"


def test_other_display_sizes_and_bad_ones():
    d = SimDevice([NotesDemoApp], screen_size=(720, 1280), density=320)
    try:
        assert d.screen_size == (720, 1280)
        assert d.screenshot().shape == (1280, 720, 3)
        assert d.shell("wm size")[1] == "Physical size: 720x1280\n"
        nav = find(d, content_desc="Home")
        assert bounds_of(nav)[3] == 1280
    finally:
        d.close()
    with pytest.raises(InvalidInputError, match="screen_size"):
        SimDevice([NotesDemoApp], screen_size=1080)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="unsupported display"):
        SimDevice([NotesDemoApp], screen_size=(10, 10))
