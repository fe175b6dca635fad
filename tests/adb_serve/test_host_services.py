"""Host services on the wire: exact replies, transport switches, errors, track-devices."""

from __future__ import annotations

import struct

import pytest

from mobile_gym.adb_serve import AdbServer
from mobile_gym.device.sim_device import SimDevice
from tests.adb_serve.conftest import RawClient, query


def test_version_is_0029_and_kill_is_a_no_op(two):
    server, _ = two
    assert query(server.port, "host:version") == ("OKAY", "0029")
    with RawClient(server.port) as c:
        c.send("host:kill")
        assert c.status() == "OKAY" and c.closed()
    assert query(server.port, "host:version") == ("OKAY", "0029")  # still serving


def test_device_lists(two):
    server, _ = two
    assert query(server.port, "host:devices") == ("OKAY", "emulator-5554\tdevice\nemulator-5556\tdevice\n")
    status, text = query(server.port, "host:devices-l")
    assert status == "OKAY"
    first, second = text.splitlines()
    assert first == ("emulator-5554          device product:sdk_gphone64_x86_64 model:Pixel_6 "
                     "device:emu64xa transport_id:1")
    assert second.endswith("transport_id:2")


def test_device_queries_by_serial_and_transport_id(two):
    server, _ = two
    port = server.port
    assert query(port, "host-serial:emulator-5556:get-state") == ("OKAY", "device")
    assert query(port, "host-serial:emulator-5556:get-serialno") == ("OKAY", "emulator-5556")
    assert query(port, "host-serial:emulator-5554:features") == ("OKAY", "shell_v2,cmd,stat_v2")
    assert query(port, "host-transport-id:2:get-serialno") == ("OKAY", "emulator-5556")
    assert query(port, "host-serial:nosuch:get-state") == ("FAIL", "device 'nosuch' not found")
    assert query(port, "host-serial:10.0.0.1:5555:get-state") == ("FAIL", "device '10.0.0.1:5555' not found")
    assert query(port, "host-transport-id:9:get-state") == ("FAIL", "no device with transport id '9'")
    # Two devices and none chosen: the real server's message.
    assert query(port, "host:features") == ("FAIL", "more than one device/emulator")
    assert query(port, "host:get-state") == ("FAIL", "more than one device/emulator")


def test_serials_containing_colons(adb_env):
    sim = SimDevice(seed=0)
    with AdbServer({"127.0.0.1:5555": sim}, clock=0.0) as server:
        assert query(server.port, "host-serial:127.0.0.1:5555:get-serialno") == ("OKAY", "127.0.0.1:5555")
        assert query(server.port, "host:get-serialno") == ("OKAY", "127.0.0.1:5555")  # the only device
        with RawClient(server.port) as c:
            c.send("host:transport:127.0.0.1:5555")
            assert c.status() == "OKAY"
            c.send("shell:echo ok")
            assert c.status() == "OKAY" and c.rest() == b"ok\n"
    sim.close()


@pytest.mark.parametrize("switch, tid", [("host:tport:serial:emulator-5556", 2), ("host:tport:id:2", 2),
                                         ("host:transport:emulator-5556", None), ("host:transport-id:2", None)])
def test_transport_switch_then_device_service(two, switch, tid):
    server, _ = two
    with RawClient(server.port) as c:
        c.send(switch)
        assert c.status() == "OKAY"
        if tid is not None:
            assert struct.unpack("<Q", c.read(8))[0] == tid
        c.send("shell:getprop ro.serialno; echo $?")
        assert c.status() == "OKAY"
        assert c.rest() == b"EMULATOR33X1X1X0\n0\n"


def test_tport_any_needs_exactly_one_device(two, adb_env):
    server, _ = two
    with RawClient(server.port) as c:
        c.send("host:tport:any")
        assert c.reply() == ("FAIL", "more than one device/emulator")
    sim = SimDevice(seed=0)
    with AdbServer({"emulator-5554": sim}, clock=0.0) as single, RawClient(single.port) as c:
        c.send("host:tport:any")
        assert c.status() == "OKAY" and c.read(8) == struct.pack("<Q", 1)
        c.send("exec:echo raw")
        assert c.status() == "OKAY" and c.rest() == b"raw\n"
    sim.close()


def test_unknown_serial_on_transport_switch(two):
    server, _ = two
    for switch in ("host:tport:serial:nosuch", "host:transport:nosuch"):
        with RawClient(server.port) as c:
            c.send(switch)
            assert c.reply() == ("FAIL", "device 'nosuch' not found")
            assert c.closed()


def test_host_services_after_a_transport_switch(two):
    """`adb forward` sends host:tport:any then host:forward:…; other host queries work there too."""
    server, _ = two
    with RawClient(server.port) as c:
        c.switch("emulator-5556")
        c.send("host:get-serialno")
        assert c.reply() == ("OKAY", None) and c.block() == "emulator-5556"
    with RawClient(server.port) as c:
        c.switch("emulator-5554")
        c.send("host:forward:tcp:1234;tcp:5678")
        status, message = c.reply()
        assert status == "FAIL" and "forwarding is not supported" in message
    assert query(server.port, "host-serial:emulator-5554:forward:tcp:1;tcp:2")[0] == "FAIL"
    assert query(server.port, "host:list-forward") == ("OKAY", "")


def test_track_devices_with_adbutils_reports_a_device_going_offline(two):
    import adbutils

    server, sims = two
    events = adbutils.AdbClient(host="127.0.0.1", port=server.port).track_devices()
    first = {(e.present, e.serial, e.status) for e in (next(events), next(events))}
    assert first == {(True, "emulator-5554", "device"), (True, "emulator-5556", "device")}
    sims[0].close()
    changes = {(e.present, e.serial, e.status) for e in (next(events), next(events))}
    assert (True, "emulator-5554", "offline") in changes  # adbutils also reports the old state 'absent'
    events.close()


def test_track_devices_sends_the_list_and_stays_open(two):
    server, _ = two
    with RawClient(server.port, timeout=0.5) as c:
        c.send("host:track-devices")
        assert c.status() == "OKAY"
        assert c.block() == "emulator-5554\tdevice\nemulator-5556\tdevice\n"
        with pytest.raises(TimeoutError):
            c.sock.recv(1)  # open, and nothing more to say until a device changes state
    # The server still answers while a tracker is connected, and stop() ends trackers.
    assert query(server.port, "host:version") == ("OKAY", "0029")


def test_unknown_services_fail_with_a_message(two):
    server, _ = two
    status, message = query(server.port, "host:frobnicate")
    assert status == "FAIL" and "unknown host service 'host:frobnicate'" in message
    with RawClient(server.port) as c:
        c.send("shell:echo no transport")
        status, message = c.reply()
        assert status == "FAIL" and "needs a transport first" in message
    with RawClient(server.port) as c:
        c.switch("emulator-5554")
        c.send("frobnicate:")
        status, message = c.reply()
        assert status == "FAIL" and "unknown device service 'frobnicate:'" in message
    with RawClient(server.port) as c:
        c.switch("emulator-5554")
        c.send("reverse:forward:tcp:1;tcp:2")
        status, message = c.reply()
        assert status == "FAIL" and "'reverse:' is not supported" in message


def test_a_closed_device_is_offline(two):
    server, sims = two
    sims[1].close()
    assert query(server.port, "host:devices") == ("OKAY", "emulator-5554\tdevice\nemulator-5556\toffline\n")
    assert query(server.port, "host-serial:emulator-5556:get-state") == ("OKAY", "offline")
    with RawClient(server.port) as c:
        c.send("host:tport:serial:emulator-5556")
        assert c.reply() == ("FAIL", "device offline")
    with RawClient(server.port) as c:
        c.switch("emulator-5554")
        c.send("shell:echo still here")
        assert c.status() == "OKAY" and c.rest() == b"still here\n"
    with RawClient(server.port) as c:
        c.switch("emulator-5554")
        sims[0].close()  # goes away between the transport switch and the service
        c.send("shell:echo gone")
        assert c.reply() == ("FAIL", "device offline")
