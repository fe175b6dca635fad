"""Fixtures for the attack tests: a fresh simulated phone, host canary files outside its
storage, and adb-serve on a loopback port."""

from __future__ import annotations

import os
import socket
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import pytest

from mobile_gym.adb_serve import AdbServer
from mobile_gym.device.sim_device import SimDevice
from mobile_gym.sim.android import SimAndroid

SECRET = "host-secret-7f3a"


@dataclass
class Canaries:
    """A host path that must never be created, and a host database that must stay unread."""

    folder: Path
    missing: Path
    existing: Path
    existing_bytes: bytes
    existing_mtime: int

    def untouched(self) -> bool:
        names = sorted(p.name for p in self.folder.iterdir())
        st = self.existing.stat()
        return (names == [self.existing.name] and self.existing.read_bytes() == self.existing_bytes
                and st.st_mtime_ns == self.existing_mtime)


@pytest.fixture
def canaries(tmp_path: Path) -> Canaries:
    folder = tmp_path / "host"
    folder.mkdir()
    existing = folder / "secret.db"
    with sqlite3.connect(existing) as conn:
        conn.execute("CREATE TABLE t(secret TEXT)")
        conn.execute("INSERT INTO t VALUES (?)", (SECRET,))
    conn.close()
    st = existing.stat()
    return Canaries(folder, folder / "canary.db", existing, existing.read_bytes(), st.st_mtime_ns)


@pytest.fixture
def android():
    phone = SimAndroid()
    yield phone
    phone.close()


class Client:
    """A bare adb-protocol client: one service per connection."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)

    def send(self, service: str) -> str:
        data = service.encode()
        self.sock.sendall(b"%04x" % len(data) + data)
        return self._read(4).decode()

    def _read(self, n: int) -> bytes:
        buf = b""
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise EOFError(buf)
            buf += chunk
        return buf

    def block(self) -> str:
        return self._read(int(self._read(4), 16)).decode()

    def rest(self) -> bytes:
        out = b""
        while chunk := self.sock.recv(65536):
            out += chunk
        return out

    def shell(self, serial: str, cmd: str) -> str:
        """`adb -s serial shell cmd` (v1: stdout and stderr merged)."""
        assert self.send(f"host:transport:{serial}") == "OKAY"
        assert self.send(f"shell:{cmd}") == "OKAY"
        return self.rest().decode("utf-8", "replace")

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def served(monkeypatch, tmp_path):
    """(server, sim device) on an ephemeral port; no real adb is ever started."""
    monkeypatch.setenv("ADBUTILS_ADB_PATH", "/bin/false")
    monkeypatch.setenv("HOME", str(tmp_path))
    sim = SimDevice(seed=0)
    server = AdbServer({"emulator-5554": sim}, clock=0.05).start()
    yield server, sim
    server.stop()
    sim.close()


def host_root_shown(text: str, android_or_device) -> bool:
    """Whether `text` names the host folder behind the device's storage."""
    storage = getattr(android_or_device, "storage", None) or android_or_device.android.storage
    root = storage.root
    return root in text or os.path.basename(root) in text
