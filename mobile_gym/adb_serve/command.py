"""`mobile-gym adb-serve`: serve fresh simulated devices over the adb protocol until Ctrl-C.

  mobile-gym adb-serve [--port 5037] [--host 127.0.0.1] [--devices N] [--seed S] [--clock real|SECONDS]

Devices are named emulator-5554, emulator-5556, … (device k gets seed S + k). Then, e.g.:
  adb -H 127.0.0.1 -P 5037 devices
  python -c "import adbutils; print(adbutils.AdbClient(host='127.0.0.1', port=5037).list())"
(`-H 127.0.0.1` keeps the real adb client from starting its own server; reference/adb.md 6.2.)
"""

from __future__ import annotations

import argparse
import signal
import sys
from typing import Any

from mobile_gym.adb_serve.slots import ClockMode, check_clock


def _clock(text: str) -> ClockMode:
    if text == "real":
        return "real"
    try:
        return check_clock(float(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--clock {text!r}: expected 'real' or seconds per device "
                                         "service (a number >= 0)") from None


def _count(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if not 1 <= n <= 64:
        raise argparse.ArgumentTypeError(f"--devices {text!r}: expected a whole number from 1 to 64")
    return n


def _seed(text: str) -> int:
    try:
        seed = int(text)
    except ValueError:
        seed = -1
    if seed < 0:
        raise argparse.ArgumentTypeError(f"--seed {text!r}: expected a whole number >= 0")
    return seed


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The subcommand's options (shared by `mobile-gym adb-serve` and `python -m mobile_gym.adb_serve`)."""
    parser.add_argument("--port", type=int, default=5037, help="TCP port (default 5037; 0 picks a free one)")
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1: this machine only)")
    parser.add_argument("--devices", type=_count, default=1, help="number of simulated devices (default 1)")
    parser.add_argument("--seed", type=_seed, default=0, help="device k is SimDevice(seed=SEED + k); >= 0")
    parser.add_argument("--clock", type=_clock, default="real",
                        help="how device time passes: 'real' (wall-clock gaps between requests, like a phone; "
                             "default) or SECONDS per device service (deterministic)")


def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl-C (or SIGTERM); 2 with a message when the port cannot be bound."""
    from mobile_gym.adb_serve.server import AdbServer
    from mobile_gym.device.sim_device import SimDevice

    serials = [f"emulator-{5554 + 2 * k}" for k in range(args.devices)]
    devices = {s: SimDevice(seed=args.seed + k, name=s) for k, s in enumerate(serials)}
    server = AdbServer(devices, host=args.host, port=args.port, clock=args.clock)
    try:
        try:
            server.start()
        except OSError as exc:
            print(f"{exc.strerror} (is another adb server running? `adb kill-server`, "
                  "or pick another --port)", file=sys.stderr)
            return 2
        print(f"adb-serve: {', '.join(serials)} on {args.host}:{server.port} (clock {args.clock}); "
              "Ctrl-C stops", flush=True)
        previous = _sigterm_as_interrupt()
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            if previous is not None:
                signal.signal(signal.SIGTERM, previous)
        return 0
    finally:
        server.stop()
        for dev in devices.values():
            dev.close()


def _sigterm_as_interrupt() -> Any:
    def handler(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt
    try:
        return signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main thread: leave signals alone
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mobile_gym.adb_serve", description=__doc__.splitlines()[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))
