"""`uiautomator dump [--compressed] [--windows] [file]` as AOSP DumpCommand parses it (Android 13)."""

from __future__ import annotations

from lxml import etree

from mobile_gym.sim.android import SimAndroid
from mobile_gym.sim.apps.demo import NotesDemoApp

NOTES = "com.example.notesdemo"


def _open_notes(android: SimAndroid) -> None:
    code, _, err = android.shell(f"am start -n {NOTES}/.MainActivity")
    assert code == 0, err
    android.advance(1.0)


def _roots(xml: str) -> list[str]:
    return [n.get("package") for n in etree.fromstring(xml.encode()).findall("node")]


def test_plain_dump_file_is_the_active_window(sh, android):
    _open_notes(android)
    assert sh("uiautomator dump")[1] == "UI hierchary dumped to: /sdcard/window_dump.xml\n"
    xml = android.storage.read("/sdcard/window_dump.xml").decode()
    assert _roots(xml) == [NOTES]
    assert "com.android.systemui" not in xml


def test_windows_flag_writes_the_displays_format(sh, android):
    _open_notes(android)
    code, out, _ = sh("uiautomator dump --windows /sdcard/all.xml")
    assert (code, out) == (0, "UI hierchary dumped to: /sdcard/all.xml\n")
    xml = android.storage.read("/sdcard/all.xml").decode()
    assert xml == android.windows_hierarchy()
    root = etree.fromstring(xml.encode())
    assert root.tag == "displays" and [d.get("id") for d in root] == ["0"]
    windows = root[0].findall("window")
    assert [w.get("title") for w in windows] == ["NavigationBar0", "StatusBar", f"{NOTES}/{NOTES}.MainActivity"]
    assert [w.get("type") for w in windows] == ["TYPE_SYSTEM", "TYPE_SYSTEM", "TYPE_APPLICATION"]
    assert [w.get("bounds") for w in windows][-1] == "[0,0][1080,2400]"
    assert [w.find("hierarchy")[0].get("package") for w in windows][-1] == NOTES
    assert [w.get("active") for w in windows].count("true") == 1 and windows[-1].get("active") == "true"


def test_compressed_flag_and_flags_in_any_order(sh, android):
    _open_notes(android)
    sh("uiautomator dump --compressed /sdcard/c.xml")
    small = android.storage.read("/sdcard/c.xml").decode()
    assert small == android.view_hierarchy(compressed=True)
    assert small.count("<node") < android.view_hierarchy().count("<node")
    sh("uiautomator dump /sdcard/wc.xml --compressed --windows")
    assert android.storage.read("/sdcard/wc.xml").decode() == android.windows_hierarchy(compressed=True)
    # unknown dashed options are ignored, like DumpCommand does (--verbose)
    sh("uiautomator dump --verbose /sdcard/v.xml")
    assert android.storage.read("/sdcard/v.xml").decode() == android.view_hierarchy()


def test_to_the_terminal(sh, android):
    out = sh("uiautomator dump --windows /dev/tty")[1]
    assert out == android.windows_hierarchy() + "UI hierchary dumped to: /dev/tty\n"


def test_no_active_window_prints_the_null_root_error():
    android = SimAndroid([NotesDemoApp], seed=1)
    try:
        for w in android.wm.windows:
            if w.focusable:
                w.visible = False
        code, out, err = android.shell("uiautomator dump /sdcard/none.xml")
        assert (code, out, err) == (0, "", "ERROR: null root node returned by UiTestAutomationBridge.\n")
        assert android.shell("ls /sdcard/none.xml")[0] != 0
    finally:
        android.close()
