"""Property test over generated screens: dump bounds agree with hit testing, the XML parses
and every node carries the real attributes in the real order."""

from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from mobile_gym.sim.ui import (
    MATCH_PARENT,
    WRAP_CONTENT,
    Button,
    CheckBox,
    EditText,
    FrameLayout,
    ImageButton,
    ImageView,
    LinearLayout,
    ScrollView,
    Switch,
    TextView,
    View,
)

from .conftest import ATTR_ORDER, PKG, bounds_of, nodes, parse, show

SIZES = st.one_of(st.just(MATCH_PARENT), st.just(WRAP_CONTENT), st.just(WRAP_CONTENT),
                  st.integers(0, 700))
TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=24)

leaf = st.tuples(st.just("leaf"),
                 st.sampled_from(["text", "ctext", "button", "button", "check", "switch", "image",
                                  "imagebutton", "imagebutton", "edit", "view"]),
                 TEXT, SIZES, SIZES,
                 st.sampled_from(["visible"] * 6 + ["invisible", "gone"]),
                 st.integers(0, 3))


def _containers(children):
    return st.one_of(
        st.tuples(st.just("linear"), st.sampled_from(["vertical", "horizontal"]), SIZES, SIZES,
                  st.integers(0, 40), st.sampled_from(["start|top", "center", "end|bottom"]),
                  st.lists(children, min_size=1, max_size=5)),
        st.tuples(st.just("scroll"), SIZES, st.integers(0, 3000), st.lists(children, min_size=1, max_size=5)),
        st.tuples(st.just("frame"), SIZES, SIZES, st.integers(0, 30), children),
    )


SPEC = st.recursive(leaf, _containers, max_leaves=20)


def build(spec, clickables: list[View], log: list[str]) -> View:
    kind = spec[0]
    if kind == "leaf":
        _, what, text, w, h, vis, weight = spec
        i = len(clickables)
        rid = f"c{i}"
        cb = (lambda rid=rid: log.append(rid))
        common = dict(width=w, height=h, visibility=vis, weight=weight if w == 0 or h == 0 else 0)
        if what == "text":
            v = TextView(text, **common)
        elif what == "ctext":
            v = TextView(text, id=rid, clickable=True, on_click=cb, **common)
        elif what == "button":
            v = Button(text, id=rid, on_click=cb, **common)
        elif what == "check":
            v = CheckBox(text, id=rid, on_click=cb, **common)
        elif what == "switch":
            v = Switch(text, id=rid, on_click=cb, **common)
        elif what == "image":
            v = ImageView("add", **common)
        elif what == "imagebutton":
            v = ImageButton("search", id=rid, content_desc=text, on_click=cb, **common)
        elif what == "edit":
            v = EditText(text, id=rid, hint="hint", on_click=cb, **common)
        else:
            v = View(**common)
        if v.clickable:
            clickables.append(v)
        return v
    if kind == "linear":
        _, orient, w, h, pad, grav, kids = spec
        v = LinearLayout(orient, width=w, height=h, padding=pad, gravity=grav)
    elif kind == "scroll":
        _, h, amount, kids = spec
        v = ScrollView(width=MATCH_PARENT, height=h)
        inner = LinearLayout("vertical", width=MATCH_PARENT)
        v.add(inner)
        for k in kids:
            inner.add(build(k, clickables, log))
        v._test_scroll = amount
        return v
    else:
        _, w, h, pad, kid = spec
        v = FrameLayout(width=w, height=h, padding=pad)
        kids = [kid]
    for k in kids:
        v.add(build(k, clickables, log))
    return v


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SPEC)
def test_dump_bounds_agree_with_hit_testing(spec):
    clickables: list[View] = []
    log: list[str] = []
    content = build(spec, clickables, log)
    root = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT)
    root.add(content)
    wm, _ = show(root)
    for v in root.iter_tree():
        if isinstance(v, ScrollView):
            v.scroll_to(v._test_scroll)
    xml = wm.dump()
    tree = parse(xml)
    assert tree.tag == "hierarchy" and tree.get("rotation") == "0"
    all_nodes = nodes(xml)
    for n in all_nodes:
        names = list(n.attrib)
        assert names == ATTR_ORDER or names == ["NAF"] + ATTR_ORDER
        l, t, r, b = bounds_of(n)
        assert 0 <= l <= r <= 1080 and 0 <= t <= b <= 2400
        parent = n.getparent()
        if parent.tag == "node":
            pl, pt, pr, pb = bounds_of(parent)
            assert pl <= l and pt <= t and r <= pr and b <= pb
    wm.render((270, 600))
    now = 0.0
    tapped = 0
    for n in all_nodes:
        rid = n.get("resource-id")
        if n.get("clickable") != "true" or not rid.startswith(f"{PKG}:id/c"):
            continue
        l, t, r, b = bounds_of(n)
        if r <= l or b <= t:
            continue
        log.clear()
        x, y = (l + r) // 2, (t + b) // 2
        wm.touch(x, y, True, now)
        wm.touch(x, y, False, now + 0.05)
        now += 1.0
        assert log == [rid.split("/")[-1]], (rid, (x, y), log)
        tapped += 1
    event(f"clickable nodes tapped: {min(tapped, 5)}{'+' if tapped >= 5 else ''}")
    assert len(wm.windows) == 1
