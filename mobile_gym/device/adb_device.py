"""AdbDevice: the Device protocol over `adbutils` (a real phone, an emulator, or adb-serve).

What each call sends (adb.md sections 4, 9-11):
  screenshot      `screencap -p` through adbutils' screenshot(error_ok=False), then a resize
  view_hierarchy  `uiautomator dump /data/local/tmp/mobile_gym_dump.xml` (after `rm -f`), pull
  accessibility_forest  the same with `uiautomator dump --windows`, made a forest (device/forest.py)
  touch           `input motionevent DOWN|MOVE|UP x y` (the finger state is tracked here)
  key             `input keyevent KEYCODE_…`
  input_text      `input text '<escaped>'` (ASCII only, like the real `input`)
  logcat          `logcat -d -v epoch -T <last seen time>` polling, de-duplicated at the boundary
  pull/push/ls    the sync protocol
  advance         real time passes (time.sleep, or the `sleep` given)
  snapshot        not available over plain adb: returns None; restore(None) does nothing and
                  the task's reset steps must bring the app back to its start state

Talking to the server: given `host`/`port` (not `adb_device=`), the hot calls (every shell
command, screenshot, dump, logcat, input) go through `adb_wire.AdbWire`: one TCP connection
per command with the transport switch and the service in one write, shell v2 for exit codes,
no per-close sleep. The reads of one step are batched: the first of screenshot /
view_hierarchy / logcat after a write (touch, key, text, shell, push, advance) runs one shell
command, `screencap` (raw RGBA, not PNG) + the dump (`uiautomator dump` to a file, then `cat`
in the same command) + `logcat -d`, separated by a random marker line; later reads in the same
span are answered from it (the frame and dump until the next write or `bundle_max_age`
seconds, the log lines once). A part not read in the previous span is left out of the next
command. Sync (pull/push/ls) uses adbutils. An `adb_device=` passed in is used as before.

The 10 MB raw frame is received into one buffer kept across reads (adb_wire.ReceiveBuffer:
no fresh memory, hence no page faults, per frame), passed over by the length its header gives
when the reply is split, and, for a screenshot at a size that divides the screen by whole
numbers, resized band by band while it arrives (frame_stream.StreamingDownscale: the same
pixels as one INTER_AREA resize), bands byte-for-byte the same as in the previous frame not
again (frame_stream.FrameMemory). What a real phone sends is unchanged: plain `screencap`.

Every adb call is retried (`retries`, `retry_delay`); when a call still fails, DeviceError
names the serial, the call and the last error. No call ever restarts the adb server. Every
socket to the server has a timeout (`timeout`, 30 s), so a server or device that stops answering
gives DeviceError within about `retries` x (`timeout` + `retry_delay`) for one call; the env turns
it into `truncated=True` with `info["error"]`. (A server that keeps trickling bytes slower than
that is not caught; an `adb_device=` passed in keeps its own client's timeouts.)
"""

from __future__ import annotations

import io
import re
import secrets
import stat
import struct
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

import cv2
import numpy as np

from mobile_gym.device.adb_wire import AdbWire, ReceiveBuffer
from mobile_gym.device.base import KEY_NAMES, DeviceError, FileEntry, InvalidInputError, LogLine, TextBox
from mobile_gym.device.forest import forest_from_windows_dump
from mobile_gym.device.frame_stream import FrameMemory, StreamingDownscale
from mobile_gym.pixels import convert_colour

T = TypeVar("T")

KEYCODES: dict[str, str] = {
    "BACK": "KEYCODE_BACK", "HOME": "KEYCODE_HOME", "ENTER": "KEYCODE_ENTER",
    "DEL": "KEYCODE_DEL", "APP_SWITCH": "KEYCODE_APP_SWITCH",
}
DUMP_PATH = "/data/local/tmp/mobile_gym_dump.xml"
_EPOCH_LINE = re.compile(r"^\s*(\d+\.\d+)\s+(\d+)\s+(\d+)\s+([VDIWEFS])\s+(.*?)\s*: (.*)$")
_SIZE = re.compile(r"(Override|Physical) size:\s*(\d+)x(\d+)")
_FOCUS = re.compile(r"mCurrentFocus=Window\{[^}]*?\s([\w.]+)/([\w.$]+)\}")
_RESUMED = re.compile(r"(?:mResumedActivity|topResumedActivity|ResumedActivity):?\s*ActivityRecord\{[^}]*?\s([\w.]+)/([\w.$]+)")
# Characters `input text` needs escaped for the device shell (adb.md 10.1).
_SHELL_SPECIAL = set("\\\"'`$&|;<>()*?~#!{}[]")


def parse_epoch_logcat(text: str) -> list[LogLine]:
    """Lines of `logcat -v epoch` output as LogLines (separator and other lines skipped)."""
    out = []
    for raw in text.splitlines():
        m = _EPOCH_LINE.match(raw)
        if m:
            out.append(LogLine(float(m.group(1)), int(m.group(2)), int(m.group(3)), m.group(4),
                               m.group(5), m.group(6)))
    return out


def escape_input_text(text: str) -> str:
    """`text` as one argument of `input text` ('%s' for spaces); non-ASCII is refused."""
    bad = [c for c in text if ord(c) > 126 or (ord(c) < 32)]
    if bad:
        raise InvalidInputError(
            f"input_text({text!r}): `input text` over adb types printable ASCII only; got {bad[0]!r}")
    out = []
    for c in text:
        if c == " ":
            out.append("%s")
        elif c == "%":
            out.append("\\%")
        elif c in _SHELL_SPECIAL:
            out.append("\\" + c)
        else:
            out.append(c)
    return "".join(out)


def bounded_client(timeout: float, **kwargs: Any) -> Any:
    """An `adbutils.AdbClient` whose every socket to the server times out after at most
    `timeout` seconds. adbutils' device calls ask for 600 s by default, which would let a
    server that accepts and then never answers block the env for ten minutes per try."""
    import adbutils

    class BoundedClient(adbutils.AdbClient):
        def make_connection(self, timeout: float | None = None) -> Any:
            limit = bound if timeout is None else min(timeout, bound)
            return super().make_connection(timeout=limit)

    bound = float(timeout)
    return BoundedClient(**kwargs, socket_timeout=bound)


class AdbDevice:
    """A device reached through an adb server (see module docstring)."""

    def __init__(
        self,
        serial: str | None = None,
        *,
        host: str | None = None,
        port: int | None = None,
        retries: int = 3,
        retry_delay: float = 0.5,
        timeout: float = 30.0,
        adb_device: Any = None,
        sleep: Callable[[float], None] = time.sleep,
        bundle_max_age: float = 0.2,
    ) -> None:
        self.retries = max(1, int(retries))
        self.retry_delay = float(retry_delay)
        self.timeout = float(timeout)
        self._sleep = sleep  # real time by default; injectable so tests control time
        self._closed = False
        self._pressed = False
        self._shell_v2: bool | None = None  # whether the device speaks shell protocol v2
        self._log_since: float | None = None
        self._log_boundary: set[LogLine] = set()
        self._size: tuple[int, int] | None = None
        self._wire: AdbWire | None = None
        self.bundle_max_age = float(bundle_max_age)
        self._bundle: _Bundle | None = None
        self._replies = ReceiveBuffer()  # the batched reads' stdout; its frame is a view of it
        self._frames = FrameMemory()  # the last frame's bands and their resize, for the next one
        self._wanted = {"frame", "xml", "log"}  # parts the next batched read fetches
        self._used: set[str] = set()  # parts read from the current bundle
        if adb_device is not None:
            self._dev = adb_device
            self.serial = serial or getattr(adb_device, "serial", "?")
        else:
            kwargs = {k: v for k, v in (("host", host), ("port", port)) if v is not None}
            client = bounded_client(self.timeout, **kwargs)
            self.serial = serial or self._only_serial(client)
            self._dev = client.device(self.serial)
            self._wire = AdbWire(self.serial, host or "127.0.0.1", port or 5037, timeout=self.timeout)
        wire = self._wire
        if wire is not None:  # the same host service, without adbutils' second connection and close sleep
            self._call("get-state", lambda: wire.host_query(f"host-serial:{self.serial}:get-state"))
        else:
            self._call("get-state", lambda: self._dev.get_state())
        self._init_log_cursor()

    def _only_serial(self, client: Any) -> str:
        try:
            devices = [d.serial for d in client.device_list()]
        except Exception as exc:  # adbutils raises several error types here
            raise DeviceError(f"adb: cannot list devices ({exc}); is the adb server running?") from None
        if len(devices) != 1:
            raise DeviceError(f"adb: pass serial=; {len(devices)} devices attached: {devices}")
        return devices[0]

    # ------------------------------------------------------------------ plumbing
    def _call(self, what: str, fn: Callable[[], T]) -> T:
        if self._closed:
            raise DeviceError(f"adb device {self.serial}: closed (asked for {what})")
        last: Exception | None = None
        for attempt in range(self.retries):
            try:
                return fn()
            except (InvalidInputError, FileNotFoundError):
                raise
            except Exception as exc:  # AdbError, AdbTimeout, OSError, EOFError ...
                last = exc
                if attempt + 1 < self.retries:
                    self._sleep(self.retry_delay)
        raise DeviceError(
            f"adb device {self.serial}: {what} failed after {self.retries} tries: "
            f"{type(last).__name__}: {last}") from last

    def _sh(self, cmd: str) -> str:
        wire = self._wire
        if wire is not None:
            def run() -> str:
                result = wire.shell(cmd)
                return (result.stdout + result.stderr).decode("utf-8", "replace").strip()

            return self._call(f"shell {cmd!r}", run)
        return self._call(f"shell {cmd!r}", lambda: self._dev.shell(cmd, timeout=self.timeout))

    def _write(self) -> None:
        """Something may change the screen or the log: the batched reads are stale now."""
        if self._bundle is not None:
            self._wanted = set(self._used) or {"frame"}
            self._bundle = None

    def _read(self, part: str, frame_size: tuple[int, int] | None = None) -> Any:
        """One part ("frame", "xml", "windows" or "log") of the batched read, fetching it when
        needed; a fetch for a screenshot at `frame_size` resizes the frame while it arrives."""
        if self._wire is None:
            raise AssertionError("batched reads need the adb wire client")
        bundle = self._bundle
        if (bundle is None or part not in bundle.parts or part in bundle.taken
                or time.monotonic() - bundle.at > self.bundle_max_age):
            if bundle is not None:
                self._wanted |= self._used
            self._wanted.add(part)
            wanted = set(self._wanted)
            since = self._log_since or 0.0
            self._bundle = None  # its frame is a view of the buffer that the fetch refills
            bundle = self._call("batched screencap/uiautomator dump/logcat",
                                lambda: _fetch_bundle(self._wire, wanted, since, self._replies,  # type: ignore[arg-type]
                                                      frame_size, self._frames))
            self._bundle, self._used = bundle, set()
        self._used.add(part)
        if part == "log":
            bundle.taken.add("log")  # log lines are handed out once
        return bundle.parts[part]

    # ------------------------------------------------------------------ Device protocol
    @property
    def screen_size(self) -> tuple[int, int]:
        if self._size is None:
            out = self._sh("wm size")
            found = {m.group(1): (int(m.group(2)), int(m.group(3))) for m in _SIZE.finditer(out)}
            size = found.get("Override") or found.get("Physical")
            if size is None:
                raise DeviceError(f"adb device {self.serial}: cannot parse `wm size` output {out!r}")
            self._size = size
        return self._size

    def screenshot(self, size: tuple[int, int] | None = None) -> np.ndarray:
        if self._wire is not None:
            want = None if size is None else (int(size[0]), int(size[1]))
            rgba = self._read("frame", want)
            key = _frame_key(want)
            assert self._bundle is not None
            if key not in self._bundle.parts:  # one resize per size and batch
                if want is not None and (rgba.shape[1], rgba.shape[0]) != want:
                    # on all four channels: contiguous input takes OpenCV's fast path, and the
                    # colour channels come out the same as when resized alone
                    rgba = cv2.resize(rgba, want, interpolation=cv2.INTER_AREA)
                self._bundle.parts[key] = convert_colour(rgba, cv2.COLOR_RGBA2RGB, 3)
            return self._bundle.parts[key].copy()
        image = self._call("screencap -p", lambda: self._dev.screenshot(error_ok=False))
        frame = np.asarray(image.convert("RGB"), dtype=np.uint8)
        if size is not None and (frame.shape[1], frame.shape[0]) != tuple(size):
            return np.ascontiguousarray(
                cv2.resize(frame, (int(size[0]), int(size[1])), interpolation=cv2.INTER_AREA), dtype=np.uint8)
        return np.ascontiguousarray(frame)

    def view_hierarchy(self) -> str:
        if self._wire is not None:
            return self._read("xml")

        def dump() -> str:
            out = self._dev.shell(f"rm -f {DUMP_PATH}; uiautomator dump {DUMP_PATH}", timeout=self.timeout)
            if "ERROR" in out or "dumped to" not in out:
                raise RuntimeError(f"uiautomator dump said {out.strip()!r}")
            xml = self._dev.sync.read_bytes(DUMP_PATH).decode("utf-8")
            if not xml.lstrip().startswith("<?xml"):
                raise RuntimeError(f"dump file does not start with '<?xml': {xml[:60]!r}")
            return xml

        return self._call("uiautomator dump", dump)

    def accessibility_forest(self) -> str:
        """Every window's tree, top window first, from `uiautomator dump --windows`."""
        if self._wire is not None:
            return forest_from_windows_dump(self._read("windows"))

        def dump() -> str:
            out = self._dev.shell(f"rm -f {DUMP_PATH}; uiautomator dump --windows {DUMP_PATH}",
                                  timeout=self.timeout)
            if "ERROR" in out or "dumped to" not in out:
                raise RuntimeError(f"uiautomator dump --windows said {out.strip()!r}")
            return self._dev.sync.read_bytes(DUMP_PATH).decode("utf-8")

        return forest_from_windows_dump(self._call("uiautomator dump --windows", dump))

    def text_boxes(self) -> list[TextBox] | None:
        return None  # a real device cannot say what it drew; the engine then runs OCR

    def touch(self, x: int, y: int, down: bool) -> None:
        width, height = self.screen_size
        if not (0 <= x < width and 0 <= y < height):
            raise InvalidInputError(f"touch at ({x}, {y}) is outside the {width}x{height} screen of {self.serial}")
        if down:
            event = "MOVE" if self._pressed else "DOWN"
        elif self._pressed:
            event = "UP"
        else:
            return
        self._write()
        self._sh(f"input motionevent {event} {int(x)} {int(y)}")
        self._pressed = down

    def key(self, name: str) -> None:
        if name not in KEYCODES:
            raise InvalidInputError(f"unknown key {name!r}; expected one of {KEY_NAMES}")
        self._write()
        self._sh(f"input keyevent {KEYCODES[name]}")

    def input_text(self, text: str) -> None:
        if text:
            escaped = escape_input_text(text)
            self._write()
            self._sh(f"input text {escaped}")

    def shell(self, cmd: str) -> tuple[int, str, str]:
        """(exit code, stdout, stderr) over shell protocol v2 where the device offers it.

        Over v1 (old devices) stderr is merged into stdout, and adbutils learns the exit code
        from an `echo` appended to the command line, which a line ending in `exit N` never runs.
        """
        self._write()
        wire = self._wire
        if wire is not None:
            result = self._call(f"shell {cmd!r}", lambda: wire.shell(cmd))
            return (result.code, result.stdout.decode("utf-8", "replace"),
                    result.stderr.decode("utf-8", "replace"))
        if self._shell_v2 is None:
            features = self._call("read the device features", lambda: self._dev.get_features())
            self._shell_v2 = "shell_v2" in str(features).split(",")
        if self._shell_v2:
            result = self._call(f"shell {cmd!r}",
                                lambda: self._dev.shell2(cmd, timeout=self.timeout, v2=True))
            return int(result.returncode), result.stdout, result.stderr
        result = self._call(f"shell {cmd!r}", lambda: self._dev.shell2(cmd, timeout=self.timeout))
        return int(result.returncode), result.output, ""

    def _init_log_cursor(self) -> None:
        """Start after everything already in the buffer (lines sharing the last timestamp too)."""
        last = parse_epoch_logcat(self._sh("logcat -d -v epoch -t 1"))
        if not last:
            self._log_since, self._log_boundary = 0.0, set()
            return
        since = last[-1].time
        lines = [l for l in parse_epoch_logcat(self._sh(f"logcat -d -v epoch -T {since:.3f}")) if l.time >= since]
        newest = max((l.time for l in lines), default=since)
        self._log_since = newest
        self._log_boundary = {l for l in lines if l.time == newest} | {l for l in last if l.time == newest}

    def logcat(self) -> list[LogLine]:
        since = self._log_since or 0.0
        if self._wire is not None:
            text = self._read("log")
        else:
            text = self._sh(f"logcat -d -v epoch -T {since:.3f}")
        fresh = [line for line in parse_epoch_logcat(text)
                 if line.time >= since and line not in self._log_boundary]
        if fresh:
            newest = max(line.time for line in fresh)
            boundary = {line for line in fresh if line.time == newest}
            if newest == since:
                boundary |= self._log_boundary
            self._log_since, self._log_boundary = newest, boundary
        return fresh

    def pull(self, path: str) -> bytes:
        info = self._call(f"stat {path}", lambda: self._dev.sync.stat(path))
        if info.mode == 0:
            raise FileNotFoundError(f"{path} does not exist on {self.serial}")
        if stat.S_ISDIR(info.mode):  # like SimDevice.pull (sync RECV would fail, then be retried)
            raise IsADirectoryError(f"{path}: Is a directory on {self.serial}")
        return self._call(f"pull {path}", lambda: self._dev.sync.read_bytes(path))

    def push(self, path: str, data: bytes) -> None:
        parent = path.rsplit("/", 1)[0] or "/"
        self._write()
        self._sh(f"mkdir -p {parent}")
        self._call(f"push {path}", lambda: self._dev.sync.push(io.BytesIO(bytes(data)), path, mode=0o644))

    def list_dir(self, path: str) -> list[FileEntry]:
        info = self._call(f"stat {path}", lambda: self._dev.sync.stat(path))
        if info.mode == 0:
            raise FileNotFoundError(f"{path} does not exist on {self.serial}")
        if not stat.S_ISDIR(info.mode):  # like SimDevice.list_dir (sync LIST of a file lists nothing)
            raise NotADirectoryError(f"{path}: Not a directory on {self.serial}")
        entries = self._call(f"list {path}", lambda: self._dev.sync.list(path))
        out = []
        for e in entries:
            if e.path in (".", ".."):
                continue
            mtime = e.mtime.timestamp() if e.mtime is not None else 0.0
            out.append(FileEntry(e.path, stat.S_ISDIR(e.mode), int(e.size), mtime))
        return sorted(out, key=lambda f: f.name)

    def state_version(self, paths: Sequence[str] = (),
                      settings: Sequence[tuple[str, str]] = ()) -> Hashable | None:
        """Always None: adb shows no cheap, reliable change counter (an app may write at any
        time), so state checks read the device every step."""
        return None

    def current_activity(self) -> str:
        out = self._sh("dumpsys window windows")
        m = _FOCUS.search(out)
        if m is None:
            m = _RESUMED.search(self._sh("dumpsys activity activities"))
        if m is None:
            raise DeviceError(f"adb device {self.serial}: no focused activity in dumpsys output")
        package, activity = m.group(1), m.group(2)
        if activity.startswith("."):
            activity = package + activity
        return f"{package}/{activity}"

    def advance(self, seconds: float) -> None:
        self._write()
        if seconds > 0:
            self._sleep(seconds)

    def snapshot(self) -> Any:
        return None

    def restore(self, snapshot: Any) -> None:
        if snapshot is not None:
            raise DeviceError(f"adb device {self.serial}: restore() got a snapshot it cannot use: {snapshot!r}")
        self._write()

    def close(self) -> None:
        if self._pressed and not self._closed:
            try:
                self._sh("input motionevent CANCEL 0 0")
            except DeviceError:
                pass
        self._closed = True


class _Bundle:
    """The parts of one batched read ("frame": RGBA array, "xml" and "windows": the dump and
    the `--windows` dump, "log": logcat text)."""

    def __init__(self, parts: dict[str, Any]) -> None:
        self.parts = parts
        self.at = time.monotonic()
        self.taken: set[str] = set()


def parse_raw_screencap(data: bytes | memoryview) -> np.ndarray:
    """`screencap` output without -p (width, height, format u32 LE [, colorspace], RGBA_8888 rows)
    as an (H, W, 4) uint8 view; ValueError when the header or the size does not fit."""
    if len(data) < 12:
        raise ValueError(f"screencap output of {len(data)} bytes has no header")
    width, height, fmt = struct.unpack_from("<III", data, 0)
    if fmt not in (1, 2):  # RGBA_8888, RGBX_8888: the same four bytes per pixel
        raise ValueError(f"screencap pixel format {fmt}, expected 1 (RGBA_8888) or 2 (RGBX_8888)")
    header = len(data) - width * height * 4
    if header not in (12, 16) or width == 0 or height == 0:
        raise ValueError(f"screencap output of {len(data)} bytes does not fit a {width}x{height} RGBA frame")
    return np.frombuffer(data, dtype=np.uint8, offset=header).reshape(height, width, 4)


def _frame_key(size: tuple[int, int] | None) -> str:
    """Where a bundle keeps the RGB frame at `size` (None: the device's own size)."""
    return f"frame@{size}"


def _fetch_bundle(wire: AdbWire, wanted: set[str], log_since: float, replies: ReceiveBuffer,
                  frame_size: tuple[int, int] | None = None, frames: FrameMemory | None = None) -> _Bundle:
    """Run the batched read command for the `wanted` parts and split its stdout (received into
    `replies`) at the markers; the frame part is a view of `replies`. With `frame_size`, the
    frame is also resized to it while it arrives (when it divides into whole blocks), the bands
    that `frames` holds unchanged from the last frame are not resized again."""
    marker = f"mobile_gym_{secrets.token_hex(8)}"
    sep = b"\n" + marker.encode() + b"\n"
    pieces = []
    if "frame" in wanted:
        pieces.append("screencap")
    if "xml" in wanted:
        pieces.append(f"rm -f {DUMP_PATH}; uiautomator dump {DUMP_PATH} >/dev/null; cat {DUMP_PATH}")
    if "windows" in wanted:
        pieces.append(f"rm -f {DUMP_PATH}; uiautomator dump --windows {DUMP_PATH} >/dev/null; cat {DUMP_PATH}")
    if "log" in wanted:
        pieces.append(f"logcat -d -v epoch -T {log_since:.3f}")
    order = [p for p in ("frame", "xml", "windows", "log") if p in wanted]
    shrink = (StreamingDownscale(frame_size, memory=frames) if frame_size is not None and "frame" in wanted
              else None)
    result = wire.shell(f"; echo; echo {marker}; ".join(pieces) + f"; echo; echo {marker}", stdout=replies,
                        on_stdout=None if shrink is None else shrink.feed)
    chunks = split_marked(result.stdout, sep, frame_first="frame" in wanted)  # type: ignore[arg-type]
    if len(chunks) != len(order) + 1 or len(chunks[-1]):
        raise RuntimeError(f"batched read: expected {len(order)} marked parts in the output, got "
                           f"{len(chunks) - 1}; stderr {result.stderr[:200]!r}")
    parts: dict[str, Any] = {}
    for name, chunk in zip(order, chunks, strict=False):
        if name == "frame":
            parts[name] = rgba = parse_raw_screencap(chunk)
            small = None if shrink is None else shrink.result(rgba, len(chunk) - rgba.nbytes)
            if small is not None:
                parts[_frame_key(frame_size)] = convert_colour(small, cv2.COLOR_RGBA2RGB, 3)
        elif name in ("xml", "windows"):
            xml = str(chunk, "utf-8")
            if not xml.lstrip().startswith("<?xml"):
                raise RuntimeError(f"uiautomator dump gave no XML: {xml[:60]!r} {result.stderr[:200]!r}")
            parts[name] = xml
        else:
            parts[name] = str(chunk, "utf-8", "replace")
    return _Bundle(parts)


def raw_screencap_length(data: memoryview) -> list[int]:
    """The lengths that a raw `screencap` output starting `data` can have according to its
    header (16- or 12-byte header + RGBA rows), longest first; [] without a usable header."""
    if len(data) < 12:
        return []
    width, height, fmt = struct.unpack_from("<III", data, 0)
    if fmt not in (1, 2):
        return []
    return [header + width * height * 4 for header in (16, 12)]


def split_marked(data: memoryview, sep: bytes, frame_first: bool = False) -> list[memoryview]:
    """`data.split(sep)` as memoryviews into `data`. With `frame_first`, a raw screencap at the
    start is passed over by the length its header gives (when `sep` follows it there) instead
    of searched through: its 10 MB are pixels, not text."""
    out: list[memoryview] = []
    start = 0
    if frame_first:
        for length in raw_screencap_length(data):
            if data[length:length + len(sep)] == sep:
                out.append(data[:length])
                start = length + len(sep)
                break
    rest = bytes(data[start:])  # what follows the frame: the dump and the log, a few KB
    at = 0
    while (found := rest.find(sep, at)) >= 0:
        out.append(data[start + at:start + found])
        at = found + len(sep)
    out.append(data[start + at:])
    return out
