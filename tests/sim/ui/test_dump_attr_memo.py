"""A node's attributes follow its view however often the same values come back (the attribute
text is memoised by value) and whatever the length of its text (long texts are not memoised)."""

from __future__ import annotations

from mobile_gym.sim.ui import CheckBox, TextView

from .conftest import PKG, node_by_id, screen, show


def test_attributes_follow_each_change_of_text_and_state():
    label = TextView("Inbox", id="label")
    box = CheckBox("Keep", id="keep")
    wm, _ = show(screen(label, box))
    long_text = "a note line & <more> " * 40
    for text, checked in [("Inbox", False), (long_text, True), ("Inbox", True), (long_text, False),
                          ("Inbox", False)]:
        label.text = text
        box.checked = checked
        xml = wm.dump()
        assert node_by_id(xml, f"{PKG}:id/label").get("text") == text
        assert node_by_id(xml, f"{PKG}:id/keep").get("checked") == ("true" if checked else "false")


def test_two_windows_of_other_packages_with_the_same_views_name_their_own_package():
    first, _ = show(screen(TextView("Same", id="same")), package="com.example.one")
    second, _ = show(screen(TextView("Same", id="same")), package="com.example.two")
    one = node_by_id(first.dump(), "com.example.one:id/same")
    two = node_by_id(second.dump(), "com.example.two:id/same")
    assert (one.get("package"), two.get("package")) == ("com.example.one", "com.example.two")
