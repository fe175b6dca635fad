"""AdbWire, the adb host-protocol client of AdbDevice: framing, shell v2, errors and timeouts.

A scripted server on 127.0.0.1 checks what the client sends and answers with given bytes; the
last test runs against adb-serve itself."""

from __future__ import annotations

import socket
import struct
import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mobile_gym.device.adb_wire import AdbWire, AdbWireError, ShellResult, encode_request, parse_shell_v2
from mobile_gym.device.base import DeviceError


def packet(kind: int, data: bytes) -> bytes:
    return struct.pack("<BI", kind, len(data)) + data


class Scripted:
    """Accepts one connection, records the bytes it gets, sends `reply` (or nothing), then closes."""

    def __init__(self, reply: bytes | None, expect: int) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(5)
        self.port = self.listener.getsockname()[1]
        self.got = b""
        self.reply, self.expect = reply, expect
        self.release = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        conn, _ = self.listener.accept()
        with conn:
            conn.settimeout(5)
            while len(self.got) < self.expect:
                chunk = conn.recv(4096)
                if not chunk:
                    break
                self.got += chunk
            if self.reply is None:
                self.release.wait(5)  # never answers
            else:
                conn.sendall(self.reply)
        self.listener.close()

    def wire(self, timeout: float = 5.0) -> AdbWire:
        return AdbWire("emulator-5554", "127.0.0.1", self.port, timeout=timeout)


def test_request_framing():
    assert encode_request("host:version") == b"000chost:version"
    assert encode_request("shell:é") == b"0008shell:\xc3\xa9"  # the length counts UTF-8 bytes
    with pytest.raises(ValueError):
        encode_request("")


def test_shell_sends_the_transport_switch_and_the_service_in_one_go_and_reads_v2_packets():
    cmd = "echo hi; echo oops >&2; exit 3"
    sent = encode_request("host:transport:emulator-5554") + encode_request(f"shell,v2,raw:{cmd}")
    server = Scripted(b"OKAYOKAY" + packet(1, b"hi\n") + packet(2, b"oops\n") + packet(3, b"\x03"), len(sent))
    assert server.wire().shell(cmd) == ShellResult(3, b"hi\n", b"oops\n")
    assert server.got == sent


def test_exec_out_returns_the_raw_stream():
    sent = encode_request("host:transport:emulator-5554") + encode_request("exec:screencap")
    server = Scripted(b"OKAYOKAY\x00\x01binary\xff", len(sent))
    assert server.wire().exec_out("screencap") == b"\x00\x01binary\xff"


def test_host_query_reads_the_length_block():
    server = Scripted(b"OKAY00040029", len(b"000chost:version"))
    assert server.wire().host_query("host:version") == "0029"


def test_fail_reply_names_the_message():
    server = Scripted(b"FAIL0014device 'x' not found", 10)
    with pytest.raises(AdbWireError, match="refused: device 'x' not found"):
        server.wire().shell("echo hi")


@pytest.mark.parametrize("reply", [
    b"OKAYOK",                                   # closed inside the second status
    b"OKAYOKAY" + packet(1, b"hi\n")[:6],        # closed inside a packet
    b"OKAYOKAY" + packet(1, b"hi\n"),            # closed before the exit packet
    b"OKAYOKAY" + packet(9, b"x") + packet(3, b"\x00"),  # unknown packet id
    b"OKAYWHAT",                                 # neither OKAY nor FAIL
    b"FAILzz",                                   # FAIL with a bad length
])
def test_a_server_that_closes_mid_reply_or_garbles_it_gives_a_device_error(reply):
    server = Scripted(reply, 10)
    with pytest.raises(DeviceError, match="emulator-5554"):
        server.wire().shell("echo hi")


def test_a_server_that_never_answers_times_out():
    server = Scripted(None, 10)
    try:
        with pytest.raises(AdbWireError, match="no answer within 0.2 s"):
            server.wire(timeout=0.2).shell("echo hi")
    finally:
        server.release.set()


def test_nothing_listening_gives_a_device_error():
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port = probe.getsockname()[1]
    with pytest.raises(AdbWireError, match="cannot connect"):
        AdbWire("emulator-5554", "127.0.0.1", port, timeout=1.0).shell("true")


@given(st.lists(st.tuples(st.sampled_from([1, 2]), st.binary(max_size=40)), max_size=6), st.integers(0, 255))
def test_parse_shell_v2_joins_streams_in_order(chunks, code):
    data = b"".join(packet(k, d) for k, d in chunks) + packet(3, bytes([code]))
    result = parse_shell_v2(data)
    assert result.code == code
    assert result.stdout == b"".join(d for k, d in chunks if k == 1)
    assert result.stderr == b"".join(d for k, d in chunks if k == 2)


def test_against_adb_serve_exit_codes_and_streams(device):
    from mobile_gym.adb_serve import AdbServer

    with AdbServer({"emulator-5554": device}, clock=0.0) as server:
        wire = AdbWire("emulator-5554", "127.0.0.1", server.port, timeout=5.0)
        assert wire.shell("echo out; echo err >&2; exit 7") == ShellResult(7, b"out\n", b"err\n")
        assert wire.shell("true").code == 0
        assert wire.host_query("host-serial:emulator-5554:get-state") == "device"
        with pytest.raises(AdbWireError, match="refused"):
            AdbWire("nosuch", "127.0.0.1", server.port, timeout=5.0).shell("true")
