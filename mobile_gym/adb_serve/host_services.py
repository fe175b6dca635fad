"""Host services (`host:…`, `host-serial:<s>:…`, `host-transport-id:<n>:…`): answers and transport switches.

A host request either gets a reply and the connection closes, or switches the connection to a
device (`host:tport:…`, `host:transport…`) so that a device service follows on the same socket,
or (`host:track-devices`) keeps the connection open for device-list updates. After a switch,
host requests still arrive (`adb forward` sends `host:forward:…` after `host:tport:any`); they
act on the selected device.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Mapping
from dataclasses import dataclass

from mobile_gym.adb_serve.protocol import encode_block, fail, okay
from mobile_gym.adb_serve.slots import DEVICE, MODEL, PRODUCT, DeviceSlot

SERVER_VERSION = "0029"  # adb protocol 1.0.41 (reference/adb.md 6.1): always, or the real client kills us
FEATURES = ("shell_v2", "cmd", "stat_v2")
"""Device features advertised: only what adb-serve implements (v2 shell, the `cmd` command, STA2/LST2)."""

_DEVICE_QUERY = re.compile(
    r"(get-state|get-serialno|get-devpath|features|forward(?::norebind)?:.*|killforward(?:-all|:.*)|"
    r"list-forward|wait-for-.*|reconnect.*|disconnect.*|tport:.*|transport.*)")


@dataclass(frozen=True)
class HostReply:
    """What to send, and what the connection does next."""

    data: bytes
    switch_to: DeviceSlot | None = None  # keep the socket: a device service follows
    track: str | None = None  # "devices" / "devices-l": keep the socket and send list updates


class _NoDevice(Exception):
    """No device matches the request; the message is what the real server says."""


def device_list(slots: Mapping[str, DeviceSlot], long: bool = False) -> str:
    """`host:devices` / `host:devices-l` payload."""
    if long:
        return "".join(f"{s.serial:<22} {s.state} product:{PRODUCT} model:{MODEL} device:{DEVICE} "
                       f"transport_id:{s.transport_id}\n" for s in slots.values())
    return "".join(f"{s.serial}\t{s.state}\n" for s in slots.values())


def _by_serial(slots: Mapping[str, DeviceSlot], serial: str) -> DeviceSlot:
    slot = slots.get(serial)
    if slot is None:
        raise _NoDevice(f"device '{serial}' not found")
    return slot


def _any(slots: Mapping[str, DeviceSlot]) -> DeviceSlot:
    if not slots:
        raise _NoDevice("no devices/emulators found")
    if len(slots) > 1:
        raise _NoDevice("more than one device/emulator")
    return next(iter(slots.values()))


def _by_id(slots: Mapping[str, DeviceSlot], text: str) -> DeviceSlot:
    for slot in slots.values():
        if text.isdigit() and slot.transport_id == int(text):
            return slot
    raise _NoDevice(f"no device with transport id '{text}'")


def _split_serial(slots: Mapping[str, DeviceSlot], rest: str) -> tuple[str, str]:
    """`<serial>:<query>` where the serial may itself contain ':' (e.g. `127.0.0.1:5555`)."""
    for serial in sorted(slots, key=len, reverse=True):
        if rest.startswith(serial + ":"):
            return serial, rest[len(serial) + 1:]
    parts = rest.split(":")
    for k in range(1, len(parts)):
        if _DEVICE_QUERY.fullmatch(":".join(parts[k:])):
            return ":".join(parts[:k]), ":".join(parts[k:])
    serial, _, query = rest.partition(":")
    return serial, query


def _online(slot: DeviceSlot) -> DeviceSlot:
    if slot.state != "device":
        raise _NoDevice("device offline")
    return slot


def handle(request: str, slots: Mapping[str, DeviceSlot], selected: DeviceSlot | None) -> HostReply:
    """Answer one host request (see module docstring); never raises for bad input."""
    try:
        return _handle(request, slots, selected)
    except _NoDevice as exc:
        return HostReply(fail(str(exc)))


def _handle(request: str, slots: Mapping[str, DeviceSlot], selected: DeviceSlot | None) -> HostReply:
    # Who the request is about: a fixed device, or "the selected one, else the only one".
    target: DeviceSlot | None
    if request.startswith("host-serial:"):
        serial, query = _split_serial(slots, request[len("host-serial:"):])
        target = _by_serial(slots, serial)
    elif request.startswith("host-transport-id:"):
        ident, _, query = request[len("host-transport-id:"):].partition(":")
        target = _by_id(slots, ident)
    elif request.startswith(("host-usb:", "host-local:")):
        kind, _, query = request.partition(":")
        if kind == "host-usb":
            raise _NoDevice("no devices found")  # served devices are emulators (local transports)
        target = selected or _any(slots)
    elif request.startswith("host:"):
        query = request[len("host:"):]
        target = selected
    else:
        return HostReply(fail(f"adb-serve: unknown host service '{request}'"))

    def device() -> DeviceSlot:
        return target if target is not None else _any(slots)

    # Server-wide queries.
    if query == "version":
        return HostReply(okay(SERVER_VERSION))
    if query == "kill":
        return HostReply(okay())  # a no-op: the real client would otherwise start its own server
    if query in ("devices", "devices-l"):
        return HostReply(okay(device_list(slots, long=query == "devices-l")))
    if query in ("track-devices", "track-devices-l"):
        kind = "devices-l" if query.endswith("-l") else "devices"
        return HostReply(okay() + encode_block(device_list(slots, long=kind == "devices-l")), track=kind)
    # Transport switches.
    if query.startswith("tport:"):
        how = query[len("tport:"):]
        if how == "any" or how == "local":
            slot = device()
        elif how.startswith("serial:"):
            slot = _by_serial(slots, how[len("serial:"):])
        elif how.startswith("id:"):  # `adb -t <transport id>`
            slot = _by_id(slots, how[len("id:"):])
        elif how == "usb":
            raise _NoDevice("no devices found")
        else:
            return HostReply(fail(f"adb-serve: unknown transport selector '{how}' in host:{query}"))
        return HostReply(okay() + struct.pack("<Q", slot.transport_id), switch_to=_online(slot))
    if query in ("transport-any", "transport-local"):
        slot = device()
        return HostReply(okay(), switch_to=_online(slot))
    if query == "transport-usb":
        raise _NoDevice("no devices found")
    if query.startswith("transport-id:"):
        slot = _by_id(slots, query[len("transport-id:"):])
        return HostReply(okay(), switch_to=_online(slot))
    if query.startswith("transport:"):
        slot = _by_serial(slots, query[len("transport:"):])
        return HostReply(okay(), switch_to=_online(slot))
    # Questions about one device.
    if query == "get-state":
        return HostReply(okay(device().state))
    if query == "get-serialno":
        return HostReply(okay(device().serial))
    if query == "get-devpath":
        return HostReply(okay("unknown"))
    if query == "features":
        device()
        return HostReply(okay(",".join(FEATURES)))
    if query.startswith("wait-for-"):
        want = query.rsplit("-", 1)[-1]
        slot = device()
        if want in ("device", "any") or want == slot.state:
            return HostReply(okay() + okay())
        return HostReply(fail(f"adb-serve: device '{slot.serial}' is '{slot.state}' and never becomes '{want}'"))
    if query == "list-forward":
        return HostReply(okay(""))  # no forwards exist: adb-serve cannot create any
    if query.startswith(("forward:", "killforward")):
        return HostReply(fail("adb-serve: port forwarding is not supported (simulated devices have no "
                              "sockets to forward to)"))
    if query.startswith(("connect:", "disconnect", "pair:", "mdns:", "reconnect")):
        return HostReply(fail(f"adb-serve: host:{query.split(':')[0]} is not supported (the served "
                              "devices are fixed)"))
    return HostReply(fail(f"adb-serve: unknown host service '{request}'"))


def track_update(slots: Mapping[str, DeviceSlot], kind: str) -> bytes:
    """One `host:track-devices` update: the full list as a hex-length block."""
    return encode_block(device_list(slots, long=kind == "devices-l"))
