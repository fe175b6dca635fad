"""Malformed input gets FAIL or a closed socket, and the server keeps serving."""

from __future__ import annotations

import struct

import pytest

from tests.adb_serve.conftest import RawClient, query


def _still_serving(server) -> None:
    assert query(server.port, "host:version") == ("OKAY", "0029")
    with RawClient(server.port) as c:
        c.switch("emulator-5554")
        c.send("shell:echo alive")
        assert c.status() == "OKAY" and c.rest() == b"alive\n"


@pytest.mark.parametrize("data", [b"zzzzhost:version", b"00", b"0000", b"\xff\xfe\x00\x01abc",
                                  b"0010host:ver", b"0004\xff\xfe\xfd\xfc", b"-001x"])
def test_bad_framing(one, data):
    server, _ = one
    with RawClient(server.port) as c:
        c.raw(data)
        c.sock.shutdown(1)  # no more bytes will come: truncated requests must not hang the server
        reply = c.rest()
        assert reply == b"" or reply.startswith(b"FAIL")
    _still_serving(server)


def test_huge_length_prefix_then_disconnect(one):
    server, _ = one
    with RawClient(server.port) as c:
        c.raw(b"ffffhost:")  # promises 65535 bytes, sends 5, hangs up
    _still_serving(server)


def test_unknown_services(one):
    server, _ = one
    assert query(server.port, "bogus")[0] == "FAIL"
    assert query(server.port, "host:transport-id:notanumber")[0] == "FAIL"
    assert query(server.port, "host:tport:sideways")[0] == "FAIL"
    _still_serving(server)


def _sync(server) -> RawClient:
    c = RawClient(server.port)
    c.switch("emulator-5554")
    c.send("sync:")
    assert c.status() == "OKAY"
    return c


@pytest.mark.parametrize("data", [
    b"STA",                                  # truncated header
    b"STAT\x10\x00\x00\x00/sdc",             # path shorter than its length
    b"RECV\x05\x00\x00\x00/sdcard",         # more path than announced: the rest is a bad header
    b"SEND\x15\x00\x00\x00/sdcard/x.bin,33188DATA\x10\x00\x00\x00abc",  # truncated DATA
    b"SEND\x15\x00\x00\x00/sdcard/x.bin,33188JUNK\x00\x00\x00\x00",    # not DATA/DONE
    b"SEND\x15\x00\x00\x00/sdcard/x.bin,33188DATA\xff\xff\xff\x00",    # chunk over 64 KiB
    b"SEND\x10\x00\x00\x00/sdcard/x,notnum" + b"DONE\x00\x00\x00\x00",
    b"HELO\x00\x00\x00\x00",                 # unknown request id
    b"LIST\x00\x10\x00\x00",                 # path length over 1024
    b"STAT\x02\x00\x00\x00\xff\xfe",         # path not UTF-8
])
def test_truncated_or_bad_sync_packets(one, data):
    server, sim = one
    with _sync(server) as c:
        c.raw(data)
        c.sock.shutdown(1)
        reply = c.rest()
        assert reply == b"" or reply.startswith(b"FAIL"), reply[:40]
    assert not sim.android.storage.exists("/sdcard/x.bin")  # nothing half-written
    _still_serving(server)


def test_sync_session_keeps_going_after_good_requests_and_quits_cleanly(one):
    server, sim = one
    sim.push("/sdcard/Download/a.txt", b"abc")
    with _sync(server) as c:
        path = b"/sdcard/Download/a.txt"
        c.raw(b"STAT" + struct.pack("<I", len(path)) + path)
        mode, size, _mtime = struct.unpack("<III", c.read(16)[4:])
        assert (mode, size) == (0o100660, 3)
        c.raw(b"STA2" + struct.pack("<I", len(path)) + path)
        reply = c.read(72)
        assert reply[:4] == b"STA2" and struct.unpack("<I", reply[4:8])[0] == 0
        assert struct.unpack("<Q", reply[40:48])[0] == 3
        missing = b"/sdcard/none"
        c.raw(b"LST2" + struct.pack("<I", len(missing)) + missing)
        assert struct.unpack("<I", c.read(72)[4:8])[0] == 2  # ENOENT
        c.raw(b"RECV" + struct.pack("<I", len(path)) + path)
        assert c.read(8 + 3 + 8) == b"DATA\x03\x00\x00\x00abcDONE\x00\x00\x00\x00"
        c.raw(b"QUIT\x00\x00\x00\x00")
        assert c.rest() == b""
    _still_serving(server)


def test_shell_v2_client_stdin_is_read_and_discarded(one):
    server, _ = one
    with RawClient(server.port) as c:
        c.switch("emulator-5554")
        c.send("shell,v2,TERM=xterm,raw:echo v2")
        assert c.status() == "OKAY"
        c.raw(struct.pack("<BI", 0, 5) + b"input" + struct.pack("<BI", 4, 0))  # stdin, close-stdin
        data = c.rest()
    assert data == struct.pack("<BI", 1, 3) + b"v2\n" + struct.pack("<BI", 3, 1) + b"\x00"
    _still_serving(server)


def test_interactive_shell_is_refused_clearly(one):
    server, _ = one
    with RawClient(server.port) as c:
        c.switch("emulator-5554")
        c.send("shell:")
        status, message = c.reply()
        assert status == "FAIL" and "interactive shells are not supported" in message


def test_fuzzed_sync_and_service_bytes_never_stop_the_server(one):
    """Random bytes as a service request or inside a sync session: FAIL or close, then still serving."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    server, _ = one

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.binary(max_size=64), st.booleans())
    def check(data: bytes, in_sync: bool) -> None:
        c = _sync(server) if in_sync else RawClient(server.port)
        with c:
            c.raw(data)
            c.sock.shutdown(1)
            reply = c.rest(limit=1 << 16)
        assert reply == b"" or reply[:4] in (b"FAIL", b"OKAY", b"STAT", b"STA2", b"LST2", b"DENT", b"DONE",
                                             b"DATA")

    check()
    _still_serving(server)
