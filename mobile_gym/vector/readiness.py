"""Waiting for a pipe to have something to read, with a timeout, at the cost of one syscall.

`Connection.poll(timeout)` builds a selector, registers the pipe, selects and unregisters on
every call: measured 30-90 µs a call on this 2-core machine, paid once per step by every
worker (which waits with a timeout to notice a parent that died) and, with `timeout=`, by the
main process for every worker. A `select.poll` object registered once answers the same
question (data, or the other end closed) in one call. Where `select.poll` does not exist
(Windows), `Connection.poll` is used.
"""

from __future__ import annotations

import math
import select
from typing import Any


class Readable:
    """`wait(timeout)`: True once `conn` has data to read or its other end is closed (a
    following recv then raises EOFError), False after `timeout` seconds (None: no limit)."""

    def __init__(self, conn: Any) -> None:
        self._conn = conn
        self._poller = select.poll() if hasattr(select, "poll") else None
        if self._poller is not None:
            self._poller.register(conn.fileno(), select.POLLIN)

    def wait(self, timeout: float | None) -> bool:
        if self._poller is None:
            return bool(self._conn.poll(timeout))
        # milliseconds rounded up, so the wait never ends before `timeout`
        return bool(self._poller.poll(None if timeout is None else max(0, math.ceil(timeout * 1000))))


class ReadableSet:
    """`wait(timeout)`: the positions (in `conns` order) of the pipes that have data to read
    or whose other end is closed; empty after `timeout` seconds (None: no limit). One
    `select.poll` registered once over all of them, as `Readable` does for one."""

    def __init__(self, conns: list[Any]) -> None:
        self._conns = list(conns)
        self._poller = select.poll() if hasattr(select, "poll") else None
        self._position = {conn.fileno(): k for k, conn in enumerate(self._conns)}
        if self._poller is not None:
            for fd in self._position:
                self._poller.register(fd, select.POLLIN)

    def wait(self, timeout: float | None) -> list[int]:
        if self._poller is None:
            from multiprocessing.connection import wait

            ready = wait(self._conns, timeout)
            return sorted(self._conns.index(conn) for conn in ready)
        events = self._poller.poll(None if timeout is None else max(0, math.ceil(timeout * 1000)))
        return sorted(self._position[fd] for fd, _ in events)


class WakeOrHangup:
    """`wait(timeout)`: True once `wake` has data to read or any of `watched` hung up (its
    other end closed: a dead process), False after `timeout` seconds. Data on `watched`
    does not end the wait, so a reader that needs several messages sleeps until the one
    that completes them is announced on `wake`. Without `select.poll`, any data ends it."""

    def __init__(self, wake: Any, watched: list[Any]) -> None:
        self._poller = select.poll() if hasattr(select, "poll") else None
        self._conns = [wake, *watched]
        if self._poller is not None:
            self._poller.register(wake.fileno(), select.POLLIN)
            for conn in watched:
                self._poller.register(conn.fileno(), 0)  # POLLHUP and POLLERR are always reported

    def wait(self, timeout: float | None) -> bool:
        if self._poller is None:
            from multiprocessing.connection import wait

            return bool(wait(self._conns, timeout))
        return bool(self._poller.poll(None if timeout is None else max(0, math.ceil(timeout * 1000))))
