"""Benchmark of the sim view toolkit (mobile_gym.sim.ui): render, dump and the device-loop
"random tap + 270x600 screenshot + hierarchy dump". Prints and writes
benchmarks/results/ui_render.json."""

from __future__ import annotations

import json
import random
import statistics
import time
from pathlib import Path

from mobile_gym.apps.calendar import PACKAGE as CALENDAR
from mobile_gym.sim.ui import (
    MATCH_PARENT,
    Button,
    CheckBox,
    EditText,
    ImageButton,
    LinearLayout,
    RecyclerView,
    Switch,
    TextView,
    Window,
    WindowManager,
    alert_dialog,
    dp,
    sp,
)


def build_screen(wm: WindowManager) -> dict:
    """A typical app screen: toolbar, a form, a 60-row list, a FAB-like button (~150 views)."""
    state = {"clicks": 0}

    def bump() -> None:
        state["clicks"] += 1
        counter.text = f"Clicked {state['clicks']} times"

    root = LinearLayout("vertical", width=MATCH_PARENT, height=MATCH_PARENT, background=0xFFFFFFFF)
    bar = LinearLayout("horizontal", width=MATCH_PARENT, height=dp(64), background=0xFFF1F3F4,
                       gravity="center_vertical")
    bar.add(ImageButton("menu", content_desc="Open drawer"),
            TextView("Calendar", text_size=sp(22), width=0, weight=1),
            ImageButton("search", content_desc="Search", on_click=bump),
            ImageButton("more_vert", content_desc="More options"))
    root.add(bar)
    counter = TextView("Clicked 0 times", padding=dp(16))
    root.add(counter)
    root.add(EditText(hint="Title", width=MATCH_PARENT, single_line=True))
    row = LinearLayout("horizontal", width=MATCH_PARENT)
    row.add(CheckBox("All-day", width=0, weight=1), Switch("Remind", width=0, weight=1))
    root.add(row)
    lst = RecyclerView(width=MATCH_PARENT, height=0, weight=1)
    for i in range(60):
        item = LinearLayout("vertical", width=MATCH_PARENT, padding=(dp(16), dp(8)), clickable=True,
                            on_click=bump)
        item.add(TextView(f"Event number {i}", text_size=sp(16)),
                 TextView(f"{10 + i % 12:02d}:00 - {11 + i % 12:02d}:30", text_size=sp(14),
                          text_color=0xFF5F6368))
        lst.add_item(item)
    root.add(lst)
    root.add(Button("New event", on_click=bump, margin=dp(16)))
    wm.add(Window(root, package=CALENDAR, kind="app"))
    return state


def bench(fn, n: int, repeats: int = 5) -> float:
    """Median over `repeats` blocks of the mean time per call (the machine is shared)."""
    per = []
    for _ in range(repeats):
        t = time.perf_counter()
        for _ in range(n):
            fn()
        per.append((time.perf_counter() - t) / n)
    return statistics.median(per)


def main() -> None:
    results: dict[str, float] = {}
    wm = WindowManager()
    build_screen(wm)
    n_views = sum(1 for w in wm.windows for _ in w.root.iter_tree())
    results["views"] = n_views
    wm.render((270, 600))
    wm.dump()
    results["render_270x600_cached_us"] = bench(lambda: wm.render((270, 600)), 2000) * 1e6
    results["dump_cached_us"] = bench(wm.dump, 2000) * 1e6

    counter = wm.windows[0].root.children[1]
    k = [0]

    def changed_small() -> None:
        k[0] += 1
        counter.text = f"Clicked {k[0]} times"
        wm.render((270, 600))
    results["render_270x600_changed_us"] = bench(changed_small, 500) * 1e6

    def changed_full() -> None:
        k[0] += 1
        counter.text = f"Clicked {k[0]} times"
        wm.render()
    results["render_1080x2400_changed_ms"] = bench(changed_full, 30) * 1e3

    lst = wm.windows[0].root.children[4]
    direction = [1]

    def scrolled_small() -> None:
        if lst.scroll_by(15 * direction[0]) == 0:
            direction[0] = -direction[0]
        wm.render((270, 600))
    results["render_270x600_list_scrolled_us"] = bench(scrolled_small, 300) * 1e6

    def changed_dump() -> None:
        k[0] += 1
        counter.text = f"Clicked {k[0]} times"
        wm.dump()
    results["dump_changed_us"] = bench(changed_dump, 300) * 1e6

    def changed_text_boxes() -> None:
        k[0] += 1
        counter.text = f"Clicked {k[0]} times"
        wm.text_boxes()
    results["text_boxes_changed_us"] = bench(changed_text_boxes, 300) * 1e6

    # the device loop: random tap (down+up), 270x600 screenshot, hierarchy dump
    rng = random.Random(0)
    now = [100.0]

    def step() -> None:
        x, y = rng.randrange(1080), rng.randrange(2400)
        wm.touch(x, y, True, now[0])
        wm.touch(x, y, False, now[0] + 0.05)
        now[0] += 0.1
        wm.render((270, 600))
        wm.dump()
    step()
    s0 = wm.stats
    n = 1000
    per_step = bench(step, n)
    s1 = wm.stats
    results["loop_steps_per_s"] = 1.0 / per_step
    results["loop_frames_drawn_fraction"] = (s1.frames_drawn - s0.frames_drawn) / (5 * n)
    results["loop_dumps_built_fraction"] = (s1.dumps_built - s0.dumps_built) / (5 * n)
    results["loop_partial_frames_fraction"] = (s1.partial_frames - s0.partial_frames) / (5 * n)

    # with a dialog on top (dim + two windows)
    wm.add(Window(alert_dialog("Delete event?", "This cannot be undone.",
                               [("Yes", None), ("No", None)]), package=CALENDAR,
                  kind="dialog", dim_behind=True))
    results["render_270x600_with_dialog_changed_us"] = bench(changed_small, 300) * 1e6

    for key, v in results.items():
        print(f"{key:45s} {v:12.1f}")
    out = Path(__file__).resolve().parent / "results" / "ui_render.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({k: round(v, 3) for k, v in results.items()}, indent=2) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
