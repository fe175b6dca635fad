"""A restored SimDevice is indistinguishable from a fresh one that ran the same actions.

Property: run actions P on a device, snapshot, run an episode Q (random touches, keys, text,
time, shell writes to files, settings and databases), restore, then run actions R. A fresh
device that ran P then R must show exactly the same thing at every step of R: activity, dumps
(active window and every window), frames, storage (names, sizes, device times, modes, bytes),
settings, clock, processes (pids come from the device's random state) and logcat lines. A
second episode and restore (the env restores one snapshot many times) must change nothing.
"""

from __future__ import annotations

import hashlib

from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.device.sim_device import SimDevice

W, H = 1080, 2400
_SHELL = (
    "settings put system screen_brightness 77",
    "settings put global wifi_on 0",
    "touch /sdcard/Download/t.txt",
    "echo note > /sdcard/Documents/n.md",
    "rm -rf /sdcard/Download",
    "mkdir -p /data/local/tmp/a/b",
    "echo x >> /data/local/tmp/a/b/c.txt",
    "chmod 600 /sdcard/Documents",
    "mv /sdcard/Documents /sdcard/Docs",
    "sqlite3 /data/local/tmp/t.db 'CREATE TABLE IF NOT EXISTS t (v); INSERT INTO t VALUES (1)'",
    "am start -n com.android.settings/.Settings",
    "am force-stop com.android.settings",
    "input keyevent KEYCODE_HOME",
)

_action = st.one_of(
    st.tuples(st.just("tap"), st.integers(0, W - 1), st.integers(0, H - 1)),
    st.tuples(st.just("swipe"), st.integers(0, W - 1), st.integers(300, H - 300), st.integers(-900, 900)),
    st.tuples(st.just("key"), st.sampled_from(("BACK", "HOME", "APP_SWITCH", "ENTER", "DEL"))),
    st.tuples(st.just("text"), st.sampled_from(("hi", "Bob 3"))),
    st.tuples(st.just("advance"), st.sampled_from((0.3, 2.0))),
    st.tuples(st.just("shell"), st.sampled_from(_SHELL)),
)
_actions = st.lists(_action, max_size=8)


def _act(device: SimDevice, action: tuple) -> None:
    kind = action[0]
    if kind == "tap":
        device.touch(action[1], action[2], True)
        device.touch(action[1], action[2], False)
    elif kind == "swipe":
        x, y, dy = action[1:]
        device.touch(x, y, True)
        device.advance(0.05)
        device.touch(x, max(0, min(H - 1, y + dy)), True)
        device.touch(x, max(0, min(H - 1, y + dy)), False)
    elif kind == "key":
        device.key(action[1])
    elif kind == "text":
        device.input_text(action[1])
    elif kind == "advance":
        device.advance(action[1])
    else:
        device.shell(action[1])
    device.advance(0.1)


def _tree(device: SimDevice, path: str) -> list:
    out = []
    for entry in device.list_dir(path):
        child = f"{path.rstrip('/')}/{entry.name}"
        out.append((child, entry.is_dir, entry.size, entry.mtime))
        out.extend(_tree(device, child) if entry.is_dir else [device.pull(child)])
    return out


def _observe(device: SimDevice) -> tuple:
    frame = device.screenshot((108, 240))
    return (device.current_activity(), device.view_hierarchy(), device.accessibility_forest(),
            hashlib.sha1(frame.tobytes()).hexdigest(), _tree(device, "/data"), _tree(device, "/sdcard"),
            device.shell("ls -l /sdcard /data/local/tmp")[1],
            [device.shell(f"settings list {ns}")[1] for ns in ("system", "global", "secure")],
            device.shell("date +%s.%N")[1], device.shell("ps -A")[1],
            [(ln.pid, ln.tag, ln.message) for ln in device.logcat()])


def _run(device: SimDevice, actions: list) -> list:
    seen = []
    for action in actions:
        _act(device, action)
        seen.append(_observe(device))
    return seen


@settings(max_examples=15, deadline=None)
@given(prefix=_actions, episode=_actions, second=_actions, after=_actions)
def test_restore_equals_a_fresh_device_that_skipped_the_episodes(prefix, episode, second, after):
    live, fresh = SimDevice(seed=4), SimDevice(seed=4)
    try:
        for device in (live, fresh):
            _run(device, prefix)
            device.logcat()
        snap = live.snapshot()
        _run(live, episode)
        live.restore(snap)
        _run(live, second)
        live.restore(snap)
        assert _observe(live) == _observe(fresh)
        assert _run(live, after) == _run(fresh, after)
    finally:
        live.close()
        fresh.close()
