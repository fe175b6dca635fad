"""An adbutils-level device object whose "phone" is a SimDevice.

It answers what `adbutils.AdbDevice` answers (shell, shell2, screenshot, sync) by running the
commands through the simulated phone's own shell (`input motionevent`, `uiautomator dump`,
`logcat -v epoch`, `screencap -p`, `wm size`, `dumpsys window windows`, ...), so AdbDevice's
command formats are checked against a device that implements them. `sleep` advances the
simulated clock: the fake phone's time passes while AdbDevice waits.
"""

from __future__ import annotations

import datetime
import io
import stat
from dataclasses import dataclass

from adbutils._proto import ShellReturn
from PIL import Image

from mobile_gym.device.sim_device import SimDevice


@dataclass
class FileInfo:
    mode: int
    size: int
    mtime: datetime.datetime | None
    path: str


class _Sync:
    def __init__(self, sim: SimDevice) -> None:
        self._sim = sim

    def stat(self, path: str) -> FileInfo:
        try:
            data = self._sim.pull(path)
            return FileInfo(stat.S_IFREG | 0o644, len(data), datetime.datetime(2023, 10, 15), path)
        except Exception:  # not a readable file: maybe a directory
            pass
        try:
            self._sim.list_dir(path)
            return FileInfo(stat.S_IFDIR | 0o755, 0, datetime.datetime(2023, 10, 15), path)
        except Exception:
            return FileInfo(0, 0, None, path)

    def read_bytes(self, path: str) -> bytes:
        return self._sim.pull(path)

    def push(self, src, dst, mode=0o755, check=False) -> int:
        data = src.read()
        self._sim.push(dst, data)
        return len(data)

    def list(self, path: str) -> list[FileInfo]:
        return [FileInfo(stat.S_IFDIR | 0o755 if e.is_dir else stat.S_IFREG | 0o644, e.size,
                         datetime.datetime.fromtimestamp(e.mtime), e.name) for e in self._sim.list_dir(path)]


class AdbOverSim:
    """Duck-types the parts of adbutils.AdbDevice that mobile_gym's AdbDevice uses."""

    serial = "emulator-5554"

    def __init__(self, sim: SimDevice | None = None) -> None:
        self.sim = sim or SimDevice()
        self.sync = _Sync(self.sim)
        self.commands: list[str] = []

    def get_state(self) -> str:
        return "device"

    def shell(self, cmd: str, timeout: float | None = None) -> str:
        self.commands.append(cmd)
        _code, out, err = self.sim.shell(cmd)
        return (out + err).rstrip()

    def get_features(self) -> str:
        return "shell_v2,cmd,stat_v2"

    def shell2(self, cmd: str, timeout: float | None = None, v2: bool = False) -> ShellReturn:
        self.commands.append(cmd)
        code, out, err = self.sim.shell(cmd)
        if v2:
            return ShellReturn(command=cmd, returncode=code, output=out + err, stdout=out, stderr=err)
        return ShellReturn(command=cmd, returncode=code, output=out + err)

    def screenshot(self, error_ok: bool = True) -> Image.Image:
        assert error_ok is False, "AdbDevice must not accept silent black frames"
        code, png, err = self.sim.android.shell_bytes("screencap -p")
        assert code == 0, err
        return Image.open(io.BytesIO(png)).convert("RGB")

    def sleep(self, seconds: float) -> None:
        self.sim.advance(seconds)
