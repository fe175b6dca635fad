"""A state check reads the device only when what it reads changed (sim), every step otherwise."""

from __future__ import annotations

from typing import Any

from events_helpers import Driver, from_text

from mobile_gym.device.sim_device import SimDevice
from mobile_gym.events import EventEngine
from mobile_gym.events.engine import EngineOptions

NOTE = "/sdcard/Documents/note.md"
TASK = f"""
event_sources {{ id: 1 repeatability: UNLIMITED state_event {{ file {{ path: "{NOTE}" equals: "done" }} }} }}
event_sources {{ id: 2 repeatability: UNLIMITED state_event {{ setting {{ namespace: GLOBAL key: "wifi_on" value {{ expected: "0" }} }} }} }}
event_slots {{ score_listener {{ type: OR
  events {{ event {{ events {{ id: 1 }} transformation: "y = 1" }} }}
  events {{ event {{ events {{ id: 2 }} transformation: "y = 10" }} }} }} }}
"""


class CountingDevice:
    """A SimDevice that counts the reads state checks make (pull, list_dir, shell)."""

    def __init__(self, device: SimDevice) -> None:
        self.device = device
        self.reads = 0

    def pull(self, path: str) -> bytes:
        self.reads += 1
        return self.device.pull(path)

    def list_dir(self, path: str) -> Any:
        self.reads += 1
        return self.device.list_dir(path)

    def shell(self, cmd: str) -> Any:
        self.reads += 1
        return self.device.shell(cmd)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.device, name)


def run(options: EngineOptions | None = None) -> tuple[list[float], list[int]]:
    with SimDevice() as sim:
        device = CountingDevice(sim)
        engine = EventEngine(from_text(TASK), options=options)
        engine.reset(device=device)
        d = Driver(engine)
        scores, reads = [], []

        def step() -> None:
            before = device.reads
            scores.append(d.step(device=device).score)
            reads.append(device.reads - before)

        step()
        step()                                      # nothing changed
        sim.push(NOTE, b"done")
        step()                                      # the file check runs again
        step()
        sim.shell("settings put global wifi_on 0")
        step()                                      # the setting check runs again
        sim.push("/sdcard/Documents/other.md", b"x")  # another file in the same folder
        step()
        return scores, reads


def test_checks_run_only_when_what_they_read_changed():
    scores, reads = run()
    assert scores == [0.0, 0.0, 1.0, 1.0, 10.0, 10.0]
    assert reads[1] == reads[3] == reads[5] == 0
    assert reads[0] > 0 and reads[2] > 0 and reads[4] > 0


def test_always_evaluate_reads_every_step_with_the_same_results():
    scores, reads = run(EngineOptions(reuse_unchanged_state=False))
    assert scores == run()[0]
    assert all(n > 0 for n in reads)
