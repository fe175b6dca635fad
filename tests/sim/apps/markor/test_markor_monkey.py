"""Random touches, keys and text on Markor and Settings never crash the apps (seeded, so
deterministic): bad input is handled as the real apps do."""

from __future__ import annotations

import random

import pytest

from mobile_gym.device.sim_device import SimDevice

NB = "/storage/emulated/0/Documents/Markor"
TEXTS = ["", " ", "a", "note", "x/y:z", "..", "../up", "a\nb", "\u2603 snow", "#@$%", "  pad  "]


@pytest.mark.parametrize("app", ["Markor", "Settings"])
def test_monkey_never_crashes(app: str, ui_factory) -> None:
    rng = random.Random(f"monkey:{app}")
    with SimDevice() as device:
        device.push(f"{NB}/Folder A/inner.md", b"inner")
        device.push(f"{NB}/note.md", b"hello")
        ui = ui_factory(device)
        ui.tap(desc=app)
        package = device.current_activity().split("/")[0]
        w, h = device.screen_size
        for _ in range(250):
            r = rng.random()
            if r < 0.6:
                x, y = rng.randrange(w), rng.randrange(60, h - 130)
                device.touch(x, y, True)
                device.advance(rng.choice([0.05, 0.05, 0.7]))
                device.touch(x, y, False)
            elif r < 0.75:
                device.input_text(rng.choice(TEXTS))
            elif r < 0.85:
                device.key(rng.choice(["DEL", "ENTER", "BACK"]))
            else:
                x, y = rng.randrange(w), rng.randrange(600, h - 300)
                for i in range(6):
                    device.touch(x, y - i * 80, True)
                    device.advance(0.02)
                device.touch(x, y - 480, False)
            device.advance(0.3)
            if package not in device.current_activity():
                ui.tap(desc=app)
        fatal = [line for line in device.logcat() if line.tag == "AndroidRuntime" and line.priority == "E"]
        assert not fatal, "\n".join(line.message for line in fatal[:40])
