"""The same screen dumped through SimDevice and through AdbDevice over adb-serve: the same bytes.

The default dump is what `uiautomator dump` writes (the active window only); the forest is
built by both backends from `uiautomator dump --windows`. Both are checked on the launcher,
on an editor with the keyboard up, and on a dialog, through the batched wire reads and through
plain adbutils (shell + sync pull)."""

from __future__ import annotations

from lxml import etree

from mobile_gym.device.adb_device import AdbDevice
from tests.adb_serve.conftest import launcher_icon_center

MARKOR = "net.gsantner.markor"
IME = "com.google.android.inputmethod.latin"


def _roots(xml: str) -> list[str]:
    return [n.get("package") for n in etree.fromstring(xml.encode()).findall("node")]


def _tap_node(dev, xml: str, rid: str) -> None:
    from mobile_gym.spaces import parse_bounds

    node = etree.fromstring(xml.encode()).xpath(f'//node[@resource-id="{rid}"]')[0]
    left, top, right, bottom = parse_bounds(node.get("bounds"))
    x, y = (left + right) // 2, (top + bottom) // 2
    dev.touch(x, y, True)
    dev.touch(x, y, False)
    dev.advance(0.5)


def _same(dev: AdbDevice, sim) -> str:
    dump = dev.view_hierarchy()
    assert dump.encode() == sim.view_hierarchy().encode()
    assert dev.accessibility_forest().encode() == sim.accessibility_forest().encode()
    assert len(_roots(dump)) == 1
    return dump


def test_dump_and_forest_are_byte_identical_on_sim_and_adb(adb_dev):
    dev, _, sim = adb_dev
    home = _same(dev, sim)
    assert _roots(home) == ["com.google.android.apps.nexuslauncher"]
    x, y = launcher_icon_center(home, "Markor")
    dev.touch(x, y, True)
    dev.touch(x, y, False)
    dev.advance(1.0)
    # Markor's new-file dialog: a dialog with a focused EditText and the keyboard up
    _tap_node(dev, dev.view_hierarchy(), f"{MARKOR}:id/fab_add_new_item")
    dialog = _same(dev, sim)
    assert _roots(dialog) == [MARKOR]
    assert f"{MARKOR}:id/fab_add_new_item" not in dialog  # the activity behind the dialog
    assert IME not in dialog and "com.android.systemui" not in dialog
    forest = dev.accessibility_forest()
    assert _roots(forest)[0] == "com.android.systemui" and IME in _roots(forest)
    assert _roots(forest)[-1] == MARKOR  # the activity under the dialog, bottom of the forest


def test_plain_adbutils_path_gives_the_same_bytes(one):
    """Without the wire client (an adbutils device passed in): shell + sync pull."""
    import adbutils

    server, sim = one
    client = adbutils.AdbClient(host="127.0.0.1", port=server.port)
    dev = AdbDevice("emulator-5554", adb_device=client.device("emulator-5554"), retries=1,
                    sleep=lambda s: server.advance("emulator-5554", s))
    try:
        assert dev.view_hierarchy().encode() == sim.view_hierarchy().encode()
        assert dev.accessibility_forest().encode() == sim.accessibility_forest().encode()
    finally:
        dev.close()


def test_uiautomator_flags_over_adb_shell(one):
    """`adb shell uiautomator dump --windows|--compressed /dev/tty` print what the sim writes."""
    import adbutils

    server, sim = one
    device = adbutils.AdbClient(host="127.0.0.1", port=server.port).device("emulator-5554")
    out = device.shell("uiautomator dump --windows /dev/tty")
    assert out.startswith("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><displays><display id=\"0\">")
    assert out.endswith("</display></displays>UI hierchary dumped to: /dev/tty")
    out = device.shell("uiautomator dump --compressed /dev/tty")
    xml = out[:out.index("UI hierchary")]
    assert xml == sim.android.view_hierarchy(compressed=True)
    assert xml.count("<node") < sim.view_hierarchy().count("<node")
