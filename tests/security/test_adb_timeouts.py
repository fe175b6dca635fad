"""The adb backend never blocks forever: every socket to the adb server has a timeout, so a
server that accepts and then never answers gives a DeviceError naming the device within bounded
time, and in the environment the episode ends cleanly with `truncated=True` and `info["error"]`.
Servers here listen on 127.0.0.1 only."""

from __future__ import annotations

import socket
import threading
import time

import numpy as np
import pytest

from mobile_gym.adb_serve import AdbServer
from mobile_gym.device.adb_device import AdbDevice
from mobile_gym.device.base import DeviceError
from mobile_gym.device.sim_device import SimDevice
from mobile_gym.env import MobileEnv

SERIAL = "emulator-5554"
BOUND = 60.0  # generous: the timeouts below add up to a few seconds


@pytest.fixture(autouse=True)
def no_real_adb(monkeypatch, tmp_path):
    """adbutils must never start a real adb server or read the real ~/.android."""
    monkeypatch.setenv("ADBUTILS_ADB_PATH", "/bin/false")
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("ANDROID_ADB_SERVER_HOST", raising=False)
    monkeypatch.delenv("ANDROID_SERIAL", raising=False)


class Silent:
    """A TCP server on 127.0.0.1 that accepts every connection and never sends a byte; with
    `upstream`, it forwards both ways to that port until `stall()` is called."""

    def __init__(self, upstream: int | None = None) -> None:
        self.upstream = upstream
        self.stalled = threading.Event()
        self.closed = threading.Event()
        self.sockets: list[socket.socket] = []
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(16)
        self.listener.settimeout(0.2)
        self.port = self.listener.getsockname()[1]
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def stall(self) -> None:
        self.stalled.set()

    def _accept(self) -> None:
        while not self.closed.is_set():
            try:
                client, _ = self.listener.accept()
            except OSError:
                continue
            self.sockets.append(client)
            if self.upstream is not None and not self.stalled.is_set():
                server = socket.create_connection(("127.0.0.1", self.upstream))
                self.sockets.append(server)
                for a, b in ((client, server), (server, client)):
                    threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def _pipe(self, src: socket.socket, dst: socket.socket) -> None:
        src.settimeout(0.2)
        while not self.closed.is_set():
            if self.stalled.is_set():
                time.sleep(0.05)  # hold the connection open, answer nothing
                continue
            try:
                data = src.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                return
            if not data:
                try:
                    dst.shutdown(socket.SHUT_WR)
                except OSError:
                    pass
                return
            try:
                dst.sendall(data)
            except OSError:
                return

    def close(self) -> None:
        self.closed.set()
        self.thread.join(5)
        for s in [self.listener, *self.sockets]:
            s.close()


@pytest.fixture
def silent():
    server = Silent()
    yield server
    server.close()


def test_a_server_that_never_answers_gives_a_device_error_in_bounded_time(silent):
    start = time.monotonic()
    with pytest.raises(DeviceError) as info:
        AdbDevice(SERIAL, host="127.0.0.1", port=silent.port, timeout=0.5, retries=2,
                  retry_delay=0.05)
    assert time.monotonic() - start < BOUND
    assert SERIAL in str(info.value) and "failed after 2 tries" in str(info.value)
    assert len(silent.sockets) >= 2  # it did connect, twice, and then gave up


def test_listing_devices_on_a_silent_server_is_bounded_too(silent):
    start = time.monotonic()
    with pytest.raises(DeviceError, match="cannot list devices"):
        AdbDevice(host="127.0.0.1", port=silent.port, timeout=0.5)
    assert time.monotonic() - start < BOUND


def test_a_server_that_stops_answering_mid_episode_truncates_it_cleanly():
    sim = SimDevice(seed=0)
    server = AdbServer({SERIAL: sim}, clock=0.05).start()
    proxy = Silent(upstream=server.port)
    env = MobileEnv("MobileEnv/CalendarOpenEditor-v0", backend="adb", serial=SERIAL,
                    device_kwargs={"host": "127.0.0.1", "port": proxy.port, "timeout": 1.0,
                                   "retries": 2, "retry_delay": 0.05})
    try:
        env.reset(seed=0)
        action = {"action_type": 2, "touch_position": np.zeros(2, np.float32), "input_token": 0,
                  "key": 0, "response": ""}
        _, _, terminated, truncated, _ = env.step(action)
        assert not terminated and not truncated
        proxy.stall()
        start = time.monotonic()
        _, reward, terminated, truncated, info = env.step(action)
        assert time.monotonic() - start < BOUND
        assert truncated and not terminated and reward == 0
        assert SERIAL in info["error"] and "failed after 2 tries" in info["error"]
    finally:
        env.close()
        proxy.close()
        server.stop()
        sim.close()
