"""Dialog and popup windows move above the on-screen keyboard while it is shown (a dialog is
re-centred in the space between the status bar and the IME) and go back when it hides.
Driven through SimDevice only: dump bounds, taps at node centres, keys, screenshots."""

from __future__ import annotations

import re
from typing import ClassVar

import numpy as np
from lxml import etree

from mobile_gym.device.sim_device import SimDevice
from mobile_gym.sim.system.activity import Activity
from mobile_gym.sim.system.packages import App
from mobile_gym.sim.ui import Button, EditText, LinearLayout, dp
from mobile_gym.sim.ui.geometry import Rect
from mobile_gym.sim.ui.units import MATCH_PARENT

MARKOR = "net.gsantner.markor"
IME = "com.google.android.inputmethod.latin"
SYSTEMUI = "com.android.systemui"
_BOUNDS = re.compile(r"\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]")


def _bounds(el) -> tuple[int, int, int, int]:
    m = _BOUNDS.fullmatch(el.get("bounds", ""))
    assert m is not None, dict(el.attrib)
    return tuple(int(g) for g in m.groups())  # type: ignore[return-value]


def _windows(dev: SimDevice) -> list:
    """Window root elements of the all-windows forest, bottom first (the device dump holds
    only the active window; the forest lists the top window first)."""
    return etree.fromstring(dev.accessibility_forest().encode("utf-8")).findall("node")[::-1]


def _window_with(dev: SimDevice, rid: str):
    """The top-most window root holding a node with this resource-id (None if none)."""
    for win in reversed(_windows(dev)):
        if any(n.get("resource-id") == rid for n in win.iter("node")):
            return win
    return None


def _node(win, **attrs: str):
    for n in win.iter("node"):
        if all(n.get(k) == v for k, v in attrs.items()):
            return n
    raise AssertionError(f"no node with {attrs}")


def _tap_node(dev: SimDevice, node) -> None:
    left, top, right, bottom = _bounds(node)
    x, y = (left + right) // 2, (top + bottom) // 2
    dev.touch(x, y, True)
    dev.touch(x, y, False)
    dev.advance(0.3)


def _ime_top(dev: SimDevice) -> int | None:
    for win in _windows(dev):
        if win.get("package") == IME:
            return _bounds(win)[1]
    return None


def _status_bar_bottom(dev: SimDevice) -> int:
    return min(_bounds(w)[3] for w in _windows(dev) if w.get("package") == SYSTEMUI)


def _nav_bar_top(dev: SimDevice) -> int:
    return max(_bounds(w)[1] for w in _windows(dev) if w.get("package") == SYSTEMUI)


def _open_new_file_dialog(seed: int = 5) -> SimDevice:
    dev = SimDevice(seed=seed)
    code, _, err = dev.shell(f"am start -n {MARKOR}/.activity.MainActivity")
    assert code == 0, err
    dev.advance(1)
    app = _window_with(dev, f"{MARKOR}:id/fab_add_new_item")
    assert app is not None, "Markor's file browser is not on screen"
    _tap_node(dev, _node(app, **{"resource-id": f"{MARKOR}:id/fab_add_new_item"}))
    return dev


def _dialog(dev: SimDevice):
    win = _window_with(dev, "android:id/button1")
    assert win is not None and win.get("package") == MARKOR, "the new-file dialog is not shown"
    return win


def _assert_centred(top: int, bottom: int, area_top: int, area_bottom: int) -> None:
    assert area_top <= top and bottom <= area_bottom, (top, bottom, area_top, area_bottom)
    assert abs((top - area_top) - (area_bottom - bottom)) <= 1, (top, bottom, area_top, area_bottom)


def test_new_file_dialog_sits_centred_above_the_keyboard():
    dev = _open_new_file_dialog()
    try:
        ime_top = _ime_top(dev)
        assert ime_top is not None, "the keyboard should come up with the dialog's name field"
        win = _dialog(dev)
        focused = [n for n in win.iter("node") if n.get("focused") == "true"]
        assert focused and focused[0].get("class") == "android.widget.EditText"
        for n in win.iter("node"):
            assert _bounds(n)[3] <= ime_top, (n.get("resource-id"), n.get("text"), _bounds(n), ime_top)
        _, top, _, bottom = _bounds(win)
        _assert_centred(top, bottom, _status_bar_bottom(dev), ime_top)
        # hit testing follows the moved window: the dump's OK centre presses OK
        snap = dev.snapshot()
        dev.input_text("ime_check")
        _tap_node(dev, _node(_dialog(dev), **{"resource-id": "android:id/button1"}))
        assert _window_with(dev, "android:id/button1") is None
        assert dev.current_activity().endswith(".DocumentActivity")   # the new file opens
        assert any(e.name == "ime_check.md" for e in dev.list_dir("/sdcard/Documents/Markor"))
        # ... and the CANCEL centre presses CANCEL
        dev.restore(snap)
        assert _ime_top(dev) == ime_top
        _tap_node(dev, _node(_dialog(dev), text="CANCEL"))
        assert _window_with(dev, "android:id/button1") is None
        assert _ime_top(dev) is None
    finally:
        dev.close()


def test_dialog_returns_to_the_centre_when_the_keyboard_hides_and_comes_back():
    dev = _open_new_file_dialog()
    try:
        raised = _bounds(_dialog(dev))
        dev.key("BACK")   # the first Back only hides the keyboard
        dev.advance(0.3)
        assert _ime_top(dev) is None
        win = _dialog(dev)
        left, top, right, bottom = _bounds(win)
        assert (left, right, bottom - top) == (raised[0], raised[2], raised[3] - raised[1])
        assert top > raised[1]
        _assert_centred(top, bottom, _status_bar_bottom(dev), _nav_bar_top(dev))
        # tapping the focused name field brings the keyboard (and the raised dialog) back
        name = [n for n in win.iter("node") if n.get("focused") == "true"][0]
        _tap_node(dev, name)
        assert _ime_top(dev) is not None
        assert _bounds(_dialog(dev)) == raised
        dev.key("BACK")
        dev.advance(0.3)
        # the centred dialog's buttons are hit at the dump's centres too
        _tap_node(dev, _node(_dialog(dev), text="CANCEL"))
        assert _window_with(dev, "android:id/button1") is None
    finally:
        dev.close()


def test_frames_with_the_raised_dialog_are_deterministic():
    a, b = _open_new_file_dialog(seed=9), _open_new_file_dialog(seed=9)
    try:
        assert a.view_hierarchy() == b.view_hierarchy()
        assert np.array_equal(a.screenshot(), b.screenshot())
        first = a.screenshot().copy()
        a.key("BACK")
        a.advance(0.3)
        assert not np.array_equal(a.screenshot(), first)
        assert np.array_equal(a.screenshot((540, 1200)), a.screenshot((540, 1200)))
    finally:
        a.close()
        b.close()


# -- a popup window holding an EditText (adjustPan: moved up just enough) ----------------------------

POPUP_PKG = "com.example.popupime"


class _PopupActivity(Activity):
    def on_create(self) -> None:
        self.root = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT)
        self.root.add(Button("Open", id="open", on_click=lambda *_: self._open()))
        self.set_content(self.root)

    def _open(self) -> None:
        box = LinearLayout("vertical", width=dp(240), padding=dp(8))
        box.add(EditText(hint="Rename", id="rename", width=MATCH_PARENT))
        b = self.root.bounds   # anchored near the bottom of the app area
        self.show_popup(box, Rect(b.right - dp(200), b.bottom - dp(60), b.right - dp(8), b.bottom - dp(12)))


class _PopupApp(App):
    package = POPUP_PKG
    label = "Popup IME"
    icon = "note"
    launcher_activity = ".MainActivity"
    activities: ClassVar[dict[str, type[Activity]]] = {".MainActivity": _PopupActivity}


def test_popup_with_a_focused_edittext_moves_above_the_keyboard_and_back():
    dev = SimDevice([_PopupApp], seed=2)
    try:
        dev.shell(f"am start -n {POPUP_PKG}/.MainActivity")
        dev.advance(0.5)
        _tap_node(dev, _node(_window_with(dev, f"{POPUP_PKG}:id/open"), text="Open"))
        popup = _window_with(dev, f"{POPUP_PKG}:id/rename")
        home = _bounds(popup)
        assert _ime_top(dev) is None
        _tap_node(dev, _node(popup, **{"resource-id": f"{POPUP_PKG}:id/rename"}))
        ime_top = _ime_top(dev)
        assert ime_top is not None and home[3] > ime_top   # it would be covered where it was
        popup = _window_with(dev, f"{POPUP_PKG}:id/rename")
        raised = _bounds(popup)
        assert raised[3] == ime_top and raised[1] > _status_bar_bottom(dev)
        assert (raised[0], raised[2], raised[3] - raised[1]) == (home[0], home[2], home[3] - home[1])
        for n in popup.iter("node"):
            assert _bounds(n)[3] <= ime_top
        # typing still reaches the field at its new place
        dev.input_text("abc")
        field = _node(_window_with(dev, f"{POPUP_PKG}:id/rename"), **{"resource-id": f"{POPUP_PKG}:id/rename"})
        assert field.get("text") == "abc"
        dev.key("BACK")
        dev.advance(0.3)
        assert _ime_top(dev) is None
        assert _bounds(_window_with(dev, f"{POPUP_PKG}:id/rename")) == home
    finally:
        dev.close()
