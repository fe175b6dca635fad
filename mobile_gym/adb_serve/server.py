"""AdbServer: a threaded TCP server speaking the adb host protocol in front of simulated devices.

One thread accepts; each connection gets its own thread: read a request, answer host services,
follow a transport switch to one device service (shell, exec, sync, framebuffer), then half-close, drain and
close. Any malformed input gets `FAIL` or a closed socket; nothing a client sends stops the
server. Device calls go through the device's lock, so concurrent connections never interleave
on one phone.
"""

from __future__ import annotations

import collections
import socket
import threading
import traceback
from collections.abc import Mapping
from typing import TYPE_CHECKING

from mobile_gym.adb_serve import host_services
from mobile_gym.adb_serve.framebuffer_service import serve_framebuffer
from mobile_gym.adb_serve.protocol import PeerClosed, ProtocolError, close_gracefully, fail, read_request
from mobile_gym.adb_serve.shell_service import serve_shell
from mobile_gym.adb_serve.slots import ClockMode, DeviceSlot, check_clock
from mobile_gym.adb_serve.sync_service import serve_sync

if TYPE_CHECKING:
    from mobile_gym.device.sim_device import SimDevice

_ACCEPT_POLL = 0.2  # seconds between checks of the stop flag while waiting for connections
_IDLE_TIMEOUT = 600.0  # a connection silent this long in the middle of a request is dropped


class AdbServer:
    """Serve `devices` ({serial: SimDevice}) on `host:port` (port 0 = an ephemeral port).

    `clock`: how device time passes between requests, "real" or seconds per device service
    (see `mobile_gym.adb_serve.slots`). `requests` records the last service strings received
    and `errors` the tracebacks of connections that failed inside the server (both bounded).
    Use as a context manager, or call `start()` / `stop()`.
    """

    def __init__(self, devices: Mapping[str, SimDevice], host: str = "127.0.0.1", port: int = 0, *,
                 clock: ClockMode = "real") -> None:
        if not isinstance(devices, Mapping):
            raise TypeError(f"devices must be a mapping serial -> SimDevice, not {type(devices).__name__}")
        for serial in devices:
            if not isinstance(serial, str) or not serial or any(c.isspace() for c in serial):
                raise ValueError(f"bad serial {serial!r}: a non-empty string without whitespace is needed")
        if not isinstance(port, int) or isinstance(port, bool) or not 0 <= port <= 65535:
            raise ValueError(f"port={port!r}: expected an int in 0..65535 (0 picks a free port)")
        mode = check_clock(clock)
        self.host = host
        self._requested_port = port
        self.slots: dict[str, DeviceSlot] = {
            serial: DeviceSlot(serial, dev, k + 1, mode) for k, (serial, dev) in enumerate(devices.items())}
        self.requests: collections.deque[str] = collections.deque(maxlen=10000)
        self.errors: collections.deque[str] = collections.deque(maxlen=100)
        self._listener: socket.socket | None = None
        self._stop = threading.Event()
        self._accept_thread: threading.Thread | None = None
        self._conns: set[socket.socket] = set()
        self._threads: set[threading.Thread] = set()
        self._guard = threading.Lock()

    # -- lifecycle -------------------------------------------------------------------------
    @property
    def port(self) -> int:
        """The port actually bound (after `start()`)."""
        if self._listener is None:
            raise RuntimeError("AdbServer.port: the server is not started")
        return self._listener.getsockname()[1]

    def start(self) -> AdbServer:
        """Bind and listen, then accept connections in a background thread."""
        if self._listener is not None:
            raise RuntimeError("AdbServer.start(): already started")
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        listener = socket.socket(family, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            listener.bind((self.host, self._requested_port))
        except OSError as exc:
            listener.close()
            raise OSError(exc.errno, f"adb-serve cannot listen on {self.host}:{self._requested_port}: "
                                     f"{exc.strerror}") from None
        listener.listen(64)
        listener.settimeout(_ACCEPT_POLL)
        self._listener = listener
        self._stop.clear()
        self._accept_thread = threading.Thread(target=self._accept_loop, name=f"adb-serve:{self.port}",
                                               daemon=True)
        self._accept_thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        """Stop accepting, cut open connections, and wait (bounded) for their threads."""
        self._stop.set()
        if self._accept_thread is not None:
            self._accept_thread.join(timeout)
            self._accept_thread = None
        if self._listener is not None:
            self._listener.close()
            self._listener = None
        with self._guard:
            conns, threads = list(self._conns), list(self._threads)
        for conn in conns:
            try:
                conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        for t in threads:
            t.join(timeout)

    def __enter__(self) -> AdbServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def advance(self, serial: str, seconds: float) -> None:
        """Let `seconds` of device time pass on one served device (under its lock).

        For deterministic tests: `AdbDevice(..., sleep=lambda s: server.advance(serial, s))` makes
        AdbDevice's waits device time instead of wall time."""
        slot = self.slots.get(serial)
        if slot is None:
            raise KeyError(f"device '{serial}' not found; served: {', '.join(self.slots) or 'none'}")
        slot.run(lambda android: android.advance(seconds), step=False)

    def serve_forever(self) -> None:
        """Block until `stop()` is called from elsewhere (or KeyboardInterrupt)."""
        while not self._stop.wait(0.5):
            pass

    # -- connections -----------------------------------------------------------------------
    def _accept_loop(self) -> None:
        assert self._listener is not None
        listener = self._listener
        while not self._stop.is_set():
            try:
                conn, _addr = listener.accept()
            except TimeoutError:
                continue
            except OSError:
                if self._stop.is_set():
                    return
                continue
            conn.settimeout(None)
            # Replies go out as several writes (OKAY, then data); without NODELAY, Nagle holds the
            # second one until the client's delayed ACK, up to 40 ms per request.
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            t = threading.Thread(target=self._serve, args=(conn,), daemon=True, name="adb-serve-conn")
            with self._guard:
                self._conns.add(conn)
                self._threads.add(t)
            t.start()

    def _serve(self, sock: socket.socket) -> None:
        try:
            sock.settimeout(_IDLE_TIMEOUT)
            self._handle(sock)
        except (PeerClosed, ConnectionError, TimeoutError):
            pass  # the client went away: nothing to answer
        except OSError:
            if not self._stop.is_set():
                self.errors.append(traceback.format_exc())
        except Exception:  # noqa: BLE001 - never let one connection take the server down
            # Recorded, and the connection is closed without another word: an OKAY and part of
            # a device service's output may already be on the wire, so a FAIL would read as data.
            self.errors.append(traceback.format_exc())
        finally:
            close_gracefully(sock)
            with self._guard:
                self._conns.discard(sock)
                self._threads.discard(threading.current_thread())

    def _handle(self, sock: socket.socket) -> None:
        selected: DeviceSlot | None = None
        while True:
            try:
                request = read_request(sock)
            except PeerClosed:
                return
            except ProtocolError as exc:
                sock.sendall(fail(f"adb-serve: {exc}"))
                return
            self.requests.append(request)
            if request.startswith("host"):
                reply = host_services.handle(request, self.slots, selected)
                sock.sendall(reply.data)
                if reply.switch_to is not None:
                    selected = reply.switch_to
                    continue
                if reply.track is not None:
                    self._track(sock, reply.track, sent=reply.data[len(b"OKAY"):])
                return
            if selected is None:
                sock.sendall(fail(f"adb-serve: device service '{request}' needs a transport first "
                                  "(host:transport:<serial> or host:tport:serial:<serial>)"))
                return
            self._device_service(sock, selected, request)
            return

    def _device_service(self, sock: socket.socket, slot: DeviceSlot, service: str) -> None:
        name = service.partition(":")[0].split(",")[0]
        if slot.state != "device":
            sock.sendall(fail("device offline"))
        elif name == "shell" or service.startswith("exec:"):
            serve_shell(sock, slot, service, self._stop)
        elif service == "sync:":
            serve_sync(sock, slot)
        elif service == "framebuffer:":
            serve_framebuffer(sock, slot)
        elif name in ("reverse", "tcp", "localabstract", "localreserved", "localfilesystem", "dev",
                      "abb", "abb_exec", "root", "unroot", "remount", "tcpip", "usb",
                      "reboot", "jdwp", "track-jdwp", "track-app", "sink", "source"):
            sock.sendall(fail(f"adb-serve: device service '{name}:' is not supported by the simulated "
                              "device"))
        else:
            sock.sendall(fail(f"adb-serve: unknown device service '{service}'"))

    def _track(self, sock: socket.socket, kind: str, sent: bytes) -> None:
        """Keep a track-devices connection open until the client or the server ends it,
        sending the full list again whenever it differs from the one last sent (`sent` first:
        a device that went offline since that list was made is reported, not taken as known)."""
        last = sent
        sock.settimeout(_ACCEPT_POLL)
        while not self._stop.is_set():
            try:
                if not sock.recv(4096):
                    return
            except TimeoutError:
                pass
            update = host_services.track_update(self.slots, kind)
            if update != last:
                sock.sendall(update)
                last = update
