"""Cost of the simulated device's operations and of an RL-style step loop.

Prints a table and writes benchmarks/results/sim_device.json. Targets (DESIGN.md, issue 2):
random-tap loop >= 1000 steps/s with a 270x600 screenshot and the hierarchy each step;
restore <= 5 ms; an unchanged screen is not redrawn.

    /work/venv/bin/python benchmarks/sim_device.py [--steps 3000]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from mobile_gym.apps import demo as demo_app
from mobile_gym.device.sim_device import SimDevice
from mobile_gym.sim.apps import default_apps
from mobile_gym.sim.apps.demo import NotesDemoApp

RESULTS = Path(__file__).resolve().parent / "results" / "sim_device.json"


def timed(fn: Callable[[], object], repeat: int, before: Callable[[], object] | None = None) -> dict[str, float]:
    """Median and mean milliseconds of `fn` (`before` runs untimed ahead of each call)."""
    samples, cpu = [], []
    for _ in range(repeat):
        if before is not None:
            before()
        t0, c0 = time.perf_counter(), time.process_time()
        fn()
        cpu.append((time.process_time() - c0) * 1e3)
        samples.append((time.perf_counter() - t0) * 1e3)
    # Wall time suffers when other jobs share the 2 cores; process CPU time shows our own cost.
    return {"median_ms": round(statistics.median(samples), 4), "mean_ms": round(statistics.fmean(samples), 4),
            "median_cpu_ms": round(statistics.median(cpu), 4), "repeat": repeat}


def open_notes(d: SimDevice) -> None:
    d.shell(f"am start -n {demo_app.APP.component}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--steps", type=int, default=3000)
    ap.add_argument("--repeat", type=int, default=50)
    args = ap.parse_args()
    apps = default_apps() + [NotesDemoApp]
    results: dict[str, object] = {"python": platform.python_version(), "machine": platform.machine(),
                                  "load_average_1min": round(os.getloadavg()[0], 2),
                                  "apps": [a.package for a in apps]}

    t0 = time.perf_counter()
    d = SimDevice(apps, seed=0)
    results["boot_ms"] = round((time.perf_counter() - t0) * 1e3, 2)
    open_notes(d)
    wm = d.android.wm
    field = d.android.wm.find("note_input")
    fx, fy = field.bounds.center
    d.touch(fx, fy, True)
    d.touch(fx, fy, False)
    d.key("BACK")  # keyboard hidden again; the field keeps focus

    def change() -> None:
        d.input_text("x")
        if len(field.text) > 20:
            field.text = ""

    r = args.repeat
    results["screenshot_full_changed"] = timed(lambda: d.screenshot(), r, change)
    results["screenshot_270x600_changed"] = timed(lambda: d.screenshot((270, 600)), r, change)
    d.screenshot()
    results["screenshot_full_unchanged"] = timed(lambda: d.screenshot(), r)
    d.screenshot((270, 600))
    drawn_before = wm.stats.frames_drawn
    for _ in range(10):
        d.screenshot((270, 600))
        d.screenshot()
        d.advance(0.1)  # time passing on a still screen changes nothing
    results["unchanged_screen_redraws_in_10_steps"] = wm.stats.frames_drawn - drawn_before
    results["view_hierarchy_changed"] = timed(lambda: d.view_hierarchy(), r, change)
    results["view_hierarchy_unchanged"] = timed(lambda: d.view_hierarchy(), r)
    cx, cy = d.android.wm.find("note_count").bounds.center

    def tap_noop() -> None:
        d.touch(cx, cy, True)
        d.touch(cx, cy, False)
    results["tap_no_op"] = timed(tap_noop, r)
    nx, ny = d.android.wm.find_text("Note 1").bounds.center

    def tap_open() -> None:
        d.touch(nx, ny, True)
        d.touch(nx, ny, False)
    results["tap_opening_activity"] = timed(tap_open, r, lambda: d.key("BACK") if "NoteActivity" in
                                            d.current_activity() else None)
    d.key("BACK")
    snap = d.snapshot()
    results["snapshot"] = timed(lambda: d.snapshot(), r)
    results["restore"] = timed(lambda: d.restore(snap), r)
    d.restore(snap)

    rng = np.random.default_rng(12345)
    w, h = d.screen_size
    steps = args.steps
    pts = np.stack([rng.integers(0, w, steps), rng.integers(0, h, steps)], axis=1)
    d.restore(snap)
    stats0 = wm.stats
    t0, c0 = time.perf_counter(), time.process_time()
    for x, y in pts:
        d.touch(int(x), int(y), True)
        d.touch(int(x), int(y), False)
        d.advance(0.1)
        d.screenshot((270, 600))
        d.view_hierarchy()
    elapsed = time.perf_counter() - t0
    cpu_elapsed = time.process_time() - c0
    stats1 = d.android.wm.stats
    results["random_tap_loop"] = {
        "steps": steps, "seconds": round(elapsed, 3), "steps_per_s": round(steps / elapsed, 1),
        "steps_per_cpu_s": round(steps / cpu_elapsed, 1),
        "frames_drawn": stats1.frames_drawn - stats0.frames_drawn,
        "frames_cached": stats1.frames_cached - stats0.frames_cached,
        "final_activity": d.current_activity(),
    }
    d.close()

    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")
    for k, v in results.items():
        print(f"{k:32s} {v}")
    print(f"wrote {RESULTS}")


if __name__ == "__main__":
    main()
