"""Env steps/s on backend="adb" through adb-serve in this process, and per-operation latency.

An AdbServer serves one SimDevice on 127.0.0.1 (an ephemeral port, clock=0.0 so waits are
device time). MobileEnv(backend="adb") talks to it over loopback TCP with random actions.
Per-op medians (ms): a raw socket `host:version` request (connect, request, reply, close: the
floor any adb request pays), an AdbDevice shell round trip (`echo hi`), screenshot at the obs
size, view_hierarchy, logcat (each after an `advance(0)`, so each fetches; with the batched
reads the first read of a step fetches all parts that the previous step read), a touch
down+up, a whole observation (advance + the three reads), a second screenshot in the same step
(answered from the batch), a screenshot of a screen that changed since the previous one (the
other screenshot rows see an unchanged screen, whose bands are compared, not resized), and the
same reads on the SimDevice directly; the overhead column is op - raw `host:version`.

With --server-process the env also runs against `mobile-gym adb-serve` in a process of its own
(`--clock real`, as a phone: device time is the wall time between requests, and the env does
not sleep between its action and its reads), so client and device work side by side as they do
with a real phone; that row reports the client's and the server's CPU ms per step apart.

Prints a table and writes benchmarks/results/adb_backend.json.
    python benchmarks/adb_backend.py [--task OpenApp] [--steps 300] [--repeat 30] [--profile]
                                     [--obs-keys pixels,view_hierarchy,instruction]
                                     [--server-process]
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
if not os.environ.get("PYTHONPATH"):  # PYTHONPATH, when set, picks the code under test (old vs new)
    sys.path.insert(0, str(HERE.parent))

from mobile_gym.bench import write_results  # noqa: E402

RESULTS = HERE / "results" / "adb_backend.json"
SERIAL = "emulator-5554"


def timed(fn: Callable[[], object], repeat: int) -> float:
    """Median milliseconds of `fn()` over `repeat` calls (after one warm-up call)."""
    fn()
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1e3)
    return round(statistics.median(samples), 3)


def timed_after(prepare: Callable[[int], object], fn: Callable[[], object], repeat: int) -> float:
    """Median milliseconds of `fn()` over `repeat` calls, each after an untimed `prepare(i)`."""
    prepare(0)
    fn()
    samples = []
    for i in range(1, repeat + 1):
        prepare(i)
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1e3)
    return round(statistics.median(samples), 3)


def raw_host_version(port: int) -> None:
    """One `host:version` request on a fresh socket, read to the end."""
    with socket.create_connection(("127.0.0.1", port), timeout=5.0) as sock:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.sendall(b"000chost:version")
        got = b""
        while len(got) < 12:
            chunk = sock.recv(64)
            if not chunk:
                break
            got += chunk
    if not got.startswith(b"OKAY"):
        raise RuntimeError(f"host:version answered {got!r}")


def process_cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process `pid` so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def env_against_server_process(task: str, steps: int,
                               obs_keys: tuple[str, ...]) -> dict[str, object]:
    """measure_env with adb-serve in its own process (clock real); CPU per step of each side."""
    from mobile_gym.bench import measure_env
    from mobile_gym.env import MobileEnv

    server = subprocess.Popen(
        [sys.executable, "-m", "mobile_gym.adb_serve", "--port", "0", "--clock", "real"],
        stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        banner = server.stdout.readline()
        found = re.search(r" on [0-9.]+:(\d+) ", banner)
        if found is None:
            raise RuntimeError(f"adb-serve did not start: {banner!r}")
        kwargs = {"host": "127.0.0.1", "port": int(found.group(1)), "retries": 1,
                  "sleep": lambda _seconds: None}
        server0, client0 = process_cpu_seconds(server.pid), time.process_time()
        row = measure_env(lambda: MobileEnv(task, backend="adb", serial=SERIAL,
                                            device_kwargs=kwargs, obs_keys=obs_keys), steps)
        row["client_cpu_ms_per_step"] = round(1e3 * (time.process_time() - client0) / steps, 2)
        row["server_cpu_ms_per_step"] = round(
            1e3 * (process_cpu_seconds(server.pid) - server0) / steps, 2)
        return row
    finally:
        server.terminate()
        server.wait(timeout=30)


def main(task: str, steps: int, repeat: int, profile: bool,
         obs_keys: tuple[str, ...] = ("pixels", "view_hierarchy", "instruction"),
         server_process: bool = False) -> dict[str, object]:
    os.environ["ADBUTILS_ADB_PATH"] = "/bin/false"  # never start a real adb server
    os.environ.setdefault("HOME", tempfile.mkdtemp(prefix="adb_backend_bench_"))
    from mobile_gym.adb_serve import AdbServer
    from mobile_gym.bench import measure_env
    from mobile_gym.device.adb_device import AdbDevice
    from mobile_gym.device.sim_device import SimDevice
    from mobile_gym.env import MobileEnv

    sim = SimDevice(seed=0)
    out: dict[str, object] = {"python": platform.python_version(), "machine": platform.machine(),
                              "cpus": os.cpu_count(), "load_avg_1m": round(os.getloadavg()[0], 2),
                              "task": task, "steps": steps, "repeat": repeat,
                              "obs_keys": list(obs_keys)}
    with AdbServer({SERIAL: sim}, clock=0.0) as server:
        port = server.port

        def advance(seconds: float) -> None:
            server.advance(SERIAL, seconds)

        kwargs = {"host": "127.0.0.1", "port": port, "retries": 1, "sleep": advance}

        def make_env() -> MobileEnv:
            return MobileEnv(task, backend="adb", serial=SERIAL, device_kwargs=kwargs,
                             obs_keys=obs_keys)

        if profile:
            from pyinstrument import Profiler

            profiler = Profiler(interval=0.0005)
            profiler.start()
            measure_env(make_env, max(steps // 5, 20))
            profiler.stop()
            print(profiler.output_text(unicode=False, color=False, show_all=False))
        cpu0, client0 = time.process_time(), time.thread_time()
        out["env"] = env = measure_env(make_env, steps)
        # CPU seconds of this process (client and in-process server) per step: the load on a
        # shared machine stretches wall time, not this. The env runs in this thread, adb-serve
        # in its connection threads, so the two sides split as this thread / the rest.
        cpu, client = time.process_time() - cpu0, time.thread_time() - client0
        env["cpu_ms_per_step"] = round(1e3 * cpu / steps, 2)
        env["client_cpu_ms_per_step"] = round(1e3 * client / steps, 2)
        env["server_cpu_ms_per_step"] = round(1e3 * (cpu - client) / steps, 2)

        dev = AdbDevice(SERIAL, **kwargs)
        ops = {
            "raw_host_version": lambda: raw_host_version(port),
            "shell_echo": lambda: dev.shell("echo hi"),
            # advance(0) first: a write, so each read below fetches from the server
            "screenshot_270x600": lambda: (dev.advance(0.0), dev.screenshot((270, 600))),
            "view_hierarchy": lambda: (dev.advance(0.0), dev.view_hierarchy()),
            "logcat": lambda: (dev.advance(0.0), dev.logcat()),
            "touch_down_up": lambda: (dev.touch(540, 1200, True), dev.touch(540, 1200, False)),
            "observe_step": lambda: (dev.advance(0.0), dev.screenshot((270, 600)), dev.view_hierarchy(),
                                     dev.logcat()),
            "screenshot_again_same_step": lambda: dev.screenshot((270, 600)),
        }
        latency = {name: timed(fn, repeat) for name, fn in ops.items()}

        def switch_screen(i: int) -> None:
            """Open Calendar from the home screen, or go home again: every frame is new."""
            if i % 2:
                dev.key("HOME")
            else:
                dev.touch(410, 400, True)  # the Calendar icon
                dev.touch(410, 400, False)
            dev.advance(1.0)

        # the screenshot rows above see the same screen each time (its bands are not resized
        # again); this one sees a new screen every time
        latency["screenshot_270x600_new_screen"] = timed_after(
            switch_screen, lambda: dev.screenshot((270, 600)), repeat)
        dev.close()
        latency["direct_sim_screenshot_270x600"] = timed(lambda: sim.screenshot((270, 600)), repeat)
        latency["direct_sim_view_hierarchy"] = timed(lambda: sim.view_hierarchy(), repeat)
    if server_process:
        out["env_server_process"] = env_against_server_process(task, steps, obs_keys)
    floor = latency["raw_host_version"]
    out["latency_ms"] = latency
    out["overhead_vs_raw_ms"] = {k: round(v - floor, 3) for k, v in latency.items()
                                 if k != "raw_host_version" and not k.startswith("direct_")}
    print(f"env {task} on backend=adb via adb-serve: {out['env']['steps_per_s']} steps/s "  # type: ignore[index]
          f"({out['env']['steps_per_s_excluding_resets']} excluding resets; "  # type: ignore[index]
          f"{out['env']['cpu_ms_per_step']} CPU ms per step: client "  # type: ignore[index]
          f"{out['env']['client_cpu_ms_per_step']}, server {out['env']['server_cpu_ms_per_step']})")  # type: ignore[index]
    if server_process:
        row = out["env_server_process"]
        print(f"env {task} against adb-serve in its own process: {row['steps_per_s']} steps/s "  # type: ignore[index]
              f"({row['steps_per_s_excluding_resets']} excluding resets; CPU ms per step: client "  # type: ignore[index]
              f"{row['client_cpu_ms_per_step']}, server {row['server_cpu_ms_per_step']})")  # type: ignore[index]
    print(f"{'operation':32} {'median ms':>10} {'- raw ms':>10}")
    for name, ms in latency.items():
        extra = out["overhead_vs_raw_ms"].get(name, "")  # type: ignore[union-attr]
        print(f"{name:32} {ms:10.3f} {extra!s:>10}")
    write_results(RESULTS, out)
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--task", default="OpenApp")
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--obs-keys", default="pixels,view_hierarchy,instruction",
                        help="comma-separated observation keys of the env")
    parser.add_argument("--profile", action="store_true", help="pyinstrument profile of a short run first")
    parser.add_argument("--server-process", action="store_true",
                        help="also run the env against adb-serve in a process of its own")
    args = parser.parse_args()
    main(args.task, args.steps, args.repeat, args.profile, tuple(args.obs_keys.split(",")),
         args.server_process)
