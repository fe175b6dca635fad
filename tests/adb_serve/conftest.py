"""Fixtures: adb-serve on an ephemeral loopback port, with clients that can never start a real adb server."""

from __future__ import annotations

import re
import socket
import struct

import pytest

from mobile_gym.adb_serve import AdbServer
from mobile_gym.device.sim_device import SimDevice

SERIALS = ("emulator-5554", "emulator-5556")
STEP = 0.05  # device seconds per device service: deterministic clock for tests


@pytest.fixture
def adb_env(monkeypatch, tmp_path):
    """Environment for adb clients: never auto-start a server, never touch the real ~/.android."""
    monkeypatch.setenv("ADBUTILS_ADB_PATH", "/bin/false")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    monkeypatch.delenv("ANDROID_ADB_SERVER_HOST", raising=False)
    monkeypatch.delenv("ANDROID_SERIAL", raising=False)
    return tmp_path


@pytest.fixture
def one(adb_env, monkeypatch):
    """(server, sim) with one device, emulator-5554."""
    sim = SimDevice(seed=0)
    server = AdbServer({SERIALS[0]: sim}, clock=STEP).start()
    monkeypatch.setenv("ADB_SERVER_SOCKET", f"tcp:127.0.0.1:{server.port}")
    monkeypatch.setenv("ANDROID_ADB_SERVER_PORT", str(server.port))
    yield server, sim
    server.stop()
    sim.close()
    assert not server.errors, list(server.errors)


@pytest.fixture
def adb_dev(one):
    """(AdbDevice, server, sim): mobile_gym's adb backend on the one-device server, waits as device time.

    Batched reads stay valid for a minute of wall time here (a phone's 0.2 s default would make
    tests that count requests depend on how loaded the machine is)."""
    from mobile_gym.device.adb_device import AdbDevice

    server, sim = one
    dev = AdbDevice("emulator-5554", host="127.0.0.1", port=server.port, retries=1,
                    sleep=lambda s: server.advance("emulator-5554", s), bundle_max_age=60.0)
    yield dev, server, sim
    dev.close()


@pytest.fixture
def two(adb_env):
    """(server, [sim, sim]) with emulator-5554 and emulator-5556."""
    sims = [SimDevice(seed=k, name=s) for k, s in enumerate(SERIALS)]
    server = AdbServer(dict(zip(SERIALS, sims)), clock=STEP).start()
    yield server, sims
    server.stop()
    for sim in sims:
        sim.close()
    assert not server.errors, list(server.errors)


class RawClient:
    """A bare adb-protocol client over one socket (for exact wire checks and malformed input)."""

    def __init__(self, port: int, timeout: float = 5.0) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)

    def send(self, service: str) -> None:
        data = service.encode()
        self.sock.sendall(b"%04x" % len(data) + data)

    def raw(self, data: bytes) -> None:
        self.sock.sendall(data)

    def read(self, n: int) -> bytes:
        buf = b""
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise EOFError(f"closed after {len(buf)} of {n} bytes: {buf!r}")
            buf += chunk
        return buf

    def status(self) -> str:
        return self.read(4).decode()

    def block(self) -> str:
        return self.read(int(self.read(4), 16)).decode()

    def reply(self) -> tuple[str, str | None]:
        """('OKAY', None) or ('FAIL', message)."""
        status = self.status()
        return (status, self.block()) if status == "FAIL" else (status, None)

    def rest(self, limit: int = 1 << 24) -> bytes:
        """Everything until the server closes (bounded)."""
        out = b""
        while len(out) < limit:
            chunk = self.sock.recv(65536)
            if not chunk:
                break
            out += chunk
        return out

    def closed(self) -> bool:
        return self.sock.recv(1) == b""

    def switch(self, serial: str) -> int:
        self.send(f"host:tport:serial:{serial}")
        assert self.status() == "OKAY"
        return struct.unpack("<Q", self.read(8))[0]

    def close(self) -> None:
        self.sock.close()

    def __enter__(self) -> RawClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def query(port: int, service: str) -> tuple[str, str | None]:
    """One host query on a fresh connection: (status, payload or FAIL message)."""
    with RawClient(port) as c:
        c.send(service)
        status = c.status()
        payload = c.block() if status == "FAIL" or service not in ("host:kill",) else None
        return status, payload


def launcher_icon_center(hierarchy: str, label: str) -> tuple[int, int]:
    """The centre of the launcher icon labelled `label` in a uiautomator dump (the launcher
    orders apps by label, so positions move as apps are added)."""
    from mobile_gym.spaces import parse_bounds

    match = re.search(rf'<node [^>]*text="{re.escape(label)}"[^>]*bounds="([^"]+)"', hierarchy)
    assert match, f"no launcher icon {label!r} in the dump"
    left, top, right, bottom = parse_bounds(match.group(1))
    return (left + right) // 2, (top + bottom) // 2
