"""Incremental work gives exactly what a cold recomputation gives: partial redraws (only the
damaged tiles), cached measurements, display lists, dump fragments and text boxes."""

from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mobile_gym.sim.ui import (
    MATCH_PARENT,
    Button,
    CheckBox,
    EditText,
    LinearLayout,
    Rect,
    RecyclerView,
    TextView,
    Window,
    WindowManager,
    alert_dialog,
    dp,
    sp,
)

OPS = st.lists(st.tuples(st.sampled_from(["text", "check", "visibility", "scroll", "dialog",
                                          "press", "release", "color", "add", "remove", "focus",
                                          "type", "resize"]),
                         st.integers(0, 10_000), st.text(max_size=12)),
               min_size=1, max_size=10)


def _build() -> WindowManager:
    wm = WindowManager()
    root = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT, background=0xFFFFFFFF)
    head = LinearLayout("horizontal", width=MATCH_PARENT, height=dp(64), background=0xFFF1F3F4)
    head.add(TextView("Title", text_size=sp(20), width=0, weight=1), Button("Save"))
    root.add(head, EditText(hint="Name", width=MATCH_PARENT), CheckBox("All-day"))
    lst = RecyclerView(width=MATCH_PARENT, height=0, weight=1)
    for i in range(10):   # fits a full-height window, scrolls in a shorter one
        row = LinearLayout("vertical", width=MATCH_PARENT, padding=dp(12), clickable=True)
        row.add(TextView(f"Event {i}", text_size=sp(16)), TextView(f"{i:02d}:00", text_color=0xFF5F6368))
        lst.add_item(row)
    root.add(lst)
    wm.add(Window(root, package="com.example.app", kind="app"))
    return wm


def _apply(wm: WindowManager, op: str, n: int, s: str, now: float) -> None:
    root = wm.windows[0].root
    views = list(root.iter_tree())
    texts = [v for v in views if isinstance(v, TextView) and not isinstance(v, EditText)]
    lst = next(v for v in views if isinstance(v, RecyclerView))
    if op == "text":
        texts[n % len(texts)].text = s
    elif op == "check":
        cb = next(v for v in views if isinstance(v, CheckBox))
        cb.toggle()
    elif op == "visibility":
        v = views[1 + n % (len(views) - 1)]
        v.visibility = ("visible", "gone", "invisible")[n % 3]
    elif op == "scroll":
        lst.scroll_by(n % 1500 - 500)
    elif op == "dialog":
        dialogs = [w for w in wm.windows if w.kind == "dialog"]
        if dialogs:
            wm.remove(dialogs[0])
        else:
            wm.add(Window(alert_dialog(s or "Title", "Message", [("OK", None)]),
                          package="com.example.app", kind="dialog", dim_behind=bool(n % 2)))
    elif op == "press":
        if wm.pressed_view is None:
            wm.touch(n % 1080, (n * 7) % 2400, True, now)
    elif op == "release":
        g = wm.pressed_view
        wm.touch(n % 1080, (n * 7) % 2400, False, now) if g is not None else None
    elif op == "color":
        views[n % len(views)].background = 0xFF000000 | (n * 2654435761 & 0xFFFFFF)
    elif op == "add":
        lst.add_item(TextView(s or "new", width=MATCH_PARENT, height=dp(40)))
    elif op == "remove":
        if lst.children:
            lst.remove(lst.children[n % len(lst.children)])
    elif op == "focus":
        et = next(v for v in views if isinstance(v, EditText))
        et.request_focus() if n % 2 else et.clear_focus()
    elif op == "type":
        et = next(v for v in views if isinstance(v, EditText))
        et.commit_text(s)
    elif op == "resize":
        wm.windows[0].bounds = Rect(0, 0, 1080, 2400 - (n % 4) * 400)


def _cold(wm: WindowManager) -> WindowManager:
    """A copy with every cache dropped, including measurements: computed from scratch."""
    fresh = copy.deepcopy(wm)
    for w in fresh.windows:
        w._layout_dirty = True
        for v in w.root.iter_tree():
            v._ldirty = True
            v._lpending = True
            v._mspec = None
    return fresh


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(OPS)
def test_partial_redraw_equals_full_redraw(ops):
    wm = _build()
    wm.render((270, 600))
    wm.render((216, 480))
    now = 0.0
    for op, n, s in ops:
        now += 0.01
        try:
            _apply(wm, op, n, s, now)
        except ValueError:
            continue   # e.g. a release with no finger down
        inc = wm.render((270, 600))
        inc2 = wm.render((216, 480))
        fresh = _cold(wm)
        assert inc.tobytes() == fresh.render((270, 600)).tobytes(), op
        assert inc2.tobytes() == fresh.render((216, 480)).tobytes(), op
        assert wm.dump() == fresh.dump(), op
        assert wm.text_boxes() == fresh.text_boxes(), op
    assert wm.stats.frames_drawn >= 2


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(OPS, st.permutations(["frame", "dump", "boxes"])), min_size=1, max_size=4))
def test_reads_in_any_order_equal_a_cold_copy(steps):
    """The frame, the dump and the text boxes share one laid-out content key between changes:
    whichever is read first after a change, each equals what a cold copy computes."""
    wm = _build()
    now = 0.0
    for ops, order in steps:
        for op, n, s in ops:
            now += 0.01
            try:
                _apply(wm, op, n, s, now)
            except ValueError:
                continue
        fresh = _cold(wm)
        for what in order:
            if what == "frame":
                assert wm.render((270, 600)).tobytes() == fresh.render((270, 600)).tobytes()
            elif what == "dump":
                assert wm.dump() == fresh.dump()
            else:
                assert wm.text_boxes() == fresh.text_boxes()


def test_small_change_redraws_only_its_area():
    wm = _build()
    wm.render((270, 600))
    before = wm.stats
    title = wm.windows[0].root.find_text("Title")
    title.text = "Other"
    wm.render((270, 600))
    after = wm.stats
    assert after.frames_drawn == before.frames_drawn + 1
    assert after.partial_frames == before.partial_frames + 1
