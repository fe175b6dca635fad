"""Cost of driving a simulated device through adb-serve (adbutils and AdbDevice over loopback TCP).

Prints a table and writes benchmarks/results/adb_serve.json: median/p90 milliseconds for an
adbutils `shell()` round trip, `shell2(v2=True)`, a PNG screenshot (`screencap -p`, decoded),
`dump_hierarchy()`, a 1 MiB push and pull, AdbDevice touch/screenshot/view_hierarchy, and the
same operations called on the SimDevice directly for comparison; plus 8 threads x 20 shells.

    /work/venv/bin/python benchmarks/adb_serve.py [--repeat 30]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from mobile_gym.bench import write_results

RESULTS = Path(__file__).resolve().parent / "results" / "adb_serve.json"


def timed(fn: Callable[[], object], repeat: int) -> dict[str, float]:
    fn()  # warm up
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1e3)
    samples.sort()
    return {"median_ms": round(statistics.median(samples), 2),
            "p90_ms": round(samples[int(0.9 * (len(samples) - 1))], 2), "n": repeat}


def main(repeat: int) -> dict[str, object]:
    os.environ["ADBUTILS_ADB_PATH"] = "/bin/false"  # never start a real adb server
    os.environ["HOME"] = tempfile.mkdtemp(prefix="adb_serve_bench_")
    import adbutils

    from mobile_gym.adb_serve import AdbServer
    from mobile_gym.device.adb_device import AdbDevice
    from mobile_gym.device.sim_device import SimDevice

    sim = SimDevice(seed=0)
    results: dict[str, object] = {"python": platform.python_version(), "machine": platform.machine(),
                                  "cpus": os.cpu_count(), "adbutils": adbutils.__version__, "repeat": repeat}
    with AdbServer({"emulator-5554": sim}, clock=0.0) as server:
        dev = adbutils.AdbClient(host="127.0.0.1", port=server.port).device("emulator-5554")
        blob = os.urandom(1 << 20)
        results["adbutils_shell_echo"] = timed(lambda: dev.shell("echo hi"), repeat)
        results["adbutils_shell2_v2_echo"] = timed(lambda: dev.shell2("echo hi", v2=True), repeat)
        results["adbutils_screenshot_png"] = timed(lambda: dev.screenshot(error_ok=False), repeat)
        results["adbutils_dump_hierarchy"] = timed(lambda: dev.dump_hierarchy(), repeat)
        results["adbutils_push_1MiB"] = timed(lambda: dev.sync.push(blob, "/data/local/tmp/blob"), repeat)
        results["adbutils_pull_1MiB"] = timed(lambda: dev.sync.read_bytes("/data/local/tmp/blob"), repeat)
        adb_dev = AdbDevice("emulator-5554", host="127.0.0.1", port=server.port, retries=1,
                            sleep=lambda s: server.advance("emulator-5554", s))
        results["adbdevice_touch_down_up"] = timed(
            lambda: (adb_dev.touch(540, 1200, True), adb_dev.touch(540, 1200, False)), repeat)
        results["adbdevice_screenshot_270x600"] = timed(lambda: adb_dev.screenshot((270, 600)), repeat)
        results["adbdevice_view_hierarchy"] = timed(lambda: adb_dev.view_hierarchy(), repeat)
        results["direct_sim_screenshot_full"] = timed(lambda: sim.screenshot(), repeat)
        results["direct_sim_view_hierarchy"] = timed(lambda: sim.view_hierarchy(), repeat)
        results["direct_sim_screencap_png"] = timed(lambda: sim.android.shell_bytes("screencap -p"), repeat)

        errors: list[BaseException] = []

        def worker() -> None:
            try:
                for _ in range(20):
                    assert dev.shell("echo hi") == "hi"
            except BaseException as exc:  # noqa: BLE001 - reported below
                errors.append(exc)

        threads = [threading.Thread(target=worker) for _ in range(8)]
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        results["threads8_x_shell20_s"] = round(time.perf_counter() - t0, 3)
        results["threads8_errors"] = len(errors)
        results["server_errors"] = len(server.errors)
    sim.close()
    return results


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    out = main(parser.parse_args().repeat)
    for key, value in out.items():
        print(f"{key:32s} {value}")
    write_results(RESULTS, out)
