"""The three uiautomator dumps of Android 13 (AOSP DumpCommand): the active window,
`--windows` (every accessibility window, top first, `<displays>` format) and `--compressed`
(views not important for accessibility left out)."""

from __future__ import annotations

from lxml import etree

from mobile_gym.device.forest import forest_from_windows_dump
from mobile_gym.sim.ui import (
    MATCH_PARENT,
    Button,
    FrameLayout,
    ImageView,
    LinearLayout,
    TextView,
    View,
    Window,
    alert_dialog,
)
from mobile_gym.sim.ui.dump import HEADER
from mobile_gym.sim.ui.units import dp

from .conftest import PKG, parse, screen, show

SYSTEMUI = "com.android.systemui"
IME = "com.google.android.inputmethod.latin"


def _phone():
    """An app screen with a status bar, a navigation bar, a keyboard and a toast shown."""
    body = FrameLayout(id="body")  # a bare layout (left out of the compressed dump)
    body.add(TextView("app text", id="label"))
    wm, app = show(screen(body, Button("Go", id="go")))
    for kind, text in (("status_bar", "15:34"), ("nav_bar", "nav")):
        bar = LinearLayout(width=MATCH_PARENT, height=dp(48))
        bar.add(TextView(text))
        wm.add(Window(bar, package=SYSTEMUI, kind=kind, focusable=False, title=kind))
    keys = LinearLayout(width=MATCH_PARENT, height=dp(200))
    keys.add(TextView("q", id="key_pos_0_0"))
    wm.add(Window(keys, package=IME, kind="ime", focusable=False, title="InputMethod"))
    toast = FrameLayout()
    toast.add(TextView("Saved", id="android:id/message"))
    wm.add(Window(toast, package=SYSTEMUI, kind="toast", focusable=False, title="Toast"))
    return wm, app


def test_plain_dump_is_the_active_window_only():
    wm, _ = _phone()
    xml = wm.dump()
    assert xml.startswith(HEADER + '<hierarchy rotation="0"><node index="0" ')
    assert xml.endswith("</node></hierarchy>")
    roots = parse(xml).findall("node")
    assert [r.get("package") for r in roots] == [PKG]
    for absent in ("15:34", "nav", "key_pos_0_0", "Saved", SYSTEMUI, IME):
        assert absent not in xml


def test_an_open_dialog_is_all_the_dump_shows():
    wm, _ = _phone()
    dialog = wm.add(Window(alert_dialog("Delete?", "Sure?", [("OK", None)]), package=PKG, kind="dialog"))
    xml = wm.dump()
    assert len(parse(xml).findall("node")) == 1
    assert 'text="Delete?"' in xml and "app text" not in xml
    wm.remove(dialog)
    assert "app text" in wm.dump() and "Delete?" not in wm.dump()


def test_no_active_window_gives_an_empty_hierarchy():
    wm, app = _phone()
    wm.remove(app)
    assert wm.dump() == HEADER + '<hierarchy rotation="0"></hierarchy>'


def test_windows_dump_lists_every_accessibility_window_top_first():
    wm, app = _phone()
    xml = wm.dump_all_windows()
    assert xml.startswith(HEADER + '<displays><display id="0"><window index="0" title="nav_bar" ')
    assert xml.endswith("</hierarchy></window></display></displays>")
    windows = parse(xml).find("display").findall("window")
    assert [w.get("type") for w in windows] == ["TYPE_SYSTEM", "TYPE_SYSTEM", "TYPE_INPUT_METHOD",
                                                "TYPE_APPLICATION"]
    assert [w.get("title") for w in windows] == ["nav_bar", "status_bar", "InputMethod", ""]
    assert [w.get("index") for w in windows] == ["0", "1", "2", "3"]
    assert [w.get("layer") for w in windows] == ["3", "2", "1", "0"]
    assert [w.get("active") for w in windows] == ["false", "false", "false", "true"]
    assert [w.get("focused") for w in windows] == ["false", "false", "false", "true"]
    assert {w.get("accessibility-focused") for w in windows} == {"false"}
    assert len({w.get("id") for w in windows}) == 4
    assert list(windows[0].attrib) == ["index", "title", "bounds", "active", "focused",
                                       "accessibility-focused", "id", "layer", "type"]
    # each window holds its own <hierarchy>, whose root is the plain dump's root for the app
    app_hierarchy = windows[3].find("hierarchy")
    assert app_hierarchy.get("rotation") == "0"
    assert etree.tostring(app_hierarchy[0]) == etree.tostring(parse(wm.dump())[0])
    assert "Saved" not in xml  # a toast is not an accessibility window


def test_forest_is_the_windows_dump_as_one_hierarchy():
    wm, _ = _phone()
    forest = forest_from_windows_dump(wm.dump_all_windows())
    roots = parse(forest).findall("node")
    assert [r.get("package") for r in roots] == [SYSTEMUI, SYSTEMUI, IME, PKG]
    assert forest.startswith(HEADER + '<hierarchy rotation="0"><node index="0" ')
    assert wm.dump()[len(HEADER) + len('<hierarchy rotation="0">'):-len("</hierarchy>")] in forest


def test_compressed_drops_views_not_important_for_accessibility():
    plain = FrameLayout(id="plain_frame")                  # a bare layout: dropped
    inner = LinearLayout("vertical", id="inner")           # dropped; its children move up
    inner.add(TextView("title", id="title"), View(id="spacer", width=10, height=10),
              ImageView(id="icon", content_desc="Star", width=40, height=40),
              ImageView(id="deco", width=40, height=40))
    plain.add(inner)
    row = LinearLayout("horizontal", id="row", clickable=True)  # clickable: kept
    row.add(TextView("in row", id="in_row"))
    wm, _ = show(screen(plain, row, Button("OK", id="ok")))
    full = wm.dump()
    small = wm.dump(compressed=True)
    assert small.startswith(HEADER + '<hierarchy rotation="0"><node index="0" ')
    ids = [n.get("resource-id") for n in parse(small).iter("node")]
    assert ids == ["", f"{PKG}:id/title", f"{PKG}:id/icon", f"{PKG}:id/row", f"{PKG}:id/in_row", f"{PKG}:id/ok"]
    for dropped in ("plain_frame", "inner", "spacer", "deco"):
        assert dropped in full and dropped not in small
    root = parse(small)[0]
    # the kept views hang under the nearest kept ancestor, indexed among its new children
    assert [c.get("index") for c in root] == ["0", "1", "2", "3"]
    assert [n.get("bounds") for n in parse(small).iter("node") if n.get("resource-id").endswith("title")] == \
        [n.get("bounds") for n in parse(full).iter("node") if n.get("resource-id").endswith("title")]


def test_compressed_windows_dump_compresses_every_window():
    wm, _ = _phone()
    assert wm.dump_all_windows(compressed=True).count("<node") < wm.dump_all_windows().count("<node")
    assert parse(wm.dump_all_windows(compressed=True)).find("display") is not None


def test_dumps_are_cached_per_mode_until_something_changes():
    tv = TextView("a")
    wm, _ = show(screen(tv))
    first, windows, small = wm.dump(), wm.dump_all_windows(), wm.dump(compressed=True)
    built = wm.stats.dumps_built
    assert wm.dump() is first and wm.dump_all_windows() is windows and wm.dump(compressed=True) is small
    assert wm.stats.dumps_built == built
    tv.text = "b"
    assert 'text="b"' in wm.dump() and 'text="b"' in wm.dump_all_windows()
    assert wm.stats.dumps_built == built + 2
