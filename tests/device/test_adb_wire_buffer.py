"""read_shell_v2 into a reused ReceiveBuffer, and the on_stdout progress calls."""

from __future__ import annotations

import struct

from hypothesis import given
from hypothesis import strategies as st

from mobile_gym.device.adb_wire import ReceiveBuffer, read_shell_v2


def packet(kind: int, data: bytes) -> bytes:
    return struct.pack("<BI", kind, len(data)) + data


def source(data: bytes, piece: int):
    """A recv_into over `data` that hands out at most `piece` bytes per call."""
    view, pos = memoryview(data), 0

    def recv_into(buf: memoryview) -> int:
        nonlocal pos
        n = min(len(buf), piece, len(data) - pos)
        buf[:n] = view[pos:pos + n]
        pos += n
        return n

    return recv_into


replies = st.lists(st.tuples(st.sampled_from([1, 2]), st.binary(max_size=300)), max_size=6)


@given(st.lists(replies, min_size=1, max_size=4), st.integers(1, 64))
def test_a_reused_buffer_gives_each_reply_its_own_stdout(sequence, piece):
    buffer = ReceiveBuffer()
    for chunks in sequence:
        data = b"".join(packet(k, d) for k, d in chunks) + packet(3, b"\x05")
        seen: list[bytes] = []
        result = read_shell_v2(source(data, piece), buffer, on_stdout=lambda v, seen=seen: seen.append(bytes(v)))
        stdout = b"".join(d for k, d in chunks if k == 1)
        assert bytes(result.stdout) == stdout
        assert result.stderr == b"".join(d for k, d in chunks if k == 2)
        assert result.code == 5
        assert all(stdout.startswith(s) for s in seen)  # always a prefix of what is to come
        assert [len(s) for s in seen] == sorted(len(s) for s in seen)
        if any(k == 1 and d for k, d in chunks):
            assert seen[-1] == stdout


def test_views_of_an_earlier_reply_survive_the_buffer_growing():
    buffer = ReceiveBuffer()
    first = read_shell_v2(source(packet(1, b"abc") + packet(3, b"\x00"), 4096), buffer).stdout
    kept = bytes(first)
    big = read_shell_v2(source(packet(1, b"x" * 100_000) + packet(3, b"\x00"), 65536), buffer)
    assert bytes(first) == kept  # the buffer grew into new memory; the old view still reads its bytes
    assert bytes(big.stdout) == b"x" * 100_000
