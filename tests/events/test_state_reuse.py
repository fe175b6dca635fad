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
        self.looks = 0  # state_version calls

    def state_version(self, *args: Any) -> Any:
        self.looks += 1
        return self.device.state_version(*args)

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


def reads_and_looks(task: str) -> list[tuple[int, int]]:
    """(reads, state_version calls) of each step: two unchanged, the note written, unchanged."""
    with SimDevice() as sim:
        device = CountingDevice(sim)
        engine = EventEngine(from_text(task))
        engine.reset(device=device)
        d = Driver(engine)
        counts = []
        for write in (False, False, True, False):
            if write:
                sim.push(NOTE, b"done")
            reads, looks = device.reads, device.looks
            d.step(device=device)
            counts.append((device.reads - reads, device.looks - looks))
        return counts


def test_live_checks_share_one_look_per_step_and_only_a_changed_one_reads():
    both = reads_and_looks(TASK)
    file_only = reads_and_looks(TASK.replace("event_sources { id: 2", "# ", 1).replace(
        "events { event { events { id: 2 } transformation: \"y = 10\" } }", ""))
    assert file_only[2][1] == 1  # a lone check looks at its own reads
    # two checks: one shared look when nothing changed; after the write, the shared look and
    # each check's own look, and only the file check reads
    assert both[1] == both[3] == (0, 1)
    assert both[2] == (file_only[2][0], 3)
