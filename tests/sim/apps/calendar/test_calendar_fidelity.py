"""Simple Calendar Pro details checked against the real sources, by touches and keys: one
action_bar_root > android:id/content (AppCompat's overlay sub-decor for Simple Commons'
windowActionModeOverlay theme, with the CAB as its action_mode_bar), toolbar menus that report
LinearLayoutCompat with long-clickable items, the 24-hour clock face's "00", the Regular event
colour (system_accent1_400), and Enter in the title moving focus to the location field."""

from __future__ import annotations

from lxml import etree

from tests.sim.apps.calendar.conftest import PKG, insert_row, sql, ts
from tests.sim.apps.conftest import find_all

EDITOR = f"{PKG}/{PKG}.activities.EventActivity"


def app_root(xml: str):
    """The Calendar window's root node in a dump."""
    tree = etree.fromstring(xml.encode("utf-8"))
    return next(n for n in tree if n.get("package") == PKG)


def by_id(root, rid: str):
    return [n for n in root.iter("node") if n.get("resource-id") == rid]


def test_one_action_bar_root_and_content(ui):
    root = app_root(ui.dump())
    (bar_root,) = by_id(root, f"{PKG}:id/action_bar_root")
    (content,) = by_id(root, "android:id/content")
    assert bar_root.get("class") == "android.widget.FrameLayout"   # FitWindowsFrameLayout
    assert content.getparent() is bar_root
    assert [c.get("resource-id") for c in content] == [f"{PKG}:id/main_coordinator"]


def test_the_cab_is_the_action_mode_bar_over_the_content(device, ui):
    insert_row(device, "Standup", ts(15, 9), ts(15, 10))
    ui.tap(id="change_view")
    ui.tap(text="Simple event list")
    ui.long_press(id="event_item_title", text="Standup")
    root = app_root(ui.dump())
    (bar_root,) = by_id(root, f"{PKG}:id/action_bar_root")
    (cab,) = by_id(root, f"{PKG}:id/action_mode_bar")
    assert cab.getparent() is bar_root
    assert [c.get("resource-id") for c in bar_root] == ["android:id/content", f"{PKG}:id/action_mode_bar"]
    menu = by_id(root, f"{PKG}:id/cab_delete")[0].getparent()
    assert menu.get("class") == "androidx.appcompat.widget.LinearLayoutCompat"


def test_toolbar_menu_is_linear_layout_compat_with_long_clickable_items(ui):
    root = app_root(ui.dump())
    (change_view,) = by_id(root, f"{PKG}:id/change_view")
    assert change_view.get("class") == "android.widget.Button"
    assert change_view.get("long-clickable") == "true"
    assert change_view.getparent().get("class") == "androidx.appcompat.widget.LinearLayoutCompat"
    more = [n for n in root.iter("node") if n.get("content-desc") == "More options"]
    assert more and more[0].get("long-clickable") == "true"


def test_event_editor_menu_is_linear_layout_compat(device, ui):
    ui.tap(id="calendar_fab")
    ui.tap(id="fab_event_label", text="Event")
    (save,) = find_all(ui.dump(), id="save")
    assert save["long-clickable"] == "true" and save["class"] == "android.widget.Button"
    root = app_root(ui.dump())
    (save_el,) = by_id(root, f"{PKG}:id/save")
    assert save_el.getparent().get("class") == "androidx.appcompat.widget.LinearLayoutCompat"


def test_clock_face_shows_00_for_midnight(device, ui):
    ui.tap(id="calendar_fab")
    ui.tap(id="fab_event_label", text="Event")
    ui.tap(id="event_start_time")
    zero = ui.find(desc="00 hours")
    assert zero["text"] == "00"
    assert ui.find(desc="7 hours")["text"] == "7" and ui.find(desc="13 hours")["text"] == "13"
    assert not ui.has(desc="0 hours")
    ui.tap(desc="00 hours")
    ui.tap(desc="05 minutes")
    ui.tap(id="material_timepicker_ok_button")
    assert ui.find(id="event_start_time")["text"] == "00:05"


def test_regular_event_type_colour_is_the_system_accent(device):
    # getProperPrimaryColor() on API 33 = system_accent1_400 = #7791C7 as a signed int
    assert sql(device, "SELECT color FROM event_types WHERE id = 1") == f"{0xFF7791C7 - 2**32}\n"


def test_enter_in_the_title_moves_focus_to_the_location(device, ui):
    ui.tap(id="calendar_fab")
    ui.tap(id="fab_event_label", text="Event")
    assert device.current_activity() == EDITOR
    ui.tap(id="event_title")
    ui.type("Lunch")
    ui.key("ENTER")
    assert ui.find(id="event_title")["text"] == "Lunch"
    assert ui.find(id="event_title")["focused"] == "false"
    assert ui.find(id="event_location")["focused"] == "true"
    ui.type("Cafe")
    assert ui.find(id="event_location")["text"] == "Cafe"


def test_the_keyboards_action_key_is_next_in_the_title(device, ui):
    ui.tap(id="calendar_fab")
    ui.tap(id="fab_event_label", text="Event")
    ui.tap(id="event_title")
    key = device.android.ime.keyboard.find("key_pos_ime_action")
    assert key is not None and key.content_desc == "Next"
    ui.tap_xy(*key.bounds.center)
    assert ui.find(id="event_location")["focused"] == "true"
