"""Dialog and popup-menu builders: framework ids/classes, callbacks, dismissal."""

from __future__ import annotations

import pytest

from mobile_gym.sim.ui import Button, EditText, Rect, Spinner, TextView, Window, alert_dialog, popup_bounds, popup_menu

from .conftest import PKG, node_by_id, nodes, parse, screen, show


def _show_dialog(wm, root):
    return wm.add(Window(root, package=PKG, kind="dialog", dim_behind=True))


def test_alert_dialog_ids_classes_and_button_order():
    log = []
    wm, _ = show(screen(TextView("app")))
    d = alert_dialog("Delete event", "Are you sure?",
                     [("Yes", lambda: log.append("yes")), ("No", lambda: log.append("no")),
                      ("Later", lambda: log.append("later"))])
    win = _show_dialog(wm, d)
    xml = wm.dump()
    assert node_by_id(xml, "android:id/alertTitle").get("text") == "Delete event"
    assert node_by_id(xml, "android:id/message").get("text") == "Are you sure?"
    b1, b2, b3 = (node_by_id(xml, f"android:id/button{i}") for i in (1, 2, 3))
    assert [b.get("text") for b in (b1, b2, b3)] == ["Yes", "No", "Later"]
    assert all(b.get("class") == "android.widget.Button" for b in (b1, b2, b3))
    bar = b1.getparent()
    assert [c.get("resource-id") for c in bar if c.get("resource-id").startswith("android:id/button")] == \
        ["android:id/button3", "android:id/button2", "android:id/button1"]
    roots = list(parse(xml))  # the dump holds the active window: just the dialog
    assert len(roots) == 1 and roots[0].get("package") == PKG
    assert node_by_id(xml, "android:id/alertTitle") is not None and "text=\"app\"" not in xml
    wm.tap(wm.find("android:id/button1"), 0.0)
    assert log == ["yes"] and win not in wm.windows


def test_request_dismiss_hook_used_by_the_system():
    wm, _ = show(screen(TextView("app")))
    d = alert_dialog("T", None, [("OK", None)])
    win = _show_dialog(wm, d)
    closed = []
    d.request_dismiss = lambda: closed.append(True)
    wm.tap(wm.find("android:id/button1"), 0.0)
    assert closed == [True] and win in wm.windows


def test_single_choice_items_and_custom_view():
    picked = []
    wm, _ = show(screen(TextView("app")))
    d = alert_dialog("Change view", None, items=["Daily", "Weekly", "Monthly"], choice="single",
                     checked=2, on_item=lambda i, label: picked.append((i, label)))
    win = _show_dialog(wm, d)
    xml = wm.dump()
    rows = [n for n in nodes(xml) if n.get("resource-id") == "android:id/text1"]
    assert [r.get("text") for r in rows] == ["Daily", "Weekly", "Monthly"]
    assert [r.get("checked") for r in rows] == ["false", "false", "true"]
    assert all(r.get("class") == "android.widget.CheckedTextView" for r in rows)
    assert rows[0].getparent().get("class") == "android.widget.ListView"
    wm.tap(wm.find_text("Daily"), 0.0)
    assert picked == [(0, "Daily")] and win not in wm.windows
    field = EditText(id="new_name", hint="Name")
    d2 = alert_dialog("Rename", None, [("OK", None), ("Cancel", None)], view=field, appcompat=True)
    _show_dialog(wm, d2)
    xml = wm.dump()
    assert node_by_id(xml, f"{PKG}:id/alertTitle").get("text") == "Rename"
    custom = node_by_id(xml, f"{PKG}:id/custom")
    assert custom[0].get("resource-id") == f"{PKG}:id/new_name"


def test_bad_dialog_arguments():
    with pytest.raises(ValueError, match="at most 3"):
        alert_dialog("x", None, [("a", None)] * 4)
    with pytest.raises(ValueError, match="choice"):
        alert_dialog("x", None, items=["a"], choice="many")


def test_popup_menu_rows_and_placement():
    chosen = []
    wm, _ = show(screen(TextView("app")))
    menu = popup_menu(["Move", "Rename", "Delete"], on_item=lambda i, label: chosen.append(label))
    anchor = Rect(950, 100, 1080, 226)
    b = popup_bounds(menu, anchor, 1080, 2400)
    assert b.right <= 1080 and b.top == 100 and b.width >= 2 * 147
    win = wm.add(Window(menu, package="net.gsantner.markor", kind="popup", bounds=b,
                        on_outside_touch=lambda w: wm.remove(w)))
    xml = wm.dump()
    titles = [n for n in nodes(xml) if n.get("resource-id") == "net.gsantner.markor:id/title"]
    assert [t.get("text") for t in titles] == ["Move", "Rename", "Delete"]
    row = titles[0].getparent()
    assert row.get("class") == "android.widget.LinearLayout" and row.get("clickable") == "true"
    assert row.getparent().get("class") == "android.widget.ListView"
    wm.tap(wm.find_text("Rename"), 0.0)
    assert chosen == ["Rename"] and win not in wm.windows
    # a touch outside a popup dismisses it on the down event and is consumed
    menu2 = popup_menu([("Share", lambda: chosen.append("share"))])
    win2 = wm.add(Window(menu2, package=PKG, kind="popup", bounds=popup_bounds(menu2, anchor, 1080, 2400),
                         on_outside_touch=lambda w: wm.remove(w)))
    wm.touch(100, 2000, True, 1.0)
    assert win2 not in wm.windows
    wm.touch(100, 2000, False, 1.1)


def test_spinner_opens_dropdown_and_selects():
    got = []
    sp = Spinner(["Markdown", "Plain text", "Todo.txt"], id="type",
                 on_item_selected=lambda v, i, s: got.append(s))
    wm, _ = show(screen(sp, Button("x")))
    wm.tap(sp, 0.0)
    assert len(wm.windows) == 2 and wm.windows[1].kind == "popup"
    rows = [n for n in nodes(wm.dump()) if n.get("class") == "android.widget.CheckedTextView"]
    assert [r.get("text") for r in rows] == ["Markdown", "Plain text", "Todo.txt"]
    wm.tap(wm.windows[1].root.children[2], 1.0)
    assert got == ["Todo.txt"] and sp.selected_item == "Todo.txt" and len(wm.windows) == 1
    assert node_by_id(wm.dump(), "android:id/text1").get("text") == "Todo.txt"
