"""adb-serve: simulated devices behind the adb host protocol (DESIGN.md section 1).

`AdbServer({"emulator-5554": SimDevice()}, port=0)` lets adbutils, Debian's `adb` client and
`AdbDevice` drive a simulated phone as if it were attached to a real adb server; this is how
the adb backend is tested end to end without an emulator. See `server.AdbServer`.
"""

from mobile_gym.adb_serve.host_services import FEATURES, SERVER_VERSION
from mobile_gym.adb_serve.server import AdbServer

__all__ = ["FEATURES", "SERVER_VERSION", "AdbServer"]
