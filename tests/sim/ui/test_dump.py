"""uiautomator dump: byte format, attribute order, visibility rules, a11y flags per widget."""

from __future__ import annotations

import re
from pathlib import Path

from mobile_gym.sim.ui import (
    MATCH_PARENT,
    Button,
    CheckBox,
    CheckedTextView,
    EditText,
    FrameLayout,
    ImageButton,
    ImageView,
    LinearLayout,
    ListView,
    RadioButton,
    RecyclerView,
    ScrollView,
    Spinner,
    Switch,
    TextView,
    View,
    ViewGroup,
    ViewPager,
    Window,
    dp,
)

from .conftest import ATTR_ORDER, PKG, bounds_of, node_by_id, nodes, parse, screen, show

DUMPS = Path(__file__).resolve().parents[2] / "fixtures" / "view_hierarchies"
# hand-written in the real classic format, independent of the simulator
CLASSIC = DUMPS / "classic_format.xml"
# written by scripts/make_test_fixtures.py from the simulator
GENERATED = ("launcher_home.xml", "calendar_month.xml", "markor_browser.xml", "markor_new_file_dialog.xml",
             "settings_main.xml")


def _attr_names(xml: str) -> list[list[str]]:
    return [re.findall(r'([\w-]+)="', tag) for tag in re.findall(r"<node [^>]*>", xml)]


def test_header_single_line_and_self_closing_leaves():
    xml = show(screen(TextView("Hi", id="t")))[0].dump()
    assert xml.startswith("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"
                          '<hierarchy rotation="0"><node index="0" text="" resource-id="" '
                          'class="android.widget.LinearLayout" package="com.example.app"')
    assert "\n" not in xml and xml.endswith("</node></hierarchy>")
    assert f'<node index="0" text="Hi" resource-id="{PKG}:id/t" class="android.widget.TextView"' in xml
    assert 'bounds="[0,0][' in xml and re.search(r'" />', xml)


def test_same_shape_as_real_dump_fixture():
    """Tags carry exactly the real attribute sequence; our output is parsed the same way."""
    real = CLASSIC.read_text(encoding="utf-8")
    ours = show(screen(TextView("Cook something new", id="onboarding_title"),
                       Button("START", id="onboarding_start")))[0].dump()
    assert {tuple(a) for a in _attr_names(real)} == {tuple(ATTR_ORDER)}
    assert {tuple(a) for a in _attr_names(ours)} == {tuple(ATTR_ORDER)}
    assert real[:80] == ours[:80]
    for xml in (real, ours):
        for n in nodes(xml):
            assert list(n.attrib) == ATTR_ORDER


def test_generated_device_dumps_have_the_real_shape():
    """The sim's whole-screen dumps: header, classic attributes (NAF first where it is written),
    no newline, one root per window."""
    real = CLASSIC.read_text(encoding="utf-8")
    for name in GENERATED:
        xml = (DUMPS / name).read_text(encoding="utf-8")
        assert xml[:80] == real[:80] and "\n" not in xml and xml.endswith("</hierarchy>"), name
        assert {tuple(a[1:] if a[0] == "NAF" else a) for a in _attr_names(xml)} == {tuple(ATTR_ORDER)}, name
        roots = parse(xml).findall("node")
        assert [r.get("index") for r in roots] == ["0"] * len(roots) and len(roots) >= 3, name
        assert roots[-1].get("package") == "com.android.systemui", name


def test_index_gaps_for_invisible_children_and_bounds_clipped():
    a, b, c = TextView("a", id="a"), TextView("b", id="b"), TextView("c", id="c")
    b.visibility = "invisible"
    wide = View(id="wide", width=2000, height=50)
    xml = show(screen(a, b, c, wide))[0].dump()
    assert node_by_id(xml, f"{PKG}:id/a").get("index") == "0"
    assert node_by_id(xml, f"{PKG}:id/c").get("index") == "2"
    assert not [n for n in nodes(xml) if n.get("resource-id") == f"{PKG}:id/b"]
    assert bounds_of(node_by_id(xml, f"{PKG}:id/wide"))[2] == 1080


def test_invalid_xml_characters_become_dots_and_specials_are_escaped():
    tv = TextView("a\x01b<&>\"c", id="t", content_desc="x\x1fy")
    xml = show(screen(tv))[0].dump()
    assert 'text="a.b&lt;&amp;&gt;&quot;c"' in xml
    assert 'content-desc="x.y"' in xml
    n = node_by_id(xml, f"{PKG}:id/t")
    assert n.get("text") == 'a.b<&>"c'


def test_naf_written_first_for_unlabelled_clickables():
    bare = ImageButton("add", id="fab")
    labelled = ImageButton("add", id="fab2", content_desc="New Event")
    row = LinearLayout(id="row", clickable=True)
    row.add(TextView("inside"))
    xml = show(screen(bare, labelled, row))[0].dump()
    assert re.search(r'<node NAF="true" index="\d+" text="" resource-id="com.example.app:id/fab"', xml)
    assert 'NAF="true" index="1"' not in xml
    assert len(re.findall("NAF", xml)) == 1


def test_widget_accessibility_flags():
    widgets = {
        "tv": TextView("t", id="tv"),
        "btn": Button("b", id="btn"),
        "et": EditText(id="et", hint="Title"),
        "cb": CheckBox("c", id="cb", checked=True),
        "sw": Switch("s", id="sw"),
        "rb": RadioButton("r", id="rb"),
        "iv": ImageView("add", id="iv"),
        "ib": ImageButton("add", id="ib", content_desc="Add"),
        "ctv": CheckedTextView("x", id="ctv"),
        "sp": Spinner(["Markdown", "Plain"], id="sp"),
    }
    xml = show(screen(*widgets.values()))[0].dump()
    expect = {  # checkable checked clickable focusable long-clickable
        "tv": "false false false false false", "btn": "false false true true false",
        "et": "false false true true true", "cb": "true true true true false",
        "sw": "true false true true false", "rb": "true false true true false",
        "iv": "false false false false false", "ib": "false false true true false",
        "ctv": "true false false false false", "sp": "false false true true false",
    }
    classes = {"tv": "TextView", "btn": "Button", "et": "EditText", "cb": "CheckBox",
               "sw": "Switch", "rb": "RadioButton", "iv": "ImageView", "ib": "ImageButton",
               "ctv": "CheckedTextView", "sp": "Spinner"}
    for key, flags in expect.items():
        n = node_by_id(xml, f"{PKG}:id/{key}")
        got = " ".join(n.get(a) for a in ("checkable", "checked", "clickable", "focusable",
                                          "long-clickable"))
        assert got == flags, key
        assert n.get("class") == "android.widget." + classes[key]
    spinner_text = [n for n in nodes(xml) if n.get("resource-id") == "android:id/text1"]
    assert spinner_text[0].get("text") == "Markdown"


def test_edittext_hint_password_and_focus_in_dump():
    et = EditText(id="et", hint="Title")
    pw = EditText(id="pw", input_type="textPassword")
    wm, win = show(screen(et, pw))
    xml = wm.dump()
    assert node_by_id(xml, f"{PKG}:id/et").get("text") == "Title"
    et.commit_text("Meeting")
    pw.commit_text("secret")
    et.request_focus()
    xml = wm.dump()
    n = node_by_id(xml, f"{PKG}:id/et")
    assert n.get("text") == "Meeting" and n.get("focused") == "true"
    p = node_by_id(xml, f"{PKG}:id/pw")
    assert p.get("password") == "true" and p.get("text") == "\u2022" * 6


def test_class_names_of_containers():
    xml = show(screen(ViewGroup(id="vg"), FrameLayout(id="fl"), ScrollView(id="sv"),
                      RecyclerView(id="rv"), ListView(id="lv"), ViewPager([View()], id="vp",
                                                                          height=100)))[0].dump()
    for rid, cls in (("vg", "android.view.ViewGroup"), ("fl", "android.widget.FrameLayout"),
                     ("sv", "android.widget.ScrollView"),
                     ("rv", "androidx.recyclerview.widget.RecyclerView"),
                     ("lv", "android.widget.ListView"), ("vp", "androidx.viewpager.widget.ViewPager")):
        assert node_by_id(xml, f"{PKG}:id/{rid}").get("class") == cls


def test_full_ids_kept_and_per_instance_class_override():
    v = TextView("Save", id="android:id/button1")
    w = TextView("", id="menu_save", content_desc="Save")
    w.a11y_class = "android.widget.Button"
    xml = show(screen(v, w))[0].dump()
    assert node_by_id(xml, "android:id/button1").get("text") == "Save"
    assert node_by_id(xml, f"{PKG}:id/menu_save").get("class") == "android.widget.Button"


def test_scrolled_out_children_absent_and_recycler_indices_restart():
    items = [TextView(f"Row {i}", id=f"row{i}", width=MATCH_PARENT, height=dp(50)) for i in range(100)]
    rv = RecyclerView(items, id="rv", width=MATCH_PARENT, height=MATCH_PARENT)
    wm, _ = show(screen(rv))
    xml = wm.dump()
    rows = [n for n in nodes(xml) if n.get("text", "").startswith("Row ")]
    assert rows[0].get("text") == "Row 0" and len(rows) < 100
    assert node_by_id(xml, f"{PKG}:id/rv").get("scrollable") == "true"
    rv.scroll_by(dp(50) * 10 + 30)
    xml = wm.dump()
    rows = [n for n in nodes(xml) if n.get("text", "").startswith("Row ")]
    assert rows[0].get("text") == "Row 10" and rows[0].get("index") == "0"
    assert bounds_of(rows[0])[1] == 0 and bounds_of(rows[0])[3] == dp(50) - 30


def test_the_dump_holds_the_active_window_only():
    wm, app = show(screen(TextView("app")))
    bar = LinearLayout(width=MATCH_PARENT, height=dp(24))
    bar.add(TextView("15:34"))
    wm.add(Window(bar, package="com.android.systemui", kind="status_bar", focusable=False))
    roots = list(parse(wm.dump()))
    assert [r.get("package") for r in roots] == [PKG] and "15:34" not in wm.dump()
    dlg = FrameLayout(width=MATCH_PARENT)
    dlg.add(TextView("dialog"))
    wm.add(Window(dlg, package=PKG, kind="dialog"))
    roots = list(parse(wm.dump()))
    assert len(roots) == 1 and roots[0].get("index") == "0"
    assert [n.get("text") for n in roots[0].iter("node") if n.get("text")] == ["dialog"]


def test_dump_cached_until_change():
    tv = TextView("a")
    wm, _ = show(screen(tv))
    first = wm.dump()
    assert wm.dump() is first
    built = wm.stats.dumps_built
    tv.text = "b"
    assert 'text="b"' in wm.dump() and wm.stats.dumps_built == built + 1
