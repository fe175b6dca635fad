"""The adb-serve command: serves N fresh devices until interrupted, refuses a busy port clearly."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys

import adbutils
import pytest

from mobile_gym.adb_serve.command import main


def _interruptible() -> None:
    # A shell starts background jobs with SIGINT ignored, and Python then leaves Ctrl-C ignored
    # too (as a server should); the server under test gets the terminal's default back.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start(launcher: list[str], *args: str) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen([sys.executable, *launcher, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, env=dict(os.environ),
                            preexec_fn=_interruptible)
    line = proc.stdout.readline()  # printed once listening
    match = re.search(r"on 127\.0\.0\.1:(\d+) ", line)
    if match is None:
        proc.kill()
        proc.wait(10)
        pytest.fail(f"adb-serve did not report its port: {line!r}")
    return proc, int(match.group(1))


@pytest.mark.parametrize("launcher", [["-m", "mobile_gym.cli", "adb-serve"], ["-m", "mobile_gym.adb_serve"]])
def test_serves_n_devices_until_sigint(adb_env, launcher):
    proc, port = _start(launcher, "--port", "0", "--devices", "2", "--seed", "3", "--clock", "0.01")
    try:
        client = adbutils.AdbClient(host="127.0.0.1", port=port)
        assert [d.serial for d in client.device_list()] == ["emulator-5554", "emulator-5556"]
        assert client.device("emulator-5556").shell("echo served") == "served"
    finally:
        proc.send_signal(signal.SIGINT)
        assert proc.wait(20) == 0
    with pytest.raises(adbutils.AdbError):
        adbutils.AdbClient(host="127.0.0.1", port=port).server_version()  # really stopped


def test_busy_port_is_a_clear_error(capsys):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        assert main(["--port", str(port), "--clock", "0"]) == 2
    err = capsys.readouterr().err
    assert f"cannot listen on 127.0.0.1:{port}" in err and "Address already in use" in err


def test_the_mobile_gym_cli_has_the_subcommand():
    from mobile_gym.cli import build_parser

    args = build_parser().parse_args(["adb-serve", "--devices", "2", "--seed", "0"])
    assert (args.port, args.host, args.devices, args.seed, args.clock) == (5037, "127.0.0.1", 2, 0, "real")


def test_bad_arguments_are_rejected(capsys):
    with pytest.raises(SystemExit):
        main(["--devices", "0"])
    assert "--devices '0': expected a whole number from 1 to 64" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--seed", "-1"])
    assert "--seed '-1': expected a whole number >= 0" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--clock", "soon"])
    assert "expected 'real' or seconds" in capsys.readouterr().err
