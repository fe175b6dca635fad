"""Framing helpers (property tests) and the device-clock policy."""

from __future__ import annotations

import socket
import struct
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobile_gym.adb_serve import AdbServer
from mobile_gym.adb_serve.protocol import (
    PeerClosed,
    ProtocolError,
    encode_block,
    fail,
    parse_length,
    read_request,
    shell_packet,
)
from mobile_gym.device.sim_device import SimDevice
from tests.adb_serve.conftest import query


def _pair_read(data: bytes) -> str:
    a, b = socket.socketpair()
    with a, b:
        a.sendall(data)
        a.shutdown(socket.SHUT_WR)
        return read_request(b)


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=1, max_size=300).filter(lambda s: len(s.encode()) <= 0xFFFF))
def test_request_framing_round_trips(service):
    assert _pair_read(encode_block(service)) == service


@settings(max_examples=200, deadline=None)
@given(st.binary(min_size=4, max_size=4))
def test_length_prefix_is_exactly_four_hex_digits(raw):
    text = raw.decode("latin-1")
    if all(c in "0123456789abcdefABCDEF" for c in text):
        assert parse_length(raw) == int(text, 16)
    else:
        with pytest.raises(ProtocolError, match="bad length prefix"):
            parse_length(raw)


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=40))
def test_arbitrary_bytes_never_escape_as_other_errors(data):
    try:
        _pair_read(data)
    except (ProtocolError, PeerClosed):
        pass


def test_reply_encodings():
    assert fail("device 'x' not found") == b"FAIL0014device 'x' not found"
    assert encode_block("0029") == b"00040029"
    assert shell_packet(3, b"\x07") == b"\x03" + struct.pack("<I", 1) + b"\x07"


def test_constructor_validates_arguments():
    sim = SimDevice(seed=0)
    with pytest.raises(ValueError, match="clock"):
        AdbServer({"emulator-5554": sim}, clock=-1)
    with pytest.raises(ValueError, match="clock"):
        AdbServer({"emulator-5554": sim}, clock="fast")
    with pytest.raises(ValueError, match="bad serial"):
        AdbServer({"has space": sim})
    with pytest.raises(ValueError, match="port"):
        AdbServer({"emulator-5554": sim}, port=70000)
    with pytest.raises(RuntimeError, match="not started"):
        _ = AdbServer({"emulator-5554": sim}).port
    sim.close()


def test_real_clock_follows_the_gaps_between_services(adb_env):
    """clock="real": the gap between two device services becomes device time (like a phone)."""
    import adbutils

    sim = SimDevice(seed=0)
    with AdbServer({"emulator-5554": sim}, clock="real") as server:
        dev = adbutils.AdbClient(host="127.0.0.1", port=server.port).device("emulator-5554")
        dev.shell("true")
        t0 = sim.android.clock.now()
        time.sleep(0.3)
        dev.shell("true")
        assert 0.3 <= sim.android.clock.now() - t0 < 5.0
    sim.close()


def test_fixed_clock_steps_once_per_device_service(adb_env):
    """clock=<s>: one step per shell command or sync session (however many requests it holds)."""
    import adbutils

    sim = SimDevice(seed=0)
    with AdbServer({"emulator-5554": sim}, clock=0.25) as server:
        dev = adbutils.AdbClient(host="127.0.0.1", port=server.port).device("emulator-5554")
        clock = sim.android.clock
        t0 = clock.now()
        dev.shell("true")
        assert clock.now() - t0 == pytest.approx(0.25)
        dev.sync.list("/sdcard")  # one session: LIST
        assert clock.now() - t0 == pytest.approx(0.5)
        dev.sync.push(b"x", "/sdcard/Download/x")  # two sessions: STAT, then SEND
        assert clock.now() - t0 == pytest.approx(1.0)
        server.advance("emulator-5554", 2.0)  # exactly the asked time
        assert clock.now() - t0 == pytest.approx(3.0)
        with pytest.raises(KeyError, match="device 'nosuch' not found"):
            server.advance("nosuch", 1.0)
        assert query(server.port, "host:version") == ("OKAY", "0029")  # host services take no device time
        assert clock.now() - t0 == pytest.approx(3.0)
    sim.close()
